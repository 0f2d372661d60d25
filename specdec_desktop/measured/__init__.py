"""Measured acceptance: serving-engine metrics read, fitted and turned into a best k (no Qt).

Read a file (:func:`read_metrics`, format from the content, streamed with progress and
cancel), fit it (:func:`fit_measurement`: tokens per step, the constant p that reproduces it,
per-position conditional acceptances, a verdict), and decide a draft length
(:func:`~.decision.measured_figures`, the one figures path, from a draft cost or measured
:class:`Timings`).  Like the model, this package imports only numpy; ruff bans Qt here.
"""

from .fit import Fit, fit_decay, fit_measurement, solve_p, tokens_per_step
from .measurement import FORMAT_LABELS, Measurement
from .problems import ImportCancelled, MetricsProblem
from .scan import MAX_BYTES, combine, read_metrics, read_metrics_text
from .summary import summary_dict, summary_lines
from .timings import Timings

__all__ = [
    "FORMAT_LABELS",
    "MAX_BYTES",
    "Fit",
    "ImportCancelled",
    "Measurement",
    "MetricsProblem",
    "Timings",
    "combine",
    "fit_decay",
    "fit_measurement",
    "read_metrics",
    "read_metrics_text",
    "solve_p",
    "summary_dict",
    "summary_lines",
    "tokens_per_step",
]

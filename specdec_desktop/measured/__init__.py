"""Measured acceptance: serving-engine metrics read, fitted and turned into a best k (no Qt).

Read a file (:func:`read_metrics`, format from the content, streamed with progress and
cancel), fit it (:func:`fit_measurement`: tokens per step, the constant p that reproduces it,
per-position conditional acceptances, a verdict), and recommend a draft length
(:func:`recommend`, from a draft cost or measured :class:`Timings`).  Like the model, this
package imports only numpy; ruff bans Qt here.
"""

from .fit import Fit, fit_decay, fit_measurement, solve_p, tokens_per_step
from .measurement import FORMAT_LABELS, Measurement
from .problems import ImportCancelled, MetricsProblem
from .recommend import Recommendation, Timings, recommend
from .scan import MAX_BYTES, combine, read_metrics, read_metrics_text
from .summary import summary_dict, summary_lines

__all__ = [
    "FORMAT_LABELS",
    "MAX_BYTES",
    "Fit",
    "ImportCancelled",
    "Measurement",
    "MetricsProblem",
    "Recommendation",
    "Timings",
    "combine",
    "fit_decay",
    "fit_measurement",
    "read_metrics",
    "read_metrics_text",
    "recommend",
    "solve_p",
    "summary_dict",
    "summary_lines",
    "tokens_per_step",
]

"""The speculative-decoding model: plain numpy, no Qt.

Public names (docs/interface.md): :func:`expected_tokens`, :func:`cycle_cost`,
:func:`speedup`, :func:`best_draft_length`, :func:`simulate_cycles`; draft trees:
:func:`tree_expected_tokens`, :func:`best_tree`, :func:`sglang_tree`, :func:`tree_speedup`; and where the
acceptance rate comes from (``sampling``): :func:`softmax`, :func:`acceptance_probability`,
:func:`residual_distribution`.
"""

from . import invariants
from .assumptions import ASSUMPTION_SPECS, DEFAULT_ASSUMPTIONS, Assumptions, AssumptionSpec
from .closed_form import (
    best_draft_length,
    cycle_cost,
    expected_tokens,
    has_peak,
    speedup,
    speedup_limit,
)
from .configuration import DEFAULT_CONFIGURATION, Configuration
from .extended import SEARCH_LIMIT, Peak, peak
from .figures import BAND_HALF_WIDTH, MAX_X_MAX, Curves, Readouts, readouts, speedup_curves
from .parameters import ACCEPTANCE, DRAFT_COST, DRAFT_LENGTH, SPECS, Parameters, ParameterSpec
from .race import RaceTotals, accepted_variance, race_totals
from .sampling import acceptance_probability, residual_distribution, softmax
from .simulation import simulate_cycles
from .timeline import Playhead, Timeline
from .trace import TokenState, Trace, resolved_states, states_at
from .trace_stream import TraceStream, build_trace
from .trees import best_tree, sglang_tree, tree_expected_tokens, tree_speedup

__all__ = [
    "ACCEPTANCE",
    "ASSUMPTION_SPECS",
    "BAND_HALF_WIDTH",
    "DEFAULT_ASSUMPTIONS",
    "DEFAULT_CONFIGURATION",
    "DRAFT_COST",
    "DRAFT_LENGTH",
    "MAX_X_MAX",
    "SEARCH_LIMIT",
    "SPECS",
    "AssumptionSpec",
    "Assumptions",
    "Configuration",
    "Curves",
    "ParameterSpec",
    "Parameters",
    "Peak",
    "Playhead",
    "RaceTotals",
    "Readouts",
    "Timeline",
    "TokenState",
    "Trace",
    "TraceStream",
    "acceptance_probability",
    "accepted_variance",
    "best_draft_length",
    "best_tree",
    "build_trace",
    "cycle_cost",
    "expected_tokens",
    "has_peak",
    "invariants",
    "peak",
    "race_totals",
    "readouts",
    "residual_distribution",
    "resolved_states",
    "sglang_tree",
    "simulate_cycles",
    "softmax",
    "speedup",
    "speedup_curves",
    "speedup_limit",
    "states_at",
    "tree_expected_tokens",
    "tree_speedup",
]

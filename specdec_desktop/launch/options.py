"""How one launch starts, typed and frozen: what the command line asked for, parsed once.

:func:`specdec_desktop.launch.arguments.parse_options` makes a
:class:`LaunchOptions` from ``argv``; scripts and tests may make one directly.
Plain Python: importing this module loads neither Qt nor numpy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..text import _

if TYPE_CHECKING:
    from ..model import Parameters
    from ..model.assumptions import Assumptions
    from ..scenario.opened import OpenedScenario

__all__ = [
    "DEFAULT_SIZE",
    "EXIT_FAILURE",
    "EXIT_OK",
    "EXIT_USAGE",
    "CalcRequest",
    "FuzzOptions",
    "LaunchOptions",
    "UsageError",
]

#: Exit statuses: done, failed (a file not written, a self-test or fuzz failure), bad usage.
EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
#: Window size when none is asked for.
DEFAULT_SIZE = (1600, 1000)


class UsageError(Exception):
    """A bad command-line argument (or launch option); the message names it."""


@dataclass(frozen=True)
class FuzzOptions:
    """``--fuzz SECONDS [--seed N] [--actions N]``: seeded random user actions on the real window."""

    seconds: float
    seed: int | None = None  # None: a fresh seed
    actions: int | None = None  # None: until the time is up


@dataclass(frozen=True)
class CalcRequest:
    """``specdec-desktop [--k K --p P --c C] calc [--k K ...] [--json]``: print the readouts, no window."""

    parameters: Mapping[str, float | int] = field(default_factory=dict)
    json: bool = False
    #: The assumption flags given (validated; absent ones are not keys; None = off).
    assumptions: Mapping[str, float | int | None] = field(default_factory=dict)
    #: ``--simulate N``: also simulate N cycles; ``seed`` seeds it (None: fresh entropy).
    simulate: int | None = None
    seed: int | None = None
    #: The draft tree asked for (a ``model.trees.DraftShape``), or ``None`` for the chain.
    shape: Any = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "parameters", MappingProxyType(dict(self.parameters)))
        object.__setattr__(self, "assumptions", MappingProxyType(dict(self.assumptions)))


@dataclass(frozen=True)
class LaunchOptions:
    """Everything the command line can ask of one launch.

    Precedence of the starting state, lowest first: defaults, saved settings,
    the scenario, then the explicit :attr:`parameters` and
    :attr:`projector` / :attr:`fullscreen` / :attr:`tour`.

    Attributes
    ----------
    parameters : Mapping[str, float | int]
        The values given as ``--k/--p/--c`` (validated; absent ones are not keys).
    scenario : OpenedScenario or None
        A scenario opened (and validated) at start.
    projector, fullscreen, tour : bool
        Start in the projector theme, full screen, in the guided tour.
    tour_scene : int or None
        With ``tour``: the scene to start at, from 1 (past the last: the last).
    size : (int, int)
        Window size in logical pixels.
    no_settings : bool
        Neither read nor write saved settings.
    screenshot, export_chart : Path or None
        Render the window / write the chart to this file, then exit.
    export_map : Path or None
        Write the (p, c) map as CSV to this file, then exit (no window, no Qt).
    reset_settings, self_test : bool
        Forget the saved settings / run the self-test, then exit.
    fuzz : FuzzOptions or None
        Run the fuzzer on the window, then exit.
    """

    parameters: Mapping[str, float | int] = field(default_factory=dict)
    scenario: OpenedScenario | None = None
    projector: bool = False
    fullscreen: bool = False
    tour: bool = False
    #: The tour's scene to start at, from 1 (None: the first, or the scenario's).
    tour_scene: int | None = None
    size: tuple[int, int] = DEFAULT_SIZE
    no_settings: bool = False
    screenshot: Path | None = None
    export_chart: Path | None = None
    export_map: Path | None = None
    reset_settings: bool = False
    self_test: bool = False
    fuzz: FuzzOptions | None = None
    #: The assumption flags given (``--decay`` …; validated, absent ones are not keys, None = off).
    assumptions: Mapping[str, float | int | None] = field(default_factory=dict)
    #: The draft tree asked for (``--tree-budget`` …; a ``model.trees.DraftShape``), or None.
    shape: Any = None
    #: ``--lang CODE``: the window's language (None: remembered, else the system's; see
    #: specdec_desktop.text).  An unknown code is not an error: English, and one line says so.
    lang: str | None = None

    def __post_init__(self) -> None:
        from ..model.parameters import SPECS  # numpy-free module

        names = {spec.name for spec in SPECS}
        unknown = set(self.parameters) - names
        if unknown:
            raise UsageError(_("unknown parameter {name}").format(name=repr(sorted(unknown)[0])))
        # Frozen all the way down: the mapping cannot be changed behind the record's back.
        object.__setattr__(self, "parameters", MappingProxyType(dict(self.parameters)))
        from ..model.assumptions import ASSUMPTION_SPECS

        unknown = set(self.assumptions) - {spec.name for spec in ASSUMPTION_SPECS}
        if unknown:
            raise UsageError(_("unknown assumption {name}").format(name=repr(sorted(unknown)[0])))
        object.__setattr__(self, "assumptions", MappingProxyType(dict(self.assumptions)))
        outputs = [self.screenshot, self.export_chart, self.export_map]
        if sum(output is not None for output in outputs) > 1:
            raise UsageError(_("choose one of --screenshot, --export-chart and --export-map"))

    @property
    def headless(self) -> bool:
        """Whether this launch renders a file and exits (no settings, no full screen)."""
        return self.screenshot is not None or self.export_chart is not None or self.export_map is not None

    def start_parameters(self) -> Parameters:
        """The parameters a file written by this launch shows: the scenario's, then the explicit ones."""
        from ..model import Parameters

        base = self.scenario.scenario.parameters if self.scenario is not None else Parameters()
        return base.with_values(**self.parameters)

    def start_assumptions(self) -> Assumptions:
        """The assumptions a file written by this launch shows: the scenario's, then the flags."""
        from ..model.assumptions import Assumptions

        base = Assumptions()
        if self.scenario is not None:
            base = getattr(self.scenario.scenario, "assumptions", base)
        return base.with_values(**self.assumptions)

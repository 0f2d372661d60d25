"""Opening a scenario completely before anything changes: the file, the tour it names, the scene.

:func:`open_scenario` reads the scenario file and, when it names a tour, reads
that tour too and checks the scene number against it.  Only a fully valid
result is handed to the window, so a bad file (or a scenario pointing at a bad
or missing tour) changes nothing.  No Qt here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from ..plain_text import printable
from ..text import _, error_text
from .safe_json import FileProblem, usable_path
from .scenario_file import BUILTIN_TOUR, Scenario, load_scenario
from .tour_file import Tour, default_tour_path, load_tour

__all__ = ["OpenedScenario", "open_scenario", "tour_path_for", "tour_reference"]


@dataclass(frozen=True)
class OpenedScenario:
    """A validated scenario, the tour it names (if any) and where that tour came from.

    ``notice`` says what was left out: a scenario whose tour file is missing opens without
    its tour (``scenario.tour`` is then ``None``) and the notice names the missing file.
    """

    path: Path
    scenario: Scenario
    tour: Tour | None
    tour_source: str | None  # BUILTIN_TOUR or an absolute path
    notice: str | None = None


def tour_path_for(reference: str, base_dir: Path) -> Path:
    """The file a scenario's ``tour.file`` names (relative paths start at ``base_dir``).

    Raises
    ------
    FileProblem
        If ``reference`` cannot name a file (a NUL, an unencodable character, ``~nosuchuser``).
    """
    if reference == BUILTIN_TOUR:
        return default_tour_path()
    path = usable_path(reference)
    return path if path.is_absolute() else base_dir / path


def tour_reference(source: str, scenario_dir: Path) -> str:
    """What to write as ``tour.file``: ``"default"``, or a path relative to the scenario when possible."""
    if source == BUILTIN_TOUR:
        return BUILTIN_TOUR
    path = Path(source).resolve()
    try:
        return path.relative_to(scenario_dir.resolve()).as_posix()
    except ValueError:
        return str(path)


def open_scenario(path: str | os.PathLike[str]) -> OpenedScenario:
    """Read ``path`` and the tour it names; raise :class:`FileProblem` naming any problem."""
    path = Path(path)
    scenario = load_scenario(path)
    if scenario.tour is None:
        return OpenedScenario(path, scenario, None, None)
    try:
        tour_file = tour_path_for(scenario.tour.file, path.parent)
        if not os.path.lexists(tour_file):
            notice = f"its tour {printable(tour_file.name, 80)} is missing: opened without the tour"
            return OpenedScenario(path, replace(scenario, tour=None), None, None, notice)
        tour = load_tour(tour_file)
    except FileProblem as problem:
        said = _("its tour {problem}").format(problem=error_text(problem))
        raise FileProblem(problem.kind, said, path) from None
    if scenario.tour.scene >= len(tour.scenes):
        raise FileProblem(
            "range",
            _("tour.scene is {scene}, but the tour has {len_scenes} scenes").format(
                scene=scenario.tour.scene + 1, len_scenes=len(tour.scenes)
            ),
            path,
        )
    source = BUILTIN_TOUR if scenario.tour.file == BUILTIN_TOUR else str(tour_file.resolve())
    return OpenedScenario(path, scenario, tour, source)

"""Files the user reads and writes: scenarios and tours, parsed as data within limits (no Qt).

:mod:`.safe_json` reads bounded JSON, :mod:`.schema` checks its shape,
:mod:`.scenario_file` and :mod:`.tour_file` define the two file formats.
"""

from .safe_json import FileProblem, read_json
from .scenario_file import BUILTIN_TOUR, Scenario, TourPosition, load_scenario, save_scenario
from .tour_file import TAB_IDS, Animation, Scene, Tour, default_tour_path, load_tour

__all__ = [
    "BUILTIN_TOUR",
    "TAB_IDS",
    "Animation",
    "FileProblem",
    "Scenario",
    "Scene",
    "Tour",
    "TourPosition",
    "default_tour_path",
    "load_scenario",
    "load_tour",
    "read_json",
    "save_scenario",
]

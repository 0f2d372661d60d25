"""The whole configuration in the window (issue 22, point 1): Reset, pins, scenarios and settings
keep every part of it, not the parameters alone."""

from __future__ import annotations

import pytest

from specdec_desktop.model import Assumptions, Parameters
from specdec_desktop.model.configuration import DEFAULT_CONFIGURATION, Configuration
from specdec_desktop.model.trees import DraftShape
from specdec_desktop.scenario import default_tour_path, load_tour
from specdec_desktop.window_services.settings_store import SettingsStore

from ..support.window import open_window

#: Every value away from its default, so a part left behind shows.
EVERYTHING = Configuration(
    Parameters(k=11, p=0.81, c=0.07),
    Assumptions(decay=0.95, spread=3.0, verify_growth=0.02, batch=8, knee=64.0, overhead=0.1),
    DraftShape(kind="sglang", sglang=(4, 3, 7), more_ranks=(0.1, 0.05)),
)
#: Somewhere else entirely, to move away from a scene before Reset.
ELSEWHERE = Configuration(
    Parameters(k=2, p=0.3, c=0.5),
    Assumptions(decay=0.5, spread=1.0, verify_growth=0.5, batch=2, knee=3.0, overhead=0.7),
)


@pytest.fixture
def window(qtbot):
    return open_window(qtbot, ["--no-settings"], active=False)


def test_reset_in_every_tour_scene_restores_the_scenes_whole_configuration(window):
    app_state, services = window.app_state, window.services
    scenes = load_tour(default_tour_path()).scenes
    assert any(not scene.assumptions.is_default for scene in scenes)  # the bug needs such a scene
    for index, scene in enumerate(scenes):
        app_state.view.set_tour(True, index)
        assert app_state.configuration() == scene.configuration, f"scene {index + 1}"
        app_state.apply_configuration(ELSEWHERE)
        steps = app_state.history.stack.count()
        services.actions["edit.reset"].trigger()
        assert app_state.configuration() == scene.configuration, f"Reset in scene {index + 1}"
        assert app_state.history.stack.count() == steps + 1  # one undo step
        app_state.history.stack.undo()
        assert app_state.configuration() == ELSEWHERE


def test_reset_after_opening_a_scenario_returns_to_its_whole_configuration(qtbot, window, tmp_path):
    window.app_state.apply_configuration(EVERYTHING)
    path = tmp_path / "everything.json"
    assert window.services.scenarios.save_path(path)
    other = open_window(qtbot, ["--no-settings"], active=False)
    assert other.services.scenarios.open_path(path)
    assert other.app_state.configuration() == EVERYTHING
    other.app_state.apply_configuration(ELSEWHERE)
    other.services.actions["edit.reset"].trigger()
    assert other.app_state.configuration() == EVERYTHING
    other.services.actions["edit.restore_defaults"].trigger()
    assert other.app_state.configuration() == DEFAULT_CONFIGURATION
    other.services.actions["edit.reset"].trigger()
    assert other.app_state.configuration() == DEFAULT_CONFIGURATION


def test_a_pin_holds_the_whole_configuration(window):
    window.app_state.apply_configuration(EVERYTHING)
    window.services.actions["edit.pin"].trigger()
    (pin,) = window.app_state.pinned.pins
    assert pin.configuration == EVERYTHING


def test_settings_keep_every_part(tmp_path):
    store = SettingsStore(str(tmp_path / "settings.ini"))
    store.save(EVERYTHING, "dark", 1.25)
    loaded = store.load()
    assert (loaded.configuration, loaded.theme_choice, loaded.zoom, loaded.notice) == (
        EVERYTHING,
        "dark",
        1.25,
        None,
    )

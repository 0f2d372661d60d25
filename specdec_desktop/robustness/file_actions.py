"""The fuzzer's actions on files: open one, save one, paste measurements (each takes the main
window and the run's random generator; the dialogs are answered with fuzzed files, :mod:`.dialogs`).
"""

from __future__ import annotations

import random

from PySide6.QtWidgets import QMainWindow

from .keyboard import trigger

__all__ = ["open_a_file", "paste_measurements", "save_a_file"]


def open_a_file(window: QMainWindow, rng: random.Random) -> None:
    """Ask for a scenario, tour or metrics file (the dialog is answered with a fuzzed one)."""
    wanted = rng.choice(
        ("action:file.open_scenario", "action:file.open_tour", "action:file.import_measurements")
    )
    trigger(window, wanted)


def paste_measurements(window: QMainWindow, rng: random.Random) -> None:
    """Copy a fuzzed engine log or table of runs at several k to the clipboard, and paste it."""
    from PySide6.QtGui import QGuiApplication

    from .fuzz_costs import fuzzed_cost_table
    from .fuzz_metrics import fuzzed_metrics

    _kind, data = (fuzzed_cost_table if rng.random() < 0.5 else fuzzed_metrics)(rng)
    QGuiApplication.clipboard().setText(data.decode("utf-8", "replace"))
    trigger(window, "action:file.paste_measurements")


def save_a_file(window: QMainWindow, rng: random.Random) -> None:
    """Save the scenario or export the chart (the dialog is answered with a fuzzed place)."""
    wanted = rng.choice(
        (
            "action:file.save_scenario",
            "action:tour.save",
            "action:file.export_png",
            "action:file.export_svg",
            "action:file.export_csv",
        )
    )
    trigger(window, wanted)

"""``specdec-desktop presets [--json]``: list the cited presets with the model's prediction beside each.

The parser half loads neither Qt nor numpy; :func:`run_presets` imports
:mod:`specdec_desktop.presets` when it runs.  JSON (docs/interface.md): a list of objects with
``name``, ``p``, ``c``, ``k``, ``source``, ``published_speedup`` (or null), and also
``published_note``, ``predicted_speedup``, ``best_k``, ``best_speedup``, ``derivation``, ``why``.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass

from ..text import _
from .options import EXIT_OK

__all__ = ["PresetsRequest", "add_presets_parser", "run_presets"]


@dataclass(frozen=True)
class PresetsRequest:
    """What ``presets`` was asked to do."""

    json: bool = False


def add_presets_parser(commands) -> argparse.ArgumentParser:
    """Add the ``presets`` command to the subparsers ``commands``."""
    presets = commands.add_parser(
        "presets",
        help=_("list configurations from published results, with citations and the model's prediction"),
    )
    presets.add_argument("--json", action="store_true", help=_("print one JSON list"))
    return presets


def _figure(value: float | None) -> str:
    return "none" if value is None else f"{value:.2f}×"


def run_presets(request: PresetsRequest) -> int:
    """Print the presets; return the exit status."""
    from ..presets import PRESETS

    if request.json:
        print(json.dumps([preset.as_dict() for preset in PRESETS], ensure_ascii=False))
        return EXIT_OK
    for number, preset in enumerate(PRESETS, start=1):
        best = "no peak" if preset.best_k is None else f"k = {preset.best_k} ({_figure(preset.best_speedup)})"
        print(f"{number}. {preset.name}")
        print(f"   p = {preset.p:g}, c = {preset.c:g}, k = {preset.k}")
        print(
            f"   published {_figure(preset.published_speedup)} ({preset.published_note}); "
            f"model {_figure(preset.predicted_speedup)}; model's best {best}"
        )
        print(f"   source: {preset.source}")
        print(f"   how: {preset.derivation}")
        print(f"   why: {preset.why}")
    return EXIT_OK

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

from ..text import _, localize
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
    return _("none") if value is None else localize(f"{value:.2f}×")


def run_presets(request: PresetsRequest) -> int:
    """Print the presets; return the exit status."""
    from ..presets import PRESETS

    if request.json:
        print(json.dumps([preset.as_dict() for preset in PRESETS], ensure_ascii=False))
        return EXIT_OK
    # In the --lang language (English: as it always was); the names and notes are the Compare
    # tab's catalogue messages and phrases, said here with _().
    for number, preset in enumerate(PRESETS, start=1):
        best = (
            _("no peak") if preset.best_k is None else f"k = {preset.best_k} ({_figure(preset.best_speedup)})"
        )
        print(f"{number}. {_(preset.name)}")
        print(f"   p = {localize(f'{preset.p:g}')}, c = {localize(f'{preset.c:g}')}, k = {preset.k}")
        print(
            "   "
            + _("published {published} ({note}); model {model}; model's best {best}").format(
                published=_figure(preset.published_speedup),
                note=_(preset.published_note),
                model=_figure(preset.predicted_speedup),
                best=best,
            )
        )
        print("   " + _("source: {source}").format(source=_(preset.source)))
        print("   " + _("how: {how}").format(how=_(preset.derivation)))
        print("   " + _("why: {why}").format(why=_(preset.why)))
    return EXIT_OK

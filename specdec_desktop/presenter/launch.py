"""From command-line arguments to a started window, an exported chart, or forgotten settings.

:mod:`specdec_desktop.app` calls these; keeping them here keeps the start-up
module short and every presenter-mode decision in this package:

* headless runs (``--screenshot``, ``--export-chart``) never read or write
  settings, so their output depends only on the arguments;
* ``--no-settings`` or ``SPECDEC_NO_SETTINGS=1`` starts without persistence
  (shared lab machines);
* ``--reset-settings`` forgets the saved settings and exits.
"""

from __future__ import annotations

import argparse
import sys

from ..atomic_write import reason
from ..cli import EXIT_FAILURE, EXIT_OK, EXIT_USAGE, parameters_from
from ..plain_text import printable
from ..theme import LIGHT, THEMES, Theme
from . import LaunchOptions
from .settings_store import SettingsStore, settings_disabled_by_env

__all__ = ["export_chart", "launch_options", "reset_settings"]


def _explicit_parameters(args: argparse.Namespace) -> dict:
    return {name: getattr(args, name) for name in ("k", "p", "c") if getattr(args, name, None) is not None}


def launch_options(args: argparse.Namespace, headless: bool = False) -> LaunchOptions:
    """The :class:`LaunchOptions` for ``args``; ``headless`` runs use no settings."""
    persist = not (headless or getattr(args, "no_settings", False) or settings_disabled_by_env())
    return LaunchOptions(
        settings=SettingsStore.for_user() if persist else SettingsStore.disabled(),
        opened=getattr(args, "scenario", None),
        parameters=_explicit_parameters(args),
        projector=getattr(args, "projector", False),
        fullscreen=getattr(args, "fullscreen", False) and not headless,
        start_tour=getattr(args, "tour", False),
    )


def _export_theme(args: argparse.Namespace) -> Theme:
    if args.projector:
        return THEMES["projector"]
    opened = args.scenario
    if opened is not None and opened.scenario.theme in THEMES:
        return THEMES[opened.scenario.theme]
    return LIGHT  # "system" means nothing without a screen: print-friendly light


def export_chart(args: argparse.Namespace, font_family: str | None) -> int:
    """Write ``args.export_chart`` for the parameters the arguments give; return the exit status."""
    from ..export import export_chart_file

    params = args.scenario.scenario.parameters if args.scenario is not None else parameters_from(args)
    params = params.with_values(**_explicit_parameters(args))
    try:
        note = export_chart_file(args.export_chart, params, _export_theme(args), font_family or "Inter")
    except OSError as error:
        # A file that cannot be written is a bad argument: one line, exit 2 (README).
        shown = printable(str(args.export_chart))
        print(f"specdec-desktop: error: could not write {shown}: {reason(error)}", file=sys.stderr)
        return EXIT_USAGE
    if note is not None:
        print(f"specdec-desktop: note: {note}", file=sys.stderr)
    return EXIT_OK


def reset_settings() -> int:
    """Forget the saved settings; say where they were, or why they could not be forgotten."""
    store = SettingsStore.for_user()
    shown = printable(str(store.path))
    try:
        existed = store.forget()
    except OSError as error:
        message = f"could not delete the settings file {shown}: {reason(error)}"
        print(f"specdec-desktop: error: {message}", file=sys.stderr)
        return EXIT_FAILURE
    print(f"specdec-desktop: {'settings forgotten' if existed else 'no saved settings'} ({shown})")
    return EXIT_OK

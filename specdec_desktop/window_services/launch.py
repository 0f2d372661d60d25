"""From launch options to saved settings, an exported chart, or forgotten settings.

:mod:`specdec_desktop.app` calls these:

* only the interactive window reads and writes settings: headless runs
  (``--screenshot``, ``--export-chart``), scripts, the self-test and the fuzzer
  never do, so their output depends only on the options;
* ``--no-settings`` or ``SPECDEC_NO_SETTINGS=1`` starts without persistence
  (shared lab machines);
* ``--reset-settings`` forgets the saved settings and exits.
"""

from __future__ import annotations

import sys

from ..atomic_write import reason
from ..launch import EXIT_FAILURE, EXIT_OK, EXIT_USAGE, LaunchOptions
from ..plain_text import printable
from ..text import _, error_line, said
from ..theme import LIGHT, THEMES, Theme
from .settings_store import SettingsStore, home_problem, settings_disabled_by_env

__all__ = ["export_chart", "reset_settings", "settings_for"]


def settings_for(options: LaunchOptions, interactive: bool) -> SettingsStore:
    """Where the window keeps its settings: the user's store, or none (see the module docstring)."""
    persist = interactive and not options.no_settings and not settings_disabled_by_env()
    if persist and (problem := home_problem()) is not None:
        line = _("settings are off: {problem}; nothing is saved").format(problem=problem)
        print(f"specdec-desktop: {line}", file=sys.stderr)
        return SettingsStore.disabled()
    return SettingsStore.for_user() if persist else SettingsStore.disabled()


def _export_theme(options: LaunchOptions) -> Theme:
    if options.projector:
        return THEMES["projector"]
    opened = options.scenario
    if opened is not None and opened.scenario.theme in THEMES:
        return THEMES[opened.scenario.theme]
    return LIGHT  # "system" means nothing without a screen: print-friendly light


def export_chart(options: LaunchOptions, font_family: str | None) -> int:
    """Write ``options.export_chart`` for the parameters the options give; return the exit status."""
    from ..export import export_chart_file

    assert options.export_chart is not None
    try:
        note = export_chart_file(
            options.export_chart,
            options.start_parameters(),
            _export_theme(options),
            font_family or "Inter",
            assumptions=options.start_assumptions(),
        )
    except OSError as error:
        # A file that cannot be written is a bad argument: one line, exit 2 (README).
        shown = printable(str(options.export_chart))
        problem = _("could not write {shown}: {reason}").format(shown=shown, reason=said(reason(error)))
        print(error_line("specdec-desktop", problem), file=sys.stderr)
        return EXIT_USAGE
    if note is not None:
        print(f"specdec-desktop: {_('note')}: {note}", file=sys.stderr)
    return EXIT_OK


def reset_settings() -> int:
    """Forget the saved settings; say where they were, or why they could not be forgotten."""
    problem = home_problem()
    if problem is not None:
        print(f"specdec-desktop: {_('no saved settings: {problem}').format(problem=problem)}")
        return EXIT_OK
    store = SettingsStore.for_user()
    shown = printable(str(store.path))
    try:
        existed = store.forget()
    except OSError as error:
        message = _("could not delete the settings file {shown}: {reason}").format(
            shown=shown, reason=said(reason(error))
        )
        print(error_line("specdec-desktop", message), file=sys.stderr)
        return EXIT_FAILURE
    done = _("settings forgotten ({path})") if existed else _("no saved settings ({path})")
    print(f"specdec-desktop: {done.format(path=shown)}")
    return EXIT_OK

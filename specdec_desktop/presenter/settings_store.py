"""Settings that persist between launches (last parameters, theme, zoom), through QSettings.

Stored as an INI file in the user's configuration folder on every platform
(one readable format that a lab administrator can inspect or delete).  Every
value is checked on the way in; a value that is missing is silently the
default, a value that is *wrong* (a hand-edited or damaged file) falls back to
the default and :attr:`LoadedSettings.notice` says which ones.  Nothing here
raises on bad content.

A store built with ``settings=None`` is disabled: it reads nothing and writes
nothing (``--no-settings``, ``SPECDEC_NO_SETTINGS=1``, screenshots and exports).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings

from ..model import SPECS, Parameters
from ..view_options import DEFAULT_THEME_CHOICE, validate_theme_choice, validate_zoom

__all__ = [
    "NO_SETTINGS_ENV",
    "SETTINGS_VERSION",
    "LoadedSettings",
    "SettingsStore",
    "settings_disabled_by_env",
]

SETTINGS_VERSION = 1
#: Set to 1 (or true/yes) to start without reading or writing settings (shared lab machines).
NO_SETTINGS_ENV = "SPECDEC_NO_SETTINGS"
ORGANIZATION = "SpecDec"
APPLICATION = "SpecDec Desktop"


def settings_disabled_by_env(environ: os._Environ[str] | dict[str, str] = os.environ) -> bool:
    return environ.get(NO_SETTINGS_ENV, "").strip().lower() in {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class LoadedSettings:
    """What was read: values to use, and a notice when some were unusable."""

    parameters: Parameters
    theme_choice: str
    zoom: float
    notice: str | None = None


class SettingsStore:
    """Reads and writes the persisted settings (or nothing, when disabled)."""

    def __init__(self, settings: QSettings | None) -> None:
        self._settings = settings

    @classmethod
    def for_user(cls) -> SettingsStore:
        """The store in the user's configuration folder (INI format)."""
        return cls(
            QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION)
        )

    @classmethod
    def disabled(cls) -> SettingsStore:
        return cls(None)

    @property
    def enabled(self) -> bool:
        return self._settings is not None

    @property
    def path(self) -> Path | None:
        return None if self._settings is None else Path(self._settings.fileName())

    def load(self) -> LoadedSettings:
        """The saved values, each checked; defaults for whatever is missing or wrong."""
        defaults = LoadedSettings(Parameters(), DEFAULT_THEME_CHOICE, 1.0)
        settings = self._settings
        if settings is None:
            return defaults
        settings.sync()
        if settings.status() != QSettings.Status.NoError:
            return LoadedSettings(
                Parameters(),
                DEFAULT_THEME_CHOICE,
                1.0,
                "The saved settings could not be read; starting from the defaults.",
            )
        if not settings.allKeys():
            return defaults
        bad: list[str] = []
        version = settings.value("version")
        if str(version) != str(SETTINGS_VERSION):
            return LoadedSettings(
                Parameters(),
                DEFAULT_THEME_CHOICE,
                1.0,
                "The saved settings are from another version or damaged; starting from the defaults.",
            )
        values = {}
        for spec in SPECS:
            raw = settings.value(f"parameters/{spec.name}")
            if raw is None:
                continue
            try:
                values[spec.name] = spec.validate(str(raw))
            except ValueError:
                bad.append(spec.label.lower())
        theme = DEFAULT_THEME_CHOICE
        raw_theme = settings.value("view/theme")
        if raw_theme is not None:
            try:
                theme = validate_theme_choice(str(raw_theme))
            except ValueError:
                bad.append("theme")
        zoom = 1.0
        raw_zoom = settings.value("view/zoom")
        if raw_zoom is not None:
            try:
                zoom = validate_zoom(float(str(raw_zoom)))
            except ValueError:
                bad.append("zoom")
        notice = None
        if bad:
            notice = f"Some saved settings were unusable and are back to their defaults: {', '.join(bad)}."
        return LoadedSettings(Parameters(**values), theme, zoom, notice)

    def save(self, parameters: Parameters, theme_choice: str, zoom: float) -> None:
        settings = self._settings
        if settings is None:
            return
        settings.setValue("version", SETTINGS_VERSION)
        for spec in SPECS:
            settings.setValue(f"parameters/{spec.name}", repr(getattr(parameters, spec.name)))
        settings.setValue("view/theme", theme_choice)
        settings.setValue("view/zoom", repr(zoom))
        settings.sync()

    def clear(self) -> None:
        """Forget every saved value (and the file's contents)."""
        if self._settings is not None:
            self._settings.clear()
            self._settings.sync()

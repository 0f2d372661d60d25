"""Settings that persist between launches (last parameters, assumptions, theme, zoom), as a small INI file.

The file lives where QSettings keeps an INI file for this application (the
user's configuration folder on every platform: one readable format that a lab
administrator can inspect or delete), but this module reads and writes it
itself, as plain text, and uses QSettings only to learn that file's *name*.
QSettings must not parse it: PySide6 stores Python objects in an INI file as
``@Variant(... PySide::PyObjectWrapper ...)`` values and *unpickles* them as
soon as their section is read, so a crafted settings file could run code.
Here every value is a string checked by its declaration; the read is bounded
in size and never blocks on a special file (not even when learning the file's name).

A value that is missing is silently the default; a value that is *wrong* (a
hand-edited or damaged file) falls back to the default and
:attr:`LoadedSettings.notice` says which ones.  Nothing here raises on bad
content, and a folder that cannot be written only means nothing is saved.

A store built with ``settings=None`` is disabled: it reads nothing and writes
nothing (``--no-settings``, ``SPECDEC_NO_SETTINGS=1``, screenshots and exports).
"""

from __future__ import annotations

import configparser
import os
import re
import stat
import uuid
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings

from ..atomic_write import write_atomically
from ..model import ASSUMPTION_SPECS, DEFAULT_ASSUMPTIONS, SPECS, Assumptions, Parameters
from ..view_options import DEFAULT_THEME_CHOICE, validate_theme_choice, validate_zoom

__all__ = [
    "MAX_SETTINGS_BYTES",
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
#: The file the app writes is about 150 bytes; anything far larger is not ours.
MAX_SETTINGS_BYTES = 64 * 1024
_DECIMAL = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?", re.ASCII)
_UNREADABLE = "The saved settings could not be read; starting from the defaults."
_DAMAGED = "The saved settings are from another version or damaged; starting from the defaults."


def settings_disabled_by_env(environ: os._Environ[str] | dict[str, str] = os.environ) -> bool:
    return environ.get(NO_SETTINGS_ENV, "").strip().lower() in {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class LoadedSettings:
    """What was read: values to use, and a notice when some were unusable."""

    parameters: Parameters
    theme_choice: str
    zoom: float
    notice: str | None = None
    assumptions: Assumptions = DEFAULT_ASSUMPTIONS


def _number(text: str) -> float:
    """A plain decimal number (ASCII digits, as this module writes them), else ``ValueError``."""
    if not _DECIMAL.fullmatch(text.strip()):
        raise ValueError(f"not a number: {text[:30]!r}")
    return float(text)


class _Damaged(Exception):
    """The file is not a settings file this version can read."""


def _read_text(path: Path) -> str | None:
    """The file's text, ``None`` when there is none; ``_Damaged`` or ``OSError`` otherwise."""
    try:
        # Non-blocking, so that a FIFO put where the file should be cannot hang the start-up;
        # it is then refused as not a regular file without a byte read.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise _Damaged from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_SETTINGS_BYTES:
            raise _Damaged  # a folder, a pipe that would never end, or far too large
        data = b""
        while len(data) <= MAX_SETTINGS_BYTES:
            chunk = os.read(handle, MAX_SETTINGS_BYTES + 1 - len(data))
            if not chunk:
                break
            data += chunk
    finally:
        os.close(handle)
    if len(data) > MAX_SETTINGS_BYTES:
        raise _Damaged
    try:
        return data.decode("utf-8-sig")  # Notepad adds a byte-order mark: the content is still ours
    except UnicodeDecodeError:
        raise _Damaged from None


def _parse(text: str) -> configparser.ConfigParser:
    """Plain ``key=value`` lines in ``[sections]``; strings only, no interpolation, no defaults."""
    parser = configparser.ConfigParser(
        interpolation=None, strict=True, delimiters=("=",), default_section="", empty_lines_in_values=False
    )
    parser.optionxform = str  # type: ignore[assignment, method-assign]  # keys are case-sensitive
    try:
        parser.read_string(text)
    except configparser.Error:
        raise _Damaged from None
    return parser


class SettingsStore:
    """Reads and writes the persisted settings (or nothing, when disabled)."""

    def __init__(self, settings: QSettings | str | os.PathLike[str] | None) -> None:
        """``settings`` names the file: a path, or a ``QSettings`` whose ``fileName()`` it is."""
        if isinstance(settings, QSettings):
            settings = settings.fileName()
        self._path = None if settings is None else Path(settings)

    @classmethod
    def for_user(cls) -> SettingsStore:
        """The store in the user's configuration folder (where QSettings keeps its INI file).

        A QSettings made for *our* names would read our file as it is made (and hang on a FIFO
        put in its place), so the folder is learnt from one made for a name no file has.
        """
        probe = QSettings(
            QSettings.Format.IniFormat, QSettings.Scope.UserScope, f"specdec-{uuid.uuid4().hex}", "probe"
        )
        folder = Path(probe.fileName()).parent.parent
        return cls(folder / ORGANIZATION / f"{APPLICATION}.ini")

    @classmethod
    def disabled(cls) -> SettingsStore:
        return cls(None)

    @property
    def enabled(self) -> bool:
        return self._path is not None

    @property
    def path(self) -> Path | None:
        return self._path

    def load(self) -> LoadedSettings:
        """The saved values, each checked; defaults for whatever is missing or wrong."""
        defaults = LoadedSettings(Parameters(), DEFAULT_THEME_CHOICE, 1.0)
        if self._path is None:
            return defaults
        try:
            text = _read_text(self._path)
            if text is None or not text.strip():
                return defaults
            parser = _parse(text)
        except OSError:
            return LoadedSettings(Parameters(), DEFAULT_THEME_CHOICE, 1.0, _UNREADABLE)
        except _Damaged:
            return LoadedSettings(Parameters(), DEFAULT_THEME_CHOICE, 1.0, _DAMAGED)
        if parser.get("General", "version", fallback=None) != str(SETTINGS_VERSION):
            return LoadedSettings(Parameters(), DEFAULT_THEME_CHOICE, 1.0, _DAMAGED)
        bad: list[str] = []
        values = {}
        for spec in SPECS:
            raw = parser.get("parameters", spec.name, fallback=None)
            if raw is None:
                continue
            try:
                values[spec.name] = spec.validate(raw)
            except ValueError:
                bad.append(spec.label.lower())
        assumed = {}
        for spec in ASSUMPTION_SPECS:
            raw = parser.get("assumptions", spec.name, fallback=None)
            if raw is None:
                continue
            try:
                assumed[spec.name] = spec.check(raw, bounded=True)
            except ValueError:
                bad.append(spec.label.lower())
        theme = DEFAULT_THEME_CHOICE
        raw_theme = parser.get("view", "theme", fallback=None)
        if raw_theme is not None:
            try:
                theme = validate_theme_choice(raw_theme)
            except ValueError:
                bad.append("theme")
        zoom = 1.0
        raw_zoom = parser.get("view", "zoom", fallback=None)
        if raw_zoom is not None:
            try:
                zoom = validate_zoom(_number(raw_zoom))
            except ValueError:
                bad.append("zoom")
        notice = None
        if bad:
            notice = f"Some saved settings were unusable and are back to their defaults: {', '.join(bad)}."
        return LoadedSettings(Parameters(**values), theme, zoom, notice, Assumptions(**assumed))

    def save(
        self,
        parameters: Parameters,
        theme_choice: str,
        zoom: float,
        assumptions: Assumptions = DEFAULT_ASSUMPTIONS,
    ) -> None:
        """Write the file atomically; a folder that cannot be written means nothing is saved."""
        if self._path is None:
            return
        lines = ["[General]", f"version={SETTINGS_VERSION}", "", "[parameters]"]
        lines += [f"{spec.name}={getattr(parameters, spec.name)!r}" for spec in SPECS]
        if not assumptions.is_default:  # only what differs from the original model
            lines += ["", "[assumptions]"]
            lines += [
                f"{name}={'off' if value is None else repr(value)}"
                for name, value in assumptions.keywords().items()
            ]
        theme, zoom = validate_theme_choice(theme_choice), validate_zoom(zoom)
        lines += ["", "[view]", f"theme={theme}", f"zoom={zoom!r}"]
        try:
            self._path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self._path, ("\n".join(lines) + "\n").encode("utf-8"))
        except OSError:
            pass  # settings are a convenience: a read-only folder must not stop the lecture

    def forget(self) -> bool:
        """Delete the file; return whether there was one.

        Raises
        ------
        OSError
            If it is there and could not be deleted (it is a folder, or its folder is read-only).
        """
        if self._path is None:
            return False
        try:
            self._path.unlink()
        except FileNotFoundError:
            return False
        return True

    def clear(self) -> None:
        """Forget every saved value (the file goes), quietly: see :meth:`forget` to learn the outcome."""
        try:
            self.forget()
        except OSError:
            pass

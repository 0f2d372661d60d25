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
import io
import json
import os
import re
import stat
import uuid
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings

from ..atomic_write import write_atomically
from ..model import ASSUMPTION_SPECS, DEFAULT_CONFIGURATION, SPECS, Assumptions, Configuration, Parameters
from ..model.trees.shape import DEFAULT_SHAPE, DraftShape
from ..plain_text import printable
from ..text import N_, _
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
_UNREADABLE = N_("The saved settings could not be read; starting from the defaults.")
_DAMAGED = N_("The saved settings are from another version or damaged; starting from the defaults.")


def home_problem(environ: os._Environ[str] | dict[str, str] = os.environ) -> str | None:
    """Why there is no home to keep settings in (a phrase), or ``None`` when there is one.

    On POSIX, Qt keeps the settings under ``$XDG_CONFIG_HOME``, else ``$HOME/.config``.  With
    ``HOME`` unset or empty it used ``/.config`` (as root it created that at the root of the
    file system), and ``HOME=/nonexistent/x`` made it create that whole chain: without an
    existing folder to start from, the settings are off and nothing is created.
    """
    if os.name == "nt":
        return None
    config = environ.get("XDG_CONFIG_HOME", "")
    if config and os.path.isabs(config) and os.path.isdir(config):
        return None
    home = environ.get("HOME")
    if home is None:
        return _("HOME is not set")
    if not home.strip():
        return _("HOME is empty")
    if not os.path.isabs(home) or not os.path.isdir(home):
        return _("HOME ({home}) is not an existing folder").format(home=printable(home, 80))
    return None


def settings_disabled_by_env(environ: os._Environ[str] | dict[str, str] = os.environ) -> bool:
    return environ.get(NO_SETTINGS_ENV, "").strip().lower() in {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class LoadedSettings:
    """What was read: values to use, and a notice when some were unusable."""

    configuration: Configuration
    theme_choice: str
    zoom: float
    notice: str | None = None

    @property
    def parameters(self) -> Parameters:
        return self.configuration.parameters

    @property
    def assumptions(self) -> Assumptions:
        return self.configuration.assumptions


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
        defaults = LoadedSettings(DEFAULT_CONFIGURATION, DEFAULT_THEME_CHOICE, 1.0)
        if self._path is None:
            return defaults
        try:
            text = _read_text(self._path)
            if text is None or not text.strip():
                return defaults
            parser = _parse(text)
        except OSError:
            return LoadedSettings(DEFAULT_CONFIGURATION, DEFAULT_THEME_CHOICE, 1.0, _UNREADABLE)
        except _Damaged:
            return LoadedSettings(DEFAULT_CONFIGURATION, DEFAULT_THEME_CHOICE, 1.0, _DAMAGED)
        if parser.get("General", "version", fallback=None) != str(SETTINGS_VERSION):
            return LoadedSettings(DEFAULT_CONFIGURATION, DEFAULT_THEME_CHOICE, 1.0, _DAMAGED)
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
        shape = DEFAULT_SHAPE
        raw_shape = parser.get("shape", "value", fallback=None)
        if raw_shape is not None:
            try:
                shape = DraftShape.from_dict(json.loads(raw_shape))
            except (ValueError, TypeError):
                bad.append(N_("draft shape"))
        theme = DEFAULT_THEME_CHOICE
        raw_theme = parser.get("view", "theme", fallback=None)
        if raw_theme is not None:
            try:
                theme = validate_theme_choice(raw_theme)
            except ValueError:
                bad.append(N_("theme"))
        zoom = 1.0
        raw_zoom = parser.get("view", "zoom", fallback=None)
        if raw_zoom is not None:
            try:
                zoom = validate_zoom(_number(raw_zoom))
            except ValueError:
                bad.append(N_("zoom"))
        notice = None
        if bad:
            notice = _("Some saved settings were unusable and are back to their defaults: {names}.").format(
                names=", ".join(_(name) for name in bad)
            )
        configuration = Configuration(Parameters(**values), Assumptions(**assumed), shape)
        return LoadedSettings(configuration, theme, zoom, notice)

    def save(self, configuration: Configuration, theme_choice: str, zoom: float) -> None:
        """Write the file atomically; a folder that cannot be written means nothing is saved."""
        if self._path is None:
            return
        parameters, assumptions = configuration.parameters, configuration.assumptions
        lines = ["[General]", f"version={SETTINGS_VERSION}", "", "[parameters]"]
        lines += [f"{spec.name}={getattr(parameters, spec.name)!r}" for spec in SPECS]
        if not assumptions.is_default:  # only what differs from the original model
            lines += ["", "[assumptions]"]
            lines += [
                f"{name}={'off' if value is None else repr(value)}"
                for name, value in assumptions.keywords().items()
            ]
        if configuration.shape != DEFAULT_SHAPE:  # one JSON line, as scenario files hold it
            lines += ["", "[shape]", f"value={json.dumps(configuration.shape.as_dict())}"]
        theme, zoom = validate_theme_choice(theme_choice), validate_zoom(zoom)
        lines += ["", "[view]", f"theme={theme}", f"zoom={zoom!r}"]
        language = self.language()
        if language is not None:  # View ▸ Language's choice, kept when the rest is saved
            lines.append(f"language={language}")
        try:
            self._path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self._path, ("\n".join(lines) + "\n").encode("utf-8"))
        except OSError:
            pass  # settings are a convenience: a read-only folder must not stop the lecture

    def language(self) -> str | None:
        """The language View ▸ Language chose last (a code), or None (then the system's)."""
        if self._path is None:
            return None
        try:
            text = _read_text(self._path)
            parser = _parse(text) if text else None
        except (OSError, _Damaged):
            return None
        code = parser.get("view", "language", fallback=None) if parser is not None else None
        if code is None or not (code.isascii() and code.replace("_", "").isalnum() and len(code) <= 16):
            return None  # a hand-edited value that cannot be a code: the system's language
        return code

    def remember_language(self, code: str) -> None:
        """Keep ``code`` as the language of the next start (the rest of the file as it was)."""
        if self._path is None:
            return
        try:
            text = _read_text(self._path) or ""
            parser = _parse(text)
        except (OSError, _Damaged):
            return  # a file that cannot be read is not overwritten for a convenience
        if not parser.has_section("General"):
            parser["General"] = {"version": str(SETTINGS_VERSION)}
        if not parser.has_section("view"):
            parser["view"] = {}
        parser["view"]["language"] = code
        out = io.StringIO()
        parser.write(out, space_around_delimiters=False)
        try:
            self._path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self._path, out.getvalue().encode("utf-8"))
        except OSError:
            pass  # as save(): a read-only folder must not stop the lecture

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

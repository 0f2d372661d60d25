"""The command line's values: each argparse ``type=`` that reads one, with its one-line refusal.

Each function takes the text as typed and returns the value, or raises
``argparse.ArgumentTypeError`` with a line naming what was wrong (the parser adds the option's
name).  Importing this module loads neither Qt nor numpy.
"""

from __future__ import annotations

import argparse
import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path

from ..text import _, error_text

#: Smallest window the layout fits: an old 1024x768 classroom projector (the window's minimum is below it).
MIN_SIZE = (1024, 768)

__all__ = [
    "MIN_SIZE",
    "assumption_type",
    "count",
    "export_path",
    "map_path",
    "output_path",
    "parameter_type",
    "png_path",
    "scenario",
    "seconds",
    "seed",
    "simulate",
    "size",
    "tour_scene",
]


def parameter_type(name: str):
    def parse(text: str) -> float | int:
        from ..model.parameters import SPECS  # numpy-free module

        spec = next(s for s in SPECS if s.name == name)
        try:
            return spec.validate(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(error_text(error)) from None

    parse.__name__ = name
    return parse


def assumption_type(name: str):
    def parse(text: str) -> float | int | None:
        from ..model.assumptions import ASSUMPTION_SPECS  # numpy-free module

        spec = next(s for s in ASSUMPTION_SPECS if s.name == name)
        try:
            return spec.check(text, bounded=True)
        except ValueError as error:
            raise argparse.ArgumentTypeError(error_text(error)) from None

    parse.__name__ = name
    return parse


def simulate(text: str) -> int:
    if not text.strip().isdecimal() or not text.isascii() or not 2 <= int(text) <= 10**8:
        raise argparse.ArgumentTypeError(
            f"simulate must be a whole number of cycles from 2 to 10**8, got {text!r}"
        )
    return int(text)


def size(text: str) -> tuple[int, int]:
    # ASCII digits only: int() would also take "١٦٠٠" (Arabic-Indic digits) and "1_600".
    match = re.fullmatch(r"([0-9]{1,5})[xX]([0-9]{1,5})", text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(_("size must look like 1600x1000, got {text!r}").format(text=text))
    width, height = int(match[1]), int(match[2])
    if not (MIN_SIZE[0] <= width <= 8192 and MIN_SIZE[1] <= height <= 8192):
        raise argparse.ArgumentTypeError(
            f"size must be from {MIN_SIZE[0]}x{MIN_SIZE[1]} to 8192x8192, got {text!r}"
        )
    return width, height


def output_path(text: str, suffixes: Sequence[str], what: str) -> Path:
    """A file the app may write: right extension, a usable name, in a folder that exists.

    Refused here, before any work: a name no file can have (a NUL, an unencodable character,
    too long for the file system), a folder, and anything that exists but is not a regular
    file (a FIFO would block the write for ever; a device is not the user's file).
    """
    from ..plain_text import printable

    shown = f"'{printable(text, 80)}'"
    path = Path(text)
    if path.suffix.lower() not in suffixes:
        allowed = suffixes[0] if len(suffixes) == 1 else f"{', '.join(suffixes[:-1])} or {suffixes[-1]}"
        raise argparse.ArgumentTypeError(
            _("{what} must be a {allowed} file, got {shown}").format(what=what, allowed=allowed, shown=shown)
        )
    try:
        os.fsencode(text)
        if "\x00" in text:
            raise ValueError
    except (UnicodeError, ValueError):
        raise argparse.ArgumentTypeError(_("{shown} cannot be a file name").format(shown=shown)) from None
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as error:  # a name too long, a link loop, a part that is not a folder
        raise argparse.ArgumentTypeError(
            _("{shown} cannot be written: {error.strerror}").format(shown=shown, error=error)
        ) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise argparse.ArgumentTypeError(_("{shown} is a folder, not a file").format(shown=shown))
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise argparse.ArgumentTypeError(_("{shown} exists and is not a regular file").format(shown=shown))
    try:
        folder_ok = path.absolute().parent.is_dir()
    except OSError:
        folder_ok = False
    if not folder_ok:
        raise argparse.ArgumentTypeError(_("folder does not exist for {shown}").format(shown=shown))
    if len(os.fsencode(path.name)) > 255:
        raise argparse.ArgumentTypeError(
            _("{shown} cannot be written: the name is longer than 255 bytes").format(shown=shown)
        )
    return path


def png_path(text: str) -> Path:
    return output_path(text, (".png",), "screenshot")


def scenario(text: str):
    from ..scenario import FileProblem
    from ..scenario.opened import open_scenario

    try:
        return open_scenario(text)
    except FileProblem as problem:
        raise argparse.ArgumentTypeError(error_text(problem)) from None


def export_path(text: str) -> Path:
    from ..export import EXPORT_SUFFIXES  # the package's front module: no Qt

    return output_path(text, tuple(EXPORT_SUFFIXES), "chart export")


def map_path(text: str) -> Path:
    return output_path(text, (".csv",), "map export")


def seconds(text: str) -> float:
    # float() would also take "٦" (an Arabic-Indic six) and "1_0"; a duration is plain ASCII.
    if not text.isascii() or "_" in text:
        raise argparse.ArgumentTypeError(_("seconds must be a number, got {text!r}").format(text=text))
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("seconds must be a number, got {text!r}").format(text=text)
        ) from None
    if not 0 < value <= 86400:  # also rules out NaN
        raise argparse.ArgumentTypeError(
            _("seconds must be above 0 and at most 86400, got {text!r}").format(text=text)
        )
    return value


def seed(text: str) -> int:
    if not text.strip().isdecimal() or not text.isascii() or int(text) > 2**63 - 1:
        raise argparse.ArgumentTypeError(
            _("seed must be a whole number from 0 to 2**63-1, got {text!r}").format(text=text)
        )
    return int(text)


def count(text: str) -> int:
    if not text.strip().isdecimal() or not text.isascii() or not 0 < int(text) <= 10**9:
        raise argparse.ArgumentTypeError(
            _("actions must be a whole number from 1 to 10**9, got {text!r}").format(text=text)
        )
    return int(text)


def tour_scene(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= 1000:
        raise argparse.ArgumentTypeError(
            _("scene must be a whole number from 1, got {text!r}").format(text=text)
        )
    return int(text)

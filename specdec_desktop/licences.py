"""The licences of the app and of what it runs on, for Help ▸ About.

The packaged app carries a ``licenses/`` folder (written at build time by
packaging/collect_licenses.py from the installed packages) whose ``INDEX.txt``
lists every component, its licence and its files; :func:`licence_summary` shows
that list and where the folder is.  Run from source or a pip install, the same
facts come from the installed packages' metadata.
"""

from __future__ import annotations

import importlib.metadata
import sys
from pathlib import Path

from . import __version__, resources

__all__ = ["licence_summary", "licenses_folder"]

#: What the app itself runs on, in the order the summary lists them.
_DEPENDENCIES = ("PySide6-Essentials", "shiboken6", "pyqtgraph", "numpy")


def licenses_folder() -> Path | None:
    """The bundle's ``licenses/`` folder, or None when not running from a packaged build."""
    bundle = getattr(sys, "_MEIPASS", None)
    folder = Path(bundle) / "licenses" if bundle else None
    return folder if folder is not None and (folder / "INDEX.txt").is_file() else None


def _licence_of(name: str) -> str | None:
    try:
        meta = importlib.metadata.metadata(name)
        version = importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None
    licence = meta.get("License-Expression") or (meta.get("License") or "").splitlines()[0:1]
    if isinstance(licence, list):
        licence = licence[0] if licence else "see its package"
    return f"{meta['Name']} {version}: {licence}"


def licence_summary() -> str:
    """Plain text: every component's licence and where its text is."""
    folder = licenses_folder()
    if folder is not None:
        index = (folder / "INDEX.txt").read_text(encoding="utf-8")
        return f"The licence texts are in {folder}\n\n{index}"
    try:
        font = str(resources.path("fonts", "LICENSE-Inter.txt"))
    except resources.ResourceMissing:
        font = "its licence file is missing"
    lines = [
        f"SpecDec Desktop {__version__}: MIT",
        f"Inter font: OFL-1.1 ({font})",
        "Text: works of William Shakespeare (public domain), in the tinyshakespeare compilation "
        "of the char-rnn project",
        f"Python {sys.version.split()[0]}: PSF-2.0",
    ]
    lines += [line for line in map(_licence_of, _DEPENDENCIES) if line is not None]
    lines.append("Each installed package carries its licence text in its own metadata folder.")
    return "\n".join(lines)

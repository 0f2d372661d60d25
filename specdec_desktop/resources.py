"""One way to reach bundled files (fonts, icons, styles, scenes), from source or frozen.

Files live in the top-level ``resources/`` folder of the source tree.  A
PyInstaller bundle copies that folder to ``<bundle>/resources`` and an
installed wheel carries it as ``specdec_desktop/_resources``; :func:`path`
finds whichever exists, so no other module needs to know how it was started.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

__all__ = ["ResourceMissing", "path", "root"]


class ResourceMissing(FileNotFoundError):
    """A bundled file the app needs is not where it should be."""


def _candidates() -> list[Path]:
    package_dir = Path(__file__).resolve().parent
    found = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        found.append(Path(bundle) / "resources")
    found.append(package_dir / "_resources")  # installed wheel
    found.append(package_dir.parent / "resources")  # source checkout
    return found


@cache
def root() -> Path:
    """The folder that holds the bundled files."""
    for candidate in _candidates():
        if (candidate / "fonts").is_dir():
            return candidate
    tried = ", ".join(str(c) for c in _candidates())
    raise ResourceMissing(f"bundled resources not found (looked in {tried})")


def path(*parts: str) -> Path:
    """Path of one bundled file, e.g. ``path("fonts", "Inter-Regular.otf")``.

    Raises
    ------
    ResourceMissing
        If the file is not there.
    """
    target = root().joinpath(*parts)
    if not target.exists():
        raise ResourceMissing(f"bundled file missing: {'/'.join(parts)}")
    return target

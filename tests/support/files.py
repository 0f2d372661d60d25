"""Reading what the app and its build scripts write: the packaging scripts as modules, PNG headers."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path
from types import ModuleType

from .paths import ROOT


def load_packaging_script(name: str) -> ModuleType:
    """``packaging/<name>.py`` as a module (the folder is scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "packaging" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG file's header (which must be a PNG's)."""
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])

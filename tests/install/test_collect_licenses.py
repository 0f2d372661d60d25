"""packaging/collect_licenses.py: the bundle's licences/ folder is generated from what is installed."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("collect_licenses", ROOT / "packaging" / "collect_licenses.py")
collect_licenses = importlib.util.module_from_spec(spec)
sys.modules["collect_licenses"] = collect_licenses  # dataclasses look their module up there
spec.loader.exec_module(collect_licenses)


def test_licences_of_the_app_font_python_and_dependencies(tmp_path):
    out = tmp_path / "licenses"
    files = dict(
        collect_licenses.write_licenses(
            out, ["specdec_desktop", "pyqtgraph.Qt", "numpy", "PySide6", "shiboken6"]
        )
    )
    index = (out / "INDEX.txt").read_text(encoding="utf-8")
    assert (out / "specdec-desktop" / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()
    assert (out / "Inter" / "OFL.txt").read_bytes() == (
        ROOT / "resources/fonts/LICENSE-Inter.txt"
    ).read_bytes()
    assert "specdec-desktop" in index and ": MIT" in index and "OFL-1.1" in index
    assert f"Python {sys.version.split()[0]}: PSF-2.0" in index
    for name in ("pyqtgraph", "numpy", "PySide6", "shiboken6"):
        assert name.lower() in index.lower(), name
    try:  # PyInstaller (its bootloader starts the bundle) is listed whenever it is installed
        importlib.metadata.distribution("pyinstaller")
        assert "pyinstaller" in index.lower()
    except importlib.metadata.PackageNotFoundError:
        pass
    # pyqtgraph's own MIT text, from its installed metadata
    assert "Permission is hereby granted" in (out / "pyqtgraph" / "LICENSE.txt").read_text(encoding="utf-8")
    assert "INDEX.txt" in files and all(path.is_file() for path in files.values())


def test_only_top_level_host_libraries_count_as_copied_from_the_host():
    toc = [
        ("libglib-2.0.so.0", "/usr/lib/x86_64-linux-gnu/libglib-2.0.so.0", "BINARY"),
        ("PySide6/Qt/lib/libQt6Core.so.6", "/venv/site-packages/PySide6/Qt/lib/libQt6Core.so.6", "BINARY"),
        ("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"),
        ("python3.11/lib-dynload/_json.so", f"{sys.base_prefix}/lib/_json.so", "EXTENSION"),
    ]
    assert collect_licenses.host_library_sources(toc) == ["/usr/lib/x86_64-linux-gnu/libglib-2.0.so.0"]

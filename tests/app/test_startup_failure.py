"""When Qt cannot start its display plugin, the app says why and what to do in one line, and exits 1."""

from __future__ import annotations

import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from specdec_desktop import cli, qt_platform

from ..support.cli import run_app
from ..support.paths import ROOT

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux display plugins")


def _run(*args: str, **env: str) -> subprocess.CompletedProcess:
    """The app with no display variables but those given: Qt picks its plugin as a user's would."""
    return run_app(*args, env=env, unset=("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"))


def _one_line(result: subprocess.CompletedProcess, error: str = "error") -> str:
    assert result.returncode == qt_platform.EXIT_NO_PLATFORM, (result.returncode, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"specdec-desktop: {error}: "), lines[0]
    assert result.stdout == ""
    return lines[0]


@linux_only
def test_self_test_with_an_unusable_display_says_what_to_install_or_set():
    # A display nobody serves: either the X11 plugin lacks libraries (the line names the Debian
    # packages) or it loads and cannot connect (the line says how to run without a display).
    line = _one_line(_run("--self-test", DISPLAY=":4242"))
    assert "apt-get install" in line or "QT_QPA_PLATFORM=offscreen" in line, line


@linux_only
def test_opening_the_window_without_a_display_says_how_to_run_without_one():
    line = _one_line(_run("--k", "6", QT_QPA_PLATFORM="xcb"))
    assert "apt-get install" in line or "QT_QPA_PLATFORM=offscreen" in line, line


def test_an_unknown_platform_plugin_is_named():
    line = _one_line(_run("--self-test", QT_QPA_PLATFORM="nosuchplatform"))
    assert "'nosuchplatform'" in line and "offscreen" in line


def test_the_line_follows_lang():
    # Said by the guard inside the QApplication's start, in the language --lang chose first.
    line = _one_line(_run("--lang", "de", "--self-test", QT_QPA_PLATFORM="nosuchplatform"), "Fehler")
    assert "kein Anzeige-Plugin namens 'nosuchplatform' (QT_QPA_PLATFORM)" in line, line
    assert "offscreen" in line


def test_install_advice_names_the_debian_packages():
    advice = qt_platform.install_advice(["libxcb-keysyms.so.1", "libxcb-icccm.so.4"])
    assert advice == (
        "libxcb-icccm.so.4, libxcb-keysyms.so.1 are missing: install them "
        "(Debian/Ubuntu: apt-get install libxcb-icccm4 libxcb-keysyms1)"
    )
    assert qt_platform.install_advice(["libunknown.so.3"]) == "libunknown.so.3 is missing: install it"


def test_every_x11_library_of_the_readme_has_its_package():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for package in ("libxcb-icccm4", "libxcb-keysyms1", "libxcb-cursor0", "libegl1", "libfontconfig1"):
        assert package in qt_platform.DEBIAN_PACKAGES.values()
        assert package in readme


def test_qt_failing_to_import_is_one_line_naming_the_package(monkeypatch, capsys):
    class Broken(types.ModuleType):
        def __getattr__(self, name):
            raise ImportError("libEGL.so.1: cannot open shared object file: No such file or directory")

    monkeypatch.setitem(sys.modules, "specdec_desktop.selftest", Broken("specdec_desktop.selftest"))
    assert cli.main(["--self-test"]) == qt_platform.EXIT_NO_PLATFORM
    err = capsys.readouterr().err
    assert (
        err == "specdec-desktop: error: Qt cannot load: libEGL.so.1 is missing: install it "
        "(Debian/Ubuntu: apt-get install libegl1)\n"
    )


def test_other_import_errors_are_not_disguised():
    assert qt_platform.import_failure(ImportError("No module named 'PySide6'")) is None


@linux_only
@pytest.mark.skipif(shutil.which("ldd") is None, reason="needs ldd")
def test_missing_libraries_of_a_plugin_are_found_with_ldd(tmp_path):
    # The X11 plugin copied away from Qt's lib folder: its RUNPATH no longer finds libQt6XcbQpa.
    import PySide6

    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    if not plugin.is_file():
        pytest.skip("this PySide6 has no X11 plugin")
    copy = tmp_path / "a" / "b" / plugin.name
    copy.parent.mkdir(parents=True)
    shutil.copy(plugin, copy)
    missing = qt_platform.missing_libraries(copy)
    assert "libQt6XcbQpa.so.6" in missing
    assert qt_platform.missing_libraries(plugin) == [] or all(
        name in qt_platform.DEBIAN_PACKAGES for name in qt_platform.missing_libraries(plugin)
    )

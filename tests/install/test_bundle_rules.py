"""The trimming rules of build.spec, checked on made-up TOC entries (no build needed)."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..support.paths import ROOT

_spec = importlib.util.spec_from_file_location("bundle_rules", ROOT / "packaging" / "bundle_rules.py")
rules = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rules)


@pytest.mark.parametrize(
    ("dest", "expected"),
    [
        ("PySide6/Qt/plugins/platforms/libqxcb.so", ("platforms", "qxcb")),
        ("PySide6/plugins/platforms/qwindows.dll", ("platforms", "qwindows")),
        ("PySide6\\plugins\\imageformats\\qsvg.dll", ("imageformats", "qsvg")),
        ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", ("platforms", "qcocoa")),
        ("PySide6/Qt/lib/libQt6Core.so.6", None),
        ("PySide6/Qt/plugins", None),
        ("numpy/plugins/x/y.so", None),
    ],
)
def test_plugin_of(dest, expected):
    assert rules.plugin_of(dest) == expected


@pytest.mark.parametrize(
    ("dest", "kept"),
    [
        ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
        ("PySide6/Qt/plugins/platforms/libqwayland.so", True),
        ("PySide6/plugins/platforms/qwindows.dll", True),
        ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", True),
        ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
        ("PySide6/Qt/plugins/platforms/libqvnc.so", False),
        ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
        ("PySide6/Qt/plugins/imageformats/libqjpeg.so", False),
        ("PySide6/Qt/plugins/iconengines/libqsvgicon.so", True),
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
        ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),
        ("PySide6/Qt/plugins/networkinformation/libqnetworkmanager.so", False),
        ("PySide6/Qt/translations/qtbase_de.qm", True),  # Qt's own words, in a language we ship
        ("PySide6/Qt/translations/qtbase_zh_CN.qm", True),
        ("PySide6/translations/qtbase_fr.qm", False),
        ("PySide6/Qt/translations/qt_de.qm", False),
        ("PySide6/Qt/translations/qtdeclarative_de.qm", False),
        ("PySide6/Qt/lib/libQt6Core.so.6", True),
        ("resources/fonts/Inter-Regular.otf", True),
        ("specdec_desktop/anything.py", True),
    ],
)
def test_keep_entry(dest, kept):
    assert rules.keep_entry(dest) is kept


def test_every_kept_platform_has_a_reason_to_be_there():
    assert {"qoffscreen", "qxcb", "qwindows", "qcocoa"} <= rules.KEEP_PLUGINS["platforms"]


def test_hidden_imports_keep_what_pyqtgraph_loads_at_run_time():
    assert {"PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtSvg"} <= set(rules.HIDDEN_IMPORTS)
    assert not set(rules.HIDDEN_IMPORTS) & set(rules.EXCLUDED_MODULES)


@pytest.mark.slow
def test_nothing_the_app_imports_is_excluded():
    """Every module the app loads while its self-test runs must survive the excludes (bar those
    whose importer falls back to Python's own code)."""
    script = (
        "import json, sys\n"
        "from specdec_desktop.cli import main\n"
        "status = main(['--self-test'])\n"
        "print(json.dumps([status, sorted(sys.modules)]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    status, modules = json.loads(result.stdout.splitlines()[-1])
    assert status == 0, result.stderr
    excluded = set(rules.EXCLUDED_MODULES) - set(rules.EXCLUDED_WITH_FALLBACK)
    assert [m for m in modules if any(m == e or m.startswith(e + ".") for e in excluded)] == []
    assert set(rules.HIDDEN_IMPORTS) <= set(modules)


def _toc(*entries):
    return [tuple(entry) for entry in entries]


def test_prune_keeps_what_roots_link_to_and_drops_the_rest():
    links = {
        "/src/QtCore.abi3.so": ["libQt6Core.so.6", "libpyside6.abi3.so.6.11"],
        "/src/libQt6Core.so.6": ["libicui18n.so.73"],
        "/src/libicui18n.so.73": ["libicudata.so.73"],
        "/src/libqxcb.so": ["libQt6XcbQpa.so.6"],
        "/src/libQt6Network.so.6": ["libQt6Core.so.6"],
        "/src/libgtk-3.so.0": [],
    }
    binaries = _toc(
        ("PySide6/QtCore.abi3.so", "/src/QtCore.abi3.so", "EXTENSION"),
        ("PySide6/libpyside6.abi3.so.6.11", "/src/libpyside6.abi3.so.6.11", "BINARY"),
        ("PySide6/Qt/lib/libQt6Core.so.6", "/src/libQt6Core.so.6", "BINARY"),
        ("PySide6/Qt/lib/libicui18n.so.73", "/src/libicui18n.so.73", "BINARY"),
        ("PySide6/Qt/lib/libicudata.so.73", "/src/libicudata.so.73", "BINARY"),
        ("PySide6/Qt/lib/libQt6XcbQpa.so.6", "/src/libQt6XcbQpa.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6Network.so.6", "/src/libQt6Network.so.6", "BINARY"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "/src/libqxcb.so", "BINARY"),
        ("libgtk-3.so.0", "/src/libgtk-3.so.0", "BINARY"),
        ("libpython3.11.so.1.0", "/src/libpython3.11.so.1.0", "BINARY"),
        ("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"),
        ("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"),
        ("base_library.zip", "/src/base_library.zip", "DATA"),
    )
    kept, dropped = rules.prune_unreferenced(binaries, lambda source: links.get(source, []))
    assert sorted(d for d, _, _ in dropped) == [
        "PySide6/Qt/lib/libQt6Network.so.6",
        "libQt6Network.so.6",
        "libgtk-3.so.0",
    ]
    assert len(kept) + len(dropped) == len(binaries)
    assert ("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK") in kept


def test_prune_matches_windows_names_without_case():
    binaries = _toc(
        ("PySide6/QtCore.pyd", "C:/src/QtCore.pyd", "EXTENSION"),
        ("PySide6/Qt6Core.dll", "C:/src/Qt6Core.dll", "BINARY"),
    )
    _kept, dropped = rules.prune_unreferenced(
        binaries, lambda source: ["QT6CORE.DLL"] if "QtCore" in source else []
    )
    assert dropped == []


def test_keep_libraries_are_roots(monkeypatch):
    monkeypatch.setattr(rules, "KEEP_LIBRARIES", frozenset({"libdlopened.so.1"}))
    binaries = _toc(("libdlopened.so.1", "/src/libdlopened.so.1", "BINARY"))
    _kept, dropped = rules.prune_unreferenced(binaries, lambda source: [])
    assert dropped == []


def test_trim_reports_what_it_dropped():
    messages = []
    binaries = _toc(
        ("PySide6/Qt/plugins/platforms/libqvnc.so", "/src/libqvnc.so", "BINARY"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "/src/libqxcb.so", "BINARY"),
        ("libunused.so.1", "/src/libunused.so.1", "BINARY"),
    )
    datas = _toc(
        ("PySide6/Qt/translations/qt_de.qm", "/src/qt_de.qm", "DATA"), ("resources/a.txt", "/a", "DATA")
    )
    kept_binaries, kept_datas = rules.trim(binaries, datas, lambda source: [], log=messages.append)
    assert [d for d, _, _ in kept_binaries] == ["PySide6/Qt/plugins/platforms/libqxcb.so"]
    assert [d for d, _, _ in kept_datas] == ["resources/a.txt"]
    assert (
        "1 data files (translations and their sources), 1 Qt plugins, 1 unreferenced libraries, 0 libraries"
        in messages[0]
    )


def test_host_system_libraries_are_left_to_the_users_system():
    # A Debian 12 host's libstdc++ and libexpat need glibc 2.36 (packaging/check_glibc.py).
    messages = []
    binaries = _toc(
        ("libstdc++.so.6", "/usr/lib/libstdc++.so.6", "BINARY"),
        ("libexpat.so.1", "/usr/lib/libexpat.so.1", "BINARY"),
        ("libgcc_s.so.1", "/usr/lib/libgcc_s.so.1", "BINARY"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "/src/libqxcb.so", "BINARY"),
    )
    links = {"/src/libqxcb.so": ["libstdc++.so.6", "libexpat.so.1", "libgcc_s.so.1"]}
    kept, _ = rules.trim(binaries, [], lambda source: links.get(source, []), log=messages.append)
    assert [d for d, _, _ in kept] == ["PySide6/Qt/plugins/platforms/libqxcb.so"]
    assert "3 libraries the system provides" in messages[0]
    assert not rules.is_host_system_library("numpy.libs/libstdc++.so.6")  # a wheel's own copy stays


@pytest.mark.skipif(shutil.which("strip") is None, reason="needs binutils' strip")
def test_strip_selected_strips_only_libpython_and_lib_dynload(tmp_path):
    import _bisect

    source = Path(getattr(_bisect, "__file__", "") or "builtin")
    if not source.is_file():
        pytest.skip("_bisect is built into this Python")
    binaries = _toc(
        ("python3.11/lib-dynload/" + source.name, str(source), "EXTENSION"),
        ("numpy.libs/libopenblas.so", str(source), "BINARY"),
    )
    out = rules.strip_selected(binaries, tmp_path)
    assert out[0][1] == str(tmp_path / "stripped" / binaries[0][0])
    assert Path(out[0][1]).stat().st_size <= source.stat().st_size
    assert out[1] == binaries[1]  # OpenBLAS is never stripped


@pytest.mark.parametrize("dest", ["resources/locale/de.mo", "resources/locale/specdec.pot"])
def test_the_apps_catalogues_stay_and_qts_own_words_only_in_the_apps_languages(dest):
    assert rules.keep_entry(dest)
    assert not rules.keep_entry("PySide6/Qt/translations/qtbase_fr.qm")
    assert {"qtbase_de.qm", "qtbase_es.qm", "qtbase_zh_CN.qm"} == rules.KEEP_TRANSLATIONS  # one per .po


@pytest.mark.parametrize("dest", ["resources/locale/zh_CN.po", "resources\\locale\\de.po"])
def test_the_translators_sources_stay_out(dest):
    assert rules.is_translator_source(dest) and not rules.keep_entry(dest)
    assert not rules.is_translator_source("resources/tours/de.po")  # only the catalogues' folder
    kept = rules.trim([], [(dest, "/src/x.po", "DATA")], lambda source: [], log=lambda line: None)[1]
    assert kept == []


def test_the_text_layers_standard_modules_are_not_excluded():
    excluded = set(rules.EXCLUDED_MODULES) | set(getattr(rules, "EXCLUDED_WITH_FALLBACK", ()))
    assert not excluded & {"gettext", "locale", "string", "numbers", "struct"}

"""The frozen bundle: check_bundle.py's rules on stand-in folders, and the real build when one exists.

The tests marked ``frozen`` run only when ``dist/specdec-desktop`` has been built
(``pyinstaller build.spec``) and is newer than every source file; otherwise they
are skipped with the reason, or fail with it when ``SPECDEC_CI_REQUIRE_FROZEN=1`` (CI builds
the bundle fresh and then runs this file so: packaging/ci_frozen.sh).  The frozen app runs
translated: the self-test in German, Spanish and Chinese (its ``languages`` check proves each
catalogue and Qt's words are inside), German numbers from ``calc``, the Chinese help within 80
columns, and ``--lang xx`` as one line and English.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..support.files import load_packaging_script
from ..support.paths import ROOT

BUNDLE = ROOT / "dist" / "specdec-desktop"
APP = BUNDLE / ("specdec-desktop.exe" if sys.platform == "win32" else "specdec-desktop")


_load = load_packaging_script


check_bundle = _load("check_bundle")


def _stale_reason() -> str | None:
    if not APP.is_file():
        return "no frozen build: run `pyinstaller build.spec`"
    built = APP.stat().st_mtime
    sources = [ROOT / "build.spec", *ROOT.glob("packaging/*.py")]
    sources += [
        *ROOT.glob("specdec_desktop/**/*.py"),
        *(p for p in ROOT.glob("resources/**/*") if p.is_file()),
    ]
    newer = [p for p in sources if p.stat().st_mtime > built]
    if newer:
        return f"the frozen build is older than {newer[0].relative_to(ROOT)}: rebuild it"
    return None


@pytest.fixture
def _frozen_build():
    """Skip a frozen test when there is no fresh build; fail instead where CI requires one."""
    reason = _stale_reason()
    if reason is not None:
        if os.environ.get("SPECDEC_CI_REQUIRE_FROZEN") == "1":
            pytest.fail(f"SPECDEC_CI_REQUIRE_FROZEN=1 and {reason}")
        pytest.skip(reason)


frozen = pytest.mark.usefixtures("_frozen_build")


# -- check_bundle.py on stand-in folders (always run) ---------------------------------------------


def _fake_bundle(where: Path) -> Path:
    bundle = where / "specdec-desktop"
    (bundle / "_internal").mkdir(parents=True)
    (bundle / "specdec-desktop").write_bytes(b"#!/bin/sh\n")
    # As build.spec copies it: without the translators' sources (bundle_rules.is_translator_source).
    shutil.copytree(
        ROOT / "resources", bundle / "_internal" / "resources", ignore=shutil.ignore_patterns("*.po")
    )
    return bundle


def _with_qt_words(bundle: Path) -> None:
    translations = bundle / "_internal" / "PySide6" / "Qt" / "translations"
    translations.mkdir(parents=True)
    for code in check_bundle.shipped_languages():
        (translations / f"qtbase_{code}.qm").write_bytes(b"x")


def test_sizes_over_the_limits_fail(tmp_path):
    bundle = _fake_bundle(tmp_path)
    (bundle / "_internal" / "big.bin").write_bytes(b"\0" * (3 * check_bundle.MIB))
    archive = tmp_path / "a.tar.gz"
    archive.write_bytes(b"\0" * (2 * check_bundle.MIB))
    problems = check_bundle.check_sizes(bundle, archive, max_folder=2, max_archive=1)
    assert len(problems) == 2
    assert "over the 2 MiB limit" in problems[0] and "over the 1 MiB limit" in problems[1]
    assert check_bundle.check_sizes(bundle, archive, max_folder=10, max_archive=10) == []


def test_symlinks_are_not_counted_twice(tmp_path):
    bundle = _fake_bundle(tmp_path)
    (bundle / "_internal" / "lib.so").write_bytes(b"\0" * 1000)
    before = check_bundle.tree_size(bundle)
    (bundle / "link.so").symlink_to("_internal/lib.so")
    assert check_bundle.tree_size(bundle) == before


def test_a_missing_or_changed_resource_fails(tmp_path):
    bundle = _fake_bundle(tmp_path)
    assert check_bundle.check_resources(bundle) == []
    (bundle / "_internal" / "resources" / "icons" / "specdec-desktop.ico").unlink()
    (bundle / "_internal" / "resources" / "fonts" / "LICENSE-Inter.txt").write_text("changed")
    problems = check_bundle.check_resources(bundle)
    assert any("specdec-desktop.ico is not in the bundle" in p for p in problems)
    assert any("LICENSE-Inter.txt in the bundle differs" in p for p in problems)


def test_a_translators_source_in_the_bundle_fails(tmp_path):
    bundle = _fake_bundle(tmp_path)
    shutil.copyfile(
        ROOT / "resources" / "locale" / "de.po", bundle / "_internal" / "resources" / "locale" / "de.po"
    )
    assert check_bundle.check_resources(bundle) == [
        "resources/locale/de.po is in the bundle: bundle_rules leaves it out"
    ]


def test_every_language_and_qts_words_for_it_must_be_inside(tmp_path):
    assert check_bundle.shipped_languages() == ["de", "es", "zh_CN"]
    bundle = _fake_bundle(tmp_path)
    _with_qt_words(bundle)
    assert check_bundle.check_languages(bundle) == []
    (bundle / "_internal" / "resources" / "locale" / "es.mo").unlink()
    (bundle / "_internal" / "PySide6" / "Qt" / "translations" / "qtbase_zh_CN.qm").unlink()
    problems = check_bundle.check_languages(bundle)
    assert len(problems) == 2, problems
    assert problems[0].startswith("language es: resources/locale/es.mo is not in the bundle")
    assert problems[1].startswith("language zh_CN: Qt's qtbase_zh_CN.qm is not in the bundle")


def test_untrimmed_parts_fail(tmp_path):
    bundle = _fake_bundle(tmp_path)
    qt = bundle / "_internal" / "PySide6" / "Qt"
    (qt / "translations").mkdir(parents=True)
    (qt / "translations" / "qtbase_fr.qm").write_bytes(b"x")
    (qt / "translations" / "qtbase_de.qm").write_bytes(b"x")  # kept: Qt's own words in German
    (qt / "plugins" / "platformthemes").mkdir(parents=True)
    (qt / "plugins" / "platformthemes" / "libqgtk3.so").write_bytes(b"x")
    (bundle / "_internal" / "matplotlib").mkdir()
    problems = check_bundle.check_trimmed(bundle)
    assert any("qtbase_fr.qm" in p for p in problems)
    assert not any("qtbase_de.qm" in p for p in problems)
    assert any("libqgtk3.so" in p for p in problems)
    assert any("matplotlib" in p for p in problems)


def test_no_build_at_all_says_how_to_build(tmp_path):
    problems = check_bundle.check(tmp_path / "nothing", None, 170, 70)
    assert problems == [
        f"no specdec-desktop in {tmp_path / 'nothing'}: build it with `pyinstaller build.spec` first"
    ]


# -- the real frozen build (when present and fresh) -----------------------------------------------


def _run_frozen(*args: str, no_network: bool = True, **more_env: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(QT_QPA_PLATFORM="offscreen", **more_env)
    prefix = ["unshare", "-n"] if no_network and shutil.which("unshare") and _can_unshare() else []
    return subprocess.run([*prefix, str(APP), *args], capture_output=True, text=True, env=env, timeout=180)


def _can_unshare() -> bool:
    return subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode == 0


@frozen
def test_the_build_passes_check_bundle(capsys):
    assert check_bundle.main(["--bundle", str(BUNDLE)]) == 0, capsys.readouterr().err


@frozen
def test_frozen_self_test_passes_without_network():
    result = _run_frozen("--self-test")
    assert result.returncode == 0, result.stderr
    assert "passed" in result.stdout


@frozen
def test_frozen_calc_json_matches_the_reference():
    result = _run_frozen("calc", "--k", "8", "--p", "0.99", "--c", "0.01", "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["best_k"] == 113
    assert math.isclose(figures["best_speedup"], 32.019293, rel_tol=1e-7)
    assert math.isclose(figures["speedup"], 8.007662, rel_tol=1e-6)


@frozen
def test_frozen_screenshot_writes_a_png(tmp_path):
    from PySide6.QtGui import QImage

    target = tmp_path / "frozen.png"
    result = _run_frozen("--screenshot", str(target), "--size", "1280x800")
    assert result.returncode == 0, result.stderr
    image = QImage(str(target))
    assert (image.width(), image.height()) == (1280, 800)


@frozen
@pytest.mark.parametrize("argv", [["--k", "banana"], ["--nope"], ["calc", "--p", "2"]])
def test_frozen_bad_argument_exits_2_with_one_line(argv):
    result = _run_frozen(*argv)
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith("specdec-desktop: error: ")
    assert result.stdout == ""


#: Each language's "languages" line of the self-test, as the frozen app prints it.
_LANGUAGES_PASSED = {
    "de": "Selbsttest: Sprachen: in Ordnung (3 Sprachen",
    "es": "autoprueba: idiomas: correcto (3 idiomas",
    "zh_CN": "自检：语言：通过（3 种语言",
}


@frozen
@pytest.mark.parametrize("code", sorted(_LANGUAGES_PASSED))
def test_frozen_self_test_passes_in_each_language(code):
    result = _run_frozen("--lang", code, "--self-test")
    assert result.returncode == 0, result.stderr
    assert _LANGUAGES_PASSED[code] in result.stdout, result.stdout


@frozen
def test_frozen_calc_in_german_writes_german_numbers():
    result = _run_frozen("--lang", "de", "calc", "--k", "6", "--p", "0.75", "--c", "0.15")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines()[0] == "k = 6, p = 0,750, c = 0,150"
    assert "Beschleunigung        1,824244×" in result.stdout


@frozen
def test_frozen_unknown_language_is_one_line_then_english():
    english = _run_frozen("calc", "--k", "6", "--p", "0.75", "--c", "0.15")
    result = _run_frozen("--lang", "xx", "calc", "--k", "6", "--p", "0.75", "--c", "0.15")
    assert result.returncode == english.returncode == 0
    assert result.stdout == english.stdout and "speedup           1.824244×" in result.stdout
    assert result.stderr.count("\n") == 1 and "unknown language 'xx'" in result.stderr, result.stderr
    assert "showing English" in result.stderr


@frozen
def test_frozen_help_in_chinese_fits_80_columns():
    from specdec_desktop.text.columns import cells

    result = _run_frozen("--lang", "zh_CN", "--help", COLUMNS="80")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("用法：specdec-desktop [-h]") and "显示此帮助信息并退出" in result.stdout
    # Over 80 cells only the usage's one option group argparse never breaks (as long in English).
    over = [line.strip() for line in result.stdout.splitlines() if cells(line) > 80]
    assert all(line.startswith("[--tree PATHS |") and line.count("[") == 1 for line in over), over

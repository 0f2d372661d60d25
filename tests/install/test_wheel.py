"""The pip wheel: every module and resource ships (setup.py finds the packages); the installed app runs."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import sys

import pytest

from ..support.paths import ROOT


def _offline_build_problem() -> str | None:
    """Why this interpreter cannot build the wheel offline (``--no-build-isolation``), or None.

    Reads the installed version without importing setuptools: a Python 3.12+ venv has none,
    and an import error here would stop pytest from collecting anything.  The ``test`` extra
    asks for setuptools>=77.0.3 (the first to read pyproject's SPDX licence expression, and it
    builds wheels without the ``wheel`` package), so the README's test command runs this test;
    the skip is for environments made by hand.
    """
    try:
        text = importlib.metadata.version("setuptools")
    except importlib.metadata.PackageNotFoundError:
        return "building the wheel offline needs setuptools>=77.0.3, and none is installed"
    version = tuple(int(part) for part in text.split(".")[:3] if part.isdigit())
    if version < (77, 0, 3):
        return f"building the wheel offline needs setuptools>=77.0.3, not {text}"
    return None


@pytest.mark.slow
@pytest.mark.skipif(_offline_build_problem() is not None, reason=str(_offline_build_problem()))
@pytest.mark.skipif(sys.platform == "win32", reason="uses a POSIX venv layout")
def test_installed_wheel_runs_from_anywhere(capsys):
    spec = importlib.util.spec_from_file_location("check_wheel", ROOT / "packaging" / "check_wheel.py")
    check_wheel = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check_wheel)
    status = check_wheel.main(["--reuse-deps"])
    out, err = capsys.readouterr()
    assert status == 0, out + err


def test_every_code_folder_is_a_regular_package():
    # setup.py finds packages by their __init__.py; a folder without one would be left out of
    # the wheel (it happened to views/ once, hidden by a stale build/ folder).
    folders = {p.parent for p in (ROOT / "specdec_desktop").rglob("*.py") if "__pycache__" not in p.parts}
    assert [f for f in folders if not (f / "__init__.py").exists()] == []

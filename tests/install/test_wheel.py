"""The pip wheel: every module and resource ships (setup.py finds the packages); the installed app runs."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from ..support.paths import ROOT


def _can_build_offline() -> bool:
    if importlib.util.find_spec("wheel") is not None:
        return True
    import setuptools

    return tuple(int(x) for x in setuptools.__version__.split(".")[:2]) >= (70, 1)


@pytest.mark.slow
@pytest.mark.skipif(
    not _can_build_offline(), reason="building a wheel offline needs `wheel` or setuptools>=70.1"
)
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

"""The pip wheel: every package listed in pyproject.toml, resources shipped, and the installed app runs."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+
ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]


def test_every_package_of_the_source_tree_is_listed():
    on_disk = {
        ".".join(folder.relative_to(ROOT).parts)
        for folder in [ROOT / "specdec_desktop", *(ROOT / "specdec_desktop").rglob("*")]
        if folder.is_dir() and any(folder.glob("*.py"))
    }
    listed = set(SETUPTOOLS["packages"]) - {"specdec_desktop._resources"}
    assert listed == on_disk, "add new subpackages to [tool.setuptools] packages in pyproject.toml"


def test_resources_folder_ships_as_specdec_desktop_resources():
    assert SETUPTOOLS["package-dir"]["specdec_desktop._resources"] == "resources"
    assert "specdec_desktop._resources" in SETUPTOOLS["packages"]
    assert SETUPTOOLS["package-data"]["specdec_desktop._resources"] == ["**/*"]


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

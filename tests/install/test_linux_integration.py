"""Linux desktop integration: the .desktop file, install.sh and the archive (on a stand-in bundle)."""

from __future__ import annotations

import configparser
import os
import shutil
import stat
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from specdec_desktop import __version__, resources
from specdec_desktop.app_icon import ICON_NAME, PNG_SIZES

from ..support.files import load_packaging_script
from ..support.paths import ROOT

LINUX = ROOT / "packaging" / "linux"
DESKTOP = LINUX / "specdec-desktop.desktop"
METAINFO = LINUX / "org.specdec.desktop.metainfo.xml"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux packaging")


_load = load_packaging_script


def _entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


def test_desktop_file_names_the_app_and_its_icon():
    entry = _entry(DESKTOP)
    assert entry["Type"] == "Application"
    assert entry["Name"] == "SpecDec Desktop"
    assert entry["Exec"] == "specdec-desktop"
    assert entry["Icon"] == ICON_NAME
    assert entry["Terminal"] == "false"
    assert entry["StartupWMClass"] == "specdec-desktop"
    assert "Education" in entry["Categories"].split(";")


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed")
def test_desktop_file_is_valid():
    result = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout == "", result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream (appstreamcli) not installed")
def test_metainfo_is_valid():
    # --no-net: the validator must not try the network (and the app's metadata names no URL).
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(METAINFO)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # Errors (E:) and warnings (W:) fail; infos (I:) may differ between appstream versions.
    assert not [line for line in result.stdout.splitlines() if line.startswith(("E:", "W:"))], result.stdout


def test_metainfo_matches_the_app():
    import xml.etree.ElementTree as ET

    component = ET.parse(METAINFO).getroot()
    assert component.findtext("launchable") == DESKTOP.name
    assert component.findtext("provides/binary") == _entry(DESKTOP)["Exec"]
    assert component.find("releases/release").get("version") == __version__
    assert component.findtext("project_license") == "MIT AND OFL-1.1"


def _stand_in_bundle(where: Path) -> Path:
    """A folder shaped like the unpacked archive: a runnable specdec-desktop, _internal/resources, extras."""
    where.mkdir(parents=True)
    app = where / "specdec-desktop"
    app.write_text('#!/bin/sh\necho "stand-in $*"\n')
    app.chmod(0o755)
    shutil.copytree(resources.root(), where / "_internal" / "resources")
    shutil.copy(LINUX / "install.sh", where / "install.sh")
    shutil.copy(DESKTOP, where / "specdec-desktop.desktop")
    shutil.copy(METAINFO, where / METAINFO.name)
    return where


def _install(folder: Path, prefix: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PREFIX": str(prefix)}
    return subprocess.run(["sh", str(folder / "install.sh"), *args], capture_output=True, text=True, env=env)


def test_install_puts_app_menu_entry_and_icons_in_place_and_uninstall_removes_them(tmp_path):
    folder = _stand_in_bundle(tmp_path / "unpacked")
    prefix = tmp_path / "prefix with space"
    result = _install(folder, prefix)
    assert result.returncode == 0, result.stderr

    app_dir = prefix / "lib" / "specdec-desktop"
    assert (app_dir / "specdec-desktop").is_file()
    assert (app_dir / "_internal" / "resources" / "fonts" / "Inter-Regular.otf").is_file()
    command = prefix / "bin" / "specdec-desktop"
    assert (
        subprocess.run([str(command), "--version"], capture_output=True, text=True).stdout
        == "stand-in --version\n"
    )
    for size in PNG_SIZES:
        icon = prefix / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"
        assert icon.read_bytes() == resources.path("icons", f"{ICON_NAME}-{size}.png").read_bytes()
    assert (prefix / "share" / "icons" / "hicolor" / "scalable" / "apps" / f"{ICON_NAME}.svg").is_file()
    installed = prefix / "share" / "applications" / "specdec-desktop.desktop"
    entry = _entry(installed)
    assert entry["Exec"] == f'"{app_dir}/specdec-desktop"'
    assert entry["TryExec"] == f"{app_dir}/specdec-desktop"
    assert entry["Icon"] == ICON_NAME
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(installed)], capture_output=True, text=True)
        assert check.returncode == 0 and check.stdout == "", check.stdout
    assert (prefix / "share" / "metainfo" / METAINFO.name).read_bytes() == METAINFO.read_bytes()

    result = _install(folder, prefix, "--uninstall")
    assert result.returncode == 0, result.stderr
    left = sorted(p.relative_to(prefix).as_posix() for p in prefix.rglob("*") if p.is_file())
    assert not [p for p in left if "specdec-desktop" in p or "specdec.desktop" in p], left


def test_install_refuses_an_unknown_option_and_a_wrong_folder(tmp_path):
    folder = _stand_in_bundle(tmp_path / "unpacked")
    result = _install(folder, tmp_path / "prefix", "--bogus")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    (folder / "specdec-desktop").unlink()
    result = _install(folder, tmp_path / "prefix")
    assert result.returncode == 1
    assert "unpacked specdec-desktop folder" in result.stderr
    assert not (tmp_path / "prefix").exists()


def test_archive_holds_the_app_installer_and_readme_reproducibly(tmp_path, monkeypatch):
    make_archive = _load("make_archive")
    bundle = tmp_path / "dist" / "specdec-desktop"
    bundle.mkdir(parents=True)
    (bundle / "specdec-desktop").write_text("#!/bin/sh\n")
    (bundle / "specdec-desktop").chmod(0o755)
    (bundle / "_internal" / "PySide6" / "Qt" / "lib").mkdir(parents=True)
    (bundle / "_internal" / "PySide6" / "Qt" / "lib" / "libQt6Core.so.6").write_bytes(b"\x7fELF")
    (bundle / "_internal" / "libQt6Core.so.6").symlink_to("PySide6/Qt/lib/libQt6Core.so.6")

    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    first = make_archive.make_archive(bundle, tmp_path / "one")
    second = make_archive.make_archive(bundle, tmp_path / "two")
    assert first.name == f"specdec-desktop-{__version__}-linux-{os.uname().machine}.tar.gz"
    assert first.read_bytes() == second.read_bytes()

    top = f"specdec-desktop-{__version__}"
    with tarfile.open(first) as tar:
        members = {m.name: m for m in tar.getmembers()}
        assert members[f"{top}/install.sh"].mode & stat.S_IXUSR
        assert members[f"{top}/specdec-desktop"].mode & stat.S_IXUSR
        assert members[f"{top}/specdec-desktop.desktop"].isfile()
        assert members[f"{top}/{METAINFO.name}"].isfile()
        assert members[f"{top}/_internal/libQt6Core.so.6"].issym()
        assert members[f"{top}/_internal/PySide6/Qt"].isdir()
        assert all(m.uid == 0 and m.mtime == 0 for m in members.values())
        readme = tar.extractfile(f"{top}/README.txt").read().decode()
    assert "./install.sh" in readme and __version__ in readme
    assert "glibc 2.35 or newer" in readme and "Ubuntu 22.04" in readme


def test_archive_without_a_build_says_how_to_build(tmp_path):
    make_archive = _load("make_archive")
    with pytest.raises(SystemExit, match=r"pyinstaller build\.spec"):
        make_archive.make_archive(tmp_path / "nothing", tmp_path / "out")

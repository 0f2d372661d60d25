"""packaging/check_glibc.py reads ELF version needs exactly as binutils does, and fails above the floor."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("check_glibc", ROOT / "packaging" / "check_glibc.py")
check_glibc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_glibc)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux ELF files")


def _some_elf_files() -> list[Path]:
    import numpy

    candidates = [Path(sys.executable).resolve(), *Path(numpy.__file__).parent.rglob("*.so")]
    return [p for p in candidates if p.is_file() and p.read_bytes()[:4] == b"\x7fELF"][:4]


@pytest.mark.skipif(shutil.which("objdump") is None, reason="compares with binutils' objdump")
def test_version_needs_match_objdump():
    files = _some_elf_files()
    assert files
    for path in files:
        ours = set().union(*check_glibc.needed_versions(path.read_bytes()).values())
        dump = subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True, check=True).stdout
        theirs = set(re.findall(r"^\s+0x[0-9a-f]+ 0x[0-9a-f]+ \d+ (\S+)$", dump, re.MULTILINE))
        assert ours == theirs, path


def test_highest_compares_numerically():
    assert check_glibc.highest({"GLIBC_2.9", "GLIBC_2.34", "GLIBC_2.2.5", "GLIBCXX_3.4.9"}, "GLIBC") == (
        2,
        34,
    )
    assert check_glibc.highest({"GLIBC_2.9", "GLIBCXX_3.4.30", "CXXABI_1.3"}, "GLIBCXX") == (3, 4, 30)
    assert check_glibc.highest({"GCC_3.0"}, "GLIBC") is None


def test_not_elf_is_refused():
    with pytest.raises(check_glibc.NotElf):
        check_glibc.needed_versions(b"#!/bin/sh\n" + b"\0" * 64)


def test_a_file_above_the_floor_fails(tmp_path, monkeypatch, capsys):
    binary = _some_elf_files()[0]
    shutil.copy(binary, tmp_path / binary.name)
    needs = set().union(*check_glibc.needed_versions(binary.read_bytes()).values())
    top = check_glibc.highest(needs, "GLIBC")
    assert top is not None
    monkeypatch.setattr(check_glibc, "GLIBC_FLOOR", (2, 2))
    assert check_glibc.main(["--bundle", str(tmp_path)]) == 1
    assert f"needs GLIBC_{'.'.join(map(str, top))}" in capsys.readouterr().err
    monkeypatch.setattr(check_glibc, "GLIBC_FLOOR", top)
    monkeypatch.setattr(check_glibc, "GLIBCXX_FLOOR", (99,))
    assert check_glibc.main(["--bundle", str(tmp_path)]) == 0


def test_an_empty_folder_fails(tmp_path):
    assert check_glibc.main(["--bundle", str(tmp_path)]) == 1

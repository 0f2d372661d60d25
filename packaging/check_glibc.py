"""Check that the Linux bundle runs on the oldest glibc (and libstdc++) we say it supports.

    python packaging/check_glibc.py [--bundle dist/specdec-desktop]

Reads the version needs (the ELF ``.gnu.version_r`` section, what ``objdump -T`` shows as
``GLIBC_2.34``) of every ELF file in the bundle and fails when any file needs a ``GLIBC_``
version above :data:`GLIBC_FLOOR` or a ``GLIBCXX_`` version above :data:`GLIBCXX_FLOOR`.
Plain Python, no binutils: the parser below reads the section itself.

Why the floor is glibc 2.35 and not the 2.28 of older PySide6 wheels (measured on the
Debian 12 build host, PySide6-Essentials 6.11.3, Python 3.11.7 from pyenv):

* PySide6 6.10 and newer ship ``manylinux_2_34`` wheels: Qt itself needs ``GLIBC_2.34``;
* the Python the app is built with was compiled on the build host; its ``libpython``
  needs ``hypot@GLIBC_2.35``, and that cannot be removed without another Python;
* ``libstdc++.so.6`` and ``libexpat.so.1`` copied from a Debian 12 host need
  ``arc4random@GLIBC_2.36``: ``bundle_rules`` leaves them (and ``libgcc_s.so.1``) out, so the
  user's own copies, present on every desktop, are used.

glibc 2.35 means Ubuntu 22.04+, Debian 12+, Fedora 36+, Linux Mint 21+, openSUSE Leap 16 /
Tumbleweed and RHEL/Rocky/Alma 10; not RHEL/Rocky/Alma 9 (2.34), Debian 11 or Ubuntu 20.04
(2.31).  Reaching glibc 2.28 would need a build on an old-glibc host (e.g. a manylinux_2_28
container) with a Python built there and PySide6 6.9 or older.  ``GLIBCXX_3.4.30`` is GCC 12's
libstdc++, which those distributions ship (Ubuntu 22.04 has it from its GCC 12 runtime).
"""

from __future__ import annotations

import argparse
import re
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "specdec-desktop"

#: The oldest glibc the Linux bundle supports (README.md and the archive's README.txt say so).
GLIBC_FLOOR = (2, 35)
#: The newest libstdc++ symbol version a bundled file may need (GCC 12; Ubuntu 22.04 has it).
GLIBCXX_FLOOR = (3, 4, 30)
#: The distributions that floor admits, for messages and the archive's README.
SUPPORTED_DISTRIBUTIONS = (
    "Ubuntu 22.04 or newer, Debian 12 or newer, Fedora 36 or newer, Linux Mint 21 or newer, "
    "RHEL/Rocky/AlmaLinux 10; not RHEL 9, Debian 11 or Ubuntu 20.04"
)

_SHT_GNU_VERNEED = 0x6FFFFFFE
_VERSION = re.compile(r"^(GLIBC|GLIBCXX)_([0-9]+(?:\.[0-9]+)*)$")


class NotElf(ValueError):
    """The file is not an ELF file this parser reads."""


def needed_versions(data: bytes) -> dict[str, set[str]]:
    """``{library: {version names}}`` from the ELF ``.gnu.version_r`` section of ``data``.

    Raises :class:`NotElf` when ``data`` is not a 32- or 64-bit ELF file.
    """
    if data[:4] != b"\x7fELF" or len(data) < 64:
        raise NotElf("not an ELF file")
    is_64 = {1: False, 2: True}.get(data[4])
    order = {1: "<", 2: ">"}.get(data[5])
    if is_64 is None or order is None:
        raise NotElf("unknown ELF class or byte order")
    if is_64:
        shoff, shentsize, shnum = (
            struct.unpack_from(order + "Q", data, 0x28)[0],
            *struct.unpack_from(order + "HH", data, 0x3A),
        )
        section = order + "IIQQQQIIQQ"
    else:
        shoff, shentsize, shnum = (
            struct.unpack_from(order + "I", data, 0x20)[0],
            *struct.unpack_from(order + "HH", data, 0x2E),
        )
        section = order + "IIIIIIIIII"
    sections = [struct.unpack_from(section, data, shoff + i * shentsize) for i in range(shnum)]
    found: dict[str, set[str]] = {}
    for _, kind, _, _, offset, _, link, info, _, _ in sections:
        if kind != _SHT_GNU_VERNEED:
            continue
        strings = sections[link][4]

        def text(at: int, strings: int = strings) -> str:
            start = strings + at
            return data[start : data.index(b"\0", start)].decode("ascii", "replace")

        entry = offset
        for _ in range(info):  # sh_info: number of Verneed entries
            _, count, file_name, aux, following = struct.unpack_from(order + "HHIII", data, entry)
            names = found.setdefault(text(file_name), set())
            at = entry + aux
            for _ in range(count):
                _, _, _, name, after = struct.unpack_from(order + "IHHII", data, at)
                names.add(text(name))
                at += after
            if not following:
                break
            entry += following
    return found


def highest(versions: set[str], prefix: str) -> tuple[int, ...] | None:
    """The highest ``PREFIX_x.y`` version among ``versions`` as a tuple, or None."""
    numbers = [
        tuple(int(part) for part in match.group(2).split("."))
        for match in map(_VERSION.match, versions)
        if match and match.group(1) == prefix
    ]
    return max(numbers, default=None)


def _dotted(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


def check(bundle: Path) -> tuple[list[str], dict[str, tuple[int, ...]]]:
    """Problems found in ``bundle`` and the highest version of each kind any file needs."""
    problems: list[str] = []
    top: dict[str, tuple[int, ...]] = {}
    elf_files = 0
    for path in sorted(bundle.rglob("*")):
        if not path.is_file() or path.is_symlink():
            continue
        with path.open("rb") as handle:
            if handle.read(4) != b"\x7fELF":
                continue
        elf_files += 1
        try:
            needs = needed_versions(path.read_bytes())
        except (NotElf, struct.error, IndexError, ValueError) as error:
            problems.append(f"{path.relative_to(bundle)}: cannot read its version needs ({error})")
            continue
        versions = set().union(*needs.values()) if needs else set()
        for prefix, floor in (("GLIBC", GLIBC_FLOOR), ("GLIBCXX", GLIBCXX_FLOOR)):
            wanted = highest(versions, prefix)
            if wanted is None:
                continue
            top[prefix] = max(top.get(prefix, wanted), wanted)
            if wanted > floor:
                problems.append(
                    f"{path.relative_to(bundle)} needs {prefix}_{_dotted(wanted)}, "
                    f"above the supported {prefix}_{_dotted(floor)}"
                )
    if elf_files == 0:
        problems.append(f"no ELF files in {bundle}: build the Linux bundle first")
    print(
        f"check_glibc: {elf_files} ELF files; highest needs "
        + ", ".join(f"{prefix}_{_dotted(version)}" for prefix, version in sorted(top.items()))
        + f" (floors GLIBC_{_dotted(GLIBC_FLOOR)}, GLIBCXX_{_dotted(GLIBCXX_FLOOR)})"
    )
    return problems, top


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fail when a bundled ELF file needs a newer glibc.")
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / NAME, help="the one-folder app")
    args = parser.parse_args(argv)
    problems, _ = check(args.bundle)
    for problem in problems:
        print(f"check_glibc: FAIL: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

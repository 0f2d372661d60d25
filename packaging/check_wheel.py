"""Build the pip wheel, install it into a fresh virtual environment, and run the installed command.

    python packaging/check_wheel.py               # dependencies from PyPI (needs the network)
    python packaging/check_wheel.py --reuse-deps  # dependencies from this interpreter (offline)

The wheel must carry the ``resources/`` folder as ``specdec_desktop/_resources``
(setup.py maps it) so the installed app finds its fonts and icons without
the source tree.  The script runs, from a folder outside the source tree:
``specdec-desktop calc --json``, ``specdec-desktop --screenshot`` and
``specdec-desktop --self-test`` (offscreen), and checks that the resources came
from the installed package.  Exits 0 when all of that works, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import site
import subprocess
import sys
import sysconfig
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "specdec-desktop"


def _run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    took = time.perf_counter() - started
    print(f"check_wheel: $ {' '.join(str(c) for c in command)}  [{took:.1f} s, exit {result.returncode}]")
    return result


def build_wheel(out: Path, isolated: bool) -> Path:
    """Build the wheel into ``out`` and return its path."""
    command = [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-w", str(out), "-q"]
    if not isolated:
        command.append("--no-build-isolation")
    result = _run(command)
    if result.returncode != 0:
        raise RuntimeError(f"pip wheel failed: {result.stderr.strip().splitlines()[-1:]}")
    (wheel,) = out.glob("specdec_desktop-*.whl")
    return wheel


def missing_from_wheel(wheel: Path) -> list[str]:
    """Source modules and resource files that the wheel does not carry."""
    import zipfile

    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    wanted = [p.relative_to(ROOT).as_posix() for p in (ROOT / "specdec_desktop").rglob("*.py")]
    wanted += [
        "specdec_desktop/_resources/" + p.relative_to(ROOT / "resources").as_posix()
        for p in (ROOT / "resources").rglob("*")
        if p.is_file()
    ]
    return [name for name in wanted if name not in names and "__pycache__" not in name]


def make_env(where: Path, wheel: Path, reuse_deps: bool) -> Path:
    """A fresh virtual environment with the wheel installed; return its Python."""
    venv.EnvBuilder(with_pip=True).create(where)
    python = where / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    if reuse_deps:
        # The dependencies (PySide6, pyqtgraph, numpy) come from this interpreter; the app itself
        # only from the wheel (this interpreter does not have it installed).
        purelib = Path(
            subprocess.check_output(
                [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
            ).strip()
        )
        deps = {sysconfig.get_paths()["purelib"], *site.getsitepackages()}
        (purelib / "zz_reused_dependencies.pth").write_text("\n".join(sorted(deps)) + "\n")
        command = [str(python), "-m", "pip", "install", "--no-deps", "-q", str(wheel)]
    else:
        command = [str(python), "-m", "pip", "install", "-q", str(wheel)]
    result = _run(command)
    if result.returncode != 0:
        raise RuntimeError(f"pip install failed: {result.stderr.strip()[-400:]}")
    return python


def exercise(python: Path, work: Path) -> list[str]:
    """Run the installed app; return the problems found."""
    problems = []
    scripts = python.parent
    command = scripts / (f"{NAME}.exe" if sys.platform == "win32" else NAME)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}  # no source tree
    env["QT_QPA_PLATFORM"] = "offscreen"

    where = _run(
        [str(python), "-c", "import specdec_desktop.resources as r; print(r.root())"], cwd=work, env=env
    )
    root = where.stdout.strip()
    if where.returncode != 0 or "_resources" not in root or str(ROOT) in root:
        problems.append(
            f"resources resolve to {root or where.stderr.strip()[-200:]!r}, not the installed copy"
        )

    calc = _run([str(command), "calc", "--json"], cwd=work, env=env)
    try:
        figures = json.loads(calc.stdout)
        if figures.get("best_k") != 4 or abs(figures["speedup"] - 1.824244449) > 1e-8:
            problems.append(f"calc --json printed {calc.stdout.strip()}")
    except (ValueError, KeyError):
        problems.append(f"calc --json printed {calc.stdout.strip()!r} {calc.stderr.strip()[-200:]!r}")

    shot = work / "wheel.png"
    screenshot = _run([str(command), "--screenshot", str(shot), "--size", "1200x800"], cwd=work, env=env)
    if screenshot.returncode != 0 or not shot.is_file() or shot.stat().st_size < 10_000:
        problems.append(f"--screenshot failed: {screenshot.stderr.strip()[-200:]!r}")

    test = _run([str(command), "--self-test"], cwd=work, env=env)
    if test.returncode != 0:
        problems.append(f"--self-test failed: {test.stderr.strip()}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build, install and run the pip wheel in a fresh venv.")
    parser.add_argument("--reuse-deps", action="store_true", help="take the dependencies from this Python")
    parser.add_argument(
        "--keep", type=Path, help="build in this folder and keep it (default: a temporary one)"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="specdec-wheel-") as temp:
        base = args.keep or Path(temp)
        base.mkdir(parents=True, exist_ok=True)
        try:
            wheel = build_wheel(base / "wheel", isolated=not args.reuse_deps)
            print(f"check_wheel: {wheel.name}, {wheel.stat().st_size / 1024:.0f} KiB")
            missing = missing_from_wheel(wheel)
            if missing:
                raise RuntimeError(f"the wheel lacks {len(missing)} files, e.g. {missing[0]}")
            python = make_env(base / "venv", wheel, args.reuse_deps)
        except RuntimeError as error:
            print(f"check_wheel: FAIL: {error}", file=sys.stderr)
            return 1
        work = base / "elsewhere"
        work.mkdir(exist_ok=True)
        problems = exercise(python, work)
    for problem in problems:
        print(f"check_wheel: FAIL: {problem}", file=sys.stderr)
    if not problems:
        print("check_wheel: ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

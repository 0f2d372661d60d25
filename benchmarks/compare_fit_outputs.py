"""Does ``fit FILE --json`` print the same bytes with two checkouts?  (A check for speed work.)

    python benchmarks/compare_fit_outputs.py OLD_ROOT [FILE ...] [--new NEW_ROOT] [--k 4]

``OLD_ROOT`` is a copy of the code before the change (``git archive HEAD | tar -x -C /tmp/old``);
``NEW_ROOT`` is this checkout unless given.  Every file (by default each one in
tests/data/metrics/) is fitted by each checkout in a child process, ``fit FILE --json`` and then
once per ``--k`` given, and the exit status, standard output and standard error are compared
byte for byte.  Exit status 0 when every pair is identical, 1 otherwise (the differences are
printed).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "tests" / "data" / "metrics"


def _fit(root: Path, arguments: list[str], folder: str) -> tuple[int, bytes, bytes]:
    environment = dict(os.environ, PYTHONPATH=str(root), QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-m", "specdec_desktop", "fit", *arguments],
        cwd=folder,  # not the checkout: its folder would come first on sys.path
        env=environment,
        capture_output=True,
        timeout=600,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="root of the checkout before the change")
    parser.add_argument("files", nargs="*", type=Path, help="files to fit (default: tests/data/metrics/*)")
    parser.add_argument("--new", type=Path, default=ROOT, help="root of the checkout after (default: this)")
    parser.add_argument("--k", action="append", default=[], help="also fit with --k K (repeatable)")
    args = parser.parse_args()
    files = args.files or sorted(path for path in SAMPLES.iterdir() if path.is_file())
    variants = [[]] + [["--k", k] for k in args.k]
    differ = 0
    with tempfile.TemporaryDirectory(prefix="specdec-compare-") as folder:
        for path in files:
            for variant in variants:
                arguments = [str(path.resolve()), "--json", *variant]
                old = _fit(args.old.resolve(), arguments, folder)
                new = _fit(args.new.resolve(), arguments, folder)
                same = old == new
                differ += not same
                label = " ".join([path.name, "--json", *variant])
                print(f"{'same   ' if same else 'DIFFERS'} exit {old[0]}/{new[0]}  {label}")
                if not same:
                    for name, before, after in zip(("stdout", "stderr"), old[1:], new[1:], strict=True):
                        if before != after:
                            print(f"  {name} before: {before[:2000]!r}\n  {name} after:  {after[:2000]!r}")
    print(f"{len(files) * len(variants) - differ} of {len(files) * len(variants)} identical")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

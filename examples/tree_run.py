"""Render the token-by-token run of a 64-node draft tree to PNGs (the run view, then the window).

    QT_QPA_PLATFORM=offscreen python examples/tree_run.py [OUT_DIR] [--size 1280x800]

The window opens with the best tree of at most 64 drafted nodes for the rank vector
(0.7, 0.15, 0.05), the run is moved to a few moments (a level being drafted, the check walking
the tree), and each is saved as ``tree-run-<size>-<moment>.png`` in ``OUT_DIR`` (default
``build/tree-run``).  ``tests/widgets/test_tree_cycle.py`` runs it, so it does not rot.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

from specdec_desktop.app import create_application, create_main_window

#: The moments shown: (name, cycle, event of that cycle, fraction of it).
MOMENTS = (("drafting", 7, 2, 0.5), ("checking", 7, None, 0.6))


def render(out_dir: Path, size: tuple[int, int], extra: list[str] | None = None) -> list[Path]:
    """Save the moments at ``size`` (``extra``: more window arguments); return the files written."""
    app = create_application([])
    shape = ["--tree-budget", "64", "--rank-acceptance", "0.7,0.15,0.05"]
    window = create_main_window([*shape, "--size", "{}x{}".format(*size), *(extra or [])])
    window.resize(*size)
    window.show_tab("token-run")
    window.show()
    state = window.app_state
    state.run.flush()
    view = window.findChild(object, "tokenRun")
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, cycle, event, fraction in MOMENTS:
        timeline = state.player.timeline
        done = timeline.k if event is None else event  # None: the check (after the k draft events)
        state.player.seek(timeline.cycle_start(cycle) + done + fraction)
        app.processEvents()  # the layout settles, as it does before a frame is shown
        for target, label in ((view, "view"), (window, "window")):
            path = out_dir / f"tree-run-{size[0]}x{size[1]}-{name}-{label}.png"
            target.grab().save(str(path))
            written.append(path)
    window.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", nargs="?", default="build/tree-run", type=Path)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--projector", action="store_true", help="in the projector theme")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))
    for path in render(args.out_dir, (width, height), ["--projector"] if args.projector else []):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

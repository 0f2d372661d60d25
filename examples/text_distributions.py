"""Render the real-text run with the distributions at the position shown to PNGs.

    QT_QPA_PLATFORM=offscreen python examples/text_distributions.py [OUT_DIR] [--size 1280x800]

The window opens on the "Where p comes from" tab, the n-gram models are built, the run is
stepped to a few cycles with "Show the distributions" on, the tab is scrolled to the text run,
and each moment is saved as ``text-distributions-<size>-cycle<N>.png`` (the window) in
``OUT_DIR`` (default ``build/text-distributions``), with the panel alone beside it.
``tests/widgets/test_text_run_panel.py`` runs it, so it does not rot.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

from specdec_desktop.app import create_application, create_main_window

#: The cycles shown (1-based: the run is stepped to show that many).
MOMENTS = (3, 12)


def render(out_dir: Path, size: tuple[int, int], extra: list[str] | None = None) -> list[Path]:
    """Save the moments at ``size`` (``extra``: more window arguments); return the files written."""
    app = create_application([])
    window = create_main_window(["--size", "{}x{}".format(*size), *(extra or [])])
    window.resize(*size)
    window.show()
    window.show_tab("sampling")
    state = window.app_state.text_run
    state.start()
    state.wait()
    while state.result is None:  # the finished job's result lands with the next events
        app.processEvents()
        state.wait()
    panel = window.sampling_view.text_panel
    panel.distributions_button.click()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for shown in MOMENTS:
        state.step(shown - state.shown)
        app.processEvents()
        # The tab scrolls: bring the top of the distributions to the top of its view.
        top = panel.distributions.mapTo(window.sampling_view, panel.distributions.rect().topLeft()).y()
        window.sampling_scroll.verticalScrollBar().setValue(top - 8)
        app.processEvents()
        for target, label in ((window, "window"), (panel, "panel")):
            path = out_dir / f"text-distributions-{size[0]}x{size[1]}-cycle{shown}-{label}.png"
            target.grab().save(str(path))
            written.append(path)
    window.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", nargs="?", default="build/text-distributions", type=Path)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--projector", action="store_true", help="in the projector theme")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))
    for path in render(args.out_dir, (width, height), ["--projector"] if args.projector else []):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

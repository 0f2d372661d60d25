"""Languages: start-up in a translated language against English, and a live switch (View ▸ Language).

Start-up: ``python -m specdec_desktop --size 1600x1000 [--lang CODE]`` with
``SPECDEC_STARTUP_PROBE=1`` (offscreen, no settings), English and each translation alternating
in one run, rotating who goes first, after one warm-up of each; the medians are compared
(issue 27: a translated start-up within 1.05x the English one).  On a machine other jobs load,
a slow stretch can fall on one language's runs and not another's: the paired rows divide each
round's translated start-up by that same round's English one (run seconds apart) and take the
median of those ratios, which such a stretch disturbs far less.

Live switch: one window at 1920x1080 in-process; ``LanguageMenu.switch(code)`` through
en → de → es → zh_CN → en, repeated, each timed up to the end of the repaint it causes
(``QApplication.processEvents`` after the switch).  Target: 300 ms.

Usage: ``python benchmarks/bench_language.py [--repeats N] [--quick]``
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import PYTHON, arguments, child_env, emit, row, run_child

APP = "SpecDec Desktop"
T0 = "SPECDEC_STARTUP_T0"
CODES = ("en", "de", "es", "zh_CN")


def _start(code: str) -> dict[str, float]:
    argv = [PYTHON, "-m", "specdec_desktop", "--size", "1600x1000", "--lang", code]
    env = child_env({"SPECDEC_STARTUP_PROBE": "1", "SPECDEC_NO_SETTINGS": "1"})
    result = run_child(argv, env=env, timeout=60, t0_variable=T0)
    values = result.values()
    if result.returncode != 0 or "first-paint" not in values:
        raise SystemExit(f"{' '.join(argv)} failed (exit {result.returncode}):\n{result.stderr}")
    return values


def _switch_times(repeats: int) -> dict[str, list[float]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["SPECDEC_NO_SETTINGS"] = "1"
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from specdec_desktop.app import create_main_window

    window = create_main_window([])
    window.resize(1920, 1080)
    window.show()
    app.processEvents()
    menu = window.services.language_menu
    times: dict[str, list[float]] = {code: [] for code in CODES}
    for i in range(repeats + 1):
        for code in (*CODES[1:], CODES[0]):
            started = time.perf_counter()
            menu.switch(code)
            app.processEvents()
            if i:  # the first round warms the catalogues and the glyph caches
                times[code].append((time.perf_counter() - started) * 1000)
    window.close()
    return times


def main() -> int:
    args = arguments(__doc__.splitlines()[0], default_repeats=9).parse_args()
    repeats = 2 if args.quick else max(5, args.repeats)
    for code in CODES:
        _start(code)  # warm the file cache and the .pyc files
    runs: dict[str, list[dict[str, float]]] = {code: [] for code in CODES}
    for i in range(repeats):
        order = CODES[i % len(CODES) :] + CODES[: i % len(CODES)]
        for code in order:
            runs[code].append(_start(code))

    def column(code: str, key: str) -> list[float]:
        return [run[key] for run in runs[code]]

    english = statistics.median(column("en", "chart-live"))
    rows = [row("chart live", "English", column("en", "chart-live"), unit="s", reference=True)]
    for code in CODES[1:]:
        rows.append(
            row(
                "chart live",
                f"{APP} --lang {code}",
                column(code, "chart-live"),
                unit="s",
                targets={"median": round(1.05 * english, 4)},
                note="target: 1.05x the English median",
            )
        )
    english_cpu = statistics.median(column("en", "chart-live-cpu"))
    rows.append(row("chart live, CPU", "English", column("en", "chart-live-cpu"), unit="s", reference=True))
    for code in CODES[1:]:
        rows.append(
            row(
                "chart live, CPU",
                f"{APP} --lang {code}",
                column(code, "chart-live-cpu"),
                unit="s",
                targets={"median": round(1.05 * english_cpu, 4)},
                note="the process's own CPU time: less disturbed by other jobs than wall time",
            )
        )
    for key, label in (("chart-live", "chart live"), ("chart-live-cpu", "chart live, CPU")):
        for code in CODES[1:]:
            pairs = zip(column(code, key), column("en", key), strict=True)
            paired = [mine / english for mine, english in pairs]
            rows.append(
                row(
                    f"{label}, paired / English",
                    f"{APP} --lang {code}",
                    paired,
                    unit="x",
                    targets={"median": 1.05},
                    note="each round's start-up over the same round's English one",
                )
            )
    rows.append(row("first paint", "English", column("en", "first-paint"), unit="s", reference=True))
    for code in CODES[1:]:
        rows.append(row("first paint", f"{APP} --lang {code}", column(code, "first-paint"), unit="s"))
    for code, samples in _switch_times(repeats * 2).items():
        rows.append(row("live switch, 1920x1080", f"to {code}", samples, unit="ms", targets={"max": 300.0}))
    notes = [
        f"{repeats} start-ups per language, alternating in one run (rotating who goes first), "
        "after one warm-up each; offscreen, no settings; chart live = the probe's end of the "
        "chart's first paint (specdec_desktop/startup_probe.py).",
        "Live switch: in-process, window 1920x1080 offscreen, LanguageMenu.switch then "
        "processEvents (the repaint), first round untimed.",
    ]
    result = emit("language", rows, notes=notes)
    return 0 if result["all_targets_met"] else 1


if __name__ == "__main__":
    sys.exit(main())

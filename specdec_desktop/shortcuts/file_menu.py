"""The shortcut table's rows of File ▸ …: scenarios, tours, exports, measurements, quit."""

from __future__ import annotations

from .shortcut import Shortcut as S

ROWS: tuple[S, ...] = (
    S("file.open_scenario", ("Ctrl+O",), "&Open scenario…", "Open a saved scenario file", "File"),
    S("file.save_scenario", ("Ctrl+S",), "&Save scenario…", "Save parameters, theme, zoom and tour", "File"),
    S("file.open_tour", ("Ctrl+Shift+O",), "Open &tour…", "Open your own tour file and start it", "File"),
    S(
        "file.export_png",
        ("Ctrl+E",),
        "Export chart as &PNG…",
        "Save the chart as a PNG image at twice screen resolution",
        "File",
        separator_before=True,
    ),
    S(
        "file.export_svg",
        ("Ctrl+Shift+E",),
        "Export chart as S&VG…",
        "Save the chart as a vector image",
        "File",
    ),
    S(
        "file.export_csv",
        ("Ctrl+Alt+E",),
        "Export curve &data as CSV…",
        "Save the speedup at every k for p and p ± 0.10",
        "File",
    ),
    S(
        "file.copy_readouts",
        ("Ctrl+Shift+C",),
        "&Copy readouts",
        "Copy the four readouts to the clipboard as text",
        "File",
    ),
    S(
        "file.import_measurements",
        ("Ctrl+I",),
        "&Import measurements…",
        "Read a serving engine's speculative-decoding metrics and fit them",
        "File",
        separator_before=True,
    ),
    S(
        "file.paste_measurements",
        ("Ctrl+Shift+V",),
        "Paste &measurements",
        "Read speculative-decoding metrics from the clipboard",
        "File",
    ),
    S(
        "file.use_measured_costs",
        ("Ctrl+Shift+M",),
        "&Use measured costs",
        "Set p, c, the overhead and the verify growth to what the imported runs at several k measured",
        "File",
    ),
    S(
        "file.export_report",
        ("Ctrl+Alt+H",),
        "Export &report…",
        "Save the imported measurement, fit and recommendation as one HTML file",
        "File",
    ),
    S("file.quit", ("Ctrl+Q",), "&Quit", "Close SpecDec Desktop", "File", separator_before=True),
)

"""The shortcut table's rows of Run ▸ …: the token-by-token animation."""

from __future__ import annotations

from .shortcut import Shortcut as S

ROWS: tuple[S, ...] = (
    # Run: the token-by-token animation. Arrows, PageUp/PageDown and Home/End stay with the
    # sliders, and B, ".", F5 and Escape with the clicker, so the run takes letters and brackets.
    S("run.play_pause", ("Space",), "&Play or pause", "Play or pause the token-by-token run", "Run"),
    S("run.step", ("N",), "Single &step", "One draft step or one check of the run", "Run"),
    S("run.restart", ("R",), "&Restart run", "Restart the run from its first cycle", "Run"),
    S("run.slower", ("[",), "S&lower", "Play the run more slowly", "Run", separator_before=True),
    S("run.faster", ("]",), "&Faster", "Play the run faster", "Run"),
    S("run.new_seed", ("D",), "New see&d", "Draw a new seed: a different run", "Run", separator_before=True),
)

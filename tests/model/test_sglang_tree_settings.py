"""SGLang's tree settings in its log (measured/line_readers/sglang.py): k from num_steps, and a
note that a tree's accept length is no chain's p."""

from __future__ import annotations

from pathlib import Path

import pytest

from specdec_desktop.measured import MetricsProblem, read_metrics

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"


def test_server_args_give_k_and_say_the_tau_came_from_a_tree():
    m = read_metrics(DATA / "sglang_tree_server.log")
    assert m.k == 5
    tree_notes = [note for note in m.notes if "tree" in note]
    assert len(tree_notes) == 1
    assert "calc --sglang 5,4,8" in tree_notes[0]


def test_command_line_flags_are_read_too(tmp_path):
    log = tmp_path / "cmd.log"
    lines = (DATA / "sglang_server.log").read_text().splitlines()
    command = "python -m sglang.launch_server --speculative-num-steps 3 --speculative-eagle-topk 1"
    log.write_text("\n".join([command, *lines]) + "\n")
    m = read_metrics(log)
    assert m.k == 3
    assert not any("tree" in note for note in m.notes)  # topk 1 is a chain


def test_contradicting_settings_are_refused(tmp_path):
    log = tmp_path / "two.log"
    lines = (DATA / "sglang_tree_server.log").read_text().splitlines()
    log.write_text("\n".join([*lines, "--speculative-eagle-topk 2"]) + "\n")
    with pytest.raises(MetricsProblem, match="eagle topk"):
        read_metrics(log)

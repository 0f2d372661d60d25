"""``sample`` and ``text`` (docs/interface.md): the JSON keys, the figures, and one-line refusals."""

from __future__ import annotations

import json

import pytest

from specdec_desktop.cli import main
from specdec_desktop.model.sampling import softmax

from ..support.cli import run_app

EXAMPLE = ("--target-logits", "2,1.5,0.2,-1", "--draft-logits", "1.4,1.7,0,-0.5")


def _json(capsys, *args: str) -> dict:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_sample_reproduces_the_worked_example_as_a_real_process():
    result = run_app("sample", *EXAMPLE, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"acceptance", "target", "draft", "residual"} <= set(data)
    assert data["acceptance"] == pytest.approx(0.8143, abs=5e-5)
    assert data["residual"] == pytest.approx([0.9949, 0, 0.0051, 0], abs=5e-5)
    assert data["target"] == pytest.approx(softmax([2, 1.5, 0.2, -1]).tolist())


def test_sample_rules_temperature_and_draws(capsys):
    strict = _json(capsys, "sample", *EXAMPLE, "--rule", "strict")
    assert strict["acceptance"] == pytest.approx(strict["target"][1])
    greedy = _json(capsys, "sample", *EXAMPLE, "--temperature", "0", "--rule", "greedy")
    assert greedy["target"] == [1, 0, 0, 0] and greedy["acceptance"] == 0
    drawn = _json(capsys, "sample", *EXAMPLE, "--draws", "20000", "--seed", "4")
    assert sum(drawn["output_histogram"]) == pytest.approx(1.0)
    assert drawn["output_histogram"] == pytest.approx(drawn["target"], abs=0.02)
    assert drawn == _json(capsys, "sample", *EXAMPLE, "--draws", "20000", "--seed", "4")
    spaced = _json(
        capsys,
        "sample",
        "--target-logits",
        "2",
        "1.5",
        "0.2",
        "-1",
        "--draft-logits",
        "1.4",
        "1.7",
        "0",
        "-0.5",
    )
    assert spaced["acceptance"] == pytest.approx(0.8143, abs=5e-5)


def test_sample_prints_every_rule(capsys):
    assert main(["sample", *EXAMPLE]) == 0
    out = capsys.readouterr().out
    for rule in ("probabilistic", "strict", "sampled-match", "greedy"):
        assert f"acceptance {rule}" in out


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("--target-logits", "1,2,3", "--draft-logits", "1,2"), "--draft-logits"),
        (("--target-logits", "1,nan", "--draft-logits", "1,2"), "--target-logits"),
        (("--target-logits", "1,x", "--draft-logits", "1,2"), "--target-logits"),
        ((*EXAMPLE, "--temperature", "1e6"), "--temperature"),
        ((*EXAMPLE, "--temperature", "-1"), "--temperature"),
        ((*EXAMPLE, "--rule", "fuzzy"), "--rule"),
        ((*EXAMPLE, "--draws", "0"), "--draws"),
        ((*EXAMPLE, "--seed", "3"), "--seed"),
        (("--draft-logits", "1,2"), "--target-logits"),
    ],
)
def test_sample_refuses_bad_input_in_one_line(capsys, args, named):
    assert main(["sample", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and named in err and "Traceback" not in err


def test_text_json_keys_and_figures_as_a_real_process():
    result = run_app("text", "--tokens", "200", "--seed", "3", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert {
        "text",
        "tokens_per_cycle",
        "acceptance_per_position",
        "mean_overlap",
        "cycles",
        "speedup",
    } <= set(data)
    assert len(data["text"]) >= 200
    assert data["tokens_per_cycle"] == pytest.approx(len(data["text"]) / data["cycles"])
    assert len(data["acceptance_per_position"]) == 4
    assert 0 < data["mean_overlap"] < 1
    assert data["speedup"] == pytest.approx(len(data["text"]) / data["passes"])


def test_text_policies_on_the_same_seed(capsys):
    runs = {
        policy: _json(
            capsys, "text", "--tokens", "300", "--seed", "1", "--policy", policy, "--draft-order", "4"
        )
        for policy in ("fixed", "threshold:0.4", "heuristic", "oracle")
    }
    assert runs["oracle"]["text"] == runs["fixed"]["text"]
    assert runs["oracle"]["speedup"] > runs["fixed"]["speedup"]
    assert runs["fixed"] == _json(capsys, "text", "--tokens", "300", "--seed", "1", "--draft-order", "4")


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("--draft-order", "6"), "--draft-order"),
        (("--draft-order", "0"), "--draft-order"),
        (("--k", "0"), "--k"),
        (("--policy", "threshold:1.5"), "--policy"),
        (("--policy", "always"), "--policy"),
        (("--temperature", "1e6"), "--temperature"),
        (("--c", "2"), "--c"),
        (("--tokens", "0"), "--tokens"),
        (("--corpus", "/nonexistent/file.txt"), "--corpus"),
    ],
)
def test_text_refuses_bad_input_in_one_line(capsys, args, named):
    assert main(["text", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and named in err and "Traceback" not in err


def test_text_refuses_an_empty_or_binary_corpus(capsys, tmp_path):
    empty, binary = tmp_path / "empty.txt", tmp_path / "binary.txt"
    empty.write_text("")
    binary.write_bytes(bytes(range(256)) * 10)
    for path in (empty, binary):
        assert main(["text", "--corpus", str(path)]) == 2
        assert capsys.readouterr().err.count("\n") == 1

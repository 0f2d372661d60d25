"""The n-gram models built from the bundled text, and the speculative run on real text."""

from __future__ import annotations

import numpy as np
import pytest

from specdec_desktop.model.ngram import build_counts
from specdec_desktop.model.sampling import total_variation
from specdec_desktop.model.text_corpus import (
    BUNDLED_SHA256,
    TARGET_ORDER,
    bundled_counts,
    bundled_text,
    read_text_file,
    text_digest,
)
from specdec_desktop.model.text_run import PROMPT, Policy, run_text


@pytest.fixture(scope="module")
def counts():
    return bundled_counts()


def _mean_overlaps(counts, positions):
    means = {}
    for order in range(1, TARGET_ORDER):
        overlaps = [
            np.minimum(
                counts.distribution(counts.ids[:i], TARGET_ORDER), counts.distribution(counts.ids[:i], order)
            ).sum()
            for i in positions
        ]
        means[order] = float(np.mean(overlaps))
    return means


def test_the_bundled_text_is_the_one_credited():
    text = bundled_text()
    assert len(text) == 1_115_394
    assert text_digest(text) == BUNDLED_SHA256


def test_distributions_are_normalised_and_positive(counts):
    rng = np.random.default_rng(1)
    for i in rng.integers(0, counts.ids.size, 50):
        for order in range(1, TARGET_ORDER + 1):
            probs = counts.distribution(counts.ids[:i], order)
            assert probs.sum() == pytest.approx(1.0)
            assert (probs > 0).all()


def test_a_higher_draft_order_never_lowers_the_mean_overlap(counts):
    """The ladder (issue 26): the prototype's 0.21, 0.40, 0.58, 0.75 for orders 1 to 4."""
    positions = np.random.default_rng(2026).integers(10, counts.ids.size, 1500)
    means = _mean_overlaps(counts, positions)
    assert [means[o] for o in range(1, TARGET_ORDER)] == sorted(means.values())
    for order, expected in {1: 0.21, 2: 0.40, 3: 0.58, 4: 0.75}.items():
        assert means[order] == pytest.approx(expected, abs=0.04)


def test_the_smoothing_matches_witten_bell_by_hand():
    text = ("abracadabra " * 100)[:1200]
    counts = build_counts(text, 2)
    ids = counts.encode("ab")
    size = counts.vocabulary_size
    unigram = np.array([text.count(ch) for ch in counts.alphabet], dtype=float)
    p1 = (unigram + 1) / (len(text) + size)
    follows = [text[i + 1] for i in range(len(text) - 1) if text[i] == "b"]
    seen = np.array([follows.count(ch) for ch in counts.alphabet], dtype=float)
    types = float((seen > 0).sum())
    expected = (seen + types * p1) / (len(follows) + types)
    assert counts.distribution(ids, 2) == pytest.approx(expected)
    assert counts.distribution(ids, 1) == pytest.approx(p1)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("short", "at least"),
        ("ab\x00" * 500, "not plain text"),
        ("".join(chr(0x100 + i) for i in range(300)) * 4, "distinct characters"),
    ],
)
def test_bad_texts_are_refused_in_one_line(text, named):
    with pytest.raises(ValueError, match=named):
        build_counts(text, 6)


def test_bad_files_are_refused_in_one_line(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n")
    binary = tmp_path / "binary.bin"
    binary.write_bytes(b"\x00\xff" * 100)
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"caf\xe9 " * 300)
    for path, named in ((empty, "empty"), (binary, "not plain text"), (latin, "not UTF-8")):
        with pytest.raises(ValueError, match=named):
            read_text_file(path)


def test_the_run_is_reproducible_and_writes_what_it_counts(counts):
    first = run_text(counts, draft_order=3, k=4, tokens=300, seed=5)
    again = run_text(counts, draft_order=3, k=4, tokens=300, seed=5)
    assert first.text == again.text
    assert len(first.text) == first.tokens >= 300
    assert first.tokens == sum(c.accepted + 1 for c in first.cycles)
    assert all(0 <= c.accepted <= len(c.drafted) <= 4 for c in first.cycles)
    assert first.text != run_text(counts, draft_order=3, k=4, tokens=300, seed=6).text
    assert first.passes == pytest.approx(len(first.cycles) * (1 + 0.05 * 4))


def test_the_oracle_writes_the_fixed_text_and_pays_only_for_kept_guesses(counts):
    fixed = run_text(counts, draft_order=2, k=5, tokens=400, seed=9)
    oracle = run_text(counts, draft_order=2, k=5, tokens=400, seed=9, policy="oracle")
    assert oracle.text == fixed.text
    assert oracle.speedup > fixed.speedup
    assert all(a == 1.0 for a in oracle.acceptance_per_position if a is not None)


def test_the_threshold_stops_below_the_drafts_confidence(counts):
    run = run_text(counts, draft_order=3, k=6, tokens=300, seed=1, policy=Policy("threshold", 0.6))
    assert all(conf >= 0.6 for c in run.cycles for conf in c.confidence)
    assert any(len(c.drafted) < 6 for c in run.cycles)


def test_the_heuristic_follows_the_plus_two_minus_one_schedule(counts):
    run = run_text(counts, draft_order=4, k=3, tokens=300, seed=1, policy="heuristic")
    length = 3
    for cycle in run.cycles:
        assert len(cycle.drafted) == length
        length = length + 2 if cycle.accepted == length else max(1, length - 1)


def test_greedy_text_repeats_itself(counts):
    run = run_text(counts, draft_order=3, k=4, tokens=400, temperature=0, seed=1)
    tail = run.text[-120:]
    assert any(tail.count(tail[:n]) >= 3 for n in range(4, 40))


def test_the_written_characters_follow_the_target_at_one_context(counts):
    """Lossless on real models: the first character after the prompt, over many seeds."""
    target = counts.distribution(counts.encode(PROMPT), TARGET_ORDER)
    firsts = [run_text(counts, draft_order=1, k=2, tokens=1, seed=s).text[0] for s in range(1500)]
    histogram = np.bincount(counts.encode("".join(firsts)), minlength=counts.vocabulary_size) / len(firsts)
    assert total_variation(histogram, target) < 0.06


def test_the_measured_speedup_is_near_the_formula_for_a_fixed_k(counts):
    run = run_text(counts, draft_order=4, k=4, tokens=3000, seed=1)
    assert run.speedup == pytest.approx(run.formula_speedup, rel=0.05)


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"draft_order": 6}, "draft_order"),
        ({"k": 0}, "k"),
        ({"tokens": 0}, "tokens"),
        ({"temperature": float("nan")}, "temperature"),
        ({"c": 2.0}, "c"),
        ({"policy": "sometimes"}, "policy"),
        ({"policy": "threshold:0"}, "threshold"),
    ],
)
def test_bad_run_settings_name_the_argument(counts, kwargs, named):
    with pytest.raises(ValueError, match=named):
        run_text(counts, **kwargs)


# -- the distributions at one position of a run (issue 26 item 3: shown on demand) ---------------


@pytest.fixture(scope="module")
def run(counts):
    return run_text(counts, draft_order=2, k=4, temperature=1.0, tokens=300, seed=11)


def test_a_positions_bars_sum_to_one_and_their_overlap_is_the_runs(run):
    from specdec_desktop.model.text_positions import TOP_CHARACTERS, position_distributions

    counts = run.counts
    history = list(counts.encode(PROMPT))
    checked = 0
    for index, cycle in enumerate(run.cycles):
        for guess in range(len(cycle.drafted)):
            shown = position_distributions(run, index, guess)
            assert shown.target.sum() == pytest.approx(1.0, abs=1e-12)
            assert shown.draft.sum() == pytest.approx(1.0, abs=1e-12)
            # The shaded bins add up to the overlap the run recorded at that guess, and to
            # Σ min(p, q) at that context computed here from the counts themselves.
            context = history + list(cycle.drafted[:guess])
            p = counts.distribution(context, run.target_order)
            q = counts.distribution(context, run.draft_order)
            assert shown.acceptance == pytest.approx(cycle.overlaps[guess], abs=1e-12)
            assert shown.acceptance == pytest.approx(float(np.minimum(p, q).sum()), abs=1e-12)
            assert (shown.overlap <= np.minimum(shown.target, shown.draft) + 1e-15).all()
            assert len(shown.characters) == TOP_CHARACTERS and shown.other
            assert shown.characters[shown.proposed] == counts.alphabet[cycle.drafted[guess]]
            assert shown.proposed_character == counts.alphabet[cycle.drafted[guess]]
            assert shown.kept == (guess < cycle.accepted)
            x = cycle.drafted[guess]
            assert shown.keep_chance == pytest.approx(min(1.0, p[x] / q[x]))
            checked += 1
        history.extend(cycle.written)
    assert checked > 100


def test_a_positions_bins_are_the_most_likely_characters_with_the_guess_among_them(run):
    from specdec_desktop.model.text_positions import position_distributions

    for index in range(len(run.cycles)):
        shown = position_distributions(run, index)
        cycle = run.cycles[index]
        assert shown.guess == min(cycle.accepted, len(cycle.drafted) - 1)  # the deciding guess
        named = np.maximum(shown.target, shown.draft)[:-1]
        if shown.proposed != len(named) - 1:  # the last bin may have given way to the guess
            assert list(named) == sorted(named, reverse=True)
    few = position_distributions(run, 0, top=2)
    assert len(few.characters) == 2 and few.target.size == 3


def test_a_greedy_position_has_one_character_each(counts):
    from specdec_desktop.model.text_positions import position_distributions

    greedy = run_text(counts, draft_order=3, k=3, temperature=0.0, tokens=50, seed=2)
    shown = position_distributions(greedy, 0, 0)
    assert sorted(shown.target)[-1] == 1.0 and sorted(shown.draft)[-1] == 1.0
    assert shown.acceptance in (0.0, 1.0)
    assert shown.kept == (shown.acceptance == 1.0)


@pytest.mark.parametrize(("args", "named"), [((10_000,), "cycle"), ((0, 99), "guess"), ((-1,), "cycle")])
def test_a_position_outside_the_run_is_named(run, args, named):
    from specdec_desktop.model.text_positions import position_distributions

    with pytest.raises(ValueError, match=named):
        position_distributions(run, *args)
    with pytest.raises(ValueError, match="top"):
        position_distributions(run, 0, top=0)

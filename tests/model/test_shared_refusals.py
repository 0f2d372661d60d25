"""The refusals the readers share (issue 22: one check each, not a copy per reader), read from
text as a user pastes it: each names its line and says the same words whatever the format. No Qt.
"""

from __future__ import annotations

import json

import pytest

from specdec_desktop.measured import MetricsProblem
from specdec_desktop.measured.scan import CLIPBOARD, read_metrics_text

_BENCH = "---------------Speculative Decoding---------------\n"

REFUSED = [
    # More accepted than drafted: line_readers/base.check_accepted, in every reader that counts both.
    (
        "INFO SpecDecoding metrics: Mean acceptance length: 2.5, Accepted: 300 tokens, Drafted: 200 tokens\n",
        "contradiction",
        "line 1: 300 tokens accepted out of 200 drafted",
    ),
    (
        "INFO Speculative metrics: Draft acceptance rate: 0.5, System efficiency: 0.5, Number of "
        "speculative tokens: 4, Number of accepted tokens: 300, Number of draft tokens: 200, Number of "
        "emitted tokens: 100\n",
        "contradiction",
        "line 1: 300 tokens accepted out of 200 drafted",
    ),
    (
        'vllm:spec_decode_num_drafts_total{engine="0"} 10\n'
        'vllm:spec_decode_num_draft_tokens_total{engine="0"} 40\n'
        'vllm:spec_decode_num_accepted_tokens_total{engine="0"} 50\n',
        "contradiction",
        "line 1: 50 tokens accepted out of 40 drafted",
    ),
    (
        "num_drafts: 10\nnum_draft_tokens: 40\nnum_accepted_tokens: 50\nmean acceptance length: 2.0\n",
        "contradiction",
        "line 3: 50 tokens accepted out of 40 drafted",
    ),
    (
        _BENCH + "Acceptance length: 2.00\nDrafts: 10\nDraft tokens: 40\nAccepted tokens: 50\n",
        "contradiction",
        "line 5: 50 tokens accepted out of 40 drafted",
    ),
    # A summary's counts: all three or none (line_readers/summaries.run_counts), named as printed.
    (
        "num_drafts: 10\nnum_draft_tokens: 40\nmean acceptance length: 2.0\n",
        "missing_field",
        "this run prints num_drafts but not num_accepted_tokens",
    ),
    (
        _BENCH + "Acceptance length: 2.00\nDrafts: 10\nDraft tokens: 40\n",
        "missing_field",
        "this run prints Drafts but not Accepted tokens",
    ),
    (
        "num_drafts: 0\nnum_draft_tokens: 0\nnum_accepted_tokens: 0\nmean acceptance length: 1.0\n",
        "no_metrics",
        "this run made no drafts",
    ),
    # Positions with a gap (summaries.check_position_order).
    (
        "mean acceptance length: 2.0\nacceptance at token 0: 0.50\nacceptance at token 2: 0.30\n",
        "contradiction",
        "the positions printed are [0, 2]; they must run 0, 1, 2, ...",
    ),
    # A draft length that changes (problems.k_changed): a table, line by line and on the fast path,
    # and per-request JSON.
    ("accepted,k\n1,4\n2,5\n", "contradiction", "line 3: the draft length changes from 4 (line 2) to 5"),
    (
        "accepted,k\n" + "1,4\n" * 50 + "2,5\n",
        "contradiction",
        "line 52: the draft length changes from 4 (line 51) to 5",
    ),
    (
        "\n".join(json.dumps({"acceptance_histogram": h}) for h in ([1, 2, 3], [1, 2, 3, 4])),
        "contradiction",
        "line 2: the draft length changes from 2 (line 1) to 3",
    ),
]


@pytest.mark.parametrize(("text", "kind", "words"), REFUSED)
def test_a_shared_refusal_names_its_line_in_the_same_words(text, kind, words):
    with pytest.raises(MetricsProblem) as caught:
        read_metrics_text(text, CLIPBOARD)
    assert caught.value.kind == kind
    assert words in str(caught.value)


def test_a_benchmark_run_with_all_its_counts_is_read():
    """The checks let a whole run through: counts, and per-position counts rebuilt from percentages."""
    text = _BENCH + (
        "Acceptance rate (%): 50.00\nAcceptance length: 3.00\nDrafts: 10\nDraft tokens: 40\n"
        "Accepted tokens: 20\nPer-position acceptance (%):\nPosition 0: 80.00\nPosition 1: 60.00\n"
        "Position 2: 40.00\nPosition 3: 20.00\n"
    )
    m = read_metrics_text(text, CLIPBOARD)
    assert (m.format, m.k, m.steps, m.accepted, m.position_counts) == ("vllm-bench", 4, 10, 20, (8, 6, 4, 2))

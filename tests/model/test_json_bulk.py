"""A block of per-request values added up at once leaves what feeding them one by one leaves."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdec_desktop.measured import MetricsProblem
from specdec_desktop.measured.engine_json import LlamaServerTimings, SglangRequests, TrtllmRequests
from specdec_desktop.measured.json_bulk import feed_all
from specdec_desktop.measured.measurement import MAX_GROUPS
from specdec_desktop.measured.request_json import _MAX_DEPTH, RequestHistograms, objects_holding

#: Mostly plain counts, sometimes what the checks refuse or convert (floats, bools, None, text).
_COUNT = st.one_of(
    st.integers(0, 40),
    st.integers(0, 40),
    st.integers(0, 40),
    st.sampled_from([-1, 2**53 + 1, 3.0, 2.5, True, None, "7"]),
)


def _histogram(draw, length: int) -> list:
    return [draw(_COUNT) if not draw(st.integers(0, 30)) else draw(st.integers(0, 40)) for _ in range(length)]


@st.composite
def _sglang(draw) -> object:
    histogram = _histogram(draw, draw(st.integers(1, 5)))
    plain = all(type(h) is int and h >= 0 for h in histogram)
    steps = sum(histogram) if plain and draw(st.integers(0, 9)) else draw(_COUNT)
    accepted = sum(j * h for j, h in enumerate(histogram)) if plain else 0
    value = {"spec_verify_ct": steps, "spec_correct_drafts_histogram": histogram}
    if draw(st.booleans()):
        value["spec_num_correct_drafts"] = accepted if draw(st.integers(0, 9)) else draw(_COUNT)
    if draw(st.booleans()):
        proposed = accepted + draw(st.integers(0, 9))
        value["spec_num_proposed_drafts"] = proposed if draw(st.integers(0, 9)) else draw(_COUNT)
    if not draw(st.integers(0, 30)):
        value = draw(st.sampled_from([{"meta_info": value}, [value, value], {"x": 1}]))
    elif not draw(st.integers(0, 30)):
        value["spec_correct_drafts_histogram"] = draw(st.sampled_from([None, [], "1,2", 3]))
    return value


@st.composite
def _vllm(draw, k: int) -> object:
    histogram = _histogram(draw, k + 1 if draw(st.integers(0, 20)) else draw(st.integers(1, 6)))
    plain = all(type(h) is int and h >= 0 for h in histogram)
    steps = sum(histogram) if plain else 0
    accepted = sum(j * h for j, h in enumerate(histogram)) if plain else 0
    value: dict = {"acceptance_histogram": histogram}
    for key, right in (
        ("num_spec_tokens", len(histogram) - 1),
        ("num_spec_steps", steps),
        ("num_accepted_draft_tokens", accepted),
        ("num_draft_tokens", steps * (len(histogram) - 1)),
    ):
        if draw(st.booleans()):
            value[key] = right if draw(st.integers(0, 9)) else draw(_COUNT)
    if draw(st.booleans()):
        mean = 1 + accepted / steps if steps else 1.0
        wrong = draw(st.sampled_from([mean + 0.1, True, "2"]))
        value["mean_acceptance_length"] = mean if draw(st.integers(0, 9)) else wrong
    if not draw(st.integers(0, 30)):
        others = [{"speculative_decoding": value}, {"acceptance_histogram": None}, [value]]
        value = draw(st.sampled_from(others))
    return value


def _state(consumer) -> dict:
    state = dict(vars(consumer))
    state["groups"] = consumer.groups.as_tuple()
    return state


def _outcome(consumer, items, together: bool):
    try:
        if together:
            feed_all(consumer, items)
        else:
            for value, line in items:
                try:
                    consumer.feed_value(value, line)
                except MetricsProblem as problem:
                    raise problem.at(line=line) from None
    except MetricsProblem as problem:
        return ("problem", str(problem), problem.line)
    except Exception as error:  # the same failure either way, whatever it is
        return ("error", type(error).__name__, str(error))
    return ("state", _state(consumer))


def _check(make, values, first: int = 1) -> None:
    items = [(value, first + 2 * i) for i, value in enumerate(values)]
    assert _outcome(make(), items, True) == _outcome(make(), items, False)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.lists(_sglang(), max_size=12))
def test_sglang_blocks(values):
    _check(SglangRequests, values)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.integers(1, 4).flatmap(lambda k: st.lists(_vllm(k), max_size=12)))
def test_vllm_blocks(values):
    _check(RequestHistograms, values)


@settings(max_examples=100, derandomize=True, deadline=None)
@given(st.lists(_sglang(), min_size=1, max_size=6), st.lists(_sglang(), min_size=1, max_size=6))
def test_sglang_two_blocks_in_a_row(first, second):
    """State carried over from an earlier block (its histogram width, k line) is kept the same."""
    items = [(value, i + 1) for i, value in enumerate(first)]
    later = [(value, i + 100) for i, value in enumerate(second)]

    def fed(together: bool):
        consumer = SglangRequests()
        outcome = _outcome(consumer, items, together)
        return outcome if outcome[0] != "state" else _outcome(consumer, later, together)

    assert fed(True) == fed(False)


def test_plain_blocks_take_the_bulk_path_and_others_do_not():
    one = {"spec_verify_ct": 4, "spec_correct_drafts_histogram": [1, 1, 2], "spec_num_proposed_drafts": 8}
    plain = [one] * 3
    consumer = SglangRequests()
    feed_all(consumer, [(value, i + 1) for i, value in enumerate(plain)])
    totals = (consumer.steps, consumer.accepted, consumer.histogram, consumer.lines_used)
    assert totals == (12, 15, [3, 3, 6], 3)
    with pytest.raises(MetricsProblem, match="line 2"):
        bad = [*plain[:1], {"spec_verify_ct": 5, "spec_correct_drafts_histogram": [1, 1, 2]}]
        feed_all(SglangRequests(), [(value, i + 1) for i, value in enumerate(bad)])


def test_groups_extend_merges_as_add_does():
    pairs = [(1.0 + i / 7, i % 5 + 1) for i in range(2 * MAX_GROUPS + 17)]
    one, many = SglangRequests().groups, SglangRequests().groups
    for pair in pairs:
        one.add(*pair)
    many.extend(pairs[:5])
    many.extend(pairs[5:])
    assert one.as_tuple() == many.as_tuple()


def test_other_collectors_are_fed_one_by_one():
    values = [{"draft_n": 10, "draft_n_accepted": 5, "predicted_n": 20}] * 2
    consumer = LlamaServerTimings()
    feed_all(consumer, [(value, i + 1) for i, value in enumerate(values)])
    assert (consumer.drafted, consumer.lines_used) == (20, 2)


@st.composite
def _trtllm(draw) -> object:
    requests = []
    for _ in range(draw(st.integers(0, 8))):
        drafted = draw(_COUNT) if not draw(st.integers(0, 15)) else draw(st.integers(0, 60))
        plain = type(drafted) is int and drafted >= 0
        accepted = draw(st.integers(0, drafted)) if plain and draw(st.integers(0, 15)) else draw(_COUNT)
        metrics = {"total_draft_tokens": drafted, "total_accepted_draft_tokens": accepted}
        if draw(st.booleans()) and plain and type(accepted) is int and drafted:
            metrics["acceptance_rate"] = round(accepted / drafted, draw(st.sampled_from([1, 4, 6])))
        requests.append({"request_id": len(requests), "perf_metrics": {"speculative_decoding": metrics}})
    return draw(st.sampled_from([requests, {"requests": requests}, requests[:1]]))


@settings(max_examples=300, derandomize=True, deadline=None)
@given(_trtllm())
def test_trtllm_documents(document):
    _check(TrtllmRequests, [document])


def _stack_walk(value, key: str) -> list:
    """The walk objects_holding made with a stack before it recursed: the order to keep."""
    found, stack = [], [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            if key in item:
                found.append(item)
                continue
            children = item.values()
        elif isinstance(item, list):
            children = reversed(item)
        else:
            continue
        if depth < _MAX_DEPTH:
            stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return found


_NESTED = st.recursive(
    st.none() | st.integers(0, 3) | st.just("k"),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["k", "a", "b"]), inner, max_size=3)
    ),
    max_leaves=40,
)


@settings(max_examples=500, derandomize=True, deadline=None)
@given(_NESTED)
def test_objects_holding_walks_in_the_same_order(value):
    found = objects_holding(value, "k")
    assert [id(item) for item in found] == [id(item) for item in _stack_walk(value, "k")]


def test_objects_holding_stops_at_the_depth_bound():
    deep: object = {"k": 1}
    for _ in range(_MAX_DEPTH + 3):
        deep = [deep]
    assert objects_holding(deep, "k") == _stack_walk(deep, "k") == []

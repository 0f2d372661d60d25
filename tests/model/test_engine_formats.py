"""The engines' other outputs (issue 23): every format and variant, with hand-computed figures. No Qt.

The sample files are ours (tests/data/metrics/make_engine_samples.py), with round numbers so
that each figure below is worked out by hand in its comment.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from specdec_desktop.measured import MetricsProblem, fit_measurement, read_metrics, read_metrics_text, solve_p

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"


def fitted(name: str, **kwargs):
    return fit_measurement(read_metrics(DATA / name, **kwargs))


def test_vllm_spec_decode_example():
    fit = fitted("vllm_spec_decode_example.txt")
    m = fit.measurement
    assert (m.format, m.k, m.steps, m.accepted, m.drafted) == ("vllm-example", 3, 1000, 1500, 3000)
    assert fit.tau == pytest.approx(2.5)  # 1 + 1500 / 1000
    assert m.engine_acceptance == pytest.approx(0.5)  # 1500 / 3000
    assert fit.fitted_p == pytest.approx(solve_p(2.5, 3))
    # two-decimal rates are shown (a_i = r_i / r_(i-1)) but not tested
    assert fit.per_position == pytest.approx((0.7, 0.5 / 0.7, 0.3 / 0.5))
    assert fit.per_position_low is None and fit.verdict == "untested"


def test_eagle_bonus_column_is_the_targets_own_token():
    fit = fitted("vllm_eagle_bonus.txt")
    m = fit.measurement
    assert m.k == 3  # four lines, "token 0" = 1.00 is the bonus token
    assert m.steps is None and fit.tau == pytest.approx(2.5)
    assert fit.per_position == pytest.approx((0.7, 0.5 / 0.7, 0.3 / 0.5))
    assert any("target's own token" in note for note in m.notes)
    assert fit.tau_se is None and "no interval" in fit.p_interval_text()


def test_eagle_without_bonus_column():
    text = "mean acceptance length: 2.50\nacceptance at token 0:0.70\nacceptance at token 1:0.50\n"
    text += "acceptance at token 2:0.30\n"
    m = read_metrics_text(text)
    assert m.k == 3 and m.position_rates == pytest.approx((0.7, 0.5, 0.3))


@pytest.mark.parametrize("name", ["vllm_bench_serve.txt", "vllm_bench_serve_compose.log"])
def test_vllm_bench_serve(name):
    fit = fitted(name)
    m = fit.measurement
    assert (m.format, m.k, m.steps, m.accepted) == ("vllm-bench", 4, 2000, 4400)  # k = 8000 / 2000
    assert fit.tau == pytest.approx(3.2)
    assert m.engine_acceptance == pytest.approx(0.55)
    assert m.position_counts == (1600, 1250, 950, 600)  # 80.00 %, 62.50 %, ... of 2000
    assert fit.per_position == pytest.approx((0.8, 1250 / 1600, 950 / 1250, 600 / 950))


def test_bench_serve_cut_off_names_the_missing_count():
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(DATA / "vllm_bench_serve_cut.txt")
    assert caught.value.kind == "missing_field"
    assert "Accepted tokens" in str(caught.value) and "vllm_bench_serve_cut.txt" in str(caught.value)


def test_sglang_bench_serving_needs_k_then_reads_the_mean():
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(DATA / "sglang_bench_serving.txt")
    assert caught.value.kind == "k_missing"
    fit = fitted("sglang_bench_serving.txt", k=3)
    assert fit.measurement.format == "sglang-bench"
    assert fit.tau == pytest.approx(2.46) and fit.fitted_p == pytest.approx(solve_p(2.46, 3))


def test_vllm_v1_first_release_line():
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(DATA / "vllm_v1_early.log")
    assert caught.value.kind == "k_missing"
    fit = fitted("vllm_v1_early.log", k=5)
    m = fit.measurement
    assert (m.format, m.steps, m.accepted) == ("vllm-v1-early", 300, 900)  # 1500 / 5 steps
    assert fit.tau == pytest.approx(4.0) and m.engine_acceptance == pytest.approx(0.6)


def test_sglang_per_request_json():
    fit = fitted("sglang_requests.jsonl")
    m = fit.measurement
    assert (m.format, m.k, m.steps, m.accepted, m.drafted) == ("sglang-request-json", 3, 20, 27, 60)
    # histograms [2,3,3,2] + [4,2,2,2] = [6,5,5,4]: at least 1, 2, 3 accepted in 14, 9, 4 steps
    assert m.position_counts == (14, 9, 4)
    assert fit.tau == pytest.approx(2.35)
    assert m.group_taus == ((2.5, 10), (2.2, 10))
    assert any("20 verify steps" in w for w in fit.warnings)


def test_llama_speculative_variable_drafts_fit_no_p():
    fit = fitted("llama_speculative.txt")
    m = fit.measurement
    assert (m.format, m.k, m.steps, m.accepted, m.drafted) == ("llama.cpp-speculative", 16, 63, 186, 284)
    assert m.variable_k and fit.verdict == "variable"
    assert fit.tau == pytest.approx(249 / 63)  # steps = n_predict - n_accept
    assert m.engine_acceptance == pytest.approx(186 / 284)
    assert fit.fitted_p is None and fit.per_position is None
    assert "vary in length" in fit.verdict_text and "vary in length" in fit.warnings[0]


def test_llama_speculative_with_full_drafts_is_a_fixed_k_run():
    fit = fitted("llama_speculative_fixed.txt")
    assert not fit.measurement.variable_k and fit.measurement.k == 4
    assert fit.tau == pytest.approx(2.5) and fit.fitted_p == pytest.approx(solve_p(2.5, 4))


def test_llama_per_round_lines():
    fit = fitted("llama_server_rounds.log")
    m = fit.measurement
    # accepted 4,2,0,3,4,1,2,4,0,3 of 4: histogram [2,1,2,2,3]
    assert (m.format, m.k, m.steps, m.accepted) == ("llama.cpp-rounds", 4, 10, 23)
    assert m.position_counts == (8, 7, 5, 3)
    assert fit.tau == pytest.approx(3.3)
    varied = fitted("llama_server_rounds_varied.log")
    assert varied.measurement.variable_k and varied.fitted_p is None
    assert varied.measurement.steps == 4 and varied.tau == pytest.approx(1 + 7 / 4)


def test_llama_server_timings_json():
    fit = fitted("llama_server_timings.jsonl")
    m = fit.measurement
    assert (m.format, m.steps, m.accepted, m.drafted) == ("llama.cpp-timings", 80, 130, 260)
    assert fit.tau == pytest.approx(2.625) and m.variable_k  # 260 < 80 steps x 4


def test_llama_timings_missing_field_is_named():
    text = '{"timings": {"predicted_n": 100, "draft_n": 40}}'
    with pytest.raises(MetricsProblem) as caught:
        read_metrics_text(text)
    assert "draft_n_accepted" in str(caught.value) and caught.value.kind == "missing_field"


def test_llama_prometheus_scientific_notation():
    fit = fitted("llama_cpp_metrics.prom")
    m = fit.measurement
    assert (m.format, m.steps, m.accepted, m.drafted) == ("llama.cpp-prometheus", 100, 200, 350)
    assert fit.tau == pytest.approx(3.0) and m.variable_k and m.k == 4


def test_missing_vllm_counter_is_an_error_not_a_zero():
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(DATA / "vllm_metrics_cut.prom")
    assert caught.value.kind == "missing_field"
    assert "vllm:spec_decode_num_accepted_tokens" in str(caught.value)


def test_tensorrt_llm_requests():
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(DATA / "trtllm_requests.json")
    assert caught.value.kind == "k_missing" and "--k" in str(caught.value)
    fit = fitted("trtllm_requests.json", k=4)
    m = fit.measurement
    assert (m.steps, m.accepted) == (100, 220)  # 400 draft tokens / 4
    assert fit.tau == pytest.approx(3.2) and m.engine_acceptance == pytest.approx(0.55)


def test_near_miss_names_the_format_and_line():
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(DATA / "vllm_near_miss.log")
    assert caught.value.kind == "near_miss" and caught.value.line == 2
    assert "vLLM log" in str(caught.value)


# -- verdicts that are true --------------------------------------------------------------------


def _v1_line(accepted: int, steps: int, rates: list[float]) -> str:
    k = len(rates)
    r = ", ".join(f"{x:.3f}" for x in rates)
    return (
        f"INFO SpecDecoding metrics: Mean acceptance length: {1 + accepted / steps:.2f}, "
        f"Accepted: {accepted} tokens, Drafted: {steps * k} tokens, Per-position acceptance rate: {r}"
    )


def test_intervals_with_different_acceptance_are_heterogeneous_not_bursty():
    # one interval at a ~ 0.9, another at a ~ 0.3 (k = 3, 1000 steps each)
    high = [0.9, 0.81, 0.729]
    low = [0.3, 0.09, 0.027]
    text = "\n".join(
        [_v1_line(round(1000 * sum(high)), 1000, high), _v1_line(round(1000 * sum(low)), 1000, low)]
    )
    fit = fit_measurement(read_metrics_text(text))
    assert fit.verdict == "heterogeneous"
    assert "differ" in fit.verdict_text and "3.44" in fit.verdict_text and "1.42" in fit.verdict_text


def test_positions_never_accepted_say_cut_k():
    rates = [0.6, 0.3, 0.1, 0.0, 0.0, 0.0]
    fit = fit_measurement(read_metrics_text(_v1_line(1000, 1000, rates)))
    assert fit.never_accepted_from == 4
    assert fit.verdict == "never_accepted" and "cut k to 3" in fit.verdict_text


def test_few_steps_warn_and_keep_an_interval():
    fit = fit_measurement(read_metrics_text(_v1_line(5, 3, [0.667, 0.667, 0.333])))
    assert fit.measurement.steps == 3
    assert any("Only 3 verify steps" in w for w in fit.warnings)
    assert fit.p_low < fit.fitted_p < fit.p_high
    assert "too few steps" in fit.p_interval_text()


def test_two_files_that_differ_are_said_to_differ():
    from specdec_desktop.measured import combine

    high = read_metrics_text(_v1_line(round(1000 * 2.439), 1000, [0.9, 0.81, 0.729]), "before.log")
    low = read_metrics_text(_v1_line(round(1000 * 0.417), 1000, [0.3, 0.09, 0.027]), "after.log")
    fit = fit_measurement(combine([high, low]))
    assert fit.verdict == "heterogeneous" and "3.44" in fit.verdict_text
    same = fit_measurement(combine([high, read_metrics_text(_v1_line(2439, 1000, [0.9, 0.81, 0.729]), "x")]))
    assert same.verdict != "heterogeneous"


def test_a_scrape_whose_draft_tokens_are_no_whole_number_of_drafts_says_so():
    """Two vLLM engines, one at k = 1 and one at k = 4, add up to 5,000 draft tokens in 2,000
    drafts: no k fits, and asking for one would not help.  (The fuzzer's concatenated scrapes
    found the old message, "no draft counts", untrue.)"""
    text = (
        'vllm:spec_decode_num_drafts_total{engine="0"} 1000\n'
        'vllm:spec_decode_num_drafts_total{engine="1"} 1000\n'
        'vllm:spec_decode_num_draft_tokens_total{engine="0"} 1000\n'
        'vllm:spec_decode_num_draft_tokens_total{engine="1"} 4000\n'
        'vllm:spec_decode_num_accepted_tokens_total{engine="0"} 500\n'
        'vllm:spec_decode_num_accepted_tokens_total{engine="1"} 2000\n'
    )
    with pytest.raises(MetricsProblem) as caught:
        read_metrics_text(text)
    assert caught.value.kind == "contradiction"
    assert "5000 draft tokens are not a whole number of drafts for 2000 drafts" in str(caught.value)
    with pytest.raises(MetricsProblem, match="5000 draft tokens are not 2000 drafts of k = 3"):
        read_metrics_text(text, k=3)  # a k given is checked as before

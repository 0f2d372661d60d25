"""The fit's verdict, its test and the warnings in the window's language (issue 27).

``measured/fit.py``, ``checks.py`` and ``decision.py`` make these sentences as phrases: English
data (the command line's ``fit`` and its JSON print them byte for byte as before) that the
Measured panel and the report written from the window say in the window's language.
"""

from __future__ import annotations

import json
from pathlib import Path

from specdec_desktop.cli import main
from specdec_desktop.window_services.report_actions import write_report

from ..support.pseudo_scan import unbracketed_words
from ..support.window import open_window

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"


def _v1_line(accepted: int, steps: int, rates: list[float]) -> str:
    k = len(rates)
    shown = ", ".join(f"{r:.3f}" for r in rates)
    return (
        f"INFO SpecDecoding metrics: Mean acceptance length: {1 + accepted / steps:.2f}, "
        f"Accepted: {accepted} tokens, Drafted: {steps * k} tokens, Per-position acceptance rate: {shown}"
    )


def _import(qtbot, window, path: Path):
    io = window.services.measurements
    assert io.import_paths([path])
    qtbot.waitUntil(lambda: window.app_state.measurement.fit is not None and io.job is None)
    return window.app_state.measurement.fit, window.measured_panel


def test_too_few_steps_read_in_german_and_switch_back_to_the_same_english(qtbot):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    fit, panel = _import(qtbot, window, DATA / "llama_server_rounds.log")
    assert panel.verdict.text() == "Schritte: nur 10; zu wenige, um zu testen, ob ein einziges p passt."
    assert panel.test.text() == "Weniger als 30 Schritte: kein Test."
    assert panel.warnings.text() == (
        "Verifikationsschritte: nur 10; zu wenige für belastbare Aussagen, jede Zahl hat ein breites "
        "Intervall."
    )
    assert panel.figures["p"].text() == "0,7905 (95 %: 0,617 bis 0,915; zu wenige Schritte für mehr)"
    # The fit itself keeps English data, what `fit --json` prints.
    assert fit.verdict_text == "Only 10 steps: too few to test whether one p fits."

    assert window.services.language_menu.switch("en")
    assert panel.verdict.text() == fit.verdict_text
    assert panel.test.text() == "Fewer than 30 steps: no test."
    assert panel.warnings.text().startswith("Only 10 verify steps: too few to say much")
    assert "too few steps to say more" in panel.figures["p"].text()

    assert window.services.language_menu.switch("es")
    assert panel.verdict.text() == "Pasos: solo 10; demasiado pocos para comprobar si un único p encaja."


def test_positions_never_accepted_say_cut_k_in_german(qtbot, tmp_path):
    log = tmp_path / "cut.log"
    log.write_text(_v1_line(1000, 1000, [0.6, 0.3, 0.1, 0.0, 0.0, 0.0]) + "\n", encoding="utf-8")
    window = open_window(qtbot, ["--lang", "de"], active=False)
    fit, panel = _import(qtbot, window, log)
    assert fit.verdict == "never_accepted" and "cut k to 3" in fit.verdict_text
    shown = panel.verdict.text()
    assert shown.startswith("Die Positionen 4 bis 6 wurden in 1.000 Schritten nie angenommen")
    assert shown.endswith("senken Sie k auf 3.") and "cut k" not in shown
    assert panel.test.text().startswith("Likelihood-Quotienten-Test eines einzigen p = 0,500")
    assert "Freiheitsgrade: 3" in panel.test.text() and "degrees of freedom" not in panel.test.text()


def test_intervals_that_differ_are_said_in_german_with_german_lists(qtbot, tmp_path):
    log = tmp_path / "two.log"
    high, low = [0.9, 0.81, 0.729], [0.3, 0.09, 0.027]
    lines = [_v1_line(round(1000 * sum(high)), 1000, high), _v1_line(round(1000 * sum(low)), 1000, low)]
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    window = open_window(qtbot, ["--lang", "de"], active=False)
    fit, panel = _import(qtbot, window, log)
    assert fit.verdict == "heterogeneous"
    shown = panel.verdict.text()
    assert shown.startswith("Die Intervalle unterscheiden sich: Die Tokens pro Schritt reichen")
    assert "je Intervall oder Anfrage: 3,44; 1,42;" in shown  # decimal commas, so a ; between
    assert "The intervals differ" not in shown and "3.44" not in shown


def test_the_beyond_measured_warning_is_german_in_the_panel_and_the_report(qtbot, tmp_path):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    window.state.set(c=0.1)
    _fit, panel = _import(qtbot, window, DATA / "llama_reference.log")
    warning = (
        "Das beste k = 6 liegt jenseits des gemessenen k = 3: Die Daten reichen nur bis k = 3, darüber "
        "hinaus ist die Kurve eine Extrapolation des Modells; messen Sie bei einem größeren k, bevor "
        "Sie sich darauf verlassen."
    )
    assert panel.warnings.text() == warning
    assert panel.verdict.text() == (
        "Ein einziges p passt: Die Akzeptanzen pro Position stimmen mit p = 0,793 überein."
    )

    assert write_report(window, tmp_path / "de.html")
    html = (tmp_path / "de.html").read_text(encoding="utf-8")
    assert f'<li class="warning">{warning}</li>' in html
    assert '<p class="verdict">Ein einziges p passt: Die Akzeptanzen pro Position' in html
    assert "Likelihood-Quotienten-Test" in html and "(nicht unter 0,01)." in html
    assert "(95 %: 0,7370 bis 0,8444)" in html
    english = ("beyond the measured", "One p fits", "Likelihood-ratio", "degrees of freedom", " to 0.8444")
    assert [words for words in english if words in html] == []


def test_the_report_from_a_german_window_says_the_falling_verdict_in_german(qtbot, tmp_path):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    _import(qtbot, window, DATA / "vllm_specdecoding.log")
    assert write_report(window, tmp_path / "report.html")
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    verdict = (
        "Die Akzeptanz sinkt mit der Position: von a_1 = 0,81 bis a_4 = 0,59; ein einziges p "
        "überschätzt die späteren Vorschläge."
    )
    assert f'<p class="verdict">{verdict}</p>' in html
    assert "(insgesamt 12)" in html and "Freiheitsgrade: 11" in html
    assert "Acceptance falls with position" not in html and "in all" not in html
    # The reader's note is English data (N_), said in German too.
    assert "<li>Anzahlen je Position aus Raten mit 3 Dezimalstellen rekonstruiert</li>" in html
    assert "per-position counts rebuilt" not in html


def test_the_command_line_prints_the_fit_in_its_language_and_json_in_english(capsys):
    path = str(DATA / "llama_server_rounds.log")
    assert main(["fit", path]) == 0
    out = capsys.readouterr().out
    assert "verdict     Only 10 steps: too few to test whether one p fits." in out
    assert "warning     Only 10 verify steps: too few to say much" in out
    assert "(95 %: 0.6173 to 0.9153; too few steps to say more)" in out
    assert main(["--lang", "de", "fit", path]) == 0  # the text is read by a person: German
    out = capsys.readouterr().out
    assert "Urteil         Schritte: nur 10; zu wenige, um zu testen, ob ein einziges p passt." in out
    assert "Warnung        Verifikationsschritte: nur 10; zu wenige" in out
    assert "(95 %: 0,6173 bis 0,9153; zu wenige Schritte für mehr)" in out
    assert "Only 10" not in out and "verdict" not in out
    assert main(["--lang", "de", "fit", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict_text"] == "Only 10 steps: too few to test whether one p fits."
    assert data["test"] == "Fewer than 30 steps: no test."
    assert data["warnings"] == [
        "Only 10 verify steps: too few to say much; every figure carries a wide interval."
    ]


def test_the_pseudo_locale_finds_no_english_in_the_fits_sentences(qtbot):
    window = open_window(qtbot, ["--lang", "pseudo"], active=False)
    window.state.set(c=0.1)
    _fit, panel = _import(qtbot, window, DATA / "llama_server_rounds.log")
    shown = [panel.verdict.text(), panel.test.text(), panel.warnings.text()]
    assert all(shown) and [w for text in shown for w in unbracketed_words(text)] == []

"""Invariants of the whole main window, checked after every burst of fuzzed input.

* every control lies inside its declared range, and slider and entry box agree with the state;
* the cards show what the model computes for the state's values (which the controls show);
* the chart shows the model's curves for the current parameters, with the markers in place
  (a best k past the x-range cap as an arrow at the right edge);
* the assumption boxes agree with the assumptions' state, the cards and curves are the active
  model's, and the original model's curve is drawn exactly when assumptions are active;
* the token run drafts the active shape (the chain, or the tree the cards price), its totals panel
  shows the model's totals at the playhead, the cycles it played are the model's own
  (``simulate_cycles``, a tree's ``simulate_tree_cycles``, for the run's seed), and the speedup
  it achieved lies within six standard errors of the model's;
* an imported cost table is shown as ``fit`` gives it: the Measured tab's cells, the chart's
  measured points at the batch assumption's batch size, and "Use measured costs" offered exactly
  when that batch size has fitted costs.

Each check returns a list of broken invariants in words (empty when all hold).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QMainWindow

from ..model import (
    ASSUMPTION_SPECS,
    SPECS,
    Parameters,
    race_totals,
    readouts,
    simulate_cycles,
    speedup,
    speedup_curves,
)
from ..model.trees import shape_figures, simulate_tree_cycles
from ..views.token_run.totals_panel import format_totals
from ..wording.cards import card_texts, hidden_card_texts
from ..wording.trees import tree_card_texts

__all__ = ["window_problems"]


def _control_problems(window: QMainWindow) -> list[str]:
    problems = []
    params = window.state.params
    for spec in SPECS:
        control = window.controls[spec.name]
        slider, entry = control.slider, control.entry
        if not slider.minimum() <= slider.value() <= slider.maximum():
            problems.append(f"{spec.name} slider at {slider.value()} outside its range")
        if not spec.minimum <= entry.value() <= spec.maximum:
            problems.append(f"{spec.name} entry shows {entry.value()} outside {spec.minimum}..{spec.maximum}")
        value = getattr(params, spec.name)
        if abs(entry.value() - value) > 0.5 * 10.0**-spec.decimals:
            problems.append(f"{spec.name} entry shows {entry.value()} but the state holds {value}")
        if slider.value() != spec.to_slider(value):
            problems.append(f"{spec.name} slider at {slider.value()} but the state holds {value}")
    return problems


def _card_problems(window: QMainWindow) -> list[str]:
    # The state's values, not the boxes': a file may hold p = 0.999999, which a box shows as
    # 1.000 (that the boxes agree with the state to their precision is _control_problems' job).
    shown = window.state.params.as_dict()
    assumptions = window.app_state.assumptions.assumptions
    shape = window.app_state.shape.shape
    if window.app_state.presentation.answer_hidden:  # predict, then reveal: "?" until revealed
        expected = hidden_card_texts()
    elif shape.kind == "chain":
        expected = card_texts(readouts(Parameters(**shown), assumptions))
    else:  # a draft tree: the cards say the tree's figures
        figures = shape_figures(shape, Parameters(**shown), assumptions)
        expected = tree_card_texts(figures, shown["c"])
    problems = []
    for name, text in expected.items():
        actual = window.cards[name].value.text()
        if actual != text.value:
            problems.append(f"{name} shows {actual!r}, the model gives {text.value!r} for {shown}")
    return problems


def _chart_problems(window: QMainWindow) -> list[str]:
    chart = window.chart
    if chart is None:
        return []
    params = window.state.params
    active = window.app_state.assumptions.assumptions
    figures = readouts(params, active)
    problems = []
    (x0, x1), _ = chart.getPlotItem().viewRange()
    # In a burst of changes the ranges only grow and the curves run to the held edge; at rest
    # they are the figures' own.
    reach = chart.held_x_max() if chart.in_burst() else None
    curves = speedup_curves(params, figures.best_k, active, reach)
    if not chart.in_burst() and chart.held_x_max() != speedup_curves(params, figures.best_k, active).x_max:
        problems.append("chart x-range at rest is not the figures' own")
    x, y = chart.curve.getData()
    if x is None or len(x) != len(curves.k) or not np.allclose(y, curves.speedup, rtol=1e-12):
        problems.append("chart curve differs from the model's curve")
    _, lower = chart.lower.getData()
    _, upper = chart.upper.getData()
    if lower is None or not np.allclose(lower, curves.lower) or not np.allclose(upper, curves.upper):
        problems.append("chart band differs from the model's p ± 0.10 curves")
    current = chart.current.data
    if len(current) != 1 or current["x"][0] != params.k:
        problems.append("current-k marker missing or misplaced")
    best = chart.best.data
    beyond = curves.beyond(figures.best_k)
    hidden = window.app_state.presentation.answer_hidden  # predict, then reveal
    if figures.best_k is None or beyond or hidden:
        if len(best):
            problems.append("best-k marker shown although there is no peak on the chart, or hidden")
    elif len(best) != 1 or best["x"][0] != figures.best_k:
        problems.append("best-k marker missing or misplaced")
    # The item's own visibility: the chart widget may be hidden behind the (p, c) map.
    if chart.best_arrow.isVisible() != (beyond and not hidden):
        problems.append("best-k arrow shown or hidden wrongly (it marks a best k past the x-range)")
    if x0 > 0 or x1 < params.k or (figures.best_k is not None and not beyond and x1 < figures.best_k):
        problems.append(f"chart x-range {x0:.1f}..{x1:.1f} misses the current or best k")
    _, reference = chart.reference.getData()
    if curves.reference is None:
        if reference is not None and len(reference):
            problems.append("original-model reference curve drawn for the original model")
    elif reference is None or not np.array_equal(reference, speedup(params.p, curves.k, params.c)):
        problems.append("original-model reference curve missing or not the original model's")
    return problems


def _assumption_problems(window: QMainWindow) -> list[str]:
    problems = []
    active = window.app_state.assumptions.assumptions
    panel = window.assumptions_panel
    for spec in ASSUMPTION_SPECS:
        value = getattr(active, spec.name)
        shown = panel.boxes[spec.name].value()
        if value is None:
            if shown != panel.boxes[spec.name].minimum():
                problems.append(f"{spec.name} box shows {shown} but the assumption is off")
        elif abs(shown - value) > 0.5 * 10.0**-spec.decimals and shown != panel.boxes[spec.name].maximum():
            problems.append(f"{spec.name} box shows {shown} but the state holds {value}")
    if panel.summary.text() != (active.describe() or "original model"):
        problems.append(f"assumptions summary says {panel.summary.text()!r}")
    return problems


def _tour_problems(window: QMainWindow) -> list[str]:
    """In a tour scene the caption's "changed" note says exactly whether the screen left the scene."""
    services = getattr(window, "services", None)
    if services is None or not window.app_state.view.tour_active:
        return []
    scene = services.tour.scene
    app_state = window.app_state
    changed = app_state.configuration() != scene.configuration or app_state.pinned.pins != (scene.pins or ())
    if services.banner.changed_shown != changed:
        return [f"the caption says changed={services.banner.changed_shown}, the screen says {changed}"]
    if app_state.presentation.before_tour is None:
        return ["the tour is on but nothing was set aside to give back"]
    return []


#: Most played cycles recounted from the model by :func:`_run_problems` (a run sought far ahead
#: is checked on its first cycles only, so a check stays within a few milliseconds).
RECOUNT_CYCLES = 4096
#: How far the achieved speedup may stray from the model's, in standard errors (a false alarm
#: about once in 500 million checks), and after how many checked cycles it is held to it.
SPEEDUP_TOLERANCE_SE = 6.0
SPEEDUP_MIN_CYCLES = 30


def _run_problems(window: QMainWindow) -> list[str]:
    """The token run against the model: its shape, its cycles, its totals and its speedup."""
    view = getattr(window, "token_run", None)
    app_state = window.app_state
    run, player = app_state.run, app_state.player
    # The run's own configuration: a change still settling reaches it within SETTLE_MS (and a
    # settled run's is the state's, which RunState.pending says).
    stream = run.stream
    params, assumptions, shape = stream.params, stream.assumptions, run.shape
    problems = []
    tree = stream.tree
    if shape.kind == "chain":
        if tree is not None:
            return ["the token run drafts a tree while the shape is the chain"]
        expected = readouts(params, assumptions).speedup
    else:
        figures = shape_figures(shape, params, assumptions)
        if tree is None or tree.paths != figures.resolved.paths:
            return [f"the token run does not draft the {shape.kind} tree the cards price"]
        expected = figures.speedup
        if abs(stream.timeline.cycle_cost - figures.cost) > 1e-9 * figures.cost:
            problems.append(
                f"a tree cycle costs {stream.timeline.cycle_cost} passes, the model {figures.cost}"
            )
    totals = race_totals(stream, player.playhead)
    if abs(totals.expected_speedup - expected) > 1e-9 * expected:
        problems.append(f"the run expects {totals.expected_speedup}x, the model gives {expected}x")
    checked = totals.cycles_checked
    recount = min(checked, RECOUNT_CYCLES)
    if recount and (tree is not None or assumptions.is_default):
        if tree is None:
            model_tokens = simulate_cycles(params.p, params.k, recount, run.seed) + 1
        else:
            nodes = simulate_tree_cycles(
                tree.paths, tree.rank_acceptance, recount, run.seed, levels=tree.levels, decay=tree.decay
            )
            model_tokens = tree.accepted_depth(nodes) + 1
        if stream.tokens_before(recount) != int(model_tokens.sum()):
            problems.append(f"the run's first {recount} cycles are not the model's for seed {run.seed}")
    if (
        checked >= SPEEDUP_MIN_CYCLES
        and totals.standard_error
        and abs(totals.achieved_speedup - expected) > SPEEDUP_TOLERANCE_SE * totals.standard_error
    ):
        problems.append(
            f"the run achieved {totals.achieved_speedup:.4f}x over {checked} cycles, the model "
            f"{expected:.4f}x ± {totals.standard_error:.4f}"
        )
    if view is not None:
        shown = {name: label.text() for name, label in view.totals.figures.items()}
        if shown != format_totals(totals):
            problems.append("the run's totals panel does not show the model's totals at the playhead")
    return problems


def _measured_problems(window: QMainWindow) -> list[str]:
    """An imported cost table against what is shown: the chart's triangles are the measured
    speedups of the batch size the batch assumption picks, the Measured tab's table is ``fit``'s
    cells, and "Use measured costs" is offered exactly when that batch size has fitted costs."""
    costs = window.app_state.measurement.costs
    view = window.measured_panel.costs
    action = getattr(getattr(window, "services", None), "actions", {}).get("file.use_measured_costs")
    if not costs:
        problems = ["the Measured tab shows a cost table that is not imported"] if not view.isHidden() else []
        if action is not None and action.isEnabled():
            problems.append("Use measured costs is offered without a cost table")
        overlay = getattr(window, "measured_overlay", None)
        if overlay is not None and overlay.points is not None and overlay.points.isVisible():
            problems.append("measured points drawn without a cost table")
        return problems
    from ..measured.cost_summary import COST_COLUMNS, chosen_batch, cost_cells, cost_model, measured_speedups
    from ..text import localize

    problems = []
    batch = window.app_state.assumptions.assumptions.batch
    if view.isHidden():
        problems.append("the Measured tab hides the imported cost table")
    else:
        cells = [cost_cells(b) for b in costs]
        expected = [[localize(row[key]) for key, _heading in COST_COLUMNS] for row in cells]
        if view.rows()[1:] != expected:
            problems.append("the Measured tab's cost table differs from fit's")
    usable = cost_model(chosen_batch(costs, batch)) is not None  # type: ignore[arg-type]
    if action is not None and action.isEnabled() != usable:
        problems.append(f"Use measured costs is {'dis' if usable else 'en'}abled for batch {batch}'s fit")
    if view.use_button.isEnabled() != usable:
        problems.append("the Measured tab's Use measured costs button disagrees with the fit")
    overlay = getattr(window, "measured_overlay", None)
    if overlay is None or window.chart is None:
        return problems
    shown = measured_speedups(costs, batch)
    points = overlay.points
    if shown is None:
        if points is not None and points.isVisible():
            problems.append("measured points drawn for a batch size with no k = 0 run")
    else:
        x, y = (None, None) if points is None else points.getData()
        if x is None or list(x) != list(shown.k) or not np.allclose(y, shown.speedup, rtol=1e-12):
            problems.append(f"the chart's measured points are not batch {shown.batch}'s measured speedups")
    return problems


def window_problems(window: QMainWindow) -> list[str]:
    """Every broken invariant of ``window``, in words."""
    return (
        _control_problems(window)
        + _card_problems(window)
        + _chart_problems(window)
        + _assumption_problems(window)
        + _tour_problems(window)
        + _run_problems(window)
        + _measured_problems(window)
    )

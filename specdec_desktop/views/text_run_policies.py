"""The real-text run's drafting policies compared on one text and seed, and the verdict.

Each policy of :data:`~specdec_desktop.state.text_run_state.COMPARED_POLICIES` (fixed k, the
stopping rules, the oracle) gets a row with its tokens per cycle and speedup, then the best fixed
k, then in words whether a stopping rule beat it.  The rows are made inside the panel's own
layout (:class:`~.text_run_panel.TextRunPanel`), so the panel keeps one column of labels.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout

from ..state.text_run_state import COMPARED_POLICIES, TextResult
from ..wording import sampling as _sampling
from .role_label import role_label

__all__ = ["PolicyTable", "verdict"]


def verdict(result: TextResult) -> str:
    """Whether a stopping rule beat the best fixed k on this text and seed, in words."""
    names = dict(_sampling.TEXT_RUN.policy_names)
    runs = dict(result.policies)
    best = result.best_fixed.speedup
    rules = [(runs[p].speedup, p) for p in COMPARED_POLICIES if p not in ("fixed", "oracle")]
    speedup, policy = max(rules)
    if speedup > best:
        return _sampling.TEXT_RUN.verdict_pays.format(name=names[policy], speedup=speedup, best=best)
    return _sampling.TEXT_RUN.verdict_loses.format(best=best, oracle=runs["oracle"].speedup)


class PolicyTable:
    """The heading, one row per policy, the best fixed k, the verdict and its rule, added to
    ``layout``; ``say(setter, text)`` sets a text now and again after a language switch."""

    def __init__(
        self, layout: QVBoxLayout, say: Callable[[Callable[[str], None], Callable[[], str]], None]
    ) -> None:
        heading = role_label("heading")
        say(heading.setText, lambda: _sampling.TEXT_RUN.policies_heading)
        layout.addWidget(heading)
        self.grid = QGridLayout()
        self.rows: dict[str, QLabel] = {}
        for row, policy in enumerate(COMPARED_POLICIES):
            name = role_label()
            say(name.setText, lambda policy=policy: dict(_sampling.TEXT_RUN.policy_names)[policy])
            value = role_label()
            value.setObjectName(f"textPolicy_{policy.split(':')[0]}")
            self.grid.addWidget(name, row, 0)
            self.grid.addWidget(value, row, 1)
            self.rows[policy] = value
        self.best_name = role_label()
        self.best_value = role_label()
        self.best_value.setObjectName("textPolicy_best")
        self.grid.addWidget(self.best_name, len(COMPARED_POLICIES), 0)
        self.grid.addWidget(self.best_value, len(COMPARED_POLICIES), 1)
        self.grid.setColumnStretch(1, 1)
        layout.addLayout(self.grid)
        self.verdict = role_label()
        self.verdict.setObjectName("textPolicyVerdict")
        layout.addWidget(self.verdict)
        rule = role_label("hint")
        say(rule.setText, lambda: _sampling.TEXT_RUN.policy_verdict)
        layout.addWidget(rule)

    def show_result(self, result: TextResult | None) -> None:
        """Each policy's figures, the best fixed k and the verdict (``None``: waiting, "…")."""
        if result is None:
            for value in (*self.rows.values(), self.best_value):
                value.setText("…")
            self.best_name.setText(_sampling.TEXT_RUN.best_fixed.format(k="…"))
            self.verdict.setText("")
            return
        for policy, policy_run in result.policies:
            self.rows[policy].setText(
                _sampling.TEXT_RUN.policy_row.format(
                    tpc=policy_run.tokens_per_cycle, speedup=policy_run.speedup
                )
            )
        best = result.best_fixed
        self.best_name.setText(_sampling.TEXT_RUN.best_fixed.format(k=best.k))
        self.best_value.setText(
            _sampling.TEXT_RUN.policy_row.format(tpc=best.tokens_per_cycle, speedup=best.speedup)
        )
        self.verdict.setText(verdict(result))

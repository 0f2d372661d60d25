"""The written explanations: the formulas box and the three short essays.

All wording is the team's own.  Formulas are typeset as rich text (italic
symbols, real superscripts and minus signs) so they read like maths.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QTextBrowser, QVBoxLayout, QWidget

__all__ = ["ESSAYS", "ExplanationView", "FormulaPanel"]

_FORMULAS = (
    (
        "Tokens per cycle",
        "<i>E</i> = 1 + <i>p</i> + <i>p</i><sup>2</sup> + … + <i>p</i><sup><i>k</i></sup>"
        " = (1 − <i>p</i><sup><i>k</i>+1</sup>) ⁄ (1 − <i>p</i>)",
    ),
    ("Cost per cycle", "<i>C</i> = <i>k</i>·<i>c</i> + 1 &nbsp;(big-model passes)"),
    ("Speedup", "<i>S</i> = <i>E</i> ⁄ <i>C</i>"),
)


class FormulaPanel(QFrame):
    """The three closed forms, always in view beside the controls."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("formulaPanel")
        self.setProperty("role", "panel")
        layout = QVBoxLayout(self)
        heading = QLabel("The model")
        heading.setProperty("role", "heading")
        layout.addWidget(heading)
        for name, formula in _FORMULAS:
            caption = QLabel(name)
            caption.setProperty("role", "hint")
            label = QLabel(formula)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setProperty("role", "formula")
            label.setWordWrap(True)
            label.setAccessibleName(f"{name} formula")
            layout.addWidget(caption)
            layout.addWidget(label)
        note = QLabel(
            "Each guess survives with chance <i>p</i>, independently; the big model always "
            "adds one token of its own."
        )
        note.setTextFormat(Qt.TextFormat.RichText)
        note.setProperty("role", "hint")
        note.setWordWrap(True)
        layout.addWidget(note)


#: (tab title, HTML body) of each essay.
ESSAYS: tuple[tuple[str, str], ...] = (
    (
        "Why the curve peaks",
        """
<h3>Why the curve rises, then falls</h3>
<p>Every extra guess must survive all the guesses before it, so guess number <i>j</i> only
counts with chance <i>p</i><sup><i>j</i></sup>. The yield per cycle is a geometric series:
it grows quickly at first and then flattens toward 1 ⁄ (1 − <i>p</i>), however long the draft.</p>
<p>The cost does not flatten. Each guess costs another draft step, so the cost per cycle grows
in a straight line with <i>k</i>. A ratio of something that saturates to something that keeps
growing must peak: beyond the best draft length, every further guess costs more than it is
expected to return.</p>
<p>A higher acceptance rate makes the series saturate later, so the peak moves to the right and
rises; a dearer draft step makes the cost line steeper and pulls the peak to the left.</p>
""",
    ),
    (
        "Acceptance isn't the goal",
        """
<h3>Why acceptance rate is not the thing to maximise</h3>
<p>It is tempting to tune a draft model until it agrees with the big model as often as possible.
But acceptance is only half of the ratio. A larger or more careful draft model is usually agreed
with more often and is also slower per step, and a shorter draft is accepted in full more often
while yielding fewer tokens per check.</p>
<p>What matters is tokens delivered per unit of work. Engineers tuning speculative decoding on
real prompts have found the configuration with the best acceptance rate delivering the worst
throughput. Watch the speedup card, not the acceptance slider.</p>
""",
    ),
    (
        "What the model leaves out",
        """
<h3>What this simple model leaves out</h3>
<ul>
<li><b>Acceptance is bursty.</b> Real drafts are right in long runs on easy text (boilerplate,
code, quotations) and wrong in clusters on hard text; the model assumes every guess is an
independent coin flip.</li>
<li><b>Draft cost need not be linear.</b> A draft step may cost less once its cache is warm, and
some drafting schemes propose several tokens in one step.</li>
<li><b>Checking is not free of <i>k</i>.</b> Verifying a longer draft makes the big model's pass
slightly dearer; the model charges one pass whatever <i>k</i> is.</li>
<li><b>Batching changes the picture.</b> When a server is already busy with many requests, the
spare compute that makes speculation cheap shrinks, and the best <i>k</i> falls.</li>
</ul>
<p>The shape of the curve survives all of these; treat its exact numbers as a sketch to be
checked against measurements.</p>
""",
    ),
)


class ExplanationView(QTextBrowser):
    """One essay, shown as read-only rich text."""

    def __init__(self, title: str, html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("explanation")
        self.setAccessibleName(title)
        self.setOpenLinks(False)
        self._html = html
        self._addendum = ""
        self.setHtml(html)

    def show_addendum(self, html: str) -> None:
        """Show ``html`` after the essay (the user's own numbers); ``""`` removes it."""
        if html != self._addendum:
            self._addendum = html
            self.setHtml(self._html + html)

"""The written explanations as text: the closed forms beside the controls and the short essays.

All wording is the team's own.  Formulas are rich text (italic symbols, real superscripts
and minus signs) so they read like maths; :mod:`specdec_desktop.views.explanations` shows them.
No Qt here.

Every text is English marked with ``N_`` and shown translated: the tables below translate each
item as it is read (:class:`TranslatedTable`), so a window built in German reads German, and a
view that reads them again after a language switch gets the new language.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..text import N_, _

__all__ = ["ESSAYS", "FORMULAS", "FORMULA_NOTE", "TranslatedTable", "formula_note"]


class TranslatedTable(Sequence[tuple[str, str]]):
    """Rows of (name, text), English inside, translated each time a row is read."""

    def __init__(self, rows: tuple[tuple[str, str], ...], *, translate_second: bool = True) -> None:
        self.english = rows
        self._second = translate_second

    def __len__(self) -> int:
        return len(self.english)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        name, text = self.english[index]
        return _(name), (_(text) if self._second else text)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return (self[i] for i in range(len(self)))

    def index_of(self, text: str) -> int | None:
        """The row whose text (as shown now, or in English) is ``text``."""
        for i, (_name, body) in enumerate(self.english):
            if text in (body, _(body) if self._second else body):
                return i
        return None


#: (name, rich-text formula) of each closed form.
FORMULAS = TranslatedTable(
    (
        (
            N_("Tokens per cycle"),
            "<i>E</i> = 1 + <i>p</i> + <i>p</i><sup>2</sup> + … + <i>p</i><sup><i>k</i></sup>"
            " = (1 − <i>p</i><sup><i>k</i>+1</sup>) ⁄ (1 − <i>p</i>)",
        ),
        (N_("Cost per cycle"), N_("<i>C</i> = <i>k</i>·<i>c</i> + 1 &nbsp;(big-model passes)")),
        (N_("Speedup"), "<i>S</i> = <i>E</i> ⁄ <i>C</i>"),
    )
)

#: The line under the formulas (English; :func:`formula_note` gives it translated).
FORMULA_NOTE = N_(
    "Each guess survives with chance <i>p</i>, independently; the big model always adds one token of its own."
)


def formula_note() -> str:
    """The line under the formulas, in the active language."""
    return _(FORMULA_NOTE)


#: (tab title, HTML body) of each essay.
ESSAYS = TranslatedTable(
    (
        (
            N_("Why the curve peaks"),
            N_("""
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
"""),
        ),
        (
            N_("Acceptance isn't the goal"),
            N_("""
<h3>Why acceptance rate is not the thing to maximise</h3>
<p>It is tempting to tune a draft model until it agrees with the big model as often as possible.
But acceptance is only half of the ratio. A larger or more careful draft model is usually agreed
with more often and is also slower per step, and a shorter draft is accepted in full more often
while yielding fewer tokens per check.</p>
<p>What matters is tokens delivered per unit of work. Engineers tuning speculative decoding on
real prompts have found the configuration with the best acceptance rate delivering the worst
throughput. Watch the speedup card, not the acceptance slider.</p>
"""),
        ),
        (
            N_("What the model leaves out"),
            N_("""
<h3>What the simple model leaves out, and how to put it back</h3>
<p>It assumes one acceptance <i>p</i> for every guess, independently, and a check costing one
pass whatever <i>k</i> is. Each box of the <a href="assumptions:open"><b>Assumptions</b> panel</a>
relaxes one assumption; all start at the original model. At <i>p</i> = 0.75, <i>c</i> = 0.15 the
original best draft length is 4 (1.91&times;).</p>
<ul>
<li><b>Acceptance falls with position</b> (box d): guess <i>i</i> survives with
<i>p</i>&middot;<i>d</i><sup><i>i</i>&minus;1</sup>. <i>d</i> = 0.9: best <i>k</i> 3 (1.77&times;).</li>
<li><b>Acceptance is bursty</b> (box κ): each passage draws its own acceptance around <i>p</i>.
&kappa; = 2: best <i>k</i> 9 (2.30&times;).</li>
<li><b>Checking more costs more</b> (box β): the check costs 1 + &beta;<i>k</i>.
&beta; = 0.05: best <i>k</i> 3 (1.71&times;).</li>
<li><b>Batching uses up spare compute</b> (boxes B and n*): past <i>n*</i> tokens a pass costs
more. <i>B</i> = 32, <i>n*</i> = 64: best <i>k</i> 1 (1.52&times;); <i>B</i> = 64: 0, so engines
turn speculation off at large batches.</li>
<li><b>Every cycle has overhead</b> (box o). <i>o</i> = 0.1: best <i>k</i> 4, 1.79&times;.</li>
</ul>
<p><b>Why burstiness raises the speedup:</b> a long run of accepted guesses needs every guess of
the cycle to pass. Easy passages make long runs; hard passages make short runs, which were short
anyway. So at the same average <i>p</i> more tokens come per check, and longer drafts pay.</p>
"""),
        ),
    )
)

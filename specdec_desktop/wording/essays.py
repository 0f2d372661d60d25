"""The written explanations as text: the closed forms beside the controls and the short essays.

All wording is the team's own.  Formulas are rich text (italic symbols, real superscripts
and minus signs) so they read like maths; :mod:`specdec_desktop.views.explanations` shows them.
No Qt here.
"""

from __future__ import annotations

__all__ = ["ESSAYS", "FORMULAS", "FORMULA_NOTE"]

#: (name, rich-text formula) of each closed form.
FORMULAS = (
    (
        "Tokens per cycle",
        "<i>E</i> = 1 + <i>p</i> + <i>p</i><sup>2</sup> + … + <i>p</i><sup><i>k</i></sup>"
        " = (1 − <i>p</i><sup><i>k</i>+1</sup>) ⁄ (1 − <i>p</i>)",
    ),
    ("Cost per cycle", "<i>C</i> = <i>k</i>·<i>c</i> + 1 &nbsp;(big-model passes)"),
    ("Speedup", "<i>S</i> = <i>E</i> ⁄ <i>C</i>"),
)

#: The line under the formulas.
FORMULA_NOTE = (
    "Each guess survives with chance <i>p</i>, independently; the big model always adds one token of its own."
)

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
<h3>What this simple model leaves out, and how to put it back</h3>
<p>The model assumes every guess is accepted with one probability <i>p</i>, independently, and
that checking costs one big-model pass whatever <i>k</i> is. Real systems break all of this.
Each assumption below is a box in the <a href="assumptions:open"><b>Assumptions</b> panel</a>
(left column, under the formulas); every box starts at the original model, so nothing changes
until you change it. Worked numbers are at <i>p</i> = 0.75, <i>c</i> = 0.15, where the original
model's best draft length is 4 (1.91&times;).</p>
<ul>
<li><b>Acceptance falls with position</b> (box <b>d</b>). Later guesses depend on earlier ones
and drift further from what the big model would say: guess <i>i</i> survives, given the ones
before it did, with probability <i>p</i>&middot;<i>d</i><sup><i>i</i>&minus;1</sup>.
With <i>d</i> = 0.9 the best draft length falls to 3 (1.77&times;).</li>
<li><b>Acceptance is bursty</b> (box <b>&kappa;</b>). On easy text (boilerplate, code, quotations)
the draft is right again and again; on hard text it is wrong in clusters. Each passage gets its
own acceptance, drawn around the mean <i>p</i>; a smaller &kappa; spreads it wider.
With &kappa; = 2 the best draft length <i>rises</i> to 9 (2.30&times;).</li>
<li><b>Checking more tokens costs more</b> (box <b>&beta;</b>). The check costs
1 + &beta;&middot;<i>k</i> passes. With &beta; = 0.05 the best draft length is 3 (1.71&times;);
with &beta; = 0.2 it is 2 (1.36&times;).</li>
<li><b>Batching uses up the spare compute</b> (boxes <b>B</b> and <b>n*</b>). A pass is cheap
while it is memory-bound; past <i>n*</i> tokens per pass its cost grows with the tokens. With
<i>B</i> = 32 requests and a knee at 64 tokens the best draft length is 1 (1.52&times;); with
<i>B</i> = 64 speculation never pays (best <i>k</i> = 0), which is why serving engines switch it
off at large batch sizes.</li>
<li><b>Every cycle has overhead</b> (box <b>o</b>): scheduling, sampling, rolling back the cache,
in big-model passes. With <i>o</i> = 0.1 the best draft length stays 4 but the speedup drops to
1.79&times;.</li>
</ul>
<h4>Why burstiness raises the speedup</h4>
<p>A long accepted run needs <i>every</i> guess of a cycle to pass. In an easy passage that
happens often, and the runs are long; in a hard passage the runs are short, but they were short
anyway. The long runs gained in easy passages outweigh what hard passages lose, so at the same
average acceptance a bursty source yields more tokens per check, and longer drafts pay off.
(In symbols: the chance of <i>j</i> accepted guesses in a row is the average of
<i>P</i><sup><i>j</i></sup>, which is at least <i>p</i><sup><i>j</i></sup>.)</p>
<p>The chart keeps the original model's curve as a thin dashed line, so you can see what each
assumption moves. <b>Check by simulation</b> overlays the speedup of 100,000 simulated cycles
at each <i>k</i> with 95 % intervals. docs/model.md derives every formula.</p>
""",
    ),
)

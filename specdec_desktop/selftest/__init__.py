"""``specdec-desktop --self-test``: build the window, exercise every part, exit 0 (1 and a reason).

It runs the same code whether started from source, from an installed wheel or
from the frozen bundle, offscreen when there is no display, and never touches
the network.  CI runs it on the frozen build.

The hook list
-------------
:data:`CHECKS` is the ordered list of ``(name, check)`` pairs.  A check takes a
:class:`SelfTestContext` (the app, the shown main window, the font family, a
temporary folder), raises :class:`SelfTestFailure` (or anything) with a
one-line reason when something is wrong, and returns a short summary.  To test
a new feature, write ``check_<feature>(ctx) -> str`` in a module of this
package and add it to :data:`CHECKS`; nothing else needs to change.
"""

from __future__ import annotations

from ..launch import LaunchOptions
from ..text import N_
from .assumption_checks import check_assumptions
from .compare_checks import check_compare
from .context import SelfTestContext, SelfTestFailure, expect
from .control_checks import check_controls
from .figure_checks import check_cards, check_chart
from .language_checks import check_languages
from .resource_checks import check_resources, check_text_in_font
from .runner import Check, run_checks
from .sampling_checks import check_sampling
from .tree_checks import check_trees
from .view_checks import check_screenshot, check_themes, check_token_run

__all__ = ["CHECKS", "Check", "SelfTestContext", "SelfTestFailure", "expect", "run_self_test"]

#: What the self-test does, in order.
CHECKS: list[tuple[str, Check]] = [
    (N_("resources"), check_resources),  # every bundled file loads; the icon has every size
    (N_("fonts"), check_text_in_font),  # every character on screen is in the bundled font
    (N_("languages"), check_languages),  # each language's catalogue is whole; Qt's words load
    (N_("controls"), check_controls),  # sliders, keys and entry boxes drive the state
    (N_("cards"), check_cards),  # model = its reference points; cards show the model
    (N_("chart"), check_chart),  # curves, band, markers and ranges = the model
    (N_("assumptions"), check_assumptions),  # issue 11's values; boxes, chart, run, file, simulation
    (N_("compare and map"), check_compare),  # a pin in the table and on the chart; the map = the model
    (N_("draft trees"), check_trees),  # the figures; shape control, cards, chart, diagram
    (N_("sampling"), check_sampling),  # the worked example, the bundled text and its models, the tab
    (N_("themes"), check_themes),  # light, dark, projector applied to window and chart
    (N_("token run"), check_token_run),  # plays the animation when the build has one
    (N_("screenshot"), check_screenshot),  # renders a PNG to a temporary folder; not blank
]


def run_self_test(options: LaunchOptions) -> int:
    """Run :data:`CHECKS` against a window built from ``options``; return the exit status."""
    return run_checks(options, CHECKS)

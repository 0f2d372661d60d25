"""The lower tabs' titles, whole, short and shortest, by tab id (English; shown with ``_()``).

The window (``views/main_window.py``) picks the tier that fits its width; the titles are marked
here so the catalogues carry their translations (issue 27).  The ids are those of
:data:`specdec_desktop.scenario.tour_file.TAB_IDS`, in display order.  No Qt.
"""

from __future__ import annotations

from ..text import N_, _

__all__ = ["SHORTEST_TAB_TITLES", "SHORT_TAB_TITLES", "TAB_TITLES", "tab_titles"]

#: The whole titles (each is also its tab's tooltip).
TAB_TITLES: dict[str, str] = {
    "token-run": N_("One run, token by token"),
    "why-peak": N_("Why the curve peaks"),
    "acceptance": N_("Acceptance isn't the goal"),
    "model-limits": N_("What the model leaves out"),
    "compare": N_("Compare configurations"),
    "measured": N_("Measured"),
    "trees": N_("Draft trees"),
    "sampling": N_("Where p comes from"),
}

#: When the whole titles do not fit.
SHORT_TAB_TITLES: dict[str, str] = {
    "token-run": N_("One run"),
    "why-peak": N_("Why it peaks"),
    "acceptance": N_("Acceptance"),
    "model-limits": N_("Left out"),
    "compare": N_("Compare"),
    "measured": N_("Measured"),
    "trees": N_("Trees"),
    "sampling": N_("Sampling"),
}

#: When even the short ones do not fit (large type on a narrow screen).
SHORTEST_TAB_TITLES: dict[str, str] = {
    "token-run": N_("Run"),
    "why-peak": N_("Peak"),
    "acceptance": N_("Accept"),
    "model-limits": N_("Limits"),
    "compare": N_("Compare"),
    "measured": N_("Measured"),
    "trees": N_("Trees"),
    "sampling": N_("Sampling"),
}


def tab_titles(tier: dict[str, str]) -> list[str]:
    """The titles of ``tier`` in the active language, in display order."""
    return [_(title) for title in tier.values()]

"""The real-text run's text as HTML: each cycle's kept, rejected and discarded guesses and the
target's own character, coloured as the token run colours tokens (``views/text_run_panel.py``)."""

from __future__ import annotations

from ..theme import Theme

__all__ = ["character_label", "cycles_html"]


def character_label(char: str) -> str:
    """A character as a bar's label: a newline as ↵, a space as ␣, a tab as ⇥."""
    return {"\n": "↵", " ": "␣", "\t": "⇥", "\r": "␍"}.get(char, char)


def _span_with(escape, chars: str, fill: str, text: str, struck: bool) -> str:
    shown = escape(chars).replace("\n", "↵<br>").replace(" ", "&nbsp;")
    style = f"background-color:{fill}; color:{text};"
    if struck:
        style += " text-decoration: line-through;"
    return f'<span style="{style}">{shown}</span>'


def cycles_html(decode, prompt: str, cycles, theme: Theme, *, thrown_away: bool = True) -> str:
    """The prompt, then each cycle's kept guesses, rejected guess, discarded guesses (unless
    ``thrown_away`` is false) and the target's own character."""
    from html import escape  # once here, not per span (an import is a lookup through PySide's hook)

    text = theme.token_text
    accepted, rejected = theme.token_accepted, theme.token_rejected
    discarded, bonus = theme.token_discarded, theme.token_bonus
    parts = [escape(prompt).replace("\n", "<br>")]
    append = parts.append
    for cycle in cycles:
        drafted = cycle.drafted
        kept = cycle.accepted
        if kept:
            append(_span_with(escape, decode(drafted[:kept]), accepted, text, False))
        if thrown_away and kept < len(drafted):
            append(_span_with(escape, decode(drafted[kept : kept + 1]), rejected, text, True))
            rest = drafted[kept + 1 :]
            if rest:
                append(_span_with(escape, decode(rest), discarded, text, True))
        append(_span_with(escape, decode((cycle.extra,)), bonus, text, False))
    return f"<div>{''.join(parts)}</div>"

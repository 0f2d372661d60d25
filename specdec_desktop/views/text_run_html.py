"""The real-text run's text as HTML: each cycle's kept, rejected and discarded guesses and the
target's own character, coloured as the token run colours tokens (``views/text_run_panel.py``)."""

from __future__ import annotations

from ..theme import Theme

__all__ = ["character_label", "cycles_html"]


def character_label(char: str) -> str:
    """A character as a bar's label: a newline as ↵, a space as ␣, a tab as ⇥."""
    return {"\n": "↵", " ": "␣", "\t": "⇥", "\r": "␍"}.get(char, char)


def _span(chars: str, fill: str, theme: Theme, *, struck: bool = False) -> str:
    from html import escape  # not before the first paint

    shown = escape(chars).replace("\n", "↵<br>").replace(" ", "&nbsp;")
    style = f"background-color:{fill}; color:{theme.token_text};"
    if struck:
        style += " text-decoration: line-through;"
    return f'<span style="{style}">{shown}</span>'


def cycles_html(decode, prompt: str, cycles, theme: Theme, *, thrown_away: bool = True) -> str:
    """The prompt, then each cycle's kept guesses, rejected guess, discarded guesses (unless
    ``thrown_away`` is false) and the target's own character."""
    from html import escape

    parts = [escape(prompt).replace("\n", "<br>")]
    for cycle in cycles:
        drafted = cycle.drafted
        if cycle.accepted:
            parts.append(_span(decode(drafted[: cycle.accepted]), theme.token_accepted, theme))
        if thrown_away and cycle.accepted < len(drafted):
            parts.append(
                _span(
                    decode(drafted[cycle.accepted : cycle.accepted + 1]),
                    theme.token_rejected,
                    theme,
                    struck=True,
                )
            )
            rest = drafted[cycle.accepted + 1 :]
            if rest:
                parts.append(_span(decode(rest), theme.token_discarded, theme, struck=True))
        parts.append(_span(decode((cycle.extra,)), theme.token_bonus, theme))
    return f"<div>{''.join(parts)}</div>"

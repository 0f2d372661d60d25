"""The pseudo-locale: English made about 40 % longer, accented and bracketed, so a layout that
clips a long translation, or a word that skips the text layer, shows at a glance.

``"Speedup at k = {k}"`` becomes ``"[Šƥééðûƥ áţ ķ = {k} ·······]"``: letters take accents, and
what the code reads back stays as it was: ``{placeholders}``, HTML tags and entities, ``%s`` and
``%(name)s``.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["GROWTH", "pseudo"]

#: How much longer a pseudo string is than its English (PhET and Android use 30 to 50 %).
GROWTH = 0.4

_ACCENTS = str.maketrans(
    "abcdeghiklnoprstuwyzABCDEGHIKLNOPRSTUWYZ",
    "áƀçðéĝĥíķĺñôƥŕšţûŵýžÅƁÇÐÉĜĤÎĶĹÑÖƤŔŠŢÛŴÝŽ",
)

#: Kept as written: format placeholders, HTML tags, entities, printf fields (``%s``,
#: ``%(prog)s``: argparse's messages are formatted with ``%``).
_KEEP = re.compile(r"\{[^{}]*\}|<[^<>]*>|&[#a-zA-Z0-9]+;|%(?:\([a-z_]+\))?[sdr]")


@lru_cache(maxsize=4096)
def pseudo(message: str) -> str:
    """``message`` in the pseudo-locale (empty stays empty)."""
    if not message:
        return message
    parts = []
    last = 0
    letters = 0
    for match in _KEEP.finditer(message):
        plain = message[last : match.start()]
        letters += len(plain)
        parts.append(plain.translate(_ACCENTS))
        parts.append(match.group())
        last = match.end()
    tail = message[last:]
    letters += len(tail)
    parts.append(tail.translate(_ACCENTS))
    padding = "·" * max(1, round(letters * GROWTH) - 3)  # the brackets and a space count too
    body = "".join(parts)
    # Brackets inside an outer tag's text would be fine too; outside the whole string is simpler.
    lead = len(body) - len(body.lstrip())
    trail = len(body) - len(body.rstrip())
    core = body.strip()
    return f"{body[:lead]}[{core} {padding}]{body[len(body) - trail :] if trail else ''}"

"""Pinned configurations: a named (k, p, c) with its assumptions, kept to compare against others.

A :class:`Pin` is one validated configuration; a set of pins holds at most :data:`MAX_PINS`, each
name given once.  :func:`pin_figures` gives what the comparison table shows:

* ``accepted_ratio`` -- the engines' "acceptance rate" at that k: accepted guesses over drafted
  guesses, ``(E - 1) / k`` (E counts the target's own token, so ``E - 1`` are accepted guesses);
  it is not ``p``: with a longer draft the later guesses are reached less often;
* ``speedup`` at the pin's own k, and the best k with the speedup there (None: no peak).

So the table can show the seed's claim by itself: sort by acceptance and by speedup, and the
configuration with the highest acceptance can be the slowest.  Plain Python and numpy: no Qt.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .closed_form import best_draft_length, expected_tokens, speedup
from .extended import check_keywords
from .parameters import Parameters

__all__ = ["MAX_NAME_LENGTH", "MAX_PINS", "Pin", "PinFigures", "check_name", "check_pins", "pin_figures"]

#: At most this many pins at once (the chart has six distinct colours and glyphs for them).
MAX_PINS = 6
#: A pin's name is at most this many characters (it labels a curve and a table row).
MAX_NAME_LENGTH = 32


def check_name(text: object) -> str:
    """A pin's name with surrounding spaces removed; ``ValueError`` saying what is wrong.

    Refused: not text, empty (or only spaces), longer than :data:`MAX_NAME_LENGTH`, or holding
    control characters (a line break would break the label and the table).
    """
    if not isinstance(text, str):
        raise ValueError(f"a pin's name must be text, got {type(text).__name__}")
    name = text.strip()
    if not name:
        raise ValueError("a pin needs a name: type one first")
    if len(name) > MAX_NAME_LENGTH:
        raise ValueError(f"a pin's name is at most {MAX_NAME_LENGTH} characters; this one has {len(name)}")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise ValueError("a pin's name must not hold control characters or line breaks")
    return name


@dataclass(frozen=True)
class Pin:
    """One pinned configuration (validated on construction).

    ``assumptions`` holds the model keywords that differ from the original model
    (``{}`` for the original model), as :meth:`~specdec_desktop.model.Assumptions.keywords` gives.
    """

    name: str
    params: Parameters
    assumptions: Mapping[str, float | int | None] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", check_name(self.name))
        if not isinstance(self.params, Parameters):
            raise ValueError("a pin's parameters must be a Parameters")
        keywords = dict(self.assumptions)
        check_keywords(**keywords)  # ValueError naming the keyword
        object.__setattr__(self, "assumptions", keywords)

    def __hash__(self) -> int:
        return hash((self.name, self.params, tuple(sorted(self.assumptions.items()))))

    def as_dict(self) -> dict:
        """The pin as a scenario file holds it."""
        data: dict = {"name": self.name, **self.params.as_dict()}
        if self.assumptions:
            data["assumptions"] = dict(self.assumptions)
        return data


def check_pins(pins: Iterable[Pin]) -> tuple[Pin, ...]:
    """``pins`` as a tuple, or ``ValueError``: more than :data:`MAX_PINS`, or a name given twice."""
    result = tuple(pins)
    if len(result) > MAX_PINS:
        raise ValueError(f"at most {MAX_PINS} pins at once; remove one first")
    seen: set[str] = set()
    for pin in result:
        if not isinstance(pin, Pin):
            raise ValueError("pins must be Pin objects")
        if pin.name.casefold() in seen:
            raise ValueError(f"a pin called {pin.name!r} exists already: choose another name")
        seen.add(pin.name.casefold())
    return result


@dataclass(frozen=True)
class PinFigures:
    """What the comparison table shows for one pin (see the module docstring)."""

    accepted_ratio: float
    speedup: float
    best_k: int | None
    best_speedup: float | None


def pin_figures(pin: Pin) -> PinFigures:
    """The table's figures for ``pin``, under the pin's own assumptions."""
    p, k, c = pin.params.p, pin.params.k, pin.params.c
    keywords = dict(pin.assumptions)
    token_keywords = {name: keywords[name] for name in ("decay", "spread") if name in keywords}
    tokens = float(expected_tokens(p, k, **token_keywords))
    best = best_draft_length(p, c, **keywords)
    return PinFigures(
        accepted_ratio=(tokens - 1.0) / k,
        speedup=float(speedup(p, k, c, **keywords)),
        best_k=best,
        best_speedup=None if best is None else float(speedup(p, best, c, **keywords)),
    )

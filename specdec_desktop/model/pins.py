"""Pinned configurations: a named configuration, kept to compare against others.

A :class:`Pin` is a name and one :class:`~specdec_desktop.model.configuration.Configuration`;
a set of pins holds at most :data:`MAX_PINS`, each name given once.  :func:`pin_figures` gives
what the comparison table shows:

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

from specdec_desktop.text import N_, Phrase

from .configuration import Configuration
from .figures import readouts
from .parameters import Parameters
from .trees.shape import DEFAULT_SHAPE

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
        raise ValueError(Phrase(N_("a pin's name must be text, got {kind}"), kind=type(text).__name__))
    name = text.strip()
    if not name:
        raise ValueError(Phrase(N_("a pin needs a name: type one first")))
    if len(name) > MAX_NAME_LENGTH:
        raise ValueError(
            Phrase(
                N_("a pin's name is at most {limit} characters; this one has {length}"),
                limit=MAX_NAME_LENGTH,
                length=len(name),
            )
        )
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise ValueError(Phrase(N_("a pin's name must not hold control characters or line breaks")))
    return name


@dataclass(frozen=True)
class Pin:
    """One pinned configuration (the name checked on construction; the configuration is valid)."""

    name: str
    configuration: Configuration = field(default_factory=Configuration)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", check_name(self.name))
        if not isinstance(self.configuration, Configuration):
            raise ValueError("a pin's configuration must be a Configuration")

    @property
    def params(self) -> Parameters:
        """The pin's k, p and c."""
        return self.configuration.parameters

    @property
    def assumptions(self) -> Mapping[str, float | int | None]:
        """The model keywords that differ from the original model (``{}`` for the original model)."""
        return self.configuration.assumptions.keywords()

    def as_dict(self) -> dict:
        """The pin as a scenario file holds it."""
        data: dict = {"name": self.name, **self.params.as_dict()}
        if self.assumptions:
            data["assumptions"] = dict(self.assumptions)
        if self.configuration.shape != DEFAULT_SHAPE:  # the chain (every older file's) goes unsaid
            data["shape"] = self.configuration.shape.as_dict()
        return data


def check_pins(pins: Iterable[Pin]) -> tuple[Pin, ...]:
    """``pins`` as a tuple, or ``ValueError``: more than :data:`MAX_PINS`, or a name given twice."""
    result = tuple(pins)
    if len(result) > MAX_PINS:
        raise ValueError(Phrase(N_("at most {limit} pins at once; remove one first"), limit=MAX_PINS))
    seen: set[str] = set()
    for pin in result:
        if not isinstance(pin, Pin):
            raise ValueError("pins must be Pin objects")
        if pin.name.casefold() in seen:
            raise ValueError(
                Phrase(N_("a pin called {name} exists already: choose another name"), name=repr(pin.name))
            )
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
    """The table's figures for ``pin``, under the pin's own assumptions.

    They come from :func:`~specdec_desktop.model.figures.readouts`, the main chart's own path,
    so a pin at an extreme point (p = 1 − 2⁻⁵³, c = 5e-324, whose best k is about 6.4e18) gets
    the figures the cards show instead of an error from evaluating the speedup there.  A pin of a
    tree shows the tree's share of drafted nodes kept and its speedup; its best ``k`` is still the
    best chain's (the column compares draft lengths).
    """
    figures = readouts(pin.configuration.parameters, pin.configuration.assumptions)
    tokens, drafted, value = figures.tokens_per_cycle, pin.params.k, figures.speedup
    if pin.configuration.shape.kind != "chain":
        from .trees.figures import shape_figures  # only for a tree pin

        tree = shape_figures(pin.configuration.shape, pin.params, pin.configuration.assumptions)
        tokens, drafted, value = tree.tokens, tree.resolved.nodes, tree.speedup
    return PinFigures(
        accepted_ratio=(tokens - 1.0) / max(drafted, 1),
        speedup=value,
        best_k=figures.best_k,
        best_speedup=figures.best_speedup,
    )

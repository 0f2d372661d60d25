"""The three parameters, declared once.

Each :class:`ParameterSpec` carries everything a control, a parser or a file
validator needs: symbol, range, steps, display precision, label and a
one-line meaning.  The slider rows, the entry boxes, the command line and the
scenario files all read these declarations; nothing else restates a range.

:class:`Parameters` is one immutable point ``(k, p, c)`` of the parameter
space, validated on construction.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Any

from specdec_desktop.text import N_, Phrase

__all__ = [
    "ACCEPTANCE",
    "DRAFT_COST",
    "DRAFT_LENGTH",
    "NAMES",
    "RUN_SEED_MAX",
    "RUN_SPEEDS",
    "SPECS",
    "ParameterSpec",
    "Parameters",
]

#: A number as text: ASCII digits, optional sign, point and exponent; "nan"/"inf" are caught
#: as numbers so that their message says "finite".  Not accepted: "0x10", "1_0", "٦", "½".
_NUMBER_TEXT = re.compile(
    r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|[+-]?(?:nan|inf|infinity)", re.ASCII | re.IGNORECASE
)
_SHOWN_MAX = 30
#: Most decimals a parameter value is written with (and an entry box keeps).
MAX_DECIMALS = 6


def _shown(value: Any) -> str:
    """``value`` as a message quotes it: text in quotes, numbers bare, at most 30 characters."""
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= _SHOWN_MAX else text[: _SHOWN_MAX - 3] + "..."


@dataclass(frozen=True)
class ParameterSpec:
    """Declaration of one parameter.

    Attributes
    ----------
    name : str
        Attribute name on :class:`Parameters` and key in files (``"k"``).
    symbol : str
        Symbol shown in formulas.
    label : str
        Short human name ("Draft length").
    meaning : str
        One sentence saying what the parameter is.
    minimum, maximum : float
        Inclusive range.
    default : float
        Value at start-up and after a reset.
    step : float
        One arrow-key step; ``page_step`` is one PageUp/PageDown step.
    decimals : int
        Digits shown after the point (0 for an integer parameter).
    unit : str
        Unit shown after the value, may be empty.
    """

    name: str
    symbol: str
    label: str
    meaning: str
    minimum: float
    maximum: float
    default: float
    step: float
    page_step: float
    decimals: int
    unit: str = ""

    @property
    def is_integer(self) -> bool:
        return self.decimals == 0

    @property
    def slider_steps(self) -> int:
        """Number of slider positions above the minimum (sliders count in steps)."""
        return round((self.maximum - self.minimum) / self.step)

    def to_slider(self, value: float) -> int:
        return round((value - self.minimum) / self.step)

    def from_slider(self, position: int) -> float:
        value = self.minimum + position * self.step
        return round(value) if self.is_integer else round(value, 10)

    def validate(self, value: Any) -> float | int:
        """Return ``value`` converted to this parameter's type, or raise ``ValueError`` naming it.

        Text (a command-line value, a settings entry) must be a plain number written with
        ASCII digits (``6``, ``0.75``, ``1e-3``); ``-0`` becomes ``0``.  The message
        quotes the value as it was given (shortened when long), not a converted one.
        """
        shown = _shown(value)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            text = str(value).strip()
            if not _NUMBER_TEXT.fullmatch(text):
                raise ValueError(
                    Phrase(N_("{name} must be a number, got {shown}"), name=self.name, shown=shown)
                )
            value = float(text)
        if math.isnan(value) or math.isinf(value):
            raise ValueError(
                Phrase(N_("{name} must be a finite number, got {shown}"), name=self.name, shown=shown)
            )
        if self.is_integer:
            if value != math.floor(value):
                raise ValueError(
                    Phrase(N_("{name} must be a whole number, got {shown}"), name=self.name, shown=shown)
                )
            value = int(value)
        else:
            value = float(value) + 0.0  # -0.0 + 0.0 is 0.0: never show "-0"
        if not self.minimum <= value <= self.maximum:
            raise ValueError(
                Phrase(
                    N_("{name} must lie between {low} and {high}, got {shown}"),
                    name=self.name,
                    low=self.format(self.minimum),  # text, so a dot in every language: files
                    high=self.format(self.maximum),  # and the command line read only dots
                    shown=shown,
                )
            )
        return value

    def format(self, value: float) -> str:
        """``value`` as every part of the app writes it: the declared decimals, and more when the
        value has them (0.7512 from a file stays 0.7512), up to :data:`MAX_DECIMALS`."""
        if self.is_integer:
            return f"{round(value):d}"
        value = float(value) + 0.0  # never "-0.000"
        for decimals in range(self.decimals, MAX_DECIMALS):
            text = f"{value:.{decimals}f}"
            if float(text) == value:
                return text
        return f"{value:.{MAX_DECIMALS}f}"


DRAFT_LENGTH = ParameterSpec(
    name="k",
    symbol="k",
    label="Draft length",
    meaning="How many tokens the small draft model guesses before the big model checks them.",
    minimum=1,
    maximum=128,
    default=6,
    step=1,
    page_step=4,
    decimals=0,
    unit="tokens",
)
ACCEPTANCE = ParameterSpec(
    name="p",
    symbol="p",
    label="Acceptance rate",
    meaning="The chance that the big model agrees with any one guessed token.",
    minimum=0.0,
    maximum=1.0,
    default=0.75,
    step=0.01,
    page_step=0.10,
    decimals=3,
)
DRAFT_COST = ParameterSpec(
    name="c",
    symbol="c",
    label="Draft cost",
    meaning="The cost of one draft step, as a fraction of one pass of the big model.",
    minimum=0.0,
    maximum=1.0,
    default=0.15,
    step=0.01,
    page_step=0.10,
    decimals=3,
)

#: The parameters in display order.
SPECS: tuple[ParameterSpec, ...] = (DRAFT_LENGTH, ACCEPTANCE, DRAFT_COST)
#: Their names, in the same order (what controls, files and the command line iterate over).
NAMES: tuple[str, ...] = tuple(spec.name for spec in SPECS)

#: Largest seed of the token-by-token run (0 is the smallest): the run, its seed box and tour
#: files all read this one declaration.
RUN_SEED_MAX = 2**31 - 1
#: The speeds the run plays at, slowest first, in target passes per second (player, tour files).
RUN_SPEEDS: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)


@dataclass(frozen=True)
class Parameters:
    """One validated point of the parameter space."""

    k: int = int(DRAFT_LENGTH.default)
    p: float = ACCEPTANCE.default
    c: float = DRAFT_COST.default

    def __post_init__(self) -> None:
        for spec in SPECS:
            object.__setattr__(self, spec.name, spec.validate(getattr(self, spec.name)))

    def with_values(self, **changes: Any) -> Parameters:
        """Return a copy with some values replaced (and validated)."""
        unknown = set(changes) - {spec.name for spec in SPECS}
        if unknown:
            raise ValueError(Phrase(N_("unknown parameter {name}"), name=repr(sorted(unknown)[0])))
        return replace(self, **changes)

    def as_dict(self) -> dict[str, float]:
        return {spec.name: getattr(self, spec.name) for spec in SPECS}

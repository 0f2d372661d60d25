"""The six assumptions the simple model leaves out, declared once.

The simple model (Leviathan et al. 2023) assumes every guess is accepted with
one probability ``p``, independently, and that a verify pass costs one target
pass whatever ``k`` is.  Each :class:`AssumptionSpec` below relaxes one of
those assumptions; its default gives the original model back exactly.  The
panel's entry boxes, the command-line flags, the scenario files and the
settings all read these declarations; nothing else restates a range.

:class:`Assumptions` is one immutable, validated set of the six values.  Like
``parameters.py`` this module imports neither numpy nor Qt, so the command line
can read it before anything heavy loads.

Validity (docs/interface.md): ``0 < decay <= 1``; ``spread`` is
``None`` or above 0; ``verify_growth >= 0``; ``batch`` a whole number >= 1;
``knee`` is ``None`` or above 0; ``overhead >= 0``; all finite.  The model's
functions accept any valid value; an :class:`Assumptions` (what the app, its
files and its command line hold) also keeps each value at most its declared
``maximum``, so every control can show it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from typing import Any

from specdec_desktop.text import N_, Phrase

from .parameters import _NUMBER_TEXT, _shown

__all__ = [
    "ASSUMPTION_SPECS",
    "BATCH",
    "COST_ASSUMPTIONS",
    "DECAY",
    "KNEE",
    "OVERHEAD",
    "SPREAD",
    "TOKEN_ASSUMPTIONS",
    "VERIFY_GROWTH",
    "AssumptionSpec",
    "Assumptions",
    "check_assumption",
]


@dataclass(frozen=True)
class AssumptionSpec:
    """Declaration of one assumption.

    Attributes
    ----------
    name : str
        Keyword of the model functions, attribute of :class:`Assumptions`, key in files.
    flag : str
        Command-line flag (``--verify-growth``).
    symbol : str
        Symbol in formulas (``β``).
    label : str
        Short human name.
    meaning : str
        One sentence saying what it is.
    minimum : float
        Lower bound; excluded when ``minimum_open``.
    maximum : float
        Upper bound (inclusive) of the app's controls and files.
    default : float or None
        The original model's value; ``None`` means "off" (only when ``optional``).
    optional : bool
        Whether ``None`` (off) is a valid value.
    step, decimals, unit
        Entry-box step, digits shown, unit after the value.
    integer : bool
        Whether only whole numbers are valid.
    off_text : str
        What a control shows for ``None`` (for example "∞" or "off").
    """

    name: str
    flag: str
    symbol: str
    label: str
    meaning: str
    minimum: float
    minimum_open: bool
    maximum: float
    default: float | None
    step: float
    decimals: int
    unit: str = ""
    integer: bool = False
    optional: bool = False
    off_text: str = ""
    #: Smallest value the app's controls can show (``bounded`` checks enforce it), if above
    #: the valid minimum: a box with ``decimals`` digits cannot show a smaller one.
    app_minimum: float | None = None
    #: What the assumption moves: ``"tokens"`` (the expected tokens per cycle) or ``"cost"``
    #: (the cycle's cost).  Declared here only; :data:`TOKEN_ASSUMPTIONS` and
    #: :data:`COST_ASSUMPTIONS` and every code path that picks a formula read it.
    moves: str = "cost"
    #: The assumption without which this one has no effect (the batch size acts only through the
    #: knee), or ``None``.
    acts_with: str | None = None

    @property
    def attribute(self) -> str:
        """Name in an argparse namespace (``verify_growth``)."""
        return self.name

    def range_text(self) -> Phrase:
        """The valid values in words ("above 0 and at most 1"): English as a ``str``, any
        language through the text layer's ``_()``; the bound keeps its dot (files and the
        command line, where these refusals are read, take only dots)."""
        if self.name == "decay":
            return Phrase(N_("above 0 and at most 1"))
        low = self.format(self.minimum)
        if self.integer:
            return Phrase(N_("a whole number at least {low}"), low=low)
        return Phrase(N_("above {low}") if self.minimum_open else N_("at least {low}"), low=low)

    def _refusal(self, message: str, shown: str, **values: Any) -> ValueError:
        """A ``ValueError`` naming this assumption (its message a phrase: English ``str()``)."""
        return ValueError(Phrase(message, name=self.name, shown=shown, **values))

    def check(self, value: Any, *, bounded: bool = False) -> float | int | None:
        """Return ``value`` converted to this assumption's type, or raise ``ValueError`` naming it.

        Text (a command-line value, a settings entry) must be a plain number; ``"none"``,
        ``"off"``, ``"inf"`` and ``"∞"`` mean off for an optional assumption.  Infinity is
        also off for an optional one (``κ = ∞`` and ``n* = ∞`` are the original model).
        ``bounded`` also enforces :attr:`maximum`.
        """
        shown = _shown(value)
        if value is None:
            if self.optional:
                return None
            raise self._refusal(N_("{name} must be a number, got {shown}"), "None")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            text = str(value).strip()
            if self.optional and text.lower() in ("none", "off", "inf", "+inf", "infinity", "∞", ""):
                return None
            if not _NUMBER_TEXT.fullmatch(text):
                raise self._refusal(N_("{name} must be a number, got {shown}"), shown)
            value = float(text)
        value = float(value)
        if math.isnan(value):
            raise self._refusal(N_("{name} must be a number, got {shown}"), "NaN")
        if math.isinf(value):
            if self.optional and value > 0:
                return None
            raise self._refusal(N_("{name} must be a finite number, got {shown}"), shown)
        if self.integer and value != math.floor(value):
            raise self._refusal(N_("{name} must be a whole number, got {shown}"), shown)
        below = value <= self.minimum if self.minimum_open else value < self.minimum
        if below or (self.name == "decay" and value > 1.0):
            raise self._refusal(N_("{name} must be {range}, got {shown}"), shown, range=self.range_text())
        if bounded and value > self.maximum:
            high = self.format(self.maximum)
            raise self._refusal(N_("{name} must be at most {high}, got {shown}"), shown, high=high)
        if bounded and self.app_minimum is not None and value < self.app_minimum:
            low = self.format(self.app_minimum)
            raise self._refusal(N_("{name} must be at least {low}, got {shown}"), shown, low=low)
        return int(value) if self.integer else value + 0.0

    def format(self, value: float | None) -> str:
        """The value as a control or caption shows it (trailing zeros dropped)."""
        if value is None:
            return self.off_text
        if self.integer:
            return str(int(value))
        text = f"{value:.{self.decimals}f}".rstrip("0").rstrip(".")
        return text if text not in ("", "-0") else "0"


DECAY = AssumptionSpec(
    name="decay",
    flag="--decay",
    symbol="d",
    label="Acceptance decay with position",
    meaning="Guess i survives, given the ones before it did, with probability p·d^(i−1).",
    minimum=0.0,
    minimum_open=True,
    maximum=1.0,
    default=1.0,
    step=0.01,
    decimals=4,
    app_minimum=0.0001,
    moves="tokens",
)
SPREAD = AssumptionSpec(
    name="spread",
    flag="--spread",
    symbol="κ",
    label="Burstiness (concentration)",
    meaning="Each passage's acceptance is drawn from a Beta law with mean p and concentration κ; "
    "smaller κ is burstier, ∞ is constant p.",
    minimum=0.0,
    minimum_open=True,
    maximum=1e6,
    default=None,
    step=0.5,
    decimals=3,
    optional=True,
    off_text="∞",
    app_minimum=0.001,
    moves="tokens",
)
VERIFY_GROWTH = AssumptionSpec(
    name="verify_growth",
    flag="--verify-growth",
    symbol="β",
    label="Verify cost growth",
    meaning="Checking k guesses costs 1 + β·k target passes instead of one.",
    minimum=0.0,
    minimum_open=False,
    maximum=100.0,
    default=0.0,
    step=0.01,
    decimals=4,
    unit="passes per guess",
)
BATCH = AssumptionSpec(
    name="batch",
    flag="--batch",
    symbol="B",
    label="Batch size",
    meaning="How many requests the target decodes together; it matters once the knee is set.",
    minimum=1,
    minimum_open=False,
    maximum=1_000_000,
    default=1,
    step=1,
    decimals=0,
    unit="requests",
    integer=True,
    acts_with="knee",
)
KNEE = AssumptionSpec(
    name="knee",
    flag="--knee",
    symbol="n*",
    label="Compute knee",
    meaning="Tokens per target pass beyond which a pass stops being memory-bound and costs more; "
    "off means never.",
    minimum=0.0,
    minimum_open=True,
    maximum=1e9,
    default=None,
    step=1,
    decimals=2,
    unit="tokens per pass",
    optional=True,
    off_text="off",
    app_minimum=0.01,
)
OVERHEAD = AssumptionSpec(
    name="overhead",
    flag="--overhead",
    symbol="o",
    label="Fixed overhead per cycle",
    meaning="Scheduling, sampling and cache rollback each cycle, in target passes.",
    minimum=0.0,
    minimum_open=False,
    maximum=100.0,
    default=0.0,
    step=0.01,
    decimals=4,
    unit="passes",
)

#: The assumptions in display order.
ASSUMPTION_SPECS: tuple[AssumptionSpec, ...] = (DECAY, SPREAD, VERIFY_GROWTH, BATCH, KNEE, OVERHEAD)
_BY_NAME = {spec.name: spec for spec in ASSUMPTION_SPECS}
#: The assumptions that move the expected tokens (decay, spread), read from the declarations.
TOKEN_ASSUMPTIONS: tuple[str, ...] = tuple(spec.name for spec in ASSUMPTION_SPECS if spec.moves == "tokens")
#: The assumptions that move the cycle's cost (verify growth, batch, knee, overhead).
COST_ASSUMPTIONS: tuple[str, ...] = tuple(spec.name for spec in ASSUMPTION_SPECS if spec.moves == "cost")


def check_assumption(name: str, value: Any) -> float | int | None:
    """Validate one keyword of the model functions (contract validity, no upper bound)."""
    return _BY_NAME[name].check(value)


@dataclass(frozen=True)
class Assumptions:
    """One validated set of the six assumptions; the defaults are the original model."""

    decay: float = 1.0
    spread: float | None = None
    verify_growth: float = 0.0
    batch: int = 1
    knee: float | None = None
    overhead: float = 0.0

    def __post_init__(self) -> None:
        for spec in ASSUMPTION_SPECS:
            object.__setattr__(self, spec.name, spec.check(getattr(self, spec.name), bounded=True))

    @classmethod
    def from_mapping(cls, values: dict[str, Any]) -> Assumptions:
        """Build from a mapping (a file's ``assumptions`` object); unknown keys raise ``ValueError``."""
        unknown = set(values) - set(_BY_NAME)
        if unknown:
            raise ValueError(Phrase(N_("unknown assumption {name}"), name=repr(sorted(unknown)[0])))
        return cls(**values)

    @property
    def is_default(self) -> bool:
        """Whether these are the original model's assumptions."""
        return self == DEFAULT_ASSUMPTIONS

    @property
    def changes_tokens(self) -> bool:
        """Whether the expected tokens differ from the original model (a token assumption set)."""
        return any(self._acts(_BY_NAME[name]) for name in TOKEN_ASSUMPTIONS)

    @property
    def changes_cost(self) -> bool:
        """Whether the cycle cost differs from the original model (a cost assumption acts)."""
        return any(self._acts(_BY_NAME[name]) for name in COST_ASSUMPTIONS)

    def _acts(self, spec: AssumptionSpec) -> bool:
        """Whether ``spec`` is set and has an effect (what it acts with is set too)."""
        if self._is_default(spec):
            return False
        return spec.acts_with is None or not self._is_default(_BY_NAME[spec.acts_with])

    def with_values(self, **changes: Any) -> Assumptions:
        """A copy with some values replaced (and validated)."""
        unknown = set(changes) - set(_BY_NAME)
        if unknown:
            raise ValueError(Phrase(N_("unknown assumption {name}"), name=repr(sorted(unknown)[0])))
        return replace(self, **changes)

    def as_dict(self) -> dict[str, float | int | None]:
        """The six values by keyword (``None`` = off), as files and JSON hold them."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def keywords(self) -> dict[str, float | int | None]:
        """The model keywords that differ from their defaults (empty for the original model)."""
        return {
            spec.name: getattr(self, spec.name) for spec in ASSUMPTION_SPECS if not self._is_default(spec)
        }

    def _is_default(self, spec: AssumptionSpec) -> bool:
        return getattr(self, spec.name) == spec.default

    def describe(self) -> str:
        """The non-default assumptions in symbols, e.g. ``"d = 0.9, κ = 2"`` (empty at defaults)."""
        return ", ".join(
            f"{spec.symbol} = {spec.format(getattr(self, spec.name))}"
            for spec in ASSUMPTION_SPECS
            if not self._is_default(spec)
        )


DEFAULT_ASSUMPTIONS = Assumptions()

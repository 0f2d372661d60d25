"""``specdec-desktop sample``: two distributions from logits, each rule's acceptance, the residual, draws.

The parser half loads neither Qt nor numpy; :func:`run_sample` imports
:mod:`specdec_desktop.model.sampling` when it runs.  JSON (docs/interface.md): ``acceptance``
(under ``--rule``), ``target``, ``draft``, ``residual`` (lists), and with ``--draws``
``output_histogram`` (fractions); also ``rule``, ``temperature``, ``acceptances`` (every rule),
and with draws ``draws``, ``seed``, ``kept`` and ``distance`` (total variation to the target).
"""

from __future__ import annotations

import argparse
import json
import math
from dataclasses import dataclass

from ..text import N_, _, error_text, localize
from ..text.columns import padded, widest
from .options import EXIT_OK, UsageError

__all__ = [
    "SampleRequest",
    "add_sample_parser",
    "logit_list",
    "run_sample",
    "sample_request",
    "temperature_value",
]

#: Mirrors ``model.sampling``: the rules, the temperatures taken, the most draws at once.
RULE_NAMES = ("probabilistic", "strict", "sampled-match", "greedy")
TEMPERATURE_MAX = 10.0
MAX_DRAWS = 10**7
MAX_LOGITS = 4096


@dataclass(frozen=True)
class SampleRequest:
    """What ``sample`` was asked to do."""

    target_logits: tuple[float, ...]
    draft_logits: tuple[float, ...]
    temperature: float = 1.0
    rule: str = "probabilistic"
    draws: int | None = None
    seed: int = 0
    json: bool = False


def _number(text: str, what: str) -> float:
    cleaned = text.strip()
    if not cleaned.isascii() or "_" in cleaned:
        raise argparse.ArgumentTypeError(
            _("{what} must be numbers, got {text!r}").format(what=what, text=text)
        )
    try:
        value = float(cleaned)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{what} must be numbers, got {text!r}").format(what=what, text=text)
        ) from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(
            _("{what} must be finite numbers, got {text!r}").format(what=what, text=text)
        )
    return value


def logit_list(text: str, what: str = "logits") -> tuple[float, ...]:
    """``"2,1.5,0.2,-1"`` as numbers (commas or spaces between them); a usage error names ``what``."""
    parts = [part for part in text.replace(",", " ").split() if part]
    if not parts:
        raise argparse.ArgumentTypeError(
            _("{what} must be numbers, got {text!r}").format(what=what, text=text)
        )
    return tuple(_number(part, what) for part in parts)


def temperature_value(text: str) -> float:
    """A temperature from 0 (greedy: the argmax) to 10."""
    value = _number(text, "temperature")
    if not 0.0 <= value <= TEMPERATURE_MAX:
        raise argparse.ArgumentTypeError(
            _("temperature must be from 0 (greedy) to {most}, got {text!r}").format(
                most=f"{TEMPERATURE_MAX:g}", text=text
            )
        )
    return value


def _draws(text: str) -> int:
    if not text.strip().isdecimal() or not text.isascii() or not 1 <= int(text) <= MAX_DRAWS:
        raise argparse.ArgumentTypeError(
            _("draws must be a whole number from 1 to 10**7, got {text!r}").format(text=text)
        )
    return int(text)


def _logits_type(what: str):
    def parse(text: str) -> tuple[float, ...]:
        return logit_list(text, what)

    parse.__name__ = what
    return parse


def add_sample_parser(commands, seed_type) -> argparse.ArgumentParser:
    """Add the ``sample`` command to the subparsers ``commands`` (``seed_type`` parses ``--seed``)."""
    sample = commands.add_parser(
        "sample",
        help=_("the acceptance of two next-token distributions under each verification rule"),
        description=_(
            "Turn target and draft logits into distributions at a temperature, and print "
            "the chance a drafted token is kept under each rule, the residual the target samples "
            "from after a rejection, and (with --draws) a histogram of the tokens written."
        ),
    )
    helps = {
        "target": N_("the target model's logits, e.g. 2,1.5,0.2,-1 (commas or spaces)"),
        "draft": N_("the draft model's logits, e.g. 2,1.5,0.2,-1 (commas or spaces)"),
    }
    for who, helped in helps.items():
        sample.add_argument(
            f"--{who}-logits",
            required=True,
            nargs="+",
            type=_logits_type(f"{who} logits"),
            metavar="L",
            help=_(helped),
        )
    sample.add_argument(
        "--temperature",
        type=temperature_value,
        default=1.0,
        metavar="T",
        help=_("temperature of both softmaxes, 0 (greedy: the argmax) to 10 (default 1)"),
    )
    sample.add_argument(
        "--rule",
        choices=RULE_NAMES,
        default="probabilistic",
        help=_("verification rule whose acceptance is reported as 'acceptance' (default probabilistic)"),
    )
    sample.add_argument("--draws", type=_draws, metavar="N", help=_("also run N speculative steps"))
    sample.add_argument("--seed", type=seed_type, metavar="S", help=_("seed of --draws (default 0)"))
    sample.add_argument("--json", action="store_true", help=_("print one JSON object"))
    return sample


def _joined(groups: list[tuple[float, ...]]) -> tuple[float, ...]:
    return tuple(value for group in groups for value in group)


def sample_request(args: argparse.Namespace) -> SampleRequest:
    """The parsed ``sample`` command as a request; a usage error when the logits do not pair."""
    target, draft = _joined(args.target_logits), _joined(args.draft_logits)
    if len(target) != len(draft):
        raise UsageError(
            _("argument --draft-logits: needs as many values as --target-logits ({want}), got {got}").format(
                want=len(target), got=len(draft)
            )
        )
    if len(target) > MAX_LOGITS:
        raise UsageError(
            _("argument --target-logits: at most {most} values, got {got}").format(
                most=MAX_LOGITS, got=len(target)
            )
        )
    if args.seed is not None and args.draws is None:
        raise UsageError(_("argument --seed: goes with --draws"))
    return SampleRequest(
        target_logits=target,
        draft_logits=draft,
        temperature=args.temperature,
        rule=args.rule,
        draws=args.draws,
        seed=0 if args.seed is None else args.seed,
        json=args.json,
    )


#: The row heads of ``sample``'s printed figures (its ``--json`` keys stay English).
_SAMPLE_HEADS = (
    N_("temperature"),
    N_("target p"),
    N_("draft q"),
    N_("residual"),
    N_("written tokens"),
    N_("kept"),
    N_("distance to p"),
)


def _row(values) -> str:
    return localize("  ".join(f"{value:.4f}" for value in values))


def run_sample(request: SampleRequest) -> int:
    """Print the distributions, each rule's acceptance and the residual; return the exit status."""
    from ..model.sampling import (
        RULES,
        acceptances,
        draw_outputs,
        residual_distribution,
        softmax,
        total_variation,
    )

    try:
        target = softmax(request.target_logits, request.temperature)
        draft = softmax(request.draft_logits, request.temperature)
        every = acceptances(target, draft)
        residual = residual_distribution(target, draft)
    except ValueError as error:
        raise UsageError(error_text(error)) from None
    histogram = kept = distance = None
    if request.draws is not None:
        counts, kept = draw_outputs(target, draft, request.draws, request.seed, request.rule)
        histogram = counts / request.draws
        distance = total_variation(histogram, target)
    if request.json:
        payload = {
            "acceptance": every[request.rule],
            "rule": request.rule,
            "temperature": request.temperature,
            "target": target.tolist(),
            "draft": draft.tolist(),
            "residual": residual.tolist(),
            "acceptances": every,
        }
        if histogram is not None:
            payload |= {
                "output_histogram": histogram.tolist(),
                "draws": request.draws,
                "seed": request.seed,
                "kept": kept,
                "distance": distance,
            }
        print(json.dumps(payload))
        return EXIT_OK
    # In the --lang language (English: as it always was); the rules' names are typed values.
    heads = [_(head) for head in _SAMPLE_HEADS]
    width = widest(heads, 17) + 1
    rules = {rule: _("acceptance {rule}").format(rule=rule) for rule in RULES}
    rule_width = widest(rules.values(), 29) + 1
    print(f"{padded(heads[0], width)}{localize(f'{request.temperature:g}')}")
    print(f"{padded(heads[1], width)}{_row(target)}")
    print(f"{padded(heads[2], width)}{_row(draft)}")
    print(f"{padded(heads[3], width)}{_row(residual)}  {_('(max(0, p − q), normalised)')}")
    for rule in RULES:
        mark = "  ← --rule" if rule == request.rule else ""
        print(f"{padded(rules[rule], rule_width)}{localize(f'{every[rule]:.4f}')}{mark}")
    if histogram is not None:
        said_draws = _("({draws} draws, seed {seed})").format(draws=request.draws, seed=str(request.seed))
        print(f"{padded(heads[4], width)}{_row(histogram)}  {said_draws}")
        print(f"{padded(heads[5], width)}{localize(f'{kept:.4f}')}")
        print(
            f"{padded(heads[6], width)}{localize(f'{distance:.4f}')}  "
            + _("(total variation; shrinks as draws grow)")
        )
    return EXIT_OK

"""``specdec-desktop text``: a speculative run on real text, an n-gram draft against an n-gram target.

The parser half loads neither Qt nor numpy; :func:`run_text_command` builds the models
(``model/text_corpus.py``, ``model/ngram.py``) and simulates the run (``model/text_run.py``).
JSON (docs/interface.md): ``text``, ``tokens_per_cycle``, ``acceptance_per_position`` (null
where no cycle drafted that far), ``mean_overlap``, ``cycles``, ``speedup`` at ``--c``; also
``formula_speedup`` (the closed form at the measured acceptance), ``acceptance``, ``tokens``,
``passes``, ``prompt`` and the settings (``draft_order``, ``target_order``, ``k``,
``temperature``, ``seed``, ``c``, ``policy``).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

from ..text import N_, _, decimal_point, error_text, localize
from ..text.columns import padded, widest
from .options import EXIT_OK, UsageError
from .sample_command import temperature_value

__all__ = ["TextRequest", "add_text_parser", "run_text_command", "text_request"]

#: The row heads of ``text``'s printed figures (its ``--json`` keys stay English).
_TEXT_HEADS = (
    N_("cycles"),
    N_("tokens per cycle"),
    N_("acceptance"),
    N_("mean overlap"),
    N_("speedup"),
)


@dataclass(frozen=True)
class TextRequest:
    """What ``text`` was asked to do."""

    draft_order: int = 3
    target_order: int = 6
    k: int = 4
    temperature: float = 1.0
    tokens: int = 400
    seed: int = 0
    policy: str = "fixed"
    c: float = 0.05
    corpus: Path | None = None
    json: bool = False


def _whole(name: str, low: int, high: int):
    def parse(text: str) -> int:
        if not text.strip().isdecimal() or not text.isascii() or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(
                _("{name} must be a whole number from {low} to {high}, got {text!r}").format(
                    name=name, low=str(low), high=str(high), text=text
                )
            )
        return int(text)

    parse.__name__ = name
    return parse


def _cost(text: str) -> float:
    try:
        value = float(text) if text.isascii() and "_" not in text else float("nan")
    except ValueError:
        value = float("nan")
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(_("c must be a number from 0 to 1, got {text!r}").format(text=text))
    return value


def _policy(text: str) -> str:
    kind, _sep, value = text.partition(":")
    if kind in ("fixed", "heuristic", "oracle") and not value:
        return text
    if kind == "threshold":
        try:
            number = float(value) if value.isascii() else float("nan")
        except ValueError:
            number = float("nan")
        if 0.0 < number <= 1.0:
            return text
        raise argparse.ArgumentTypeError(
            _("policy threshold H must be above 0 and at most 1, got {value!r}").format(value=value)
        )
    raise argparse.ArgumentTypeError(
        _("policy must be fixed, threshold:H, heuristic or oracle, got {text!r}").format(text=text)
    )


def add_text_parser(commands, seed_type) -> argparse.ArgumentParser:
    """Add the ``text`` command to the subparsers ``commands`` (``seed_type`` parses ``--seed``)."""
    text = commands.add_parser(
        "text",
        help=_("a speculative run on real text: an n-gram draft guesses, a 6-gram target checks"),
        description=_(
            "Build character n-gram models from the bundled Shakespeare (or --corpus) and "
            "simulate a speculative run: each cycle the draft guesses up to k characters, the target "
            "keeps the leading ones it accepts and writes one of its own."
        ),
    )
    text.add_argument(
        "--draft-order",
        dest="text_draft_order",
        type=_whole("draft order", 1, 7),
        default=3,
        metavar="N",
        help=_("the draft's n-gram order, below the target's (default 3)"),
    )
    text.add_argument(
        "--target-order",
        dest="text_target_order",
        type=_whole("target order", 2, 8),
        default=6,
        metavar="M",
        help=_("the target's n-gram order (default 6)"),
    )
    text.add_argument(
        "--k",
        dest="text_k",
        type=_whole("k", 1, 32),
        default=4,
        metavar="K",
        help=_("most characters the draft guesses per cycle (default 4)"),
    )
    text.add_argument(
        "--temperature",
        dest="text_temperature",
        type=temperature_value,
        default=1.0,
        metavar="T",
        help=_("temperature of both models, 0 (greedy) to 10 (default 1)"),
    )
    text.add_argument(
        "--tokens",
        dest="text_tokens",
        type=_whole("tokens", 1, 100_000),
        default=400,
        metavar="N",
        help=_("characters to write, at least (default 400)"),
    )
    text.add_argument(
        "--seed",
        dest="text_seed",
        type=seed_type,
        default=0,
        metavar="S",
        help=_("seed of the run (default 0)"),
    )
    text.add_argument(
        "--policy",
        dest="text_policy",
        type=_policy,
        default="fixed",
        metavar="P",
        help=_(
            "drafting policy: fixed, threshold:H (stop below the draft's confidence H), "
            "heuristic (Hugging Face's +2/-1) or oracle (default fixed)"
        ),
    )
    text.add_argument(
        "--c",
        dest="text_c",
        type=_cost,
        default=0.05,
        metavar="C",
        help=_("cost of one draft step in target passes, for the speedup (default 0.05)"),
    )
    text.add_argument(
        "--corpus",
        dest="text_corpus",
        type=Path,
        metavar="FILE",
        help=_("build the models from this UTF-8 text file instead of the bundled one"),
    )
    text.add_argument("--json", action="store_true", help=_("print one JSON object"))
    return text


def text_request(args: argparse.Namespace) -> TextRequest:
    """The parsed ``text`` command as a request."""
    if args.text_draft_order >= args.text_target_order:
        raise UsageError(
            _("argument --draft-order: must be below the target order ({target}), got {draft}").format(
                target=args.text_target_order, draft=args.text_draft_order
            )
        )
    return TextRequest(
        draft_order=args.text_draft_order,
        target_order=args.text_target_order,
        k=args.text_k,
        temperature=args.text_temperature,
        tokens=args.text_tokens,
        seed=args.text_seed,
        policy=args.text_policy,
        c=args.text_c,
        corpus=args.text_corpus,
        json=args.json,
    )


def _counts(request: TextRequest):
    from ..model.ngram import build_counts
    from ..model.text_corpus import bundled_counts, read_text_file

    if request.corpus is None and request.target_order <= 6:
        return bundled_counts()
    try:
        from ..model.text_corpus import bundled_text

        text = bundled_text() if request.corpus is None else read_text_file(request.corpus)
        return build_counts(text, request.target_order)
    except ValueError as error:
        raise UsageError(f"argument --corpus: {error_text(error)}") from None


def run_text_command(request: TextRequest) -> int:
    """Build the models, simulate the run, print it; return the exit status."""
    from ..model.text_run import PROMPT, run_text

    counts = _counts(request)
    try:
        run = run_text(
            counts,
            draft_order=request.draft_order,
            target_order=request.target_order,
            k=request.k,
            temperature=request.temperature,
            tokens=request.tokens,
            seed=request.seed,
            c=request.c,
            policy=request.policy,
        )
    except ValueError as error:
        raise UsageError(error_text(error)) from None
    if request.json:
        payload = {
            "text": run.text,
            "tokens_per_cycle": run.tokens_per_cycle,
            "acceptance_per_position": list(run.acceptance_per_position),
            "mean_overlap": run.mean_overlap,
            "cycles": len(run.cycles),
            "speedup": run.speedup,
            "formula_speedup": run.formula_speedup,
            "acceptance": run.acceptance,
            "tokens": run.tokens,
            "passes": run.passes,
            "prompt": PROMPT,
            "draft_order": request.draft_order,
            "target_order": request.target_order,
            "k": request.k,
            "temperature": request.temperature,
            "seed": request.seed,
            "c": request.c,
            "policy": request.policy,
        }
        print(json.dumps(payload))
        return EXIT_OK
    print(PROMPT + run.text)
    print()
    # In the --lang language (English: as it always was); the policy's name is a typed value.
    positions = ["–" if a is None else localize(f"{a:.3f}") for a in run.acceptance_per_position]
    per_position = ("; " if decimal_point() == "," else ", ").join(positions)  # 0,812; 0,700
    print(
        _(
            "draft order {draft} against target order {target}, k = {k}, temperature {temperature}, "
            "policy {policy}, seed {seed}"
        ).format(
            draft=request.draft_order,
            target=request.target_order,
            k=request.k,
            temperature=localize(f"{request.temperature:g}"),
            policy=request.policy,
            seed=str(request.seed),
        )
    )
    heads = [_(head) for head in _TEXT_HEADS]
    width = widest(heads, 17) + 1
    print(
        padded(heads[0], width)
        + _("{cycles} ({tokens} characters)").format(cycles=len(run.cycles), tokens=run.tokens)
    )
    print(padded(heads[1], width) + localize(f"{run.tokens_per_cycle:.4f}"))
    print(
        padded(heads[2], width)
        + _("{acceptance:.4f} (per position: {positions})").format(
            acceptance=run.acceptance, positions=per_position
        )
    )
    print(
        padded(heads[3], width)
        + _("{overlap:.4f} (Σ min(p, q) over the checked guesses)").format(overlap=run.mean_overlap)
    )
    print(
        padded(heads[4], width)
        + _("{speedup:.4f}× at c = {c}; the formula at that acceptance: {formula:.4f}×").format(
            speedup=run.speedup, c=localize(f"{request.c:g}"), formula=run.formula_speedup
        )
    )
    return EXIT_OK

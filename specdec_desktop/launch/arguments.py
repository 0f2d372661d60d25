"""Parsing ``argv`` once, into :class:`~.options.LaunchOptions` or a :class:`~.options.CalcRequest`.

Importing this module loads neither Qt nor numpy, so ``--help`` and
``--version`` answer at once.  A bad argument raises
:class:`~.options.UsageError` with one line naming it; the command line
prints it and exits with status 2.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Sequence

from .. import __version__
from ..text import _, current, error_text
from . import values
from .fit_command import FitRequest, add_fit_parser, fit_request
from .options import DEFAULT_SIZE, CalcRequest, FuzzOptions, LaunchOptions, UsageError
from .parser import Parser, Refused
from .presets_command import PresetsRequest, add_presets_parser
from .sample_command import SampleRequest, add_sample_parser, sample_request
from .text_command import TextRequest, add_text_parser, text_request
from .tree_command import add_tree_flags, tree_shape
from .values import MIN_SIZE

__all__ = [
    "MIN_SIZE",
    "PROG",
    "add_assumptions",
    "assumptions_given",
    "build_parser",
    "parse_command_line",
    "parse_options",
    "requested_language",
]

PROG = "specdec-desktop"


def _check_tour_scene(number: int, scenario) -> None:
    """``--tour-scene N`` must name a scene of the tour shown: the scenario's, else the bundled one."""
    from ..scenario import FileProblem, default_tour_path, load_tour

    tour = scenario.tour if scenario is not None and scenario.tour is not None else None
    if tour is None:
        try:
            tour = load_tour(default_tour_path())
        except FileProblem as problem:  # a damaged installation: say so, as for any bad file
            raise UsageError(f"argument --tour-scene: {error_text(problem)}") from None
    count = len(tour.scenes)
    if number > count:
        raise UsageError(
            _("argument --tour-scene: the tour has {count} scenes (1 to {count}), got {number}").format(
                count=count, number=number
            )
        )


def _add_window_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--scenario", type=values.scenario, metavar="FILE", help=_("open a saved scenario (JSON) at start")
    )
    parser.add_argument(
        "--projector", action="store_true", help=_("start in the high-contrast projector theme")
    )
    parser.add_argument(
        "--fullscreen", action="store_true", help=_("start full screen (F11 toggles, Esc leaves)")
    )
    parser.add_argument("--tour", action="store_true", help=_("start the guided tour (PageDown/PageUp move)"))
    parser.add_argument(
        "--tour-scene",
        type=values.tour_scene,
        metavar="N",
        help=_("start the tour at scene N (from 1; implies --tour); with --screenshot, preview that scene"),
    )
    parser.add_argument(
        "--export-chart",
        type=values.export_path,
        metavar="PATH",
        help=_("write the chart as .png (2x), .svg or .csv (by extension) and exit"),
    )
    parser.add_argument(
        "--export-map",
        type=values.map_path,
        metavar="PATH.csv",
        help=_("write the (p, c) map (best k and its speedup on a 0.01 grid) as CSV and exit"),
    )
    parser.add_argument(
        "--no-settings",
        action="store_true",
        help=_("neither read nor write saved settings (also: SPECDEC_NO_SETTINGS=1)"),
    )
    parser.add_argument("--reset-settings", action="store_true", help=_("forget the saved settings and exit"))
    parser.add_argument(
        "--fuzz",
        type=values.seconds,
        metavar="SECONDS",
        help=_(
            "perform seeded random user actions for SECONDS, checking invariants; exit 0 if nothing broke"
        ),
    )
    parser.add_argument(
        "--seed", type=values.seed, metavar="N", help=_("seed of --fuzz (default: a fresh one)")
    )
    parser.add_argument(
        "--actions",
        type=values.count,
        metavar="N",
        help=_("with --fuzz: stop after N actions if time remains"),
    )


@functools.lru_cache(maxsize=8)
def _parameter_helps(code: str) -> dict[str, str]:
    """Each parameter flag's help in the language ``code`` (made once: the parser is built at
    every start, for two commands)."""
    from ..model.parameters import SPECS

    return {
        spec.name: _("{label}, {low} to {high} (default {default})").format(
            label=_(spec.label),
            low=spec.format(spec.minimum),  # text: a dot in every language, as typed here
            high=spec.format(spec.maximum),
            default=spec.format(spec.default),
        )
        for spec in SPECS
    }


def _add_parameters(parser: argparse.ArgumentParser, default: object = None) -> None:
    from ..model.parameters import SPECS

    helps = _parameter_helps(current().code)
    for spec in SPECS:
        parser.add_argument(
            f"--{spec.name}",
            type=values.parameter_type(spec.name),
            default=default,
            metavar=spec.name.upper(),
            help=helps[spec.name],
        )


@functools.lru_cache(maxsize=8)
def _assumption_helps(code: str) -> dict[str, str]:
    """Each assumption flag's help in the language ``code`` (made once, for three commands)."""
    from ..model.assumptions import ASSUMPTION_SPECS

    helps = {}
    for spec in ASSUMPTION_SPECS:
        off = ""
        if spec.optional:
            off = (
                _("; 'off' turns it off")
                if spec.off_text == "off"
                else _("; '{symbol}' or 'off' turns it off").format(symbol=spec.off_text)
            )
        explained = _("{label} ({symbol}), an assumption: {range}; default {default} is the original model")
        helps[spec.name] = (
            explained.format(
                label=_(spec.label),
                symbol=spec.symbol,
                range=_(spec.range_text()),
                default=spec.format(spec.default),
            )
            + off
        )
    return helps


def add_assumptions(parser: argparse.ArgumentParser, default: object = argparse.SUPPRESS) -> None:
    """The six assumption flags (``--decay`` … ``--overhead``), read from their declarations.

    For every command that computes figures: ``calc``, the window, ``--screenshot``,
    ``--export-chart`` (and any later command that takes them).
    """
    from ..model.assumptions import ASSUMPTION_SPECS

    helps = _assumption_helps(current().code)
    for spec in ASSUMPTION_SPECS:
        parser.add_argument(
            spec.flag,
            dest=spec.name,
            type=values.assumption_type(spec.name),
            default=default,
            metavar=spec.name.upper(),
            help=helps[spec.name],
        )


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: options, then the optional ``calc`` command."""
    parser = Parser(
        prog=PROG,
        description=_(
            "Teach and calculate speculative decoding. Opens the window unless a "
            "command or an output option says otherwise."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {__version__}",
        help=_("show program's version number and exit"),  # argparse's msgid (Python 3.13)
    )
    parser.add_argument(
        "--lang",
        metavar="CODE",
        help=_("the window's language: en, de, es, zh_CN or pseudo (default: the system's)"),
    )
    _add_parameters(parser)
    add_assumptions(parser)
    parser.add_argument(
        "--screenshot",
        type=values.png_path,
        metavar="PATH",
        help=_("render the main window to a PNG file and exit (works without a display)"),
    )
    parser.add_argument(
        "--size",
        type=values.size,
        default=DEFAULT_SIZE,
        metavar="WxH",
        help=_("window size (default {width}x{height})").format(
            width=DEFAULT_SIZE[0], height=DEFAULT_SIZE[1]
        ),
    )
    _add_window_options(parser)
    add_tree_flags(parser)
    parser.add_argument(
        "--self-test",
        action="store_true",
        help=_("build the window, exercise every part, exit 0 (or 1 with the reason); works frozen"),
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    calc = commands.add_parser("calc", help=_("print the four readouts without opening a window"))
    # SUPPRESS: a value given before "calc" (--k 8 calc) is kept, not overwritten by a default.
    _add_parameters(calc, default=argparse.SUPPRESS)
    add_assumptions(calc)
    calc.add_argument("--json", action="store_true", help=_("print one JSON object"))
    calc.add_argument(
        "--simulate",
        type=values.simulate,
        metavar="N",
        help=_(
            "also simulate N cycles under the active model and print the simulated speedup "
            "and its standard error"
        ),
    )
    calc.add_argument(
        "--seed", type=values.seed, default=argparse.SUPPRESS, metavar="S", help=_("seed of --simulate")
    )
    add_tree_flags(calc)
    add_assumptions(add_fit_parser(commands))
    add_presets_parser(commands)
    add_sample_parser(commands, values.seed)
    add_text_parser(commands, values.seed)
    return parser


def _unknown_option(parser: argparse.ArgumentParser, argv: Sequence[str]) -> str | None:
    """The first argument that looks like an option ``parser`` does not know, if any."""
    known = parser._option_string_actions  # argparse's table of option strings
    for token in argv:
        name = token.split("=", 1)[0]
        if token == "--" or token in ("calc", "fit", "presets", "sample", "text"):
            return None
        if token.startswith("-") and not token[1:2].isdigit() and not any(o.startswith(name) for o in known):
            return token
    return None


def _namespace(argv: Sequence[str]) -> argparse.Namespace:
    argv = list(argv)
    parser = build_parser()
    try:
        return parser.parse_args(argv)
    except Refused as error:
        # "--K 6": argparse blames "6" as an unknown command; name the unknown option instead.
        unknown = _unknown_option(parser, argv)
        if unknown is not None and error.argument_name == "COMMAND":
            raise UsageError(_("unrecognized argument: {unknown}").format(unknown=unknown)) from None
        raise


def _parameters(args: argparse.Namespace) -> dict[str, float | int]:
    from ..model.parameters import SPECS

    return {s.name: getattr(args, s.name) for s in SPECS if getattr(args, s.name, None) is not None}


def assumptions_given(args: argparse.Namespace) -> dict[str, float | int | None]:
    """The assumption flags that were given (validated), by keyword; ``None`` means "off"."""
    from ..model.assumptions import ASSUMPTION_SPECS

    # The flags default to SUPPRESS: an attribute exists only when its flag was given.
    return {spec.name: getattr(args, spec.name) for spec in ASSUMPTION_SPECS if hasattr(args, spec.name)}


def requested_language(argv: Sequence[str]) -> str | None:
    """The code ``--lang CODE`` (or ``--lang=CODE``) names in ``argv``, read before parsing so
    that the parser's own messages and help are in that language; the last one counts."""
    found = None
    for i, token in enumerate(argv):
        if token == "--":
            break
        if token == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif token.startswith("--lang="):
            found = token.split("=", 1)[1]
    return found


def parse_command_line(
    argv: Sequence[str] | None,
) -> LaunchOptions | CalcRequest | FitRequest | PresetsRequest | SampleRequest | TextRequest:
    """Parse ``argv`` (without the program name) once; raise :class:`UsageError` when bad."""
    args = _namespace(argv if argv is not None else [])
    if args.command == "fit":
        return fit_request(args, assumptions_given(args))
    if args.command == "presets":
        return PresetsRequest(json=args.json)
    if args.command == "sample":
        return sample_request(args)
    if args.command == "text":
        return text_request(args)
    if args.command == "calc":
        seed = getattr(args, "seed", None)
        if seed is not None and args.simulate is None:
            raise UsageError(_("argument --seed: goes with --simulate (or --fuzz)"))
        parameters = _parameters(args)
        tree = tree_shape(args, parameters.get("p"))
        if tree is not None:
            parameters["p"] = tree[1]
        return CalcRequest(
            parameters=parameters,
            shape=None if tree is None else tree[0],
            json=args.json,
            assumptions=assumptions_given(args),
            simulate=args.simulate,
            seed=seed,
        )
    for option in ("seed", "actions"):
        if getattr(args, option) is not None and args.fuzz is None:
            raise UsageError(_("argument --{option}: goes with --fuzz").format(option=option))
    fuzz = FuzzOptions(args.fuzz, args.seed, args.actions) if args.fuzz is not None else None
    if args.tour_scene is not None:
        _check_tour_scene(args.tour_scene, args.scenario)
    parameters = _parameters(args)
    tree = tree_shape(args, parameters.get("p"))
    if tree is not None:
        parameters["p"] = tree[1]
    return LaunchOptions(
        parameters=parameters,
        shape=None if tree is None else tree[0],
        assumptions=assumptions_given(args),
        lang=args.lang,
        scenario=args.scenario,
        projector=args.projector,
        fullscreen=args.fullscreen,
        tour=args.tour or args.tour_scene is not None,
        tour_scene=args.tour_scene,
        size=args.size,
        no_settings=args.no_settings,
        screenshot=args.screenshot,
        export_chart=args.export_chart,
        export_map=args.export_map,
        reset_settings=args.reset_settings,
        self_test=args.self_test,
        fuzz=fuzz,
    )


def parse_options(argv: Sequence[str] | None) -> LaunchOptions:
    """Parse ``argv`` into the options of a window; a command (``calc``) is a usage error here."""
    parsed = parse_command_line(argv)
    if not isinstance(parsed, LaunchOptions):
        raise UsageError(_("a command (calc, fit, presets, sample, text) does not open a window"))
    return parsed

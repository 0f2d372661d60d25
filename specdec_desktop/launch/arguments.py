"""Parsing ``argv`` once, into :class:`~.options.LaunchOptions` or a :class:`~.options.CalcRequest`.

Importing this module loads neither Qt nor numpy, so ``--help`` and
``--version`` answer at once.  A bad argument raises
:class:`~.options.UsageError` with one line naming it; the command line
prints it and exits with status 2.
"""

from __future__ import annotations

import argparse
import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from .. import __version__
from ..text import _
from .fit_command import FitRequest, add_fit_parser, fit_request
from .options import DEFAULT_SIZE, CalcRequest, FuzzOptions, LaunchOptions, UsageError
from .presets_command import PresetsRequest, add_presets_parser
from .sample_command import SampleRequest, add_sample_parser, sample_request
from .text_command import TextRequest, add_text_parser, text_request
from .tree_command import add_tree_flags, tree_shape

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
#: Smallest window the layout fits: an old 1024x768 classroom projector (the window's minimum is below it).
MIN_SIZE = (1024, 768)


#: What argparse should take for a negative number rather than an option: "-1e-3" as well as
#: "-1" and "-.5" (its own pattern has no exponent, so "--c -1e-3" read as a missing value).
_NEGATIVE_NUMBER = re.compile(r"^-(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$")


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and an exception, not a usage dump."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = _NEGATIVE_NUMBER  # argparse's own hook (Python 3.9 to 3.13)

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _parameter_type(name: str):
    def parse(text: str) -> float | int:
        from ..model.parameters import SPECS  # numpy-free module

        spec = next(s for s in SPECS if s.name == name)
        try:
            return spec.validate(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    parse.__name__ = name
    return parse


def _assumption_type(name: str):
    def parse(text: str) -> float | int | None:
        from ..model.assumptions import ASSUMPTION_SPECS  # numpy-free module

        spec = next(s for s in ASSUMPTION_SPECS if s.name == name)
        try:
            return spec.check(text, bounded=True)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    parse.__name__ = name
    return parse


def _simulate(text: str) -> int:
    if not text.strip().isdecimal() or not text.isascii() or not 2 <= int(text) <= 10**8:
        raise argparse.ArgumentTypeError(
            f"simulate must be a whole number of cycles from 2 to 10**8, got {text!r}"
        )
    return int(text)


def _size(text: str) -> tuple[int, int]:
    # ASCII digits only: int() would also take "١٦٠٠" (Arabic-Indic digits) and "1_600".
    match = re.fullmatch(r"([0-9]{1,5})[xX]([0-9]{1,5})", text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(_("size must look like 1600x1000, got {text!r}").format(text=text))
    width, height = int(match[1]), int(match[2])
    if not (MIN_SIZE[0] <= width <= 8192 and MIN_SIZE[1] <= height <= 8192):
        raise argparse.ArgumentTypeError(
            f"size must be from {MIN_SIZE[0]}x{MIN_SIZE[1]} to 8192x8192, got {text!r}"
        )
    return width, height


def _output_path(text: str, suffixes: Sequence[str], what: str) -> Path:
    """A file the app may write: right extension, a usable name, in a folder that exists.

    Refused here, before any work: a name no file can have (a NUL, an unencodable character,
    too long for the file system), a folder, and anything that exists but is not a regular
    file (a FIFO would block the write for ever; a device is not the user's file).
    """
    from ..plain_text import printable

    shown = f"'{printable(text, 80)}'"
    path = Path(text)
    if path.suffix.lower() not in suffixes:
        allowed = suffixes[0] if len(suffixes) == 1 else f"{', '.join(suffixes[:-1])} or {suffixes[-1]}"
        raise argparse.ArgumentTypeError(
            _("{what} must be a {allowed} file, got {shown}").format(what=what, allowed=allowed, shown=shown)
        )
    try:
        os.fsencode(text)
        if "\x00" in text:
            raise ValueError
    except (UnicodeError, ValueError):
        raise argparse.ArgumentTypeError(_("{shown} cannot be a file name").format(shown=shown)) from None
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as error:  # a name too long, a link loop, a part that is not a folder
        raise argparse.ArgumentTypeError(
            _("{shown} cannot be written: {error.strerror}").format(shown=shown, error=error)
        ) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise argparse.ArgumentTypeError(_("{shown} is a folder, not a file").format(shown=shown))
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise argparse.ArgumentTypeError(_("{shown} exists and is not a regular file").format(shown=shown))
    try:
        folder_ok = path.absolute().parent.is_dir()
    except OSError:
        folder_ok = False
    if not folder_ok:
        raise argparse.ArgumentTypeError(_("folder does not exist for {shown}").format(shown=shown))
    if len(os.fsencode(path.name)) > 255:
        raise argparse.ArgumentTypeError(
            _("{shown} cannot be written: the name is longer than 255 bytes").format(shown=shown)
        )
    return path


def _png_path(text: str) -> Path:
    return _output_path(text, (".png",), "screenshot")


def _scenario(text: str):
    from ..scenario import FileProblem
    from ..scenario.opened import open_scenario

    try:
        return open_scenario(text)
    except FileProblem as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def _export_path(text: str) -> Path:
    from ..export import EXPORT_SUFFIXES  # the package's front module: no Qt

    return _output_path(text, tuple(EXPORT_SUFFIXES), "chart export")


def _map_path(text: str) -> Path:
    return _output_path(text, (".csv",), "map export")


def _seconds(text: str) -> float:
    # float() would also take "٦" (an Arabic-Indic six) and "1_0"; a duration is plain ASCII.
    if not text.isascii() or "_" in text:
        raise argparse.ArgumentTypeError(_("seconds must be a number, got {text!r}").format(text=text))
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("seconds must be a number, got {text!r}").format(text=text)
        ) from None
    if not 0 < value <= 86400:  # also rules out NaN
        raise argparse.ArgumentTypeError(
            _("seconds must be above 0 and at most 86400, got {text!r}").format(text=text)
        )
    return value


def _seed(text: str) -> int:
    if not text.strip().isdecimal() or not text.isascii() or int(text) > 2**63 - 1:
        raise argparse.ArgumentTypeError(
            _("seed must be a whole number from 0 to 2**63-1, got {text!r}").format(text=text)
        )
    return int(text)


def _count(text: str) -> int:
    if not text.strip().isdecimal() or not text.isascii() or not 0 < int(text) <= 10**9:
        raise argparse.ArgumentTypeError(
            _("actions must be a whole number from 1 to 10**9, got {text!r}").format(text=text)
        )
    return int(text)


def _tour_scene(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= 1000:
        raise argparse.ArgumentTypeError(
            _("scene must be a whole number from 1, got {text!r}").format(text=text)
        )
    return int(text)


def _check_tour_scene(number: int, scenario) -> None:
    """``--tour-scene N`` must name a scene of the tour shown: the scenario's, else the bundled one."""
    from ..scenario import FileProblem, default_tour_path, load_tour

    tour = scenario.tour if scenario is not None and scenario.tour is not None else None
    if tour is None:
        try:
            tour = load_tour(default_tour_path())
        except FileProblem as problem:  # a damaged installation: say so, as for any bad file
            raise UsageError(f"argument --tour-scene: {problem}") from None
    count = len(tour.scenes)
    if number > count:
        raise UsageError(f"argument --tour-scene: the tour has {count} scenes (1 to {count}), got {number}")


def _add_window_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--scenario", type=_scenario, metavar="FILE", help=_("open a saved scenario (JSON) at start")
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
        type=_tour_scene,
        metavar="N",
        help=_("start the tour at scene N (from 1; implies --tour); with --screenshot, preview that scene"),
    )
    parser.add_argument(
        "--export-chart",
        type=_export_path,
        metavar="PATH",
        help=_("write the chart as .png (2x), .svg or .csv (by extension) and exit"),
    )
    parser.add_argument(
        "--export-map",
        type=_map_path,
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
        type=_seconds,
        metavar="SECONDS",
        help=_(
            "perform seeded random user actions for SECONDS, checking invariants; exit 0 if nothing broke"
        ),
    )
    parser.add_argument("--seed", type=_seed, metavar="N", help=_("seed of --fuzz (default: a fresh one)"))
    parser.add_argument(
        "--actions", type=_count, metavar="N", help=_("with --fuzz: stop after N actions if time remains")
    )


def _add_parameters(parser: argparse.ArgumentParser, default: object = None) -> None:
    from ..model.parameters import SPECS

    for spec in SPECS:
        parser.add_argument(
            f"--{spec.name}",
            type=_parameter_type(spec.name),
            default=default,
            metavar=spec.name.upper(),
            help=f"{spec.label.lower()}, {spec.format(spec.minimum)} to "
            f"{spec.format(spec.maximum)} (default {spec.format(spec.default)})",
        )


def add_assumptions(parser: argparse.ArgumentParser, default: object = argparse.SUPPRESS) -> None:
    """The six assumption flags (``--decay`` … ``--overhead``), read from their declarations.

    For every command that computes figures: ``calc``, the window, ``--screenshot``,
    ``--export-chart`` (and any later command that takes them).
    """
    from ..model.assumptions import ASSUMPTION_SPECS

    for spec in ASSUMPTION_SPECS:
        off = ""
        if spec.optional:
            off = (
                "; 'off' turns it off"
                if spec.off_text == "off"
                else f"; '{spec.off_text}' or 'off' turns it off"
            )
        parser.add_argument(
            spec.flag,
            dest=spec.name,
            type=_assumption_type(spec.name),
            default=default,
            metavar=spec.name.upper(),
            help=f"assumption: {spec.label.lower()} ({spec.symbol}), {spec.range_text()}; "
            f"default {spec.format(spec.default)} is the original model{off}",
        )


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: options, then the optional ``calc`` command."""
    parser = _Parser(
        prog=PROG,
        description=_(
            "Teach and calculate speculative decoding. Opens the window unless a "
            "command or an output option says otherwise."
        ),
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument(
        "--lang",
        metavar="CODE",
        help=_("the window's language: en, de, es, zh_CN or pseudo (default: the system's)"),
    )
    _add_parameters(parser)
    add_assumptions(parser)
    parser.add_argument(
        "--screenshot",
        type=_png_path,
        metavar="PATH",
        help=_("render the main window to a PNG file and exit (works without a display)"),
    )
    parser.add_argument(
        "--size",
        type=_size,
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
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    calc = commands.add_parser("calc", help=_("print the four readouts without opening a window"))
    # SUPPRESS: a value given before "calc" (--k 8 calc) is kept, not overwritten by a default.
    _add_parameters(calc, default=argparse.SUPPRESS)
    add_assumptions(calc)
    calc.add_argument("--json", action="store_true", help=_("print one JSON object"))
    calc.add_argument(
        "--simulate",
        type=_simulate,
        metavar="N",
        help=_(
            "also simulate N cycles under the active model and print the simulated speedup "
            "and its standard error"
        ),
    )
    calc.add_argument(
        "--seed", type=_seed, default=argparse.SUPPRESS, metavar="S", help=_("seed of --simulate")
    )
    add_tree_flags(calc)
    add_assumptions(add_fit_parser(commands))
    add_presets_parser(commands)
    add_sample_parser(commands, _seed)
    add_text_parser(commands, _seed)
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
    except UsageError as error:
        # "--K 6": argparse blames "6" as an unknown command; name the unknown option instead.
        unknown = _unknown_option(parser, argv)
        if unknown is not None and str(error).startswith("argument COMMAND: invalid choice"):
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

"""Self-test checks of the window as a whole: theme switching, the token-by-token run, and a rendered PNG."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QWidget

from ..text import N_, _
from ..theme import THEMES
from .context import SelfTestContext, expect

__all__ = ["TOKEN_RUN_STEPS", "check_screenshot", "check_themes", "check_token_run", "find_token_player"]

#: How many steps of the token-by-token run the self-test plays.
TOKEN_RUN_STEPS = 300


def _pixel(image: QImage, x: int, y: int) -> str:
    return QColor(image.pixel(x, y)).name().lower()


def check_themes(ctx: SelfTestContext) -> str:
    """Switch through every theme: the window and the chart take its colours; then switch back."""
    window = ctx.window
    original = window.theme
    try:
        for theme in THEMES.values():
            window.apply_theme(theme)
            ctx.settle()
            image = window.grab().toImage()
            expect(not image.isNull(), N_("the window did not render in the {theme} theme"), theme=theme.name)
            corner = _pixel(image, 3, 3)
            expect(
                corner == theme.window.lower(),
                N_("{theme} theme: window background {colour}"),
                theme=theme.name,
                colour=corner,
            )
            chart = getattr(window, "chart", None)
            if chart is not None:
                background = chart.backgroundBrush().color().name().lower()
                expect(
                    background == theme.chart_background.lower(),
                    N_("{theme} theme: chart background {colour}"),
                    theme=theme.name,
                    colour=background,
                )
    finally:
        window.apply_theme(original)
    return _("{count} themes: {names}").format(count=len(THEMES), names=", ".join(THEMES))


def find_token_player(window: QWidget) -> object | None:
    """The animation's player, if the app has one.

    The token-by-token view (objectName ``tokenRun``) owns time through its
    ``player``, an object with ``step()`` and ``restart()``.  Returns ``None`` for a
    build whose ``tokenRun`` area has no player.
    """
    view = window.findChild(QWidget, "tokenRun")
    candidate = getattr(view, "player", None)
    return candidate if callable(getattr(candidate, "step", None)) else None


def check_token_run(ctx: SelfTestContext) -> str:
    """Play the token-by-token run for :data:`TOKEN_RUN_STEPS` steps, repainting as it goes."""
    view = ctx.window.findChild(QWidget, "tokenRun")
    expect(view is not None, N_("no widget named 'tokenRun'"))
    player = find_token_player(ctx.window)
    if player is None:
        expect(not view.grab().isNull(), N_("the token-run area does not render"))
        return _("placeholder only: no animation player in this build")
    restart = getattr(player, "restart", None)
    if callable(restart):
        restart()
    for step in range(TOKEN_RUN_STEPS):
        player.step()
        if step % 25 == 0:
            ctx.settle()
            expect(not view.grab().isNull(), N_("the token run did not render at step {step}"), step=step)
    ctx.settle()
    expect(not view.grab().isNull(), N_("the token run did not render after playing"))
    played = _compare_run_with_model(view)
    if callable(restart):
        restart()
    return _("{steps} steps played, {played} cycles match simulate_cycles").format(
        steps=TOKEN_RUN_STEPS, played=played
    )


def _compare_run_with_model(view: QWidget) -> int:
    """The cycles the run showed are the model's ``simulate_cycles`` (a tree's:
    ``simulate_tree_cycles``) for the same seed."""
    from ..model import simulate_cycles
    from ..model.trees import simulate_tree_cycles

    run = getattr(view, "run", None)
    if run is None:
        return 0
    params = run.params
    n = 1000
    tree = run.stream.tree
    if tree is not None:
        shown = run.stream.accepted_nodes(0, n)
        expected = simulate_tree_cycles(
            tree.paths, tree.rank_acceptance, n, run.seed, levels=tree.levels, decay=tree.decay
        )
    else:
        shown = run.stream.accepted(0, n)
        expected = simulate_cycles(params.p, params.k, n, run.seed)
    expect(bool((shown == expected).all()), N_("the token run's cycles differ from simulate_cycles"))
    return n


def check_screenshot(ctx: SelfTestContext) -> str:
    """Render the window to a PNG in a temporary folder, read it back, and check it is not blank."""
    path = ctx.temp_dir / "self-test.png"
    pixmap = ctx.window.grab()
    expect(not pixmap.isNull(), N_("the window rendered to an empty image"))
    expect(pixmap.save(str(path), "PNG"), N_("could not write {path}"), path=path)
    image = QImage(str(path))
    expect(not image.isNull(), N_("could not read back {path}"), path=path)
    expect(
        image.size() == pixmap.size(),
        N_("read back {width}x{height}, wrote {wrote_width}x{wrote_height}"),
        width=image.width(),
        height=image.height(),
        wrote_width=pixmap.width(),
        wrote_height=pixmap.height(),
    )
    background = QColor(ctx.window.theme.window)
    colours: set[int] = set()
    ink = samples = 0
    for y in range(0, image.height(), 4):
        for x in range(0, image.width(), 4):
            rgb = image.pixel(x, y)
            colours.add(rgb)
            colour = QColor(rgb)
            samples += 1
            distance = (
                abs(colour.red() - background.red())
                + abs(colour.green() - background.green())
                + abs(colour.blue() - background.blue())
            )
            ink += distance > 300
    expect(len(colours) >= 16, N_("the rendered window has only {count} colours"), count=len(colours))
    expect(
        ink / samples >= 0.005,
        N_("the rendered window is nearly blank ({ink} dark samples of {samples})"),
        ink=ink,
        samples=samples,
    )
    return _("{width}x{height} PNG, {colours} colours, {ink:.1f}% ink").format(
        width=image.width(), height=image.height(), colours=len(colours), ink=100 * ink / samples
    )

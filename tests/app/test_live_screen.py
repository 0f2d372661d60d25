"""The window on a real X server with a window manager: it fits the screen it opens on.

Offscreen Qt has no window manager and no frame, so it cannot show the failure a lecturer met (a
1600x1000 window on a 1280x800 projector, the best draft length off-screen).  These tests start
Xvfb at a classroom size with openbox, open the app as a user would
(``python -m specdec_desktop --no-settings``), and read the window's frame with xwininfo and
xprop (``_NET_FRAME_EXTENTS``): the frame must lie inside the screen, at start and after full
screen and Esc.  They are skipped, saying why, only where Xvfb, openbox, xdotool or xwininfo are
missing (CI installs them: .ci/run).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from ..support.cli import start_app

TOOLS = ("Xvfb", "openbox", "xdotool", "xwininfo", "xprop")
MISSING = [tool for tool in TOOLS if shutil.which(tool) is None]

pytestmark = pytest.mark.skipif(
    bool(MISSING),
    reason=f"the live screen test needs {', '.join(MISSING)} (Debian: xvfb openbox xdotool x11-utils)",
)

#: How long the X server, the window manager and the app may take to come up (a loaded CI machine).
START_SECONDS = 60.0


@dataclass(frozen=True)
class Frame:
    x: int
    y: int
    width: int
    height: int

    def inside(self, width: int, height: int) -> bool:
        return self.x >= 0 and self.y >= 0 and self.x + self.width <= width and self.y + self.height <= height


def _wait_for(what: str, probe: Callable[[], object], seconds: float = START_SECONDS) -> object:
    """Poll ``probe`` (a child process's world: no Qt event loop to wait on) until it gives a value."""
    deadline = time.monotonic() + seconds
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def _run(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=30)
    return done.stdout if done.returncode == 0 else ""


def _stop(children: list[subprocess.Popen]) -> None:
    for child in reversed(children):
        child.terminate()
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def _start_screen(
    width: int, height: int, attempt_seconds: float
) -> tuple[dict[str, str], list[subprocess.Popen], str]:
    """One try at Xvfb plus openbox: (env, children, "") when the window manager is up, else
    ([], children stopped, what went wrong)."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    children = [server]
    with os.fdopen(read_end) as pipe:
        number = pipe.readline().strip()
    if not number:
        _stop(children)
        return {}, [], f"Xvfb did not report its display (exit {server.poll()})"
    env = {key: value for key, value in os.environ.items() if key not in ("WAYLAND_DISPLAY",)}
    env |= {"DISPLAY": f":{number}", "QT_QPA_PLATFORM": "xcb"}
    said = tempfile.TemporaryFile("w+")  # a file, not a pipe: a chatty openbox never blocks on it
    manager = subprocess.Popen(["openbox"], env=env, stdout=subprocess.DEVNULL, stderr=said)
    children.append(manager)
    deadline = time.monotonic() + attempt_seconds
    while time.monotonic() < deadline and manager.poll() is None:
        if "window id" in _run(env, "xprop", "-root", "_NET_SUPPORTING_WM_CHECK"):
            said.close()
            return env, children, ""
        time.sleep(0.1)
    _stop(children)
    said.seek(0)
    output = said.read().strip() or "nothing said"
    said.close()
    return {}, [], f"openbox on :{number} (exit {manager.returncode}) did not come up: {output}"


@pytest.fixture
def x_screen(request) -> Iterator[tuple[dict[str, str], int, int]]:
    """Xvfb at the size ``request.param`` with openbox running; yields (env, width, height).

    A loaded CI machine once saw openbox never announce itself on one display out of four (the same
    start worked everywhere else): each try gets a third of the start time, then Xvfb and openbox
    start afresh, and a failure says what openbox printed on every try."""
    width, height = request.param
    failures: list[str] = []
    for _attempt in range(3):
        env, children, failure = _start_screen(width, height, START_SECONDS / 3)
        if not failure:
            break
        failures.append(failure)
    else:
        raise AssertionError("timed out waiting for openbox:\n" + "\n".join(failures))
    try:
        yield env, width, height
    finally:
        _stop(children)


def _frame(env: dict[str, str], window: str) -> Frame | None:
    """The window's frame (title bar and borders included), once the window manager framed it."""
    info = _run(env, "xwininfo", "-id", window)
    extents = re.search(
        r"= (\d+), (\d+), (\d+), (\d+)", _run(env, "xprop", "-id", window, "_NET_FRAME_EXTENTS")
    )
    numbers = {
        key: int(value)
        for key, value in re.findall(
            r"(Absolute upper-left X|Absolute upper-left Y|Width|Height):\s+(-?\d+)", info
        )
    }
    if extents is None or len(numbers) < 4 or "IsViewable" not in info:
        return None
    left, right, top, bottom = (int(v) for v in extents.groups())
    return Frame(
        numbers["Absolute upper-left X"] - left,
        numbers["Absolute upper-left Y"] - top,
        numbers["Width"] + left + right,
        numbers["Height"] + top + bottom,
    )


def _full_screen(env: dict[str, str], window: str) -> bool:
    return "_NET_WM_STATE_FULLSCREEN" in _run(env, "xprop", "-id", window, "_NET_WM_STATE")


def _settled_frame(env: dict[str, str], window: str) -> Frame:
    """The frame once it has stopped moving (the same in five readings in a row)."""
    readings: list[Frame | None] = []

    def steady() -> Frame | None:
        readings.append(_frame(env, window))
        last = readings[-5:]
        return last[0] if len(last) == 5 and last[0] is not None and all(f == last[0] for f in last) else None

    return _wait_for("the window to settle", steady)


@pytest.fixture
def app_window(x_screen) -> Iterator[tuple[dict[str, str], str, int, int]]:
    env, width, height = x_screen
    app = start_app("--no-settings", env=env, unset=("WAYLAND_DISPLAY",), stdout=subprocess.DEVNULL)
    try:
        found = _wait_for(
            "the main window",
            lambda: _run(env, "xdotool", "search", "--onlyvisible", "--name", "SpecDec Desktop").split(),
        )
        yield env, found[0], width, height
    finally:
        app.terminate()
        try:
            _out, errors = app.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            app.kill()
            _out, errors = app.communicate()
        assert "Traceback" not in (errors or ""), errors


@pytest.mark.parametrize("x_screen", [(1280, 800), (1024, 768)], indirect=True, ids=["1280x800", "1024x768"])
def test_the_window_fits_the_screen_it_opens_on(app_window):
    env, window, width, height = app_window
    frame = _settled_frame(env, window)
    assert frame.inside(width, height), f"{frame} on a {width}x{height} screen"
    # It uses the screen: not a small window in a corner either.
    assert frame.width >= 0.9 * width and frame.height >= 0.9 * height, frame

    # Full screen, then Esc: back within the screen, not at the 1600x1000 the app asks for first.
    _run(env, "xdotool", "windowactivate", "--sync", window)
    _run(env, "xdotool", "key", "--window", window, "F11")
    _wait_for("full screen", lambda: _full_screen(env, window))
    _run(env, "xdotool", "key", "--window", window, "Escape")
    _wait_for("the end of full screen", lambda: not _full_screen(env, window))
    frame = _settled_frame(env, window)
    assert frame.inside(width, height), f"after full screen and Esc: {frame} on a {width}x{height} screen"


CHILD = os.path.join(os.path.dirname(__file__), os.pardir, "support", "live_layout_child.py")


class _Reports:
    """The child's JSON lines, read as they come (a thread: the pipe must not fill and block it)."""

    def __init__(self, stream) -> None:
        import json
        import threading

        self.lines: list[dict] = []
        self._parse = json.loads
        self._thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._thread.start()

    def _read(self, stream) -> None:
        for line in stream:
            if line.startswith("{"):
                self.lines.append(self._parse(line))

    def join(self) -> None:
        """Wait for the reader to reach the end of the child's output (before the pipe closes)."""
        self._thread.join(timeout=30)

    def after(self, count: int) -> dict:
        """The report after ``count`` reports already seen (waits for it)."""
        _wait_for(f"report {count + 1}", lambda: len(self.lines) > count)
        return self.lines[count]


@pytest.mark.slow
@pytest.mark.parametrize("x_screen", [(1024, 768), (1280, 800)], indirect=True, ids=["1024x768", "1280x800"])
def test_a_presenter_zooms_and_walks_the_tour_by_keys_and_nothing_is_cut(x_screen):
    """Projector theme, keys only, the window as the window manager framed it: zoom in step by step
    to x2, back to 100 %, then every tour scene by PageDown, zooming in twice in the last; after each
    step the layout check (tests/support/layout_check.py) finds nothing cut, clipped or crowded."""
    env, _width, _height = x_screen
    app = subprocess.Popen(
        [sys.executable, CHILD, "--no-settings", "--projector"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    reports = _Reports(app.stdout)
    try:
        found = _wait_for(
            "the main window",
            lambda: _run(env, "xdotool", "search", "--onlyvisible", "--name", "SpecDec Desktop").split(),
        )
        window = found[0]
        _run(env, "xdotool", "windowactivate", "--sync", window)
        seen = [reports.after(0)]

        def press(key: str) -> dict:
            _run(env, "xdotool", "key", "--window", window, key)
            seen.append(reports.after(len(seen)))
            return seen[-1]

        while seen[-1]["zoom"] < 2.0:
            press("ctrl+equal")
        press("ctrl+0")
        assert press("F5")["moment"] == "scene-1"
        scenes = 1
        while scenes < seen[-1]["scenes"]:
            before = seen[-1]["moment"]
            press("Next")
            scenes += 1
            assert seen[-1]["moment"] == f"scene-{scenes}" != before
        # The last scene: PageDown says so and changes nothing.  (Keys arrive in order, so the
        # report of the zoom step after it would show any scene or tour change PageDown made;
        # waiting for a report that should not come took 5 s.)
        _run(env, "xdotool", "key", "--window", window, "Next")
        assert press("ctrl+equal")["moment"] == f"scene-{scenes}"
        press("ctrl+equal")
        _run(env, "xdotool", "key", "--window", window, "ctrl+q")
        app.wait(timeout=30)
    finally:
        if app.poll() is None:
            app.kill()
        app.wait()
        reports.join()
        errors = app.stderr.read()
        app.stdout.close()
        app.stderr.close()
    assert "Traceback" not in errors
    assert scenes >= 19 and max(r["zoom"] for r in seen) >= 2.0
    problems = [f"{r['moment']} x{r['zoom']:g}: {p}" for r in seen for p in r["problems"]]
    assert not problems, "\n".join(problems)

"""What the app prints when Qt cannot start is said in the language of ``--lang`` (issue 27).

Each line :mod:`specdec_desktop.qt_platform` can print (a library missing when Qt imports, a
display plugin missing, missing libraries of a plugin, no X display, any other failure) is
built in-process under the pseudo-locale: a word outside its brackets is English that skipped
the text layer.  What a user types or installs (package and library names, ``apt-get install``,
``QT_QPA_PLATFORM=offscreen``, the flags, the plugin's name) and what Qt itself logged stay as
they are, in every language.  The ``specdec-desktop: error:`` before the line is argparse's own
message, in the language too (German ``specdec-desktop: Fehler:``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from specdec_desktop import qt_platform, text

from ..support.pseudo_words import words_outside_brackets

PREFIX = "specdec-desktop: error: "
QT_SAID = "qt.qpa.xcb: could not connect to display :4242"
#: Typed or installed as written, in every language (values of the messages' placeholders).
LITERAL = (
    "apt-get install",
    "QT_QPA_PLATFORM=offscreen",
    "QT_QPA_PLATFORM",
    "--self-test, --screenshot",
    "DISPLAY",
    "nosuchplatform",
    "offscreen",
    "wayland",
    "xcb",
    "cocoa",
    QT_SAID,
    *qt_platform.DEBIAN_PACKAGES,
    *qt_platform.DEBIAN_PACKAGES.values(),
    "libunknown.so.3",
)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    text.activate(text.ENGLISH)


@pytest.fixture
def lines(monkeypatch) -> Callable[[], dict[str, str]]:
    """Every kind of line, built in the active language (no Qt, no ldd: the plugin is faked)."""

    def failure(platform: str, plugin: Path | None, messages: list[str], display: str | None = None) -> str:
        monkeypatch.setenv("QT_QPA_PLATFORM", platform)
        if display is None:
            monkeypatch.delenv("DISPLAY", raising=False)
        else:
            monkeypatch.setenv("DISPLAY", display)
        monkeypatch.setattr(qt_platform, "_plugin_file", lambda _name: plugin)
        return qt_platform.platform_failure(messages)

    def build() -> dict[str, str]:
        plugin = Path("/nowhere/libqxcb.so")
        monkeypatch.setattr(sys, "platform", "linux")
        monkeypatch.setattr(qt_platform, "missing_libraries", lambda *_args: ["libxcb-icccm.so.4"])
        found = {
            "import": qt_platform.import_failure(ImportError("libEGL.so.1: cannot open shared object file")),
            "one library": qt_platform.install_advice(["libEGL.so.1"]),
            "two libraries": qt_platform.install_advice(["libxcb-keysyms.so.1", "libxcb-icccm.so.4"]),
            "unknown library": qt_platform.install_advice(["libunknown.so.3"]),
            "unknown libraries": qt_platform.install_advice(["libunknown.so.3", "libunknown.so.4"]),
            "no such plugin": failure("nosuchplatform", None, ["Could not find the Qt platform plugin"]),
            "plugin lacks libraries": failure("xcb", plugin, ["Could not load the Qt platform plugin"]),
        }
        monkeypatch.setattr(qt_platform, "missing_libraries", lambda *_args: [])
        found["display named"] = failure("xcb", plugin, [QT_SAID], display=":4242")
        found["no DISPLAY"] = failure("xcb", plugin, [])
        found["other, with Qt's words"] = failure("cocoa", plugin, ["", QT_SAID.replace("connect", "start")])
        found["other, no words"] = failure("cocoa", plugin, [])
        monkeypatch.setenv("QT_QPA_PLATFORM", "")
        monkeypatch.setattr(sys, "platform", "win32")
        found["no platform"] = qt_platform.platform_failure([])
        return found

    return build


def _english_words(line: str) -> list[str]:
    line = line.removeprefix(PREFIX)
    return words_outside_brackets(line, quoted=(*LITERAL, QT_SAID.replace("connect", "start")))


def test_every_line_is_english_in_english(lines):
    text.activate(text.ENGLISH)
    said = lines()
    assert said["import"] == (
        "specdec-desktop: error: Qt cannot load: libEGL.so.1 is missing: install it "
        "(Debian/Ubuntu: apt-get install libegl1)"
    )
    assert said["no DISPLAY"].endswith(
        "(DISPLAY is not set); start it from a desktop session, or set QT_QPA_PLATFORM=offscreen "
        "to run without a display (--self-test, --screenshot)"
    )
    assert "(no reason given)" in said["other, no words"]
    assert said["no platform"].startswith("specdec-desktop: error: Qt could not start its display plugin")


def test_every_line_goes_through_the_text_layer(lines):
    assert text.activate(text.PSEUDO) is None
    said = lines()
    assert len(set(said.values())) == len(said)  # each branch built its own line
    for kind, line in said.items():
        assert "[" in line, (kind, line)
        assert _english_words(line) == [], (kind, line)
    # What a user types or installs comes out as written, not pseudo-translated.
    assert "apt-get install libxcb-icccm4 libxcb-keysyms1" in said["two libraries"]
    assert (
        "QT_QPA_PLATFORM=offscreen" in said["no DISPLAY"]
        and "--self-test, --screenshot" in said["no DISPLAY"]
    )
    assert "'nosuchplatform'" in said["no such plugin"] and "offscreen" in said["no such plugin"]
    assert QT_SAID.replace("connect", "start") in said["other, with Qt's words"]
    assert said["import"].startswith("[specdec-desktop: ")  # argparse's "error:" line, translated
    # A sentence given to another as a value is translated too (the bracket scan sees only the
    # outer brackets): the advice inside the import line, the reason when Qt said none.
    assert said["import"].count("[") == 3 and said["plugin lacks libraries"].count("[") == 3
    assert re.search(r"\(\[[^\[\]]+\]\)", said["other, no words"]), said["other, no words"]


@pytest.mark.parametrize(
    ("code", "word", "prefix"),
    [
        ("de", "fehlt", "specdec-desktop: Fehler: "),
        ("es", "falta", "specdec-desktop: error: "),
        ("zh_CN", "缺少", "specdec-desktop：错误："),
    ],
)
def test_a_missing_library_is_said_in_each_language(code, word, prefix):
    assert text.activate(code) is None
    line = qt_platform.import_failure(ImportError("libEGL.so.1: cannot open shared object file"))
    assert line is not None and line.startswith(prefix)
    assert word in line and "libEGL.so.1" in line and "apt-get install libegl1" in line, line
    assert "is missing" not in line

"""Offline and safe: no input is ever evaluated or unpickled, and nothing touches the network."""

from __future__ import annotations

import re
from pathlib import Path

from ..support.paths import PACKAGE

# Calls that could run or unpickle data read from a file, and modules that reach the network
# (or hand a URL to a browser).  ``re.compile(`` and ``dialog.exec()`` are not the builtins.
FORBIDDEN = re.compile(
    r"(?<![\w.])(eval|exec|compile)\s*\(|\bimport\s+(pickle|marshal|shelve|socket|urllib|http|ssl)\b"
    r"|\bfrom\s+(pickle|marshal|shelve|socket|urllib|http|ssl)\b|\bpickle\.|\bmarshal\.|QtNetwork"
    r"|\byaml\.(unsafe_|full_)?load|allow_pickle|\b(np|numpy)\.load\s*\(|\bjsonpickle\b|\bdill\b"
    r"|QDataStream|\bwebbrowser\b|QDesktopServices"
)


def test_package_never_evaluates_or_unpickles_input():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            # QDialog.exec() / QApplication.exec() run an event loop, not code.
            code = re.sub(r"\.exec\(\)", "", code)
            if FORBIDDEN.search(code):
                offenders.append(f"{path.relative_to(PACKAGE.parent)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_the_grep_would_catch_them():
    for bad in (
        "eval(text)",
        "exec(code)",
        "compile(src, 'f', 'exec')",
        "import pickle",
        "pickle.loads(b)",
        "from socket import x",
        "yaml.load(stream)",
        "yaml.unsafe_load(stream)",
        "np.load(path, allow_pickle=True)",
        "numpy.load(path)",
        "QDataStream(data) >> value",
        "QDesktopServices.openUrl(url)",
        "import webbrowser",
    ):
        assert FORBIDDEN.search(bad), bad
    for fine in ("re.compile(pattern)", "dialog.exec()", "self.evaluate(x)", "executor(x)"):
        assert not FORBIDDEN.search(fine), fine


def test_qsettings_only_names_the_settings_file():
    """PySide6's QSettings unpickles Python objects it finds in an INI file (see below), so the
    package may use it only to learn where the file lives, never to read or write values."""
    users = [
        path
        for path in sorted(PACKAGE.rglob("*.py"))
        if re.search(r"\bQSettings\b", path.read_text(encoding="utf-8"))
    ]
    assert [path.name for path in users] == ["settings_store.py"]
    code = users[0].read_text(encoding="utf-8")
    for call in (
        ".value(",
        ".setValue(",
        ".allKeys(",
        ".childKeys(",
        ".childGroups(",
        ".sync(",
        ".contains(",
    ):
        assert call not in code, call


# -- QSettings would unpickle ---------------------------------------------------------------------

# What PySide6 writes for a Python object in an INI file: a QVariant of the type PySide::PyObjectWrapper
# whose payload is a pickle.  This one's pickle calls ``builtins.exec`` on a line that writes MARKER.
_WRAPPER = b"\\0\\0\\0\\x7f\\0\\0\\0\\x18PySide::PyObjectWrapper\\0"  # type id, name, "not null"


def _pickled_exec_ini(marker: Path) -> bytes:
    """An INI file whose [view] zoom is a pickled call that would create ``marker``."""
    code = f"open({str(marker)!r}, 'w').write('unpickled')"

    class _Payload:
        def __reduce__(self):
            import builtins

            return (builtins.exec, (code,))

    import pickle as serialiser  # only to build the attack file; the package never imports it

    pickled = serialiser.dumps(_Payload(), protocol=4)
    escaped = b"".join(b"\\x%x" % byte for byte in pickled)  # QSettings' own escape for any byte
    length = len(pickled).to_bytes(4, "big")
    escaped_length = b"".join(b"\\x%x" % byte for byte in length)
    value = b"@Variant(" + _WRAPPER + escaped_length + escaped + b")"
    return b"[General]\nversion=1\n\n[parameters]\nk=9\n\n[view]\ntheme=dark\nzoom=" + value + b"\n"


def test_the_crafted_settings_file_really_unpickles_through_qsettings(tmp_path):
    """The attack is real: QSettings itself runs the payload (so the next test means something)."""
    import subprocess
    import sys

    marker = tmp_path / "marker"
    ini = tmp_path / "evil.ini"
    ini.write_bytes(_pickled_exec_ini(marker))
    code = (
        "import sys; from PySide6.QtCore import QSettings;"
        "s = QSettings(sys.argv[1], QSettings.Format.IniFormat); s.value('view/zoom')"
    )
    subprocess.run([sys.executable, "-c", code, str(ini)], check=True, timeout=60)
    assert marker.exists()


def test_settings_are_read_as_plain_text_never_unpickled(tmp_path):
    from specdec_desktop.window_services.settings_store import SettingsStore

    marker = tmp_path / "marker"
    ini = tmp_path / "evil.ini"
    ini.write_bytes(_pickled_exec_ini(marker))
    store = SettingsStore(ini)
    loaded = store.load()
    assert not marker.exists(), "reading the settings unpickled a value"
    assert loaded.zoom == 1.0 and "zoom" in (loaded.notice or "")
    assert loaded.parameters.k == 9 and loaded.theme_choice == "dark"  # the plain values are kept
    store.save(loaded.configuration, loaded.theme_choice, 1.5)  # writing does not parse the old file either
    assert not marker.exists()
    assert "@Variant" not in ini.read_text(encoding="utf-8")

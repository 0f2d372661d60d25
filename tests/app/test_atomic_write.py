"""Every file the app writes replaces the old one in one step, or leaves it exactly as it was.

Failing writes are real: a file-size limit (``RLIMIT_FSIZE`` with SIGXFSZ ignored, so the write
fails with EFBIG instead of killing the process) in a child process, and, when the tests run as
root, a full 64 KiB tmpfs.  After each failure the user's existing file must hold its old bytes
and no temporary file may be left beside it.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import textwrap
import time
from pathlib import Path

import pytest

from specdec_desktop.atomic_write import NotARegularFile, write_atomically

from ..support.cli import APP, run_python

OLD = b"the user's own file, which must survive\n" * 8
posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX file-size limits and FIFOs")


def _leftovers(folder: Path, keep: set[str]) -> list[str]:
    return sorted(name for name in os.listdir(folder) if name not in keep)


# -- the helper itself ------------------------------------------------------------------------


def test_replaces_content_and_keeps_permissions(tmp_path):
    path = tmp_path / "a.csv"
    path.write_bytes(OLD)
    path.chmod(0o640)
    write_atomically(path, b"new")
    assert path.read_bytes() == b"new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert _leftovers(tmp_path, {"a.csv"}) == []


def test_a_new_file_gets_the_usual_permissions(tmp_path):
    mask = os.umask(0o027)
    try:
        write_atomically(tmp_path / "new.csv", b"x")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.csv").stat().st_mode) == 0o640  # 0o666 less the umask


@posix_only
def test_writes_through_a_symlink(tmp_path):
    real = tmp_path / "real" / "chart.svg"
    real.parent.mkdir()
    real.write_bytes(OLD)
    link = tmp_path / "link.svg"
    link.symlink_to(real)
    chained = tmp_path / "chained.svg"
    chained.symlink_to("link.svg")  # relative, and a link to a link
    write_atomically(chained, b"<svg/>")
    assert chained.is_symlink() and link.is_symlink()
    assert real.read_bytes() == b"<svg/>"
    dangling = tmp_path / "dangling.png"
    dangling.symlink_to(tmp_path / "real" / "later.png")
    write_atomically(dangling, b"png")
    assert dangling.is_symlink() and (tmp_path / "real" / "later.png").read_bytes() == b"png"


@posix_only
def test_a_fifo_or_folder_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    started = time.monotonic()
    with pytest.raises(NotARegularFile, match="not a regular file"):
        write_atomically(fifo, b"x")
    assert time.monotonic() - started < 5
    with pytest.raises(NotARegularFile, match="folder"):
        write_atomically(tmp_path, b"x")
    assert _leftovers(tmp_path, {"pipe.csv"}) == []


@pytest.mark.parametrize(
    ("name", "words"),
    [("a\0b.csv", "cannot hold a NUL character"), ("a\ud800b.csv", "cannot hold that character")],
)
def test_a_name_no_file_can_have_is_refused_as_an_oserror(tmp_path, name, words):
    # os.stat raises ValueError for these; every caller catches OSError (the fuzzer found one that
    # escaped into Qt through the report dialog).
    with pytest.raises(OSError, match=words):
        write_atomically(tmp_path / name, b"x")
    assert _leftovers(tmp_path, set()) == []


# -- failing writes, through the real command line and the real window ----------------------


def _limited(limit_bytes: int):
    def set_limit() -> None:
        import resource

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    return set_limit


def _run(args: list[str], limit_bytes: int | None = None) -> subprocess.CompletedProcess:
    """Python with ``args`` (the app, or a script by path), its file size limited if asked."""
    return run_python(args, preexec_fn=None if limit_bytes is None else _limited(limit_bytes))


CLI_CASES = {
    "csv": ["--export-chart", "{out}.csv", "--p", "0.999", "--c", "0.001"],  # 2,001 rows: ~150 kB
    "svg": ["--export-chart", "{out}.svg"],
    "png": ["--export-chart", "{out}.png"],
    "screenshot": ["--screenshot", "{out}.png", "--size", "1280x800"],
    "map": ["--export-map", "{out}-map.csv"],  # 101 x 101 rows: ~400 kB
}


@posix_only
@pytest.mark.parametrize("case", sorted(CLI_CASES))
def test_cli_output_over_a_file_size_limit_keeps_the_old_file(tmp_path, case):
    args = [a.replace("{out}", str(tmp_path / "out")) for a in CLI_CASES[case]]
    out = Path(args[1])
    out.write_bytes(OLD)
    out.chmod(0o604)
    result = _run([*APP, *args], limit_bytes=4096)
    assert result.returncode == 2, result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("specdec-desktop: error: could not write") and "too large" in line.lower()
    assert out.read_bytes() == OLD
    assert stat.S_IMODE(out.stat().st_mode) == 0o604
    assert _leftovers(tmp_path, {out.name}) == []


WINDOW_SCRIPT = """
import json, sys
from pathlib import Path
from specdec_desktop.app import create_application, create_main_window
from specdec_desktop.window_services.settings_store import SettingsStore
app = create_application()
window = create_main_window(["--p", "0.999", "--c", "0.001"])
window.resize(1280, 800)
window.show()
app.processEvents()
folder = Path(sys.argv[1])
results = {}
for name in ("chart.csv", "chart.svg", "chart.png"):
    results[name] = window.services.exports.export_to(folder / name)
results["scenario.json"] = window.services.scenarios.save_path(folder / "scenario.json")
store = SettingsStore(folder / "settings.ini")
store.save(window.app_state.configuration(), "dark", 1.0)  # quietly keeps the old file
print(json.dumps(results))
"""
WINDOW_FILES = ("chart.csv", "chart.svg", "chart.png", "scenario.json", "settings.ini")


def _check_window_run(result: subprocess.CompletedProcess, folder: Path) -> None:
    assert result.returncode == 0, result.stderr[-2000:]
    results = json.loads(result.stdout.strip().splitlines()[-1])
    assert not any(results.values()), results  # every write reported as failed
    for name in WINDOW_FILES:
        assert (folder / name).read_bytes() == OLD, name
    assert _leftovers(folder, set(WINDOW_FILES)) == []


@posix_only
def test_window_writes_over_a_file_size_limit_keep_the_old_files(tmp_path):
    for name in WINDOW_FILES:
        (tmp_path / name).write_bytes(OLD)
    script = tmp_path.parent / f"{tmp_path.name}-script.py"
    script.write_text(textwrap.dedent(WINDOW_SCRIPT))
    # The settings file is ~100 bytes: a limit below it (Python and Qt start without writing).
    result = _run([str(script), str(tmp_path)], limit_bytes=64)
    _check_window_run(result, tmp_path)


@pytest.fixture
def full_disk(tmp_path):
    """A 64 KiB tmpfs (needs root); skipped where it cannot be mounted."""
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)], capture_output=True, check=False
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {done.stderr.decode(errors='replace').strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=False)


def _fill(folder: Path, leave: int) -> None:
    """Fill ``folder``'s file system until about ``leave`` bytes are free."""
    free = os.statvfs(folder).f_bavail * os.statvfs(folder).f_frsize
    if free > leave:
        (folder / "ballast").write_bytes(b"\0" * (free - leave))


@pytest.mark.slow
def test_cli_exports_on_a_full_disk_keep_the_old_file(full_disk):
    outputs = {case: full_disk / f"out-{case}" for case in CLI_CASES}
    for case in CLI_CASES:
        outputs[case] = Path(CLI_CASES[case][1].replace("{out}", str(outputs[case])))
        outputs[case].write_bytes(OLD)
    _fill(full_disk, 0)
    keep = {p.name for p in outputs.values()} | {"ballast"}
    for case, args in CLI_CASES.items():
        args = [a.replace("{out}", str(full_disk / f"out-{case}")) for a in args]
        result = _run([*APP, *args])
        assert result.returncode == 2, (case, result.stderr)
        assert "No space left on device" in result.stderr, result.stderr
        assert outputs[case].read_bytes() == OLD
        assert _leftovers(full_disk, keep) == []


def test_window_writes_on_a_full_disk_keep_the_old_files(full_disk, tmp_path):
    for name in WINDOW_FILES:
        (full_disk / name).write_bytes(OLD)
    _fill(full_disk, 0)
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(WINDOW_SCRIPT))
    result = _run([str(script), str(full_disk)])
    (full_disk / "ballast").unlink()
    _check_window_run(result, full_disk)


# -- the save dialogs ask before replacing NAME.json when the user typed NAME ----------------


@pytest.mark.parametrize("answer", ["yes", "no"])
def test_saving_name_asks_before_replacing_name_json(qtbot, tmp_path, monkeypatch, answer):
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from ..support.window import open_window

    window = open_window(qtbot)
    existing = tmp_path / "lecture.json"
    existing.write_bytes(OLD)
    asked: list[str] = []

    def question(parent, title, text, *args):
        asked.append(text)
        return QMessageBox.StandardButton.Yes if answer == "yes" else QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(tmp_path / "lecture"), ""))
    )
    window.services.scenarios.save_dialog()
    assert len(asked) == 1 and "lecture.json already exists" in asked[0]
    if answer == "yes":
        assert json.loads(existing.read_text())["format"] == "specdec-desktop-scenario"
    else:
        assert existing.read_bytes() == OLD
    # The same for an export typed without its extension.
    chart = tmp_path / "chart.csv"
    chart.write_bytes(OLD)
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(tmp_path / "chart"), ""))
    )
    window.services.exports.export_dialog(".csv")
    assert len(asked) == 2 and "chart.csv already exists" in asked[1]
    assert (chart.read_bytes() == OLD) == (answer == "no")
    # A new name is not asked about.
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(tmp_path / "fresh"), ""))
    )
    window.services.scenarios.save_dialog()
    assert len(asked) == 2 and (tmp_path / "fresh.json").is_file()

"""One check of a user's file (specdec_desktop.user_files): every reader refuses the same things,
in the same words, before reading a byte.  No Qt."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from specdec_desktop.measured import MetricsProblem, read_metrics
from specdec_desktop.measured.cost_table import read_cost_table
from specdec_desktop.scenario.safe_json import FileProblem, read_json
from specdec_desktop.user_files import not_a_data_file, open_user_file

from ..support.cli import run_app

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc, /dev and FIFOs")


class Refused(Exception):
    def __init__(self, kind: str, problem: str, path: Path) -> None:
        super().__init__(f"{path.name}: {problem}")
        self.kind, self.problem, self.path = kind, problem, path


def _refusal(path, max_bytes=1024) -> Refused:
    with pytest.raises(Refused) as raised:
        open_user_file(path, max_bytes, Refused)
    return raised.value


#: Every reader of a user's file, as ``read(path)`` raising its own kind of error.
READERS = {
    "metrics": (read_metrics, MetricsProblem),
    "cost table": (read_cost_table, MetricsProblem),
    "scenario": (read_json, FileProblem),
}


def _places(tmp_path: Path) -> dict[str, tuple[Path, str, str]]:
    """Name -> (path, kind, words) of what every reader refuses."""
    folder = tmp_path / "folder"
    folder.mkdir()
    places = {
        "missing": (tmp_path / "nothing.json", "missing", "no such file"),
        "folder": (folder, "not_a_file", "is a folder, not a file"),
    }
    if sys.platform.startswith("linux"):
        fifo = tmp_path / "pipe"
        os.mkfifo(fifo)
        places["fifo"] = (fifo, "not_a_file", "is a named pipe (FIFO), not a regular file")
        places["device"] = (Path("/dev/zero"), "not_a_file", "is a device, not a regular file")
        places["proc"] = (Path("/proc/self/status"), "not_a_file", "is a file of the system (/proc)")
        link = tmp_path / "status-link"
        link.symlink_to("/proc/self/status")
        places["link to proc"] = (link, "not_a_file", "is a file of the system (/proc)")
    return places


@pytest.mark.parametrize("reader", sorted(READERS))
def test_every_reader_refuses_the_same_places_in_the_same_words(tmp_path, reader):
    read, error = READERS[reader]
    for name, (path, kind, words) in _places(tmp_path).items():
        with pytest.raises(error) as raised:
            read(path)
        assert raised.value.kind == kind, name
        assert words in str(raised.value), (name, str(raised.value))
        assert str(raised.value).startswith(f"{path.name}: "), name  # the file is named
        assert _refusal(path).kind == kind


def test_a_name_no_file_can_have(tmp_path):
    refused = _refusal(tmp_path / "a\0b")
    assert refused.kind == "bad_name" and "NUL" in refused.problem
    for read, error in READERS.values():
        with pytest.raises(error) as raised:
            read(tmp_path / "a\0b")
        assert raised.value.kind == "bad_name"


def test_too_large_from_its_size_on_disk_with_the_readers_advice(tmp_path):
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 2048)
    with pytest.raises(Refused) as raised:
        open_user_file(path, 1024, Refused, " (keep less)")
    assert raised.value.kind == "too_large"
    assert raised.value.problem == "is 2 KiB; the limit is 1 KiB (keep less)"


def test_a_regular_file_opens_with_its_size(tmp_path):
    path = tmp_path / "ok.txt"
    path.write_bytes(b"hello")
    stream, size = open_user_file(path, 1024, Refused)
    with stream:
        assert (size, stream.read()) == (5, b"hello")


def test_the_kinds_of_file_in_words():
    import stat

    assert not_a_data_file(stat.S_IFREG | 0o644) is None
    assert not_a_data_file(stat.S_IFDIR) == "is a folder, not a file"
    for mode in (stat.S_IFIFO, stat.S_IFCHR, stat.S_IFBLK, stat.S_IFSOCK):
        assert "not a regular file" in not_a_data_file(mode)


@linux_only
def test_fit_on_a_named_pipe_is_refused_at_once(tmp_path):
    """``fit`` looked for a cost table's header by opening the file as it was: a FIFO with no
    writer held the command for ever.  Now it is refused like every reader refuses it."""
    fifo = tmp_path / "metrics.log"
    os.mkfifo(fifo)
    result = run_app("fit", str(fifo), timeout=60)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == (
        "specdec-desktop: error: metrics.log: is a named pipe (FIFO), not a regular file: it is not read"
    )


def test_no_reader_checks_a_users_file_in_its_own_code():
    """A source check: the regular-file test lives in user_files.py, so a new reader of a user's
    file fails here until it calls :func:`open_user_file` (issue 22: two copies had drifted)."""
    from ..support.paths import PACKAGE

    # Not readers of a user's file: the one writer, the write target's check on the command line,
    # and the app's own settings file (missing is normal there, damage is silent); file_names.py
    # defines pseudo_file.
    others = {
        "user_files.py",
        "file_names.py",
        "atomic_write.py",
        "launch/values.py",
        "window_services/settings_store.py",
    }
    words = ("S_ISREG", "O_NONBLOCK", "pseudo_file(")
    found = sorted(
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if path.relative_to(PACKAGE).as_posix() not in others
        and any(word in path.read_text(encoding="utf-8") for word in words)
    )
    assert found == []

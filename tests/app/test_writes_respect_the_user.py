"""Writes land only where the user meant (issue 24.5), and settings need a home (24.6).

Each test fails on the code before issue 24: a ``chmod 444`` file was replaced with "Saved",
a link planted in a sticky shared folder by another user was followed, Export report
answered "NAME" replaced NAME.html without asking, leftover ``.part`` files stayed for good,
and with HOME unset the settings went to ``/.config``.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from specdec_desktop.atomic_write import (
    STALE_SECONDS,
    ReadOnlyTarget,
    UnsafeLink,
    clean_stale_parts,
    reason,
    write_atomically,
)

OLD = b"the user's own file, which must survive\n"
posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX permissions, links and sticky folders")


@posix_only
def test_a_read_only_target_is_refused_and_left_intact(tmp_path) -> None:
    target = tmp_path / "kept.csv"
    target.write_bytes(OLD)
    target.chmod(0o444)
    with pytest.raises(ReadOnlyTarget) as raised:
        write_atomically(target, b"new")
    assert "read-only" in reason(raised.value)
    assert target.read_bytes() == OLD and stat.S_IMODE(target.stat().st_mode) == 0o444
    assert os.listdir(tmp_path) == ["kept.csv"]  # no temporary file left


@posix_only
def test_a_writable_target_is_still_replaced(tmp_path) -> None:
    target = tmp_path / "open.csv"
    target.write_bytes(OLD)
    target.chmod(0o644)
    write_atomically(target, b"new")
    assert target.read_bytes() == b"new"


def _sticky_shared(tmp_path: Path) -> Path:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    return shared


@posix_only
@pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0, reason="making files of other users needs root")
def test_a_link_of_another_user_in_a_sticky_shared_folder_is_not_followed(tmp_path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_bytes(OLD)
    shared = _sticky_shared(tmp_path)
    os.chown(shared, 65534, 65534)  # /tmp's owner is not the link's
    link = shared / "report.html"
    link.symlink_to(victim)
    os.lchown(link, 65533, 65533)  # planted by another user
    with pytest.raises(UnsafeLink) as raised:
        write_atomically(link, b"planted")
    assert "another user" in reason(raised.value)
    assert victim.read_bytes() == OLD and link.is_symlink()
    os.lchown(link, 65534, 65534)  # the folder's owner's link: the kernel follows it, so do we
    write_atomically(link, b"followed")
    assert victim.read_bytes() == b"followed"


@posix_only
def test_the_users_own_link_in_a_sticky_folder_is_written_through(tmp_path) -> None:
    target = tmp_path / "mine.txt"
    target.write_bytes(OLD)
    link = _sticky_shared(tmp_path) / "mine-link.txt"
    link.symlink_to(target)
    write_atomically(link, b"new")
    assert target.read_bytes() == b"new" and link.is_symlink()


def test_stale_part_files_are_cleaned_on_the_next_write(tmp_path) -> None:
    stale = tmp_path / ".specdec-abc123.part"
    fresh = tmp_path / ".specdec-def456.part"
    other = tmp_path / ".other-abc.part"
    for path in (stale, fresh, other):
        path.write_bytes(b"half")
    old = time.time() - STALE_SECONDS - 5
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    write_atomically(tmp_path / "out.csv", b"x")
    assert not stale.exists()
    assert fresh.exists() and other.exists()  # a write in progress, and a file not ours
    assert clean_stale_parts(tmp_path, now=time.time() + 2 * STALE_SECONDS) == 1  # fresh, later


@pytest.mark.parametrize("answer", ["yes", "no"])
def test_export_report_name_asks_before_replacing_name_html(qtbot, tmp_path, monkeypatch, answer) -> None:
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from specdec_desktop.measured import fit_measurement, read_metrics

    from ..support.window import open_window

    data = Path(__file__).resolve().parents[1] / "data" / "metrics" / "vllm_specdecoding.log"
    window = open_window(qtbot)
    window.app_state.measurement.set_fit(fit_measurement(read_metrics(data)), data.name)
    existing = tmp_path / "NAME.html"
    existing.write_bytes(OLD)
    asked: list[str] = []

    def question(parent, title, text, *args):
        asked.append(text)
        return QMessageBox.StandardButton.Yes if answer == "yes" else QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(tmp_path / "NAME"), ""))
    )
    window.services.measurements.report_dialog()
    assert len(asked) == 1 and "NAME.html already exists" in asked[0]
    assert (existing.read_bytes() == OLD) == (answer == "no")
    if answer == "yes":
        assert existing.read_text().lstrip().lower().startswith("<!doctype html")


@posix_only
@pytest.mark.parametrize("home", [None, "", "/nonexistent/x"])
def test_without_a_home_settings_are_off_with_one_line(home, monkeypatch, capsys) -> None:
    from specdec_desktop.launch.arguments import parse_command_line
    from specdec_desktop.window_services.launch import settings_for

    monkeypatch.delenv("SPECDEC_NO_SETTINGS", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    if home is None:
        monkeypatch.delenv("HOME", raising=False)
    else:
        monkeypatch.setenv("HOME", home)
    store = settings_for(parse_command_line([]), interactive=True)
    err = capsys.readouterr().err
    assert not store.enabled
    assert err.count("\n") == 1 and "settings are off" in err
    assert not os.path.exists("/nonexistent")


@posix_only
def test_with_a_home_settings_stay_on(tmp_path, monkeypatch, capsys) -> None:
    from specdec_desktop.launch.arguments import parse_command_line
    from specdec_desktop.window_services.launch import settings_for

    monkeypatch.delenv("SPECDEC_NO_SETTINGS", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    store = settings_for(parse_command_line([]), interactive=True)
    assert store.enabled and capsys.readouterr().err == ""


@posix_only
def test_a_scenario_linked_to_a_kernel_file_is_refused_at_once(tmp_path) -> None:
    from specdec_desktop.scenario.safe_json import FileProblem, read_json

    if not os.path.exists("/proc/kmsg"):
        pytest.skip("no /proc/kmsg here")
    link = tmp_path / "lecture.json"
    link.symlink_to("/proc/kmsg")
    start = time.perf_counter()
    with pytest.raises(FileProblem) as raised:
        read_json(link)
    assert raised.value.kind == "not_a_file" and time.perf_counter() - start < 1.0


def test_leftover_temporary_folders_of_a_killed_run_are_removed(tmp_path) -> None:
    from specdec_desktop.atomic_write import clean_stale_folders

    old, recent = tmp_path / "specdec-fuzz-old", tmp_path / "specdec-fuzz-recent"
    other = tmp_path / "someone-else-old"
    for folder in (old, recent, other):
        (folder / "inside").mkdir(parents=True)
    hours_ago = time.time() - 7200
    for folder in (old, other):
        os.utime(folder, (hours_ago, hours_ago))
    assert clean_stale_folders("specdec-fuzz-", folder=str(tmp_path)) == 1
    assert not old.exists() and recent.exists() and other.exists()

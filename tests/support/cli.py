"""The command line under test: in this process (:func:`run_cli`), or as a real process
(``python -m specdec_desktop ARGS`` or any Python, :func:`run_app`), output captured.

One place for what every command-line test needs: the checkout under test first on the path
(also when the process runs in another folder), Qt offscreen unless a test asks otherwise, a
timeout so a hang fails the test instead of stalling the run, text output, no exception on a
non-zero exit (the tests check the status themselves).

:func:`run_cli` calls :func:`specdec_desktop.cli.main` here and answers as :func:`run_app` does:
a real process costs an interpreter and the imports of Qt, numpy and pyqtgraph (0.2 s of CPU for
a usage error, 1-2 s for a screenshot), and the suite ran some 140 of them.  A test keeps
:func:`run_app` where only a process shows what it checks: the real entry point's exit status,
a fresh interpreter's imports, the environment Qt reads at start-up (``QT_SCALE_FACTOR``, no
display), resource limits, signals and pipes, the network.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .paths import ROOT

__all__ = ["APP", "app_environment", "run_app", "run_cli", "run_python", "start_app"]

#: How the tests start the app: the package run as a module by this interpreter.
APP = ("-m", "specdec_desktop")
#: Seconds a process may take before the test fails (a hang is a failure, not a stall).
TIMEOUT = 120


def app_environment(env: Mapping[str, str] | None = None, unset: Iterable[str] = ()) -> dict[str, str]:
    """This process's environment with Qt offscreen and the checkout first on ``PYTHONPATH``.

    ``unset`` names variables to leave out (``QT_QPA_PLATFORM`` among them: Qt then picks its
    own display plugin); ``env`` is applied last.
    """
    dropped = set(unset)
    environment = {name: value for name, value in os.environ.items() if name not in dropped}
    if "QT_QPA_PLATFORM" not in dropped:
        environment["QT_QPA_PLATFORM"] = "offscreen"
    if "PYTHONPATH" not in dropped:
        # A script run by path imports from its own folder, not the checkout under test.
        environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    environment.update(env or {})
    return environment


def run_python(
    args: Iterable[str | os.PathLike[str]],
    *,
    env: Mapping[str, str] | None = None,
    unset: Iterable[str] = (),
    cwd: str | os.PathLike[str] = ROOT,
    timeout: float = TIMEOUT,
    **options: Any,
) -> subprocess.CompletedProcess:
    """Run this interpreter with ``args`` and wait; stdout and stderr captured as text.

    ``options`` go to :func:`subprocess.run` (``preexec_fn``, or ``stdout`` to send the output
    elsewhere instead of capturing it).
    """
    if "stdout" not in options and "stderr" not in options:
        options["capture_output"] = True
    options.setdefault("text", True)
    return subprocess.run(
        [sys.executable, *map(os.fspath, args)],
        env=app_environment(env, unset),
        cwd=Path(cwd),
        timeout=timeout,
        check=False,
        **options,
    )


def run_app(
    *args: str,
    env: Mapping[str, str] | None = None,
    unset: Iterable[str] = (),
    cwd: str | os.PathLike[str] = ROOT,
    timeout: float = TIMEOUT,
    **options: Any,
) -> subprocess.CompletedProcess:
    """``python -m specdec_desktop ARGS``, waited for, its output captured (see :func:`run_python`)."""
    return run_python([*APP, *args], env=env, unset=unset, cwd=cwd, timeout=timeout, **options)


def start_app(
    *args: str,
    env: Mapping[str, str] | None = None,
    unset: Iterable[str] = (),
    cwd: str | os.PathLike[str] = ROOT,
    **options: Any,
) -> subprocess.Popen:
    """``python -m specdec_desktop ARGS`` started and not waited for (runs side by side, a live
    window); stdout and stderr are pipes of text unless ``options`` say otherwise."""
    options.setdefault("stdout", subprocess.PIPE)
    options.setdefault("stderr", subprocess.PIPE)
    options.setdefault("text", True)
    return subprocess.Popen(
        [sys.executable, *APP, *args], env=app_environment(env, unset), cwd=Path(cwd), **options
    )


def run_cli(*args: str, cwd: str | os.PathLike[str] = ROOT) -> subprocess.CompletedProcess:
    """``specdec_desktop.cli.main(ARGS)`` in this process, answered as :func:`run_app` answers.

    stdout and stderr are captured as text (the Qt messages the app prints too); an exit by
    ``SystemExit`` (``--help``, ``--version``) gives its status.  What a run changes in this
    process is put back, as a fresh process would have it: the folder (``cwd``), the Qt message
    handler (pytest-qt's, which fails a test on a Qt warning), the language (English), the
    garbage collector's state.  An exception the app lets out is raised here: the test fails,
    as it would on the traceback of a real process.
    """
    import gc

    from PySide6.QtCore import qInstallMessageHandler

    from specdec_desktop import cli, text

    out, err = io.StringIO(), io.StringIO()
    folder = os.getcwd()
    handler = qInstallMessageHandler(None)
    qInstallMessageHandler(handler)
    collecting = gc.isenabled()
    try:
        os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = cli.main(list(args))
            except SystemExit as leaving:
                code = leaving.code
                status = code if isinstance(code, int) else (0 if code is None else 1)
                if code is not None and not isinstance(code, int):
                    print(code, file=sys.stderr)
    finally:
        os.chdir(folder)
        qInstallMessageHandler(handler)
        text.activate(text.ENGLISH)
        if collecting and not gc.isenabled():
            gc.enable()
    return subprocess.CompletedProcess(["specdec-desktop", *args], status, out.getvalue(), err.getvalue())

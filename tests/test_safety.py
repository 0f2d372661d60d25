"""Offline and safe: no input is ever evaluated or unpickled, and nothing touches the network."""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "specdec_desktop"

# Calls that could run or unpickle data read from a file, and modules that reach the network.
FORBIDDEN = re.compile(
    r"\b(eval|exec|compile)\s*\(|\bimport\s+(pickle|marshal|shelve|socket|urllib|http|ssl)\b"
    r"|\bfrom\s+(pickle|marshal|shelve|socket|urllib|http|ssl)\b|\bpickle\.|\bmarshal\.|QtNetwork"
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
    for bad in ("eval(text)", "exec(code)", "import pickle", "pickle.loads(b)", "from socket import x"):
        assert FORBIDDEN.search(bad), bad

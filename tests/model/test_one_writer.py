"""Every file the app writes goes through one helper, ``specdec_desktop/atomic_write.py``.

A writer of its own (``Path.write_text``, ``open(..., "w")``, ``tempfile.mkstemp``,
``os.replace``) would bring back what issue 16 fixed: a failed write leaving the user's file
truncated, a link replaced, a FIFO hanging the export.  A source check, so a new writer (an
HTML report, another export) fails here until it uses the helper.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "specdec_desktop"
#: The helper itself, and the fuzzer's scratch files in its own temporary folder.
ALLOWED = {"atomic_write.py", "robustness/fuzz_files.py"}
_METHODS = {"write_text", "write_bytes", "mkstemp", "mkdtemp", "NamedTemporaryFile", "symlink_to"}
_OS_CALLS = {"replace", "rename", "open", "fdopen", "write"}


def _writes(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute):
            if func.attr in _METHODS:
                found.append(f"{func.attr} (line {node.lineno})")
            owner = func.value
            if isinstance(owner, ast.Name) and owner.id == "os" and func.attr in _OS_CALLS:
                flags = ast.unparse(node.args[1]) if func.attr == "open" and len(node.args) > 1 else ""
                target = ast.unparse(node.args[0]) if node.args else ""
                writes = any(f in flags for f in ("O_WRONLY", "O_RDWR", "O_CREAT"))
                # os.devnull is nobody's file (a command whose reader left sends its output there)
                if func.attr != "open" or (writes and target != "os.devnull"):
                    found.append(f"os.{func.attr} (line {node.lineno})")
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name == "open":
            modes = [a.value for a in node.args[1:2] if isinstance(a, ast.Constant)]
            modes += [
                k.value.value for k in node.keywords if k.arg == "mode" and isinstance(k.value, ast.Constant)
            ]
            if any(isinstance(m, str) and set(m) & set("wax+") for m in modes):
                found.append(f"open(..., {modes[0]!r}) (line {node.lineno})")
    return found


def test_only_the_atomic_helper_writes_files():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative in ALLOWED:
            continue
        offenders += [f"{relative}: {what}" for what in _writes(ast.parse(path.read_text(encoding="utf-8")))]
    assert offenders == [], "write through specdec_desktop.atomic_write.write_atomically: " + "; ".join(
        offenders
    )


def test_the_check_finds_a_writer():
    assert _writes(ast.parse("from pathlib import Path\nPath('x').write_text('y')"))
    assert _writes(ast.parse("open('x', 'wb')"))
    assert _writes(ast.parse("import os\nos.replace('a', 'b')"))
    assert _writes(ast.parse("import os\nos.open('x', os.O_WRONLY | os.O_CREAT)"))
    assert not _writes(
        ast.parse("import os\nopen('x', 'rb')\n'a'.replace('a', 'b')\nos.open('x', os.O_RDONLY)")
    )

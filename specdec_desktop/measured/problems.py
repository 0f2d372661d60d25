"""What can go wrong when reading a metrics file, named by file and line (no Qt).

Every refusal raises :class:`MetricsProblem`; its message names the file (and the line
when one is to blame) and says what to do, in words an engineer can act on.
"""

from __future__ import annotations

import os
from pathlib import Path

from specdec_desktop.plain_text import printable
from specdec_desktop.text import _

__all__ = ["ImportCancelled", "MetricsProblem"]


class MetricsProblem(ValueError):
    """A metrics file could not be used.

    Attributes
    ----------
    kind : str
        A short code for tests: ``missing``, ``not_a_file``, ``too_large``, ``empty``,
        ``binary``, ``not_utf8``, ``no_metrics``, ``contradiction``, ``k_missing``,
        ``mixed``, ``truncated``, ``not_json``, ``combine``, ``bad_name``.
    problem : str
        The problem alone, without the file or line.
    path : Path or None
        The file to blame.
    line : int or None
        The 1-based line to blame, when one is.
    """

    def __init__(
        self,
        kind: str,
        problem: str,
        path: str | os.PathLike[str] | None = None,
        line: int | None = None,
    ) -> None:
        self.kind = kind
        self.problem = problem
        self.path = None if path is None else Path(path)
        self.line = line
        where = ""
        if self.path is not None:
            where = f"{printable(self.path.name, 80)}: "  # a newline in a name stays on one line
        if line is not None:
            where += _("line {line}: ").format(line=line)
        super().__init__(f"{where}{problem}")

    def at(self, path: str | os.PathLike[str] | None = None, line: int | None = None) -> MetricsProblem:
        """The same problem, attributed to ``path`` and ``line`` (keeping what is already known)."""
        return MetricsProblem(
            self.kind,
            self.problem,
            self.path if self.path is not None else path,
            self.line if self.line is not None else line,
        )


class ImportCancelled(Exception):
    """The user cancelled a read in progress; nothing changes."""

"""What can go wrong when reading a metrics file, named by file and line (no Qt).

Every refusal raises :class:`MetricsProblem`; its message names the file (and the line
when one is to blame) and says what to do, in words an engineer can act on.  The message is a
:class:`~specdec_desktop.text.Phrase`: ``str(problem)`` is the English (what the command line
prints), and the window shows ``text.error_text(problem)``, the problem said in its language
(a problem given as a phrase, and the line, are said again; one given as text stays as it is).
"""

from __future__ import annotations

import os
from pathlib import Path

from specdec_desktop.plain_text import printable
from specdec_desktop.text import N_, Phrase

__all__ = ["ImportCancelled", "MetricsProblem", "k_changed"]


class MetricsProblem(ValueError):
    """A metrics file could not be used.

    Attributes
    ----------
    kind : str
        A short code for tests: ``missing``, ``not_a_file``, ``too_large``, ``empty``,
        ``binary``, ``not_utf8``, ``no_metrics``, ``contradiction``, ``k_missing``,
        ``mixed``, ``truncated``, ``not_json``, ``combine``, ``bad_name``.
    problem : str
        The problem alone, without the file or line (a phrase where the reader made one).
    path : Path or None
        The file to blame (a name given as a phrase, such as "clipboard", is said in the
        language the message is shown in).
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
        self._source = path  # as given: a phrase stays a phrase
        parts: list[str] = []
        if self.path is not None:
            # printable(): a newline in a name stays on one line
            parts += [path if isinstance(path, Phrase) else printable(self.path.name, 80), ": "]
        if line is not None:
            parts.append(Phrase(N_("line {line}: "), line=line))
        parts.append(problem)
        super().__init__(Phrase.joined(parts, ""))

    def at(self, path: str | os.PathLike[str] | None = None, line: int | None = None) -> MetricsProblem:
        """The same problem, attributed to ``path`` and ``line`` (keeping what is already known)."""
        return MetricsProblem(
            self.kind,
            self.problem,
            self._source if self.path is not None else path,
            self.line if self.line is not None else line,
        )


class ImportCancelled(Exception):
    """The user cancelled a read in progress; nothing changes."""


def k_changed(k: int, k_line: int | None, new_k: int, line: int | None) -> MetricsProblem:
    """The problem of a file whose draft length ``k`` (stated at ``k_line``) becomes ``new_k``."""
    return MetricsProblem(
        "contradiction",
        Phrase(
            N_("the draft length changes from {k} (line {k_line}) to {new_k}"),
            k=k,
            k_line=k_line,
            new_k=new_k,
        ),
        line=line,
    )

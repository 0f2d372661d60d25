"""Summaries printed one figure a line: the lines of one run gathered into a block (no Qt).

Benchmark scripts (vLLM's ``spec_decode.py`` and ``vllm bench serve``, SGLang's
``bench_serving``, llama.cpp's ``llama-speculative``) print a run's figures one per line,
``name: value`` or ``name = value``.  :class:`FieldBlocks` gathers them: a block is the figures
of one run, and a figure seen a second time starts the next run (a file may hold several).
Each figure keeps the line it came from, so a message can name it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Block", "FieldBlocks"]


@dataclass
class Block:
    """The figures of one run: ``name -> (value, line)``, and per-position values by index."""

    values: dict[str, tuple[float, int]] = field(default_factory=dict)
    positions: dict[int, tuple[float, int]] = field(default_factory=dict)
    first_line: int = 0

    def get(self, name: str) -> float | None:
        """The value of ``name``, or ``None`` when the run did not print it."""
        found = self.values.get(name)
        return None if found is None else found[0]

    def line_of(self, name: str) -> int:
        """The line ``name`` came from (the block's first line when it is missing)."""
        found = self.values.get(name)
        return self.first_line if found is None else found[1]

    def rates(self) -> list[float]:
        """The per-position values in position order (gaps are the caller's to refuse)."""
        return [self.positions[i][0] for i in sorted(self.positions)]


class FieldBlocks:
    """Gathers ``name: value`` lines into blocks, one per run."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self._current: Block | None = None

    def _block(self, name_or_position: str | int, line: int) -> Block:
        current = self._current
        repeated = current is not None and (
            name_or_position in current.positions
            if isinstance(name_or_position, int)
            else name_or_position in current.values
        )
        if current is None or repeated:
            current = Block(first_line=line)
            self.blocks.append(current)
            self._current = current
        return current

    def add(self, name: str, value: float, line: int) -> None:
        """Record figure ``name`` of the current run (a repeat starts a new run)."""
        self._block(name, line).values[name] = (value, line)

    def add_position(self, index: int, value: float, line: int) -> None:
        """Record the value at position ``index`` of the current run."""
        self._block(index, line).positions[index] = (value, line)

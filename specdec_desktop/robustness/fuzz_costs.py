"""Fuzzed per-k cost tables for the monkey to import (Qt-free).

A cost table is what an engineer writes after running the engine's benchmark at several k
(``measured/cost_table.py``): ``k``, tokens per step, milliseconds per step or tokens per second,
optionally the batch size and the draft's and the verify pass's own times.  Each table here is
priced by the model from random p, c, verify growth and overhead (with some noise), and written
the way people write them: any of the header names the reader knows, comma, semicolon or tab
separated, a byte-order mark, comments, blank lines, CRLF, quoted cells, unknown columns, rows in
any order, numbers in scientific notation.  Then it is left as it is (``valid``), given one flaw
on one line the reader must name (``nearly``: a missing cell, a word for a number, k = 2.5 or
99999, tokens per step outside 1..k + 1, a step of no time, a negative number, an empty batch, a
header only, a header missing a column), or made hostile (``hostile``: NaN, infinities, numbers of
400 digits, steps of 1e-300 ms, over the 1 MiB limit, a NUL byte, binary after the header, markup
in a cell, a line of 200 KB, cut short, a log appended).
"""

from __future__ import annotations

import random

from ..model import expected_tokens

__all__ = ["COST_KINDS", "fuzzed_cost_table"]

#: The three kinds, each drawn equally often.
COST_KINDS = ("valid", "nearly", "hostile")
#: Header names of each column the reader knows (a few of each).
_NAMES = {
    "k": ("k", "draft_len", "num_speculative_tokens", "K"),
    "tau": ("acceptance_length", "tau", "Mean acceptance length", "tokens_per_step", "accept_len"),
    "ms": ("ms_per_step", "step_ms", "ITL ms", "ms"),
    "tok_s": ("tokens_per_second", "output_throughput", "tok/s", "Output tok/s"),
    "batch": ("batch", "concurrency", "max_concurrency", "batch_size"),
    "draft_ms": ("draft_ms",),
    "verify_ms": ("verify_ms", "target_ms"),
}
_FLAWS = (
    "missing_cell",
    "word",
    "k_fraction",
    "k_absurd",
    "tau_out",
    "zero_ms",
    "negative",
    "batch_zero",
    "header_only",
    "header_short",
)
_HOSTILE = (
    "nan",
    "infinite",
    "long_number",
    "tiny_ms",
    "huge_ms",
    "over_size",
    "nul",
    "binary",
    "markup",
    "long_line",
    "truncated",
    "log_appended",
)


def _number(rng: random.Random, value: float) -> str:
    """``value`` written as people and tools write it."""
    style = rng.random()
    if style < 0.15:
        return f"{value:.6e}"
    if style < 0.3:
        return repr(value)
    return f"{value:.{rng.choice((1, 2, 3, 4))}f}"


def _table(rng: random.Random) -> tuple[list[tuple[str, str]], list[list[str]]]:
    """A header and rows priced by the model (roles in the header's order)."""
    p, c = rng.uniform(0.2, 0.97), rng.uniform(0.0, 0.4)
    growth, overhead = rng.choice((0.0, rng.uniform(0.0, 0.1))), rng.choice((0.0, rng.uniform(0.0, 0.4)))
    batches = sorted(rng.sample((1, 2, 4, 8, 16, 32, 64), rng.randint(1, 3)))
    ks = sorted(rng.sample(range(1, 17), rng.randint(1, 8)))
    if rng.random() < 0.85:
        ks = [0, *ks]
    roles = ["k", "tau", rng.choice(("ms", "tok_s"))]
    if len(batches) > 1 or rng.random() < 0.3:
        roles.append("batch")
    if rng.random() < 0.4:
        roles += ["draft_ms", "verify_ms"]
    rng.shuffle(roles)
    noise = rng.choice((0.0, 0.002, 0.02))
    rows = []
    for batch in batches:
        plain = rng.uniform(5.0, 60.0) * (1 + 0.02 * batch)
        for k in ks:
            tau = min(k + 1.0, max(1.0, float(expected_tokens(p, k)) * (1 + rng.gauss(0, noise))))
            draft, verify = plain * c * k, plain * (1 + growth * k)
            ms = (verify if k == 0 else draft + verify + plain * overhead) * (1 + abs(rng.gauss(0, noise)))
            values = {
                "k": str(k),
                "tau": _number(rng, tau),
                "ms": _number(rng, ms),
                "tok_s": _number(rng, batch * 1000.0 * tau / ms),
                "batch": str(batch),
                "draft_ms": _number(rng, draft),
                "verify_ms": _number(rng, verify),
            }
            rows.append([values[role] for role in roles])
    if rng.random() < 0.3:
        rng.shuffle(rows)
    header = [rng.choice(_NAMES[role]) for role in roles]
    return list(zip(roles, header, strict=True)), rows


def _flaw(rng: random.Random, roles: list[str], rows: list[list[str]]) -> str:
    """Give one row (or the header) one flaw; return which."""
    flaw = rng.choice(_FLAWS)
    row = rng.choice(rows)
    column = {role: i for i, role in enumerate(roles)}
    time_role = "ms" if "ms" in column else "tok_s"
    if flaw == "missing_cell":
        row.pop()
    elif flaw == "word":
        row[rng.randrange(len(row))] = rng.choice(("n/a", "fast", "—", "1.2.3", "0x10"))
    elif flaw == "k_fraction":
        row[column["k"]] = "2.5"
    elif flaw == "k_absurd":
        row[column["k"]] = rng.choice(("99999", "4097", "1e9"))
    elif flaw == "tau_out":
        k = float(row[column["k"]])
        row[column["tau"]] = rng.choice((f"{k + 1.5:g}", "0.5", "0"))
    elif flaw == "zero_ms":
        row[column[time_role]] = "0"
    elif flaw == "negative":
        row[column[rng.choice((time_role, "tau", "k"))]] = "-3"
    elif flaw == "batch_zero":
        if "batch" in column:
            row[column["batch"]] = "0"
        else:
            row[column[time_role]] = "0.0"
    elif flaw == "header_only":
        rows.clear()
    return flaw


def _hostile(rng: random.Random, roles: list[str], rows: list[list[str]]) -> str:
    """Make the cells hostile (the whole-file kinds are made by the caller); return which."""
    kind = rng.choice(_HOSTILE)
    row = rng.choice(rows)
    where = rng.randrange(len(row))
    if kind == "nan":
        row[where] = rng.choice(("NaN", "nan", "-nan"))
    elif kind == "infinite":
        row[where] = rng.choice(("inf", "-inf", "Infinity", "1e400"))
    elif kind == "long_number":
        row[where] = "9" * rng.randint(40, 400)
    elif kind in ("tiny_ms", "huge_ms"):
        role = "ms" if "ms" in roles else "tok_s"
        tiny = (kind == "tiny_ms") == (role == "ms")
        for each in rows if rng.random() < 0.5 else [row]:
            each[roles.index(role)] = rng.choice(("1e-300", "5e-324", "1e-30")) if tiny else "1e300"
    elif kind == "markup":
        row[where] = rng.choice(('<img src="/dev/zero">', "<b>5</b>", "&lt;1&gt;", "<table><tr>"))
    elif kind == "nul":
        row[where] = row[where][:1] + "\x00" + row[where][1:]
    return kind


def fuzzed_cost_table(rng: random.Random) -> tuple[str, bytes]:
    """One fuzzed per-k cost table: ``(kind, bytes)``, kind ``valid``, ``nearly:FLAW`` or ``hostile:KIND``."""
    named, rows = _table(rng)
    roles = [role for role, _name in named]
    header = [name for _role, name in named]
    kind = rng.choice(COST_KINDS)
    detail = ""
    if kind == "nearly":
        detail = _flaw(rng, roles, rows)
        if detail == "header_short":
            drop = rng.choice([i for i, role in enumerate(roles) if role in ("k", "tau")])
            header.pop(drop)
    elif kind == "hostile":
        detail = _hostile(rng, roles, rows)
    if kind == "valid" and rng.random() < 0.3:  # a column the reader does not know
        header.append(rng.choice(("notes", "gpu", "model")))
        for row in rows:
            row.append(rng.choice(("h100", "run a", "")))
    separator = rng.choice((",", ",", ";", "\t"))
    quote = rng.random() < 0.2
    lines = [separator.join(f'"{cell}"' if quote else cell for cell in header)]
    lines += [separator.join(row) for row in rows]
    if rng.random() < 0.3:
        lines.insert(0, "# vllm bench serve at several k (fuzzed)")
    if rng.random() < 0.2:
        lines.insert(rng.randrange(1, len(lines) + 1), "")
    text = ("\r\n" if rng.random() < 0.2 else "\n").join(lines) + "\n"
    if rng.random() < 0.1:
        text = "\ufeff" + text
    data = text.encode()
    if detail == "over_size":
        data += (separator.join(rows[0]) + "\n").encode() * (1024**2 // max(1, len(rows[0])) + 10)
    elif detail == "binary":
        data = data[: data.index(b"\n") + 1] + rng.randbytes(rng.randint(1, 400))
    elif detail == "long_line":
        data += (separator.join(["1"] * 100_000) + "\n").encode()
    elif detail == "truncated":
        data = data[: rng.randrange(len(data))]
    elif detail == "log_appended":
        data += b"INFO SpecDecoding metrics: Mean acceptance length: 2.50, Accepted: 150 tokens\n"
    return kind + (f":{detail}" if detail else ""), data

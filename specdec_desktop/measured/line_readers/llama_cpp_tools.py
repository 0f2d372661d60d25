"""llama.cpp's other outputs: the speculative examples' summary, per-round lines, counters (no Qt).

The formats, as llama.cpp prints them (checked against its sources; sample files of our own
are in ``tests/data/metrics/``):

* ``llama-speculative`` and ``llama-speculative-simple`` end with ``n_draft   = 16`` (the
  longest draft: drafts stop early when the draft is unsure, so their length varies),
  ``n_predict = 249``, ``n_drafted = 284``, ``n_accept  = 186``, ``accept    = 65.493%``.
  Every verify step yields its accepted guesses plus one token, so the steps are
  ``n_predict - n_accept``.
* with ``-v``, llama-server (and ``llama-speculative-simple``) print each verify step:
  ``accepted 3/4 draft tokens, new n_tokens = 123`` (older: ``..., new n_past = ...``;
  the example: ``..., the last target token is: (42)``): the guesses kept of those drafted.
* llama-server's ``/metrics``: ``llamacpp:spec_decode_num_drafts_total``,
  ``..._num_draft_tokens_total``, ``..._num_accepted_tokens_total`` and
  ``..._num_accepted_tokens_per_pos_total{position="i"}``, vLLM's layout.

Drafts of varying length are said so (:attr:`Measurement.variable_k`): tokens per verify step
and the engine's rate are what the run gave, and no constant p at a fixed k is fitted.  When
every draft had the same length the run is a fixed-k run like any other.
"""

from __future__ import annotations

import re

from specdec_desktop.measured.measurement import MAX_K, Measurement
from specdec_desktop.text import N_, Phrase

from .base import NUMBER, LineReader, check_close, check_k, contradiction, plausible
from .blocks import Block, FieldBlocks
from .summaries import combine_runs, missing_field
from .vllm_prometheus import VllmPrometheusReader

__all__ = ["LlamaCppPrometheusReader", "LlamaRoundsReader", "LlamaSpeculativeReader"]

_VARIES = N_("drafts vary in length (up to k): no constant p at a fixed k describes them")


class LlamaSpeculativeReader(LineReader):
    """The summary of ``llama-speculative`` / ``llama-speculative-simple``."""

    format = "llama.cpp-speculative"
    # As printed ("%-9s = "), so that other text (JSON keys such as "mean_acceptance_length")
    # does not wake this reader, nor llama-server's "n_draft = 4, n_tokens = ..."; "accept  "
    # finds n_accept and accept (few markers: each costs a pass over every block).
    markers = (b"n_draft   =", b"n_drafted =", b"n_predict =", b"accept  ")
    _field = re.compile(
        r"(?:^|[\s|:])(n_draft|n_predict|n_drafted|n_accept)\s*=\s*(\d{1,19})(?:\s*\([^)\n]*\))?\s*$"
    )
    _percent = re.compile(r"(?:^|[\s|:])accept\s*=\s*" + NUMBER + r"%\s*$")

    def __init__(self) -> None:
        super().__init__()
        self.runs = FieldBlocks()

    def _feed(self, text: str, line: int) -> bool:
        match = self._field.search(text)
        if match is not None:
            self.runs.add(match.group(1), plausible(float(match.group(2)), match.group(2)), line)
            return match.group(1) != "n_draft"  # alone, n_draft is a setting, not a result
        match = self._percent.search(text)
        if match is None or not self.runs.blocks:
            return False
        self.runs.add("accept", plausible(float(match.group(1)), match.group(1)), line)
        return True

    def _near(self, text: str) -> bool:
        return self._field.search(text) is None

    def _run(self, block: Block, k_hint: int | None) -> Measurement:
        names = ("n_draft", "n_predict", "n_drafted", "n_accept")
        values = [block.get(name) for name in names]
        for name, value in zip(names, values, strict=True):
            if value is None:
                present = next((n for n, v in zip(names, values, strict=True) if v is not None), "accept")
                raise missing_field(name, present, block.first_line)
        n_draft, n_predict, n_drafted, n_accept = (float(v) for v in values)  # type: ignore[arg-type]
        k = check_k(round(n_draft), block.line_of("n_draft"))
        if k_hint is not None and k_hint != k:
            raise contradiction(
                Phrase(N_("the file says n_draft = {k}, but k = {k_hint} was given"), k=k, k_hint=k_hint),
                block.line_of("n_draft"),
            )
        if n_accept > n_drafted:
            raise contradiction(
                Phrase(
                    N_("n_accept ({n_accept:.0f}) exceeds n_drafted ({n_drafted:.0f})"),
                    n_accept=n_accept,
                    n_drafted=n_drafted,
                ),
                block.line_of("n_accept"),
            )
        steps = n_predict - n_accept
        if steps <= 0:
            raise contradiction(
                Phrase(
                    N_(
                        "n_predict ({n_predict:.0f}) is not above n_accept ({n_accept:.0f}): every verify "
                        "step yields one token beyond those accepted"
                    ),
                    n_predict=n_predict,
                    n_accept=n_accept,
                ),
                block.line_of("n_predict"),
            )
        if n_drafted > steps * k + 0.5:
            raise contradiction(
                Phrase(
                    N_("n_drafted ({n_drafted:.0f}) is more than {steps:.0f} steps of at most n_draft = {k}"),
                    n_drafted=n_drafted,
                    steps=steps,
                    k=k,
                ),
                block.line_of("n_drafted"),
            )
        percent = block.get("accept")
        if percent is not None and n_drafted > 0:
            check_close(
                N_("accept (%)"), percent, 100 * n_accept / n_drafted, 0.00051, block.line_of("accept")
            )
        variable = n_drafted < steps * k - 0.5
        return self._measurement(
            k=k,
            steps=round(steps),
            accepted=n_accept,
            drafted=n_drafted,
            engine_acceptance=n_accept / n_drafted if n_drafted else None,
            engine_basis=Phrase(N_("n_accept ÷ n_drafted (llama.cpp's accept)")),
            variable_k=variable,
            notes=(N_("verify steps counted as n_predict − n_accept"), *((_VARIES,) if variable else ())),
        )

    def finish(self, k_hint: int | None) -> Measurement | None:
        blocks = [block for block in self.runs.blocks if set(block.values) - {"n_draft"}]
        if self.lines_used == 0 or not blocks:
            return None
        return combine_runs([self._run(block, k_hint) for block in blocks], blocks)


class LlamaRoundsReader(LineReader):
    """Per verify step: ``accepted 3/4 draft tokens, ...`` (llama.cpp with ``-v``)."""

    format = "llama.cpp-rounds"
    markers = (b" draft tokens, ",)
    _round = re.compile(r"accepted (\d{1,9})/(\d{1,9}) draft tokens, ")

    def __init__(self) -> None:
        super().__init__()
        self.by_length: dict[int, list[int]] = {}  # draft length -> histogram of accepted guesses

    def _feed(self, text: str, line: int) -> bool:
        match = self._round.search(text)
        if match is None:
            return False
        accepted, drafted = int(match.group(1)), int(match.group(2))
        if accepted > drafted:
            raise contradiction(
                Phrase(
                    N_("{accepted} of {drafted} draft tokens accepted"), accepted=accepted, drafted=drafted
                ),
                line,
            )
        if drafted == 0:
            return True
        check_k(drafted, line)
        histogram = self.by_length.setdefault(drafted, [0] * (drafted + 1))
        histogram[accepted] += 1
        return True

    def finish(self, k_hint: int | None) -> Measurement | None:
        if not self.by_length:
            return None
        k = max(self.by_length)
        if k_hint is not None and k_hint < k:
            raise contradiction(
                Phrase(
                    N_("drafts of {k} tokens are printed, but k = {k_hint} was given"), k=k, k_hint=k_hint
                ),
                self.first_line,
            )
        steps = sum(sum(h) for h in self.by_length.values())
        accepted = sum(j * n for h in self.by_length.values() for j, n in enumerate(h))
        drafted = sum(length * sum(h) for length, h in self.by_length.items())
        counts = None
        if len(self.by_length) == 1:  # every draft as long: counts per position are exact
            histogram = self.by_length[k]
            counts = tuple(sum(histogram[i:]) for i in range(1, k + 1))
        return self._measurement(
            k=min(k, MAX_K),
            steps=steps,
            accepted=float(accepted),
            drafted=float(drafted),
            position_counts=counts,
            engine_acceptance=accepted / drafted if drafted else None,
            engine_basis=Phrase(N_("accepted ÷ drafted tokens over the printed steps")),
            variable_k=counts is None,
            notes=() if counts is not None else (_VARIES,),
        )


class LlamaCppPrometheusReader(VllmPrometheusReader):
    """llama-server's ``llamacpp:spec_decode_*`` counters (vLLM's layout; drafts may be shorter)."""

    format = "llama.cpp-prometheus"
    markers = (b"llamacpp:spec_decode_num_",)
    prefix = "llamacpp:spec_decode_"
    drafts_vary = True
    basis = Phrase(N_("accepted ÷ drafted tokens (llama.cpp's counters)"))

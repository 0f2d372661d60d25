"""Per-request JSON of SGLang, llama-server and TensorRT-LLM (no Qt).

The fields, as the engines return them (checked against their sources; sample files of our
own are in ``tests/data/metrics/``):

* SGLang, in each response's ``meta_info`` (or an ``sglext_spec`` object): ``spec_verify_ct``
  (verify steps), ``spec_num_correct_drafts`` (guesses accepted), ``spec_num_proposed_drafts``
  (guesses drafted), ``spec_accept_length``, and ``spec_correct_drafts_histogram`` (entry
  ``j``: steps that accepted ``j`` guesses).
* llama-server, in each response's ``timings``: ``predicted_n`` (tokens generated),
  ``draft_n`` (draft tokens), ``draft_n_accepted``.  Drafts vary in length, and every verify
  step yields its accepted guesses plus one token, so the steps are ``predicted_n -
  draft_n_accepted`` (the first token, from the prompt, is one step more: a small bias said
  in a note).
* TensorRT-LLM, per request (``perf_metrics`` / ``speculative_decoding``): ``acceptance_rate``,
  ``total_accepted_draft_tokens``, ``total_draft_tokens``; no step count, so k must be given
  and the steps are draft tokens ÷ k.

Each collector finds its objects anywhere in the value (to a bounded depth) and adds them up,
keeping each request's tokens per step for the test of whether the requests agree.  A field
that the object's other fields call for but that is missing is refused by name.

The shared part is :mod:`.collector`; each engine's fields are read in its own module
(:mod:`.sglang`, :mod:`.llama_server`, :mod:`.trtllm`).
"""

from __future__ import annotations

from .collector import JsonCollector
from .llama_server import LlamaServerTimings
from .sglang import SglangRequests
from .trtllm import TrtllmRequests

__all__ = ["JSON_COLLECTORS", "JsonCollector", "LlamaServerTimings", "SglangRequests", "TrtllmRequests"]

#: Every JSON collector besides vLLM's histograms, in the order they are offered a value.
JSON_COLLECTORS: tuple[type[JsonCollector], ...] = (SglangRequests, LlamaServerTimings, TrtllmRequests)

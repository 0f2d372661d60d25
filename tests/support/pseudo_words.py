"""Words outside the pseudo-locale's brackets, in plain text (no Qt: the command line's tests).

In the pseudo-locale every translated string is bracketed, so a word left outside every
``[…]`` did not come through the text layer.  What counts as words: two or more Latin letters in
a row.  Names that are the same in every language (engines, file formats, the app) are allowed;
so is what code writes (``--flags``, quoted JSON keys).  :mod:`.pseudo_scan` applies this to the
window's widgets.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: Names, symbols and units that stay as they are in every language.
ALLOWED = {
    "vLLM",
    "SGLang",
    "llama",
    "cpp",
    "TensorRT",
    "LLM",
    "EAGLE",
    "MTP",
    "Medusa",
    "Sequoia",
    "SpecInfer",
    "CSV",
    "PNG",
    "SVG",
    "JSON",
    "HTML",
    "SpecDec",
    "Desktop",
    "Top",
    "topk",
    "Prometheus",
    "tau",
    "Ctrl",
    "Shift",
    "Alt",
    "Esc",
    "PgUp",
    "PgDown",
    "Space",
    "Enter",
    "arXiv",
    "et",
    "al",
    "min",
    "max",
    "argmax",
    "ms",
    "char",
    "rnn",
    "tinyshakespeare",
    "Hugging",
    "Face",
    "num_draft_tokens",
    "steps",
    "speculative_token_tree",
    "Beta",
    "a_i",
}
WORD = re.compile(r"[A-Za-z][A-Za-z_]+")
BRACKETED = re.compile(r"\[[^\[\]]*\]")


#: What code, not prose, writes: engine flags (``--num-speculative-tokens 4``) and JSON keys.
_CODE = re.compile(r"--[\w-]+|\"[\w]+\"|'[\w]+'")


def words_outside_brackets(text: str, quoted: Iterable[str] = ()) -> list[str]:
    """The words of plain ``text`` that stand outside every bracketed (pseudo-translated) span;
    ``quoted``: the user's own words a message may quote (file and folder names), left out."""
    rest = text.replace("&", "")
    for name in sorted(quoted, key=len, reverse=True):
        rest = rest.replace(name, " ")
    rest = _CODE.sub(" ", rest)
    while True:
        stripped = BRACKETED.sub(" ", rest)
        if stripped == rest:
            break
        rest = stripped
    return [w for w in WORD.findall(rest) if w not in ALLOWED]

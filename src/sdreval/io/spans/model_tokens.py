"""Tokens of the model that reads the context: span measures and budgets counted in them.

``--span-unit tokens`` counts white-space tokens; ``--span-unit tokens:TOKENIZER`` counts the tokens
of a model's tokenizer, TOKENIZER being

* a tiktoken encoding (``cl100k_base``, ``o200k_base``, ``p50k_base``, ``r50k_base``, or
  ``tiktoken:NAME``; needs ``pip install tiktoken``, which fetches the encoding on first use);
* a ``tokenizer.json`` file of the Hugging Face ``tokenizers`` library (``pip install
  tokenizers``), or a model name on the Hugging Face Hub (fetched by ``tokenizers``).

Each token is a character span of the document (the tokenizer's offsets); a gold or retrieved
span covers every token it touches (:func:`~sdreval.io.spans.documents.qrels_in_tokens`,
:func:`~sdreval.io.spans.documents.run_in_tokens`), so ``SpanR(budget=512)`` is the recall of
the first 512 model tokens handed to the generator.
"""
from __future__ import annotations

from pathlib import Path

from ...errors import UsageError
from .documents import Tokenizer, whitespace_tokens

TIKTOKEN_ENCODINGS = ("cl100k_base", "o200k_base", "p50k_base", "r50k_base", "p50k_edit",
                      "gpt2")


def _tiktoken(name: str) -> Tokenizer:
    try:
        import tiktoken
    except ImportError:
        raise UsageError(f"tokens:{name} needs tiktoken (pip install 'sdreval[tokens]')") from None
    encoding = tiktoken.get_encoding(name)

    def spans(text: str) -> list[tuple[int, int]]:
        tokens = encoding.encode(text, disallowed_special=())
        _, starts = encoding.decode_with_offsets(tokens)
        # a character split over several tokens (byte-level BPE): each of them covers it, as
        # the offsets of Hugging Face tokenizers say (it was counted as one token)
        ends = [max(e, s + 1) for s, e in zip(starts, starts[1:] + [len(text)])]
        return list(zip(starts, ends))
    return spans


def _hugging_face(spec: str) -> Tokenizer:
    try:
        from tokenizers import Tokenizer as HFTokenizer
    except ImportError:
        raise UsageError(f"tokens:{spec} needs the tokenizers package (pip install "
                         "'sdreval[tokens]')") from None
    model = (HFTokenizer.from_file(spec) if Path(spec).is_file()
             else HFTokenizer.from_pretrained(spec))
    return tokenizer_from(model)


def tokenizer_from(model) -> Tokenizer:
    """Token character spans from a ``tokenizers.Tokenizer`` object (its offsets; special
    tokens left out)."""
    def spans(text: str) -> list[tuple[int, int]]:
        encoding = model.encode(text, add_special_tokens=False)
        return [(s, e) for s, e in encoding.offsets if e > s]
    return spans


def model_tokenizer(unit: str) -> Tokenizer:
    """The tokenizer of a ``--span-unit`` value: ``tokens`` (white space) or
    ``tokens:TOKENIZER``."""
    kind, _, spec = unit.partition(":")
    if kind != "tokens" or (_ and not spec):
        raise UsageError(f"--span-unit {unit!r}: expected chars, tokens or tokens:TOKENIZER (a "
                         "tiktoken encoding such as cl100k_base, a tokenizer.json file or a "
                         "Hugging Face model name)")
    if not spec or spec == "whitespace":
        return whitespace_tokens
    name = spec.removeprefix("tiktoken:")
    if name != spec or spec in TIKTOKEN_ENCODINGS:
        return _tiktoken(name)
    return _hugging_face(spec)

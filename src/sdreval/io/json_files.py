"""JSON files holding one object ``{topic: {doc: value}}`` (ranx's ``Run``/``Qrels.save``,
pytrec_eval's dicts saved with ``json.dump``): read through the dict reader, and the one rule
for telling a run from judgements there, how the values are written (:func:`number_style`).
LlamaIndex's retrieval dataset (``EmbeddingQAFinetuneDataset.save_json``: ``queries``,
``corpus``, ``relevant_docs``) is read as the judgements its ``relevant_docs`` give
(:func:`qa_judgements`)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import InputError, ProblemLog
from .options import arguments_order, format_option
from .text_rules import first_not_utf8
from .textlines import finish, given_log, open_binary


def read_json_file(path: str | Path, log: ProblemLog | None, read, qrels: bool = False,
                   told: bool = False):
    """A JSON file holding one object ``{topic: {doc: value}}`` (ranx's ``Run``/``Qrels.save``,
    pytrec_eval's dicts saved with ``json.dump``) read as that dict is, by ``read(data, log)``
    (the dict path: one reader), its problems named by the file.  A key given twice in one
    object is refused (JSON readers keep either value).  The content cannot tell a run from
    qrels: a qrels file whose grades are not integers is probably the run (said so); unless
    the format is ``told``, qrels whose every grade is written as a decimal (``3.0``, as ranx
    writes a run's scores) and a run whose every score is written as an integer (as qrels
    grades are written) are refused as probably swapped."""
    import json
    from dataclasses import replace

    from .table_syntax import repeated_key, unique_keys  # (csv: loaded for tables only)

    file = str(path)
    try:
        with open_binary(path) as handle:
            data = json.load(handle, object_pairs_hook=unique_keys)
    except KeyError as error:
        raise InputError(repeated_key(error), file) from None
    except json.JSONDecodeError as error:
        raise InputError(f"not one JSON object {{topic: {{document: value}}}}: {error.msg} "
                         f"(column {error.colno})", file, error.lineno) from None
    except UnicodeDecodeError as error:
        with open_binary(path) as handle:
            bad = first_not_utf8(handle.read())
        raise (InputError(bad[1], file, bad[0]) if bad else
               InputError(f"cannot read as JSON: {error}", file)) from None
    except (OSError, EOFError, RecursionError) as error:
        raise InputError(f"cannot read as JSON: {error}", file) from None
    if is_qa_dataset(data):
        data = qa_judgements(data, file, qrels)
    bad = next((t for t, v in data.items() if not isinstance(v, dict)), None) \
        if isinstance(data, dict) else ""
    if bad is not None:
        got = type(data[bad] if bad != "" else data).__name__.replace("dict", "object")
        raise InputError("expected one JSON object {topic: {document: score or grade}} (ranx, "
                         f"pytrec_eval); {f'topic {bad!r} maps to' if bad != '' else 'got'} a "
                         f"JSON {got}", file)
    log, own = given_log(log)

    class Relayed(ProblemLog):  # each problem also goes to ``log`` as found: all counted there
        def add(self, problem, kind=None):
            super().add(problem, kind)
            log.add(replace(problem, file=file) if problem.file in ("(dict)", None) else problem,
                    kind)
    inner = Relayed()
    try:
        result = read(data, inner)
    except InputError as error:
        if error.logged_in is not inner:
            for problem in error.problems:
                inner.add(problem)
    written = number_style(data)
    swapped = f"{arguments_order()}; a JSON file does not say which it holds"
    if qrels and written == "scores":
        log.error(file, None, f"grades that are not integers: is this a run's scores? ({swapped})")
    elif not told and written == ("decimals" if qrels else "integers"):
        log.error(file, None, (
            "every grade is written as a decimal (3.0), as ranx's Run.save writes a run's "
            f"scores: is this a run? ({swapped}); "
            f"{format_option('qrels', 'ranx-json')} reads the file as judgements") if qrels else (
            "every score is a whole number written without a decimal point, as qrels grades "
            f"are (ranx's Run.save writes 3.0): is this a qrels file? ({swapped}); "
            f"{format_option('run', 'ranx-json')} reads the file as a run"))
    finish(log, own)
    log.raise_if_errors()  # the dict path's errors are raised, as from the dict
    return result


def is_qa_dataset(data: Any) -> bool:
    """Whether ``data`` is LlamaIndex's retrieval dataset (``queries``, ``relevant_docs``): its
    queries are texts; a ``{topic: {doc: value}}`` dict with topics named ``queries`` and
    ``relevant_docs`` holds numbers there, and is read as what it is."""
    return isinstance(data, dict) and {"queries", "relevant_docs"} <= set(data) and \
        isinstance(data["relevant_docs"], dict) and isinstance(data["queries"], dict) and \
        all(isinstance(v, str) for v in data["queries"].values())


def qa_judgements(data: dict, file: str, qrels: bool) -> dict:
    """LlamaIndex's retrieval dataset as judgements ``{query id: {node id: 1}}``: its
    ``relevant_docs`` (``{query id: [node id, ...]}``) are the expected ids of LlamaIndex's
    ``RetrieverEvaluator``, each relevant with grade 1 (a chunk-ID run scores against them)."""
    if not qrels:
        raise InputError("a LlamaIndex retrieval dataset (queries, corpus, relevant_docs) holds "
                         f"judgements, not a run: give it as the qrels ({arguments_order()})",
                         file)
    import numpy as np

    from .ids import id_problem, id_text

    docs = data["relevant_docs"]
    bad = next((q for q, ids in docs.items() if not isinstance(ids, list)), None)
    if bad is not None:
        raise InputError(f"relevant_docs of query {bad!r} is not a list of node ids "
                         "(LlamaIndex's retrieval dataset)", file)
    out = {}
    for q, ids in docs.items():  # each id by the rule of every id (1.0 is 1; null refused)
        raw = np.empty(len(ids), dtype=object)
        raw[:] = ids
        text, wrong = id_text(raw)
        if wrong.any():
            at = int(np.argmax(wrong))
            raise InputError(f"relevant_docs[{q!r}][{at}] {id_problem(ids[at])} (LlamaIndex's "
                             "retrieval dataset)", file)
        out[str(q)] = dict.fromkeys(text.tolist(), 1)
    return out


def number_style(data: Any) -> str | None:
    """How the values of a ``{topic: {doc: value}}`` dict are written, the only sign of
    whether a ranx-json file holds a run or judgements: ``"scores"`` (some value is not a
    whole number: a run), ``"decimals"`` (every value a whole number written as 3.0, as
    ranx's ``Run.save`` writes scores), ``"integers"`` (every value an integer, as grades are
    written), else None (none, or mixed)."""
    values = [v for table in (data.values() if isinstance(data, dict) else ())
              if isinstance(table, dict) for v in table.values()]
    if any(isinstance(v, float) and not v.is_integer() for v in values):
        return "scores"
    if values and all(type(v) is float for v in values):
        return "decimals"
    if values and all(type(v) is int for v in values):
        return "integers"
    return None


def json_holds(path: str) -> str:
    """``"run"`` or ``"qrels"``: how a ranx-json file, which does not say which it holds, is
    read when no role is given: a run when its values are written as a run's scores are
    (:func:`number_style`: some not whole, or every one a decimal as ranx's
    ``Run.save`` writes them), else judgements, as ``eval`` accepts it.  An unreadable file is
    left to the qrels reader to report."""
    import json

    try:
        with open_binary(path) as handle:
            data = json.load(handle)
    except (OSError, ValueError, RecursionError):
        return "qrels"
    return "run" if number_style(data) in ("scores", "decimals") else "qrels"

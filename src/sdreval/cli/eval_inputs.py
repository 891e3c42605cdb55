"""The options and inputs of the evaluating commands (eval, compare, report, stability,
budget): the options that set measure defaults, the evaluation context they build, and the
qrels and runs read with them (with the span documents, chunk maps and token units)."""
from __future__ import annotations

import click

from ..errors import ProblemLog, UsageError
from ..io import read_collection, read_qrels, read_run
from ..measures import EvalContext
from ..measures.defaults import rsv_order_hints
from ..model.runnames import distinct_runs
from ..measures.doc_ids import check_chunk_ids
from ..orchestrate.inputs import check_input_topics
from .common import (NAME, POSITIVE_INT, UNIT_INTERVAL, BoundedFloat, echo_problems,
                     pool_policy_option)
from .paths import TABLE_INPUT


#: eval's options that change the values of span measures (``sensitivity`` takes these)
SPAN_CONTEXT = ("order", "depth", "zero_rel", "compat")


def span_context_options(func):
    """The options of :data:`SPAN_CONTEXT`, as eval has them."""
    return context_options(func, SPAN_CONTEXT)


def context_options(func, only: tuple[str, ...] | None = None):
    """Options that set measure defaults (shared by eval, compare, report); ``only``: those
    of these parameter names."""
    options = [
        click.option("--quant", type=NAME, default=None,
                     help="Quantisation of graded assessments (default: the generalised "
                          "function of the qrels' scale): " + ", ".join(_quantisations())
                          + "."),
        click.option("--overlap", type=click.Choice(["on", "off"]), default=None,
                     help="XCG overlap penalty: on = alpha 1 (default), off = alpha 0."),
        click.option("--alpha", type=UNIT_INTERVAL, default=None,
                     help="XCG overlap penalty in [0,1]."),
        click.option("--ideal", type=click.Choice(["ideal", "full"]), default=None,
                     help="XCG ideal vector: ideal recall-base (default) or full (thorough)."),
        click.option("--beta", type=BoundedFloat(0.0), default=None,
                     help="F-beta of relevant-in-context (default 0.25)."),
        click.option("--bep-distance", type=POSITIVE_INT, default=None,
                     help="Best-in-context distance n (default 500)."),
        click.option("--collection", "collection_dir", type=click.Path(exists=True),
                     default=None, help="Directory of the XML collection."),
        click.option("--collection-elements", type=POSITIVE_INT, default=None,
                     help="Number of elements in the collection (inex_eval)."),
        click.option("--navigation", type=click.Path(exists=True), default=None,
                     help="ESR navigation matrix TSV."),
        click.option("--order", type=click.Choice(["file", "rank", "rsv"]), default="file",
                     help="Ranking order: file (INEX), rank, or rsv (trec_eval)."),
        click.option("-M", "--depth", type=click.IntRange(min=1), default=None,
                     help="Evaluate only the first DEPTH results of each topic, after "
                          "ordering (trec_eval -M)."),
        click.option("-l", "--rel-level", type=click.FloatRange(min=0, min_open=True),
                     default=None,
                     help="Relevance level of the binary classic measures (AP, P, RR, "
                          "Recall, bpref, ...; it makes RBP binary too): relevant iff grade >= "
                          "level (trec_eval -l; default: any grade > 0; a level must be > 0)."),
        click.option("--zero-rel-as-zero", "zero_rel", is_flag=True,
                     help="A topic with nothing relevant counts in the means, as trec_eval "
                          "averages it: 0 for a measure that needs something relevant, while "
                          "num_ret keeps its count (default: left out, with a warning)."),
        click.option("--compat", type=click.Choice(["inex", "chroma"]), default=None,
                     help="inex: reproduce the official INEX evaluator's quirks; chroma: "
                          "SpanP, SpanR and SpanIoU as Chroma's chunking evaluation divides "
                          "(summed chunk and excerpt lengths; docs/rag.md)."),
        click.option("--strict", is_flag=True, help="Reject runs that break a task's rules."),
        click.option("--qrels-format", type=NAME, default=None,
                     help="Force the qrels format instead of detecting it: "
                          + ", ".join(_formats("QRELS_FORMATS")) + "."),
        pool_policy_option,
        click.option("--run-format", type=NAME, default=None,
                     help="Force the run format instead of detecting it: "
                          + ", ".join(_formats("RUN_FORMATS")) + "."),
        click.option("--chunk-map", multiple=True, type=TABLE_INPUT,
                     help="Chunk map (chunk_id, doc_id, start, end) for chunk-ID runs; "
                          "repeat for several chunkings (an id in two names one span)."),
        click.option("--documents", default=None, type=TABLE_INPUT,
                     help="Documents (doc_id, text): check span offsets, convert bytes/tokens."),
        click.option("--span-unit", type=NAME, default="chars",
                     help="Count span measures (and budgets) in chars, in white-space tokens "
                          "(tokens) or in a model's tokens: tokens:cl100k_base (tiktoken), "
                          "tokens:FILE.json or tokens:MODEL (Hugging Face tokenizers); needs "
                          "--documents (a span covers every token it touches)."),
    ]
    for option in reversed(options):
        if only is None or option(lambda: None).__click_params__[0].name in only:
            func = option(func)
    return func


def _quantisations() -> list[str]:
    from ..judgements.quantise import QUANTISATIONS

    return sorted(QUANTISATIONS)


def _formats(name: str) -> list[str]:
    from ..io import detect as io_api

    return list(getattr(io_api, name, ()))


def build_context(options: dict) -> EvalContext:
    ctx = EvalContext(quant=options.get("quant"), overlap=options.get("overlap"),
                      alpha=options.get("alpha"), ideal=options.get("ideal"),
                      beta=options.get("beta"), bep_distance=options.get("bep_distance"),
                      order=options.get("order") or "file", compat=options.get("compat"),
                      depth=options.get("depth"), rel_level=options.get("rel_level"),
                      strict=bool(options.get("strict")),
                      zero_rel=bool(options.get("zero_rel")),
                      collection_elements=options.get("collection_elements"))
    ctx.state_settings()
    if options.get("collection_dir"):
        ctx.collection = read_collection(options["collection_dir"])
    if options.get("navigation"):
        from ..io.navigation import read_navigation  # provided by the ESR family

        log = ProblemLog()
        ctx.navigation = read_navigation(options["navigation"], log)
        log.raise_if_errors()
        echo_problems(log)  # sdreval's own warning lines, as for every other input
    return ctx


def qrels_options(options: dict, collection=None) -> dict:
    """Options of INEX XML assessments: the pool policy, and the collection that resolves
    X-RAI passages (read from ``--collection`` unless given)."""
    if collection is None and options.get("collection_dir"):
        collection = read_collection(options["collection_dir"])
    return {"pool_policy": options.get("pool_policy") or "main", "collection": collection}


def load_inputs(qrels_path: str, run_paths: tuple[str, ...], options: dict, collection=None,
                formats: dict[str, str] | None = None):
    """Read qrels and runs (lenient: problems become warnings; errors exit 1).  Runs that
    share a name become distinct runs (``id (file stem)``, one warning each).  ``formats``:
    the run formats already detected (:func:`.eval_cmd.detected_formats`), not detected again."""
    log = ProblemLog()
    from ..progress import track

    documents, chunk_map, tokenizer = span_inputs(options, log)
    qrels = read_qrels(qrels_path, fmt=options.get("qrels_format"), log=log, documents=documents,
                       **qrels_options(options, collection))
    formats = formats or {}
    runs = [read_run(path, fmt=options.get("run_format") or _detected(formats, path), log=log,
                     chunk_map=chunk_map, documents=documents)
            for path in track(run_paths, "reading runs")]
    log.raise_if_errors()
    if in_tokens(options):
        if documents is None:
            raise UsageError(f"--span-unit {options['span_unit']} needs the documents "
                             "(--documents FILE)")
        from ..io.spans.documents import Documents, qrels_in_tokens, run_in_tokens

        # (a document run placed through the collection is refused where it is placed:
        # measures/passage/placing.as_passage_run, for Python callers too)
        documents = Documents(documents.texts, tokenizer, documents.source)  # counted in these
        qrels = qrels_in_tokens(qrels, documents, log)
        runs = [run_in_tokens(run, documents) for run in runs]
        if not any(tq.passages for tq in qrels.topics.values()) and \
                not any(run.unit == "passage" for run in runs):
            log.warn(None, None, f"--span-unit {options['span_unit']} and --documents not used: "
                                 "no input holds spans (span qrels, span or chunk-ID runs, "
                                 "passages), so the output is the same in characters")
    warn_unused_documents(log, qrels_path, run_paths, options, formats)
    runs = distinct_runs(runs, lambda message: log.warn(None, None, message))
    check_input_topics(qrels, runs)
    check_chunk_ids(qrels, runs)
    for hint in rsv_order_hints(runs, options.get("order") or "file"):  # eval, compare, ...
        log.warn(None, None, hint)
    return qrels, runs, log


#: the input formats that read ``--documents`` (span offsets checked, bytes, tokens and text
#: located: docs/rag.md)
DOCUMENT_FORMATS = frozenset({"span-qrels", "span-run", "chunk-run", "chunk-map"})


def unused_documents(kinds, options: dict) -> str | None:
    """The warning when ``--documents`` is given and nothing reads it: no input (of formats
    ``kinds``) is span qrels, a span or chunk-ID run or a chunk map, and spans are counted in
    characters.  One rule for eval, convert, validate and the commands reading as eval does."""
    if (not options.get("documents") or options.get("chunk_map") or in_tokens(options)
            or DOCUMENT_FORMATS & set(kinds)):
        return None
    return (f"--documents not used: no input is span qrels, a span or chunk-ID run or a "
            f"chunk map (read as {', '.join(sorted(set(kinds)))}); documents only locate and "
            "check span offsets (docs/rag.md), so the output is the same without them")


def warn_unused_documents(log: ProblemLog, qrels_path: str, run_paths, options: dict,
                          formats: dict | None = None) -> None:
    """Warn in ``log`` when ``--documents`` is not read (:func:`unused_documents`)."""
    unused = unused_documents(input_kinds(qrels_path, run_paths, options, formats), options)
    if unused:
        log.warn(None, None, unused)


def input_kinds(qrels_path: str, run_paths, options: dict, formats: dict | None = None
                ) -> set[str]:
    """The formats the qrels and runs are read in (forced or detected; none without
    ``--documents``, the only option that needs them here)."""
    if not options.get("documents"):
        return set()
    from ..io.detect import QRELS_FORMATS, RUN_FORMATS, detect_format, normalise_format

    forced_qrels, forced_run = options.get("qrels_format"), options.get("run_format")
    formats = formats or {}
    return ({normalise_format(forced_qrels, QRELS_FORMATS) if forced_qrels else
             detect_format(qrels_path)}
            | {normalise_format(forced_run, RUN_FORMATS) if forced_run else
               formats.get(path) or detect_format(path, "run") for path in run_paths})


#: eval's options that only give the default of a measure parameter (Measure.get; the
#: parameter's ``context_key``; inex_eval_ng's ``quant`` reads --quant itself), with their flags
PARAM_OPTIONS = {"quant": "--quant", "rel_level": "-l/--rel-level", "overlap": "--overlap",
                 "alpha": "--alpha", "ideal": "--ideal", "beta": "--beta",
                 "bep_distance": "--bep-distance",
                 "collection_elements": "--collection-elements"}


def unused_param_options(options: dict, measures) -> list[str]:
    """Warnings for the options of :data:`PARAM_OPTIONS` given where no measure of
    ``measures`` (names) takes them (none has the parameter, or each names its own value), and
    for ``--navigation`` and ``--compat chroma`` where none is one they change."""
    from types import SimpleNamespace

    from ..measures import parse_measure
    from ..measures.param_rules import inert_params

    parsed = [parse_measure(m) for m in measures]
    settings = SimpleNamespace(**{key: options.get(key) for key in PARAM_OPTIONS})
    inert = {m.text: inert_params(m, settings) for m in parsed}  # gP's n with task=ric ...
    out = []
    for key, flag in PARAM_OPTIONS.items():
        if options.get(key) is None or not parsed:
            continue
        params = {m.text: [p.name for p in m.definition.params if p.context_key == key
                           or (key == "quant" == p.name)] for m in parsed}
        if any(name not in dict(m.params) and name not in inert[m.text]
               for m in parsed for name in params[m.text]):
            continue  # some measure takes its default from the option
        own = [m.text for m in parsed if any(n in dict(m.params) for n in params[m.text])]
        idle_by: dict[str, list[str]] = {}  # the reason -> the measures it holds for
        for m in parsed:
            for n in params[m.text] if m.text not in own else ():
                if n in inert[m.text]:
                    idle_by.setdefault(inert[m.text][n].why, []).append(m.text)
        idle = [f"{', '.join(texts)} ({why})" for why, texts in idle_by.items()]
        out.append(f"{flag} {options[key]} not used: "
                   + (f"{', '.join(own)} set(s) the parameter in the name; " if own else "")
                   + (f"it has no effect on {'; '.join(idle)}; " if idle else "")
                   + ("no other measure evaluated has the parameter" if own or idle else
                      f"no measure evaluated ({', '.join(params)}) has a parameter it sets")
                   + " (`sdreval measures` lists each measure's parameters)")
    if options.get("navigation") and parsed and not any(
            m.family == "esr" and m.get("nav") == "context" and "nav" not in inert[m.text]
            for m in parsed):
        out.append("--navigation not used: only ESR measures with nav=context (the default) "
                   f"read it, and none is evaluated ({', '.join(m.text for m in parsed)})")
    if options.get("compat") == "chroma" and parsed:
        from ..measures.span.chroma import CHROMA_MEASURES

        if not any(m.name in CHROMA_MEASURES for m in parsed):
            out.append(f"--compat chroma not used: it changes {', '.join(CHROMA_MEASURES)} "
                       f"only, and none is evaluated ({', '.join(m.text for m in parsed)})")
    return out


def unused_pool_policy(paths) -> str | None:
    """The warning when ``--pool-policy`` is given on the command line and none of ``paths`` is
    a directory of INEX assessments (the only input with pools to combine)."""
    import os

    from click.core import ParameterSource

    from ..io.detect import detect_format

    context = click.get_current_context(silent=True)
    if context is None or context.get_parameter_source("pool_policy") != \
            ParameterSource.COMMANDLINE:
        return None
    if any(os.path.isdir(path) and detect_format(path) == "inex-assessments" for path in paths):
        return None
    return (f"--pool-policy {context.params['pool_policy']} not used: it combines the pools of "
            "a directory of INEX assessments (X-RAI), and no input is one")


def in_tokens(options: dict) -> bool:
    """``--span-unit`` counts in tokens (white-space or a model's)."""
    return str(options.get("span_unit") or "chars").startswith("tokens")


def span_inputs(options: dict, log: ProblemLog):
    """The documents and chunk map of ``--documents`` / ``--chunk-map`` (None when absent),
    and the tokenizer of ``--span-unit`` (None for chars).  Offsets given in ``"unit":
    "tokens"`` are white-space tokens whatever ``--span-unit`` counts in."""
    documents = chunk_map = tokenizer = None
    unit = options.get("span_unit") or "chars"
    if unit != "chars":
        from ..io.spans.model_tokens import model_tokenizer

        tokenizer = model_tokenizer(unit)  # a bad unit is a usage error before any reading
    if options.get("documents"):
        from ..io.spans import read_documents, whitespace_tokens

        documents = read_documents(options["documents"], log, whitespace_tokens)
    if options.get("chunk_map"):
        from ..io.spans import read_chunk_map

        chunk_map = read_chunk_map(options["chunk_map"], log, documents)
    log.raise_if_errors()
    return documents, chunk_map, tokenizer


def _detected(formats: dict[str, str], path: str) -> str | None:
    """The detected format to read ``path`` with; None for a JSON object, whose reader checks
    that it holds no qrels (integer values) unless ``--run-format`` says it is a run."""
    kind = formats.get(path)
    return None if kind == "ranx-json" else kind

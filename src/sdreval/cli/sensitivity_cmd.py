"""``sdreval sensitivity SPAN_QRELS RUN... -m MEASURE``: how scores and the ranking of runs move
across coverage thresholds τ and across the chunk-ID qrels projected onto each run's chunking.

Two tables:

* ``scores``: the mean of every measure for every run at every setting — each τ for measures
  with a ``tau`` parameter, and, for chunk-ID runs, the ID-based measure (``--id-measure``,
  default AP) on qrels projected onto the run's own chunking by each rule (``--rule``) and τ;
* ``agreement``: for every pair of settings, Kendall's τ_b between the rankings of runs
  (``scipy.stats.kendalltau``) and the number of pairs of runs they order oppositely (swaps).
  ID-based settings are compared with the span ranking of the first measure.

Means are ranked and compared to 12 decimals, as the statistics compare them
(:data:`sdreval.stats.paired.DECIMALS`): two means equal in decimals (RR 1/3 and 1/15 against
1/5 and 1/5, whose doubles differ in the last bit) tie, in the ``rank`` column, in τ_b and in
the swaps alike.
"""
from __future__ import annotations

import click

from ..errors import ProblemLog, UsageError
from ..lazy import lazy_module
from ..measures.results import stacked
from .common import all_topics_option, echo_notes, echo_warnings, handle_errors
from .eval_inputs import span_context_options
from .paths import TABLE_INPUT, InputPath, OutputPath

np = lazy_module("numpy")
pd = lazy_module("pandas")

DEFAULT_TAUS = (0.25, 0.5, 0.75, 1.0)


def agreement_of(a: np.ndarray, b: np.ndarray) -> tuple[float, int, int]:
    """Kendall's tau_b of two score vectors, the pairs of runs they order strictly oppositely
    and the pairs compared, over the runs with a score in both (a run without a mean, nan, is
    left out; tau_b is nan with fewer than two runs)."""
    from ..stats.correlation import kendall_tau
    from ..stats.paired import DECIMALS

    # to the decimals of the statistics: a last-bit difference of equal means is a tie
    a, b = (np.round(np.asarray(v, dtype=float), DECIMALS) for v in (a, b))
    both = ~(np.isnan(a) | np.isnan(b))
    a, b = a[both], b[both]
    upper = np.triu_indices(a.size, k=1)
    da = np.sign(a[:, None] - a[None, :])[upper]
    db = np.sign(b[:, None] - b[None, :])[upper]
    tau_b = kendall_tau(a, b)[0] if a.size > 1 else np.nan
    return tau_b, int((da * db < 0).sum()), int(upper[0].size)


def _with_tau(measure, tau: float):
    from ..measures.registry import make_measure

    params = dict(measure.params)
    params["tau"] = tau
    return make_measure(measure.definition, params, measure.cutoff)


def span_settings(measures, taus) -> list[tuple[str, object]]:
    """(setting label, measure) for every measure, at every τ if it has a ``tau``."""
    out = []
    for m in measures:
        if any(p.name == "tau" for p in m.definition.params) and \
                not any(k == "tau" for k, _ in m.params):
            out += [(f"tau={t:g}", _with_tau(m, t)) for t in taus]
        else:
            out.append(("", m))
    return out


def sensitivity(qrels, runs, measures, taus=DEFAULT_TAUS, rules=("any", "chunk", "gold"),
                chunk_map=None, id_measure: str = "AP", ctx=None, notes: list | None = None,
                all_topics: bool = False) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The ``scores`` and ``agreement`` tables (see the module docstring); ``notes`` (a list)
    receives the statement of the topics the means cover; ``all_topics`` is eval's ``-c``
    (every qrels topic with something relevant counts, unanswered ones score 0)."""
    from ..measures import EvalContext, evaluate, parse_measure
    from ..measures.evaluate import coverage_lines, summarise, zero_rel_option
    from ..model.runnames import distinct_runs
    ctx = ctx or EvalContext()
    parsed = [parse_measure(m) for m in measures]
    if len(runs) < 2:
        raise UsageError("sensitivity compares rankings of runs: give at least two runs")
    for t in taus:
        if not 0.0 < t <= 1.0:
            raise UsageError(f"parameter tau must be in (0, 1], got {t}")
    runs = distinct_runs(runs, ctx.warn)  # runs sharing a name stay distinct, as in eval
    names = [r.name for r in runs]
    columns: dict[tuple[str, str], pd.Series] = {}
    settings = span_settings(parsed, taus)
    table = evaluate(qrels, runs, [m for _, m in settings], ctx, all_topics=all_topics)
    summary = summarise(table, counts=True)  # eval's means (exact sums, counts summed)
    means = summary.set_index(["measure", "run"])["value"]
    if notes is not None:
        notes += coverage_lines(summary, all_topics, zero_rel_option(ctx))
    for label, m in settings:
        base = m.text if not label else _base_text(m)
        columns[(base, label)] = means.loc[m.text].reindex(names)
    reference = (settings[0][1].text if not settings[0][0] else _base_text(settings[0][1]),
                 settings[0][0])
    if chunk_map is not None:
        columns.update(_id_based(qrels, runs, chunk_map, rules, taus, id_measure, ctx, notes,
                                 all_topics))
    score_rows = []
    from ..stats.paired import DECIMALS

    for (measure, label), series in columns.items():
        ranks = series.round(DECIMALS).rank(ascending=False, method="min")  # as agreement_of
        for run in names:
            score_rows.append({"measure": measure, "setting": label or "-", "run": run,
                               "mean": float(series[run]),
                               "rank": None if np.isnan(ranks[run]) else int(ranks[run])})
    agreement = []
    keys = list(columns)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            same_measure = a[0] == b[0]
            if not same_measure and a != reference:
                continue
            tau_b, swaps, pairs = agreement_of(columns[a].to_numpy(), columns[b].to_numpy())
            agreement.append({"measure_a": a[0], "setting_a": a[1] or "-", "measure_b": b[0],
                              "setting_b": b[1] or "-", "kendall_tau": tau_b, "swaps": swaps,
                              "pairs": pairs})
    scores = pd.DataFrame(score_rows)
    if len(scores):
        scores["rank"] = scores["rank"].astype("Int64")  # a setting without a mean: unranked
    return scores, pd.DataFrame(agreement)


def _base_text(measure) -> str:
    """The measure's name without its τ (``SpanRR@10``, ``SpanHit(tau=·)``)."""
    others = [(k, v) for k, v in measure.params if k != "tau"]
    inner = ",".join(f"{k}={v}" for k, v in others)
    text = measure.name + (f"({inner})" if inner else "")
    return text + (f"@{measure.cutoff}" if measure.cutoff is not None else "")


def _id_based(qrels, runs, chunk_map, rules, taus, id_measure, ctx, notes=None,
              all_topics=False):
    """ID-based scores of chunk runs on qrels projected onto each run's chunking."""
    from ..io.interop import qrels_from_dict, run_from_dict
    from ..measures import EvalContext, evaluate
    from ..measures.evaluate import summarise
    from .project_cmd import project_qrels

    out: dict[tuple[str, str], pd.Series] = {}
    index = chunk_map.index
    n_span_topics = sum(1 for t in qrels.topics.values() if t.has_relevant())
    for rule in rules:
        for tau in ([1.0] if rule == "any" else taus):
            label = "any" if rule == "any" else f"{rule},tau={tau:g}"
            values = {}
            for run in runs:
                ids = _chunk_ids(run, chunk_map)
                if ids is None:
                    raise UsageError(
                        f"run {run.name} is a span run: the ID-based settings that "
                        "--chunk-map adds score chunk-ID runs only (a TREC run or "
                        "{query_id, chunk_id, score} records whose ids the chunk map "
                        "resolves). Leave out --chunk-map to compare every run across tau "
                        "on spans, or give this run as chunk ids with its chunk map")
                parts = np.unique(chunk_map.parts[index.get_indexer(
                    np.concatenate(list(ids.values())))])
                chunking = _parts(chunk_map, parts)
                projected = project_qrels(qrels, chunking, rule, tau)[0]
                grades: dict[str, dict[str, float]] = {}
                for t, c, r in projected.itertuples(index=False):
                    grades.setdefault(str(t), {})[str(c)] = float(r)
                # the qrels project writes: a topic without a relevant chunk under the rule is
                # not in them, so ID-based tools leave it out, --zero-rel-as-zero too
                result = pd.DataFrame() if not grades else None
                # scored as ID-based tools do: score descending, ties by chunk id descending;
                # a chunk given twice stays, as in eval (the reader warned of it)
                id_run = run_from_dict({
                    "topic": np.repeat(list(ids), [len(c) for c in ids.values()]),
                    "doc": np.concatenate(list(ids.values())),
                    "score": np.concatenate([run.topics[t].rsv for t in ids])},
                    run.name, ProblemLog())
                sub = EvalContext(order="rsv", depth=ctx.depth, zero_rel=ctx.zero_rel)
                if result is None:
                    result = evaluate(qrels_from_dict(grades, "graded"), id_run, [id_measure],
                                      sub, all_topics=all_topics)
                for warning in sub.warnings:  # each about this run's projected qrels
                    said = warning.removeprefix(f"run {run.name}: ")
                    ctx.warn(f"{id_measure} on chunk qrels ({label}), run {run.name}: {said}")
                # no topic with a relevant chunk: no mean (NaN, unranked), not 0
                mean = summarise(result)["value"] if len(result) else ()  # eval's exact sum
                values[run.name] = float(mean.iloc[0]) if len(mean) else np.nan
                if notes is not None and len(result) != n_span_topics:
                    notes.append(f"{id_measure} on chunk qrels ({label}), run {run.name}: "
                                 f"mean over {len(result)} topic(s): topics without a "
                                 "relevant chunk under the rule" + ("" if all_topics else
                                 " or not answered") + " are left out, as ID-based tools do")
            out[(f"{id_measure} on chunk qrels", label)] = pd.Series(values)
    return out


def _chunk_ids(run, chunk_map) -> dict[str, np.ndarray] | None:
    """The chunk ids of a chunk-ID run in rank order, or None for a span run."""
    ids = getattr(run, "chunk_ids", None)
    return dict(ids) if ids else None


def _parts(chunk_map, parts):
    from ..io.spans import ChunkMap

    if len(parts) == 1:
        return chunk_map.chunking(int(parts[0]))
    mine = np.isin(chunk_map.parts, parts)
    return ChunkMap(chunk_map.index[mine], chunk_map.docs[mine], chunk_map.starts[mine],
                    chunk_map.ends[mine])


EXAMPLES = """\b
Examples:
  sdreval sensitivity qrels.jsonl runs/*.txt --chunk-map chunks.jsonl -m SpanRR --tau 0.25 --tau 0.5
  sdreval sensitivity qrels.jsonl runs/*.txt --chunk-map chunks.jsonl -m SpanRR --rule any --rule gold
"""


@click.command("sensitivity", epilog=EXAMPLES)
@click.argument("qrels", type=InputPath(exists=True, dir_okay=False, allow_dash=True))
@click.argument("runs", nargs=-1, required=True,
                type=InputPath(exists=True, dir_okay=False, allow_dash=True))
@click.option("-m", "--measure", "measures", multiple=True, required=True,
              help="Span measure(s); those with a tau parameter are swept over --tau.")
@click.option("--tau", "taus", multiple=True, type=float,
              help="Coverage thresholds in (0, 1] (default 0.25 0.5 0.75 1).")
@click.option("--rule", "rules", multiple=True, type=click.Choice(["any", "chunk", "gold"]),
              help="Projection rules for chunk-ID qrels (default all three).")
@click.option("--id-measure", default="AP", show_default=True,
              help="ID-based measure scored on the projected chunk qrels.")
@click.option("--chunk-map", multiple=True, type=TABLE_INPUT,
              help="Chunk map(s), one per chunking: chunk-ID runs are also scored on qrels "
                   "projected onto their own chunking.")
@click.option("--documents", type=TABLE_INPUT, default=None,
              help="Documents (doc_id, text) to check offsets and convert bytes/tokens.")
@all_topics_option
@click.option("--format", "fmt", type=click.Choice(["text", "csv", "json"]), default="text",
              help="text: the scores and agreement tables; csv; json.")
@click.option("-o", "--output", type=OutputPath(dir_okay=False), default=None,
              help="Write to FILE instead of stdout.")
@span_context_options
@handle_errors
def sensitivity_command(qrels, runs, measures, taus, rules, id_measure, chunk_map, documents,
                        all_topics, fmt, output, **options):
    """How span scores and the ranking of RUNS move across tau and across chunkings.

    Prints the mean of every measure for every run at every tau (measures with a tau
    parameter), and, for chunk-ID runs with --chunk-map, an ID-based measure on qrels projected
    onto each run's own chunking by each rule; then, for pairs of settings, Kendall's tau
    between the rankings of runs and the number of swapped pairs (docs/rag.md)."""
    from ..io import read_qrels, read_run
    from ..stats.output import records, table_text, write_text
    from ..measures.doc_ids import check_chunk_ids
    from ..orchestrate.inputs import check_input_topics
    from .eval_inputs import build_context, span_inputs

    log = ProblemLog()
    docs, chunks, _ = span_inputs({"chunk_map": chunk_map, "documents": documents}, log)
    judgements = read_qrels(qrels, log=log, documents=docs)
    run_objs = [read_run(path, log=log, chunk_map=chunks, documents=docs) for path in runs]
    log.raise_if_errors()
    echo_warnings([str(p) for p in log.warnings])
    check_input_topics(judgements, run_objs)  # as eval checks them
    check_chunk_ids(judgements, run_objs)
    if taus:
        from ..measures import parse_measure

        named = [m.text for m in map(parse_measure, measures) if any(k == "tau" for k, _ in
                                                                     m.params)]
        if named:
            echo_warnings([f"{', '.join(named)} name(s) their own tau: --tau does not sweep "
                           "them (give the measure without tau to sweep it)"])
    ctx = build_context(options)  # eval's options that change span measures' values
    notes: list[str] = []
    scores, agreement = sensitivity(judgements, run_objs, measures, taus or DEFAULT_TAUS,
                                    rules or ("any", "chunk", "gold"), chunks, id_measure, ctx,
                                    notes, all_topics)
    echo_warnings(ctx.warnings)
    echo_notes(notes)
    if fmt == "json":
        import json

        write_text(json.dumps({"scores": records(scores), "agreement": records(agreement)},
                              indent=1) + "\n", output)
    elif fmt == "csv":
        both = stacked([scores.assign(table="scores"), agreement.assign(table="agreement")])
        counts = [c for c in ("rank", "swaps", "pairs") if c in both.columns]
        both[counts] = both[counts].astype("Int64")  # counts stay integers beside the blanks
        write_text(table_text(both, "csv"), output)
    else:
        shown = scores.astype({"rank": object}).fillna({"rank": "-"}) if len(scores) else scores
        write_text("# scores\n" + table_text(shown, "text") + "\n# agreement\n"
                   + table_text(agreement, "text"), output)

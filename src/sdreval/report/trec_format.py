"""``--format trec_eval``: results laid out as trec_eval prints them, for scripts that parse it.

One block per run: with ``-q`` the per-topic rows first, topic by topic (topics in trec_eval's
order, plain string order), then ``runid``, ``num_q`` and the means (topic ``all``).  Each line is
``measure<TAB>topic<TAB>value`` with the measure name left-aligned in 22 characters, as trec_eval's
``%-22s\\t%s\\t%.4f``; counts print as whole numbers.  Measures are named as trec_eval names them
(``map``, ``P_10``, ``ndcg_cut_10``, ``iprec_at_recall_0.10`` ...) and come in trec_eval's order
(cut-offs ascending); a measure trec_eval does not have keeps its sdreval name and follows.
Unlike trec_eval, ``runid`` and ``num_q`` are always printed, so that the blocks of several runs
can be told apart (trec_eval prints them when asked, ``-m runid -m num_q``).  A mean is
trec_eval's where the per-topic rows are given: their doubles added topic by topic in its order,
then divided by the topics counted (its meas_acc.c, meas_avg.c), so that a mean halfway between
two printed values rounds as trec_eval's does.
"""
from __future__ import annotations

import numpy as np

#: trec_eval's measures in the order it prints them (its measure table).
TREC_ORDER = ("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec",
              "bpref", "recip_rank", "iprec_at_recall", "P", "relstring", "recall", "infAP",
              "gm_bpref", "Rprec_mult", "utility", "11pt_avg", "binG", "G", "dcg", "ideal_dcg",
              "ndcg", "ndcg_rel", "Rndcg", "ndcg_cut", "map_cut", "relative_P", "success",
              "set_P", "set_relative_P", "set_recall", "set_map", "set_F",
              "num_nonrel_judged_ret", "rbp", "rbp_resid", "unj")

#: sdreval measure -> (trec_eval name without a cut-off, with one)
_NAMES = {
    "AP": ("map", "map_cut"), "GMAP": ("gm_map", None), "Rprec": ("Rprec", None),
    "Bpref": ("bpref", None), "RR": ("recip_rank", None), "IPrec": (None, "iprec_at_recall"),
    "P": (None, "P"), "Recall": (None, "recall"), "nDCG": ("ndcg", "ndcg_cut"),
    "Success": (None, "success"), "SetP": ("set_P", None), "SetR": ("set_recall", None),
    "SetF": ("set_F", None), "NumRel": ("num_rel", None), "NumRet": ("num_ret", None),
    "NumRelRet": ("num_rel_ret", None), "IPrecAvg": ("11pt_avg", None),
    "infAP": ("infAP", None), "Unjudged": (None, "unj"),
    "NumNonRelJudgedRet": ("num_nonrel_judged_ret", None), "SetAP": ("set_map", None),
    "SetRelP": ("set_relative_P", None), "RelP": (None, "relative_P"),
    "GMBpref": ("gm_bpref", None), "Utility": ("utility", None),
    "RprecMult": (None, "Rprec_mult"), "BinG": ("binG", None), "G": ("G", None),
    "nDCGRel": ("ndcg_rel", None), "RnDCG": ("Rndcg", None), "TrecRBP": ("rbp", None),
    "TrecRBPResidual": ("rbp_resid", None),
}


def trec_name(text: str) -> tuple[str, str, float]:
    """``(printed name, trec_eval measure, cut-off)`` of a measure as typed; a measure with
    explicit parameters (but ``version``, which trec_eval's rule), or one trec_eval lacks, keeps
    its text (and sorts after trec_eval's)."""
    from ..errors import UsageError
    from ..measures.aliases import trec_param_name
    from ..measures.registry import parse_measure

    try:
        measure = parse_measure(text)
    except UsageError:
        return text, "", 0.0
    plain, cut = _NAMES.get(measure.name, (None, None))
    if trec_param_name(text) is not None:  # trec_eval's own name.x spelling: name_x
        name, param = text.split(".", 1)
        return f"{name}_{param}", name, 0.0
    if any(key != "version" for key, _ in measure.params):  # version: which trec_eval
        return text, "", 0.0
    if measure.cutoff is None and plain:
        return plain, plain, 0.0
    if measure.cutoff is not None and cut:
        value = float(measure.cutoff)
        suffix = (f"{value:.2f}" if cut in ("iprec_at_recall", "Rprec_mult")
                  else f"{int(value)}")
        return f"{cut}_{suffix}", cut, value
    return text, "", 0.0


def _identity(text: str) -> tuple:
    """What a measure computes: its definition, cut-off and every parameter's value."""
    from ..measures.registry import parse_measure

    measure = parse_measure(text)
    return (measure.name, measure.cutoff,
            tuple((p.name, measure.get(p.name)) for p in measure.definition.params))


def printed_anyway(measures: tuple[str, ...]) -> tuple[str, ...]:
    """The measures less trec_eval's ``runid`` and ``num_q``, which this layout prints in
    every block (a trec_eval command line with ``-m runid -m num_q`` runs unchanged)."""
    from ..errors import UsageError

    kept = tuple(m for m in measures if m not in ("runid", "num_q"))
    if measures and not kept:
        raise UsageError("runid and num_q are printed in every block of --format trec_eval; "
                         "give the measures to evaluate besides them (-m map ...)")
    return kept


def check_names(measures) -> None:
    """Refuse two different measures that trec_eval's layout would print under one name
    (``IPrec@0.3`` and ``IPrec(version=trec10)@0.3`` are both ``iprec_at_recall_0.30``);
    spellings of one measure (``P.10``, ``P@10``) print one line, as trec_eval's."""
    from ..errors import UsageError

    seen: dict[str, str] = {}
    for text in dict.fromkeys(str(m) for m in measures):
        name = trec_name(text)[0]
        first = seen.setdefault(name, text)
        if first != text and _identity(first) != _identity(text):
            raise UsageError(f"{first} and {text} would both print as {name} in trec_eval's "
                             "layout (--format trec_eval): ask for one of them, or give "
                             "another --format")


def _value(value: float, count: bool) -> str:
    if value != value:  # NaN
        return "nan"
    if count:
        return str(int(round(value)))
    return f"{value:.4f}"


def _line(name: str, topic: str, value: str) -> str:
    return f"{name:<22}\t{topic}\t{value}\n"


def _trec_mean(mean: float, count: int, values: list[float]) -> float:
    """trec_eval's mean of a measure averaged over topics: ``values`` (in its topic order) added
    one double at a time and divided by ``count`` (the topics the mean covers, -1: not known);
    ``mean`` itself without the count or the per-topic values."""
    values = [v for v in values if v == v]  # NaN: not in the mean (its count says so)
    if count < 0 or not values or count < len(values):
        return mean
    total = 0.0
    for value in values:
        total += value
    return total / count


def _first_codes(codes: np.ndarray) -> list[int]:
    """The distinct values of ``codes`` in order of first appearance."""
    _, first = np.unique(codes, return_index=True)
    return codes[np.sort(first)].tolist()


def trec_eval_pieces(results, topic_rows: bool = True):
    """The text of ``results`` (``summarise(..., counts=True)``: a ResultColumns or a
    DataFrame) in trec_eval's layout, a run at a time; its per-topic rows are printed if
    ``topic_rows`` (else used for the means only).  A topic's value of a measure given twice is
    the later one."""
    from ..measures.evaluate import count_measures
    from ..measures.results import MEAN_TOPIC, ResultColumns

    table = results if isinstance(results, ResultColumns) else \
        ResultColumns.from_frame(results)
    if not len(table):
        return
    measures = list(dict.fromkeys(table.measures[c] for c in _first_codes(table.measure)))
    check_names(measures)
    names = {m: trec_name(str(m)) for m in measures}
    first: dict[str, str] = {}
    for m in measures:  # spellings of one measure (check_names): its first one
        first.setdefault(names[m][0], m)
    measures = list(first.values())
    rank = {m: (TREC_ORDER.index(names[m][1]) if names[m][1] in TREC_ORDER else len(TREC_ORDER),
                names[m][2], i) for i, m in enumerate(measures)}
    ordered = sorted(measures, key=rank.__getitem__)
    counts = count_measures(measures)
    summary_only = {m for m in measures  # as trec_eval -q
                    if names[m][1] in ("gm_map", "gm_bpref")}
    # each measure code's place in ``ordered`` (-1: not printed, another spelling's rows)
    place = {m: i for i, m in enumerate(ordered)}
    position = np.array([place.get(m, -1) for m in table.measures], dtype=np.int64)
    # topics in trec_eval's order (plain string order); a topic that is not a string is
    # never matched by its text, as the table of a DataFrame's rows was looked up
    topic_text = [str(t) for t in table.topics]
    listed = sorted((i for i, t in enumerate(table.topics)
                     if t != MEAN_TOPIC and t == topic_text[i]), key=topic_text.__getitem__)
    topic_place = np.full(len(table.topics), -1, dtype=np.int64)
    topic_place[listed] = np.arange(len(listed))
    listed_texts = [topic_text[c] for c in listed]
    mean_code = table.topics.index(MEAN_TOPIC) if MEAN_TOPIC in table.topics else -1
    for run_code in _first_codes(table.run):
        rows = np.flatnonzero(table.run == run_code)
        topic, measure = table.topic[rows], table.measure[rows]
        is_mean = topic == mean_code
        lines = []
        # the per-topic values by (topic, measure) places, the last of a repeated pair kept
        keep = ~is_mean & (topic_place[topic] >= 0) & (position[measure] >= 0)
        key = topic_place[topic[keep]] * len(ordered) + position[measure[keep]]
        last = key.size - 1 - np.unique(key[::-1], return_index=True)[1]
        key, value = key[last], table.value[rows[keep][last]]  # (np.unique: keys ascending)
        measure_of = key % len(ordered)
        if topic_rows:
            for t, m, v in zip((key // len(ordered)).tolist(), measure_of.tolist(),
                               value.tolist()):
                if ordered[m] not in summary_only:
                    lines.append(_line(names[ordered[m]][0], listed_texts[t],
                                       _value(v, ordered[m] in counts)))
        lines.append(_line("runid", "all", str(table.runs[run_code])))
        mean_rows = rows[is_mean]
        lines.append(_line("num_q", "all", str(_num_q(table, mean_rows, topic[~is_mean]))))
        mean_of = dict(zip((table.measures[c] for c in table.measure[mean_rows].tolist()),
                           table.value[mean_rows].tolist()))
        count_of = dict(zip((table.measures[c] for c in table.measure[mean_rows].tolist()),
                            table.count[mean_rows].tolist())) if table.count is not None else {}
        for i, m in enumerate(ordered):
            if m not in mean_of:
                continue
            mean = mean_of[m]
            if m not in counts and m not in summary_only:
                mean = _trec_mean(mean, count_of.get(m, -1), value[measure_of == i].tolist())
            lines.append(_line(names[m][0], "all", _value(mean, m in counts)))
        yield "".join(lines)


def _num_q(table, mean_rows: np.ndarray, topics: np.ndarray) -> int:
    """Topics evaluated (trec_eval's ``num_q``): the most any mean covers, else the topics
    of the per-topic rows."""
    covered = table.count[mean_rows] if table.count is not None else np.zeros(0, np.int64)
    covered = covered[covered >= 0]
    if covered.size:
        return int(covered.max())
    return int(np.unique(topics).size)

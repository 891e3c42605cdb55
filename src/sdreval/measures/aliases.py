"""Measure names of trec_eval and ir_measures, read as sdreval measures.

Users type the names they know; results keep the name exactly as typed.  Each alias maps to one
registered measure with the same definition (tested equal to pytrec_eval and ir_measures):

=====================================  =====================================================
trec_eval (``-m`` name)                sdreval / ir_measures
=====================================  =====================================================
``map``, ``map_cut_10``                ``AP``, ``AP@10``
``P_10`` (also ``P.10``)               ``P@10``
``recall_100`` (also ``recall.100``)   ``Recall@100`` (ir_measures ``R@100``)
``ndcg``, ``ndcg_cut_10``              ``nDCG``, ``nDCG@10``
``recip_rank``                         ``RR``
``Rprec``, ``bpref``                   ``Rprec``, ``Bpref``
``success_10``                         ``Success@10``
``num_rel``, ``num_ret``,              ``NumRel``, ``NumRet``, ``NumRelRet``
``num_rel_ret``
``iprec_at_recall_0.10``               ``IPrec@0.1``
``set_P``, ``set_recall``, ``set_F``   ``SetP``, ``SetR``, ``SetF``
``set_F.2``                            ``SetF(beta=2)``
``gm_map``, ``11pt_avg``               ``GMAP``, ``IPrecAvg``
``infAP``, ``unj_10``                  ``infAP``, ``Unjudged@10``
=====================================  =====================================================

ranx's names, with or without a cut-off: ``ndcg@10``, ``precision@10``, ``recall@100``,
``map@100``, ``mrr@10``, ``hit_rate@10`` (``Success``), ``hits@10`` (relevant results in the first
k, ``Hits``), ``r-precision``, ``bpref``, ``ndcg_burges`` (``nDCG(gains=exp)``); trec_eval's
lower-case names take ``@k`` too.  ranx's names sdreval spells otherwise (``rbp.80``,
``precision@5-l2``, ``f1``) are refused with the spelling (:func:`ranx_name`).

ir_measures spellings: ``MAP``, ``NDCG``, ``MRR``, ``RPrec``, ``BPref``, ``Precision``,
``nDCG(dcg=exp-log2)`` (= ``nDCG(gains=exp)``), ``R@100`` (recall).  ``R`` *with* a cut-off is
ir_measures' recall; ``R`` without one is Sakai's R-measure (Sakai 2004), as in INEX
evaluations.  Parameter values may be quoted as in ir_measures (``dcg="exp-log2"``).
"""
from __future__ import annotations

import difflib
import re
from typing import Any, Iterable, Mapping

#: trec_eval names without a cut-off -> sdreval measure name.
TREC_NAMES = {
    "map": "AP", "ndcg": "nDCG", "recip_rank": "RR", "Rprec": "Rprec", "bpref": "Bpref",
    "num_rel": "NumRel", "num_ret": "NumRet", "num_rel_ret": "NumRelRet",
    "set_P": "SetP", "set_recall": "SetR", "set_F": "SetF", "gm_map": "GMAP",
    "11pt_avg": "IPrecAvg", "infAP": "infAP", "num_nonrel_judged_ret": "NumNonRelJudgedRet",
    "set_map": "SetAP", "set_relative_P": "SetRelP", "gm_bpref": "GMBpref", "utility": "Utility",
    "binG": "BinG", "G": "G", "ndcg_rel": "nDCGRel", "Rndcg": "RnDCG", "rbp": "TrecRBP",
    "rbp_resid": "TrecRBPResidual",
}
#: trec_eval names taking a cut-off as ``name_k`` (or ``name.k``) -> sdreval measure name.
TREC_CUTOFF_NAMES = {
    "P": "P", "recall": "Recall", "ndcg_cut": "nDCG", "map_cut": "AP", "success": "Success",
    "iprec_at_recall": "IPrec", "unj": "Unjudged", "relative_P": "RelP",
    "Rprec_mult": "RprecMult",
}
#: ir_measures spellings that differ from sdreval's names.
IR_MEASURES_NAMES = {
    "MAP": "AP", "NDCG": "nDCG", "MRR": "RR", "RPrec": "Rprec", "BPref": "Bpref",
    "Precision": "P",
}
#: ranx's metric names (``name@k``) -> sdreval measure name.
RANX_NAMES = {
    "ndcg": "nDCG", "precision": "P", "recall": "Recall", "map": "AP", "mrr": "RR",
    "hit_rate": "Success", "hits": "Hits", "r-precision": "Rprec", "bpref": "Bpref",
}
#: parameter spellings of ir_measures: (measure, parameter, value) -> (parameter, value).
PARAM_VALUES = {
    ("nDCG", "dcg", "log2"): ("gains", "linear"),
    ("nDCG", "dcg", "exp-log2"): ("gains", "exp"),
}

_TREC_CUTOFF = re.compile(r"^(" + "|".join(sorted(TREC_CUTOFF_NAMES, key=len, reverse=True))
                          + r")[_.]([0-9][0-9.,]*)$")
_ONE_CUTOFF = re.compile(r"^[0-9]+(\.[0-9]+)?$")


#: trec_eval's names of sets of measures (its measures.c), with their measures
TREC_SETS = {
    "official": ("num_ret num_rel num_rel_ret map gm_map Rprec bpref recip_rank "
                 "iprec_at_recall P"),
    "set": "num_ret num_rel num_rel_ret utility set_P set_recall set_relative_P set_map set_F",
    "all_trec": ("num_ret num_rel num_rel_ret map gm_map Rprec bpref recip_rank iprec_at_recall "
                 "P relstring recall unj rbp rbp_resid infAP gm_bpref utility 11pt_avg ndcg "
                 "relative_P Rprec_mult success map_cut ndcg_cut ndcg_rel Rndcg binG G set_P "
                 "set_recall set_relative_P set_map set_F num_nonrel_judged_ret"),
}


_RANKS = "5 10 15 20 30 100 200 500 1000"
#: trec_eval's default cut-offs of its measures that take one (m_P.c ...): ``-m P`` prints P at
#: each of them
TREC_CUTOFFS = {"P": _RANKS, "recall": _RANKS, "map_cut": _RANKS, "ndcg_cut": _RANKS,
                "relative_P": _RANKS, "success": "1 5 10", "unj": "5 10 20",
                "Rprec_mult": "0.20 0.40 0.60 0.80 1.00 1.20 1.40 1.60 1.80 2.00",
                "iprec_at_recall": "0.00 0.10 0.20 0.30 0.40 0.50 0.60 0.70 0.80 0.90 1.00"}


def _trec_set(name: str) -> str | None:
    """The refusal of a trec_eval set name (``-m official``): its measures sdreval has (with
    trec_eval's default cut-offs), and those it has not; or of a trec_eval measure sdreval
    has not (``relstring``, a string per topic, not a number), which would get a suggestion
    that is not the same measure."""
    if name in ("runid", "num_q", "NumQ"):
        whose = "ir_measures' 'NumQ' (trec_eval's num_q)" if name == "NumQ" else \
            f"trec_eval's {name!r}"
        return (f"{whose} is not a measure in sdreval: --format trec_eval prints "
                "runid and num_q in every run's block; the other formats name the run on "
                "every line and say on stderr how many topics each mean is over")
    if name not in TREC_SETS:
        missing = [m for m in TREC_SETS["all_trec"].split() if m not in TREC_NAMES
                   and m not in TREC_CUTOFF_NAMES and re.match(re.escape(m) + r"([._][0-9p]|$)",
                                                                 name)]
        if not missing:
            return None
        return (f"trec_eval's measure {missing[0]!r} is not in sdreval (`sdreval measures` lists "
                "those it has)" + ("; it is a string per topic (the grades of the first 10 "
                                   "results), not a number, and sdreval's results are numbers"
                                   if missing[0] == "relstring" else ""))
    has, lacks = [], []
    for measure in TREC_SETS[name].split():
        if measure in TREC_NAMES:
            has.append(f"-m {measure}")
        elif measure in TREC_CUTOFF_NAMES:
            has += [f"-m {measure}_{c}" for c in TREC_CUTOFFS[measure].split()]
        else:
            lacks.append(measure)
    return (f"{name!r} is trec_eval's name for a set of measures; sdreval takes them one by one "
            f"(--format trec_eval prints runid and num_q): {' '.join(has)}"
            + (f" (not in sdreval: {', '.join(lacks)})" if lacks else "")
            + ("; iprec_at_recall_x and 11pt_avg give trec_eval 9.x's values, "
               "IPrec(version=trec10)@x and IPrecAvg(version=trec10) 10.0's"
               if "iprec_at_recall" in TREC_SETS[name] else ""))


def trec_name(name: str) -> tuple[str, str | None] | None:
    """``(sdreval name, cut-off text or None)`` of a trec_eval measure name, else None.

    One measure per name: ``P.5,10`` is refused with the split form (``-m P.5 -m P.10``), and
    ``recall`` without a cut-off with an example (trec_eval would print a whole list); a set
    of measures (``official``) with the list of its measures."""
    from ..errors import UsageError

    refusal = _trec_set(name)
    if refusal:
        raise UsageError(refusal)
    if name in TREC_NAMES:
        return TREC_NAMES[name], None
    if name in TREC_CUTOFF_NAMES:  # trec_eval's -m P: P at each of its default cut-offs
        each = " ".join(f"-m {name}_{c}" for c in TREC_CUTOFFS[name].split())
        raise UsageError(f"measure {name!r} needs a cut-off, one per measure: "
                         f"{_example(name)}" + (" or P@10" if name == "P" else "")
                         + f"; trec_eval's -m {name} (each of its default cut-offs) is {each}"
                         + ("; ranx's recall without a cut-off (the whole list) is SetR"
                            if name == "recall" else ""))
    match = _TREC_CUTOFF.match(name)
    if match is None:
        return None
    cutoff = match.group(2)
    if not _ONE_CUTOFF.match(cutoff):
        prefix = name[:len(name) - len(cutoff)]
        each = " ".join(f"-m {prefix}{c}" for c in cutoff.split(",") if c)
        raise UsageError(f"measure {name!r}: give one cut-off per measure ({each})")
    measure = TREC_CUTOFF_NAMES[match.group(1)]
    if "." in cutoff and measure not in ("IPrec", "RprecMult") and float(cutoff) % 1:
        prefix = name[:len(name) - len(cutoff)]
        whole = int(float(cutoff))
        trec = match.group(1)
        raise UsageError(f"measure {name!r}: a rank is a whole number; trec_eval reads "
                         f"{trec}.{cutoff} as {trec}.{whole} (atol drops the fraction), "
                         f"sdreval does not guess: give {prefix}{whole} or {prefix}{whole + 1}")
    return measure, cutoff


#: trec_eval names taking a parameter as ``name.x`` -> (sdreval measure, its parameter):
#: ``set_F.2`` is ``SetF(beta=2)`` (trec_eval's set_Fx = (x+1)·P·R/(x·P+R)); ``rbp.p=0.8`` is
#: ``TrecRBP(p=0.8)``; ``utility.1,-2,0,0`` is ``Utility(a=1,b=-2,c=0)``
TREC_PARAM_NAMES = {"set_F": ("SetF", "beta"), "rbp": ("TrecRBP", "p"),
                    "rbp_resid": ("TrecRBPResidual", "p"), "utility": ("Utility", "a,b,c")}
#: a number as C's atof reads trec_eval's parameters: ``.5``, ``5.``, ``5e-1`` (not inf, nan,
#: hexadecimal: those are not parameters anyone means)
_NUMBER = r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
_TREC_PARAM = re.compile(r"^(?:(set_F)\.(" + _NUMBER + r")|(rbp_resid|rbp)\.p=(" + _NUMBER
                         + r")|(utility)\.(" + ",".join([_NUMBER] * 4).replace("-?", "[-+]?")
                         + r"))$")

#: trec_eval's gain parameters of its graded measures (``G.1=3.5,2=9``): refused
_TREC_GAINS = re.compile(r"^(G|ndcg|ndcg_cut|ndcg_rel|Rndcg|rbp|rbp_resid)\.(.*,)?-?[0-9]+=")


def trec_param_name(name: str) -> tuple[str, dict[str, str]] | None:
    """``(sdreval name, parameters)`` of a trec_eval name with a parameter (``set_F.2`` ->
    ``SetF``, ``{"beta": "2"}``), else None.  trec_eval's fourth utility weight (non-relevant
    units not retrieved) needs the collection's size: refused unless 0."""
    match = _TREC_PARAM.match(name)
    if match is None:
        if _TREC_GAINS.match(name):
            from ..errors import UsageError

            raise UsageError(f"measure {name!r}: trec_eval's gain parameters (grade=gain) are "
                             "not taken: sdreval's G, ndcg, ndcg_rel, Rndcg and rbp use "
                             "trec_eval's default gains (each grade its own gain); map the "
                             "grades in the qrels instead")
        return None
    trec, value = next((g, v) for g, v in zip(match.groups()[::2], match.groups()[1::2]) if g)
    measure, param = TREC_PARAM_NAMES[trec]
    if trec != "utility":
        return measure, {param: value}
    weights = value.split(",")
    if float(weights[3]) != 0:
        from ..errors import UsageError

        raise UsageError(f"measure {name!r}: trec_eval's fourth utility weight (non-relevant "
                         "documents not retrieved) needs the number of documents in the "
                         "collection (trec_eval -N), which sdreval does not take; give 0")
    return measure, dict(zip(param.split(","), weights[:3]))


#: ranx's names that sdreval spells with a parameter: ``ndcg_burges`` (exponential gains,
#: Burges et al. 2005) is ``nDCG(gains=exp)``
RANX_PARAM_NAMES = {"ndcg_burges": ("nDCG", {"gains": "exp"})}
#: ranx's relevance level after the name (``precision@5-l2``) and its RBP (``rbp.80``)
_RANX_LEVEL = re.compile(r"^([a-z_-]+?)(@[0-9]+)?-l([0-9]+)$")
_RANX_RBP = re.compile(r"^rbp[.@]([0-9]+)$")
#: ranx's metrics without an sdreval measure of the same meaning, with what to write instead
_RANX_INSTEAD = {
    "precision": "ranx's precision without a cut-off (the whole list) is SetP; with one, P@k",
    "hit_rate": ("ranx's hit_rate without a cut-off (1 if anything relevant is retrieved) is "
                 "Success@k with k at least the longest list; with one, Success@k"),
    "f1": ("ranx's f1 without a cut-off (the whole list) is SetF; f1@k (the harmonic mean of "
           "precision@k and recall@k) is not an sdreval measure: P@k and Recall@k are its parts"),
    "dcg": "ranx's unnormalised dcg is not an sdreval measure; nDCG@k is normalised",
    "dcg_burges": ("ranx's unnormalised dcg_burges is not an sdreval measure; "
                   "nDCG(gains=exp)@k is normalised"),
}


def ranx_name(name: str) -> tuple[str, dict[str, str], str | None] | None:
    """``(sdreval name, parameters, cut-off text or None)`` of a ranx name that sdreval spells
    with a parameter (``ndcg_burges@10`` -> ``nDCG(gains=exp)@10``), else None.  A ranx name
    with no sdreval measure of its meaning (``f1@10``, ``dcg``, ``precision`` over the whole
    list), with ranx's relevance level (``map@100-l2``) or ranx's RBP (``rbp.80``, where
    sdreval's ``rbp`` is trec_eval's) is refused with what to write."""
    from ..errors import UsageError

    base, _, cutoff = name.partition("@")
    if base in RANX_PARAM_NAMES and (not cutoff or cutoff.isdigit()):
        measure, params = RANX_PARAM_NAMES[base]
        return measure, dict(params), cutoff or None
    level = _RANX_LEVEL.match(name)
    if level and level.group(1) in RANX_NAMES | RANX_PARAM_NAMES | _RANX_INSTEAD:
        metric, at, grade = level.group(1), level.group(2) or "", level.group(3)
        if metric in ("ndcg", "ndcg_burges", "dcg", "dcg_burges"):
            raise UsageError(f"measure {name!r}: ranx's relevance level -l{grade} (grades below "
                             f"{grade} gain nothing) has no sdreval spelling for nDCG: map the "
                             "grades in the qrels instead")
        raise UsageError(f"measure {name!r}: ranx's relevance level -l{grade} is written "
                         f"{RANX_NAMES.get(metric, metric)}(rel={grade}){at} in sdreval "
                         f"(-l {grade} sets it for every binary measure)")
    rbp = _RANX_RBP.match(name)
    if rbp:
        p = "0." + rbp.group(1)
        raise UsageError(f"measure {name!r}: ranx's RBP with p = {p} is RBP(p={p}) in sdreval "
                         f"(each grade its gain, as ranx); sdreval's rbp is trec_eval's "
                         f"(TrecRBP(p={p}), trec_eval's rbp.p={p}: gains divided by the topic's "
                         "highest grade)")
    if base in _RANX_INSTEAD and (base != "precision" or not cutoff) and (
            base != "hit_rate" or not cutoff):
        raise UsageError(f"measure {name!r}: {_RANX_INSTEAD[base]}")
    return None


def canonical_name(name: str, has_cutoff: bool) -> str | None:
    """The sdreval name of an ir_measures, ranx or trec_eval spelling (``MRR`` -> ``RR``; ``R``
    with a cut-off -> ``Recall``; ``ndcg@10`` -> ``nDCG@10``; ``unj@10`` -> ``Unjudged@10``),
    else None."""
    if name == "R" and has_cutoff:
        return "Recall"
    return (IR_MEASURES_NAMES.get(name) or RANX_NAMES.get(name) or TREC_NAMES.get(name)
            or (TREC_CUTOFF_NAMES.get(name) if has_cutoff else None))


#: trec_eval's -J (ir_measures' judged_only), what it does and what sdreval has instead: said
#: by the measure parameter and by the commands' -J (sdreval.cli.main)
JUDGED_ONLY = ("(unjudged results removed before scoring) is not in sdreval: Judged@k says how "
               "much of a ranking is judged, Bpref and infAP score incomplete judgements")


def cutoff_key(definition, key: str) -> bool:
    """Whether ``key=`` names the cut-off (written after ``@``) of a measure (its
    :class:`~sdreval.measures.registry.MeasureDef`): ``k``, ``r``, ``at``, ir_measures'
    ``cutoff`` (``P(cutoff=10)`` is its ``P@10``) and its IPrec's ``recall``
    (``IPrec(recall=0.1)`` is ``IPrec@0.1``), unless the measure has a parameter of that name."""
    return (key in ("k", "r", "at", "cutoff") or (key, definition.name) == ("recall", "IPrec")) \
        and not any(p.name == key for p in definition.params)


def translate_param(measure: str, key: str, value: str) -> tuple[str, str]:
    """An ir_measures parameter as sdreval's (``dcg=exp-log2`` -> ``gains=exp``); its
    ``NumRet(rel=1)`` (relevant results retrieved) and ``judged_only`` are refused with what
    to write."""
    from ..errors import UsageError

    if measure == "NumRet" and key == "rel":
        instead = "NumRelRet" if value in ("1", "1.0") else f"NumRelRet(rel={value})"
        raise UsageError(f"measure NumRet(rel={value}): ir_measures' relevant results "
                         f"retrieved are {instead} in sdreval")
    if measure in ("SetP", "SetRelP") and key == "relative":  # ir_measures' SetRelP
        raise UsageError(f"measure {measure}(relative={value}): ir_measures' SetP(relative=True) "
                         "(its SetRelP, trec_eval's set_relative_P) is SetRelP in sdreval, "
                         "SetP(relative=False) is SetP")
    if key == "judged_only":
        raise UsageError(f"measure {measure}: judged_only, ir_measures' name of trec_eval's "
                         f"-J {JUDGED_ONLY}")
    found = PARAM_VALUES.get((measure, key, value))
    if found is not None:
        return found
    values = [v for (m, k, v) in PARAM_VALUES if m == measure and k == key]
    if values:
        raise UsageError(f"measure {measure}: {key}={value} is not one of {', '.join(values)}"
                         f"{did_you_mean(value, values)}")
    return key, value


def _example(name: str) -> str:
    """A trec_eval name with a cut-off it takes (``P_10``; a recall level: ``..._0.10``)."""
    return {"iprec_at_recall": f"{name}_0.10", "Rprec_mult": f"{name}_1.00"}.get(name,
                                                                               f"{name}_10")


def all_names(measures: Mapping[str, Any]) -> list[str]:
    """Every alias spelling (for suggestions), with example cut-offs for trec_eval's and for
    ranx's names of measures that take one (``measures``: the registered definitions;
    ``ndcg@10``; ``r-precision`` and ``bpref`` take none: a suggestion is a name that is
    read)."""
    ranx = {name: measures[measure].cutoff != "none" for name, measure in RANX_NAMES.items()}
    ranx.update(dict.fromkeys(RANX_PARAM_NAMES, True))
    return (list(TREC_NAMES) + [_example(n) for n in TREC_CUTOFF_NAMES]
            + list(IR_MEASURES_NAMES) + [f"{n}@10" if cut else n for n, cut in ranx.items()])


#: ir_measures' measures that sdreval does not have: what each is, said instead of a suggestion
#: (alpha_nDCG got "did you mean SpanNDCG?", a character-span measure)
_DIVERSITY = ("a diversity measure over subtopic judgements, which ir_measures computes with "
              "ndeval (sdreval's qrels have one grade per document and topic)")
IR_MEASURES_LACKING = {
    **dict.fromkeys(("alpha_nDCG", "alpha_DCG", "ERR_IA", "nERR_IA", "P_IA", "AP_IA",
                     "MAP_IA", "NRBP", "nNRBP", "StRecall"), _DIVERSITY),
    **dict.fromkeys(("INST", "INSQ"), "an adaptive user-model measure (expected rate of gain)"),
    **dict.fromkeys(("NERR8", "NERR9", "NERR10", "NERR11"), "a not (but nearly) expected "
                    "reciprocal rank"),
    "BPM": "the Bejeweled Player Model, a user model of gain and effort",
    "SDCG": "scaled DCG, an nDCG that assumes relevant documents beyond those judged",
    "Compat": "compatibility with an ideal ranking (rank-biased overlap with it)",
    "Accuracy": "the probability that a relevant document ranks above a non-relevant one",
}


def unknown_hint(name: str, measures: Mapping[str, Any]) -> str:
    """What follows "unknown measure NAME": what an ir_measures measure sdreval lacks is, else
    the registered names (``measures``) and aliases closest to ``name``."""
    if name in IR_MEASURES_LACKING:
        return f": ir_measures' {name}, {IR_MEASURES_LACKING[name]}, is not in sdreval"
    return did_you_mean(name, list(measures) + all_names(measures))


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """`` (did you mean X?)`` for the closest candidates by edit distance (exact case first,
    then ignoring case), or an empty string."""
    candidates = list(dict.fromkeys(str(c) for c in candidates))
    lowered: dict[str, list[str]] = {}
    for c in candidates:
        lowered.setdefault(c.lower(), []).append(c)
    found = [c for c in lowered.get(word.lower(), []) if c != word]
    found += difflib.get_close_matches(word, candidates, n=3, cutoff=0.6)
    for close in difflib.get_close_matches(word.lower(), list(lowered), n=3, cutoff=0.6):
        found += lowered[close]
    found = [c for c in dict.fromkeys(found) if c != word][:3]
    return " (did you mean " + " or ".join(found) + "?)" if found else ""

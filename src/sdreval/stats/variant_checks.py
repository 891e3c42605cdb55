"""Checks of a qrels-variants table (:func:`sdreval.stats.stability.variant_means`): every
qrels test set has the same topics, since an alternative assessment is a second judgement of a
topic of the original assessments (Kazai & Lalmas 2006, §6.2.1, after Voorhees 2000)."""
from __future__ import annotations

import pandas as pd

from ..errors import InputError, Problem, UsageError
from ..model.ordering import topic_sort_key
from .matrix import source_line


def valued_rows(table: pd.DataFrame, data: pd.DataFrame, measure: str,
                refuse: bool = True) -> pd.DataFrame:
    """The rows of ``data`` (one measure of ``table``) with a value.  A topic with no value
    under any variant (nothing relevant under the measure) is left out of every test set, as
    the means leave it out; an empty variant name, or (``refuse``; else
    :func:`check_same_topics` words it) an empty value (NaN) where the topic has values, is
    refused: some test sets would lack the topic (Kazai & Lalmas 2006, §6.2.1)."""
    valued = data["value"].notna()
    scored = valued.groupby(data["topic"]).transform("any")
    nameless = data["variant"].str.strip() == ""
    problems = [Problem(*source_line(table, i), "empty variant: every row of a variant table "
                        "names its qrels variant") for i in data.index[nameless][:50]]
    problems += [Problem(*source_line(table, i), f"no {measure} value for run {run} on topic "
                         f"{topic} under variant {variant}, where the topic has values: "
                         "every qrels test set needs the topic (Kazai & Lalmas 2006, §6.2.1); "
                         "give the value, or leave the topic's rows of that variant out to "
                         "keep the topic static")
                 for i, run, topic, variant in data.loc[~valued & scored & ~nameless & refuse,
                                                        ["run", "topic", "variant"]]
                 .head(50).itertuples()]
    if problems:
        raise InputError(sorted(problems, key=lambda p: p.line or 0))
    return data[valued]


def check_same_topics(topics: list[str], variants: dict[str, list[str]],
                      base: str | None, judged: dict[str, set[str]]) -> None:
    """Refuse a topic whose test sets would not all include it (``base``: the original
    assessments' variant; ``judged``: variant -> the topics its assessments judge)."""
    problems = []
    if base is not None:
        alone = [t for t in topics if base not in variants[t]]
        if alone:
            problems.append(
                f"topic(s) {', '.join(alone[:5])} have no score under the original assessments "
                f"{base!r} (not judged there, or nothing relevant under the measure; "
                f"scored only under {', '.join(dict.fromkeys(variants[alone[0]]))}): "
                "an alternative assessment is a second judgement of a topic of the original "
                "ones (Kazai & Lalmas 2006, §6.2.1), and the original ranking cannot include "
                "them; add their judgements to the original assessments, or leave them out of "
                "the alternatives")
    for name, covered in judged.items():  # every variant at once, not one per try
        empty = [t for t in topics if t in covered and name not in variants[t]]
        if empty:
            problems.append(
                f"topic(s) {', '.join(empty[:5])} are judged in {name!r} but have no score "
                "there (nothing relevant under the measure), where the other assessments "
                "score them: the test sets would not share their topics (Kazai & Lalmas 2006, "
                f"§6.2.1); leave those topics out of {name!r} to keep them static")
    if problems:
        raise InputError([Problem(None, None, text) for text in problems])


def check_original(original: str, variants: dict[str, list[str]]) -> None:
    """Refuse ``original`` where a varied topic has no such variant: test set 0 would take
    another variant there, with no word."""
    lacking = sorted((t for t, names in variants.items()
                      if len(names) > 1 and original not in names), key=topic_sort_key)
    if lacking:
        raise UsageError(f"--original {original!r} is not a variant of the varied topic(s) "
                         f"{', '.join(lacking[:5])} (variants there: "
                         f"{', '.join(variants[lacking[0]])}): name the variant of the original "
                         "assessments, which every varied topic has")

"""One rule for runs that share a name (the run-id column of TREC-like files, the ``run-id``
attribute of INEX submissions): they stay distinct runs, each valued as if evaluated alone,
under unambiguous names ``id (file stem)`` — with one warning naming the files.

Every path that evaluates several runs applies :func:`distinct_run_names` (the command line,
``sdreval.evaluate``, streaming, ``--jobs`` and Dask), so the same inputs give the same names
and the same numbers everywhere.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterable, Sequence

from ..errors import shown_source
from .run import Run


def file_stem(path: str | Path) -> str:
    """The file name without extension (``.gz`` and then one more suffix removed:
    ``runs/a.txt.gz`` -> ``a``); ``<stdin>`` for standard input (``-``), as messages name it:
    a run's name where its file names none, a chunking's in a merged chunk map, the label
    telling same-named runs apart."""
    if str(path) == "-":
        return shown_source("-")
    path = Path(path)
    if path.suffix == ".gz":
        path = path.with_suffix("")
    return path.stem


def distinct_run_names(names: Sequence[str], sources: Sequence[str | None]
                       ) -> tuple[list[str], list[str]]:
    """``(new names, warnings)``: names shared by several runs become ``name (stem)``.

    The stem is the run's file name without extension; when stems do not tell the runs apart
    (same file given twice, runs not read from files) they are numbered: ``name (stem #2)``,
    ``name (#2)``.  Names that are already distinct are returned unchanged, without warning."""
    counts = Counter(names)
    new = list(names)
    warnings: list[str] = []
    for name, count in counts.items():
        if count < 2:
            continue
        positions = [i for i, n in enumerate(names) if n == name]
        stems = ["" if not sources[i] or sources[i].startswith("(")  # "(DataFrame)", ...
                 else file_stem(sources[i]) for i in positions]
        if len(set(stems)) < count or not all(stems):
            labels = [f"{s} #{k + 1}" if s else f"#{k + 1}" for k, s in enumerate(stems)]
        else:
            labels = stems
        for i, label in zip(positions, labels):
            new[i] = f"{name} ({label})"
        files = ", ".join(shown_source(sources[i]) if stem else "in memory"
                          for i, stem in zip(positions, stems))
        warnings.append(f"{count} runs share the run name {name!r} ({files}); they are "
                        "evaluated as separate runs named "
                        + ", ".join(repr(new[i]) for i in positions))
    taken = Counter(new)
    for i, name in enumerate(new):  # a renamed run must not meet another run's own name
        if taken[name] > 1 and name != names[i]:
            new[i] = f"{name} #{i + 1}"
    return new, warnings


def distinct_runs(runs: Iterable[Run], warn: Callable[[str], None] | None = None) -> list[Run]:
    """The runs, renamed by :func:`distinct_run_names` where names are shared; each warning
    goes to ``warn`` (e.g. ``EvalContext.warn``)."""
    run_list = list(runs)
    names, warnings = distinct_run_names([r.name for r in run_list],
                                         [r.source for r in run_list])
    for message in warnings:
        if warn is not None:
            warn(message)
    return [run if name == run.name else replace(run, name=name)
            for run, name in zip(run_list, names)]

"""The judgement and table readers import one way: no cycle among them, no private name of
another module imported (each reader pair was a cycle: fol/fol_fast, native/native_fast,
trec_qrels/trec_qrels_fast, frames/interop)."""
from __future__ import annotations

import ast
from pathlib import Path

import sdreval

IO = Path(sdreval.__file__).parent / "io"
MODULES = ("fol", "native", "trec_qrels", "frames", "interop", "tokens", "keyed_rows",
           "columnar")


def _imports(name: str) -> list[tuple[str, list[str]]]:
    """``(module, names)`` of every ``from .module import names`` in io/NAME.py."""
    tree = ast.parse((IO / f"{name}.py").read_text())
    return [(node.module or "", [a.name for a in node.names]) for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 1]


def test_no_cycle_among_the_readers():
    edges = {m: {t for t, _ in _imports(m) if t in MODULES} for m in MODULES}

    def reaches(start: str, goal: str, seen: set) -> bool:
        return any(t == goal or (t not in seen and reaches(t, goal, seen | {t}))
                   for t in edges[start])

    assert [m for m in MODULES if reaches(m, m, set())] == []


def test_no_private_name_imported():
    found = [(m, t, n) for m in MODULES for t, names in _imports(m) for n in names
             if n.startswith("_")]
    assert found == []

"""The import graph of sdreval: no cycles, and no module imports another's private names.

Every ``import``/``from ... import`` of an sdreval module counts, at module level or inside a
function (a deferred import breaks a cycle at run time, not in the design).  An edge goes from
the importing module to the module imported (``from .pkg import name`` goes to ``pkg.name``
when that is a module, else to ``pkg``); a package's ``__init__`` is its own node.
"""
from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import sdreval

ROOT = Path(sdreval.__file__).resolve().parent

#: cycles known today (each as its sorted modules), to be removed; a new cycle fails the test
KNOWN_CYCLES: set[tuple[str, ...]] = set()
#: imports of another module's private names known today: (importer, module, name)
KNOWN_PRIVATE: set[tuple[str, str, str]] = set()


def _modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _resolve(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[:len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(body: list) -> Iterator[ast.stmt]:
    """The import statements of a block and of the blocks in it, at any depth (statements hold
    statements only in these fields: expressions hold none, so they are not walked), but not
    those of ``if TYPE_CHECKING:`` (no import at run time)."""
    for stmt in body:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            yield stmt
        typing_only = isinstance(stmt, ast.If) and ast.unparse(stmt.test) in (
            "TYPE_CHECKING", "typing.TYPE_CHECKING")
        for field in ("orelse", "finalbody", "handlers", "cases") + (() if typing_only
                                                                      else ("body",)):
            yield from _imports(getattr(stmt, field, ()))


@functools.cache  # both tests read it (not changed)
def _graph() -> tuple[dict[str, set[str]], list[tuple[str, str, str]]]:
    modules = _modules()
    edges: dict[str, set[str]] = {m: set() for m in modules}
    private = []
    for module, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in _imports(ast.parse(path.read_text()).body):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:  # ast.ImportFrom
                base = _resolve(module, node, is_package)
                targets = []
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    targets.append(full if full in modules else base)
                    if (full not in modules and alias.name.startswith("_")
                            and not alias.name.startswith("__") and base != module
                            and base.startswith("sdreval")):
                        private.append((module, base, alias.name))
            edges[module] |= {t for t in targets if t in modules and t != module}
    return edges, private


def _cycles(edges: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(tuple(sorted(part)))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_new_import_cycles():
    cycles = set(_cycles(_graph()[0]))
    assert not cycles - KNOWN_CYCLES, f"new import cycles: {sorted(cycles - KNOWN_CYCLES)}"
    assert not KNOWN_CYCLES - cycles, f"cycles gone, shrink KNOWN_CYCLES: {KNOWN_CYCLES - cycles}"


def test_no_new_private_imports():
    private = set(_graph()[1])
    assert not private - KNOWN_PRIVATE, f"private names imported: {sorted(private - KNOWN_PRIVATE)}"
    assert not KNOWN_PRIVATE - private, f"gone, shrink KNOWN_PRIVATE: {KNOWN_PRIVATE - private}"


if __name__ == "__main__":
    edges, private = _graph()
    for cycle in _cycles(edges):
        print("cycle", cycle)
    for item in private:
        print("private", item)

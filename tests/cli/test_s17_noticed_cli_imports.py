"""The commands import a name of another command module from the module that defines it (the
input helpers of eval live in cli/eval_inputs.py; compare, report, stability and budget had
imported them through cli/eval_cmd.py, which only imports them)."""
from __future__ import annotations

import ast
from pathlib import Path

import sdreval.cli

CLI = Path(sdreval.cli.__file__).parent


def _defined(tree: ast.Module) -> set[str]:
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                names |= {t.id for t in ast.walk(target) if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def test_cli_names_imported_from_where_they_are_defined():
    trees = {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in CLI.glob("*.py")}
    defined = {stem: _defined(tree) for stem, tree in trees.items()}
    wrong = []
    for stem, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module in defined:
                wrong += [f"{stem}: {a.name} from {node.module}" for a in node.names
                          if a.name not in defined[node.module]]
    assert not wrong, wrong

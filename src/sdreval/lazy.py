"""A module imported on first use: ``pd = lazy_module("pandas")`` costs nothing until an
attribute is read (``pd.DataFrame``), so commands that never need pandas do not pay for
importing it (half a second on a small machine)."""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


class LazyModule:
    """Stands for the module ``name``; the first attribute read imports it."""

    __slots__ = ("_name", "_module")

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, attribute: str) -> Any:
        module = self._module
        if module is None:
            module = self._module = importlib.import_module(self._name)
        return getattr(module, attribute)

    def __repr__(self) -> str:
        return f"<module {self._name!r}, imported on first use>"


def lazy_module(name: str) -> Any:
    """A stand-in for ``import name`` that imports on first attribute access."""
    return LazyModule(name)

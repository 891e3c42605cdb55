"""A module imported on first use: ``pd = lazy_module("pandas")`` costs nothing until an
attribute is read (``pd.DataFrame``), so commands that never need pandas do not pay for
importing it (half a second on a small machine)."""
from __future__ import annotations

import dis
import gc
import importlib
import sys
from types import ModuleType
from typing import Any, Callable


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


class ArrowPandasProbe:
    """A finder that declines the import of pandas when Arrow, not Python code, asks for it.

    Arrow's numpy bridge (``Array.to_numpy``, ``pyarrow.array`` of a numpy array) imports
    pandas on first use to recognise pandas' missing-value objects, which sdreval never gives
    it; that import costs more than evaluating a small file.  While pandas is not loaded,
    such a request (made from C, so the calling Python frame is not at an ``import``
    statement) fails, and Arrow converts without pandas, as when pandas is not installed.
    Every ``import pandas`` statement and ``importlib.import_module("pandas")`` (as
    :class:`LazyModule` does) imports it as usual; once loaded, Arrow uses it again for the
    missing values of its conversions."""

    def find_spec(self, name: str, path=None, target=None):
        if name != "pandas":
            return None
        frame = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename.startswith("<frozen importlib"):
            frame = frame.f_back
        if frame is None or _asks_to_import(frame):
            return None  # the other finders find pandas
        raise ModuleNotFoundError("pandas not loaded (declined for Arrow's conversion)",
                                  name=name)


_IMPORT_NAME = dis.opmap["IMPORT_NAME"]


def _asks_to_import(frame) -> bool:
    """Whether ``frame`` imports by a statement or by :func:`importlib.import_module`."""
    code = frame.f_code
    if code.co_name == "import_module" and "importlib" in code.co_filename:
        return True
    return 0 <= frame.f_lasti < len(code.co_code) and code.co_code[frame.f_lasti] == _IMPORT_NAME


#: whether this process runs one command line and ends (the ``sdreval`` script): Arrow
#: remembers a declined probe for the rest of the process, after which it cannot convert
#: pandas' missing values (a later ``to_parquet`` of an Int64 column fails), so the probe is
#: declined only there, never for commands run in a longer-lived process (the API, tests)
_ONE_COMMAND = [False]


def one_command_process() -> None:
    """Say that this process runs one command line and ends (:data:`_ONE_COMMAND`)."""
    _ONE_COMMAND[0] = True


def decline_arrow_pandas_probe() -> None:
    """Install :class:`ArrowPandasProbe` (once) in a one-command process
    (:func:`one_command_process`) unless pandas is loaded already."""
    if not _ONE_COMMAND[0] or "pandas" in sys.modules or any(
            isinstance(f, ArrowPandasProbe) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, ArrowPandasProbe())


def import_pyarrow_without_cloudpickle() -> None:
    """Import pyarrow (if installed and not loaded yet) without the ``cloudpickle`` module.

    ``pyarrow.lib`` imports cloudpickle when it is installed (dask brings it) and binds it to
    the name ``pickle``, which the same module rebinds to the standard :mod:`pickle` a few
    includes later (pyarrow 14 to 26): cloudpickle is loaded for nothing, about 25 ms of CPU
    and 1 MB at every start of a command.  Here its import fails while pyarrow loads, as when
    it is not installed; a later ``import cloudpickle`` (dask's) imports it as usual.

    In a one-command process (:func:`one_command_process`) the garbage collector is paused
    while pyarrow loads and its objects are then frozen out of it, as the command's own
    imports are (:func:`sdreval.cli.main.main`): they live as long as the process."""
    if "pyarrow" in sys.modules or "cloudpickle" in sys.modules:
        return
    paused = _ONE_COMMAND[0] and gc.isenabled()
    if paused:
        gc.disable()
    sys.modules["cloudpickle"] = None  # type: ignore[assignment] - "import fails"
    try:
        import pyarrow  # noqa: F401
    except ImportError:  # pragma: no cover - without pyarrow: its readers say so when used
        pass
    finally:
        if sys.modules.get("cloudpickle", 0) is None:
            del sys.modules["cloudpickle"]
        if paused:
            gc.freeze()
            gc.enable()


def lazy_attributes(package: str, names: dict[str, str]
                    ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for the package ``package`` (PEP 562) whose public
    ``names`` (name -> submodule) load their submodule on first use; a loaded name is kept
    in the package's namespace."""
    namespace = sys.modules[package].__dict__

    def attribute(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        namespace[name] = value
        return value

    def listing() -> list[str]:
        return sorted(set(namespace) | set(names))

    return attribute, listing

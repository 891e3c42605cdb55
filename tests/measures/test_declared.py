"""The registry imports a measure family on the first lookup of one of its names: the table
saying where each built-in name is declared lists every registered name exactly, each under the
package whose import registers it."""
from __future__ import annotations

import subprocess
import sys

import pytest

from sdreval.measures import FAMILIES, MEASURES
from sdreval.measures.declared import FAMILY_MODULES, FAMILY_PACKAGES, MEASURE_MODULES


def test_table_lists_every_registered_measure_and_family():
    builtin = [name for name in MEASURES if name in MEASURE_MODULES]  # imports every family
    assert builtin == list(MEASURE_MODULES)  # listed in the table's order, whatever was
    assert set(FAMILY_MODULES) <= set(FAMILIES)  # looked up first
    assert {d.family for d in MEASURES.values()} >= set(FAMILY_MODULES)
    for name, definition in MEASURES.items():
        if name not in MEASURE_MODULES:  # registered by another test
            continue
        assert definition.family in FAMILY_PACKAGES[MEASURE_MODULES[name].rsplit(".", 1)[1]]
        assert name in FAMILY_PACKAGES[MEASURE_MODULES[name].rsplit(".", 1)[1]][
            definition.family]


@pytest.mark.parametrize("package", sorted(FAMILY_PACKAGES))
def test_importing_the_declared_package_registers_its_names(package):
    """In a fresh process, looking up one name imports its package and nothing registers a
    name of another package's table entry by accident."""
    probe = (
        "import sys\n"
        "from sdreval.measures import FAMILIES, MEASURES\n"
        "from sdreval.measures.declared import FAMILY_PACKAGES\n"
        f"families = FAMILY_PACKAGES[{package!r}]\n"
        "first = next(iter(next(iter(families.values()))))\n"
        "assert MEASURES.loaded() == {}, sorted(MEASURES.loaded())\n"
        "MEASURES[first]\n"
        "for family, names in families.items():\n"
        "    assert FAMILIES.registered(family), family\n"
        "    assert all(MEASURES.registered(n) for n in names), (family, names)\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('sdreval.measures.'))))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_lookup_of_an_unknown_name_imports_nothing_and_suggests():
    from sdreval.errors import UsageError
    from sdreval.measures import parse_measure

    assert MEASURES.get("NoSuchMeasure") is None and "NoSuchMeasure" not in MEASURES
    with pytest.raises(UsageError, match="did you mean"):
        parse_measure("nxCGG@10")

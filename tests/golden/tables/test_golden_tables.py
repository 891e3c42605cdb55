"""The judgement and table readers give the frozen outputs (values, problems, exit codes).

``golden.json.gz`` was written by ``freeze.py`` before the readers were merged; a change here
is either a listed, intended fix (see git log) or a regression.  The quick test checks every
tenth fuzzed file and the real data; the whole set is marked slow.
"""
from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import freeze  # noqa: E402

GOLDEN = json.loads(gzip.decompress(freeze.GOLDEN.read_bytes()))


def _compare(found: dict) -> None:
    wrong = [k for k in found if found[k] != GOLDEN.get(k)]
    assert not wrong, "\n".join(f"{k}:\n  was {GOLDEN.get(k)}\n  now {found[k]}"
                                for k in wrong[:10])


def test_quick_subset():
    _compare(freeze.compute(text_fuzz=100, span_fuzz=15, real=False))


def test_the_groups_hold_every_case():
    assert {freeze.group_of(key) for key in GOLDEN} == set(freeze.GROUPS)


@pytest.mark.slow
@pytest.mark.parametrize("group", freeze.GROUPS)
def test_everything(group):
    """Every case, a group at a time (in parts, so that parallel workers share them)."""
    found = freeze.compute(groups=(group,))
    # the real INEX files live beside the clone (../shared/data): without them, their cases
    # are not computed, and every other case must still be there
    absent = {key for name, path in freeze.cases.REAL.items() if not path.exists()
              for key in (name, f"cli/{name}")}
    assert set(found) == {key for key in GOLDEN if freeze.group_of(key) == group} - absent
    _compare(found)

"""--strict on an element run with results outside the collection: the conversion to passages
refuses the run, and its error says how many problems it did not list ("... and N more
error(s)"), as every reader's error does; before, the count was lost (only the first 20 kept
examples were raised).  The command that lists them all is named (session 24: validate places
a run's results in the collection given)."""
from __future__ import annotations

import pytest

from sdreval.data import example_path
from sdreval.errors import EXAMPLES_KEPT, InputError
from sdreval.io import read_collection, read_run
from sdreval.measures import EvalContext
from sdreval.measures.passage.definitions import as_passage_run

ROOT = example_path("synthetic")
TOPICS = 25  # one unconvertible result (a document of no collection) in each


def test_strict_conversion_counts_the_errors_it_does_not_list(tmp_path):
    path = tmp_path / "run.txt"
    path.write_text("".join(f"{t} Q0 nodoc{t} 1 0.5 r /article[1]\n"
                            for t in range(1, TOPICS + 1)))
    ctx = EvalContext(collection=read_collection(ROOT / "docs"), strict=True)
    with pytest.raises(InputError) as raised:
        as_passage_run(read_run(path), ctx)
    messages = [p.message for p in raised.value.problems]
    assert len([m for m in messages if "not in the collection" in m]) == EXAMPLES_KEPT
    # since session 26 the refusal ends with what to do (the ESR refusal's line)
    assert messages[-1].startswith("passage measures (--strict): a result needs its element")
    assert messages[-2] == (f"... and {TOPICS - EXAMPLES_KEPT} more error(s) like the above "
                            f"(sdreval validate {path} --collection {ROOT / 'docs'} lists "
                            "them all)")

"""Writers (session 24 coverage hunt): refusals leave no file (or the earlier file as it was);
a device is written directly."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.errors import UsageError
from sdreval.io.readers import read_qrels
from sdreval.io.writers import write_run, write_trec_qrels
from sdreval.io.written import whole_file
from sdreval.model.ranking import Ranking
from sdreval.model.run import Run


def _run(name="r"):
    return Run(name, {"1": Ranking.from_elements([("d", "/article[1]/p[1]")])}, "element")


@pytest.mark.parametrize("run,layout,message", [
    (_run(), "xml", "unknown run layout 'xml'; expected element, passage or document"),
    (_run("my run"), None, "run name 'my run' contains white space; it cannot be a run-id"),
    (_run(), "passage", "topic 1: results without character ranges cannot be written as a "
                        "passage run"),
])
def test_runs_that_cannot_be_written(tmp_path, run, layout, message):
    out = tmp_path / "out.txt"
    out.write_text("earlier\n")
    with pytest.raises(UsageError, match=message):
        write_run(run, out, layout)
    assert out.read_text() == "earlier\n"


@pytest.mark.parametrize("frame", [
    pd.DataFrame({"query_id": ["1"], "doc_id": ["d"], "path": ["/article[1]"],
                  "relevance": [1.5]}),
    pd.DataFrame({"query_id": ["1"], "doc_id": ["d"], "start": [0], "end": [5],
                  "relevance": [1.5]}),
])
def test_a_fractional_grade_is_no_trec_grade(tmp_path, frame):
    out = tmp_path / "out.qrels"
    with pytest.raises(UsageError, match="topic 1, document d: grade 1.5 is not an integer; "
                                         "TREC qrels grades are integers"):
        write_trec_qrels(read_qrels(frame), out)
    assert not out.exists() and not list(tmp_path.iterdir())


def test_a_device_is_written_directly():
    with whole_file("/dev/null") as out:
        out.write("x\n")

"""Element sizes in a qrels table follow the native TSV's rule for its sixth field: a
non-negative number, or unknown where missing.  Before, a missing size was an error (so
``qrels_frame``'s own output, NaN where a size is unknown, could not be read back) and a
negative size was accepted silently (sizes feed XCG's overlap gains and ESR)."""
from __future__ import annotations

import pytest

from sdreval.errors import InputError, ProblemLog
from sdreval.integrations.ir_measures import qrels_frame
from sdreval.io.frame_qrels import qrels_from_table
from sdreval.io.native import read_native_qrels
from sdreval.io.readers import read_qrels


def _sizes(qrels):
    return {p: a.size for t, tq in qrels.topics.items() for (_, p), a in tq.elements.items()}


def test_unknown_sizes_read_back_from_qrels_frame_and_csv(tmp_path):
    (tmp_path / "n.tsv").write_text("# scale=inex2003\n1\td\t/a[1]\t2\t2\t100\n"
                                    "1\td\t/a[1]/b[1]\t1\t1\n")
    native = read_native_qrels(tmp_path / "n.tsv")
    assert _sizes(native) == {"/a[1]": 100.0, "/a[1]/b[1]": None}
    assert _sizes(qrels_from_table(qrels_frame(native))) == _sizes(native)
    (tmp_path / "t.csv").write_text("topic,doc,path,e,s,size\n1,d,/a[1],2,2,100\n"
                                    "1,d,/a[1]/b[1],1,1,\n")
    assert _sizes(read_qrels(str(tmp_path / "t.csv"), scale="inex2003")) == _sizes(native)


def test_a_negative_size_is_an_error_as_in_native(tmp_path):
    (tmp_path / "t.csv").write_text("topic,doc,path,e,s,size\n1,d,/a[1],2,2,-5\n"
                                    "1,d,/a[1]/b[1],1,1,x\n")
    log = ProblemLog()
    with pytest.raises(InputError):
        read_qrels(str(tmp_path / "t.csv"), log=log)
    assert [(p.line, p.message) for p in log.errors] == [
        (2, "size '-5' is not a non-negative number"), (3, "size 'x' is not a non-negative number")]
    (tmp_path / "n.tsv").write_text("1\td\t/a[1]\t2\t2\t-5\n")
    log = ProblemLog()
    read_native_qrels(tmp_path / "n.tsv", log)
    assert [(p.line, p.message) for p in log.errors] == [
        (1, "size '-5' is not a non-negative number")]

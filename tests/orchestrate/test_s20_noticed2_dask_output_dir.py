"""``sdreval.dask.evaluate(..., output=DIR)``: a DIR that does not exist (here its parent is
missing) is refused with a UsageError naming ``output=`` before anything is computed (it was
pandas' raw OSError once every partition had been evaluated); and the one task that looks for a
topic in two partitions receives the partitions' topic names, not their whole held pieces
(values and warnings stay on the workers that hold them)."""
import pandas as pd
import pytest

dd = pytest.importorskip("dask.dataframe")
import dask  # noqa: E402

import sdreval.dask  # noqa: E402
from sdreval.errors import UsageError  # noqa: E402

RUN = pd.DataFrame({"query_id": ["1", "1", "2"], "doc_id": ["a", "b", "a"],
                    "score": [2.0, 1.0, 1.0]})
QRELS = pd.DataFrame({"query_id": ["1", "2"], "doc_id": ["a", "a"], "relevance": [1, 1]})


def test_missing_output_directory_refused_before_computing(tmp_path, monkeypatch):
    computed = []
    monkeypatch.setattr(dask, "compute", lambda *a, **k: computed.append(a))
    monkeypatch.setattr(dask, "persist", lambda *a, **k: computed.append(a))
    target = tmp_path / "missing" / "sub"
    with pytest.raises(UsageError, match=r"output=.*no such directory"):
        sdreval.dask.evaluate(dd.from_pandas(RUN, npartitions=2), QRELS, ["AP"],
                              output=str(target))
    assert not computed and not target.parent.exists()


def test_repeat_check_receives_topic_names_only(tmp_path, monkeypatch):
    given = []
    real = sdreval.dask._repeated

    def spy(answered):
        given.append(answered)
        return real(answered)
    monkeypatch.setattr(sdreval.dask, "_repeated", spy)
    with dask.config.set(scheduler="synchronous"):
        means = sdreval.dask.evaluate(dd.from_pandas(RUN, npartitions=2), QRELS, ["AP"],
                                      output=str(tmp_path))
    assert means["value"].tolist() == [1.0]  # AP 1 on both topics (a ranked first, relevant)
    assert len(given) == 1 and all(isinstance(names, list) and all(
        isinstance(t, str) for t in names) for names in given[0]), given
    assert sorted(t for names in given[0] for t in names) == ["1", "2"]

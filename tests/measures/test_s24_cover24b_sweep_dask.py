"""sweep on a Dask local cluster (session 24 coverage): the serial table."""
import pandas as pd
import pytest

from sdreval.data import example_path
from sdreval.io import read_qrels, read_run


@pytest.mark.slow
def test_sweep_on_a_dask_cluster_equals_serial():
    pytest.importorskip("distributed")
    from sdreval.measures.parallel import sweep

    root = example_path("synthetic")
    qrels = read_qrels(root / "qrels.tsv")
    runs = [read_run(root / "runs" / f"sim0{i}.txt") for i in (1, 2)]
    half = type(qrels)(qrels.scale, {t: q for t, q in list(qrels.topics.items())[:2]})
    measures = ["MAep(quant=gen)", "nxCG@5"]
    serial = sweep({"full": qrels, "half": half}, runs, measures)
    distributed = sweep({"full": qrels, "half": half}, runs, measures, scheduler="local", jobs=1)
    pd.testing.assert_frame_equal(serial, distributed)

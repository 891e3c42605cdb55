"""Runs and qrels kept as Parquet on storage reached by URL (fsspec): ``memory://`` (in this
process, and in the processes --jobs forks from it) and ``file://`` (read by any process)
give the output of the same files by local path, to the last digit and warning, with --jobs
too (each worker reads its own file of the dataset by URL); text by URL, a scheme without its
library and a URL that names nothing are refused."""
import fsspec
import pandas as pd
import pytest
from test_parquet_datasets import MEASURES, _run, write_dataset


@pytest.fixture
def stored(tmp_path):
    """The dataset, its qrels as Parquet and as text, put under ``memory://<test>/``."""
    qrels_text, _, dataset, _ = write_dataset(tmp_path, topics=40)
    rows = [line.split() for line in qrels_text.read_text().splitlines()]
    qrels = tmp_path / "qrels.parquet"
    pd.DataFrame({"query_id": [r[0] for r in rows], "doc_id": [r[2] for r in rows],
                  "relevance": [int(r[3]) for r in rows]}).to_parquet(qrels)
    memory = fsspec.filesystem("memory")
    root = f"/{tmp_path.name}"
    memory.put(str(dataset), f"{root}/myrun", recursive=True)
    memory.put(str(qrels), f"{root}/qrels.parquet")
    memory.put(str(qrels_text), f"{root}/qrels.txt")
    yield tmp_path, qrels, dataset, f"memory:/{root}"
    memory.rm(root, recursive=True)


@pytest.mark.parametrize("extra", [["-q"], ["-q", "-c", "--jobs", "2"]])
def test_memory_and_file_urls_equal_local_paths(stored, extra):
    tmp_path, qrels, dataset, url = stored
    local = _run(["eval", qrels, dataset, *MEASURES, *extra])
    assert local[0] == 0 and "gm_map" in local[1] and "not in the qrels" in local[2]
    assert _run(["eval", f"{url}/qrels.parquet", f"{url}/myrun", *MEASURES, *extra]) == local
    assert _run(["eval", f"file://{qrels}", f"file://{dataset}", *MEASURES, *extra]) == local


def test_a_url_dataset_is_read_file_by_file_by_the_workers(stored):
    """With --jobs each file is one task read by URL: a topic in two files is refused, both
    files named by URL (read whole, the same dataset is evaluated)."""
    tmp_path, qrels, dataset, url = stored
    frame = pd.read_parquet(dataset).drop(columns="bucket")
    frame.iloc[:1].assign(doc_id="dY").to_parquet(f"{url}/myrun/bucket=9/part.parquet")
    args = [f"{url}/qrels.parquet", f"{url}/myrun", "-m", "AP"]
    assert _run(["eval", *args])[0] == 0
    code, _, err = _run(["eval", *args, "--jobs", "2"])
    topic = frame.query_id.iloc[0]
    assert code == 1 and f"topic {topic} has rows in memory:/" in err
    assert "myrun/bucket=9/part.parquet" in err


def test_parquet_dataset_written_per_partition_from_a_url(stored):
    tmp_path, qrels, dataset, url = stored
    args = [*MEASURES, "-q", "--format", "parquet"]
    local = _run(["eval", qrels, dataset, *args, "-o", tmp_path / "local.parquet"])
    assert _run(["eval", f"{url}/qrels.parquet", f"{url}/myrun", *args, "-o",
                 f"{tmp_path}/scores/", "--jobs", "2"]) == local
    key = ["run", "topic", "measure"]
    pd.testing.assert_frame_equal(
        pd.read_parquet(tmp_path / "scores").sort_values(key).reset_index(drop=True),
        pd.read_parquet(tmp_path / "local.parquet").sort_values(key).reset_index(drop=True))


def test_text_by_url_is_refused(stored):
    tmp_path, qrels, dataset, url = stored
    for args in ([f"{url}/qrels.txt", f"{url}/myrun"],
                 [f"{url}/qrels.txt", f"{url}/myrun", "--qrels-format", "trec", "--jobs", "2"]):
        code, _, err = _run(["eval", *args, "-m", "AP"])
        assert code == 1 and err.startswith(f"{url}/qrels.txt: error: only Parquet files")
        assert "local or mounted path" in err


def test_urls_that_cannot_be_read_are_usage_errors(stored):
    tmp_path, qrels, dataset, url = stored
    if _have("s3fs"):
        pytest.skip("s3fs is installed")
    code, _, err = _run(["eval", "s3://bucket/qrels.parquet", dataset, "-m", "AP"])
    assert code == 2 and "s3fs" in err and "pip install" in err
    code, _, err = _run(["eval", "nosuchscheme://x/qrels.parquet", dataset, "-m", "AP"])
    assert code == 2 and "nosuchscheme" in err
    code, _, err = _run(["eval", f"{url}/nothing.parquet", dataset, "-m", "AP"])
    assert code == 2 and "does not exist" in err


def _have(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None

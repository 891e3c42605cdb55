"""Document-level runs and qrels given by path as tables (Parquet file and dataset, JSONL, CSV,
TSV): the numbers of the same rows as TREC text (trec_eval's values written out below, and
pytrec_eval on the TREC text), problems at ``file:line``, CLI exit codes 0/1/2."""
import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.io.doc_tables import read_table_run

# topic 1: a, c relevant; run a, b, c -> AP (1/1 + 2/3) / 2 = 5/6
# topic 2: d relevant (2), e judged 0; run e and d tied at 2.0: trec_eval ranks ties by docno
#   descending, e first, d second -> AP 1/2
# topic 007 (text: not the number 7): f relevant, ranked first -> AP 1
QRELS = pd.DataFrame({"qid": ["1", "1", "2", "2", "007"], "docno": ["a", "c", "d", "e", "f"],
                      "label": [1, 1, 2, 0, 1]})
RUN = pd.DataFrame({"qid": ["1", "1", "1", "2", "2", "007"],
                    "docno": ["a", "b", "c", "d", "e", "f"],
                    "score": [3.0, 2.0, 1.0, 2.0, 2.0, 1.0]})
MAP = (5 / 6 + 1 / 2 + 1) / 3
P2 = (1 / 2 + 1 / 2 + 1 / 2) / 3  # one relevant in the first two of each topic (007: one)


def _trec_text(tmp_path):
    qrels, run = tmp_path / "q.txt", tmp_path / "run.txt"
    qrels.write_text("".join(f"{q} 0 {d} {g}\n" for q, d, g in QRELS.itertuples(index=False)))
    # in trec_eval's order (a file's line order is its ranking: the INEX convention)
    run.write_text("1 Q0 a 1 3.0 run\n1 Q0 b 2 2.0 run\n1 Q0 c 3 1.0 run\n"
                   "2 Q0 e 1 2.0 run\n2 Q0 d 2 2.0 run\n007 Q0 f 1 1.0 run\n")
    return qrels, run


def _write(frame: pd.DataFrame, path, layout: str, names: dict | None = None) -> str:
    frame = frame.rename(columns=names or {})
    if layout == "parquet":
        frame.to_parquet(path)
    elif layout == "dataset":  # partitioned by topic: topic=007/part.parquet
        frame.to_parquet(path, partition_cols=[frame.columns[0]])
    elif layout == "jsonl":
        frame.to_json(path, orient="records", lines=True)
    else:
        frame.to_csv(path, index=False, sep="\t" if layout == "tsv" else ",")
    return str(path)


LAYOUTS = ["parquet", "dataset", "jsonl", "csv", "tsv"]
#: ranx, PyTerrier and ir_measures column names
RUN_NAMES = [{"qid": "q_id", "docno": "doc_id"}, None, {"qid": "query_id", "docno": "doc_id"}]
QRELS_NAMES = [{"qid": "q_id", "docno": "doc_id", "label": "relevance"}, None,
               {"qid": "query_id", "docno": "doc_id", "label": "relevance"}]


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("names", range(3), ids=["ranx", "pyterrier", "ir_measures"])
def test_each_layout_by_path_gives_trec_evals_numbers(tmp_path, layout, names):
    qrels = _write(QRELS, tmp_path / f"q.{layout}", layout, QRELS_NAMES[names])
    run = _write(RUN, tmp_path / f"run.{layout}", layout, RUN_NAMES[names])
    table = sdreval.evaluate(qrels, run, ["map", "P@2"], per_topic=True)
    values = {(t, m): v for t, m, v in zip(table["topic"], table["measure"], table["value"])}
    assert values[("007", "map")] == pytest.approx(1.0)  # the id is text
    assert values[("2", "map")] == pytest.approx(0.5)  # the tie broken as trec_eval does
    assert values[("all", "map")] == pytest.approx(MAP)
    assert values[("all", "P@2")] == pytest.approx(P2)


def test_a_table_gives_what_pytrec_eval_gives_on_the_trec_text(tmp_path):
    pytrec_eval = pytest.importorskip("pytrec_eval")
    qrels_txt, _ = _trec_text(tmp_path)
    judged = {}
    for q, d, g in QRELS.itertuples(index=False):
        judged.setdefault(q, {})[d] = int(g)
    scored = {}
    for q, d, s in RUN.itertuples(index=False):
        scored.setdefault(q, {})[d] = float(s)
    peer = pytrec_eval.RelevanceEvaluator(judged, {"map"}).evaluate(scored)
    table = sdreval.evaluate(str(qrels_txt), _write(RUN, tmp_path / "r.parquet", "parquet"),
                             ["map"], per_topic=True)
    ours = {t: v for t, v in zip(table["topic"], table["value"]) if t != "all"}
    assert ours == pytest.approx({t: peer[t]["map"] for t in peer})


def test_cli_eval_of_tables_prints_the_numbers_of_the_trec_text(tmp_path):
    qrels_txt, run_txt = _trec_text(tmp_path)
    text = CliRunner().invoke(cli, ["eval", str(qrels_txt), str(run_txt), "-m", "map"])
    assert text.exit_code == 0, text.output
    qrels = _write(QRELS, tmp_path / "q.parquet", "parquet")
    run = _write(RUN.assign(run="run"), tmp_path / "run-dir", "dataset")
    table = CliRunner().invoke(cli, ["eval", qrels, run, "-m", "map"])
    assert table.exit_code == 0, table.output
    assert table.stdout == text.stdout == f"run\tmap\tall\t{MAP:.4f}\n"


def test_bad_rows_are_reported_at_file_line(tmp_path):
    bad = tmp_path / "run.csv"
    bad.write_text("qid,docno,score\n1,a,1.0\n1,b,x\n\n2,c,nan\n")
    with pytest.raises(InputError) as error:
        sdreval.read_run(str(bad))
    assert f"{bad}:3: error: score 'x' is not a finite number" in str(error.value)
    assert f"{bad}:5: error: score 'nan' is not a finite number" in str(error.value)
    jsonl = tmp_path / "run.jsonl"
    jsonl.write_text('{"qid": "1", "docno": "a", "score": 1}\n'
                     '{"qid": true, "docno": "b", "score": 2}\n')
    with pytest.raises(InputError, match=rf"{jsonl}:2: error: qid true is not an id"):
        sdreval.read_run(str(jsonl))


def test_a_bad_row_of_a_dataset_names_its_part_file_and_row(tmp_path):
    frame = RUN.assign(score=[3.0, float("inf"), 1.0, 2.0, 2.0, 1.0])
    root = _write(frame, tmp_path / "ds", "dataset")
    with pytest.raises(InputError, match=r"qid=1/[^:]+\.parquet:2: error: score 'inf'"):
        sdreval.read_run(root)


def test_one_file_of_a_dataset_is_read_with_its_partition_values(tmp_path):
    root = _write(RUN, tmp_path / "ds", "dataset")
    part = next((tmp_path / "ds" / "qid=007").glob("*.parquet"))
    run = read_table_run(part, root=root)
    assert list(run.topics) == ["007"] and [r.doc for r in run.topics["007"]] == ["f"]


def test_ambiguous_and_unknown_tables_are_refused_naming_the_columns(tmp_path):
    both = _write(RUN.assign(label=1), tmp_path / "both.parquet", "parquet")
    with pytest.raises(InputError, match=r"columns qid, docno, score, label: both run "
                                         r"columns \(score\) and qrels columns \(label\)"):
        sdreval.read_run(both)
    # said which it is, the table is read as that
    assert len(sdreval.read_run(both, fmt="table-run").topics) == 3
    neither = _write(RUN.drop(columns="score"), tmp_path / "neither.jsonl", "jsonl")
    with pytest.raises(InputError, match=r"columns qid, docno: no score, rank or relevance "
                                         r"column \(a run: a topic column"):
        sdreval.read_qrels(neither)


def test_a_table_of_several_runs_is_refused(tmp_path):
    path = _write(RUN.assign(run=["A", "A", "A", "B", "B", "B"]), tmp_path / "r.csv", "csv")
    with pytest.raises(InputError, match="column 'run' names 2 runs"):
        sdreval.read_run(path)


def test_cli_exit_codes(tmp_path):
    """0 for a table, 1 for a bad table (was: every Parquet run refused with exit 1, pointing
    to Python), 2 for a bad option."""
    qrels_txt, _ = _trec_text(tmp_path)
    run = _write(RUN, tmp_path / "run.parquet", "parquet")
    ok = CliRunner().invoke(cli, ["eval", str(qrels_txt), run, "-m", "map"])
    assert ok.exit_code == 0 and "read in Python" not in ok.output
    both = _write(RUN.assign(label=1), tmp_path / "both.parquet", "parquet")
    assert CliRunner().invoke(cli, ["eval", str(qrels_txt), both, "-m", "map"]).exit_code == 1
    wrong = CliRunner().invoke(cli, ["eval", str(qrels_txt), run, "--run-format", "tabular"])
    assert wrong.exit_code == 2


def test_a_directory_of_plain_parquet_files_is_one_run(tmp_path):
    """Three files cut anywhere (topic 1 split between two of them), no key=value folders."""
    (tmp_path / "run-dir").mkdir()
    for i, rows in enumerate([[0, 1], [2, 3], [4, 5]]):
        RUN.iloc[rows].to_parquet(tmp_path / "run-dir" / f"part-{i}.parquet")
    _write(QRELS, tmp_path / "q.parquet", "parquet")
    out = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.parquet"),
                                   str(tmp_path / "run-dir") + "/", "-m", "map"])
    assert out.exit_code == 0, out.output
    assert out.stdout == f"run-dir\tmap\tall\t{MAP:.4f}\n"


def test_qrels_tables_keep_the_rules_of_qrels_files(tmp_path):
    """Integer JSON ids are their digits; a judgement given twice differently is an error at
    its line (the first kept), as in a TREC qrels file."""
    ids = tmp_path / "q.jsonl"
    ids.write_text('{"query_id": 1, "doc_id": 7, "relevance": 1}\n'
                   '{"query_id": "007", "doc_id": "x", "relevance": 2}\n')
    assert sorted(sdreval.read_qrels(str(ids)).topics) == ["007", "1"]
    twice = tmp_path / "q.csv"
    twice.write_text("query_id,doc_id,relevance\n1,a,1\n1,a,2\n")
    with pytest.raises(InputError, match=rf"{twice}:3: error: topic 1: .*judged again, "
                                         r"differently from line 2"):
        sdreval.read_qrels(str(twice))


def test_validate_counts_a_table_qrels_error_once_and_names_documents(tmp_path):
    # a document judged twice, differently: one error, worded as for TREC qrels ("document a");
    # validate counted it twice (the log's error, then the exception raised for it, printed as
    # "<input>: error: ... and 1 more error(s)") and named it "element a /article[1]"
    (tmp_path / "q.csv").write_text("qid,docno,label\n1,a,1\n1,a,0\n1,b,0\n1,b,0\n")
    out = CliRunner().invoke(cli, ["validate", str(tmp_path / "q.csv")])
    assert out.exit_code == 1
    lines = [line.replace(str(tmp_path / "q.csv"), "q.csv") for line in out.output.splitlines()]
    assert sorted(lines) == [
        "q.csv: INVALID: table-qrels; 1 error(s), 1 warning(s)",
        "q.csv:3: error: topic 1: document a judged again, differently from line 2 (line 2 kept)",
        "q.csv:5: warning: topic 1: document b repeats line 4 (identical; ignored)"]

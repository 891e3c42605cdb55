"""``validate`` lists what ``eval`` refuses with the same ``file:line`` (a user runs validate
first to find the line to fix)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path


def _both(tmp_path, qrels: str, run: str, target: str) -> tuple[str, str]:
    (tmp_path / "q.txt").write_text(qrels)
    (tmp_path / "r.txt").write_text(run)
    q, r = str(tmp_path / "q.txt"), str(tmp_path / "r.txt")
    evaluated = CliRunner().invoke(cli, ["eval", q, r, "-m", "P_5"])
    validated = CliRunner().invoke(cli, ["validate", str(tmp_path / target)])
    assert evaluated.exit_code == 1 and validated.exit_code == 1
    return evaluated.stderr, validated.stdout


def test_topic_named_all_in_qrels_at_its_line(tmp_path):
    qrels = "1 0 d1 1\nall 0 d2 1\n"  # the topic 'all' is on line 2
    eval_err, validate_out = _both(tmp_path, qrels, "1 Q0 d1 1 1.0 r\n", "q.txt")
    expected = f"{tmp_path / 'q.txt'}:2: error: qrels: a topic is named 'all'"
    assert expected in eval_err
    assert expected in validate_out


def test_topic_named_all_in_run_at_its_line(tmp_path):
    run = "1 Q0 d1 1 1.0 r\n1 Q0 d2 2 0.5 r\nall Q0 d1 1 1.0 r\n"  # line 3
    eval_err, validate_out = _both(tmp_path, "1 0 d1 1\n", run, "r.txt")
    expected = f"{tmp_path / 'r.txt'}:3: error: run r: a topic is named 'all'"
    assert expected in eval_err
    assert expected in validate_out


RAG = example_path("rag")


def _eval_and_validate(args_eval: list[str], args_validate: list[str]):
    return (CliRunner().invoke(cli, ["eval", *args_eval, "-m", "SpanRR"]),
            CliRunner().invoke(cli, ["validate", *args_validate]))


def test_chunk_id_run_without_chunk_map_is_refused_by_both():
    qrels, run = str(RAG / "qrels.jsonl"), str(RAG / "runs" / "fixed.txt")
    evaluated, validated = _eval_and_validate([qrels, run], [qrels, run])
    expected = (f"{run}: error: run bm25-fixed: none of its result ids is a document of the "
                "span judgements: is it a chunk-ID run?")
    assert evaluated.exit_code == 1 and expected in evaluated.stderr
    assert validated.exit_code == 1 and expected in validated.stdout


def test_chunk_id_run_with_its_chunk_map_is_fine_for_both():
    qrels, run = str(RAG / "qrels.jsonl"), str(RAG / "runs" / "fixed.txt")
    chunks = ["--chunk-map", str(RAG / "chunks" / "fixed.jsonl")]
    evaluated, validated = _eval_and_validate([qrels, run, *chunks], [qrels, run, *chunks])
    assert evaluated.exit_code == 0 and validated.exit_code == 0, validated.stdout
    assert f"{run}: ok: chunk-run, run 'bm25-fixed', 24 topics" in validated.stdout


def test_chunk_id_not_in_the_chunk_map_at_its_line(tmp_path):
    run = tmp_path / "r.txt"
    run.write_text("q01 Q0 doc00-f001 1 6.2 r\nq01 Q0 doc00-f002 2 6.1 r\n"
                   "q01 Q0 nochunk 3 5 r\n")  # line 3: no such chunk
    chunks = ["--chunk-map", str(RAG / "chunks" / "fixed.jsonl")]
    evaluated, validated = _eval_and_validate([str(RAG / "qrels.jsonl"), str(run), *chunks],
                                              [str(run), *chunks])
    expected = f"{run}:3: error: chunk nochunk is not in the chunk map"
    assert evaluated.exit_code == 1 and expected in evaluated.stderr
    assert validated.exit_code == 1 and expected in validated.stdout


def test_several_chunk_maps_as_eval_takes_them():
    runs = [str(RAG / "runs" / f"{c}.txt") for c in ("fixed", "sentence")]
    maps = [a for c in ("fixed", "sentence") for a in ("--chunk-map",
                                                       str(RAG / "chunks" / f"{c}.jsonl"))]
    evaluated, validated = _eval_and_validate([str(RAG / "qrels.jsonl"), *runs, *maps],
                                              [str(RAG / "qrels.jsonl"), *runs, *maps])
    assert evaluated.exit_code == 0 and validated.exit_code == 0, validated.stdout


def test_shared_run_names_and_file_order_said_as_eval_says_them(tmp_path):
    (tmp_path / "q.txt").write_text("1 0 d1 1\n1 0 d2 1\n")
    run = "1 Q0 d1 1 0.5 sys\n1 Q0 d2 2 0.9 sys\n"  # ranks 1, 2 but RSVs rising
    (tmp_path / "a.txt").write_text(run)
    (tmp_path / "b.txt").write_text(run)
    files = [str(tmp_path / n) for n in ("q.txt", "a.txt", "b.txt")]
    evaluated = CliRunner().invoke(cli, ["eval", *files, "-m", "P_5"])
    validated = CliRunner().invoke(cli, ["validate", *files])
    shared = "warning: 2 runs share the run name 'sys'"
    order = "1 topic(s) list results out of trec_eval's order"
    assert shared in evaluated.stderr and shared in validated.stdout
    assert order in evaluated.stderr
    assert f"{tmp_path / 'a.txt'}: warning: run sys: {order}" in validated.stdout

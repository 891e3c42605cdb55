"""One file-stem rule (``file_stem``: ``.gz`` and then one more suffix removed, ``<stdin>``
for standard input) names a run read from a file without a run-id, each chunking of merged
chunk maps, and the label telling same-named runs apart.  Before, merged chunk maps named a
chunking ``Path.stem`` (``fixed.jsonl`` for ``fixed.jsonl.gz``) and same-named runs were told
apart by a rule of their own (``r (-)`` for a run read from standard input, which every
message names ``<stdin>``)."""
import gzip

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.io.spans import read_chunk_map
from sdreval.model.runnames import distinct_run_names


def test_merged_chunk_maps_name_chunkings_by_the_file_stem(tmp_path):
    a = tmp_path / "fixed.jsonl.gz"
    with gzip.open(a, "wt", encoding="utf-8") as handle:
        handle.write('{"chunk_id": "a0", "doc_id": "d", "start": 0, "end": 10}\n')
    b = tmp_path / "semantic.jsonl"
    b.write_text('{"chunk_id": "b0", "doc_id": "d", "start": 0, "end": 5}\n')
    merged = read_chunk_map([str(a), str(b)])
    assert merged.part_names == ("fixed", "semantic")
    assert merged.chunking(0).source == "fixed"


def test_same_named_runs_labelled_by_the_file_stem():
    names, _ = distinct_run_names(["r", "r"], ["-", "runs/b.txt.gz"])
    assert names == ["r (<stdin>)", "r (b)"]
    names, _ = distinct_run_names(["r", "r"], ["runs/a.txt", "(DataFrame)"])
    assert names == ["r (a #1)", "r (#2)"]  # a run in memory has no stem: numbered


def test_the_rule_lives_beside_the_run_names():
    from sdreval.model.runnames import file_stem

    assert file_stem("-") == "<stdin>" and file_stem("runs/b.txt.gz") == "b"
    assert file_stem("runs/.hidden") == ".hidden" and file_stem("a.b.txt") == "a.b"


def test_cli_run_from_stdin_beside_a_same_named_file(tmp_path):
    qrels = tmp_path / "q.txt"
    qrels.write_text("1 0 d1 1\n")
    run = tmp_path / "other.txt"
    run.write_text("1 Q0 d1 1 3.0 r\n")
    got = CliRunner().invoke(cli, ["eval", str(qrels), "-", str(run), "-m", "P@1"],
                             input=run.read_text())
    assert got.exit_code == 0, got.output
    assert "r (<stdin>)\tP@1\tall\t1.0000" in got.stdout
    assert "named 'r (<stdin>)', 'r (other)'" in got.stderr


def test_stability_variants_named_by_the_file_stem(tmp_path):
    (tmp_path / "q.txt").write_text("1 0 d1 1\n1 0 d2 0\n2 0 d3 1\n")
    (tmp_path / "r1.txt").write_text("1 Q0 d1 1 3.0 r\n1 Q0 d2 2 2.0 r\n2 Q0 d3 1 1.0 r\n")
    (tmp_path / "r2.txt").write_text("1 Q0 d2 1 3.0 s\n1 Q0 d1 2 2.0 s\n2 Q0 d3 1 1.0 s\n")
    with gzip.open(tmp_path / "alt.txt.gz", "wt") as handle:
        handle.write("1 0 d1 1\n1 0 d2 1\n2 0 d3 0\n")  # topic 2: nothing relevant
    args = [str(tmp_path / n) for n in ("q.txt", "r1.txt", "r2.txt")] + [
        "-m", "map", "-a", "variants", "--alt-qrels", str(tmp_path / "alt.txt.gz"),
    ]
    got = CliRunner().invoke(cli, ["stability", *args])
    assert got.exit_code == 1, got.output
    assert "topic(s) 2 are judged in 'alt' but have no score there" in got.stderr

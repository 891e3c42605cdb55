"""Mistakes people make, said plainly: swapped arguments, a directory as qrels, a missing path,
a chunk-ID run without its chunk map, passage measures on element judgements."""
from __future__ import annotations

import shutil

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 1\n1 0 d2 0\n2 0 d3 1\n"
RUN = "1 Q0 d1 1 2.0 sys\n1 Q0 d2 2 1.0 sys\n2 Q0 d3 1 1.0 sys\n"


def _files(tmp_path):
    (tmp_path / "qrels.txt").write_text(QRELS)
    (tmp_path / "run.txt").write_text(RUN)
    return str(tmp_path / "qrels.txt"), str(tmp_path / "run.txt")


def test_swapped_qrels_and_run(tmp_path):
    qrels, run = _files(tmp_path)
    result = CliRunner().invoke(cli, ["eval", run, qrels, "-m", "map"])
    assert result.exit_code == 1
    assert "swapped?" in result.stderr


def test_directory_of_trec_files_as_qrels(tmp_path):
    qrels, run = _files(tmp_path)
    folder = tmp_path / "trec"
    folder.mkdir()
    shutil.copy(qrels, folder / "qrels.txt")
    result = CliRunner().invoke(cli, ["eval", str(folder), run, "-m", "map"])
    assert result.exit_code == 1
    assert "collection file" not in result.stderr
    assert "is a directory" in result.stderr and "give the qrels file itself" in result.stderr


def test_missing_paths_are_usage_errors(tmp_path):
    qrels, run = _files(tmp_path)
    for args in (["eval", str(tmp_path / "nothere.txt"), run], ["eval", qrels, "missing.run"]):
        result = CliRunner().invoke(cli, args + ["-m", "map"])
        assert result.exit_code == 2
        assert result.stderr.startswith("sdreval: usage error: ")
        assert "Try 'sdreval" not in result.stderr


def test_chunk_id_run_without_chunk_map_is_refused(tmp_path):
    (tmp_path / "qrels.jsonl").write_text(
        '{"query_id": "q1", "doc_id": "doc0", "start": 0, "end": 10, "relevance": 1}\n')
    (tmp_path / "run.txt").write_text("q1 Q0 doc0-c001 1 2.0 bm25\nq1 Q0 doc0-c002 2 1.0 bm25\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "qrels.jsonl"),
                                      str(tmp_path / "run.txt"), "-m", "AP"])
    assert result.exit_code == 1
    assert "--chunk-map" in result.stderr and "chunk-ID run" in result.stderr
    # a document run of the same judgements' documents is still scored (document level)
    (tmp_path / "docs.txt").write_text("q1 Q0 doc0 1 2.0 bm25\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "qrels.jsonl"),
                                      str(tmp_path / "docs.txt"), "-m", "AP"])
    assert result.exit_code == 0 and "\tAP\tall\t1.0000" in result.stdout


def test_passage_measures_on_element_judgements(tmp_path):
    from sdreval.data import example_path

    qrels = example_path("kazai-lalmas-2006") / "qrels.tsv"
    (tmp_path / "passages.txt").write_text("163 Q0 co/2001/r7022 1 2.0 sys 0 100\n")
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(tmp_path / "passages.txt"),
                                      "-m", "MAiP"])
    assert result.exit_code == 2, result.output
    assert "passage judgements" in result.stderr


def test_quiet_silences_the_policy_line(tmp_path):
    qrels, run = _files(tmp_path)
    loud = CliRunner().invoke(cli, ["eval", qrels, run, "-m", "map"])
    quiet = CliRunner().invoke(cli, ["eval", qrels, run, "-m", "map", "--quiet"])
    assert "means over" in loud.stderr
    assert quiet.exit_code == 0 and quiet.stderr == "" and quiet.stdout == loud.stdout


def test_a_header_line_is_named_as_such(tmp_path):
    """A run or qrels file with a header line (as pandas or a spreadsheet writes them) gets
    one message saying so and what to do, not one per column ("rank 'rank' is not an integer",
    "rsv 'score' is not a finite number")."""
    qrels, run = _files(tmp_path)
    (tmp_path / "h.run").write_text("query_id Q0 doc_id rank score run\n" + RUN)
    (tmp_path / "h.qrels").write_text("qid iter docno rel\n" + QRELS)
    result = CliRunner().invoke(cli, ["eval", qrels, str(tmp_path / "h.run"), "-m", "map"])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{tmp_path / 'h.run'}:1: error: 'query_id Q0 doc_id rank score run' looks like a "
        "header line (column names): TREC-like files have none (one result per line: topic Q0 "
        "doc rank rsv run-id); delete this line"]
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "h.qrels"), run, "-m", "map"])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{tmp_path / 'h.qrels'}:1: error: 'qid iter docno rel' "
                                    "looks like a header line")
    assert "delete this line" in result.stderr
    # a bad number is still named as such
    (tmp_path / "bad.run").write_text(RUN + "1 Q0 d4 3 nan sys\n1 Q0 d5 x 1.0 sys\n")
    result = CliRunner().invoke(cli, ["eval", qrels, str(tmp_path / "bad.run"), "-m", "map"])
    assert "rsv 'nan' is not a finite number" in result.stderr
    assert "rank 'x' is not an integer" in result.stderr
    assert "looks like a header" not in result.stderr


def test_unrecognised_files_say_what_they_most_likely_lack(tmp_path):
    """A TREC run without its run-id column, or a comma-separated run, gets the likely cause
    after "unrecognised format"."""
    qrels, _ = _files(tmp_path)
    (tmp_path / "five.run").write_text("1 Q0 d1 1 2.0\n1 Q0 d2 2 1.0\n")
    (tmp_path / "comma.run").write_text("1,Q0,d1,1,2.0,sys\n1,Q0,d2,2,1.0,sys\n")
    result = CliRunner().invoke(cli, ["eval", qrels, str(tmp_path / "five.run"), "-m", "map"])
    assert result.exit_code == 1
    assert "unrecognised format" in result.stderr
    assert "its lines have 5 fields: a TREC run has 6 (topic Q0 doc rank rsv run-id); is a " \
           "column missing (most often the run-id)?" in result.stderr
    result = CliRunner().invoke(cli, ["eval", qrels, str(tmp_path / "comma.run"), "-m", "map"])
    assert result.exit_code == 1
    assert "it looks comma-separated" in result.stderr


def test_stability_of_one_run_names_the_analysis_and_the_way_out(tmp_path):
    qrels, run = _files(tmp_path)
    result = CliRunner().invoke(cli, ["stability", qrels, run, "-m", "map", "-a",
                                      "discrimination"])
    assert result.exit_code == 2
    assert "the discrimination analysis (Tukey's HSD" in result.stderr
    assert "got 1 run(s) and 2 topic(s)" in result.stderr and "-a ci" in result.stderr
    assert CliRunner().invoke(cli, ["stability", qrels, run, "-m", "map", "-a", "ci"]
                              ).exit_code == 0
    # the default set (session 26): what one run cannot support is left out with a note
    default = CliRunner().invoke(cli, ["stability", qrels, run, "-m", "map"])
    assert default.exit_code == 0 and "discrimination: needs at least 2 runs" in default.stderr


def test_results_outside_the_collection_are_counted_in_the_warning(tmp_path):
    """Element results of documents missing from --collection cannot become passages: the
    warning says how many of the run's results that is, and in how many topics (not "N
    conversion problem(s)")."""
    from sdreval.data import example_path

    syn = example_path("synthetic")
    docs = sorted((syn / "docs").glob("*.xml"))
    (tmp_path / "docs").mkdir()
    for doc in docs[:1]:
        shutil.copy(doc, tmp_path / "docs" / doc.name)
    run = syn / "runs" / "sim01.txt"
    stems = {doc.stem for doc in docs[:1]}
    outside = [line.split()[0] for line in run.read_text().splitlines()
               if line.strip() and line.split()[2] not in stems]
    result = CliRunner().invoke(cli, ["eval", str(syn / "qrels.fol"), str(run), "-m", "MAiP",
                                      "--collection", str(tmp_path / "docs")])
    assert result.exit_code == 0, result.output
    assert (f"run sim01: {len(outside):,} result(s) in {len(set(outside))} topic(s) could not "
            "be turned into passages through the collection") in result.stderr
    assert "conversion problem" not in result.stderr and ": error: " not in result.stderr


def test_a_binary_file_is_named_as_such(tmp_path):
    qrels, _ = _files(tmp_path)
    (tmp_path / "run.bin").write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00" + bytes(range(256)))
    result = CliRunner().invoke(cli, ["eval", qrels, str(tmp_path / "run.bin"), "-m", "map"])
    assert result.exit_code == 1
    assert "NUL bytes: a binary file" in result.stderr and "\\x00" not in result.stderr
    assert result.stderr.count("\n") == 1


def test_trec_eval_output_given_as_scores(tmp_path):
    """`compare --scores` of trec_eval's -q output says what the file is and how to get one."""
    (tmp_path / "te.txt").write_text("map                   \t401\t0.0980\n"
                                     "map                   \t402\t0.1279\n"
                                     "map                   \tall\t0.1130\n")
    result = CliRunner().invoke(cli, ["compare", "--scores", str(tmp_path / "te.txt"),
                                      "-m", "map"])
    assert result.exit_code == 1
    assert "-q --format csv -o FILE" in result.stderr
    assert "this looks like trec_eval's output" in result.stderr


def test_a_topics_file_or_a_document_given_as_input(tmp_path):
    """INEX topic files and collection documents are XML too: the error names the root element
    and the likely mix-up."""
    qrels, _ = _files(tmp_path)
    (tmp_path / "topics.xml").write_text('<?xml version="1.0"?>\n<inex-topic-file><topic id="1">'
                                         "<title>x</title></topic></inex-topic-file>\n")
    (tmp_path / "1164.xml").write_text("<article><bdy><p>text</p></bdy></article>\n")
    result = CliRunner().invoke(cli, ["eval", qrels, str(tmp_path / "topics.xml")])
    assert result.exit_code == 1
    assert "(root element <inex-topic-file>; a topics file? sdreval needs only the judgements " \
           "and the runs)" in result.stderr
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "1164.xml"), qrels])
    assert result.exit_code == 1
    assert "root element <article>; a document of the collection? give its directory with " \
           "--collection DIR" in result.stderr


def test_span_measures_on_document_judgements_name_the_judgements(tmp_path):
    """SpanP@5 of a TREC run against TREC qrels: the judgements hold no text, which no
    collection can fix (the message told to give --collection)."""
    qrels, run = _files(tmp_path)
    result = CliRunner().invoke(cli, ["eval", qrels, run, "-m", "SpanP@5"])
    assert result.exit_code == 2
    assert "span measures need passage judgements" in result.stderr
    assert "--collection" not in result.stderr

"""Every path refuses as the serial path does, which reads the qrels and every run before it
evaluates any: read errors (of the qrels and of every run) first, exit 1; then, with no read
error, the runs' read warnings, the statement of runs renamed and the hints about their
order, before an error of the evaluation (exit 2) or the evaluation's warnings.  The paths:
``--jobs`` (byte ranges read by the workers), ``--stream``, and both."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

PATHS = [["--jobs", "2"], ["--stream"], ["--stream", "--jobs", "2"]]
#: an evaluation error: passage measures on judgements of documents (no text is relevant)
PASSAGE_ON_DOCUMENTS = "usage error: MAiP: passage measures need passage judgements"


def _lines(topic_rsv: list[tuple[str, str]], name: str = "sys") -> str:
    return "".join(f"{t} Q0 d{i} {i + 1} {rsv} {name}\n" for i, (t, rsv) in enumerate(topic_rsv))


@pytest.fixture
def files(tmp_path):
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("".join(f"{t} 0 d{d} {d % 2}\n" for t in (1, 2, 3) for d in range(6)))
    out = {"qrels": qrels}
    # topics 1 and 2 out of trec_eval's order (rsv rises): a hint; d0 of topic 1 listed twice:
    # a read warning
    out["warned"] = _lines([("1", "1"), ("1", "2"), ("2", "3"), ("2", "4"), ("3", "5")])
    out["warned"] += "1 Q0 d0 9 0.5 sys\n"
    out["bad"] = _lines([("1", "5"), ("1", "4"), ("2", "x"), ("3", "2")])  # line 3: rsv 'x'
    out["other_bad"] = _lines([("1", "5"), ("2", "y")])  # line 2: rsv 'y'
    for key in ("warned", "bad", "other_bad"):
        path = tmp_path / f"{key}.txt"
        path.write_text(out[key])
        out[key] = path
    return out


def _eval(*args):
    result = CliRunner().invoke(cli, ["eval", *map(str, args)])
    return result.exit_code, result.stdout, result.stderr


def _same_on_every_path(*args):
    serial = _eval(*args)
    for path in PATHS:
        assert _eval(*args, *path) == serial, path
    return serial


def test_read_error_comes_before_an_evaluation_error(files):
    code, out, err = _same_on_every_path(files["qrels"], files["bad"], "-m", "MAiP", "-q")
    assert (code, out) == (1, "")
    assert err == f"{files['bad']}:3: error: rsv 'x' is not a finite number\n"


def test_read_warnings_and_hints_are_told_before_an_evaluation_error(files):
    code, _, err = _same_on_every_path(files["qrels"], files["warned"], "-m", "MAiP", "-q")
    lines = err.splitlines()
    assert code == 2 and len(lines) == 3
    assert lines[0].startswith(f"{files['warned']}:6: warning: topic 1: result d0 ")
    assert lines[1].startswith("sdreval: warning: run sys: 2 topic(s) list results out of "
                               "trec_eval's order")
    assert PASSAGE_ON_DOCUMENTS in lines[2]


def test_read_errors_of_every_run_and_of_the_qrels(files, tmp_path):
    code, _, err = _same_on_every_path(files["qrels"], files["bad"], files["other_bad"],
                                       "-m", "AP")
    assert code == 1 and err.splitlines() == [
        f"{files['bad']}:3: error: rsv 'x' is not a finite number",
        f"{files['other_bad']}:2: error: rsv 'y' is not a finite number"]
    bad_qrels = tmp_path / "bad_qrels.txt"
    bad_qrels.write_text(files["qrels"].read_text() + "1 0 d9 high\n")
    code, _, err = _same_on_every_path(bad_qrels, files["bad"], "-m", "AP")
    assert code == 1 and err.splitlines() == [
        f"{bad_qrels}:19: error: relevance 'high' is not an integer: write the grade in decimal "
        "digits",
        f"{files['bad']}:3: error: rsv 'x' is not a finite number"]


def test_hints_come_before_the_warnings_of_the_options(files):
    code, _, err = _same_on_every_path(files["qrels"], files["warned"], "-m", "AP",
                                       "--beta", "0.5")
    lines = err.splitlines()
    assert code == 0
    assert "list results out of trec_eval's order" in lines[1]
    assert lines[2].startswith("sdreval: warning: --beta 0.5 not used")


def test_runs_sharing_a_name_are_renamed_when_one_scores_no_topic(files, tmp_path):
    unjudged = tmp_path / "unjudged.txt"  # the same run-id, on topics the qrels do not hold
    unjudged.write_text(_lines([("91", "2"), ("92", "1")]))
    good = tmp_path / "good.txt"
    good.write_text(_lines([("1", "2"), ("2", "1")]))
    code, out, err = _same_on_every_path(files["qrels"], unjudged, good, "-m", "P@1", "-q",
                                         "--format", "csv")
    assert code == 0
    assert out.splitlines()[1:] == ["sys (good),1,P@1,0.0,", "sys (good),2,P@1,1.0,",
                                    "sys (good),all,P@1,0.5,2"]
    assert "2 runs share the run name 'sys'" in err


def test_a_run_read_in_pieces_that_cannot_give_its_reading_is_read_whole(files, tmp_path):
    """Topic 1 in two places (its second block repeats a result of the first): its pieces
    do not see the repeat, so the file is read whole before the evaluation error is raised;
    with -o DIR/ (the pieces' topic names put together where they were written) too."""
    run = tmp_path / "apart.txt"
    run.write_text(_lines([("1", "3"), ("1", "2"), ("2", "3"), ("2", "2"), ("3", "1")])
                   + "1 Q0 d0 9 0.5 sys\n")
    args = [files["qrels"], run, "-m", "MAiP", "-q"]
    code, _, err = _same_on_every_path(*args)
    assert code == 2 and err.startswith(f"{run}:6: warning: topic 1: result d0 repeats line 1")
    out = tmp_path / "out"
    got = _eval(*args, "--format", "parquet", "-o", f"{out}/", "--jobs", "2")
    assert got == (code, "", err) and not list(out.iterdir())


def test_bad_rows_in_two_files_of_a_parquet_dataset(files, tmp_path):
    """Read file by file (--jobs), a dataset's bad rows are refused together, as read whole
    (one file's were raised)."""
    import pandas as pd

    dataset = tmp_path / "dataset"
    dataset.mkdir()
    for t, bad in (("1", "x"), ("2", "y")):
        pd.DataFrame({"query_id": [t, t], "doc_id": ["d1", "d2"], "score": ["2", bad]}
                     ).to_parquet(dataset / f"part{t}.parquet", index=False)
    args = ["eval", files["qrels"], dataset, "-m", "AP"]
    serial = _eval(*args[1:])
    assert serial == (1, "", f"{dataset}/part1.parquet:2: error: score 'x' is not a finite "
                             f"number\n{dataset}/part2.parquet:2: error: score 'y' is not a "
                             "finite number\n")
    assert _eval(*args[1:], "--jobs", "2") == serial

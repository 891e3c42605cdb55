"""A byte-order mark after the start of a file (two files joined with ``cat``, the second saved
with a BOM, as Notepad and PowerShell save UTF-8) was read as part of the next line's topic:
topic ``\\ufeff2`` is not topic 2.  trec_eval reads it so too (it reports the run's topic
``\\ufeff2`` as not found in the qrels), and sdreval scored silently: the qrels' topic 2 lost
its first judgement (AP 1.0 instead of 0.5), and the run's topic 2 its first result (AP 0.0).
Now the line (or, in a table, the id) is an error at its file:line, in every container."""
from __future__ import annotations

import json
import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.errors import InputError, ProblemLog
from sdreval.cli.main import cli
from sdreval.io import read_qrels, read_run

BOM = b"\xef\xbb\xbf"
QRELS_A = b"1 0 d1 1\n1 0 d3 2\n"
QRELS_B = b"2 0 d4 1\n2 0 d5 1\n"
RUN_A = b"1 Q0 d1 1 3.0 r\n1 Q0 d4 2 2.5 r\n1 Q0 d3 3 2.0 r\n"
RUN_B = b"2 Q0 d5 1 1.0 r\n2 Q0 d9 2 0.5 r\n"
WHY = "holds a byte-order mark"


def _ap_topic_2() -> float:
    # topic 2: d4 and d5 relevant; the run retrieves d5 (relevant) then d9: AP = (1/1) / 2
    return (1 / 1) / 2


def test_the_plain_files_give_ap_one_half_on_topic_2(tmp_path):
    (tmp_path / "q").write_bytes(QRELS_A + QRELS_B)
    (tmp_path / "r").write_bytes(RUN_A + RUN_B)
    table = sdreval.evaluate(tmp_path / "q", tmp_path / "r", "AP", per_topic=True)
    assert table.set_index("topic").loc["2", "value"] == _ap_topic_2()


@pytest.mark.parametrize("side", ["qrels", "run"])
def test_a_bom_between_joined_files_is_an_error_at_its_line(tmp_path, side):
    (tmp_path / "q").write_bytes(QRELS_A + (BOM if side == "qrels" else b"") + QRELS_B)
    (tmp_path / "r").write_bytes(RUN_A + (BOM if side == "run" else b"") + RUN_B)
    line = 3 if side == "qrels" else 4
    with pytest.raises(InputError) as error:
        sdreval.evaluate(tmp_path / "q", tmp_path / "r", "AP")
    problem = error.value.problems[0]
    assert WHY in problem.message and problem.line == line, problem


@pytest.mark.parametrize("text", [
    "1 Q0 doc 1 1.0 r /article[1]\n\ufeff1 Q0 doc 2 0.5 r /article[1]/sec[1]\n",  # element
    "1 Q0 doc 1 1.0 r 0 10\n\ufeff1 Q0 doc 2 0.5 r 20 5\n",  # passage (FOL) run
])
def test_every_text_run_layout_refuses_it(tmp_path, text):
    (tmp_path / "r").write_text(text, encoding="utf-8")
    log = ProblemLog()
    read_run(tmp_path / "r", log=log)
    assert [(p.line, WHY in p.message) for p in log.errors] == [(2, True)]


@pytest.mark.parametrize("text", [
    "1 Q0 d1 10 100 0 0:10\n\ufeff2 Q0 d2 5 100 0 0:5\n",  # FOL qrels
    "topic\tfile\tpath\texhaustivity\tspecificity\n1\td1\t/article[1]\t1\t1\n"
    "\ufeff2\td2\t/article[1]\t2\t2\n",  # native TSV
])
def test_every_judgement_layout_refuses_it(tmp_path, text):
    (tmp_path / "q").write_text(text, encoding="utf-8")
    log = ProblemLog()
    read_qrels(tmp_path / "q", log=log)
    assert [WHY in p.message for p in log.errors] == [True]
    assert log.errors[0].line == text.count("\n", 0, text.index("\ufeff")) + 1


def test_a_bom_at_the_start_of_the_file_is_still_ignored(tmp_path):
    (tmp_path / "q").write_bytes(BOM + QRELS_A + QRELS_B)
    (tmp_path / "r").write_bytes(BOM + RUN_A + RUN_B)
    table = sdreval.evaluate(tmp_path / "q", tmp_path / "r", "AP", per_topic=True)
    assert table.set_index("topic").loc["2", "value"] == _ap_topic_2()


def test_csv_joined_and_an_id_of_a_frame_or_dict_are_refused_alike(tmp_path):
    (tmp_path / "q").write_bytes(QRELS_A + QRELS_B)
    (tmp_path / "r.csv").write_bytes(b"qid,docno,score\n1,d1,3.0\n" + BOM + b"2,d5,1.0\n")
    with pytest.raises(InputError) as error:
        sdreval.evaluate(tmp_path / "q", tmp_path / "r.csv", "AP")
    assert WHY in error.value.problems[0].message and error.value.problems[0].line == 3
    for run in (pd.DataFrame({"qid": ["\ufeff2"], "docno": ["d5"], "score": [1.0]}),
                {"\ufeff2": {"d5": 1.0}}):
        with pytest.raises(InputError, match=WHY):
            sdreval.evaluate(tmp_path / "q", run, "AP")
    (tmp_path / "r.json").write_text(json.dumps({"\ufeff2": {"d5": 1.0}}))
    with pytest.raises(InputError, match=WHY):
        sdreval.evaluate(tmp_path / "q", tmp_path / "r.json", "AP")


def test_the_cli_exits_1_naming_the_line(tmp_path):
    (tmp_path / "q").write_bytes(QRELS_A + QRELS_B)
    (tmp_path / "r").write_bytes(RUN_A + BOM + RUN_B)
    for args in (["eval", str(tmp_path / "q"), str(tmp_path / "r"), "-m", "AP"],
                 ["eval", str(tmp_path / "q"), str(tmp_path / "r"), "-m", "AP", "--stream"],
                 ["validate", str(tmp_path / "r")]):
        done = CliRunner().invoke(cli, args)
        assert done.exit_code == 1 and f"r:4: error: the line {WHY}" in done.output, \
            (args, done.output)

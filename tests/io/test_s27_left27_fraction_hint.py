"""A one-line TREC qrels file whose grade is a fraction (``1 0 d1 2.5``) fits no format, and
the refusal said only "unrecognised format"; named (``--format trec-qrels``) the same line is
refused as a fractional grade.  Detection now adds that reason (the grade must be an integer)."""
from click.testing import CliRunner

from sdreval.cli.main import cli

_SAID = ("its lines look like TREC qrels (qid iter docno rel), but relevance '2.5' is not an "
         "integer (trec_eval and ranx truncate it, ir_measures refuses it): write the grade "
         "meant as a whole number")


def test_a_fractional_grade_is_named_when_detection_fails(tmp_path):
    (tmp_path / "q").write_text("1 0 d1 2.5\n")
    got = CliRunner().invoke(cli, ["validate", str(tmp_path / "q")])
    assert got.exit_code == 1
    assert "unrecognised format" in got.output and _SAID in got.output


def test_the_named_format_says_the_same_reason(tmp_path):
    (tmp_path / "q").write_text("1 0 d1 2.5\n")
    got = CliRunner().invoke(cli, ["validate", "--format", "trec-qrels", str(tmp_path / "q")])
    assert got.exit_code == 1
    assert "relevance '2.5' is not an integer" in got.output


def test_no_grade_hint_for_other_lines():
    from sdreval.io.text_hints import unrecognised_hint

    assert "grade" not in unrecognised_hint([["q1", "d1", "5", "0.7"]])  # not qid iter docno
    assert "integer" not in unrecognised_hint([["1", "0", "d1", "nan"]])  # not a number


def test_a_q0_line_with_a_fraction_is_asked_about_the_run_it_may_be(tmp_path):
    from sdreval.io.text_hints import unrecognised_hint

    # topic Q0 doc score: a TREC run without rank and run-id (not sdreval eval's output)
    said = unrecognised_hint([["2", "Q0", "doc0006", "0.9"]])
    assert said == ("; its lines have 4 fields: a TREC run has 6 (topic Q0 doc rank rsv "
                    "run-id: are the rank and the run-id missing?), and TREC qrels (qid iter "
                    "docno rel) take an integer grade, not '0.9'")

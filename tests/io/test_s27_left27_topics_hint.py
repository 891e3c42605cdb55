"""A text topics file (``2009011 olive oil health benefit``, as the INEX 2009 sample's
topics_7Q.txt) fits no format, and the refusal gave no hint; an XML topics file is asked
"a topics file?".  The text one now is too."""
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.io.text_hints import unrecognised_hint


def test_a_text_topics_file_is_asked_whether_it_is_one(tmp_path):
    (tmp_path / "t.txt").write_text("2009011 olive oil health benefit\n"
                                    "2009036 notting hill film actors\n")
    got = CliRunner().invoke(cli, ["validate", str(tmp_path / "t.txt")])
    assert got.exit_code == 1
    assert ("its lines are a number and words (topic id and query?): a topics file? sdreval "
            "needs only the judgements and the runs") in got.output


def test_prose_and_judgements_are_not_topics():
    assert "topics" not in unrecognised_hint([["Public", "data", "from", "INEX"]])
    assert "topics" not in unrecognised_hint([["1", "0", "d1", "high"]])  # a number in it
    assert "topics" not in unrecognised_hint([["7"]])

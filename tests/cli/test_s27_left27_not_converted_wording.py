"""``validate --collection`` places element runs in the collection; a result it cannot place
was reported as "not converted", though validate converts nothing.  The message now says what
was not done: the result is not converted to a passage (as convert and eval's passage measures
would convert it)."""
from pathlib import Path

from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli

DOCS = Path(sdreval.__file__).parent / "data" / "examples" / "synthetic" / "docs"


def test_validate_says_what_was_not_converted(tmp_path):
    (tmp_path / "r.txt").write_text("1 Q0 nodoc 1 0.9 r /article[1]\n"
                                    "1 Q0 doc0000 2 0.8 r /article[1]/nosuch[9]\n")
    got = CliRunner().invoke(cli, ["validate", "--collection", str(DOCS),
                                   str(tmp_path / "r.txt")])
    assert ("topic 1: 1 result(s) in 1 document(s) not in the collection (nodoc); not "
            "converted to passages") in got.output
    assert ("topic 1: doc0000 /article[1]/nosuch[9] is not an element of the document; the "
            "result is not converted to a passage") in got.output

"""``stability -a variants --alt-qrels A --alt-qrels B`` refused bad alternative assessments
one at a time: A's read error stopped the command before B was read, and of two alternatives
that judge a topic without scoring it only the first was named; fixed, the next one failed.
Now every alternative's read errors, and every alternative's topic problem, are said at once."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def _files(tmp_path, alternatives: dict[str, str]):
    (tmp_path / "q.txt").write_text("1 0 d1 1\n1 0 d2 0\n2 0 d3 1\n")
    (tmp_path / "r1.txt").write_text("1 Q0 d1 1 3.0 r\n1 Q0 d2 2 2.0 r\n2 Q0 d3 1 1.0 r\n")
    (tmp_path / "r2.txt").write_text("1 Q0 d2 1 3.0 s\n1 Q0 d1 2 2.0 s\n2 Q0 d3 1 1.0 s\n")
    args = [str(tmp_path / n) for n in ("q.txt", "r1.txt", "r2.txt")] + ["-m", "map", "-a",
                                                                         "variants"]
    for name, text in alternatives.items():
        (tmp_path / name).write_text(text)
        args += ["--alt-qrels", str(tmp_path / name)]
    return CliRunner().invoke(cli, ["stability", *args])


def test_read_errors_of_every_alternative(tmp_path):
    result = _files(tmp_path, {"a1.txt": "1 0 d1 0\n1 0 d2 1\n2 0 d3 x\n",
                               "a2.txt": "1 0 d1 1\n1 0 d2 0\n2 0 d3 one\n"})
    assert result.exit_code == 1
    assert f"{tmp_path / 'a1.txt'}:3: error: relevance 'x' is not an integer" in result.stderr
    assert f"{tmp_path / 'a2.txt'}:3: error: relevance 'one' is not an integer" in result.stderr


def test_topic_problems_of_every_alternative(tmp_path):
    # topic 2 judged in a4 and a5 with nothing relevant: no score there, scored elsewhere
    result = _files(tmp_path, {"a4.txt": "1 0 d1 1\n1 0 d2 1\n2 0 d3 0\n",
                               "a5.txt": "1 0 d1 1\n1 0 d2 0\n2 0 d3 0\n"})
    assert result.exit_code == 1
    for name in ("a4", "a5"):
        assert f"topic(s) 2 are judged in '{name}' but have no score there" in result.stderr

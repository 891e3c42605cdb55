"""A result whose path differs from an assessed element's of its document only in case
(``/article[1]/BDY[1]`` where ``/article[1]/bdy[1]`` is assessed) names another element (XML
names are case-sensitive, XML 1.0 §2.3) and scores as an unassessed one; without a collection
that was said nowhere.  Now a warning names the assessed path it may mean, once per run for
every element family (XCG, inex_eval, inex_eval_ng, ESR), the same with --jobs 2; the values
are those of a run naming an unassessed element in its place."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = ("1\td1\t/article[1]\t2\t0.5\n1\td1\t/article[1]/bdy[1]\t2\t1.0\n"
         "2\td2\t/article[1]\t1\t0.5\n2\td2\t/article[1]/bdy[1]/sec[2]\t2\t1.0\n")
MEASURES = ["-m", "nxCG@3", "-m", "MAep", "-m", "inex_eval", "-m", "ESRR@3"]


def _eval(tmp_path, first: str, second: str, *options: str):
    (tmp_path / "q.tsv").write_text(QRELS)
    (tmp_path / "r.txt").write_text(f"1 Q0 d1 1 2 r {first}\n1 Q0 d1 2 1 r /article[1]\n"
                                    f"2 Q0 d2 1 2 r {second}\n")
    return CliRunner().invoke(cli, ["eval", str(tmp_path / "q.tsv"), str(tmp_path / "r.txt"),
                                    *MEASURES, *options])


def test_a_path_in_another_case_is_said_with_the_assessed_path(tmp_path):
    said = _eval(tmp_path, "/article[1]/BDY[1]", "/ARTICLE[1]/bdy[1]/sec[2]")
    assert said.exit_code == 0, said.output
    lines = [line for line in said.stderr.splitlines() if "case" in line]
    assert lines == [
        "sdreval: warning: run r: 2 result(s) in 2 topic(s) name elements not assessed whose "
        "paths differ from an assessed element's of their document only in case or Unicode "
        "form: XML names are case-sensitive, so they are other elements, scored as unassessed; "
        "write the paths as the assessments do if the assessed ones are meant: topic 1: d1 "
        "/article[1]/BDY[1] (assessed: /article[1]/bdy[1]); topic 2: d2 "
        "/ARTICLE[1]/bdy[1]/sec[2] (assessed: /article[1]/bdy[1]/sec[2])"]
    assert _eval(tmp_path, "/article[1]/BDY[1]", "/ARTICLE[1]/bdy[1]/sec[2]",
                 "--jobs", "2").stderr == said.stderr
    unassessed = _eval(tmp_path, "/article[1]/xyz[1]", "/other[1]/bdy[1]/sec[2]")
    assert unassessed.exit_code == 0 and "case" not in unassessed.stderr
    assert said.stdout == unassessed.stdout


def test_assessed_paths_are_not_named(tmp_path):
    said = _eval(tmp_path, "/article[1]/bdy[1]", "/article[1]/bdy[1]/sec[2]")
    assert said.exit_code == 0 and "case" not in said.stderr

"""``sdreval report`` without ``-m`` names the measures it chose on stderr, as ``eval`` does
("no -m given: ..."), so the user knows what the page holds and how to change it."""
from click.testing import CliRunner

from sdreval.cli.main import cli


def _inputs(tmp_path):
    qrels = tmp_path / "q.qrels"
    qrels.write_text("".join(f"{t} 0 d{d} {d % 2}\n" for t in (1, 2) for d in range(1, 5)))
    runs = []
    for name in ("a", "b"):
        run = tmp_path / f"{name}.txt"
        run.write_text("".join(f"{t} Q0 d{d} {d} {5 - d} {name}\n" for t in (1, 2)
                               for d in range(1, 5)))
        runs.append(str(run))
    return [str(qrels), *runs]


def test_report_names_its_default_measures(tmp_path):
    out = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["report", *_inputs(tmp_path), "--no-plots", "-o",
                                      str(out)])
    assert result.exit_code == 0, result.output
    # the document-run set of `sdreval eval --help` (AP, nDCG@10, P@10, RR, R@100, Judged@10)
    assert ("sdreval: no -m given: reporting AP, nDCG@10, P@10, RR, R@100, Judged@10 "
            "(choose others with -m)\n") in result.stderr


def test_report_with_measures_says_nothing_of_defaults(tmp_path):
    out = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["report", *_inputs(tmp_path), "--no-plots", "-m", "AP",
                                      "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "no -m given" not in result.stderr

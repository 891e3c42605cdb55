"""``compare`` prints Cohen's d_z = mean / sd of the per-topic differences (Lakens 2013,
Eq. 6).  When every topic ties the ratio is 0/0 and the record says 0; when every topic
differs by the same amount it is x/0 and the record says ±inf.  Those conventions are said
where the user sees the number: in ``compare --help``, on stderr beside such a record (not
beside ordinary ones; silenced by --quiet) and in the report's legend."""
from click.testing import CliRunner

from sdreval.cli.main import cli

HEADER = "run,topic,measure,value\n"


def scores(tmp_path, a, b):
    path = tmp_path / "s.csv"
    path.write_text(HEADER + "".join(f"a,{t},AP,{x}\nb,{t},AP,{y}\n"
                                     for t, (x, y) in enumerate(zip(a, b), 1)))
    return str(path)


def compare(*args):
    return CliRunner().invoke(cli, ["compare", *args])


def test_all_ties_states_zero(tmp_path):
    result = compare("--scores", scores(tmp_path, [0.5, 0.3, 0.2], [0.5, 0.3, 0.2]), "-m", "AP")
    assert result.exit_code == 0, result.output
    row = result.stdout.splitlines()[1].split("\t")
    assert row[12] == "0" and row[13:16] == ["0", "3", "0"]
    assert "sdreval: every topic ties: p_value 1 and effect_size 0" in result.stderr
    assert row[5:7] == ["1", "1"]  # p_value, p_adjusted


def test_constant_difference_states_infinity(tmp_path):
    result = compare("--scores", scores(tmp_path, [0.5, 0.3, 0.25], [0.25, 0.05, 0.0]),
                     "-m", "AP")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1].split("\t")[12] == "inf"
    assert "sdreval: effect_size ±inf: every topic differs by the same amount" in result.stderr
    assert "every topic ties" not in result.stderr


def test_ordinary_records_have_no_note(tmp_path):
    result = compare("--scores", scores(tmp_path, [0.5, 0.3, 0.2], [0.4, 0.3, 0.0]), "-m", "AP")
    assert result.exit_code == 0, result.output
    assert "effect_size" not in result.stderr


def test_quiet_silences_the_note(tmp_path):
    result = compare("--scores", scores(tmp_path, [0.5, 0.3], [0.5, 0.3]), "-m", "AP", "--quiet")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


def test_help_states_the_conventions():
    result = compare("--help")
    text = " ".join(result.output.split())
    assert "0 when every topic ties, ±inf when every topic differs by the same amount" in text


def test_report_legend_states_the_conventions(tmp_path):
    from sdreval.data import example_path

    base = example_path("synthetic")
    out = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["report", str(base / "qrels.tsv"),
                                      str(base / "runs" / "sim01.txt"),
                                      str(base / "runs" / "sim02.txt"), "-m", "MAep",
                                      "-o", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "0 when every topic ties, ±inf when every topic differs by the same amount" in \
        out.read_text()

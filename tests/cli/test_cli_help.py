"""Every command's --help: each option explains itself, and the help ends with examples."""
from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

COMMANDS = cli.list_commands(None)


def _command(name: str) -> click.Command:
    return cli.get_command(None, name)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_has_help(name):
    missing = [p.opts[0] for p in _command(name).params
               if isinstance(p, click.Option) and not (p.help or "").strip()]
    assert missing == [], f"sdreval {name}: options without help text: {missing}"


@pytest.mark.parametrize("name", COMMANDS)
def test_help_ends_with_examples(name):
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0
    text = result.output
    assert "Examples:" in text, f"sdreval {name} --help has no Examples section"
    examples = text[text.index("Examples:"):].splitlines()[1:]
    commands = [line.strip() for line in examples if line.strip().startswith("sdreval ")]
    assert commands and all(c.split()[1] == name for c in commands)
    assert text.rstrip().splitlines()[-1].strip() in examples[-1] if examples else False


@pytest.mark.parametrize("name", COMMANDS)
def test_choices_and_defaults_are_shown(name):
    text = CliRunner().invoke(cli, [name, "--help"]).output
    for param in _command(name).params:
        if not isinstance(param, click.Option) or param.hidden:
            continue
        if isinstance(param.type, click.Choice):
            assert "|".join(map(str, param.type.choices)) in " ".join(text.split()), \
                f"sdreval {name} {param.opts[0]}: choices not listed"
        if param.default not in (None, False, ()) and not param.is_flag \
                and param.show_default is not False:
            assert "default:" in text


def test_default_formats_are_text():
    for name in ("eval", "compare", "stability", "recallbase"):
        fmt = next(p for p in _command(name).params if p.name == "fmt")
        assert fmt.default == "text", name


def test_quiet_on_long_commands():
    for name in ("eval", "compare", "stability", "report", "simulate"):
        assert any("--quiet" in p.opts for p in _command(name).params), name


def test_quiet_silences_notes_not_warnings(tmp_path):
    args = ["simulate", str(tmp_path / "sim"), "--docs", "3", "--elements", "30", "--topics",
            "2", "--runs", "2", "--length", "10"]
    loud = CliRunner().invoke(cli, args)
    assert loud.exit_code == 0 and "wrote 3 documents" in loud.stderr
    quiet = CliRunner().invoke(cli, args + ["--quiet"])
    assert quiet.exit_code == 0 and quiet.stderr == ""
    # warnings stay: an element run evaluated without its collection warns about inex_eval
    base = tmp_path / "sim"
    runs = sorted(str(p) for p in (base / "runs").glob("*.txt"))
    result = CliRunner().invoke(cli, ["eval", str(base / "qrels.tsv"), *runs, "-m",
                                      "inex_eval", "--quiet"])
    assert result.exit_code == 0 and "warning" in result.stderr


def test_located_warnings_are_not_prefixed_twice(tmp_path):
    qrels = tmp_path / "qrels.fol"
    qrels.write_text("1 Q0 d1 10 100 0 20:10 40:0\n", encoding="utf-8")  # empty passage
    run = tmp_path / "run.txt"
    run.write_text("1 Q0 d1 1 1.0 r 20 10\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "-m", "MAiP"])
    located = [line for line in result.stderr.splitlines() if str(qrels) in line]
    assert located and all(line.startswith(str(qrels)) and line.count("warning:") == 1
                           for line in located)


def test_python_dash_m_runs_the_command_line():
    """``python -m sdreval`` is the ``sdreval`` command (as ``python -m ir_measures``)."""
    import subprocess
    import sys

    import sdreval

    done = subprocess.run([sys.executable, "-m", "sdreval", "--version"], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"sdreval, version {sdreval.__version__}"


@pytest.mark.parametrize("name", COMMANDS)
def test_correction_names_are_explained(name):
    """`--correction by` is named with its paper wherever it is offered: 'by' alone means
    nothing to a reader who does not know Benjamini & Yekutieli's procedure."""
    options = [p for p in _command(name).params if "--correction" in getattr(p, "opts", [])]
    for option in options:
        assert "by: Benjamini & Yekutieli 2001" in option.help, name
        assert "holm: Holm 1979" in option.help, name


def test_simulate_help_says_documents_need_write_docs():
    """`simulate --help` promised docs/ in OUTDIR; they are written only with --write-docs."""
    text = " ".join(CliRunner().invoke(cli, ["simulate", "--help"]).output.split())
    assert "docs/ with --write-docs" in text
    assert "(qrels.tsv, qrels.fol, runs/, docs/)" not in text

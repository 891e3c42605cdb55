"""eval's options that only give a measure parameter's default (-l/--rel-level, --overlap,
--alpha, --ideal, --beta, --bep-distance: Measure.get reads them through the parameter's
context_key) are said to be unused when no measure asked takes them (none has the parameter,
or each sets it in its name).  Before, e.g. `-m MAiP -l 2` printed MAiP unchanged without a
word (MAiP has no relevance level: Kamps, Pehcevski, Kazai, Lalmas & Robertson, 2008, iP is
over highlighted characters), and `-m "P(rel=1)@5" -l 2` kept rel=1 silently."""
from __future__ import annotations

from importlib.resources import files as package_files

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

SYN = package_files("sdreval") / "data" / "examples" / "synthetic"


def _eval(*args):
    result = CliRunner().invoke(cli, ["eval", str(SYN / "qrels.fol"),
                                      str(SYN / "runs" / "sim01.passages.txt"), *args])
    assert result.exit_code == 0, result.output
    return result


@pytest.mark.parametrize("args, flag", [
    (("-m", "MAiP", "-l", "2"), "-l/--rel-level 2.0 not used"),
    (("-m", "AP", "--alpha", "0.5"), "--alpha 0.5 not used"),
    (("-m", "AP", "-m", "MAiP", "--beta", "0.5"), "--beta 0.5 not used"),
    (("-m", "MAiP", "--bep-distance", "3"), "--bep-distance 3 not used"),
    (("-m", "MAiP", "--ideal", "full"), "--ideal full not used"),
    (("-m", "P(rel=1)@5", "-l", "2"), "P(rel=1)@5 set(s) the parameter in the name"),
])
def test_unused_option_is_said(args, flag):
    result = _eval(*args)
    assert flag in result.stderr
    assert result.stdout == _eval(*args[:-2]).stdout  # the values without the option


@pytest.mark.parametrize("args", [("-m", "AP", "-l", "2"), ("-m", "AP", "-m", "MAiP", "-l", "2"),
                                  ("-m", "nxCG@5", "--alpha", "0.5"), ("-m", "MAiP")])
def test_used_option_is_not_warned(args):
    assert "not used" not in _eval(*args).stderr


def test_rel_level_changes_ap():
    """-l reaches AP (a test of the test: the option is used where no warning is given)."""
    assert _eval("-m", "AP", "-l", "2").stdout != _eval("-m", "AP").stdout


@pytest.mark.parametrize("args, flag", [
    (("-m", "AP", "--compat", "chroma"), "--compat chroma not used"),
    (("-m", "MAiP", "--collection-elements", "1000"), "--collection-elements 1000 not used"),
])
def test_unused_compat_and_count_are_said(args, flag):
    result = _eval(*args)
    assert flag in result.stderr
    assert result.stdout == _eval(*args[:-2]).stdout


def test_unused_quant_is_said_and_used_quant_is_not():
    """--quant reaches MAep (element qrels: the generalised grades) but not MAiP (highlighted
    characters, no grades to quantise)."""
    result = _eval("-m", "MAiP", "--quant", "strict")
    assert "--quant strict not used" in result.stderr
    element = CliRunner().invoke(cli, ["eval", str(SYN / "qrels.tsv"),
                                       str(SYN / "runs" / "sim01.txt"),
                                       "-m", "MAep", "--quant", "strict"])
    assert element.exit_code == 0 and "not used" not in element.stderr


@pytest.mark.parametrize("how", [(), ("--jobs", "2"), ("--stream",)])
def test_default_set_checked_on_every_path(how):
    """Without -m, the default passage set (MAiP, iP@...) takes no -l: said on every path."""
    result = _eval("-l", "2", *how)
    assert result.stderr.count("-l/--rel-level 2.0 not used") == 1, result.stderr


def test_span_f_beta_is_not_set_by_the_option():
    """--beta is relevant-in-context's F-beta (Kamps et al. 2008); SpanF's beta is its own
    parameter (no option sets it): -m SpanF@5 --beta 2 gives F1 (0.1358 on the rag example,
    SpanF(beta=2)@5 is 0.2747), now with a warning, before silently."""
    rag = package_files("sdreval") / "data" / "examples" / "rag"
    args = ["eval", str(rag / "qrels.jsonl"), str(rag / "runs" / "fixed.txt"), "--chunk-map",
            str(rag / "chunks" / "fixed.jsonl"), "-m", "SpanF@5"]
    result = CliRunner().invoke(cli, args + ["--beta", "2"])
    assert result.exit_code == 0 and "--beta 2.0 not used" in result.stderr, result.output
    assert result.stdout == CliRunner().invoke(cli, args).stdout


def test_navigation_without_esr_is_said(tmp_path):
    """--navigation is read by ESR measures (Ali, Consens & Lalmas 2012) with nav=context only."""
    nav = tmp_path / "nav.tsv"
    nav.write_text("doc0002 /article[1] /article[1]/bdy[1] 0.5\n")
    args = ["eval", str(SYN / "qrels.tsv"), str(SYN / "runs" / "sim01.txt")]
    unused = CliRunner().invoke(cli, args + ["-m", "MAep", "--navigation", str(nav)])
    assert unused.exit_code == 0 and "--navigation not used" in unused.stderr, unused.output
    for measure in ("ESRP@3", "ESRP(nav=none)@3"):
        result = CliRunner().invoke(cli, args + ["-m", measure, "--navigation", str(nav)])
        assert result.exit_code == 0, result.output
        assert ("--navigation not used" in result.stderr) == ("none" in measure)

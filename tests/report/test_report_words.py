"""What a reader of the report sees: tests and corrections named in words (with their papers),
not by their option values ('t', 'by'); the figures' titles cite their papers."""
from __future__ import annotations

from lxml import html as lxml_html

from sdreval.report.curves import STANDARD_CURVES
from sdreval.report.html import render_html, report_data, text_summary


def test_tests_and_corrections_are_named_in_words(results):
    data = report_data(results, measures=["MAep"], samples=200, plots_wanted=("diffci",),
                       test="wilcoxon", correction="holm")
    page = lxml_html.fromstring(render_html(data).encode("utf-8"))
    legend = page.xpath('//table[@id="summary-table"]/following-sibling::p[1]')[0]
    assert ("Wilcoxon signed-rank test over topics, Holm correction over the tests of each "
            "measure, level 0.05") in legend.text_content()
    settings = {row.xpath("td[1]")[0].text_content(): row.xpath("td[2]")[0].text_content()
                for row in page.xpath('//table[@class="settings"]/tbody/tr')}
    assert settings["test"] == "wilcoxon: Wilcoxon signed-rank test (Ogilvie & Lalmas 2006, §3)"
    assert settings["correction"] == "holm: Holm correction (Holm 1979)"
    assert "(Wilcoxon signed-rank test, Holm correction, level 0.05" in text_summary(data)


def test_default_correction_is_benjamini_yekutieli(results):
    data = report_data(results, measures=["MAep"], samples=200, plots_wanted=("diffci",))
    text = render_html(data)
    assert "paired t test over topics, Benjamini-Yekutieli correction" in text
    assert ("by: Benjamini-Yekutieli correction (Benjamini &amp; Yekutieli 2001; Ogilvie "
            "&amp; Lalmas 2006, Eq. 11-12)") in text
    assert " by correction" not in text and "paired t test test" not in text


def test_every_curve_title_cites_its_source():
    """Each standard curve's title names the paper (authors and year) or the page defining it."""
    for key, spec in STANDARD_CURVES.items():
        if key == "budget":  # sdreval's own measures (docs/rag.md), no paper
            continue
        assert any(str(year) in spec.title for year in range(1990, 2030)), (key, spec.title)
    assert "Kamps et al. 2008" in STANDARD_CURVES["ip"].title


def test_settings_name_the_chunk_maps_and_documents(tmp_path):
    """The chunk maps and documents that made the numbers are listed with the qrels and runs."""
    from click.testing import CliRunner

    from sdreval.cli.main import cli
    from sdreval.data import example_path

    rag = example_path("rag")
    maps = [str(rag / "chunks" / f"{name}.jsonl") for name in ("fixed", "sentence")]
    out = tmp_path / "r.html"
    result = CliRunner().invoke(cli, [
        "report", str(rag / "qrels.jsonl"), str(rag / "runs" / "fixed.txt"),
        str(rag / "runs" / "sentence.txt"), "--chunk-map", maps[0], "--chunk-map", maps[1],
        "--documents", str(rag / "documents.jsonl"), "-m", "SpanP@5", "--no-plots",
        "-o", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    page = lxml_html.fromstring(out.read_bytes())
    settings = {row.xpath("td[1]")[0].text_content(): row.xpath("td[2]")[0].text_content()
                for row in page.xpath('//table[@class="settings"]/tbody/tr')}
    assert settings["chunk maps"] == "".join(maps)  # one per line (<br>)
    assert settings["documents"] == str(rag / "documents.jsonl")
    assert "span unit" not in settings  # characters, the default, go unsaid


def test_budget_caption_says_the_band_once():
    """The caption adds 'band: 95% percentile bootstrap interval' to the title: the title of
    the budget curves no longer says '(95% bootstrap CI)' before it."""
    assert "bootstrap" not in STANDARD_CURVES["budget"].title


def test_document_runs_get_the_precision_recall_curve(tmp_path):
    """TREC document runs: the report draws trec_eval's interpolated precision-recall curve
    (IPrec@0.0..1.0), not the element curves; inex_eval's precall no longer warns about a
    collection size that document runs do not need."""
    from click.testing import CliRunner

    from sdreval.cli.main import cli
    from sdreval.report.html import PLOT_KINDS, build_report
    from sdreval.io.readers import read_qrels, read_run

    (tmp_path / "q.txt").write_text("1 0 a 1\n1 0 b 1\n1 0 c 0\n2 0 d 1\n2 0 e 0\n")
    (tmp_path / "r.txt").write_text("1 Q0 a 1 3 s\n1 Q0 c 2 2 s\n1 Q0 b 3 1 s\n"
                                    "2 Q0 e 1 2 s\n2 Q0 d 2 1 s\n")
    (tmp_path / "t.txt").write_text("1 Q0 c 1 3 t\n1 Q0 a 2 2 t\n1 Q0 b 3 1 t\n"
                                    "2 Q0 d 1 2 t\n2 Q0 e 2 1 t\n")
    qrels = read_qrels(tmp_path / "q.txt")
    runs = [read_run(tmp_path / "r.txt"), read_run(tmp_path / "t.txt")]
    data = build_report(qrels, runs, ["AP"], samples=100, plots_wanted=PLOT_KINDS)
    assert set(data.curves) == {"iprec"}
    curve = data.curves["iprec"][1]
    # run s, topic 1: relevant at ranks 1 and 3 (P = 1, 2/3); topic 2: at rank 2 (P = 1/2):
    # interpolated precision at recall 0.5 is 1 and 1/2, at 1.0 is 2/3 and 1/2
    s = curve[curve["run"] == "s"].set_index("x")["value"]
    assert s[0.5] == 0.75 and abs(s[1.0] - (2 / 3 + 1 / 2) / 2) < 1e-12
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "q.txt"), str(tmp_path / "r.txt"),
                                      str(tmp_path / "t.txt"), "-m", "AP", "--samples", "100",
                                      "-o", str(tmp_path / "r.html")])
    assert result.exit_code == 0, result.output
    assert "collection size unknown" not in result.stderr
    assert "Interpolated precision-recall, 11 points" in (tmp_path / "r.html").read_text()


def test_long_curve_titles_are_wrapped_not_cut():
    import pandas as pd

    from sdreval.report.figures import TITLE_WIDTH, plot_curve_bands

    table = pd.DataFrame({"run": ["a", "a"], "x": [0.0, 1.0], "value": [1.0, 0.5],
                          "low": [0.9, 0.4], "high": [1.0, 0.6]})
    fig = plot_curve_bands(STANDARD_CURVES["iprec"], table, ["a"], 0.95)
    lines = fig.axes[0].get_title().splitlines()
    assert len(lines) == 2 and all(len(line) <= TITLE_WIDTH for line in lines)


def test_budget_figure_counts_tokens_under_span_unit_tokens(tmp_path):
    """With --span-unit tokens the budgets are tokens: the budget figure and its caption say
    so (they said 'characters' whatever the unit)."""
    from click.testing import CliRunner

    from sdreval.cli.main import cli
    from sdreval.data import example_path

    rag = example_path("rag")
    out = tmp_path / "r.html"
    result = CliRunner().invoke(cli, [
        "report", str(rag / "qrels.jsonl"), str(rag / "runs" / "fixed.txt"),
        str(rag / "runs" / "sentence.txt"), "--chunk-map", str(rag / "chunks" / "fixed.jsonl"),
        "--chunk-map", str(rag / "chunks" / "sentence.jsonl"), "--documents",
        str(rag / "documents.jsonl"), "--span-unit", "tokens", "-m", "SpanR@5",
        "--plot", "budget", "--image-format", "svg", "--samples", "200", "-o", str(out),
        "--quiet"])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "recall and precision of the first N tokens: mean over topics" in text
    assert "first N characters" not in text

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
    assert "(Wilcoxon signed-rank test, Holm correction)" in text_summary(data)


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

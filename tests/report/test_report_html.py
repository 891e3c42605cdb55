"""The self-contained HTML report (built from synthetic tables and a test-only measure)."""
from __future__ import annotations

import base64

import numpy as np
import pytest
from click.testing import CliRunner
from lxml import html as lxml_html

from sdreval.errors import UsageError
from sdreval.judgements.qrels import Qrels
from sdreval.measures import EvalContext, MEASURES
from sdreval.measures.registry import MeasureDef, register_family, register_measure
from sdreval.model.run import Ranking, Run
from sdreval.report.curves import curve_from_results
from sdreval.report.html import build_report, render_html, report_data

FAMILY = "_report_test_family"


def _hits(measures, qrels, run, topics, ctx):
    """Test-only family: fraction of the first k results that are relevant (e > 0)."""
    out = {}
    for m in measures:
        k = m.cutoff or 10
        per = {}
        for t in topics:
            ranking = run.get(t)
            rel = qrels[t].elements
            hits = [rel.get((d, p)) is not None and rel[(d, p)].e > 0
                    for d, p in zip(ranking.docs[:k], ranking.paths[:k])]
            per[t] = sum(hits) / k
        out[m.text] = per
    return out


if "_rtHits" not in MEASURES:
    register_measure(MeasureDef("_rtHits", FAMILY, "test-only precision at k", cutoff="int",
                                cutoff_default=10))
    register_family(FAMILY, _hits)


def _inputs(n_topics=8):
    qrels = Qrels("inex2003")
    rng = np.random.default_rng(3)
    runs = {"strong": {}, "weak": {}}
    for t in range(1, n_topics + 1):
        topic = str(t)
        for i in range(10):
            qrels.add_element(topic, f"d{i}", "/article[1]", 3.0 if i < 5 else 0.0,
                              3.0 if i < 5 else 0.0)
        order = list(range(10))
        runs["strong"][topic] = Ranking.from_elements([(f"d{i}", "/article[1]")
                                                       for i in order])
        weak = list(rng.permutation(10))
        runs["weak"][topic] = Ranking.from_elements([(f"d{i}", "/article[1]") for i in weak[::-1]])
    return qrels, [Run(name, topics) for name, topics in runs.items()]


def _page(text):
    return lxml_html.fromstring(text.encode("utf-8"))


def test_page_is_self_contained(results):
    data = report_data(results, measures=["MAep", "nxCG@10"],
                       curves={"nxcg": curve_from_results(results, "nxCG"),
                               "epgr": curve_from_results(results, "ep")}, samples=500)
    text = render_html(data, image_format="png")
    page = _page(text)
    assert not page.xpath("//script|//link|//iframe|//object")
    for attr in page.xpath("//@src|//@href"):
        assert attr.startswith(("data:", "#")), attr
    imgs = page.xpath("//img")
    # one figure per kind: 2 curves, per-topic differences (first measure), intervals of the
    # differences, of the means, distributions; the run x run decisions (every pair
    # significant), the corrections (all agree) and swap rates (3 runs) say nothing: notes
    assert [img.get("alt").split(" (")[0] for img in imgs] == [
        "Effort-precision / gain-recall", "nxCG over rank", "per-topic differences MAep",
        "intervals of the differences", "confidence intervals of the means",
        "per-topic distributions"]
    assert any("every pair is significantly different" in n for n in data.notes)
    assert any("corrections agree" in n for n in data.notes)
    for img in imgs:
        src = img.get("src")
        assert src.startswith("data:image/png;base64,")
        assert base64.b64decode(src.split(",", 1)[1])[:4] == b"\x89PNG"
        assert img.get("style") == "width:875px"  # 7 in, a text width, at 125 px per inch
    rows = page.xpath('//table[@id="summary-table"]/tbody/tr')
    assert [r.xpath("td[1]")[0].text_content() for r in rows] == ["good (baseline)", "mid",
                                                                   "bad"]
    good_maep = rows[0].xpath("td[3]")[0]
    assert good_maep.get("class") == "best" and not good_maep.xpath("span")
    mean = results[(results.run == "good") & (results.measure == "MAep")]["value"].mean()
    assert good_maep.text == f"{mean:.4f}"
    # mid and bad are significantly worse than the baseline on both measures
    assert [r.xpath("td[3]/span")[0].text for r in rows[1:]] == ["▼", "▼"]
    assert [r.xpath("td[3]/span")[0].get("class") for r in rows[1:]] == ["down", "down"]
    tests = page.xpath('//table[@class="baseline-tests"][@data-measure="MAep"]/tbody/tr')
    assert [r.xpath("td[1]")[0].text_content() for r in tests] == ["mid", "bad"]
    row = data.compare[(data.compare.run_a == "mid") & (data.compare.measure == "MAep")].iloc[0]
    cells = [td.text_content() for td in tests[0].xpath("td")]
    assert cells[1] == f"{row['diff']:+.4f}" and cells[4] == \
        f"{row.wins}/{row.ties}/{row.losses}"
    assert len(page.xpath('//table[@class="baseline-tests"]')) == 2
    per_topic = page.xpath('//table[@class="per-topic"][@data-measure="MAep"]/tbody/tr')
    assert len(per_topic) == 20


def test_baseline_choice_and_svg_default(results):
    data = report_data(results, measures=["MAep"], samples=200, baseline="mid",
                       plots_wanted=("diffci",))
    assert set(data.compare["run_b"]) == {"mid"} and len(data.compare) == 2
    page = _page(render_html(data))
    assert page.xpath("//img")[0].get("src").startswith("data:image/svg+xml;base64,")
    rows = page.xpath('//table[@id="summary-table"]/tbody/tr')
    assert [r.xpath("td[3]/span")[0].text for r in rows if r.xpath("td[3]/span")] == ["▲", "▼"]
    with pytest.raises(UsageError, match="not one of the runs"):
        report_data(results, baseline="nope")


def test_svg_images_and_plot_selection(results):
    data = report_data(results, measures=["MAep"], plots_wanted=("distribution",), samples=200)
    page = _page(render_html(data, image_format="svg"))
    imgs = page.xpath("//img")
    assert len(imgs) == 1 and imgs[0].get("src").startswith("data:image/svg+xml;base64,")
    with pytest.raises(UsageError):
        report_data(results, plots_wanted=("pie",))


def test_one_run_has_no_tests(results):
    data = report_data(results[results.run == "good"], measures=["MAep"], samples=200)
    assert data.compare is None and any("one run" in n for n in data.notes)
    page = _page(render_html(data))
    assert page.xpath('//table[@id="summary-table"]')


def test_build_report_evaluates_runs():
    qrels, runs = _inputs()
    data = build_report(qrels, runs, ["_rtHits@5", "_rtHits@10"], EvalContext(),
                        plots_wanted=("distribution", "heatmap"), samples=200)
    assert data.runs == ["strong", "weak"]
    strong = data.results[(data.results.run == "strong") & (data.results.measure == "_rtHits@5")]
    assert (strong["value"] == 1.0).all()
    ten = data.results[data.results.measure == "_rtHits@10"]
    assert (ten["value"] == 0.5).all()  # five relevant of ten, whatever the order
    assert len(data.compare) == 2
    text = render_html(data)
    assert "_rtHits@5" in text


def test_cli_report_from_scores(tmp_path, results):
    scores = tmp_path / "scores.csv"
    results.to_csv(scores, index=False)
    out = tmp_path / "r.html"
    from sdreval.cli.main import cli

    runner = CliRunner()
    result = runner.invoke(cli, ["report", "--scores", str(scores), "-o", str(out), "-m", "MAep",
                                 "--plot", "ci", "--plot", "heatmap", "--samples", "300",
                                 "--text-table", "-", "--latex-table",
                                 str(tmp_path / "t.tex"), "--plot-dir", str(tmp_path / "figs")])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].split()[0] == "measure"
    assert r"\begin{tabular}" in (tmp_path / "t.tex").read_text()
    page = _page(out.read_text())
    # the run x run figure says nothing here (every pair is significant): left out
    assert len(page.xpath("//img")) == 1
    assert sorted(p.name for p in (tmp_path / "figs").iterdir()) == ["captions.txt", "ci.svg"]
    bad = runner.invoke(cli, ["report", "--scores", str(scores), str(scores)])
    assert bad.exit_code == 2


def test_cli_report_on_bundled_examples(tmp_path):
    """End to end through the readers and the real measure families (bundled synthetic data)."""
    from sdreval.data import example_path
    from sdreval.cli.main import cli

    base = example_path("synthetic")
    runs = sorted(str(p) for p in (base / "runs").glob("sim0?.txt"))
    out = tmp_path / "syn.html"
    result = CliRunner().invoke(cli, ["report", str(base / "qrels.tsv"), *runs, "-o", str(out),
                                      "-m", "MAep", "-m", "nxCG@10", "--plot", "epgr",
                                      "--plot", "nxcg", "--plot", "precall",
                                      "--collection-elements", "5000"])
    assert result.exit_code == 0, result.output
    page = _page(out.read_text())
    alts = [img.get("alt") for img in page.xpath("//img")]
    assert [a.split(" (")[0] for a in alts] == ["Effort-precision / gain-recall",
                                                "nxCG over rank", "inex_eval precall"]
    rows = page.xpath('//table[@id="summary-table"]/tbody/tr')
    assert len(rows) == len(runs)


def test_standard_curves_of_the_ideal_run():
    """The seed 000 ideal run scores ep = 1 at every gain-recall point and nxCG = 1 at every
    rank up to the recall-base size (seed 000 §5.2)."""
    from sdreval.data import example_path
    from sdreval.io import read_qrels, read_run
    from sdreval.report.curves import compute_curve

    base = example_path("kazai-lalmas-2006")
    qrels = read_qrels(base / "qrels.tsv")
    ideal = read_run(base / "runs" / "ideal.txt")
    ep = compute_curve(qrels, [ideal], "epgr")
    assert len(ep) == 100 and np.allclose(ep["value"], 1.0)
    nx = compute_curve(qrels, [ideal], "nxcg")
    assert nx["value"].iloc[0] == pytest.approx(1.0)
    some = compute_curve(qrels, [ideal], "nxcg", points=[1, 2])
    assert some["x"].tolist() == [1, 2] and some["value"].iloc[0] == pytest.approx(1.0)

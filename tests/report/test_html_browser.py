"""End-to-end: the HTML report rendered by headless Chromium (skipped without chromium).

The page must load from a file URL with networking disabled, and the rendered DOM must show
the summary table and the plots as ``img`` elements with ``data:`` URIs.  A screenshot is kept
under ``tests/_output/`` for people to look at."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from lxml import html as lxml_html

from sdreval.report.curves import curve_from_results
from sdreval.report.html import report_data, write_report

pytestmark = pytest.mark.browser

OUTPUT = Path(__file__).resolve().parents[1] / "_output"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _chromium() -> str | None:
    for candidate in ("/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="module")
def chromium() -> str:
    found = _chromium()
    if found is None:
        pytest.skip("chromium is not installed")
    return found


def _run(chromium: str, args: list[str], profile: Path) -> subprocess.CompletedProcess:
    try:
        return subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", *args],
                              capture_output=True, text=True, timeout=90)
    except subprocess.TimeoutExpired:
        pytest.fail("chromium did not finish within 90 s")


def test_report_renders_in_chromium(chromium, tmp_path, results):
    data = report_data(results, measures=["MAep", "nxCG@10"],
                       curves={"nxcg": curve_from_results(results, "nxCG"),
                               "epgr": curve_from_results(results, "ep")}, samples=500,
                       title="sdreval browser test")
    page = write_report(data, tmp_path / "report.html")
    url = page.resolve().as_uri()

    OUTPUT.mkdir(exist_ok=True)
    shot = OUTPUT / "report_chromium.png"
    if shot.exists():
        shot.unlink()
    dom = _run(chromium, ["--window-size=1280,2400", "--hide-scrollbars", "--enable-logging=stderr",
                          "--v=0", f"--screenshot={shot}", "--dump-dom", url], tmp_path / "profile")
    assert dom.returncode == 0, dom.stderr[-2000:]
    # the page logs nothing to the console (no script errors, no failed resource loads)
    console = [line for line in dom.stderr.splitlines() if ":CONSOLE" in line]
    assert not console, console
    tree = lxml_html.fromstring(dom.stdout.encode("utf-8"))
    assert tree.findtext(".//title") == "sdreval browser test"
    rows = tree.xpath('//table[@id="summary-table"]/tbody/tr')
    assert len(rows) == 3 and "good" in rows[0].text_content()
    imgs = tree.xpath('//img[starts-with(@src, "data:image/svg+xml;base64,")]')
    assert len(imgs) == 6  # one figure per kind (2 curves, differences, 2 intervals, boxes)
    assert not tree.xpath('//img[not(starts-with(@src, "data:"))]')
    assert shot.exists() and shot.stat().st_size > 20_000
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    shutil.copy(page, OUTPUT / "report_chromium.html")

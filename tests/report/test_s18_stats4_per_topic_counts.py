"""The report's per-topic tables print a count (num_rel_ret) as a whole number, as its summary
table and ``eval -q`` do: they printed 3.0000."""
from __future__ import annotations

import pandas as pd

from sdreval.report import html
from sdreval.report.page import per_topic_html


def test_per_topic_counts_are_whole_numbers():
    rows = [(run, str(t), m, float(v)) for run, base in (("a", 3), ("b", 1)) for t in range(3)
            for m, v in (("num_rel_ret", base + t), ("P@5", 0.2 * (base + t) / 5))]
    data = html.report_data(pd.DataFrame(rows, columns=["run", "topic", "measure", "value"]),
                            plots_wanted=())
    page = per_topic_html(data)
    counts = page[page.index('data-measure="num_rel_ret"'):]
    counts = counts[:counts.index("</table>")]
    assert "<td>3</td>" in counts and "3.0000" not in counts
    assert "<td>0.1200</td>" in page  # P@5 keeps its decimals

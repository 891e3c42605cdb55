"""A run name in Chinese (or any script the figures' font lacks) is drawn as empty boxes, and
matplotlib said so in a Python warning per figure on stderr, with its own file and line
(".../plots.py:380: UserWarning: Glyph 32034 (...) missing from font(s) DejaVu Sans. /
fig.savefig(buffer, ...)"), even under --quiet.  The page now says it once, in its notes."""
from __future__ import annotations

import warnings

import matplotlib
import pandas as pd
import pytest
from matplotlib import font_manager
from matplotlib.ft2font import FT2Font

from sdreval.report.html import render_html, report_data

NAME = "检索系统"


def _font_lacks(text: str) -> bool:
    with matplotlib.rc_context({"font.size": 8}):
        font = FT2Font(font_manager.findfont(font_manager.FontProperties()))
    return all(font.get_char_index(ord(ch)) == 0 for ch in text)


@pytest.mark.skipif(not _font_lacks(NAME), reason="the figures' font has these characters")
def test_missing_characters_are_one_note_not_warnings():
    values = {"bm25": (0.2, 0.4, 0.6, 0.5), NAME: (0.1, 0.3, 0.2, 0.4)}
    results = pd.DataFrame([{"run": r, "topic": str(t), "measure": "MAP", "value": v}
                            for r, vs in values.items() for t, v in enumerate(vs)])
    data = report_data(results, measures=["MAP"], samples=100,
                       plots_wanted=("ci", "distribution"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none escapes
        page = render_html(data, "png")
    notes = [n for n in data.notes if "not in the figures' font" in n]
    assert len(notes) == 1 and notes[0].endswith(": " + NAME)
    assert page.count("not in the figures&#x27; font") == 1

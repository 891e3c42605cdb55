"""``sdreval validate DIR`` on an X-RAI assessment tree (``done/<type>/main/topic-T/pool-P.xml``):
the tree is recognised by its layout, whatever XML files sort before it, and every file of
the tree is named with its own problems (``eval`` keeps one summary line per kind)."""
from __future__ import annotations

import sys
from pathlib import Path

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.io.detect import detect_format

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "io"))
from test_inex_xml_years import _a2005, put  # noqa: E402  (X-RAI 2005 file as written)

UNESCAPED = 'R&D on "XML" <b>query</b> languages & <i>more'


def make_tree(root: Path) -> list[Path]:
    mains = []
    for topic in ("202", "203", "204"):
        text = _a2005("3", "47", UNESCAPED).replace('topic="202"', f'topic="{topic}"')
        mains.append(put(root / "done" / "CO+S" / "main" / f"topic-{topic}" / "pool-3.xml", text))
    put(root / "done" / "CO+S" / "others" / "topic-202" / "pool-9.xml", _a2005("9", "40"))
    put(root / "in_progress" / "CO+S" / "main" / "topic-205" / "pool-4.xml", _a2005("4", "47"))
    for i in range(6):  # more XML files sorting before done/ than detection used to sniff
        put(root / "a-notes" / f"n{i}.xml", "<note>x</note>")
    return mains


def test_tree_recognised_by_its_layout(tmp_path):
    make_tree(tmp_path)
    assert detect_format(tmp_path) == "inex-assessments"  # was "collection"
    assert detect_format(tmp_path / "done") == "inex-assessments"


def test_validate_names_every_file_of_the_tree(tmp_path):
    mains = make_tree(tmp_path)
    result = CliRunner().invoke(cli, ["validate", str(tmp_path)])
    lines = result.output.splitlines()
    assert result.exit_code == 1  # the six <note> files are not assessments
    for main in mains:  # each file's own topic-copy warning at its own line 6
        assert sum(line.startswith(f"{main}:6: warning: 1 file(s) hold a copy of the topic")
                   for line in lines) == 1, result.output
    assert sum(": error: root element <note> is not <assessments>" in line
               for line in lines) == 6
    summary = lines[-1]
    assert summary.startswith(f"{tmp_path}: INVALID: inex-assessments, 3 topics")
    assert "10 file(s) checked, 1 under in_progress/ not read" in summary


def test_eval_keeps_one_line_per_kind(tmp_path):
    make_tree(tmp_path / "q")
    run = put(tmp_path / "run.txt", "202 Q0 an/1995/a1003 1 1.0 r /article[1]\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q" / "done"), str(run),
                                      "-m", "P@1"])
    copies = [line for line in result.output.splitlines()
              if "hold a copy of the topic" in line]
    assert len(copies) == 1 and "3 file(s)" in copies[0], result.output

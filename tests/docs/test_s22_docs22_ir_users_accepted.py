"""docs/ir-users.md, "Measure names": "Every name below is accepted by -m" held for every name
but trec_eval's rbp.p=0.8 and rbp_resid.p=0.8, which sdreval refuses (trec_eval's rbp scales
graded qrels' grades to [0, 1]: 0.1816 where RBP(p=0.9) is 0.3632 on grades 0-2).  The page
now names the exceptions; every other name of the table is accepted.  Since trec_eval's rbp and
rbp_resid are in sdreval (TrecRBP, TrecRBPResidual) every name is accepted, and the page says
that relstring alone is not."""
from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from sdreval.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]


def _section() -> tuple[str, list[str]]:
    text = (ROOT / "docs" / "ir-users.md").read_text(encoding="utf-8")
    section = text.split("## Measure names", 1)[1]
    intro, table = section.split("\n|", 1)
    names = []
    for line in ("|" + table).split("\n\n", 1)[0].splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split(" | ", 3)]
        names += re.findall(r"`([^`]+)`", cells[0]) + re.findall(r"`([^`]+)`", cells[1]) \
            + re.findall(r"`([^`]+)`", cells[2])
    return intro, names


def test_every_name_of_the_table_is_accepted_or_named_as_refused(tmp_path):
    (tmp_path / "q").write_text("1 0 a 1\n1 0 b 0\n", encoding="utf-8")
    (tmp_path / "r").write_text("1 Q0 a 1 2 r\n1 Q0 b 2 1 r\n", encoding="utf-8")
    intro, names = _section()
    refused = []
    for name in names:
        result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q"), str(tmp_path / "r"),
                                          "-m", name, "--quiet"])
        if result.exit_code != 0:
            refused.append(name)
    assert refused == []
    assert "Every name below is accepted by `-m`" in intro and "`relstring`" in intro

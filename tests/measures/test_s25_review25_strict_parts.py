"""--strict refusals of a run's results (ESR/PRUM results the collection cannot place, passage
measures' results not converted) list every topic's problems read whole; with --jobs 2 (byte
ranges, topic partitions) or --stream (parts of topics) only the first part's problems were
told (topic 1 of 4; 1 of 30 topics' errors and no count of the rest), a refusal that names
part of what is wrong.  Every path must tell the same problems, and the same count."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import sdreval.io.stream as streaming
from sdreval.cli.main import cli


def _files(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "d.xml").write_text("<article><sec><p>aaaa</p></sec><sec><p>bbbb</p></sec>"
                                "</article>\n")
    (tmp_path / "q.fol").write_text("".join(f"{t} Q0 d 4 8 0 0:4\n" for t in range(1, 31)))
    (tmp_path / "r.run").write_text("".join(
        f"{t} Q0 d 1 2.0 r /article[1]/sec[{90 + t}]\n"
        f"{t} Q0 d 2 1.0 r /article[1]/sec[1]/p[1]\n" for t in range(1, 31)))
    return docs


@pytest.mark.parametrize("measure, each", [
    ("ESRR(nav=depth)@2", "1 result(s) the collection cannot place"),
    ("MAiP", "is not an element of the document"),
])
def test_every_path_refuses_every_topic(tmp_path, monkeypatch, measure, each):
    docs = _files(tmp_path)
    monkeypatch.setattr(streaming, "PART_RESULTS", 4)  # streamed parts of two topics
    args = ["eval", str(tmp_path / "q.fol"), str(tmp_path / "r.run"), "--collection",
            str(docs), "-m", measure, "-q", "--strict"]
    serial = CliRunner().invoke(cli, args)
    assert serial.exit_code == 1
    told = [line for line in serial.stderr.splitlines() if each in line]
    if measure == "MAiP":  # 20 examples kept, then the count of the other 10
        assert len(told) == 20
        assert "... and 10 more error(s) like the above" in serial.stderr
    else:  # one problem per topic, all told
        assert len(told) == 30 and "topic 30:" in told[-1]
    for path in (["--jobs", "2"], ["--stream"]):
        got = CliRunner().invoke(cli, args + path)
        assert (got.exit_code, got.stderr) == (1, serial.stderr), path

"""Warnings about one topic each come in topic order on every path, as the serial evaluation
gives them (a family goes over the topics in topic order).  Partitions of a run file not
sorted by topic (byte ranges of --jobs, streamed parts) gave them partition by partition:
``--jobs 2`` put topic 4's warning right after topic 1's when the file listed topic 4 first."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval.measures.partitions import merge_warnings
from sdreval.model.run import Run

ROOT = example_path("synthetic")


def test_partitions_warnings_alike_go_in_topic_order():
    first = ["A: topic 1: 2 x (e.g. d1)", "A: topic 9: 3 x (e.g. d9)"]  # partition of 9, 1
    second = ["A: topic 2: 5 x (e.g. d2)", "A: topic 3: 1 x (e.g. d3)"]
    merged = merge_warnings([(0, None, first), (0, None, second)], [Run("r", {})])
    assert [m.split(":")[1] for m in merged] == [" topic 1", " topic 2", " topic 3",
                                                  " topic 9"]


def test_every_path_gives_the_per_topic_warnings_of_a_file_out_of_topic_order(tmp_path):
    # each topic's relevant text also in a document of no collection: ESR warns per topic
    qrels = tmp_path / "q.fol"
    qrels.write_text((ROOT / "qrels.fol").read_text()
                     + "".join(f"{t} Q0 nodoc{t} 10 100 0 0:10\n" for t in (1, 2, 3, 4)))
    lines = (ROOT / "runs" / "sim01.txt").read_text().splitlines()
    run = tmp_path / "run.txt"  # topic 4 first, then 1, 2, 3
    run.write_text("\n".join([x for x in lines if x.startswith("4 ")]
                             + [x for x in lines if not x.startswith("4 ")]) + "\n")
    args = ["eval", str(qrels), str(run), "-m", "ESRP@5", "--collection", str(ROOT / "docs")]
    serial = CliRunner().invoke(cli, args)
    assert serial.exit_code == 0, serial.output
    said = [line for line in serial.stderr.splitlines() if "not in the collection" in line]
    assert [line.split("topic ")[1][:2] for line in said] == ["1:", "2:", "3:", "4:"]
    for path in (["--jobs", "2"], ["--stream"], ["--stream", "--jobs", "2"]):
        other = CliRunner().invoke(cli, [*args, *path])
        assert (other.exit_code, other.stderr) == (0, serial.stderr), path

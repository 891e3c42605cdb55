"""``--format trec_eval`` is written from the result columns, as text, JSON and CSV are:
pandas is not imported for it (it was: about 40 MB more at the peak of a 5,000-topic
evaluation, 50 MB at 20,000, and 0.3 s), and the text is trec_eval's layout."""
from __future__ import annotations

import subprocess
import sys

import pytest

QRELS = "10 0 d1 2\n10 0 d2 0\n10 0 d3 1\n9 0 d4 1\n"
RUN = "10 Q0 d1 1 3.0 r\n10 Q0 d2 2 2.0 r\n10 Q0 d3 3 1.0 r\n9 Q0 d5 1 2.0 r\n9 Q0 d4 2 1.0 r\n"


def _line(name: str, topic: str, value: str) -> str:
    return f"{name:<22}\t{topic}\t{value}\n"


# topic 10: relevant d1 at rank 1 and d3 at rank 3: AP = (1/1 + 2/3) / 2 = 0.8333, P@10 = 2/10;
# topic 9: relevant d4 at rank 2: AP = 1/2, P@10 = 1/10; means 0.6667 and 0.1500; retrieved
# relevant 2 + 1 = 3.  Topics in trec_eval's (string) order: 10 before 9; measures in its
# table's order: num_rel_ret, map, P_10.
PER_TOPIC = (_line("num_rel_ret", "10", "2") + _line("map", "10", "0.8333")
             + _line("P_10", "10", "0.2000") + _line("num_rel_ret", "9", "1")
             + _line("map", "9", "0.5000") + _line("P_10", "9", "0.1000"))
MEANS = (_line("runid", "all", "r") + _line("num_q", "all", "2")
         + _line("num_rel_ret", "all", "3") + _line("map", "all", "0.6667")
         + _line("P_10", "all", "0.1500"))


@pytest.mark.parametrize("per_topic", [False, True])
def test_trec_eval_layout_is_written_without_pandas(tmp_path, per_topic):
    qrels, run = tmp_path / "q.txt", tmp_path / "r.txt"
    qrels.write_text(QRELS)
    run.write_text(RUN)
    args = ["eval", str(qrels), str(run), "-m", "P_10", "-m", "map", "-m", "num_rel_ret",
            "--order", "rsv", "--format", "trec_eval"] + (["-q"] if per_topic else [])
    probe = ("import sys\nfrom sdreval.cli.main import cli\n"
             "from sdreval.lazy import one_command_process\none_command_process()\ntry:\n"
             f"    cli.main(args={args!r}, prog_name='sdreval')\n"
             "except SystemExit as e:\n    assert not e.code, e.code\n"
             "print('pandas' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, timeout=60)
    assert done.stderr.strip().splitlines()[-1] == "False", done.stderr
    assert done.stdout == (PER_TOPIC if per_topic else "") + MEANS


def test_a_dataframe_is_written_in_the_same_layout():
    """The API's tables (DataFrames) go through the same writer."""
    import pandas as pd

    from sdreval.report.trec_format import trec_eval_pieces

    rows = [("r", "10", "map", 5 / 6), ("r", "9", "map", 0.5), ("r", "all", "map", 2 / 3)]
    frame = pd.DataFrame(rows, columns=["run", "topic", "measure", "value"])
    frame["topics"] = pd.array([None, None, 2], dtype="Int64")
    want = (_line("map", "10", "0.8333") + _line("map", "9", "0.5000") + _line("runid", "all", "r")
            + _line("num_q", "all", "2") + _line("map", "all", "0.6667"))
    assert "".join(trec_eval_pieces(frame)) == want

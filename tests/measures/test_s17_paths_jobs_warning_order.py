"""``--jobs`` gives the serial warnings in the serial order.  The partitions' warnings were put
in order of first appearance over the partitions, so a warning found only in a later partition
(overlapping passages of topic 4) came after one every partition gives (document-level
measures reading a passage run as documents), the reverse of one process; the real INEX run
bert_inex_converted.run (overlap in topic 2009079 only) showed it.  Each partition lists its
warnings in the serial order (family by family), so the merged order follows them all."""
from __future__ import annotations

import subprocess
import sys

from sdreval.measures.partitions import merge_warnings
from sdreval.model.run import Run

QRELS = "".join(f"{t} Q0 d{t} 80 1000 10 10:50 200:30\n" for t in range(1, 5))
RUN = "".join(f"{t} Q0 d{t} 1 3.0 pr 10 40\n{t} Q0 d{t} 2 2.0 pr 300 40\n"
              f"{t} Q0 x{t} 3 1.0 pr 0 40\n" for t in range(1, 5)) + "4 Q0 d4 4 0.5 pr 20 40\n"


def _stderr(tmp_path, *options: str) -> str:
    (tmp_path / "q.fol").write_text(QRELS)
    (tmp_path / "r.txt").write_text(RUN)
    return subprocess.run([sys.executable, "-m", "sdreval", "eval", str(tmp_path / "q.fol"),
                           str(tmp_path / "r.txt"), "-m", "MAiP", "-m", "AP", *options],
                          capture_output=True, text=True, check=True).stderr


def test_jobs_print_the_serial_warnings_in_the_serial_order(tmp_path):
    serial = _stderr(tmp_path)
    assert serial.index("overlapping passage pair(s)") < serial.index("document-level")
    assert _stderr(tmp_path, "--jobs", "2") == serial


def test_a_warning_of_a_later_partition_keeps_its_place_before_a_common_one():
    pieces = [(0, None, ["run r: b"]), (0, None, ["run r: b"]), (0, None, ["run r: a",
                                                                           "run r: b"])]
    assert merge_warnings(pieces, [Run("r", {})]) == ["run r: a", "run r: b"]
    # where no partition orders two warnings, first appearance decides
    pieces = [(0, None, ["run r: c"]), (0, None, ["run r: a"])]
    assert merge_warnings(pieces, [Run("r", {})]) == ["run r: c", "run r: a"]

"""Reading judgement files peaks under 1.5x the file's size (issue 15), measured in a subprocess."""
from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

#: two blocks and their parse, which a file of this size does not amortise
IN_FLIGHT_MB = 16

PEAK_SCRIPT = """
import json, os, sys, tempfile
import numpy, pandas, pyarrow, pyarrow.csv, pyarrow.compute
from sdreval.errors import ProblemLog
from sdreval.io.fol import read_fol_qrels
from sdreval.io.trec_qrels import read_trec_qrels
def status(key):
    return [int(l.split()[1]) for l in open('/proc/self/status') if l.startswith(key)][0] / 1024
read = read_fol_qrels if sys.argv[2] == "fol" else read_trec_qrels
with tempfile.NamedTemporaryFile("w", suffix=".qrels", delete=False) as tiny:  # imports done
    tiny.write("1 Q0 d 0 10\\n" if sys.argv[2] == "fol" else "1 0 d 1\\n")
read(tiny.name, ProblemLog())
os.unlink(tiny.name)
base = status('VmRSS:')
log = ProblemLog()
qrels = read(sys.argv[1], log)
print(json.dumps({"judgements": qrels.topics.judgements(), "problems": len(log.problems),
                  "growth_mb": status('VmHWM:') - base}))
"""


def _generate(path, kind: str, target_bytes: int) -> int:
    """FOL qrels shaped like INEX 2010's (about one judged document in seven with a BEP and
    passages) or TREC qrels, 1,000 judged documents a topic; returns the number of lines."""
    rng = np.random.default_rng(11)
    docs = rng.choice(20_000_000, 1000, replace=False).tolist()
    lines = []
    for i, doc in enumerate(docs):
        if kind == "trec":
            lines.append(f"TOPIC 0 clueweb-{doc} {i % 3}\n")
        elif i % 7:
            lines.append(f"TOPIC Q0 {doc} 0 {1000 + i} \n")
        else:
            lines.append(f"TOPIC Q0 {doc} 150 {2000 + i} 40 40:100 300:50 \n")
    template = "".join(lines)
    size, topic, count = 0, 2010000, 0
    with open(path, "w", encoding="ascii") as out:
        while size < target_bytes:
            topic += 1
            chunk = template.replace("TOPIC", str(topic))
            out.write(chunk)
            size += len(chunk)
            count += len(docs)
    return count


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/status")
@pytest.mark.parametrize("kind", ["fol", "trec"])
def test_reading_qrels_peaks_under_one_and_a_half_times_the_file(tmp_path, kind):
    """The columnar judgement readers' peak memory, Qrels included, is at most 1.5x the file
    plus the blocks in flight (it was 6-9x: per-block Arrow tables and per-row columns kept
    to the end, 64-bit everything, joined copies)."""
    path = tmp_path / f"big.{kind}"
    lines = _generate(path, kind, 24 * 1024 * 1024)
    size_mb = path.stat().st_size / 2**20
    done = subprocess.run([sys.executable, "-c", PEAK_SCRIPT, str(path), kind],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    stats = json.loads(done.stdout.strip().splitlines()[-1])
    assert stats["judgements"] == lines and stats["problems"] == 0
    assert stats["growth_mb"] < 1.5 * size_mb + IN_FLIGHT_MB, (stats, size_mb)

"""``sdreval validate`` of a table run with malformed XPaths lists the errors and nothing made
of the rows it refused.  Before, those rows went on to the repeat check, whose warning named
their path None ("result d1 None repeats line 3"), and the summary counted them as results."""
from __future__ import annotations

import subprocess
import sys


def test_validate_table_run_with_bad_paths(tmp_path):
    table = tmp_path / "er.csv"
    table.write_text("topic,doc,path,score\n1,d1,/article/bdy,9\n1,d1,/article[1]/bdy[1]/,8\n"
                     "1,d1,//bdy,7\n")
    done = subprocess.run([sys.executable, "-m", "sdreval", "validate", str(table)],
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stdout.splitlines() + done.stderr.splitlines() == [
        f"{table}:3: error: malformed XPath '/article[1]/bdy[1]/': bad step ''",
        f"{table}:4: error: malformed XPath '//bdy': bad step ''",
        f"{table}: INVALID: table-run; 2 error(s), 0 warning(s)"]

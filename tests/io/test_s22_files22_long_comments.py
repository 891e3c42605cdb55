"""Comment lines filling the first 64 KiB of a text run or qrels file (a long header of
parameters, many comment lines) left detection without a data line: the file was refused as
"empty file: no data line" (or "the first line is longer than 65536 bytes", a comment line),
though the readers skip comments and read it.  Detection now reads on, line by line, to the
first data lines; a data line longer than 64 KiB is still refused, naming its line."""
from __future__ import annotations

import pytest

from sdreval.errors import InputError
from sdreval.io import detect_format, read_run

RUN = "1 Q0 d1 1 3.0 r\n1 Q0 d4 2 2.5 r\n2 Q0 d5 1 1.0 r\n"


@pytest.mark.parametrize("comments", [
    "# " + "x" * 70_000 + "\n",  # one long comment line
    "# short\n# " + "x" * 70_000 + "\n",
    "".join(f"# parameter {i}: {'y' * 40}\n" for i in range(2_000)),  # 110 KB of comments
])
def test_comments_beyond_the_head_do_not_hide_the_data(tmp_path, comments):
    path = tmp_path / "run.txt"
    path.write_text(comments + RUN)
    assert detect_format(path) == "document-run"
    run = read_run(path)
    assert sorted(run.topics) == ["1", "2"] and len(run.topics["1"]) == 2


@pytest.mark.parametrize("text, line, said", [
    ("z" * 70_000 + " Q0 d 1 1 r\n", 1, "the first line"),
    ("# c\n" + "z" * 200_000 + " Q0 d 1 1 r\n", 2, "line 2"),  # was "empty file"
    ("# " + "c" * 70_000 + "\n" + "z" * 70_000 + " Q0 d 1 1 r\n", 2, "line 2")])
def test_a_data_line_beyond_64_kib_is_refused_at_its_line(tmp_path, text, line, said):
    path = tmp_path / "run.txt"
    path.write_text(text + RUN)
    with pytest.raises(InputError, match=f"{said} is longer than 65536 bytes") as error:
        detect_format(path)
    assert error.value.problems[0].line == line

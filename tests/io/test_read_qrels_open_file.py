"""read_qrels of an open file reads it as the file's path is read: a collection given as a
directory resolves INEX assessments' path passages in both (it was passed on unread for an
open file, so every passage was 'not in the collection' and left out)."""
from pathlib import Path

from sdreval import read_qrels
from sdreval.errors import ProblemLog

DOC = "<article><bdy><sec><p>Alpha beta gamma.</p><p>Delta.</p></sec></bdy></article>"
P1 = "/article[1]/bdy[1]/sec[1]/p[1]"
ASSESSMENTS = f"""<?xml version="1.0" encoding="UTF-8"?>
<assessments pool="3" topic="202" version="2">
 <file collection="ieee" name="an/1995/a1003">
   <passage start="{P1}" end="{P1}" size="18"/>
   <element path="{P1}" exhaustivity="2" size="18" rsize="18"/>
 </file>
</assessments>
"""


def test_open_file_and_path_give_the_same_passages(tmp_path: Path):
    (tmp_path / "ieee" / "an" / "1995").mkdir(parents=True)
    (tmp_path / "ieee" / "an" / "1995" / "a1003.xml").write_text(DOC, encoding="utf-8")
    qrels_file = tmp_path / "pool-3.xml"
    qrels_file.write_text(ASSESSMENTS, encoding="utf-8")
    collection = str(tmp_path / "ieee")
    by_path_log, by_file_log = ProblemLog(), ProblemLog()
    by_path = read_qrels(str(qrels_file), log=by_path_log, collection=collection)
    with open(qrels_file, "rb") as handle:
        by_file = read_qrels(handle, log=by_file_log, collection=collection)
    expected = [(0, len("Alpha beta gamma."))]  # the first paragraph: the text's first 17
    assert by_path["202"].passages["an/1995/a1003"].ranges == expected
    assert by_file["202"].passages["an/1995/a1003"].ranges == expected
    assert not by_path_log.errors and not by_file_log.errors, by_file_log.errors

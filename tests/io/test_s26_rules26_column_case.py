"""Column names in another case (QID, DOCNO, SCORE; Query_ID) are not read (names are read
as written; QID and qid could both be columns): the refusal names the spelling to write, in a
CSV/TSV file's detection and in a table's reader alike."""
import pandas as pd
import pytest

import sdreval
from sdreval.errors import InputError, UsageError


@pytest.mark.parametrize("sep", [",", "\t"])
def test_upper_case_header_file_says_which_names_to_write(tmp_path, sep):
    path = tmp_path / "run.csv"
    path.write_text(sep.join(["QID", "DOCNO", "SCORE"]) + "\n" + sep.join(["1", "d1", "2.5"])
                    + "\n")
    with pytest.raises(InputError, match="rename 'QID' to 'qid', 'DOCNO' to 'docno', "
                                         "'SCORE' to 'score'"):
        sdreval.read_run(path)


def test_mixed_case_columns_of_a_table_say_which_names_to_write(tmp_path):
    frame = pd.DataFrame({"Query_ID": ["1"], "Doc_ID": ["d1"], "Relevance": [1]})
    with pytest.raises(UsageError, match="rename 'Query_ID' to 'query_id', 'Doc_ID' to "
                                         "'doc_id', 'Relevance' to 'relevance'"):
        sdreval.read_qrels(frame)
    path = tmp_path / "qrels.csv"
    frame.to_csv(path, index=False)
    with pytest.raises(InputError, match="rename 'Query_ID' to 'query_id'"):
        sdreval.read_qrels(path, fmt="table-qrels")

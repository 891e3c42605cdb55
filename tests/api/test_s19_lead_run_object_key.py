"""A Run object under a dict key naming it otherwise is renamed as a file is, and said so:
the given name wins (the rule of files and DataFrames), silently before (found by review)."""
from __future__ import annotations

import warnings

import sdreval


def test_dict_key_renaming_a_run_object_is_stated(tmp_path):
    (tmp_path / "q").write_text("1 0 d1 1\n")
    (tmp_path / "r").write_text("1 Q0 d1 1 2 r\n")
    run = sdreval.read_run(str(tmp_path / "r"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        renamed = sdreval.evaluate(str(tmp_path / "q"), {"X": run}, "AP")
        same = sdreval.evaluate(str(tmp_path / "q"), {"r": run}, "AP")
    assert renamed.run.tolist() == ["X"] and same.run.tolist() == ["r"]
    said = [str(w.message) for w in caught if "as given" in str(w.message)]
    assert said == ["(run): warning: the Run object is named 'r'; it is named 'X' as given"]

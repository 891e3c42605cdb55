"""Python warnings name the options as a Python caller gives them: an API user who passed
order='rsv' (or nothing) was told "--order rsv ranks as trec_eval does", a command-line flag
that evaluate() does not take (session 29).  The commands keep their flags."""
import warnings

from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli

QRELS = "1 0 a 1\n1 0 b 0\n2 0 c 2\n2 0 d 1\n3 0 e 0\n"
# topic 1 lists the lower score first: file order is not trec_eval's order
RUN = "1 Q0 b 1 0.2 r\n1 Q0 a 2 0.9 r\n2 Q0 c 1 0.9 r\n"


def _files(tmp_path):
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r.txt").write_text(RUN)
    return str(tmp_path / "q.txt"), str(tmp_path / "r.txt")


def _said(*args, **options):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sdreval.evaluate(*args, **options)
    return " | ".join(str(w.message) for w in caught)


def test_order_hint_names_the_keyword(tmp_path):
    said = _said(*_files(tmp_path), "AP")
    assert "order='rsv' ranks as trec_eval does" in said
    assert "--order" not in said


def test_zero_rel_and_level_name_the_keywords(tmp_path):
    said = _said(*_files(tmp_path), "AP", order="rsv", zero_rel=True, rel_level=1.5)
    assert "(zero_rel=True: score 0 and count in the means)" in said
    assert "rel_level=1.5: relevant iff grade >= 1.5" in said
    assert "--zero-rel-as-zero" not in said and "-l 1.5" not in said


def test_the_command_keeps_its_flags(tmp_path):
    qrels, run = _files(tmp_path)
    result = CliRunner().invoke(cli, ["eval", qrels, run, "-m", "AP", "-l", "1.5",
                                      "--zero-rel-as-zero"])
    assert "--order rsv ranks as trec_eval does" in result.stderr
    assert "-l 1.5: relevant iff" in result.stderr
    assert "(--zero-rel-as-zero: score 0" in result.stderr


def test_what_is_not_sdreval_s_option_stays():
    from sdreval.io.options import api_spelling

    # trec_eval's own flags, a command line given as advice, a message naming both spellings
    for text in ("trec_eval reads -l as a whole number (trec_eval -l 1)",
                 "as trec_eval -c does",
                 "sdreval validate r.txt --collection docs lists them all",
                 "average them in as 0: --zero-rel-as-zero, zero_rel=True in Python"):
        assert api_spelling(text) == text
    assert api_spelling("(-c: every one); --strict rejects; -M 10 kept") == \
        "(all_topics=True: every one); strict=True rejects; depth=10 kept"
    # options of the readers, which evaluate() does not take: the reader's call
    assert api_spelling("(a chunk run needs --chunk-map)?") == \
        "(a chunk run needs read_run(path, chunk_map=FILE))?"
    assert api_spelling("kept (--pool-policy union)") == \
        "kept (read_qrels(path, pool_policy='union'))"

"""Document-level measures on judgements of highlighted passages (FOL qrels): a document is
relevant when it has highlighted text (relchars > 0), judged non-relevant when listed with
relchars 0, unjudged otherwise; a passage run counts each document once, at its first result."""
from pathlib import Path

import warnings

import numpy as np
import pytest

from sdreval.errors import UsageError
from sdreval.io import read_qrels, read_run
from sdreval.measures.evaluate import evaluate, summarise
from sdreval.measures.registry import EvalContext

REAL = Path(__file__).resolve().parents[1] / "realdata"
QRELS = REAL / "inex2010-adhoc" / "inex2010.qrels"
BERT = REAL / "inex2009-2010-zendel" / "bert_inex_converted.run"
MEASURES = ["AP", "P@10", "Rprec", "nDCG@10"]


def _document_run(path: Path, out: Path) -> dict[str, list[str]]:
    """The passage run reduced to its documents, first appearance order per topic."""
    docs: dict[str, list[str]] = {}
    seen: set[tuple[str, str]] = set()
    for line in path.read_text().splitlines():
        topic, _, doc = line.split()[:3]
        if (topic, doc) not in seen:
            seen.add((topic, doc))
            docs.setdefault(topic, []).append(doc)
    out.write_text("".join(f"{t} Q0 {d} {i + 1} {len(ds) - i} bertdocs\n"
                           for t, ds in docs.items() for i, d in enumerate(ds)))
    return docs


@pytest.fixture(scope="module")
def real(tmp_path_factory):
    qrels = read_qrels(QRELS)
    reduced = tmp_path_factory.mktemp("doc") / "bert.docs.run"
    docs = _document_run(BERT, reduced)
    return qrels, docs, reduced


def test_passage_run_and_document_run_agree_with_ir_measures(real):
    ir_measures = pytest.importorskip("ir_measures")
    qrels, docs, reduced = real
    judged = [ir_measures.Qrel(t, d, int(dp.is_relevant))
              for t, tq in qrels.topics.items() for d, dp in tq.passages.items()]
    answered = [t for t in docs if t in qrels.topics]
    scored = [ir_measures.ScoredDoc(t, d, float(len(docs[t]) - i))
              for t in answered for i, d in enumerate(docs[t])]
    peer = {}
    for m in ir_measures.iter_calc([ir_measures.parse_measure(x) for x in
                                    ("AP", "P@10", "Rprec", "nDCG@10")], judged, scored):
        peer[(str(m.measure), m.query_id)] = m.value
    for run_path in (BERT, reduced):
        with warnings.catch_warnings():  # the bert run's repeated passages (a known property)
            warnings.simplefilter("ignore")
            run = read_run(run_path)
        table = evaluate(qrels, [run], MEASURES, EvalContext())
        assert set(table.topic) == set(answered)
        for row in table.itertuples():
            assert row.value == pytest.approx(peer[(row.measure, row.topic)], abs=1e-12), row
        means = summarise(table).set_index("measure").value
        assert round(means["AP"], 4) == 0.1920 and means["P@10"] == pytest.approx(0.512)


def test_graded_option_relchars_over_doclen(tmp_path):
    q = tmp_path / "q.fol"
    q.write_text("1 Q0 a 50 100 0:50\n1 Q0 b 100 100 0:100\n1 Q0 c 0 80\n")
    run = tmp_path / "r.run"
    run.write_text("1 Q0 c 1 3 r\n1 Q0 a 2 2 r\n1 Q0 b 3 1 r\n")
    table = evaluate(read_qrels(q), [read_run(run)],
                     ["AP", "nDCG", "nDCG(quant=relfrac)", "gAP(quant=relfrac)"], EvalContext())
    got = table.set_index("measure").value
    assert got["AP"] == pytest.approx((1 / 2 + 2 / 3) / 2)
    assert got["nDCG"] == pytest.approx((1 / np.log2(3) + 1 / np.log2(4)) / (1 + 1 / np.log2(3)))
    # relfrac gains: a = 0.5, b = 1.0, c = 0 (judged non-relevant)
    ideal = 1.0 + 0.5 / np.log2(3)
    assert got["nDCG(quant=relfrac)"] == pytest.approx((0.5 / np.log2(3) + 1 / np.log2(4)) / ideal)
    assert got["gAP(quant=relfrac)"] == pytest.approx((0.5 / 2 + 1.5 / 3) / 2)


def test_element_quantisation_on_passage_judgements_is_refused(tmp_path):
    q = tmp_path / "q.fol"
    q.write_text("1 Q0 a 50 100 0:50\n")
    run = tmp_path / "r.run"
    run.write_text("1 Q0 a 1 3 r\n")
    with pytest.raises(UsageError, match="relfrac"):
        evaluate(read_qrels(q, "fol-qrels"), [read_run(run)], ["AP(quant=gen)"], EvalContext())


def test_q_and_maep_at_document_level_equal_their_classic_forms(real):
    qrels, docs, reduced = real
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = read_run(BERT)
    table = evaluate(qrels, [run], ["MAep", "AP", "Q(beta=0)", "nxCG@10", "P@10"], EvalContext())
    by = table.pivot(index="topic", columns="measure", values="value")
    # binary gains, no repeats: MAep = AP and Q(beta=0) = AP
    assert np.allclose(by["MAep"], by["AP"]) and np.allclose(by["Q(beta=0)"], by["AP"])


def _values_and_reading_warnings(tmp_path, qrels: str, qrels_name: str, run: str,
                                 measures: list[str]) -> tuple[dict, list[str]]:
    (tmp_path / qrels_name).write_text(qrels)
    (tmp_path / "r.run").write_text(run)
    ctx = EvalContext()
    table = evaluate(read_qrels(tmp_path / qrels_name), [read_run(tmp_path / "r.run")],
                     measures, ctx)
    return (table.set_index("measure").value.to_dict(),
            [w for w in ctx.warnings if "document-level" in w])


def test_reduction_is_said_once_per_run(tmp_path):
    values, said = _values_and_reading_warnings(
        tmp_path, "1 Q0 a 50 100 0:50\n1 Q0 b 0 100\n", "q.fol",
        "1 Q0 b 1 4 r 0 10\n1 Q0 a 2 3 r 0 10\n1 Q0 a 3 2 r 20 10\n", ["AP", "P@2", "nDCG"])
    assert values == pytest.approx({"AP": 0.5, "P@2": 0.5, "nDCG": 1 / np.log2(3)})
    assert len(said) == 1 and "1 later result(s) of the same document dropped" in said[0]


def test_element_run_on_trec_qrels_is_told_it_is_read_as_documents(tmp_path):
    # TREC qrels judge whole documents, not highlighted passages: the warning must not say so
    values, said = _values_and_reading_warnings(
        tmp_path, "1 0 d1 1\n1 0 d2 1\n1 0 d3 0\n", "q.txt",
        "1 Q0 d1 1 3 r /article[1]\n1 Q0 d1 2 2 r /article[1]\n1 Q0 d2 3 1 r /article[1]\n",
        ["AP", "P@3"])
    # d1 once at rank 1, d2 at rank 2: AP = (1/1 + 2/2) / 2, P@3 = 2/3
    assert values == pytest.approx({"AP": 1.0, "P@3": 2 / 3})
    assert len(said) == 1 and "highlighted" not in said[0]
    assert "each document once, at its first result" in said[0]


def test_precall_curve_reads_a_passage_run_at_the_document_level_too(tmp_path):
    from sdreval.measures.inex_eval.definitions import inex_eval_curve

    q = tmp_path / "q.fol"
    q.write_text("1 Q0 a 50 100 0:50\n1 Q0 b 0 100\n1 Q0 c 10 100 5:10\n")
    run = tmp_path / "r.run"
    run.write_text("1 Q0 b 1 4 r 0 10\n1 Q0 a 2 3 r 0 10\n1 Q0 a 3 2 r 20 10\n"
                   "1 Q0 c 4 1 r 0 10\n")
    qrels, passages = read_qrels(q, "fol-qrels"), read_run(run)
    ctx = EvalContext(collection_elements=10)
    value = evaluate(qrels, [passages], ["inex_eval"], ctx).value[0]
    curve = inex_eval_curve(qrels, passages.topics["1"], "1", ctx=ctx)
    assert curve.mean() == pytest.approx(value)


# The same judgements as FOL qrels and as the TREC qrels `sdreval convert` writes of them
# (a, c relevant; b judged non-relevant): the document-level reading of a run must not depend
# on the format.  Before, a passage run on the TREC qrels kept a's second passage as a
# repeated, non-relevant rank (AP 0.5, not 0.583: 0.1328 instead of 0.2081 for the BERT run
# on the INEX 2009-2010 judgements), an element run on them scored 0 (its elements were not
# the judged document roots), and a document run with a repeated document was read without
# the repeat on FOL qrels only.
FOL = "1 Q0 a 50 100 0:50\n1 Q0 b 0 100\n1 Q0 c 30 100 10:30\n"
TREC = "1 0 a 1\n1 0 b 0\n1 0 c 1\n"
RUNS = {
    # documents b, a, c: AP = (1/2 + 2/3) / 2, P@2 = 1/2
    "passage": ("1 Q0 b 1 4 r 0 10\n1 Q0 a 2 3 r 0 10\n1 Q0 a 3 2 r 20 10\n"
                "1 Q0 c 4 1 r 0 10\n", (1 / 2 + 2 / 3) / 2),
    "element": ("1 Q0 b 1 4 r /article[1]/sec[1]\n1 Q0 a 2 3 r /article[1]/p[2]\n"
                "1 Q0 a 3 2 r /article[1]/p[3]\n1 Q0 c 4 1 r /article[1]\n", (1 / 2 + 2 / 3) / 2),
    # a document run: the repeat of a is a non-relevant rank (docs/classic.md, edge cases)
    "document": ("1 Q0 b 1 4 r\n1 Q0 a 2 3 r\n1 Q0 a 3 2 r\n1 Q0 c 4 1 r\n", (1 / 2 + 2 / 4) / 2),
}


@pytest.mark.parametrize("layout", list(RUNS))
def test_fol_and_trec_qrels_of_the_same_documents_score_alike(tmp_path, layout):
    text, ap = RUNS[layout]
    run_path = tmp_path / "r.run"
    run_path.write_text(text)
    values = {}
    for name, qrels_text in (("fol", FOL), ("trec", TREC)):
        path = tmp_path / f"q.{name}"
        path.write_text(qrels_text)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            table = evaluate(read_qrels(path), [read_run(run_path)], ["AP", "P@2"],
                             EvalContext())
        values[name] = table.set_index("measure").value.to_dict()
    assert values["fol"] == pytest.approx({"AP": ap, "P@2": 0.5})
    assert values["trec"] == pytest.approx(values["fol"])


@pytest.mark.parametrize("layout, expected", [("element", 1.0), ("document", 0.5)])
def test_xcg_on_fol_and_trec_qrels_of_the_same_documents_agree(tmp_path, layout, expected):
    """nxCG@3 (Kazai & Lalmas 2006, Eq. 3 and 5) of documents b, a, c (element run): gains
    0, 1, 1 over the ideal 1, 1: 2 / 2 = 1; of the document run b, a, a: the repeat earns 0,
    1 / 2 = 0.5, on FOL qrels as on TREC qrels (before: 1 on FOL qrels, the repeat dropped)."""
    run_path = tmp_path / "r.run"
    run_path.write_text(RUNS[layout][0])
    for name, qrels_text in (("fol", FOL), ("trec", TREC)):
        path = tmp_path / f"q.{name}"
        path.write_text(qrels_text)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            table = evaluate(read_qrels(path), [read_run(run_path)], ["nxCG@3"], EvalContext())
        assert table.value.tolist() == pytest.approx([expected]), name

"""inex_eval with ``-c``: a qrels topic the run did not answer scores 0, as every other measure
and as the output says ("unanswered topics score 0"; trec_eval's -c).

Before the fix the implicit last rank (the elements not retrieved, Ogilvie & Lalmas 2006,
Eq. 1-5) was evaluated for a topic with no result at all: 1.0 here (all its assessed
elements relevant), 0.90 on the bundled synthetic example, higher than the answered topics."""
from __future__ import annotations

import json

import pytest

HEAD = "# scale=inex2003\ntopic\tfile\tpath\texhaustivity\tspecificity\tsize\n"
# gen quantisation (Kazai & Lalmas 2006, Eq. 2): (1,1) -> 0.25, (3,3) -> 1, (2,2) -> 0.5
TOPIC = ("{t}\td1\t/article[1]\t1\t1\t100\n{t}\td1\t/article[1]/sec[1]\t3\t3\t40\n"
         "{t}\td1\t/article[1]/sec[2]\t2\t2\t60\n")
RUN = "1 Q0 d1 1 2 r /article[1]\n1 Q0 d1 2 1 r /article[1]/sec[1]\n"


def _answered_topic_value() -> float:
    """Topic 1 with 10 elements in the collection: n = 1.75; ranks {article: 0.25},
    {sec[1]: 1}, last rank {sec[2]: 0.5 and 7 non-relevant}.  P(x) = 1 while x·n <= 1.25,
    then x·n / (x·n + (x·n - 1.25)·7/1.5) (Eq. 1, 4, 5)."""
    total = 0.0
    for i in range(1, 101):
        xn = i / 100 * 1.75
        total += 1.0 if xn <= 1.25 + 1e-12 else xn / (xn + (xn - 1.25) * 7 / 1.5)
    return total / 100


@pytest.mark.parametrize("measure", ["inex_eval(elements=10)", "inex_eval",
                                     "inex_eval(elements=10,compat=inex)"])
def test_unanswered_topic_scores_zero(tmp_path, sdreval_cli, measure):
    (tmp_path / "q.tsv").write_text(HEAD + TOPIC.format(t=1) + TOPIC.format(t=2))
    (tmp_path / "r.txt").write_text(RUN)
    done = sdreval_cli("eval", tmp_path / "q.tsv", tmp_path / "r.txt", "-m", measure,
                       "-q", "-c", "--format", "json")
    assert done.returncode == 0, done.stderr
    values = {r["topic"]: r["value"] for r in json.loads(done.stdout)}
    assert values["2"] == 0.0, values  # was 1.0 (the last rank of topic 2's own elements)
    assert values["all"] == pytest.approx(values["1"] / 2)
    if measure == "inex_eval(elements=10)":
        assert values["1"] == pytest.approx(_answered_topic_value())  # 0.8847

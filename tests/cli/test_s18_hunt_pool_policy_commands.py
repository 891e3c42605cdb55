"""``recallbase`` and ``convert`` read INEX assessment directories too: they take
``--pool-policy`` as ``eval`` does (their warning already told users to pass it, and there was
no such option: the main pool was the only choice).

Two pools of topic 300 (X-RAI's layout, Kazai & Lalmas 2006 quantisations): the main pool
judges sec[1] (3,3); the other pool judges sec[1] (2,2) and sec[2] (2,3).  Under ``union``
sec[2] joins the ideal recall-base with gen(2,3) = 0.75 (Kazai & Lalmas 2006, Eq. 2) and
sec[1] keeps the main pool's (3,3) -> 1."""
from __future__ import annotations

SEC = "/article[1]/bdy[1]/sec[{}]"


def _pool(pool: str, judgements: list[tuple[str, int, int]]) -> str:
    """An X-RAI 2004 pool file of topic 300 (single quotes, as X-RAI wrote them)."""
    paths = "".join(f"<path path='{p}' exhaustiveness='{e}' specificity='{s}'/>"
                    for p, e, s in judgements)
    return (f"<assessments pool='{pool}' topic='300'><file file='an/1995/a1003'>{paths}"
            "</file></assessments>\n")


MAIN = _pool("5", [("/article[1]", 1, 1), (SEC.format(1), 3, 3)])
OTHER = _pool("2", [("/article[1]", 1, 1), (SEC.format(1), 2, 2), (SEC.format(2), 2, 3)])


def _pools(tmp_path):
    root = tmp_path / "done" / "CO"
    (root / "main" / "topic-300").mkdir(parents=True)
    (root / "others" / "topic-300").mkdir(parents=True)
    (root / "main" / "topic-300" / "pool-5.xml").write_text(MAIN)
    (root / "others" / "topic-300" / "pool-2.xml").write_text(OTHER)
    return tmp_path / "done"


def test_recallbase_pool_policy(tmp_path, sdreval_cli):
    pools = _pools(tmp_path)
    main = sdreval_cli("recallbase", pools, "--quant", "gen")
    assert main.returncode == 0, main.stderr
    assert main.stdout == "300\tan/1995/a1003\t/article[1]/bdy[1]/sec[1]\t1\n"
    union = sdreval_cli("recallbase", pools, "--quant", "gen", "--pool-policy", "union")
    assert union.returncode == 0, union.stderr
    assert union.stdout.splitlines() == ["300\tan/1995/a1003\t/article[1]/bdy[1]/sec[1]\t1",
                                         "300\tan/1995/a1003\t/article[1]/bdy[1]/sec[2]\t0.75"]
    error = sdreval_cli("recallbase", pools, "--pool-policy", "error")
    assert error.returncode == 1 and "disagree" in error.stderr


def test_convert_pool_policy(tmp_path, sdreval_cli):
    pools = _pools(tmp_path)
    done = sdreval_cli("convert", pools, tmp_path / "union.tsv", "--pool-policy", "union")
    assert done.returncode == 0, done.stderr
    rows = [line.split("\t")[:5] for line in (tmp_path / "union.tsv").read_text().splitlines()
            if line and not line.startswith(("#", "topic"))]
    assert ["300", "an/1995/a1003", "/article[1]/bdy[1]/sec[2]", "2", "3"] in rows
    assert ["300", "an/1995/a1003", "/article[1]/bdy[1]/sec[1]", "3", "3"] in rows


def test_pool_policy_said_unused_for_a_file(tmp_path, sdreval_cli):
    (tmp_path / "q.tsv").write_text("# scale=inex2003\ntopic\tfile\tpath\texhaustivity\t"
                                    "specificity\tsize\n1\td\t/article[1]\t3\t3\t10\n")
    done = sdreval_cli("recallbase", tmp_path / "q.tsv", "--pool-policy", "union")
    assert done.returncode == 0 and "--pool-policy union not used" in done.stderr, done.stderr

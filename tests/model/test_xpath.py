import pytest
from hypothesis import given, strategies as st

from sdreval.errors import InputError
from sdreval.model.xpath import (canonical_xpath, depth, is_ancestor, is_ancestor_or_self,
                                 overlaps, parent_path, tag_of)


def test_canonical_adds_missing_indexes():
    assert canonical_xpath("/article/bdy/sec[6]") == "/article[1]/bdy[1]/sec[6]"
    assert canonical_xpath("article[1]/bdy[1]") == "/article[1]/bdy[1]"


@pytest.mark.parametrize("bad", ["", "/", "//a", "/a[0]", "/a[x]", "/a/@id", "/a/text()", "/a b"])
def test_malformed_paths_raise_input_error(bad):
    with pytest.raises(InputError):
        canonical_xpath(bad)


def test_relations_from_paths_alone():
    sec = "/article[1]/bdy[1]/sec[6]"
    p1 = sec + "/p[1]"
    assert is_ancestor(sec, p1) and not is_ancestor(p1, sec)
    assert is_ancestor_or_self(sec, sec) and not is_ancestor(sec, sec)
    # sec[6] is not an ancestor of sec[60]: prefix of the string but not of the steps
    assert not is_ancestor(sec, "/article[1]/bdy[1]/sec[60]")
    assert overlaps(p1, sec) and not overlaps(p1, sec + "/p[2]")
    assert parent_path(p1) == sec and parent_path("/article[1]") is None
    assert depth(p1) == 4 and tag_of(p1) == "p"


steps = st.lists(st.tuples(st.sampled_from(["a", "sec", "p", "bdy"]), st.integers(1, 12)),
                 min_size=1, max_size=6)


@given(steps, steps)
def test_ancestor_matches_step_prefix(a, b):
    pa = "".join(f"/{t}[{i}]" for t, i in a)
    pb = "".join(f"/{t}[{i}]" for t, i in b)
    assert is_ancestor_or_self(pa, pb) == (b[:len(a)] == a)
    assert canonical_xpath(pa) == pa

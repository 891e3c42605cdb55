"""A navigation file's ``#!`` directive holds wherever it is: ``#! abandonment`` under the route
lines was ignored (the comment skipped), so route ends did not count as abandonment.

Routes a -> s1 -> p1 and a -> s2 (Ali, Consens & Lalmas 2012, Fig. 5; elementary graph,
Table 2): a steps to s1 and s2 once each (1/2, 1/2), s1 to p1 (1); with abandonment
(footnote 4) each route's end stays: p1 -> p1 = 1, s2 -> s2 = 1."""
import numpy as np
import pytest

from sdreval.io.navigation import read_navigation

ROUTES = ("route d /article[1] /article[1]/sec[1] /article[1]/sec[1]/p[1]\n"
          "route d /article[1] /article[1]/sec[2]\n")
PATHS = ["/article[1]", "/article[1]/sec[1]", "/article[1]/sec[1]/p[1]", "/article[1]/sec[2]"]
ABANDONING = np.array([[0, .5, 0, .5], [0, 0, 1, 0], [0, 0, 1, 0], [0, 0, 0, 1]])


@pytest.mark.parametrize("text", ["#! abandonment\n" + ROUTES, ROUTES + "#! abandonment\n",
                                  ROUTES.replace("\nroute", "\n#! abandonment\nroute")])
def test_directive_anywhere(tmp_path, text):
    (tmp_path / "nav.txt").write_text(text)
    got = read_navigation(tmp_path / "nav.txt").matrix("d", PATHS)
    assert np.allclose(got, ABANDONING)

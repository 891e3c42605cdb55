"""`help(sdreval.api.nxCG)` showed the registry's class docstring ("One measure, declared once:
name, family, parameters, cut-off kind, documentation") for every measure: a Python user, who
reads `help(ir_measures.nDCG)` for ir_measures' definition, got neither the definition nor its
paper and equation.  Each measure object now carries its own docstring: the synopsis
`sdreval measures` prints, then the definition with its source."""
from __future__ import annotations

import inspect
import pydoc

import pytest

import sdreval.api as api
from sdreval.measures import MEASURES


def test_help_of_a_measure_gives_its_definition_and_source():
    assert inspect.getdoc(api.nxCG).splitlines() == [
        "nxCG(quant=None, overlap='on', alpha=None, ideal='ideal', keep='ancestor')@k", "",
        "normalised xCG: xCG[k]/xCI[k] (Kazai & Lalmas 2006, Eq. 5)"]
    assert "(Ali, Consens & Lalmas 2012, Eq. 13)" in pydoc.render_doc(api.ESRP)
    assert "One measure, declared once" not in pydoc.render_doc(api.MAiP)


@pytest.mark.parametrize("name", sorted(MEASURES))
def test_every_measure_object_has_its_own_docstring(name):
    definition = MEASURES[name]
    assert inspect.getdoc(definition).startswith(name)
    assert definition.doc.splitlines()[0] in inspect.getdoc(definition)

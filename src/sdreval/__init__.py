"""sdreval: evaluation of structured document retrieval (XML elements, passages, sub-trees).

Quick use::

    import sdreval
    qrels = sdreval.read_qrels("qrels.xml")
    run = sdreval.read_run("run.xml")
    table = sdreval.evaluate(qrels, [run], ["nxCG@10", "MAep"])
"""
from .errors import InputError, Problem, SdrevalError, UsageError
from .io import read_collection, read_qrels, read_run
from .judgements import Qrels, get_quantisation, register_quantisation
from .measures import EvalContext, evaluate, parse_measure, summarise
from .model import Collection, DocumentTree, Ranking, Run, canonical_xpath

__version__ = "0.1.0"

__all__ = ["InputError", "Problem", "SdrevalError", "UsageError", "read_collection",
           "read_qrels", "read_run", "Qrels", "get_quantisation", "register_quantisation",
           "EvalContext", "evaluate", "parse_measure", "summarise", "Collection",
           "DocumentTree", "Ranking", "Run", "canonical_xpath", "__version__"]

# Friendly API (ir_measures / ranx style): ``sdreval.api.nxCG(k=10)``, ``sdreval.measure("P@10")``.
from . import api  # noqa: E402
from .api import measure  # noqa: E402

__all__ += ["api", "measure"]

"""Judgements: assessments, quantisation functions, recall-bases."""
from .columns import TopicJudgements
from .qrels import (COVERAGE_CODES, TOO_SMALL, DocPassages, ElementAssessment, Qrels,
                    TopicQrels)
from .quantise import (QUANTISATIONS, Quantisation, default_quantisation, get_quantisation,
                       register_quantisation)

__all__ = ["COVERAGE_CODES", "TOO_SMALL", "DocPassages", "ElementAssessment", "Qrels",
           "TopicQrels", "TopicJudgements", "QUANTISATIONS", "Quantisation", "default_quantisation",
           "get_quantisation", "register_quantisation"]

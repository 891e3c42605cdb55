"""Data model: element ids and XPaths, document trees, passages, runs."""
from .passage import Passage, merge_ranges, overlap_length
from .run import Ranking, Result, Run
from .tree import Collection, DocumentTree
from .xpath import (XPathError, canonical_xpath, depth, is_ancestor, is_ancestor_or_self,
                    overlaps, parent_path, parse_steps, tag_of)

__all__ = ["Passage", "merge_ranges", "overlap_length", "Ranking", "Result", "Run",
           "Collection", "DocumentTree", "XPathError", "canonical_xpath", "depth",
           "is_ancestor", "is_ancestor_or_self", "overlaps", "parent_path", "parse_steps",
           "tag_of"]

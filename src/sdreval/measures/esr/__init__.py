"""ESR measure family (Ali, Consens & Lalmas 2012): navigation models, expected hits,
misses, near-misses and recall-base, the ESR measures, PRUM and EPRUM."""
from . import definitions  # noqa: F401  (registers the measures)
from .kernels import Expectations, expectations, redundancy, tree_navigation
from ...model.navigation import (ExplicitNavigation, NavigationModel, NoNavigation,
                                SummaryNavigation, TagPartition, depth_weighted_summary,
                                elementary_from_routes, summary_from_routes, tag_partition)
from . import prum  # noqa: F401  (module: prum.prum, prum.eprum, prum.prum_scenarios)

__all__ = ["Expectations", "expectations", "redundancy", "tree_navigation",
           "ExplicitNavigation", "NavigationModel", "NoNavigation", "SummaryNavigation",
           "TagPartition", "depth_weighted_summary", "elementary_from_routes",
           "summary_from_routes", "tag_partition", "prum"]

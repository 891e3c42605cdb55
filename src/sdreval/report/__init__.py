"""Reports: tables (text, CSV, JSON, Parquet, trec_eval-like summary, LaTeX), plots, the HTML
report.

The plot, table, curve and HTML functions are attributes of this package (``sdreval.report.
plot_ep_gr``, ``sdreval.report.format_latex_table``, ``sdreval.report.build_report`` ...),
loaded on first use so that ``sdreval eval`` does not import matplotlib.
"""
from __future__ import annotations

import importlib

from .output import write_results, write_table

_LAZY = {
    "plots": ("plot_curves", "plot_ep_gr", "plot_nxcg", "plot_precall",
              "plot_interpolated_precision", "plot_topic_distribution", "bootstrap_intervals",
              "plot_confidence_intervals", "significance_matrix", "plot_significance_heatmap",
              "plot_significance_decisions", "plot_swap_rates", "figure_bytes"),
    "tables": ("summary_table", "significance_marks", "format_text_table",
               "format_latex_table"),
    "curves": ("STANDARD_CURVES", "compute_curve", "curve_from_results"),
    "html": ("ReportData", "build_report", "report_data", "render_html", "write_report"),
}
_WHERE = {name: module for module, names in _LAZY.items() for name in names}


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'sdreval.report' has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


__all__ = ["write_results", "write_table", *_WHERE]

"""Reports: tables (text, CSV, JSON, Parquet, LaTeX), plots, the HTML report."""
from .output import write_results

__all__ = ["write_results"]

"""The statistics layer's progress bars: :mod:`sdreval.progress` (one helper for every
command; it lives outside this package so that commands without statistics do not import
scipy or statsmodels to show a bar)."""
from ..progress import is_quiet, progress, set_quiet, showing, track

__all__ = ["progress", "track", "set_quiet", "is_quiet", "showing"]

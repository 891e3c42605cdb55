"""Bridges to other IR evaluation tools: :mod:`.ir_measures` (measures usable from
``ir_measures.calc_aggregate``/``iter_calc``) and :mod:`.pyterrier` (``pt.Experiment``).
Each module imports its peer only when used."""

"""Orchestration: reading inputs and evaluating them, above both the readers (:mod:`sdreval.io`)
and the measures (:mod:`sdreval.measures`), which never read files.

- :mod:`.stream`: a run file evaluated one topic at a time, in bounded memory
  (:func:`~sdreval.orchestrate.stream.evaluate_stream`,
  :func:`~sdreval.orchestrate.stream.evaluate_files`).
"""

"""Datasets of solutions: the per-record check (:mod:`.solution`) and the streaming ``--jsonl`` run on every
core (:mod:`.jsonl_run`)."""

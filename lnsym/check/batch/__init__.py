"""Datasets of solutions: the per-record check (:mod:`.solution`), the streaming ``--jsonl`` run on every
core (:mod:`.jsonl_run`) and the Dask adapter for a cluster (:mod:`.dask_bag`, optional extra ``cluster``)."""

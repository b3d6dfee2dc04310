"""Check a dataset on a Dask cluster: the per-record function of ``check --jsonl`` mapped over a Dask bag.

Needs the optional extra: ``pip install 'lnsym[cluster]'`` (Dask's bag and ``distributed``). Dask does the
scheduling; lnsym only supplies the function. Each input file is one partition, read line by line on
the worker that checks it (any path fsspec reads: local, ``s3://``, ``gs://`` ...), so records keep their
line numbers and every output line is byte for byte the line ``lnsym check --jsonl FILE`` writes.
Partition a large dataset into many files (``split -l 100000 big.jsonl part-``): a partition is held
in one worker's memory.

>>> from dask.distributed import Client                                  # doctest: +SKIP
>>> client = Client("tcp://scheduler:8786")                              # doctest: +SKIP
>>> check_jsonl_files("s3://bucket/solutions/*.jsonl", "s3://bucket/checked/*.jsonl")  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from lnsym.check.batch.jsonl_run import DEFAULT_OPTIONS, JsonlOptions
from lnsym.check.batch.solution import check_line, dumps
from lnsym.errors import UsageError

__all__ = ["check_bag", "check_jsonl_files", "check_partition"]


def _dask_bag():
    try:
        import dask.bag as db
    except ImportError:
        raise UsageError("the cluster path needs Dask: pip install 'lnsym[cluster]'") from None
    return db


def check_partition(lines: Iterable[str | bytes], options: JsonlOptions = DEFAULT_OPTIONS) -> Iterator[str]:
    """The output lines (no newline) of one partition: its lines are numbered from 1, blank ones skipped."""
    for number, raw in enumerate(lines, 1):
        if raw.strip():
            yield dumps(check_line(raw, number, options.field, options.id_field, options.plain_text,
                                   options.step_seconds))


def check_bag(lines: Any, options: JsonlOptions = DEFAULT_OPTIONS) -> Any:
    """A bag of output lines from a bag of JSONL lines (each partition numbered from its first line)."""
    return lines.map_partitions(lambda part: list(check_partition(part, options)))


def check_jsonl_files(urlpath: str | list[str], output: str | None = None, options: JsonlOptions = DEFAULT_OPTIONS,
                      **storage_options: Any) -> list[str] | None:
    """Check JSONL files on the current Dask scheduler (a ``distributed.Client`` if one is active).

    ``urlpath`` is a path, a glob or a list of them; one partition per file, in sorted order. With
    ``output`` (a glob such as ``out/*.jsonl``) one output file is written per input file (``0.jsonl``,
    ``1.jsonl`` ... in input order); without it the output lines are returned, in order."""
    db = _dask_bag()
    lines = db.read_text(urlpath, blocksize=None, encoding="utf-8", storage_options=storage_options or None)
    checked = check_bag(lines, options)
    if output is None:
        return list(checked.compute())
    checked.to_textfiles(output, encoding="utf-8", last_endline=True)
    return None

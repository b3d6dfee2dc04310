"""``lnsym check PATH...`` on every core: the keys of one run are checked in ``jobs`` processes, each with
its own time-limited worker, and reported in the order of their paths.

Each key is checked exactly as in one process (:func:`lnsym.check.keys.check_key`: a key's context,
definitions and operations are its own), so the findings are the same whatever the number of processes;
only a step near its time limit may be decided in one run and time out in another, as in one process.
The budgets hold across processes: every file gets its own :class:`~lnsym.check.budget.Deadline`, and
they all end with the run's, measured from when the run started (the monotonic clock is the system's).
"""

from __future__ import annotations

from functools import partial

from lnsym.check.batch.pool import start_pool, stop_pool
from lnsym.check.batch.solution import _process_worker
from lnsym.check.budget import RunBudget
from lnsym.check.findings import FileReport
from lnsym.check.judges.worker import STEP_SECONDS
from lnsym.check.keys import check_key

__all__ = ["check_keys"]


def _check(key: tuple, budget: RunBudget, plain_text: bool) -> FileReport:
    worker = _process_worker(STEP_SECONDS)  # one evaluator per process, kept for its next keys
    worker.deadline = budget.file()
    return check_key(key, worker, None, plain_text)


def check_keys(keys: list[tuple], budget: RunBudget, jobs: int, plain_text: bool = True) -> list[FileReport]:
    """The reports of ``keys`` (as :func:`lnsym.check.keys.load_key` reads them), in their order."""
    pool = start_pool(jobs)
    try:
        # one key at a time: keys differ in size by orders of magnitude, so chunks would leave a core idle
        reports = list(pool.map(partial(_check, budget=budget, plain_text=plain_text), keys, chunksize=1))
    except BaseException:  # Ctrl-C: the files being checked are not waited for (they were, up to 30 s each)
        stop_pool(pool)
        raise
    pool.shutdown()
    return reports

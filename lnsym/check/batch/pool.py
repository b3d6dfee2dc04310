"""The processes of a run of ``lnsym check`` over several files or records (``--jobs N``): started so that
they end with the run, even when it is killed (:mod:`lnsym.check.lifetime`), and stopped at once when the
run is interrupted."""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing as mp
import signal
import sys
import time
from collections.abc import Iterable
from concurrent.futures import Future, ProcessPoolExecutor

from lnsym.check.judges.worker import collect_less
from lnsym.check.lifetime import end_with_parent, parent_token

__all__ = ["start_pool", "stop_pool"]


def _worker_init(parent: int, main_thread: bool) -> None:  # pragma: no cover - runs in the worker processes
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the run; children must not print tracebacks
    # not the parent's handler (_stop), inherited by the fork: its SystemExit, raised within a record, is
    # taken by the pool's loop for the record's exception, and the process went on (lifetime.py says more)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    end_with_parent(parent, main_thread)  # even when the parent is killed (SIGKILL)
    collect_less()


# Modules the judges import on first use: SymPy's ``simplify`` imports its physical units (0.19 s), a product its
# tensors, a set its handlers, a step of the LayerNorm vocabulary its formulas. Imported before the processes are
# forked, they are imported once for the run, not once in each process (0.3 s of CPU each on ProcessBench dev).
FIRST_USE = ("sympy.physics.units", "sympy.tensor.tensor", "sympy.sets.handlers.issubset",
             "sympy.sets.handlers.functions", "lnsym.check.judges.formulas.formula_claims",
             "lnsym.check.judges.formulas.derivatives")


def start_pool(jobs: int) -> ProcessPoolExecutor:
    """``jobs`` processes for a run (``check --jsonl``, ``check PATH... --jobs``), each ending with this one."""
    fork = sys.platform.startswith("linux")
    if fork and jobs > 1:  # (spawned processes import everything again anyway; one process gains nothing)
        for name in FIRST_USE:
            importlib.import_module(name)
    context = mp.get_context("fork" if fork else "spawn")
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_worker_init,
                               initargs=parent_token())


def stop_pool(pool: ProcessPoolExecutor, inflight: Iterable[Future] = ()) -> None:
    """Stop a run's processes now (Ctrl-C, SIGTERM, an error). Without this, Python's exit waited for the
    records or files being checked to end: a folder run took up to a file's whole budget (30 s) after Ctrl-C."""
    for f in inflight:
        f.cancel()
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    # The pool's thread drops the cancelled records first; a process killed before it has, and that thread
    # (Python 3.11) sets an exception on a cancelled future: an InvalidStateError traceback on standard error.
    give_up = time.monotonic() + 1.0
    while getattr(pool, "_cancel_pending_futures", False) and manager is not None and manager.is_alive() \
            and time.monotonic() < give_up:
        time.sleep(0.005)
    for p in processes:
        with contextlib.suppress(Exception):
            p.terminate()

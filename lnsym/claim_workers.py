"""Forked worker processes that survive the claims they run.

``verify`` runs claims in worker processes. A claim is a user's code: it may call ``sys.exit``,
``os._exit``, kill its process or never return. A ``multiprocessing.Pool`` loses the task of a worker
that dies and then waits for it forever, and ``concurrent.futures`` fails every pending task with
``BrokenProcessPool``; here each worker has a pipe of its own, so the parent knows which task a dead
(or killed) worker was running: that task gets a reason, a new worker takes the place of the old one,
and the other tasks run as before.

Workers are forked: the task function and what it reads (the loaded claims) are inherited, never
pickled; only task indices go to a worker and results come back.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait

__all__ = ["Workers", "death_reason"]


def death_reason(exitcode: int | None) -> str:
    """Why a worker ended, from its exit code (negative: the signal that ended it)."""
    if exitcode is None:
        return "the worker process stopped answering"
    if exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        return f"the worker process died ({name})"
    return f"the worker process died (exit code {exitcode})"


def _serve(conn: Connection, work: Callable[[int], object]) -> None:
    # Ctrl-C belongs to the parent, which stops the run and kills the workers; so a KeyboardInterrupt
    # seen here was raised by the task's own code, and `work` reports it like any other exception
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        index = conn.recv()
        if index is None:
            return
        conn.send(work(index))


@dataclass
class _Worker:
    process: multiprocessing.Process
    conn: Connection
    task: int | None = None  # the index of the task it runs
    deadline: float | None = None
    started: float = 0.0

    @property
    def seconds(self) -> float:
        return time.monotonic() - self.started


class Workers:
    """``jobs`` forked processes running ``work(index)``; ``failed(index, reason, seconds)`` stands for the
    result of a task whose worker died or passed ``limit`` seconds (then it is killed, and the reason is
    ``late``)."""

    def __init__(self, jobs: int, work: Callable[[int], object], failed: Callable[[int, str, float], object],
                 limit: float | None, late: str = "") -> None:
        self.jobs, self.work, self.failed, self.limit = jobs, work, failed, limit
        self.late = late or f"its worker did not stop within {limit:g} s and was killed"
        self.context = multiprocessing.get_context("fork")

    def _start(self) -> _Worker:
        # a forked child flushes the buffers it inherited when it ends: empty them first, or the
        # parent's unwritten output would be written twice
        sys.stdout.flush()
        sys.stderr.flush()
        ours, theirs = self.context.Pipe()
        process = self.context.Process(target=_serve, args=(theirs, self.work), daemon=True)
        process.start()
        theirs.close()  # only the worker holds its end: when it dies, ours reads EOF
        return _Worker(process, ours)

    def _assign(self, worker: _Worker, todo: deque) -> None:
        try:
            worker.conn.send(todo[0])
        except OSError:  # the worker has just ended: the task waits for the next one
            self._kill(worker)
            return
        worker.task = todo.popleft()
        worker.started = time.monotonic()
        worker.deadline = None if self.limit is None else time.monotonic() + self.limit

    def run(self, count: int) -> list:
        results: list = [None] * count
        todo = deque(range(count))
        workers: list[_Worker] = []
        try:
            while todo or any(w.task is not None for w in workers):
                for w in workers:
                    if w.task is None and not w.process.is_alive():
                        self._kill(w)  # ended between two tasks (a thread its last task left?)
                workers = [w for w in workers if not w.conn.closed]
                while todo and len(workers) < self.jobs:
                    workers.append(self._start())
                for w in workers:
                    if w.task is None and not w.conn.closed and todo:
                        self._assign(w, todo)
                if any(w.task is not None for w in workers):
                    self._collect(workers, results)
        finally:
            self._stop(workers)
        return results

    def _collect(self, workers: list[_Worker], results: list) -> None:
        """Wait for a result, a death or a deadline, and record what happened."""
        busy = [w for w in workers if w.task is not None]
        deadlines = [w.deadline for w in busy if w.deadline is not None]
        wait_for = None if not deadlines else max(0.0, min(deadlines) - time.monotonic())
        ready = wait([w.conn for w in busy], wait_for)
        for w in busy:
            if w.conn in ready:
                try:
                    results[w.task] = w.conn.recv()
                except (EOFError, OSError):  # died while running the task, before answering
                    w.process.join(1.0)
                    results[w.task] = self.failed(w.task, death_reason(w.process.exitcode), w.seconds)
                    self._kill(w)
                w.task = w.deadline = None
            elif w.deadline is not None and time.monotonic() >= w.deadline:
                self._kill(w)
                results[w.task] = self.failed(w.task, self.late, w.seconds)
                w.task = w.deadline = None

    @staticmethod
    def _kill(w: _Worker) -> None:
        if w.process.is_alive():
            w.process.kill()
        w.process.join()
        w.conn.close()

    def _stop(self, workers: list[_Worker]) -> None:
        for w in workers:
            if w.task is None and w.process.is_alive() and not w.conn.closed:
                with contextlib.suppress(OSError):  # it ended meanwhile: killed below all the same
                    w.conn.send(None)
        for w in workers:
            w.process.join(1.0 if w.task is None else 0)
            self._kill(w)

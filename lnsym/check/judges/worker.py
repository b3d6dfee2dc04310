"""Decide statements within a time limit per step: in the calling process where a signal can stop them,
in a separate process that can be killed elsewhere.

Each step has :data:`STEP_SECONDS` of CPU time. A step that overruns it becomes ``unchecked`` ("timed
out") and the statement goes on from the next step. A :class:`~lnsym.check.budget.Deadline` set as
``worker.deadline`` bounds a whole file as well: once it has passed, no step is decided any more, and a
step still running when it passes is stopped; those steps are ``unchecked`` with the deadline's reason.
The limit counts CPU time, not the clock, so that a loaded machine (other jobs, every core busy with
``check --jsonl``) gives the same verdicts as an idle one.

Where it can, a statement is decided in the calling process, with the limit kept by ``SIGPROF``
(``setitimer(ITIMER_PROF)``, every 50 ms of CPU time), whose handler raises, once the step's CPU time or
the file's deadline has passed, an exception the judges' ``except Exception`` guards do not catch.
The signal counts the CPU time of the whole process, the handler that of the thread deciding the step
(``time.thread_time``), so a caller's other threads do not shorten a step's limit. Sending a
statement to another process cost more than deciding most of them: its values went both ways through
pickles, and that process's SymPy objects and caches were not the caller's (their assumptions asked
again, their sums formed again). Over ProcessBench's 1,700 dev solutions, one after another in one
process: 68 to 84 s of CPU with every statement sent, 57 s decided here (the README's "Figures
(datasets)" has the measurements).

The evaluator process (one per ``Worker``, forked at its first job, killed and started again when a step
overruns) decides the rest: everything outside the main thread (a thread of ``Dataset.map`` or of a Dask
worker), or while ``SIGPROF`` belongs to someone else (a sampling profiler), a job that decides itself
(a formula claim of the LayerNorm vocabulary, which sets its module's globals), and again any statement
whose answer in the calling process is ``error`` (a fault of lnsym), so that the evaluator's answer is
the reference. (The calling process takes the evaluator's recursion limit while it decides a statement,
so a deep tree gets the same answer in both.) It also has a memory limit
(:data:`MEMORY_BYTES`), which the calling process does not impose on itself. A signal interrupts Python
code, not a single C-level operation (a big-integer power); the judges' size limits
(``evaluate.MAX_DIGITS`` and the like) keep each such operation short, and a step still past its limit
when the operation returns is stopped then. A kill stops even that, which is why the evaluator stays
where a signal cannot be used.

With ``LNSYM_CHECK_INLINE=1`` in the environment the judges run in the calling process without any time
limit: for profiling, and for mutation testing (``bench/mutation.py``), whose tools see only the code
that runs in the process under test.
"""

from __future__ import annotations

import contextlib
import copyreg
import gc
import io
import multiprocessing as mp
import os
import pickle
import signal
import sys
import threading
import time
from dataclasses import replace
from typing import Any, ClassVar

import sympy as sp

from lnsym.check.budget import code_of, paused
from lnsym.check.findings import Verdict
from lnsym.check.judges.arithmetic import check_statement
from lnsym.check.judges.judgement import SKIP, Judgement, StatementJob, failure
from lnsym.check.lifetime import end_with_parent, parent_token

__all__ = ["STEP_SECONDS", "Worker", "collect_less"]

STEP_SECONDS = 2.0
_RECURSION = 4000  # the evaluator's recursion limit, and the calling process's while it decides a statement
WALL_FACTOR = 10  # a step that waits rather than computes (swapping, a stopped process) is stopped too
_SLICE = 0.05  # how often a running step's CPU time is looked at
# The tag of the evaluator's message that a judge raised past its own guards (the others are a step's index, or
# -1 for the values bound); its payload is the failure's Judgement.
_RAISED = "raised"
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
MEMORY_BYTES = 2 * 1024**3  # a step may use this much beyond the parent's footprint


def collect_less() -> None:
    """Garbage-collector settings for lnsym's own processes (the evaluator, the ``--jsonl`` and file pools),
    never for a caller's. A step allocates SymPy objects by the hundred thousand, and with the default
    threshold of 700 the collector ran almost a thousand times over the ProcessBench dev file, each time
    walking SymPy's own module objects too: about 4% of the CPU time. Frozen, the objects the process
    started with are not walked again (nor copied by a fork that touches them); the higher thresholds make
    a collection rare. Cycles are still collected (exceptions' tracebacks make them), only later."""
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)


def _unevaluated(cls: type, args: tuple) -> sp.Expr:
    return cls(*args, evaluate=False)


def _as_built(expr: sp.Expr) -> tuple:
    return _unevaluated, (type(expr), expr.args)


class _Pickler(pickle.Pickler):
    """Sends sums, products and powers as they are built. SymPy's own pickles rebuild them through their
    constructors, which evaluate (flatten, sort, combine) again: the values of the terms going back to the
    parent after each statement (and the bound names going to the evaluator with each job) took 4.2 s of
    the parent's 19.7 s of CPU time over the ProcessBench dev file that way, 2.1 s this way. The values
    crossing the pipe were built by SymPy, so their arguments are already in canonical order and rebuilding
    them unevaluated gives the same expression (the same output, byte for byte, on that file)."""

    dispatch_table: ClassVar[dict] = {**copyreg.dispatch_table, sp.Add: _as_built, sp.Mul: _as_built, sp.Pow: _as_built}


def _send(conn, obj: Any) -> None:
    buf = io.BytesIO()
    _Pickler(buf, pickle.HIGHEST_PROTOCOL).dump(obj)
    conn.send_bytes(buf.getbuffer())


def _recv(conn) -> Any:
    return pickle.loads(conn.recv_bytes())


def _serve(conn, other=None, parent: tuple[int, bool] | None = None) -> None:  # pragma: no cover - runs in the child
    if other is not None:  # the parent's end, inherited by the fork: without it, a dead parent means EOF here
        other.close()
    if parent is not None:  # EOF is read only between steps: a step running when the parent dies is stopped too
        end_with_parent(*parent)
    with contextlib.suppress(Exception):
        import re
        import resource

        with open("/proc/self/status") as f:  # on top of what the forked parent already maps
            used = int(re.search(r"VmSize:\s+(\d+)", f.read()).group(1)) * 1024
        limit = used + MEMORY_BYTES
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    sys.setrecursionlimit(_RECURSION)
    collect_less()
    while True:
        try:
            job = _recv(conn)
        except (EOFError, OSError):
            return
        if job is None:
            return

        def emit(i: int, result: Any) -> None:
            try:
                _send(conn, (i, result))
            except Exception:
                _send(conn, (i, {}))

        try:
            _decide(job, emit)
        except Exception as exc:  # a judge that raised past its own guards: lnsym's fault, or too deep
            _send(conn, (_RAISED, failure(exc, "the evaluator")))


class _Overrun(BaseException):
    """Raised by the ``SIGPROF`` handler in a statement decided in the calling process. Not an
    ``Exception``, so that the judges' ``except Exception`` guards do not take it for a failed attempt."""


def _decide(job, emit) -> None:
    """Decide ``job``, sending each step's result to ``emit(i, result)`` and the values last (``i = -1``)."""
    run = getattr(job, "run", None)  # a job that decides itself (formula_claims.FormulaJob)
    if run is not None:
        run(emit)
    else:
        check_statement(job, emit)


class Worker:
    """Decides statements within their time limits: in this process where a signal can keep them, else in
    a restartable evaluation process (the module's docstring says which). Use as a context manager."""

    def __init__(self, step_seconds: float = STEP_SECONDS, here: bool = True) -> None:
        self.step_seconds = step_seconds
        self._ctx = mp.get_context("fork" if sys.platform.startswith("linux") else "spawn")
        self._proc = None
        self._conn = None
        self.deadline = None  # a lnsym.check.budget.Deadline for the file being checked
        self.inline = os.environ.get("LNSYM_CHECK_INLINE") == "1"
        self.here = here  # decide statements in this process where it can (see the module's docstring)

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, exc_type: type | None, *exc: object) -> None:
        if exc_type is not None and not issubclass(exc_type, Exception):  # Ctrl-C: the evaluator is not waited for
            self._kill()
        else:
            self.close()

    def _start(self) -> None:
        parent, child = self._ctx.Pipe()
        self._proc = self._ctx.Process(target=_serve, args=(child, parent, parent_token()), daemon=True)
        self._proc.start()
        child.close()
        self._conn = parent

    def _kill(self) -> None:
        if self._proc is not None:
            self._proc.kill()
            self._proc.join(5)
        if self._conn is not None:
            self._conn.close()
        self._proc = self._conn = None

    def close(self) -> None:
        if self._proc is not None and self._proc.is_alive():
            with contextlib.suppress(Exception):
                _send(self._conn, None)
                self._proc.join(1)
        self._kill()

    def _poll_seconds(self) -> tuple[float, bool]:
        """How long to wait for the next step, and whether that is the deadline rather than the step limit."""
        if self.deadline is None:
            return self.step_seconds, False
        left = self.deadline.remaining()
        return (left, True) if left < self.step_seconds else (self.step_seconds, False)

    def _out_of_time(self, job: StatementJob, first: int, results: dict[int, Judgement]) -> None:
        reason, code = self.deadline.reason(), code_of(self.deadline)
        for k in range(first, len(job.trees) - 1):
            empty = not job.sources[k].strip() or not job.sources[k + 1].strip()
            results.setdefault(k, Judgement(SKIP) if empty else Judgement(Verdict.UNCHECKED, "", reason, code=code))

    def _run_inline(self, job: StatementJob) -> tuple[dict[int, Judgement], dict[int, Any]]:
        results: dict[int, Judgement] = {}
        values: dict[int, Any] = {}

        def emit(i: int, payload: Any) -> None:
            if i == -1:
                values.update(payload if isinstance(payload, dict) else {})
            else:
                results[i] = payload

        try:
            _decide(job, emit)
        except Exception as exc:  # as _serve does
            res = failure(exc, "the evaluator")
            for k in range(job.start, len(job.trees) - 1):
                results.setdefault(k, res)
        return results, values

    def _usable_here(self, job: StatementJob) -> bool:
        """Can ``job`` be decided in this process? Not a job that decides itself (a reading of the formula
        vocabulary, which sets its module's globals), not outside the main thread (a signal's handler runs
        only there), and not when ``SIGPROF`` belongs to someone else (a sampling profiler)."""
        return self.here and getattr(job, "run", None) is None \
            and threading.current_thread() is threading.main_thread() \
            and signal.getsignal(signal.SIGPROF) in (signal.SIG_DFL, signal.SIG_IGN)

    def _run_here(self, job: StatementJob) -> tuple[dict[int, Judgement], dict[int, Any]]:
        """``job`` decided in this process, step by step, as the evaluator process decides it: each step
        has :attr:`step_seconds` of CPU time, a step that overruns it is ``unchecked`` ("timed out") and the
        statement goes on from the next step, and once the file's deadline has passed the step running is
        stopped and the remaining ones are unchecked with its reason. ``SIGPROF`` comes every
        :data:`_SLICE` of CPU time (``ITIMER_PROF``); its handler looks at the clocks themselves, so that a
        signal that arrives late (while a step's answer is being recorded) stops nothing it should not; the
        step's CPU time is this thread's (``time.thread_time``). A statement with an answer ``error`` here
        (a fault of lnsym) is decided again by the evaluator (see :meth:`run`)."""
        results: dict[int, Judgement] = {}
        values: dict[int, Any] = {}
        n_steps = len(job.trees) - 1
        depth = sys.getrecursionlimit()
        state = {"pending": job.start, "ends": 0.0, "armed": False, "at_deadline": False, "done": False}

        def arm() -> None:  # the next step's CPU time starts now
            state["ends"] = time.thread_time() + self.step_seconds
            state["armed"] = True

        def emit(i: int, payload: Any) -> None:
            state["armed"] = False  # a signal while the answer is recorded stops nothing
            if i == -1:
                values.update(payload if isinstance(payload, dict) else {})
                state["done"] = True  # as the evaluator's last message: nothing after it is stopped
                return
            results[i] = payload
            state["pending"] = i + 1
            arm()

        def on_signal(signum: int, frame: Any) -> None:
            if not state["armed"]:
                return
            if self.deadline is not None and self.deadline.expired():
                state["at_deadline"] = True
                raise _Overrun
            if time.thread_time() >= state["ends"]:
                raise _Overrun

        hook = sys.unraisablehook

        def unraisable(info: Any) -> None:
            # an overrun raised where Python cannot raise (a garbage collector's callback, a __del__) is
            # dropped silently: the signal comes again 50 ms later, in the judge
            if info.exc_type is not _Overrun:
                hook(info)

        previous = signal.signal(signal.SIGPROF, on_signal)
        sys.setrecursionlimit(max(depth, _RECURSION))
        sys.unraisablehook = unraisable
        try:
            while True:
                try:
                    try:
                        arm()
                        signal.setitimer(signal.ITIMER_PROF, _SLICE, _SLICE)
                        _decide(job, emit)
                    finally:
                        state["armed"] = False
                        signal.setitimer(signal.ITIMER_PROF, 0)
                except _Overrun:
                    if state["done"]:
                        return results, values
                    pending = state["pending"]
                    if state["at_deadline"]:  # the file's budget ran out, not the step's limit
                        self._out_of_time(job, pending, results)
                        return results, values
                    job, left = _past(job, pending, results, f"timed out after {self.step_seconds:g} s")
                    values.clear()
                    state["pending"] = job.start  # the next overrun is this step's, not the one before
                    if left:
                        continue
                except Exception as exc:  # a judge that raised past its own guards: as _serve answers it
                    res = failure(exc, "the evaluator")
                    for k in range(state["pending"], n_steps):
                        results.setdefault(k, res)
                return results, values
        finally:
            signal.signal(signal.SIGPROF, previous)
            sys.setrecursionlimit(depth)
            sys.unraisablehook = hook

    def _cpu(self) -> float | None:
        """CPU seconds the worker process has used (None where /proc cannot tell)."""
        try:
            with open(f"/proc/{self._proc.pid}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / _TICK  # utime, stime
        except (OSError, IndexError, ValueError, AttributeError):
            return None

    def _answered(self) -> bool:
        """Wait for the worker's next message; False when the step has used :attr:`step_seconds` of CPU
        time (or :data:`WALL_FACTOR` times that of wall-clock time) without answering."""
        if self._conn.poll(min(_SLICE, self.step_seconds)):
            return True
        start = time.monotonic()
        cpu0 = self._cpu()
        if cpu0 is None:  # no /proc: the clock alone
            return self._conn.poll(max(0.0, self.step_seconds - _SLICE))
        while True:
            if self._conn.poll(_SLICE):
                return True
            cpu = self._cpu()
            if cpu is None or cpu - cpu0 + _SLICE > self.step_seconds or \
                    time.monotonic() - start > self.step_seconds * WALL_FACTOR:
                return self._conn.poll(0)

    def run(self, job: StatementJob) -> tuple[dict[int, Judgement], dict[int, Any]]:
        """Results of every step of ``job`` and the values of its terms. The file's deadline is kept here,
        step by step (a step's exchange with the evaluator is never cut in the middle), so the stages around
        the judges pause theirs (:func:`lnsym.check.budget.paused`)."""
        with paused():
            return self._run(job)

    def _run(self, job: StatementJob) -> tuple[dict[int, Judgement], dict[int, Any]]:
        if self.deadline is not None and self.deadline.expired():
            results: dict[int, Judgement] = {}
            self._out_of_time(job, job.start, results)
            return results, {}
        if self.inline:
            return self._run_inline(job)
        if self._usable_here(job):
            results, values = self._run_here(job)
            if not any(r.verdict is Verdict.ERROR for r in results.values()):
                return results, values
        return self._in_evaluator(job)

    def _in_evaluator(self, job: StatementJob) -> tuple[dict[int, Judgement], dict[int, Any]]:
        """``job`` decided by the evaluator process, which is killed and started again when a step overruns."""
        results: dict[int, Judgement] = {}
        values: dict[int, Any] = {}
        n_steps = len(job.trees) - 1
        while True:
            if self._proc is None or not self._proc.is_alive():
                self._kill()
                self._start()
            try:
                _send(self._conn, job)
            except Exception as exc:  # the job could not be pickled (a tree too deep to send)
                for i in range(job.start, n_steps):
                    results[i] = failure(exc, "sending the step to the evaluator")
                return results, values
            pending = job.start
            while True:
                seconds, at_deadline = self._poll_seconds()
                if not (self._conn.poll(seconds) if at_deadline else self._answered()):
                    self._kill()
                    if at_deadline:  # the file's budget ran out, not the step's limit
                        self._out_of_time(job, pending, results)
                        return results, values
                    job, restarted = _past(job, pending, results, f"timed out after {self.step_seconds:g} s")
                    break
                try:
                    i, payload = _recv(self._conn)
                except (EOFError, OSError):  # the worker died (memory limit, crash)
                    self._kill()
                    job, restarted = _past(job, pending, results, "the evaluator ran out of memory")
                    break
                if i == _RAISED:
                    for k in range(pending, n_steps):
                        results.setdefault(k, payload)
                    return results, values
                if i == -1:
                    values = payload if isinstance(payload, dict) else {}
                    return results, values
                results[i] = payload
                pending = i + 1
            if not restarted:
                return results, values


def _past(job: StatementJob, pending: int, results: dict[int, Judgement], reason: str) -> tuple[StatementJob, bool]:
    """After the worker was stopped on step ``pending``: that step is unchecked for ``reason``, and the job
    goes on from the next step (without the terms of the stopped one). Returns the job and whether any
    step is left."""
    n_steps = len(job.trees) - 1
    if pending < n_steps:
        results[pending] = Judgement(Verdict.UNCHECKED, "", reason)
    job = replace(job, start=pending + 1, skip_terms=job.skip_terms | {pending, pending + 1})
    return job, pending + 1 < n_steps

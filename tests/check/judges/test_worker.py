"""The evaluation worker (lnsym.check.judges.worker), driven in the test process.

The worker's child loop (``_serve``) runs here in a thread over a real pipe, and the parent's side (start,
restart, time limits, the file's deadline, close) runs against :class:`_ThreadProcess`, a stand-in for the
forked process whose "child" is such a thread: so the tests see every line of the module (mutation testing
sees only the code that runs in the process under test), and no test waits for a real time limit of seconds.
A thread cannot be killed: the jobs below that hang or die look at their stand-in process instead.
The real process is tested in test_budget.py and test_pipeline.py.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing as mp
import os
import resource
import signal
import sys
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from types import SimpleNamespace
from typing import ClassVar

import pytest
from sympy import Integer

from lnsym.check.budget import Deadline
from lnsym.check.judges import worker as wm
from lnsym.check.judges.judgement import Judgement, StatementJob
from lnsym.check.judges.worker import MEMORY_BYTES, STEP_SECONDS, WALL_FACTOR, Worker, _past, _serve, collect_less
from lnsym.check.parse.nodes import Add, Num

# -- stand-ins -------------------------------------------------------------------------------------------


class _Ended(BaseException):
    """The stand-in process ends (killed, or died): past _serve's ``except Exception``, as a real end is."""


class _ThreadProcess:
    """A forked process's stand-in: ``target`` runs in a thread, with duplicates of the two pipe ends as a
    fork would give the child (so the parent may close its copy of the child's end, and the child its copy
    of the parent's). ``kill`` ends a thread waiting for a job at once and a job hanging in ``_Steps``;
    ``exitcode`` is 0 when the thread had ended by itself before, -9 when it was killed."""

    started: ClassVar[list[_ThreadProcess]] = []

    def __init__(self, target, args, daemon=None) -> None:
        self.target, self.args, self.daemon = target, args, daemon
        self.pid = -1  # no /proc entry: the worker measures the step by the clock
        self.killed = threading.Event()
        self.exitcode = None
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        child, parent = self.args[:2]  # not the parent's token: end_with_parent is for a real child process
        dups = (Connection(os.dup(child.fileno())), Connection(os.dup(parent.fileno())))
        self.child = dups[0]  # for the "hangup" job below
        self.thread = threading.Thread(target=self._run, args=dups, daemon=True)
        self.thread.process = self  # for the jobs below
        _ThreadProcess.started.append(self)
        self.thread.start()

    def _run(self, child, parent) -> None:
        try:
            self.target(child, parent)
        except _Ended:
            pass
        finally:
            child.close()
            parent.close()  # closed already by _serve (as documented there); closing twice is harmless

    def is_alive(self) -> bool:
        return self.thread is not None and self.thread.is_alive() and not self.killed.is_set()

    def kill(self) -> None:
        if self.exitcode is None:
            self.exitcode = -9 if self.thread.is_alive() else 0
        self.killed.set()
        if self.thread.is_alive():  # waiting for a job: wake it with the end message
            with contextlib.suppress(OSError):
                self.args[1].send(None)

    def join(self, timeout=None) -> None:
        self.thread.join(timeout)
        if not self.thread.is_alive() and self.exitcode is None:
            self.exitcode = 0


class _ThreadContext:
    """A multiprocessing context whose processes are :class:`_ThreadProcess` (the pipe is a real one)."""

    Pipe = staticmethod(mp.Pipe)
    Process = _ThreadProcess


@pytest.fixture(autouse=True)
def _child_limits(monkeypatch):
    """``_serve`` sets the process's memory and recursion limits and its garbage collector: in a thread of
    the test process they are recorded instead. Yields the list of (what, value) set."""
    calls: list = []
    monkeypatch.setattr(resource, "setrlimit", lambda what, limits: calls.append((what, limits)))
    monkeypatch.setattr(sys, "setrecursionlimit", lambda n: calls.append(("recursion", n)))
    monkeypatch.setattr(wm, "collect_less", lambda: calls.append(("gc", None)))
    _ThreadProcess.started = []
    yield calls
    for p in _ThreadProcess.started:  # no thread outlives its test
        p.kill()
        p.thread.join(5)
        assert not p.thread.is_alive()


def _threaded_worker(step_seconds: float = 30.0) -> Worker:
    w = Worker(step_seconds=step_seconds, here=False)  # the evaluator's path, not the calling process's
    w.inline = False  # the worker's own "process" (a thread here), even under LNSYM_CHECK_INLINE=1
    w._ctx = _ThreadContext()
    return w


@dataclass
class _Steps(StatementJob):
    """A job that decides itself (as formula_claims.FormulaJob does): step i does ``plan[i]``: "ok" is
    correct (its reason names the job's start and skipped terms, as the worker sent them), "hang" waits
    until its process is killed, "hangup" closes the process's end of the pipe and then hangs (a process
    that is ending), "die" ends the process, "deep" raises RecursionError, "unsendable" emits a result that
    cannot be pickled. Then the values ``{"x": 1}`` (or ``values``)."""

    plan: tuple = ()
    values: object = None

    def run(self, emit) -> None:
        for i in range(self.start, len(self.trees) - 1):
            what = self.plan[i]
            if what == "hangup":
                threading.current_thread().process.child.close()
                what = "hang"
            if what == "hang":
                threading.current_thread().process.killed.wait(5)
                raise _Ended  # the killed process sends nothing more
            if what == "die":
                raise _Ended
            if what == "deep":
                raise RecursionError("maximum recursion depth exceeded")
            if what == "unsendable":
                emit(i, lambda: None)
                continue
            emit(i, Judgement("correct", "", f"start {self.start} skip {sorted(self.skip_terms)}"))
        emit(-1, {"x": 1} if self.values is None else self.values)


def _job(*plan: str, start: int = 0, values: object = None) -> _Steps:
    n = len(plan) + 1
    return _Steps(trees=[None] * n, errors=[""] * n, sources=["1"] * n, rels=["="] * len(plan), start=start,
                  plan=plan, values=values)


def _ok(start: int = 0, skip: tuple = ()) -> Judgement:
    return Judgement("correct", "", f"start {start} skip {list(skip)}")


def _unchecked(reason: str) -> Judgement:
    return Judgement("unchecked", "", reason)


# -- the child's loop, _serve ----------------------------------------------------------------------------


def _serve_in_thread(conn, other=None) -> threading.Thread:
    t = threading.Thread(target=_serve, args=(conn, other), daemon=True)
    t.start()
    return t


def _received(conn, timeout: float = 10.0) -> list:
    """The messages up to the values (i = -1) or a judge that raised."""
    got = []
    while conn.poll(timeout):
        got.append(conn.recv())
        if got[-1][0] in (-1, wm._RAISED):
            break
    return got


def test_the_child_answers_each_step_in_order_and_the_values_last():
    """_serve decides a statement's steps with the judges (check_statement), sending (i, result) for each
    step and (-1, values) last; it serves one job after another."""
    job = StatementJob(trees=[Add((Num("1"), Num("1"))), Num("2"), Num("3")],
                       errors=[""] * 3, sources=["1+1", "2", "3"], rels=["=", "="])
    parent, child = mp.Pipe()
    t = _serve_in_thread(child)
    parent.send(job)
    assert _received(parent) == [(0, Judgement("correct")), (1, Judgement("wrong", "2", "2 = 2", "2", "3")),
                                 (-1, {0: Integer(2), 1: Integer(2), 2: Integer(3), -2: {}})]
    parent.send(_job("ok"))  # a job that decides itself (a formula claim)
    assert _received(parent) == [(0, _ok()), (-1, {"x": 1})]
    parent.send(None)  # the end message
    t.join(5)
    assert not t.is_alive()


def test_the_child_ends_when_the_parent_closes_its_end():
    """EOF on the pipe (the parent closed it or died) ends _serve."""
    parent, child = mp.Pipe()
    t = _serve_in_thread(child)
    parent.close()
    t.join(5)
    assert not t.is_alive()


def test_the_child_closes_its_copy_of_the_parents_end():
    """_serve closes ``other``, the parent's end inherited by the fork, so that a dead parent means EOF."""
    parent, child = mp.Pipe()
    other = Connection(os.dup(parent.fileno()))
    t = _serve_in_thread(child, other)
    parent.send(None)
    t.join(5)
    assert other.closed and not t.is_alive()


def test_a_result_that_cannot_be_sent_becomes_an_empty_one():
    """A step result that cannot be pickled is sent as (i, {}); the steps after it are still decided."""
    parent, child = mp.Pipe()
    t = _serve_in_thread(child)
    parent.send(_job("unsendable", "ok"))
    assert _received(parent) == [(0, {}), (1, _ok()), (-1, {"x": 1})]
    parent.send(None)
    t.join(5)


def test_a_judge_that_raises_is_reported_as_an_error_message():
    """An exception past the judges' own guards is sent as (_RAISED, failure(exc, "the evaluator")), and the
    child goes on serving."""
    parent, child = mp.Pipe()
    t = _serve_in_thread(child)
    parent.send(_job("ok", "deep"))
    assert _received(parent) == [(0, _ok()), (wm._RAISED, _unchecked("the evaluator: too deeply nested"))]
    parent.send(_job("ok"))
    assert _received(parent) == [(0, _ok()), (-1, {"x": 1})]
    parent.send(None)
    t.join(5)


def test_the_child_limits_its_memory_to_the_parents_footprint_plus_MEMORY_BYTES(monkeypatch, _child_limits):
    """The child's address space is limited to its size at the fork (VmSize of /proc/self/status, in kB)
    plus MEMORY_BYTES, soft and hard; its recursion limit is 4000; its garbage collector runs less often."""
    real_open = open

    def fake_open(path, *args, **kwargs):
        if path == "/proc/self/status":
            return io.StringIO("Name:\tpython\nVmPeak:\t  999999 kB\nVmSize:\t  123456 kB\nVmLck:\t 0 kB\n")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(wm, "open", fake_open, raising=False)
    parent, child = mp.Pipe()
    t = _serve_in_thread(child)
    parent.send(None)
    t.join(5)
    limit = 123456 * 1024 + MEMORY_BYTES
    assert _child_limits == [(resource.RLIMIT_AS, (limit, limit)), ("recursion", 4000), ("gc", None)]


def test_a_child_that_cannot_read_its_size_serves_without_a_memory_limit(monkeypatch, _child_limits):
    """Where /proc/self/status cannot be read, no memory limit is set and the child still serves."""
    def no_proc(path, *args, **kwargs):
        raise OSError("no /proc")

    monkeypatch.setattr(wm, "open", no_proc, raising=False)
    parent, child = mp.Pipe()
    t = _serve_in_thread(child)
    parent.send(_job("ok"))
    assert _received(parent) == [(0, _ok()), (-1, {"x": 1})]
    parent.send(None)
    t.join(5)
    assert _child_limits == [("recursion", 4000), ("gc", None)]


# -- the worker's settings -------------------------------------------------------------------------------


def test_a_new_worker_has_the_default_step_limit_and_no_process(monkeypatch):
    """Worker(): STEP_SECONDS (2 s) per step, processes forked on Linux, none started yet, no deadline."""
    monkeypatch.delenv("LNSYM_CHECK_INLINE", raising=False)
    w = Worker()
    assert (w.step_seconds, STEP_SECONDS, w._proc, w._conn, w.deadline, w.inline) == (2.0, 2.0, None, None, None,
                                                                                        False)
    assert w._ctx.get_start_method() == "fork"
    assert Worker(0.25).step_seconds == 0.25


def test_the_worker_forks_on_linux_and_spawns_elsewhere(monkeypatch):
    """Worker(): a forked process on Linux (cheap: it inherits SymPy loaded), a spawned one elsewhere."""
    monkeypatch.setattr(sys, "platform", "darwin")
    assert Worker()._ctx.get_start_method() == "spawn"
    monkeypatch.setattr(sys, "platform", "linux")
    assert Worker()._ctx.get_start_method() == "fork"


@pytest.mark.parametrize(("value", "inline"), [("1", True), ("0", False), ("true", False)])
def test_LNSYM_CHECK_INLINE_1_and_only_1_runs_the_judges_in_the_calling_process(monkeypatch, value, inline):
    """The module's docstring: with LNSYM_CHECK_INLINE=1 the judges run in the calling process."""
    monkeypatch.setenv("LNSYM_CHECK_INLINE", value)
    assert Worker().inline is inline


def test_the_wait_is_the_step_limit_unless_the_deadline_comes_strictly_first():
    """_poll_seconds: (step_seconds, False) while the deadline is as far as the step's limit or farther,
    (what is left, True) once it is nearer."""
    clock = SimpleNamespace(now=100.0)
    w = Worker(step_seconds=2.0)
    w.deadline = Deadline(60, None, clock=lambda: clock.now)
    clock.now += 58.0
    assert w._poll_seconds() == (2.0, False)  # 2 s left: as far as the step's limit
    clock.now += 0.5
    assert w._poll_seconds() == (1.5, True)


# -- the parent's side with a stand-in process -------------------------------------------------------


def test_the_worker_starts_a_daemon_child_serving_the_pipe():
    """_start: the child runs _serve on one end of a new pipe and is given the parent's end to close; the
    parent keeps its end only, and the child is a daemon (it ends with the checking process), given this
    process's pid and whether it forks from its main thread (to end with it even when it is killed)."""
    w = _threaded_worker()
    w._start()
    p = w._proc
    assert p.target is _serve and p.daemon is True and p.is_alive()
    child, parent, token = p.args
    assert parent is w._conn and child.closed and not parent.closed
    assert token == (os.getpid(), True)
    w.close()


def test_one_child_serves_the_statements_of_a_check():
    """run: step results and values come back; the same child serves the next statement."""
    with _threaded_worker() as w:
        assert w.run(_job("ok", "ok")) == ({0: _ok(), 1: _ok()}, {"x": 1})
        first = w._proc
        assert w.run(_job("ok", values={"y": 2})) == ({0: _ok()}, {"y": 2})
        assert w._proc is first and first.is_alive()


def test_values_that_are_not_a_dict_are_none():
    """run: a values message that is not a dict gives no values."""
    with _threaded_worker() as w:
        assert w.run(_job("ok", values=[("y", 2)])) == ({0: _ok()}, {})


def test_a_child_that_died_between_statements_is_started_again():
    """run: a dead child is replaced before the next statement is sent."""
    with _threaded_worker() as w:
        w.run(_job("ok"))
        first = w._proc
        first.kill()
        first.join(5)
        assert w.run(_job("ok")) == ({0: _ok()}, {"x": 1})
        assert w._proc is not first and w._proc.is_alive() and len(_ThreadProcess.started) == 2


def test_a_step_that_overruns_its_limit_is_timed_out_and_the_statement_goes_on():
    """run: a step past step_seconds is unchecked ("timed out after 0.3 s"); the child is killed, a new one
    goes on from the next step without the stopped step's terms."""
    with _threaded_worker(step_seconds=0.3) as w:
        results, values = w.run(_job("ok", "hang", "ok"))
        assert results == {0: _ok(), 1: _unchecked("timed out after 0.3 s"), 2: _ok(2, (1, 2))}
        assert values == {"x": 1}
        first, second = _ThreadProcess.started
        assert first.exitcode == -9 and second.is_alive() and w._proc is second


def test_when_the_last_step_overruns_no_step_is_left_to_send():
    """run/_past: a timed-out last step ends the statement (no values: they come after the last step); the
    next statement starts a new child."""
    with _threaded_worker(step_seconds=0.3) as w:
        assert w.run(_job("ok", "hang")) == ({0: _ok(), 1: _unchecked("timed out after 0.3 s")}, {})
        assert w._proc is None and len(_ThreadProcess.started) == 1
        assert w.run(_job("ok")) == ({0: _ok()}, {"x": 1})
        assert len(_ThreadProcess.started) == 2


def test_a_child_that_dies_on_a_step_leaves_it_unchecked_and_the_statement_goes_on():
    """run: EOF from the child (killed for memory, crashed) makes the pending step unchecked ("the evaluator
    ran out of memory"), and a new child decides the rest."""
    with _threaded_worker() as w:
        results, values = w.run(_job("ok", "die", "ok", "ok"))
        assert results == {0: _ok(), 1: _unchecked("the evaluator ran out of memory"), 2: _ok(2, (1, 2)),
                           3: _ok(2, (1, 2))}
        assert values == {"x": 1} and len(_ThreadProcess.started) == 2


def test_an_error_message_fills_the_pending_steps_and_keeps_the_child():
    """run: (_RAISED, result) from the child is the result of every step not yet answered (from job.start
    on); the child, which caught the exception, serves on."""
    with _threaded_worker() as w:
        results, values = w.run(_job("ok", "deep", "ok"))
        deep = _unchecked("the evaluator: too deeply nested")
        assert (results, values) == ({0: _ok(), 1: deep, 2: deep}, {})
        assert w._proc.is_alive() and len(_ThreadProcess.started) == 1
        assert w.run(_job("deep", "ok", start=1)) == ({1: _ok(1)}, {"x": 1})
        assert w.run(_job("ok", "deep", "ok", start=1)) == ({1: deep, 2: deep}, {})  # from job.start only


class _TooDeep:
    def __reduce__(self):
        raise RecursionError("maximum recursion depth exceeded while pickling an object")


def test_a_statement_that_cannot_be_sent_leaves_its_steps_unchecked():
    """run: a job that cannot be pickled (a tree too deep to send) gives each step from job.start the
    failure of sending it."""
    job = _job("ok", "ok", "ok", start=1)
    job.env = {"t": _TooDeep()}
    with _threaded_worker() as w:
        bad = _unchecked("sending the step to the evaluator: too deeply nested")
        assert w.run(job) == ({1: bad, 2: bad}, {})


def test_the_step_limit_is_cpu_time_not_clock_time():
    """run: the step's limit counts the child's CPU time (module docstring): a step whose child has used more
    than step_seconds of CPU time is timed out though far less clock time has passed."""
    calls = []

    def cpu() -> float:  # the child's CPU time: 0 when the wait begins, then 31 s
        calls.append(1)
        return 0.0 if len(calls) == 1 else 31.0

    with _threaded_worker(step_seconds=30) as w:
        w._cpu = cpu
        results, values = w.run(_job("hang", "ok"))
        assert results == {0: _unchecked("timed out after 30 s"), 1: _ok(1, (0, 1))} and values == {"x": 1}


def test_a_step_running_when_the_deadline_passes_is_killed_with_the_deadlines_reason():
    """run: the wait is what is left of the file's deadline when that is nearer than the step's limit; when
    it passes, the child is killed and every step from the pending one is unchecked with its reason (a step
    with an empty side is skipped)."""
    clock = SimpleNamespace(now=100.0)
    deadline = Deadline(60, None, clock=lambda: clock.now)
    clock.now += 59.8  # 0.2 s left, the clock stands still
    job = _job("ok", "hang", "ok", "ok")
    job.sources = ["1", "1", "1", " ", "1"]
    with _threaded_worker(step_seconds=30) as w:
        w.deadline = deadline
        results, values = w.run(job)
        reason = deadline.reason()
        assert "file's time budget of 60 s" in reason
        assert results == {0: _ok(), 1: _unchecked(reason), 2: Judgement("skip"), 3: Judgement("skip")}
        assert values == {} and w._proc is None and _ThreadProcess.started[0].exitcode == -9


def test_a_passed_deadline_sends_nothing():
    """run: once the deadline has passed no step is sent (no child is started); the steps from job.start
    are unchecked with its reason."""
    clock = SimpleNamespace(now=100.0)
    deadline = Deadline(5, None, clock=lambda: clock.now)
    clock.now += 6
    with _threaded_worker() as w:
        w.deadline = deadline
        assert w.run(_job("ok", "ok", "ok", start=1)) == ({1: _unchecked(deadline.reason()),
                                                          2: _unchecked(deadline.reason())}, {})
        assert w._proc is None and _ThreadProcess.started == []


def test_close_asks_the_child_to_end_and_forgets_it():
    """close (and leaving the with block): the child is sent the end message and ends by itself (exit code
    0, not killed); the worker keeps no process or pipe; a closed worker starts a new child when used."""
    with _threaded_worker() as w:
        w.run(_job("ok"))
        first, conn = w._proc, w._conn
    assert first.exitcode == 0 and conn.closed and (w._proc, w._conn) == (None, None)
    assert w.run(_job("ok")) == ({0: _ok()}, {"x": 1})
    w.close()
    w.close()  # closing twice is harmless
    assert _ThreadProcess.started[1].exitcode == 0


def test_close_never_raises_for_a_child_that_is_ending():
    """close: a child still alive whose end of the pipe is already closed (a process ending) is killed
    all the same, without an error from the end message that cannot be sent."""
    w = _threaded_worker()
    w._start()
    w._conn.send(_job("hangup"))
    p = w._proc
    for _ in range(500):  # until the child has closed its end (it hangs then)
        if p.child.closed:
            break
        time.sleep(0.01)
    assert p.is_alive() and p.child.closed
    w.close()
    assert p.exitcode == -9 and (w._proc, w._conn) == (None, None)


def test_close_waits_a_second_at_most_for_a_busy_child():
    """close: a child busy with a step (close called while a step runs) is given 1 s to take the end
    message, then killed: the checker does not wait for the step."""
    w = _threaded_worker()
    w._start()
    w._conn.send(_job("hang"))
    t = time.monotonic()
    w.close()
    took = time.monotonic() - t
    assert _ThreadProcess.started[0].exitcode == -9 and 0.9 < took < 1.8  # 1 s, not 2


def test_leaving_the_with_block_on_ctrl_c_kills_a_busy_child_at_once():
    """__exit__ on an interrupt (KeyboardInterrupt, SystemExit): the child is killed without the second that
    close gives it, so that Ctrl-C stops a run at once; on an Exception, close as usual."""
    with pytest.raises(KeyboardInterrupt), _threaded_worker() as w:
        w._start()
        w._conn.send(_job("hang"))
        t = time.monotonic()
        raise KeyboardInterrupt
    took = time.monotonic() - t
    assert _ThreadProcess.started[0].exitcode == -9 and took < 0.5 and (w._proc, w._conn) == (None, None)
    with pytest.raises(ValueError), _threaded_worker() as w:
        w.run(_job("ok"))
        raise ValueError
    assert _ThreadProcess.started[1].exitcode == 0  # asked to end, not killed


def test_kill_stops_the_child_and_closes_the_pipe():
    """_kill: the child is killed (exit code -9), the pipe closed, and the worker keeps neither."""
    w = _threaded_worker()
    w._start()
    p, conn = w._proc, w._conn
    w._kill()
    assert p.exitcode == -9 and not p.thread.is_alive() and conn.closed and (w._proc, w._conn) == (None, None)
    w._kill()  # nothing to kill: harmless


def test_the_context_manager_is_the_worker_and_closes_it():
    """Worker is a context manager: ``with`` gives the worker itself, and closes it on leaving."""
    w = _threaded_worker()
    with w as entered:
        assert entered is w
        w.run(_job("ok"))
    assert w._proc is None and _ThreadProcess.started[0].exitcode == 0


# -- inline --------------------------------------------------------------------------------------------


def test_inline_the_judges_run_in_the_calling_process():
    """With inline set (LNSYM_CHECK_INLINE=1) no child is started; results and values as from a child."""
    w = _threaded_worker()
    w.inline = True
    assert w.run(_job("ok", "ok", values={"y": 2})) == ({0: _ok(), 1: _ok()}, {"y": 2})
    assert w.run(_job("ok", values=[("y", 3)])) == ({0: _ok()}, {})
    assert w._proc is None and _ThreadProcess.started == []


def test_inline_a_judge_that_raises_fills_the_steps_not_decided():
    """_run_inline, as _serve: an exception past the judges' guards is the failure of every step from
    job.start that has no result yet."""
    w = _threaded_worker()
    w.inline = True
    deep = _unchecked("the evaluator: too deeply nested")
    assert w.run(_job("ok", "deep", "ok")) == ({0: _ok(), 1: deep, 2: deep}, {})
    assert w.run(_job("ok", "deep", "ok", start=1)) == ({1: deep, 2: deep}, {})


def test_inline_a_passed_deadline_still_decides_nothing():
    """run: the deadline is looked at before the inline judges run."""
    clock = SimpleNamespace(now=100.0)
    w = _threaded_worker()
    w.inline = True
    w.deadline = Deadline(5, None, clock=lambda: clock.now)
    clock.now += 6
    assert w.run(_job("ok")) == ({0: _unchecked(w.deadline.reason())}, {})


# -- statements decided in the calling process (_run_here) ----------------------------------------------


def _statement(n_steps: int, start: int = 0) -> StatementJob:
    n = n_steps + 1
    return StatementJob(trees=[Num("1")] * n, errors=[""] * n, sources=["1"] * n, rels=["="] * n_steps,
                        start=start)


def _burn(limit: float = 30.0) -> None:
    """Use CPU time until an overrun stops it (or ``limit`` seconds of it pass: a test that fails, not hangs)."""
    end = time.process_time() + limit
    while time.process_time() < end:
        pass


def _judge(plan: dict[int, str], seen: list | None = None):
    """A stand-in for check_statement: step i is ``plan[i]`` ("ok", "burn": use CPU time until stopped,
    "swallow": swallow the first overrun, then burn; "raise": a fault), the values {"x": 1} last. ``seen``
    gets (pid, thread, recursion limit) of each call."""
    def judge(job, emit):
        if seen is not None:
            seen.append((os.getpid(), threading.current_thread(), sys.getrecursionlimit()))
        for i in range(job.start, len(job.trees) - 1):
            step = plan.get(i, "ok")
            if step == "burn":
                _burn()
            elif step == "swallow":
                with contextlib.suppress(BaseException):  # what a careless judge might do: a bare except
                    _burn()
                _burn()
            elif step == "raise" and os.getpid() == judge.parent:
                raise AssertionError("a fault of the calling process only")
            emit(i, _ok())
        emit(-1, {"x": 1})

    judge.parent = os.getpid()
    return judge


def test_here_statements_are_decided_in_the_calling_process_by_the_judges():
    """run: a statement is decided in this process (no evaluator started), with the real judges' results and
    values; the SIGPROF handler and the recursion limit are as they were before."""
    handler, depth = signal.getsignal(signal.SIGPROF), sys.getrecursionlimit()
    with Worker() as w:
        w.inline = False
        job = StatementJob(trees=[Add((Num("1"), Num("1"))), Num("2"), Num("3")],
                           errors=[""] * 3, sources=["1+1", "2", "3"], rels=["=", "="])
        assert w.run(job) == ({0: Judgement("correct"), 1: Judgement("wrong", "2", "2 = 2", "2", "3")},
                              {0: Integer(2), 1: Integer(2), 2: Integer(3), -2: {}})
        assert w._proc is None
    assert signal.getsignal(signal.SIGPROF) is handler and sys.getrecursionlimit() == depth


def test_here_the_recursion_limit_is_the_evaluators(monkeypatch):
    """_run_here: the judges get the evaluator's recursion limit, so that a deep tree gets the same answer."""
    seen: list = []
    monkeypatch.setattr(wm, "check_statement", _judge({}, seen))
    monkeypatch.setattr(sys, "getrecursionlimit", lambda: 1000)  # the default; set back to it afterwards
    calls = []
    monkeypatch.setattr(sys, "setrecursionlimit", calls.append)
    with Worker() as w:
        w.inline = False
        assert w.run(_statement(1)) == ({0: _ok()}, {"x": 1})
    assert calls == [4000, 1000] and seen[0][0] == os.getpid()


def test_here_a_step_past_its_limit_is_timed_out_and_the_statement_goes_on(monkeypatch):
    """_run_here: SIGPROF stops a step after step_seconds of CPU time; it is unchecked ("timed out after
    0.2 s") and the statement goes on from the next step, in this process; the timer starts again at each
    step (three steps of 0.15 s each are not stopped)."""
    monkeypatch.setattr(wm, "check_statement", _judge({1: "burn"}))
    with Worker(step_seconds=0.2) as w:
        w.inline = False
        assert w.run(_statement(3)) == ({0: _ok(), 1: _unchecked("timed out after 0.2 s"), 2: _ok()}, {"x": 1})
        assert w._proc is None

    def steady(job, emit):
        for i in range(job.start, len(job.trees) - 1):
            _burn(0.15)
            emit(i, _ok())
        emit(-1, {})

    monkeypatch.setattr(wm, "check_statement", steady)
    with Worker(step_seconds=0.2) as w:
        w.inline = False
        assert w.run(_statement(3)) == ({0: _ok(), 1: _ok(), 2: _ok()}, {})


def test_here_a_signal_before_the_limit_stops_nothing(monkeypatch):
    """_run_here: the handler looks at the step's CPU time itself, so a SIGPROF that comes early (one left over
    from the step before, another program's) does not stop the step."""
    def early(job, emit):
        for i in range(job.start, len(job.trees) - 1):
            signal.raise_signal(signal.SIGPROF)
            emit(i, _ok())
            signal.raise_signal(signal.SIGPROF)  # early in the next step
        emit(-1, {})

    monkeypatch.setattr(wm, "check_statement", early)
    with Worker(step_seconds=30) as w:
        w.inline = False
        assert w.run(_statement(2)) == ({0: _ok(), 1: _ok()}, {})


def test_here_two_steps_past_their_limit_in_a_row_are_both_timed_out(monkeypatch):
    """_run_here: after a restart the pending step is the restarted job's first, so an overrun there times out
    that step (not the one before again, which restarted the same job for ever)."""
    starts = []
    burning = _judge({0: "burn", 1: "burn"})

    def judge(job, emit):
        starts.append(job.start)
        if len(starts) > 5:  # restarted for ever: end, so that the test fails instead of hanging
            return emit(-1, {})
        return burning(job, emit)

    monkeypatch.setattr(wm, "check_statement", judge)
    with Worker(step_seconds=0.1) as w:
        w.inline = False
        timed_out = _unchecked("timed out after 0.1 s")
        assert w.run(_statement(3)) == ({0: timed_out, 1: timed_out, 2: _ok()}, {"x": 1})
    assert starts == [0, 1, 2]


def test_here_only_the_deciding_threads_cpu_time_counts(monkeypatch):
    """_run_here: another thread computing meanwhile does not shorten a step's limit (the handler reads
    time.thread_time, which stands still here while the other thread's CPU time is added)."""
    clock = iter([100.0, 100.0, 100.0])
    monkeypatch.setattr(wm.time, "thread_time", lambda: next(clock, 100.0))

    def judge(job, emit):
        _burn(0.5)  # as if another thread used it: the step's own clock stands still
        emit(0, _ok())
        emit(-1, {})

    monkeypatch.setattr(wm, "check_statement", judge)
    with Worker(step_seconds=0.2) as w:
        w.inline = False
        assert w.run(_statement(1)) == ({0: _ok()}, {})


def test_here_an_overrun_where_python_cannot_raise_is_silent_and_comes_again(monkeypatch, capfd):
    """_run_here: an overrun that lands in a __del__ (or a garbage collector's callback) cannot be raised
    there; it is not printed as "Exception ignored", and the next signal stops the step in the judge."""
    class Slow:
        def __del__(self):
            _burn(0.5)  # the overrun lands here

    def judge(job, emit):
        Slow()  # dropped at once: __del__ runs inside the judge
        _burn()
        emit(0, _ok())
        emit(-1, {})

    monkeypatch.setattr(wm, "check_statement", judge)
    unraisable: list = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)  # the caller's hook, which must see nothing
    with Worker(step_seconds=0.2) as w:
        w.inline = False
        assert w.run(_statement(1)) == ({0: _unchecked("timed out after 0.2 s")}, {})
    assert unraisable == [] and sys.unraisablehook == unraisable.append
    assert "Exception ignored" not in capfd.readouterr().err


def test_here_an_overrun_a_judge_swallows_is_raised_again(monkeypatch):
    """_run_here: the timer repeats, so a judge that catches the overrun (a bare except) is stopped anyway."""
    monkeypatch.setattr(wm, "check_statement", _judge({0: "swallow"}))
    with Worker(step_seconds=0.2) as w:
        w.inline = False
        assert w.run(_statement(2)) == ({0: _unchecked("timed out after 0.2 s"), 1: _ok()}, {"x": 1})


def test_here_the_last_step_past_its_limit_leaves_no_values(monkeypatch):
    """_run_here: as from the evaluator, a statement stopped on its last step gives no values."""
    monkeypatch.setattr(wm, "check_statement", _judge({1: "burn"}))
    with Worker(step_seconds=0.2) as w:
        w.inline = False
        assert w.run(_statement(2)) == ({0: _ok(), 1: _unchecked("timed out after 0.2 s")}, {})


def test_here_a_step_running_when_the_deadline_passes_is_stopped_with_its_reason(monkeypatch):
    """_run_here: when the file's deadline is nearer than the step's limit, the step is stopped when it
    passes and every step from it is unchecked with the deadline's reason (empty ones skipped)."""
    monkeypatch.setattr(wm, "check_statement", _judge({1: "burn"}))
    deadline = Deadline(0.3, None)
    job = _statement(4)
    job.sources = ["1", "1", "1", " ", "1"]
    with Worker(step_seconds=30) as w:
        w.inline = False
        w.deadline = deadline
        results, values = w.run(job)
    assert "file's time budget of 0.3 s" in deadline.reason()
    assert results == {0: _ok(), 1: _unchecked(deadline.reason()), 2: Judgement("skip"), 3: Judgement("skip")}
    assert values == {}


def test_here_a_fault_is_decided_again_by_the_evaluator(monkeypatch):
    """run: a statement whose answer here is ``error`` is sent to the evaluator, whose answer is kept."""
    seen: list = []
    monkeypatch.setattr(wm, "check_statement", _judge({1: "raise"}, seen))
    with Worker(step_seconds=30) as w:
        w.inline = False
        assert w.run(_statement(2)) == ({0: _ok(), 1: _ok()}, {"x": 1})
        assert w._proc is not None and w._proc.is_alive()
    assert len(seen) == 1  # the evaluator's call is in its own process, not seen here


def test_outside_the_main_thread_statements_go_to_the_evaluator(monkeypatch):
    """run: a signal's handler runs only in the main thread, so a thread's statements go to the evaluator."""
    seen: list = []
    monkeypatch.setattr(wm, "check_statement", _judge({}, seen))
    out = []
    with Worker(step_seconds=30) as w:
        w.inline = False
        t = threading.Thread(target=lambda: out.append(w.run(_statement(1))))
        t.start()
        t.join(30)
        assert out == [({0: _ok()}, {"x": 1})] and w._proc is not None
    assert seen == []


def test_a_foreign_sigprof_handler_sends_statements_to_the_evaluator(monkeypatch):
    """run: while SIGPROF belongs to someone else (a sampling profiler), it is left alone."""
    seen: list = []
    monkeypatch.setattr(wm, "check_statement", _judge({}, seen))

    def theirs(signum, frame):
        pass

    previous = signal.signal(signal.SIGPROF, theirs)
    try:
        with Worker(step_seconds=30) as w:
            w.inline = False
            assert w.run(_statement(1)) == ({0: _ok()}, {"x": 1})
            assert w._proc is not None
        assert signal.getsignal(signal.SIGPROF) is theirs and seen == []
    finally:
        signal.signal(signal.SIGPROF, previous)


def test_jobs_that_decide_themselves_go_to_the_evaluator():
    """_usable_here: a formula claim (a job with ``run``) sets its module's globals: the evaluator decides it."""
    w = Worker()
    assert w._usable_here(_statement(1)) and not w._usable_here(_job("ok"))
    w.here = False
    assert not w._usable_here(_statement(1))


# -- the step's limit: _answered and _cpu ------------------------------------------------------------


class _Polls:
    """A pipe end whose poll answers in turn from ``answers`` and records each timeout."""

    def __init__(self, *answers: bool) -> None:
        self.answers = list(answers)
        self.timeouts: list[float] = []

    def poll(self, timeout: float = 0.0) -> bool:
        self.timeouts.append(timeout)
        return self.answers.pop(0)


def _waiting(monkeypatch, step_seconds: float, answers, cpu, clock=(0.0,)) -> tuple[Worker, _Polls]:
    """A worker whose pipe answers ``answers``, whose child has used the CPU seconds ``cpu`` (in turn) and
    whose clock reads ``clock`` (in turn, the last one staying)."""
    w = Worker(step_seconds=step_seconds)
    w._conn = _Polls(*answers)
    cpu_readings = iter(cpu)
    monkeypatch.setattr(w, "_cpu", lambda: next(cpu_readings))
    times = list(clock)
    monkeypatch.setattr(wm, "time", SimpleNamespace(monotonic=lambda: times.pop(0) if len(times) > 1 else times[0]))
    return w, w._conn


def test_an_answer_already_there_is_taken_within_a_slice(monkeypatch):
    """_answered: the first wait is _SLICE (0.05 s), or the whole step limit when that is shorter."""
    w, conn = _waiting(monkeypatch, 2.0, [True], [])
    assert w._answered() is True and conn.timeouts == [0.05]
    w, conn = _waiting(monkeypatch, 0.01, [True], [])
    assert w._answered() is True and conn.timeouts == [0.01]


def test_without_proc_the_step_limit_is_clock_time(monkeypatch):
    """_answered: where /proc cannot tell the CPU time, the step gets the rest of its limit by the clock
    (never a negative wait)."""
    w, conn = _waiting(monkeypatch, 2.0, [False, True], [None])
    assert w._answered() is True and conn.timeouts == [0.05, 1.95]
    w, conn = _waiting(monkeypatch, 0.01, [False, False], [None])
    assert w._answered() is False and conn.timeouts == [0.01, 0.0]


def test_a_step_ends_once_its_cpu_time_and_a_slice_exceed_the_limit(monkeypatch):
    """_answered: the child's CPU time since the wait began, plus the slice about to be waited, must exceed
    step_seconds to stop the step (exactly the limit is not past it); then one last look at the pipe."""
    step = 0.5 + 0.05  # the limit reached exactly by 0.5 s of CPU time and a slice
    cpu = [2.0, 2.25, 2.5, 2.6]  # the child's CPU time at the start, then at each slice
    w, conn = _waiting(monkeypatch, step, [False, False, False, False, False], cpu)
    assert w._answered() is False
    assert conn.timeouts == [0.05, 0.05, 0.05, 0.05, 0]  # stopped at 2.6 (0.6 s and a slice), not at 2.5


def test_an_answer_while_the_step_computes_is_taken(monkeypatch):
    """_answered: an answer within the limit (here in the third slice, or at the last look) is taken."""
    w, conn = _waiting(monkeypatch, 1.0, [False, False, False, True], [3.0, 3.1, 3.2])
    assert w._answered() is True and conn.timeouts == [0.05, 0.05, 0.05, 0.05]
    w, conn = _waiting(monkeypatch, 1.0, [False, False, True], [3.0, 4.5])
    assert w._answered() is True and conn.timeouts == [0.05, 0.05, 0]


def test_a_step_that_waits_ends_after_WALL_FACTOR_times_its_limit(monkeypatch):
    """_answered: a step that uses no CPU time (swapping, a stopped process) is stopped once more than
    WALL_FACTOR (10) times step_seconds of clock time has passed since the wait began."""
    assert WALL_FACTOR == 10
    clock = [100.0, 105.0, 110.0, 110.5]  # the start, then at each slice
    w, conn = _waiting(monkeypatch, 1.0, [False] * 5, [7.0] * 4, clock)
    assert w._answered() is False
    assert conn.timeouts == [0.05, 0.05, 0.05, 0.05, 0]  # 10 s is not more than 10 s: stopped at 10.5


def test_a_child_gone_while_waiting_ends_the_wait(monkeypatch):
    """_answered: when the child's CPU time can no longer be read, the wait ends with a last look."""
    w, conn = _waiting(monkeypatch, 1.0, [False, False, False, False], [3.0, 3.1, None])
    assert w._answered() is False and conn.timeouts == [0.05, 0.05, 0.05, 0]


def _stat_file(monkeypatch, text: bytes | None) -> None:
    real_open = open

    def fake_open(path, *args, **kwargs):
        if path == "/proc/4242/stat":
            if text is None:
                raise FileNotFoundError(path)
            assert args == ("rb",)
            return io.BytesIO(text)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(wm, "open", fake_open, raising=False)


# /proc/PID/stat after the command's name: state, ppid, pgrp, session, tty, tpgid, flags, four fault counts,
# then utime and stime in clock ticks
_STAT = b"4242 (a) (b)) R 1 2 3 4 5 6 7 8 9 10 250 150 0 0 20 0 1 0\n"


def test_the_childs_cpu_time_is_its_user_and_system_time(monkeypatch):
    """_cpu: utime + stime of /proc/PID/stat in seconds (over SC_CLK_TCK), read after the command's name,
    which may hold parentheses and spaces."""
    w = Worker()
    w._proc = SimpleNamespace(pid=4242)
    _stat_file(monkeypatch, _STAT)
    assert w._cpu() == 400 / wm._TICK


@pytest.mark.parametrize("text", [None, b"4242 (a) R 1 2\n", b"4242 (a) R 1 2 3 4 5 6 7 8 9 10 x 150\n",
                                  b"4242 a R 1 2 3 4 5 6 7 8 9 10 250 150\n"], ids=["gone", "short", "not a number",
                                                                                      "no name"])
def test_the_cpu_time_is_none_where_proc_cannot_tell(monkeypatch, text):
    """_cpu: None when the process has no /proc entry or the line cannot be read."""
    w = Worker()
    w._proc = SimpleNamespace(pid=4242)
    _stat_file(monkeypatch, text)
    assert w._cpu() is None


def test_the_cpu_time_of_no_process_is_none():
    """_cpu: None before a child is started."""
    assert Worker()._cpu() is None


# -- _past and _out_of_time ----------------------------------------------------------------------------


def test_past_marks_the_killed_step_and_goes_on_from_the_next():
    """_past: the stopped step is unchecked for the reason; the job goes on from the next step without the
    stopped step's two terms; whether a step is left."""
    job = _job("ok", "ok", "ok")
    job.skip_terms = frozenset({0})
    results: dict = {}
    after, more = _past(job, 1, results, "why")
    assert results == {1: _unchecked("why")} and more is True
    assert (after.start, after.skip_terms, after.plan, after.sources) == (2, {0, 1, 2}, job.plan, job.sources)
    results = {}
    after, more = _past(job, 2, results, "why")
    assert results == {2: _unchecked("why")} and more is False and after.start == 3


def test_past_after_the_last_step_marks_nothing():
    """_past: a child stopped after answering every step (while sending the values) leaves no step
    unchecked and none to decide."""
    job = _job("ok", "ok")
    results = {0: _ok(), 1: _ok()}
    after, more = _past(job, 2, results, "why")
    assert results == {0: _ok(), 1: _ok()} and more is False and after.skip_terms == {2, 3}


def test_out_of_time_leaves_the_undecided_steps_unchecked_and_empty_ones_skipped():
    """_out_of_time: from ``first`` on, each step without a result is unchecked with the deadline's reason,
    or skipped when one of its two sides is empty; results already there stay."""
    job = _job("ok", "ok", "ok", "ok", "ok")
    job.sources = ["1", "", "2", "3", "4", "5"]
    w = Worker()
    w.deadline = SimpleNamespace(reason=lambda: "out of time")
    results = {3: _ok()}
    w._out_of_time(job, 1, results)
    assert results == {1: Judgement("skip"), 2: _unchecked("out of time"), 3: _ok(), 4: _unchecked("out of time")}
    results = {}
    job.sources = ["1", "2", " ", "3", "4", "5"]
    w._out_of_time(job, 0, results)
    assert results == {0: _unchecked("out of time"), 1: Judgement("skip"), 2: Judgement("skip"),
                       3: _unchecked("out of time"), 4: _unchecked("out of time")}  # a blank side is empty


def test_values_cross_the_pipe_as_they_were_built():
    # sums, products and powers are rebuilt unevaluated (their arguments are already canonical): the same
    # expression comes back, with the same arguments in the same order, and an unevaluated one stays so
    import multiprocessing as mp

    import sympy as sp

    from lnsym.check.judges.worker import _recv, _send

    x, y = sp.symbols("x y")
    sent = {0: 3 * x**2 - sp.Rational(1, 2) * y + sp.sqrt(2) * x * y, 1: sp.Add(2, 3, evaluate=False),
            2: sp.Pow(x + 1, 2, evaluate=False), -2: {"kept": sp.Float("0.1")}}
    a, b = mp.Pipe()
    try:
        _send(a, (-1, sent))
        i, got = _recv(b)
    finally:
        a.close()
        b.close()
    assert i == -1
    assert got[0] == sent[0] and got[0].args == sent[0].args
    assert got[1].args == (sp.Integer(2), sp.Integer(3))  # not 5: rebuilt as written
    assert got[2].args == (x + 1, sp.Integer(2)) and got[2] != sp.expand((x + 1) ** 2)
    assert got[-2] == {"kept": sp.Float("0.1")}


def test_collect_less_freezes_the_start_up_objects_and_raises_the_thresholds():
    import gc

    before = gc.get_threshold()
    try:
        collect_less()  # the real one: the fixture records the child's calls instead
        assert gc.get_threshold() == (10_000, 20, 20)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)

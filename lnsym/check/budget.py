"""Time budgets: how long one file and one run of ``lnsym check`` may take.

Every step already has its own limit (:data:`lnsym.check.judges.worker.STEP_SECONDS`), but a key of
many slow steps could still take minutes. A :class:`Deadline` is the earlier of the file's and the run's
end; once it has passed, the worker decides nothing more, and every remaining step of the file is
``unchecked`` with the reason (which budget ran out, and the flag that sets it). The run then goes on
with the next file, which gets a budget of its own (within what is left of the run's).

The budget covers every stage of a file, not only the judges: finding its math, reading the prose around each
statement, and deciding it. :func:`stopping` raises :class:`OutOfTime` in the stage running when the deadline
passes (a ``SIGALRM`` timer, where a signal can be used); the judges, which stop themselves at the deadline
(:mod:`lnsym.check.judges.worker`), run :func:`paused`, so that a step's exchange with the evaluator process is
never cut in the middle.

>>> d = Deadline(file_seconds=None, run_seconds=None)
>>> d.expired(), d.remaining()
(False, inf)
"""

from __future__ import annotations

import contextlib
import math
import signal
import threading
import time
from collections.abc import Iterator

from lnsym.check.reasons import Reason

__all__ = ["FILE_SECONDS", "RUN_SECONDS", "Deadline", "OutOfTime", "RunBudget", "code_of", "paused", "stopping"]

FILE_SECONDS = 30.0  # the seed key takes 0.1 s, a synthetic key of 1,100 steps 0.5 s
RUN_SECONDS = 300.0  # 500 MATH solutions, one file each, take 25-35 s


def _limit(seconds: float | None) -> float:
    return math.inf if seconds is None or seconds <= 0 else float(seconds)


class Deadline:
    """The end of one file's budget: its own seconds, or what is left of the run's, whichever ends first.
    ``None`` or 0 seconds means no limit."""

    def __init__(self, file_seconds: float | None = FILE_SECONDS, run_seconds: float | None = None,
                 run_started: float | None = None, clock=time.monotonic) -> None:
        self._clock = clock
        now = clock()
        self.file_seconds, self.run_seconds = _limit(file_seconds), _limit(run_seconds)
        self._file_end = now + self.file_seconds
        self._run_end = (now if run_started is None else run_started) + self.run_seconds

    def remaining(self) -> float:
        return max(0.0, min(self._file_end, self._run_end) - self._clock())

    def expired(self) -> bool:
        return self.remaining() <= 0.0

    @property
    def real_time(self) -> bool:
        """Is the deadline's clock the real one (``time.monotonic``)? Only then may a timer of real time stop a
        stage when it passes (:func:`stopping`); on another clock (a test's ticks) the timer would fire at a moment
        of real time that says nothing of that clock, and read it there."""
        return self._clock is time.monotonic

    def reason(self) -> str:
        """Why the remaining steps are not checked."""
        if self._run_end <= self._file_end:
            return f"not checked: the run's time budget of {self.run_seconds:g} s ran out (--run-seconds)"
        return f"not checked: the file's time budget of {self.file_seconds:g} s ran out (--file-seconds)"

    def code(self) -> Reason:
        """What :meth:`reason` says, for the stages that act on it."""
        return Reason.BUDGET


def code_of(deadline) -> Reason:
    """The code of a deadline's reason; a deadline that gives its reason as a message only (no ``code()``) keeps
    working, with the generic code."""
    code = getattr(deadline, "code", None)
    return code() if code is not None else Reason.OTHER


class RunBudget:
    """The budget of one run: a :class:`Deadline` for each file, all within the run's seconds."""

    def __init__(self, file_seconds: float | None = FILE_SECONDS, run_seconds: float | None = RUN_SECONDS,
                 clock=time.monotonic) -> None:
        self.file_seconds, self.run_seconds, self._clock = file_seconds, run_seconds, clock
        self._started = clock()

    def file(self) -> Deadline:
        return Deadline(self.file_seconds, self.run_seconds, self._started, self._clock)


class OutOfTime(BaseException):
    """The deadline of :func:`stopping` passed. Not an ``Exception``, so that the guards that turn a fault of
    lnsym into a finding (``except Exception``) do not take it for one."""


_PAUSED = [0]  # depth of paused(): while above 0, the deadline's passing raises nothing
_RETRY = 0.05  # a deadline that passed while paused is raised this long after, if still paused then later


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """Within it, :func:`stopping` raises nothing (the judges keep the deadline themselves); once it ends, the
    passed deadline is raised at the next tick (within :data:`_RETRY` s)."""
    _PAUSED[0] += 1
    try:
        yield
    finally:
        _PAUSED[0] -= 1


def _usable() -> bool:
    """Can a ``SIGALRM`` timer be used: the main thread (a handler runs only there), no handler or timer of
    the caller's (a test runner's timeout) in the way?"""
    return threading.current_thread() is threading.main_thread() \
        and signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, signal.SIG_IGN) \
        and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


@contextlib.contextmanager
def stopping(deadline: Deadline | None) -> Iterator[None]:
    """Within it, :class:`OutOfTime` is raised once ``deadline`` has passed (at once if it has already):
    the code it stops is the stage running, wherever it is. Without a deadline, where no signal can be used
    (outside the main thread), or for a deadline on a clock that is not real time (:attr:`Deadline.real_time`), it
    raises nothing, and the caller's own checks of ``expired()`` between statements are what bounds the time."""
    if deadline is None or math.isinf(deadline.remaining()):
        yield
        return
    if deadline.expired():
        raise OutOfTime
    if not _usable() or not deadline.real_time:
        yield
        return

    def on_alarm(signum, frame) -> None:
        if _PAUSED[0] or not deadline.expired():  # paused, or not passed yet (the timer fires early)
            signal.setitimer(signal.ITIMER_REAL, _RETRY if _PAUSED[0] else max(deadline.remaining(), _RETRY))
            return
        raise OutOfTime

    previous = signal.signal(signal.SIGALRM, on_alarm)
    try:
        signal.setitimer(signal.ITIMER_REAL, max(deadline.remaining(), 1e-3))
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)

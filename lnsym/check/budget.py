"""Time budgets: how long one file and one run of ``lnsym check`` may take.

Every step already has its own limit (:data:`lnsym.check.judges.worker.STEP_SECONDS`), but a key of
many slow steps could still take minutes. A :class:`Deadline` is the earlier of the file's and the run's
end; once it has passed, the worker decides nothing more, and every remaining step of the file is
``unchecked`` with the reason (which budget ran out, and the flag that sets it). The run then goes on
with the next file, which gets a budget of its own (within what is left of the run's).

>>> d = Deadline(file_seconds=None, run_seconds=None)
>>> d.expired(), d.remaining()
(False, inf)
"""

from __future__ import annotations

import math
import time

__all__ = ["FILE_SECONDS", "RUN_SECONDS", "Deadline", "RunBudget"]

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

    def reason(self) -> str:
        """Why the remaining steps are not checked."""
        if self._run_end <= self._file_end:
            return f"not checked: the run's time budget of {self.run_seconds:g} s ran out (--run-seconds)"
        return f"not checked: the file's time budget of {self.file_seconds:g} s ran out (--file-seconds)"


class RunBudget:
    """The budget of one run: a :class:`Deadline` for each file, all within the run's seconds."""

    def __init__(self, file_seconds: float | None = FILE_SECONDS, run_seconds: float | None = RUN_SECONDS,
                 clock=time.monotonic) -> None:
        self.file_seconds, self.run_seconds, self._clock = file_seconds, run_seconds, clock
        self._started = clock()

    def file(self) -> Deadline:
        return Deadline(self.file_seconds, self.run_seconds, self._started, self._clock)

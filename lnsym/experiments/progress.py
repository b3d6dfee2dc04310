"""A tiny progress bar on standard error, for runs long enough to need one.

Nothing is drawn during the first ``delay`` seconds, so quick runs stay silent. On a terminal the
bar redraws in place; otherwise (a log file, CI) it prints a plain line at each quarter.

>>> import io
>>> out = io.StringIO()
>>> bar = Progress("depth", stream=out, delay=0.0, tty=False)
>>> for k in range(1, 5):
...     bar(k, 4)
>>> bar.close()
>>> print(out.getvalue().strip())
depth: 25% (1/4)
depth: 50% (2/4)
depth: 75% (3/4)
depth: 100% (4/4)
"""

from __future__ import annotations

import sys
import time

__all__ = ["Progress"]


class Progress:
    """Call ``bar(done, total)`` as work finishes; ``bar.close()`` at the end."""

    def __init__(self, label: str, *, stream=None, delay: float = 1.0, width: int = 30,
                 tty: bool | None = None) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.delay = delay
        self.width = width
        self.tty = tty if tty is not None else bool(getattr(self.stream, "isatty", lambda: False)())
        self.started = time.monotonic()
        self.drawn = False
        self.quarter = 0
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.started < self.delay or total <= 0:
            return
        fraction = min(max(done / total, 0.0), 1.0)
        if self.tty:
            if now - self.last < 0.1 and done < total:
                return
            filled = round(fraction * self.width)
            bar = "#" * filled + "-" * (self.width - filled)
            self.stream.write(f"\r{self.label} [{bar}] {fraction:4.0%} {now - self.started:5.1f}s")
            self.stream.flush()
            self.drawn = True
            self.last = now
        else:
            quarter = int(fraction * 4)
            while self.quarter < quarter:
                self.quarter += 1
                self.stream.write(f"{self.label}: {self.quarter * 25}% ({self.quarter * total // 4}/{total})\n")
            self.stream.flush()

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False

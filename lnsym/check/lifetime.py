"""The child processes of ``lnsym check`` (the ``--jobs`` processes, the evaluators) end with their parent,
even when the parent is killed with ``SIGKILL`` and has no chance to stop them.

On Linux the child asks the kernel for ``SIGKILL`` when its parent dies (``prctl(PR_SET_PDEATHSIG)``),
then looks whether the parent has died already (between the fork and the request, when the request
comes too late). The kernel sends that signal when the *thread* that forked the child ends, not the
process; a child forked from another thread than the main one (a thread of ``Dataset.map`` or of a Dask
worker, which may end while its process goes on) is watched instead, as everywhere else: a daemon thread
that looks at ``os.getppid()`` twice a second and ends the process when the parent has changed (the
child was handed to ``init`` or a subreaper).

Before this, ``check --jsonl --jobs 2`` asked for ``SIGTERM``, and its processes had inherited the parent's
``SIGTERM`` handler (which raises ``SystemExit``): the process pool's loop took that for a failed record
and went on, so both processes lived on, for good, after a ``kill -9`` of the parent.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

__all__ = ["end_with_parent", "parent_token"]

PR_SET_PDEATHSIG = 1  # linux/prctl.h
_POLL = 0.5  # how often the watching thread looks at the parent


def parent_token() -> tuple[int, bool]:
    """Taken in the parent, before the child is started, for :func:`end_with_parent`: the parent's pid, and
    whether it forks from its main thread (which ends only with the process)."""
    return os.getpid(), threading.current_thread() is threading.main_thread()


def end_with_parent(parent: int, main_thread: bool = True) -> None:
    """Called in a child process as it starts: end it (``SIGKILL``, or ``os._exit``) when the process
    ``parent`` ends."""
    if main_thread and _death_signal():
        if os.getppid() != parent:  # the parent died before the request: no signal will come
            os._exit(1)
        return
    _watch(parent)


def _death_signal() -> bool:
    """Ask the kernel for ``SIGKILL`` when the parent's thread ends (Linux); False where it cannot."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):  # no libc to load, or no prctl in it
        return False


def _watch(parent: int) -> None:
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_POLL)
        os._exit(1)

    threading.Thread(target=watch, name="lnsym-end-with-parent", daemon=True).start()

"""Checks of open documents: debounced, one at a time off the event loop, superseded ones cancelled.

Each document has at most one check that counts, the one of its newest version. A new version (or new
settings) cancels the check before it: a check still waiting out the debounce never starts, one queued behind
another check never runs, and one running stops at its next statement, or within the step running where the
worker decides it in this process (its file deadline says it has expired), and is thrown away. Its results
are never published, and no result is published unless it is of the job last scheduled for that document:
stale diagnostics never reach the client.

The checks run in one thread that owns one judge :class:`~lnsym.check.judges.worker.Worker` for the whole
session (started once, its SymPy caches warm); the event loop only schedules and publishes, so the server
answers hovers and the next edits while a check runs. ``lnsym lsp`` makes that thread the main one
(:class:`MainThreadExecutor`, the event loop running in another): there the worker decides statements in
the server's own process, where a signal keeps each step's limit and a cancellation stops the step running,
and a check takes about 60% of the time it takes in another thread, whose worker must send every statement
to its evaluator process (0.19 s against 0.32 s for the 100 statements of bench/bench_lsp.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace

from lnsym.check.budget import Deadline
from lnsym.check.findings import Finding, Verdict
from lnsym.check.reasons import NOT_CHECKED, Reason
from lnsym.lsp.incremental import Memo
from lnsym.lsp.notebooks import CellDoc
from lnsym.lsp.positions import Lines, same_lines
from lnsym.lsp.settings import Settings

__all__ = ["CancellableDeadline", "Checked", "Checker", "Job", "MainThreadExecutor", "Scheduler"]


class CancellableDeadline(Deadline):
    """A document's time budget that also ends when a newer version supersedes the check.

    Only :meth:`expired` sees the cancellation, not :meth:`remaining`: the worker asks ``expired()`` before each
    statement, so a superseded check stops there, while the statement already with the evaluator process runs
    to its answer (at most ``stepSeconds``) instead of having that process killed and forked again."""

    def __init__(self, file_seconds: float | None, cancelled: threading.Event | None = None) -> None:
        super().__init__(file_seconds, None)
        self.cancelled = cancelled or threading.Event()

    def expired(self) -> bool:
        return self.cancelled.is_set() or super().expired()

    def reason(self) -> str:
        if self.cancelled.is_set():
            return "not checked: a newer version of the document superseded this check"
        return f"not checked: the document's time budget of {self.file_seconds:g} s ran out (setting fileSeconds)"

    def code(self) -> Reason:
        return Reason.SUPERSEDED if self.cancelled.is_set() else Reason.DOCUMENT_BUDGET


@dataclass(eq=False)
class Job:
    """One check of one version of a document."""

    uri: str
    version: int | None
    text: str  # as checked: lone '\r' written '\n' (positions.same_lines)
    path: str  # a name ending as the document's kind (.md, .tex, .ipynb): LaTeX prose is read differently
    settings: Settings
    cells: tuple[CellDoc, ...] | None = None  # a notebook's Markdown cells (lone '\r' written '\n'); text is ""
    cancelled: threading.Event = field(default_factory=threading.Event, init=False)
    task: asyncio.Task | None = field(default=None, init=False)

    def cancel(self) -> None:
        self.cancelled.set()
        if self.task is not None:
            self.task.cancel()


@dataclass(frozen=True)
class Checked:
    """The findings of one version of a document, with what is needed to convert their positions."""

    uri: str
    version: int | None
    text: str
    lines: Lines
    findings: tuple[Finding, ...]
    settings: Settings
    cells: tuple[CellDoc, ...] | None = None  # a notebook's: each finding's ``cell`` and lines are of one of them


class Checker:
    """Runs checks; used from one thread only, which owns the judge worker."""

    def __init__(self) -> None:
        self._worker = None
        self.memos: dict[str, Memo] = {}  # per open document, the states its last check reached

    def forget(self, uri: str) -> None:
        self.memos.pop(uri, None)

    def check(self, job: Job) -> tuple[Finding, ...] | None:
        """The findings of ``job``; None when it was cancelled (before it began or while it ran)."""
        if job.cancelled.is_set():
            return None
        from lnsym.check.judges.worker import Worker

        if self._worker is None:
            self._worker = Worker()
        self._worker.step_seconds = job.settings.step_seconds
        deadline = CancellableDeadline(job.settings.file_seconds, job.cancelled)  # from now: not the debounce's pause
        try:
            findings = self._findings(job, deadline)
        except Exception as exc:  # check_text turns its own faults into findings: this is one outside it
            findings = (Finding(1, 1, 1, 1, "", "", Verdict.ERROR, "",
                                f"checking this document: lnsym failed ({type(exc).__name__}); please report this"),)
        return None if job.cancelled.is_set() else findings

    def _findings(self, job: Job, deadline: CancellableDeadline) -> tuple[Finding, ...]:
        """Resumed where the edit begins to matter, stopped where it no longer does (lnsym.lsp.incremental): a
        document, or a notebook's Markdown cells as ``lnsym check`` joins them."""
        from lnsym.check.notebook_check import check_notebook
        from lnsym.check.pipeline import check_text
        from lnsym.check.sources.notebooks import Cell

        memo = self.memos.setdefault(job.uri, Memo())
        if job.cells is None:
            findings = check_text(job.text, job.path, self._worker, deadline=deadline,
                                  plain_text=job.settings.plain_text, resume=memo).findings
        else:
            cells = tuple(Cell(c.number, c.text) for c in job.cells)
            before = self._worker.deadline  # (check_notebook passes no deadline: the worker's own is used)
            self._worker.deadline = deadline
            try:
                findings = check_notebook(cells, job.path, self._worker, plain_text=job.settings.plain_text,
                                          resume=memo).findings
            finally:
                self._worker.deadline = before
        whole = not job.cancelled.is_set() and not deadline.expired() and all(
            f.verdict is not Verdict.ERROR and f.code not in NOT_CHECKED for f in findings)
        if whole:
            memo.commit()  # (a notebook checked cell by cell, not joined, commits nothing: it was not resumed)
        else:
            memo.drop()
        return findings

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None


class MainThreadExecutor(Executor):
    """Runs what is submitted in the thread that calls :meth:`serve` (the main thread of ``lnsym lsp``), one
    call at a time, in order."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._closed = threading.Event()  # no more calls will be submitted
        self._done = threading.Event()  # and every call submitted has run
        self._thread: threading.Thread | None = None

    def submit(self, fn, /, *args, **kwargs) -> Future:
        if self._closed.is_set():
            raise RuntimeError("cannot submit after shutdown")
        future: Future = Future()
        self._queue.put((future, fn, args, kwargs))
        return future

    def _run_one(self, timeout: float | None) -> bool:
        try:
            future, fn, args, kwargs = self._queue.get(timeout=timeout) if timeout else self._queue.get_nowait()
        except queue.Empty:
            return False
        if future.set_running_or_notify_cancel():  # (a check superseded while queued is not run)
            try:
                future.set_result(fn(*args, **kwargs))
            except BaseException as exc:  # handed to the awaiting side, as a thread pool does
                future.set_exception(exc)
        return True

    def serve(self, alive: Callable[[], bool]) -> None:
        """Run the calls submitted until :meth:`shutdown`, or until ``alive()`` is false (the server's thread
        ended), then those still queued."""
        self._thread = threading.current_thread()
        while not self._closed.is_set() and alive():
            self._run_one(0.1)
        self._closed.set()
        while self._run_one(None):
            pass
        self._done.set()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._closed.set()
        if self._thread is None or self._thread is threading.current_thread():
            while self._run_one(None):  # never served, or called by the serving thread itself: run them here
                pass
            self._done.set()
        elif wait:
            self._done.wait()


class Scheduler:
    """Debounces, runs and publishes the checks of the open documents; every method runs on the event loop."""

    def __init__(self, publish: Callable[[Checked], None], encoding: Callable[[], str] = lambda: "utf-16",
                 executor: Executor | None = None) -> None:
        self._publish = publish
        self._encoding = encoding
        self.executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="lnsym-check")
        self._checker = Checker()
        self._jobs: dict[str, Job] = {}  # the job that counts, per document
        self.results: dict[str, Checked] = {}  # the last findings published, per document
        self._closed = False

    def schedule(self, uri: str, version: int | None, text: str, path: str, settings: Settings,
                 delay: float = 0.0, cells: tuple[CellDoc, ...] | None = None) -> Job:
        """Check this version of the document after ``delay`` seconds (the debounce), superseding any check of
        an older one. A notebook has ``cells``, its Markdown cells, and no ``text``."""
        old = self._jobs.get(uri)
        if old is not None:
            old.cancel()
        if cells is not None:
            cells = tuple(replace(c, text=same_lines(c.text)) for c in cells)
        job = Job(uri, version, same_lines(text), path, settings, cells)
        self._jobs[uri] = job
        job.task = asyncio.get_running_loop().create_task(self._run(job, delay))
        return job

    async def _run(self, job: Job, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        findings = await asyncio.get_running_loop().run_in_executor(self.executor, self._checker.check, job)
        if findings is None or self._jobs.get(job.uri) is not job:
            return  # superseded: its findings are of a text the client no longer shows
        checked = Checked(job.uri, job.version, job.text, Lines(job.text, self._encoding()), findings, job.settings,
                          job.cells)
        self.results[job.uri] = checked
        self._publish(checked)

    def forget(self, uri: str) -> None:
        """The document was closed: no check of it goes on, nothing of it is kept."""
        job = self._jobs.pop(uri, None)
        if job is not None:
            job.cancel()
        self.results.pop(uri, None)
        self._checker.forget(uri)

    def close(self) -> None:
        """Cancel every check, close the worker (its evaluator process) in its own thread, and wait for that.
        Only the first call does anything (the server's ``shutdown``, else the command's end)."""
        if self._closed:
            return
        self._closed = True
        for job in self._jobs.values():
            job.cancel()
        self._jobs.clear()
        with contextlib.suppress(RuntimeError):  # closed already
            self.executor.submit(self._checker.close)
        self.executor.shutdown(wait=True, cancel_futures=False)

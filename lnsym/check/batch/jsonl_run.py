"""``lnsym check --jsonl IN.jsonl``: check a dataset of solutions on every core, streaming, in input order.

The input is read one line at a time and at most a fixed window of records is in flight, so memory
stays flat whatever the file size. Records are checked by :func:`~lnsym.check.batch.solution.check_line`
in ``jobs`` processes (each deciding steps within their time limit: ``judges/worker.py``); results are written as they
complete, in input order, one JSON line per record. ``resume`` keeps the complete lines of an existing
output (a half-written last line is cut off) and skips the records whose ids it holds, and the unreadable
lines whose line numbers it holds (they have no id: ``{"id": null, "line": 7, "error": ...}``).
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import signal
import sys
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from lnsym.check.batch.pool import start_pool, stop_pool
from lnsym.check.batch.solution import check_line, dumps
from lnsym.check.judges.worker import STEP_SECONDS
from lnsym.check.sources.records import RecordError, iter_lines, parse_record
from lnsym.errors import InputError, UsageError

__all__ = ["DEFAULT_OPTIONS", "JsonlOptions", "RunTotals", "default_jobs", "run_jsonl"]


@dataclass(frozen=True)
class JsonlOptions:
    """How each record is read and checked (sent to every process)."""

    field: str | None = None
    id_field: str = "id"
    plain_text: bool = True
    step_seconds: float = STEP_SECONDS


DEFAULT_OPTIONS = JsonlOptions()


@dataclass
class RunTotals:
    """What a run did; :meth:`exit_code` follows the README."""

    records: int = 0  # records checked (or reported as bad) in this run
    skipped: int = 0  # records skipped by --resume
    bad: int = 0  # records that could not be read (an error line each)
    wrong: int = 0  # records with a wrong step
    imprecise: int = 0  # records with an imprecise step
    failed: int = 0  # records where lnsym failed on a step (a finding with verdict 'error')
    ids: list = field(default_factory=list, repr=False)

    def exit_code(self, strict: bool = False) -> int:
        """4 lnsym failed on a step; 5 a record could not be read; 1 a step is wrong (or imprecise with
        ``strict``); 0 otherwise."""
        if self.failed:
            return 4
        if self.bad:
            return 5
        if self.wrong or (strict and self.imprecise):
            return 1
        return 0

    def add(self, flags: tuple[bool, bool, bool, bool]) -> None:
        bad, wrong, imprecise, failed = flags
        self.records += 1
        self.bad += bad
        self.wrong += wrong
        self.imprecise += imprecise
        self.failed += failed


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _check(number: int, raw: bytes, options: JsonlOptions) -> tuple[str, tuple[bool, bool, bool, bool]]:
    result = check_line(raw, number, options.field, options.id_field, options.plain_text, options.step_seconds)
    summary = result.get("summary") or {}
    flags = ("error" in result, summary.get("wrong", 0) > 0, summary.get("imprecise", 0) > 0,
             summary.get("error", 0) > 0)
    return dumps(result), flags


def _stop(signum, frame) -> None:
    raise SystemExit(128 + signum)  # SIGTERM: stop the workers on the way out, as Ctrl-C does


def _key(rid, line: int) -> tuple[str, str | int]:
    """What --resume knows a line by: its id (as JSON text), or, for a line that could not be read and so has
    no id, its line number, kept apart from the ids."""
    return ("line", line) if rid is None else ("id", json.dumps(rid))


def _done_ids(path: Path) -> set[tuple[str, str | int]]:
    """The keys (:func:`_key`) of the complete lines of an earlier output; a half-written last line is cut off."""
    done: set[tuple[str, str | int]] = set()
    good = 0
    try:
        with open(path, "rb+") as f:
            for line in f:
                if not line.endswith(b"\n"):
                    break
                try:
                    written = json.loads(line)
                    done.add(_key(written["id"], written.get("line")))
                except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
                    break
                good += len(line)
            f.truncate(good)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise UsageError(f"--resume: {path} cannot be read ({exc.strerror or exc})") from None
    return done


def _count_lines(path: Path) -> int | None:
    """Non-blank lines of a regular file, for the progress bar's remaining time (None for a stream)."""
    if not path.is_file():
        return None
    count = 0
    with open(path, "rb") as f:
        for line in f:
            count += bool(line.strip())
    return count


def _progress(total: int | None, show: bool):
    from tqdm import tqdm

    tqdm.monitor_interval = 0  # no monitor thread: processes are forked from this one
    return tqdm(total=total, disable=not show, unit=" rec", desc="lnsym check", file=sys.stderr,
                dynamic_ncols=True, mininterval=0.5, smoothing=0.1)


def _open_input(source: str) -> BinaryIO:
    if source == "-":
        return sys.stdin.buffer
    p = Path(source)
    if not p.exists():
        raise InputError(f"{source}: no such file")
    if p.is_dir():
        raise InputError(f"{source}: is a directory, expected a JSONL file")
    try:
        return open(p, "rb")  # closed by the caller
    except OSError as exc:
        raise InputError(f"{source}: cannot be read ({exc.strerror or exc})") from None


def _same_file(stream: BinaryIO, output: str) -> bool:
    """Whether ``output`` is the file ``stream`` reads (by another name, a link, or standard input redirected
    from it): compared by device and inode, before anything is opened for writing."""
    try:
        read, named = os.fstat(stream.fileno()), os.stat(output)
    except (OSError, ValueError, AttributeError):  # no output yet, or a stream that is no file
        return False
    return (read.st_dev, read.st_ino) == (named.st_dev, named.st_ino)


def run_jsonl(source: str, output: str | None = None, options: JsonlOptions = DEFAULT_OPTIONS, *,
              jobs: int | None = None, resume: bool = False, progress: bool | None = None) -> RunTotals:
    """Check every record of the JSONL file ``source`` (``-``: standard input); write one JSON line per
    record to ``output`` (``None``: standard output) in input order. ``progress=None`` shows a bar when
    standard error is a terminal."""
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise UsageError(f"--jobs {jobs}: expected 1 or more")
    if resume and output is None:
        raise UsageError("--resume needs -o OUT.jsonl (the output to continue)")
    stream = _open_input(source)
    if output is not None and _same_file(stream, output):
        stream.close()
        name = "standard input" if source == "-" else source
        raise UsageError(f"-o {output}: is the input ({name}) itself, which writing would empty before it is "
                         "read; give another output file")
    done = _done_ids(Path(output)) if resume else set()
    try:
        out = sys.stdout.buffer if output is None else open(output, "ab" if resume else "wb")  # noqa: SIM115
    except OSError as exc:
        stream.close()
        raise UsageError(f"-o {output}: cannot be written ({exc.strerror or exc})") from None
    totals = RunTotals()
    show = sys.stderr.isatty() if progress is None else progress
    bar = _progress(_count_lines(Path(source)) if source != "-" and show else None, show)
    try:
        with contextlib.ExitStack() as stack:
            stack.callback(bar.close)
            if source != "-":
                stack.enter_context(stream)
            if output is not None:
                stack.enter_context(out)
            records = _pending(iter_lines(stream), done, options, totals, bar)
            if jobs == 1:
                for number, raw in records:
                    _write(out, _check(number, raw, options), totals, bar)
            else:
                _parallel(records, out, options, jobs, totals, bar)
    except BrokenPipeError:  # `| head`: the reader has gone; nothing more to write
        with contextlib.suppress(OSError):
            sys.stdout = None  # type: ignore[assignment]
    except BaseException:  # Ctrl-C, SIGTERM: the output ends with the last complete line
        if output is not None and Path(output).is_file():  # not a FIFO or a terminal
            _cut_to_last_line(Path(output))
        raise
    return totals


def _cut_to_last_line(path: Path) -> None:
    """Cut a line that an interruption left half-written (within a write) off the end of ``path``."""
    with contextlib.suppress(OSError), open(path, "rb+") as f:
        end = pos = f.seek(0, os.SEEK_END)
        keep = 0
        while pos > 0:
            step = min(pos, 1 << 16)
            pos -= step
            f.seek(pos)
            newline = f.read(step).rfind(b"\n")
            if newline >= 0:
                keep = pos + newline + 1
                break
        if keep < end:
            f.truncate(keep)


def _pending(lines, done: set[tuple[str, str | int]], options: JsonlOptions, totals: RunTotals, bar):
    """The lines still to check (all of them unless resuming)."""
    for number, raw in lines:
        if done:
            try:
                _, rid = parse_record(raw, number, options.id_field)
            except RecordError as exc:
                rid = exc.id
            if _key(rid, number) in done:
                totals.skipped += 1
                bar.update(1)
                continue
        yield number, raw


def _write(out: BinaryIO, done: tuple[str, tuple], totals: RunTotals, bar) -> None:
    line, flags = done
    out.write(line.encode("utf-8") + b"\n")
    out.flush()
    totals.add(flags)
    bar.update(1)


def _parallel(records, out: BinaryIO, options: JsonlOptions, jobs: int, totals: RunTotals, bar) -> None:
    """At most ``window`` records in flight; results written in input order as soon as they are ready."""
    window = 16 * jobs + 16
    inflight: collections.deque[Future] = collections.deque()
    pool = start_pool(jobs)
    previous = signal.signal(signal.SIGTERM, _stop) if threading.current_thread() is threading.main_thread() else None
    try:
        for number, raw in records:
            inflight.append(pool.submit(_check, number, raw, options))
            while len(inflight) >= window or (inflight and inflight[0].done()):
                _write(out, inflight.popleft().result(), totals, bar)
        while inflight:
            _write(out, inflight.popleft().result(), totals, bar)
    except BaseException:
        stop_pool(pool, inflight)
        raise
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    pool.shutdown(wait=True)

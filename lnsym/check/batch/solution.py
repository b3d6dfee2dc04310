"""Check one solution of a dataset, step by step: the per-record function of ``lnsym check --jsonl``, of the
Dask adapter and of ``datasets.Dataset.map``.

Each step is checked as its own text (names bound in one step do not carry to the next, as between
paragraphs of a key); every finding names its step, and the record's result names the first step
with a ``wrong`` finding. :func:`check_record` is a plain module-level function: it pickles, keeps
at most one evaluator process per calling process (the main thread decides steps itself, under a
CPU-time signal; see ``judges/worker.py``), and gives the same output for the same record.

>>> r = check_record({"id": "q1", "steps": ["So 2 + 2 = 4.", "Then 4 * 3 = 13."]})
>>> r["first_wrong_step"], r["summary"]["wrong"], r["findings"][1]["step"]
(1, 1, 1)
"""

from __future__ import annotations

import atexit
import contextlib
import json
import multiprocessing as mp
import os
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from lnsym.check.findings import Evidence, Finding, Verdict, report_once, summary_of
from lnsym.check.judges.worker import STEP_SECONDS, Worker
from lnsym.check.pipeline import check_text
from lnsym.check.reasons import Reason
from lnsym.check.roles.conventions import Conventions
from lnsym.check.roles.cues import takes_back
from lnsym.check.sources.line_ends import unify_line_ends
from lnsym.check.sources.records import RecordError, parse_record, problem_text, record_id, solution_steps

__all__ = ["check_line", "check_record", "check_steps", "dumps", "error_result", "record_result"]

_WORKER: tuple[int, Worker] | None = None


class _PoolWorker(Worker):
    """An evaluator that may be started from a daemonic process (a ``multiprocessing.Pool`` worker, as
    ``Dataset.map(num_proc=...)`` and Dask use): multiprocessing forbids such processes children, lest
    they outlive it, but the evaluator ends by itself when its parent's end of the pipe closes."""

    def _start(self) -> None:
        config = mp.current_process()._config
        daemon = config.get("daemon")
        config["daemon"] = False
        try:
            super()._start()
        finally:
            with contextlib.suppress(Exception):
                if daemon is None:
                    config.pop("daemon", None)
                else:
                    config["daemon"] = daemon


def _process_worker(step_seconds: float) -> Worker:
    """The worker of this process (one per process, made at the first call; its evaluator process, if one
    was needed, closed at exit)."""
    global _WORKER
    if _WORKER is None or _WORKER[0] != os.getpid():
        _WORKER = (os.getpid(), _PoolWorker(step_seconds))
        atexit.register(_WORKER[1].close)
    worker = _WORKER[1]
    worker.step_seconds = step_seconds
    return worker


def check_steps(steps: Sequence[str], worker: Worker | None = None, plain_text: bool = True,
                problem: str = "") -> tuple[Finding, ...]:
    """The findings of every step, in order, each with its ``step`` index. Each step is its own text, read with
    the notation the whole solution and its ``problem`` set (:class:`~lnsym.check.roles.conventions.Conventions`:
    "[x] denotes the greatest integer", "define $a * b = ...$", Legendre symbols)."""
    if worker is None:
        worker = _process_worker(STEP_SECONDS)
    conventions = Conventions.of(unify_line_ends("\n\n".join([problem, *steps])))
    out: list[Finding] = []
    for i, text in enumerate(steps):
        report = check_text(text, f"step {i}", worker, plain_text=plain_text, conventions=conventions)
        found = [replace(f, step=i) for f in report.findings]
        if i + 1 < len(steps) and found and takes_back(steps[i + 1]):
            found = _taken_back(found, steps[i + 1])
        out.extend(found)
    return report_once(out)  # a later step that restates a wrong equation does not count it again


def _taken_back(found: list[Finding], following: str) -> list[Finding]:
    """``7*8 = 54`` as a step, and the next step "wait no, 7*8 is 56 not 54": the wrong findings of the step's last
    line were taken back by the writer, so they are rejected, not asserted (as within one text)."""
    last = max(f.end_line for f in found)
    said = " ".join(following.split())[:60]
    return [replace(f, verdict=Verdict.UNCHECKED, role="rejected", evidence=Evidence(), code=Reason.OTHER,
                    reason=f"the next step takes it back (\"{said}\"); it does not hold ({f.reason})")
            if f.verdict is Verdict.WRONG and f.end_line == last else f for f in found]


def record_result(rid: Any, findings: Sequence[Finding]) -> dict:
    """The output object of a checked record: id, first wrong step (or None), counts, findings."""
    summary = summary_of(findings)
    first = min((f.step for f in findings if f.verdict is Verdict.WRONG), default=None)
    return {"id": rid, "first_wrong_step": first, "summary": summary, "findings": [f.to_json() for f in findings]}


def error_result(rid: Any, reason: str, line: int | None = None) -> dict:
    """The output object of a record that could not be checked; a line that could not be read has no id
    (None) and names its ``line``, so that it never takes the id of a real record."""
    return {"id": rid, "error": reason} if line is None else {"id": None, "line": line, "error": reason}


def check_record(record: Mapping, field: str | None = None, id_field: str = "id", *, line: int | None = None,
                 plain_text: bool = True, step_seconds: float = STEP_SECONDS) -> dict:
    """Check one record (a mapping with ``steps``, a list of texts, or ``solution``, a text; ``field`` names
    another). Returns ``{"id", "first_wrong_step", "summary", "findings"}``, or ``{"id", "error"}`` when the
    record has no solution to check. ``line`` is the record's line number, its id when it has no
    ``id_field``. Picklable; keeps at most one evaluator process per calling process."""
    rid = record_id(record, id_field, line) if isinstance(record, Mapping) else line
    try:
        if not isinstance(record, Mapping):
            raise RecordError(f"a {type(record).__name__}, expected a mapping", rid)
        steps = solution_steps(record, field, rid)
    except RecordError as exc:
        return error_result(exc.id, str(exc))
    return record_result(rid, check_steps(steps, _process_worker(step_seconds), plain_text, problem_text(record)))


def check_line(raw: bytes | str, line: int, field: str | None = None, id_field: str = "id",
               plain_text: bool = True, step_seconds: float = STEP_SECONDS) -> dict:
    """Check the record of one JSONL line (``line`` is its 1-based number); a line that is not a JSON
    object gives an error object."""
    try:
        record, _ = parse_record(raw, line, id_field)
    except RecordError as exc:
        return error_result(exc.id, str(exc), exc.line)
    return check_record(record, field, id_field, line=line, plain_text=plain_text, step_seconds=step_seconds)


def dumps(result: Mapping) -> str:
    """One output line: compact, UTF-8, keys in schema order (deterministic)."""
    return json.dumps(result, ensure_ascii=False, separators=(", ", ": "))

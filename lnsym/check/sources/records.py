"""Records of a dataset of solutions: one JSON object a line, the solution as one text or a list of steps.

A record's solution is the field named by ``field``, or, when none is named, ``steps`` (a list of
strings) if the record has it, else ``solution`` (a string). Its id is the ``id_field`` value (by
default ``id``), or the record's 1-based line number when it has none. A line that is not a JSON
object, or lacks its solution, is a :class:`RecordError` with a one-line reason; the run goes on.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any, BinaryIO

__all__ = ["AUTO_FIELDS", "PROBLEM_FIELDS", "RecordError", "iter_lines", "parse_record", "problem_text", "record_id",
           "solution_steps"]

AUTO_FIELDS = ("steps", "solution")  # looked for in this order when no field is named
PROBLEM_FIELDS = ("problem", "question")  # the problem, whose notation the solution's steps share


class RecordError(ValueError):
    """A record that cannot be checked; ``id`` is its id when it could be read, else its line number."""

    def __init__(self, reason: str, record_id: Any) -> None:
        super().__init__(reason)
        self.id = record_id


def iter_lines(stream: BinaryIO) -> Iterator[tuple[int, bytes]]:
    """``(line number, line)`` for every line that is not blank, read one at a time (constant memory)."""
    for number, line in enumerate(stream, 1):
        if line.strip():
            yield number, line


def record_id(record: Mapping, id_field: str, line: int) -> Any:
    """The record's id: its ``id_field`` when that is a string or a number, else its line number."""
    value = record.get(id_field)
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return line
    return value


def parse_record(raw: bytes | str, line: int, id_field: str = "id") -> tuple[dict, Any]:
    """The record of one line and its id; :class:`RecordError` when it is not a JSON object."""
    try:
        record = json.loads(raw)
    except (UnicodeDecodeError, ValueError) as exc:
        reason = "not UTF-8" if isinstance(exc, UnicodeDecodeError) else f"not JSON ({str(exc).split(':')[0]})"
        raise RecordError(f"line {line}: {reason}", line) from None
    if not isinstance(record, dict):
        raise RecordError(f"line {line}: a JSON {type(record).__name__}, expected an object", line)
    return record, record_id(record, id_field, line)


def solution_steps(record: Mapping, field: str | None, rid: Any = None) -> list[str]:
    """The steps of a record's solution (a text is one step)."""
    names = (field,) if field else AUTO_FIELDS
    name = next((n for n in names if n in record), None)
    if name is None:
        wanted = f"'{field}'" if field else "'steps' or 'solution'"
        raise RecordError(f"no field {wanted} (use --field NAME)", rid)
    value = record[name]
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(s, str) for s in value):
        return list(value)
    raise RecordError(f"field '{name}' is a {type(value).__name__}, expected a text or a list of texts", rid)


def problem_text(record: Mapping) -> str:
    """The record's problem (the first text of :data:`PROBLEM_FIELDS`), or ""; it is not checked, but the
    notation it sets ("let $[x]$ denote ...") holds in the solution's steps."""
    for name in PROBLEM_FIELDS:
        value = record.get(name)
        if isinstance(value, str):
            return value
    return ""

"""Records of a dataset of solutions: one JSON object a line, the solution as one text or a list of steps.

A record's solution is the field named by ``field``, or, when none is named, ``steps`` (a list of
strings) if the record has it, else ``solution`` (a string). Its id is the ``id_field`` value (by
default ``id``), or the record's 1-based line number when it has none. A line that is not a JSON
object, or lacks its solution, is a :class:`RecordError` with a one-line reason; the run goes on.

A line is read as I-JSON (RFC 7493) asks: its strings must be Unicode (a lone surrogate escape, ``"\\ud800"``,
makes the line unreadable, since no UTF-8 output could hold it) and it may nest at most :data:`MAX_DEPTH` levels
(deeper, Python's parser would hit its recursion limit at a depth that depends on the caller's stack). A line
that cannot be read has no id: its error names its line number in a field of its own, so that it never takes
the id of a real record. A number id with no finite double value (``1e400``; the ``NaN``, ``Infinity`` and
``-Infinity`` that Python's json module writes and reads, though JSON has none) is its text, a string.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Mapping
from typing import Any, BinaryIO

__all__ = ["AUTO_FIELDS", "MAX_DEPTH", "PROBLEM_FIELDS", "NonFiniteNumber", "RecordError", "iter_lines",
           "parse_record", "problem_text", "record_id", "solution_steps"]

AUTO_FIELDS = ("steps", "solution")  # looked for in this order when no field is named
PROBLEM_FIELDS = ("problem", "question")  # the problem, whose notation the solution's steps share
MAX_DEPTH = 200  # levels of nesting a line may have; datasets nest a few, Python's parser fails near 1,000

_BRACKETS = re.compile(rb"[\[\]{}]")
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)  # a JSON string, whose brackets are text
_SURROGATE = re.compile("[\ud800-\udfff]")


class RecordError(ValueError):
    """A record that cannot be checked; ``id`` is its id, or None when the line could not be read (then
    ``line`` is its line number)."""

    def __init__(self, reason: str, record_id: Any, line: int | None = None) -> None:
        super().__init__(reason)
        self.id = record_id
        self.line = line


class NonFiniteNumber(float):
    """A number of the input with no finite double value, which keeps its text (``1e400``, ``NaN``): JSON has no
    Infinity or NaN, so such an id is written as a string of that text."""

    text: str

    def __new__(cls, text: str) -> NonFiniteNumber:
        number = super().__new__(cls, text)
        number.text = text
        return number


def _number(text: str) -> float:
    """A JSON number with a fraction or an exponent, as Python reads it, keeping the text of one too large."""
    value = float(text)
    return value if math.isfinite(value) else NonFiniteNumber(text)


def iter_lines(stream: BinaryIO) -> Iterator[tuple[int, bytes]]:
    """``(line number, line)`` for every line that is not blank, read one at a time (constant memory)."""
    for number, line in enumerate(stream, 1):
        if line.strip():
            yield number, line


def record_id(record: Mapping, id_field: str, line: int) -> Any:
    """The record's id: its ``id_field`` when that is a string or a number, else its line number. A number
    with no finite value is a string, its text in the input (``"1e400"``) or the name Python's json module
    writes for it (``"Infinity"``, ``"-Infinity"``, ``"NaN"``), so that every id is written as JSON."""
    value = record.get(id_field)
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return line
    if isinstance(value, float) and not math.isfinite(value):
        return value.text if isinstance(value, NonFiniteNumber) else json.dumps(value)
    return value


def parse_record(raw: bytes | str, line: int, id_field: str = "id") -> tuple[dict, Any]:
    """The record of one line and its id; :class:`RecordError` (with no id) when it is not a JSON object
    that holds only Unicode text and nests at most :data:`MAX_DEPTH` levels."""
    if _depth(raw) > MAX_DEPTH:
        raise RecordError(f"line {line}: nested more than {MAX_DEPTH} levels deep", None, line)
    try:
        record = json.loads(raw, parse_float=_number, parse_constant=NonFiniteNumber)
    except RecursionError:  # called from deep in a stack: the same reason as above
        raise RecordError(f"line {line}: nested more than {MAX_DEPTH} levels deep", None, line) from None
    except (UnicodeDecodeError, ValueError) as exc:
        reason = "not UTF-8" if isinstance(exc, UnicodeDecodeError) else f"not JSON ({str(exc).split(':')[0]})"
        raise RecordError(f"line {line}: {reason}", None, line) from None
    if not isinstance(record, dict):
        raise RecordError(f"line {line}: a JSON {type(record).__name__}, expected an object", None, line)
    if _has_surrogate(record):
        raise RecordError(f"line {line}: a string holds a lone surrogate (such as \\ud800), not Unicode text",
                          None, line)
    return record, record_id(record, id_field, line)


def _depth(raw: bytes | str) -> int:
    """How deeply the JSON text nests (brackets inside strings do not count); 0 when it cannot be deeper than
    :data:`MAX_DEPTH` (the usual case, found by counting brackets at C speed)."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if data.count(b"[") + data.count(b"{") <= MAX_DEPTH:
        return 0
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub(b"", data)):
        depth += 1 if bracket in b"[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _has_surrogate(record: Any) -> bool:
    """Whether a string of the record (a key or a value, at any depth) holds a lone surrogate; walked without
    recursion."""
    pending = [record]
    while pending:
        value = pending.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                return True
        elif isinstance(value, dict):
            pending.extend(value.keys())
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
    return False


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

r"""Markdown tables of values: each row is a case of its own, and a header that names a variable gives it the value of
the row's first cell.

    | $t$ | $h$ |
    |---|---|
    | $0$ | $h = 5$ |
    | $1$ | $h = 10$ |

The statement ``h = 10`` is about t = 1, not about the row above it: what the row above stated is no evidence for it
(:func:`new_row`), and a header whose first cell is one name in math (``$t$``) with a number in that column of the
row (``$1$`` or ``1``) gives that name that number for the row's statements (:func:`row_value`). Anything else (a
header in words, a first cell that is not a number, a statement in the first column) gives no value.
"""

from __future__ import annotations

import functools
import re

__all__ = ["new_row", "row_value"]

# a row boundary between two statements: a line that ends with a cell, then a line that starts with one
_ROW_BREAK = re.compile(r"\|[ \t]*\r?\n[ \t]*\|")
_SEPARATOR = re.compile(r"\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*")
_NAME = re.compile(r"\s*\$\s*(?P<name>[A-Za-z]|\\(?:alpha|beta|gamma|delta|eta|theta|lambda|mu|sigma|tau|rho|omega))"
                   r"\s*\$\s*")
_NUMBER = re.compile(r"\s*\$?\s*(?P<value>-?\d+(?:\.\d+)?)\s*\$?\s*")


def new_row(text: str, previous_end: int, start: int) -> bool:
    """Does a new row of a table start between the statement that ended at ``previous_end`` and the math at
    ``start``?"""
    return previous_end < start and _ROW_BREAK.search(text, previous_end, start) is not None


def _line_at(text: str, offset: int) -> tuple[int, int]:
    begin = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return begin, len(text) if end < 0 else end


def _cells(line: str) -> list[str]:
    inner = line.strip()
    if not (inner.startswith("|") and inner.endswith("|")):
        return []
    return inner[1:-1].split("|")


@functools.lru_cache(maxsize=8)
def _first_columns(text: str) -> dict[int, tuple[str, str, int]]:
    """Every row of every table of ``text`` that the header's first cell names a variable for, by the offset where
    the row's line begins: (the name, the row's number there, the number's offset). One pass over the lines."""
    out: dict[int, tuple[str, str, int]] = {}
    if "|" not in text:
        return out  # (no table: the text is not split into lines)
    lines, begin = [], 0
    for line in text.split("\n"):
        lines.append((begin, line))
        begin += len(line) + 1
    for k in range(1, len(lines)):
        if not _SEPARATOR.fullmatch(lines[k][1]) or not _cells(lines[k - 1][1]):
            continue
        header = _cells(lines[k - 1][1])
        name = _NAME.fullmatch(header[0])
        for j in range(k + 1, len(lines)):
            row_begin, line = lines[j]
            row = _cells(line)
            if not row:
                break
            value = _NUMBER.fullmatch(row[0])
            if name is not None and value is not None and len(row) == len(header):
                out[row_begin] = (name.group("name"), value.group("value"),
                                  row_begin + line.index("|") + 1 + value.start("value"))
    return out


def row_value(text: str, offset: int) -> tuple[str, str, int] | None:
    """The name the table's header gives its first column and the number the row of the math at ``offset`` has there
    (``("t", "1", place of the 1)``), when the math is in another column; else None."""
    found = _first_columns(text).get(text.rfind("\n", 0, offset) + 1)
    if found is None or offset < text.index("|", found[2]):
        return None  # (not a row of such a table, or the math is in the first column)
    return found

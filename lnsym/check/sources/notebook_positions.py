"""Where a Markdown cell's line and column are in the notebook's JSON file.

A finding in a notebook is placed at a cell, a line and a column of that cell. Tools that annotate
files (GitHub's workflow commands, SARIF viewers) know only the file: line 2 of cell 3 is some line
of the ``.ipynb``'s JSON, inside the string that holds it. This module scans the JSON once, keeping
the offset of every string of each cell's ``source`` (a list of lines, as Jupyter writes it, or one
string), and counts escapes (``\\\\frac`` is two characters in the file, one in the cell) to find the
column.

>>> raw = '{"cells": [{"cell_type": "markdown",\\n "source": [\\n  "# Key\\\\n",\\n  "$\\\\\\\\frac{1}{2}=0.5$"\\n ]}]}'
>>> NotebookPositions(raw).locate(1, 2, 2)
(4, 5)
"""

from __future__ import annotations

import bisect
import json
import re

from lnsym.check.sources.line_ends import unify_line_ends

__all__ = ["NotebookPositions"]

_SCALAR = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null")
_SPACE = re.compile(r"[ \t\n\r]*")


class _Scanner:
    """A JSON reader that records the offset of the strings at ``cells[k].source`` (or ``.source[j]``)."""

    def __init__(self, text: str) -> None:
        self.s = text
        self.sources: dict[int, list[tuple[int, str]]] = {}

    def value(self, i: int, path: tuple) -> int:
        s = self.s
        i = _SPACE.match(s, i).end()
        c = s[i]
        if c == '"':
            value, end = json.decoder.scanstring(s, i + 1)
            if len(path) in (3, 4) and path[0] == "cells" and path[2] == "source":
                self.sources.setdefault(path[1], []).append((i, value))
            return end
        if c == "{":
            i = _SPACE.match(s, i + 1).end()
            if s[i] == "}":
                return i + 1
            while True:
                key, i = json.decoder.scanstring(s, _SPACE.match(s, i).end() + 1)
                i = _SPACE.match(s, i).end() + 1  # the colon
                i = _SPACE.match(s, self.value(i, (*path, key) if len(path) < 3 else ())).end()
                if s[i] == "}":
                    return i + 1
                i += 1  # the comma
        if c == "[":
            i = _SPACE.match(s, i + 1).end()
            if s[i] == "]":
                return i + 1
            k = 0
            while True:
                inner = (*path, k) if path in (("cells",),) or (len(path) == 3 and path[2] == "source") else ()
                i = _SPACE.match(s, self.value(i, inner)).end()
                if s[i] == "]":
                    return i + 1
                i += 1
                k += 1
        m = _SCALAR.match(s, i)
        if not m:
            raise ValueError(f"unexpected {c!r} at {i}")
        return m.end()


class NotebookPositions:
    """Maps ``(cell, line, column)`` of a Markdown cell (cells numbered from 1) to ``(line, column)`` of
    the file; None where the file is not laid out as expected (then only the cell can be named)."""

    def __init__(self, raw: str) -> None:
        self.raw = raw
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", raw)]
        scanner = _Scanner(raw)
        try:
            scanner.value(0, ())
            self.sources = scanner.sources
        except (ValueError, IndexError, RecursionError, AttributeError):
            self.sources = {}

    def _file_position(self, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.line_starts, offset) - 1
        return i + 1, offset - self.line_starts[i] + 1

    def _raw_offset(self, token: int, index: int) -> int:
        """The file offset of the decoded character ``index`` of the JSON string starting at ``token``."""
        s, i, n = self.raw, token + 1, 0
        while n < index:
            if s[i] == "\\":
                if s[i + 1] == "u":
                    code = int(s[i + 2 : i + 6], 16)
                    # a pair of escapes is one character; a lone high surrogate (an odd notebook) is one alone
                    i += 12 if 0xD800 <= code < 0xDC00 and self._low_surrogate(i + 6) else 6
                else:
                    i += 2
            else:
                i += 1
            n += 1
        return i

    def _low_surrogate(self, i: int) -> bool:
        """Whether the JSON text at ``i`` is the escape of a low surrogate (``\\udc00`` to ``\\udfff``)."""
        return self.raw[i : i + 2] == "\\u" and self.raw[i + 2 : i + 4].lower() in ("dc", "dd", "de", "df")

    def locate(self, cell: int, line: int, column: int) -> tuple[int, int] | None:
        strings = self.sources.get(cell - 1)
        if not strings:
            return None
        # the cell's text is the strings joined, its lines ended as the checker ended them (a lone CR too);
        # find the string holding (line, column)
        text = unify_line_ends("".join(value for _, value in strings))
        at_line, at_col, at = 1, 1, 0
        for token, value in strings:
            for index in range(len(value)):
                if (at_line, at_col) == (line, column):
                    return self._file_position(self._raw_offset(token, index))
                if text[at] == "\n":
                    at_line, at_col = at_line + 1, 1
                else:
                    at_col += 1
                at += 1
        if (at_line, at_col) == (line, column) and strings:  # just past the end
            token, value = strings[-1]
            return self._file_position(self._raw_offset(token, len(value)))
        return None

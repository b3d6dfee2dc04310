"""Positions: lnsym's 1-based (line, column) in code points to the client's 0-based (line, character) and back.

lnsym counts columns in Python characters (code points) and lines at ``\\n``; the Language Server Protocol
counts characters in the code units of the encoding the client and the server agreed on (UTF-16 unless
both said otherwise), so ``é`` is one unit and ``𝑥`` (outside the Basic Multilingual Plane) two.
A client also ends a line at a lone ``\\r``: :func:`same_lines` turns those into ``\\n`` before a check,
offsets unchanged, so that both count the same lines.
"""

from __future__ import annotations

import bisect
import re

__all__ = ["Lines", "same_lines"]

_LONE_CR = re.compile(r"\r(?!\n)")


def same_lines(text: str) -> str:
    """``text`` with every lone ``\\r`` (a line end for the client) written ``\\n``; same length, same offsets."""
    return _LONE_CR.sub("\n", text) if "\r" in text else text


def _units(text: str, encoding: str) -> int:
    """The length of ``text`` in code units of ``encoding`` (``utf-16``, ``utf-8`` or ``utf-32``)."""
    if encoding == "utf-8":
        return len(text.encode("utf-8", "surrogatepass"))
    if encoding == "utf-32":
        return len(text)
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)  # a surrogate pair for each


class Lines:
    """The lines of one text, to convert its positions for a client speaking ``encoding``."""

    def __init__(self, text: str, encoding: str = "utf-16") -> None:
        self.text, self.encoding = text, encoding
        self.starts = [0] + [m.end() for m in re.finditer(r"\n", text)]

    def _line(self, index: int) -> str:
        """Line ``index`` (0-based) without its line end."""
        start = self.starts[index]
        end = self.starts[index + 1] - 1 if index + 1 < len(self.starts) else len(self.text)
        return self.text[start:end].removesuffix("\r")

    def to_client(self, line: int, column: int) -> tuple[int, int]:
        """lnsym's 1-based ``line`` and ``column`` (code points) as the client's 0-based (line, character);
        a column past the end of its line is the end of the line."""
        index = min(max(line, 1), len(self.starts)) - 1
        text = self._line(index)
        return index, _units(text[: max(column, 1) - 1], self.encoding)

    def offset(self, line: int, character: int) -> int:
        """The offset in the text (code points) of the client's 0-based ``line`` and ``character``; a character
        inside a surrogate pair or a multi-byte sequence is the code point it is part of."""
        if line >= len(self.starts):
            return len(self.text)
        index = max(line, 0)
        text = self._line(index)
        units = 0
        for k, ch in enumerate(text):
            units += _units(ch, self.encoding)
            if units > character:
                return self.starts[index] + k
        return self.starts[index] + len(text)

    def offset_of(self, line: int, column: int) -> int:
        """The offset of lnsym's 1-based ``line`` and ``column``."""
        return self.starts[min(max(line, 1), len(self.starts)) - 1] + column - 1

    def client_position(self, offset: int) -> tuple[int, int]:
        """The client's 0-based (line, character) of an offset in the text."""
        index = bisect.bisect_right(self.starts, offset) - 1
        return self.to_client(index + 1, offset - self.starts[index] + 1)

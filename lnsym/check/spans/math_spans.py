"""Find the math of a Markdown or LaTeX answer key, with positions and paragraphs.

A *span* is the inside of ``$...$``, ``$$...$$``, ``\\(...\\)``, ``\\[...\\]`` or a display
environment (``equation``, ``align``, ...). Every span keeps the offset of its first character, so
a step found inside it can be reported at its own line and column.

A *paragraph* ends at a blank line or where a list item (``-``, ``*``, ``•``, ``1.``, ``\\item``) or
a heading begins; bindings made in one paragraph do not leak into the next. Lines holding a
flashcard (``question ::: answer``) are marked so that nothing is bound from them.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

__all__ = ["LineIndex", "Span", "find_spans"]

_LIST_ITEM = re.compile(r"^\s*(?:[-*+•●▪◦]|\d{1,3}[.)]|\\item\b|#{1,6})\s?")
_ENVS = ("equation", "align", "gather", "multline", "eqnarray", "displaymath", "flalign", "alignat")
_BEGIN_ENV = re.compile(r"\\begin\{(" + "|".join(_ENVS) + r")(\*?)\}")


@dataclass(frozen=True)
class Span:
    """The text between math delimiters; ``start`` is the offset of ``text[0]`` in the file."""

    text: str
    start: int
    paragraph: int
    display: bool
    flashcard: bool
    outer: tuple[int, int] = (0, 0)  # offsets of the span with its delimiters


class LineIndex:
    """Offsets to 1-based (line, column)."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer(r"\n", text)]

    def position(self, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.starts, offset) - 1
        return i + 1, offset - self.starts[i] + 1

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)


def paragraph_of_lines(text: str) -> list[int]:
    """Paragraph number of every line."""
    numbers: list[int] = []
    para, in_blank = 0, True
    for line in text.split("\n"):
        if not line.strip():
            if not in_blank:
                para += 1
            in_blank = True
            numbers.append(para)
            continue
        if _LIST_ITEM.match(line) and not in_blank:
            para += 1
        in_blank = False
        numbers.append(para)
    return numbers


def _blank_comments(text: str) -> str:
    """LaTeX comments (an unescaped ``%`` to the end of the line) become spaces; offsets are kept."""
    return re.sub(r"(?<!\\)%[^\n]*", lambda m: " " * len(m.group()), text)


def _find_close(text: str, i: int, closer: str, stop_at_blank: bool) -> int:
    """Index of the next unescaped ``closer`` from ``i``, or -1."""
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            if text.startswith(closer, i):
                return i
            i += 2
            continue
        if stop_at_blank and c == "\n":
            j = i + 1
            while j < n and text[j] in " \t\r":
                j += 1
            if j >= n or text[j] == "\n":
                return -1
        if text.startswith(closer, i) and not (closer == "$" and _currency_close(text, i)):
            return i
        i += 1
    return -1


def _currency_close(text: str, i: int) -> bool:
    """A ``$`` at ``i`` that cannot close inline math (Pandoc's rule): after a space, or before a digit
    (``$80 and $20``: two amounts of money, not math)."""
    return text[i - 1].isspace() or (i + 1 < len(text) and text[i + 1].isdigit())


def find_spans(text: str) -> list[Span]:
    """All math spans of ``text`` in order of position.

    >>> [s.text for s in find_spans("Mean $\\\\mu=4$ and $$x=1$$, cost \\\\$5.")]
    ['\\\\mu=4', 'x=1']
    """
    if "\\documentclass" in text or "\\begin{document}" in text:
        text = _blank_comments(text)
    paras = paragraph_of_lines(text)
    lines = LineIndex(text)
    flash_lines = {i + 1 for i, line in enumerate(text.split("\n")) if ":::" in line}
    spans: list[Span] = []
    i, n = 0, len(text)
    in_fence = False
    while i < n:
        c = text[i]
        if c == "`":
            if text.startswith("```", i) or text.startswith("~~~", i):
                in_fence = not in_fence
                i += 3
                continue
            if not in_fence:
                j = text.find("`", i + 1)
                nl = text.find("\n\n", i + 1)
                if j != -1 and (nl == -1 or j < nl):
                    i = j + 1
                    continue
        if in_fence:
            i += 1
            continue
        opened = None
        if c == "\\" and i + 1 < n:
            nxt = text[i + 1]
            if nxt == "(":
                opened = (i + 2, "\\)", False, False)
            elif nxt == "[":
                opened = (i + 2, "\\]", True, False)
            elif nxt == "b":
                m = _BEGIN_ENV.match(text, i)
                if m:
                    opened = (m.end(), f"\\end{{{m.group(1)}{m.group(2)}}}", True, False)
            if opened is None:
                i += 2
                continue
        elif c == "$":
            if text.startswith("$$", i):
                opened = (i + 2, "$$", True, False)
            elif i + 1 < n and not text[i + 1].isspace():  # `$ 5` is money, not the start of math
                opened = (i + 1, "$", False, True)
        if opened is None:
            i += 1
            continue
        begin, closer, display, stop_at_blank = opened
        end = _find_close(text, begin, closer, stop_at_blank)
        if end == -1:
            i = begin  # an unmatched opener is text
            continue
        line = lines.line_of(begin)
        spans.append(Span(text[begin:end], begin, paras[line - 1], display, line in flash_lines,
                          (i, end + len(closer))))
        i = end + len(closer)
    return spans

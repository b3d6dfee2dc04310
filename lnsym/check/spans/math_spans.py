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


# What Markdown does not show, or shows struck out: an HTML comment (not an `<!-- lnsym: ... -->` declaration),
# `~~struck~~`, `<del>`, `<s>`, `<strike>`. The text does not assert the math in it ("~~$3 \cdot 4 = 13$~~ $3 \cdot 4 =
# 12$" corrects a slip), so it is not checked.
_HTML_COMMENT = re.compile(r"<!--(?!\s*lnsym\s*:).*?(?:-->|\Z)", re.S)
_STRUCK_TAG = re.compile(r"<(del|s|strike)>", re.I)
_STRUCK_REACH = 2000  # how far a struck-out stretch may run: many openers that never close cost no more than this each


def _unshown(text: str) -> list[tuple[int, int]]:
    """The stretches of :func:`_blank_unshown`, found in time linear in the text (a hostile text of 100,000 `~~` that
    never close took seconds with a regular expression)."""
    cuts = [m.span() for m in _HTML_COMMENT.finditer(text)]
    blanks = [m.start() for m in re.finditer(r"\n[ \t]*\n", text)]  # a struck stretch ends with its paragraph
    k = text.find("~~")
    while k != -1:
        q = text.find("~~", k + 2, k + 2 + _STRUCK_REACH)
        para = bisect.bisect_right(blanks, k)
        inside = q != -1 and (para == len(blanks) or q < blanks[para])
        if inside and not text[k + 2].isspace() and not text[q - 1].isspace():
            cuts.append((k, q + 2))
            k = text.find("~~", q + 2)
        else:
            k = text.find("~~", k + 2)
    for m in _STRUCK_TAG.finditer(text):
        tag = m.group(1)
        found = [c for c in (text.find(f"</{t}>", m.end(), m.end() + _STRUCK_REACH) for t in {tag, tag.lower(),
                                                                                              tag.upper()}) if c != -1]
        if found:
            cuts.append((m.start(), min(found) + len(tag) + 3))
    return cuts


def _blank_unshown(text: str) -> str:
    """Markdown's unshown and struck-out text (:func:`_unshown`) becomes spaces; offsets and line breaks are kept."""
    if "<" not in text and "~~" not in text:
        return text
    out, done = [], 0
    for start, end in sorted(_unshown(text)):  # (overlapping stretches blanked once)
        start = max(start, done)
        if end > start:
            out.append(text[done:start])
            out.append(re.sub(r"[^\n]", " ", text[start:end]))
            done = end
    out.append(text[done:])
    return "".join(out)


def _blank_comments(text: str) -> str:
    """LaTeX comments (an unescaped ``%`` to the end of the line) become spaces; offsets are kept."""
    return re.sub(r"(?<!\\)%[^\n]*", lambda m: " " * len(m.group()), text)


# A backslash and the character after it are one pair, read left to right: a target is unescaped when
# the run of backslashes right before it has even length. These patterns find such targets in one pass.
_EVEN_RUN = r"(?<!\\)(?:\\\\)*"
_BLANK_AFTER = re.compile(_EVEN_RUN + r"(\n)(?=[ \t\r]*(?:\n|\Z))")


class _Closers:
    """Where every closer of a file is, found once per kind of closer, so that the closer of an opener
    is a bisection instead of a scan to the end of the file (which made a file of 20,000 unclosed
    ``\\(`` quadratic). A position is one the left-to-right scan stops at: an escaped ``\\$`` is skipped,
    and ``\\\\)`` is a line break followed by a parenthesis."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._at: dict[str, list[int]] = {}
        self._blank: list[int] | None = None

    def _positions(self, closer: str) -> list[int]:
        found = self._at.get(closer)
        if found is None:
            target = "$" if closer.startswith("$") else closer
            pattern = re.compile(_EVEN_RUN + "(" + re.escape(target) + ")")
            found = [m.start(1) for m in pattern.finditer(self.text)]
            if closer == "$$":  # "$$$" closes at its first two dollars, as a scan would see it
                found = [p for p in found if self.text.startswith("$$", p)]
            elif closer == "$":  # money is never a closer: the scan goes on past it
                found = [p for p in found if not _currency_close(self.text, p)]
            self._at[closer] = found
        return found

    def find(self, begin: int, closer: str, stop_at_blank: bool) -> int:
        """Index of the first unescaped ``closer`` at or after ``begin``, or -1 (also when a blank line
        comes first and ``stop_at_blank``)."""
        found = self._positions(closer)
        k = bisect.bisect_left(found, begin)
        end = found[k] if k < len(found) else -1
        if stop_at_blank:
            if self._blank is None:
                self._blank = [m.start(1) for m in _BLANK_AFTER.finditer(self.text)]
            b = bisect.bisect_left(self._blank, begin)
            if b < len(self._blank) and (end == -1 or self._blank[b] < end):
                return -1
        return end


_INTERESTING = re.compile(r"[`\\$]")


def _currency_close(text: str, i: int) -> bool:
    """A ``$`` at ``i`` that cannot close inline math (Pandoc's rule): after a space, or before a digit
    (``$80 and $20``: two amounts of money, not math)."""
    return text[i - 1].isspace() or (i + 1 < len(text) and text[i + 1].isdigit())


def find_spans(text: str) -> list[Span]:
    """All math spans of ``text`` in order of position.

    >>> [s.text for s in find_spans("Mean $\\\\mu=4$ and $$x=1$$, cost \\\\$5.")]
    ['\\\\mu=4', 'x=1']
    """
    latex = "\\documentclass" in text or "\\begin{document}" in text
    # (in LaTeX, `~~` is two spaces that do not break: only a Markdown text has struck-out math)
    text = _blank_comments(text) if latex else _blank_unshown(text)
    paras = paragraph_of_lines(text)
    lines = LineIndex(text)
    flash_lines = {i + 1 for i, line in enumerate(text.split("\n")) if ":::" in line}
    spans: list[Span] = []
    closers = _Closers(text)
    blank_pairs = [m.start() for m in re.finditer(r"(?=\n\n)", text)]  # where a code span must end
    i, n = 0, len(text)
    while i < n:
        m = _INTERESTING.search(text, i)  # everything else is prose
        if m is None:
            break
        i = m.start()
        c = text[i]
        if c == "`":
            if text.startswith("```", i):
                close = text.find("```", i + 3)  # a fence: nothing inside is math
                if close == -1:
                    break
                i = close + 3
                continue
            j = text.find("`", i + 1)
            k = bisect.bisect_left(blank_pairs, i + 1)
            if j != -1 and (k == len(blank_pairs) or j < blank_pairs[k]):
                i = j + 1
                continue
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
        end = closers.find(begin, closer, stop_at_blank)
        if end == -1:
            i = begin  # an unmatched opener is text
            continue
        line = lines.line_of(begin)
        spans.append(Span(text[begin:end], begin, paras[line - 1], display, line in flash_lines,
                          (i, end + len(closer))))
        i = end + len(closer)
    return spans

"""The spans of a whole key, in order: its math (:mod:`.math_spans`) and, with ``plain_text``, the arithmetic of its
prose (:mod:`.plain_text`); and where its sections start (a heading, a problem, a solution)."""

from __future__ import annotations

import re

from lnsym.check.budget import Deadline, OutOfTime, stopping
from lnsym.check.spans.math_spans import Span, find_spans
from lnsym.check.spans.plain_text import decimal_mark, find_plain_spans, mask_currency

__all__ = ["LATEX_SUFFIXES", "SPANS_GRACE", "key_spans", "section_starts", "spans_in_grace"]

#: LaTeX sources by their name: their prose is read only inside the document environment
LATEX_SUFFIXES = (".tex", ".ltx", ".sty", ".cls", ".dtx")
# Seconds to find a file's math spans, once its budget has run out before they were found: each then gets its
# finding "not checked" (4 MiB of solutions takes 2 s to read with the arithmetic in its prose, a tenth to find
# the math spans alone)
SPANS_GRACE = 0.5
# A line that starts a new section, where names bound before it no longer hold: a heading, a problem or a solution
_SECTION = re.compile(r"^[ \t]*(?:#{1,6}[ \t]|\\(?:sub)*section\*?\{|\\begin\{(?:problem|exercise|solution)\}|"
                      r"\**(?:Problem|Exercise|Solution|Question|Example)\b)", re.MULTILINE)
# the solution of the problem just stated ("**Problem 9.** ... **Solution.** ..."): its names hold in it, so it
# is no new section; "Solution 2" (another solution), a heading or another problem is
_ITS_SOLUTION = re.compile(r"[ \t]*(?:#{1,6}[ \t]+)?(?:\\begin\{solution\}|\**Solution\b(?![ \t]*\d))")
_A_PROBLEM = re.compile(r"[ \t]*(?:#{1,6}[ \t]+)?(?:\\begin\{(?:problem|exercise)\}|"
                        r"\**(?:Problem|Exercise|Question|Example)\b)")


def key_spans(text: str, plain_text: bool, path: str = "", mark: str | None = None) -> tuple[list, str]:
    """The math spans of ``text`` and, with ``plain_text``, the arithmetic written in its prose, in order; and
    its decimal mark (``mark`` when a larger text gave one, else read from the text and those math spans:
    :func:`~lnsym.check.spans.plain_text.decimal_mark`)."""
    if not plain_text:
        spans = find_spans(text)
        return spans, mark or decimal_mark(text, spans)
    spans = find_spans(mask_currency(text))  # `$3 + $4 = $7` is money, not math between dollars
    mark = mark or decimal_mark(text, spans)
    latex = path.lower().endswith(LATEX_SUFFIXES)
    return sorted([*spans, *find_plain_spans(text, spans, latex, mark)], key=lambda s: s.start), mark


def spans_in_grace(text: str) -> list[Span] | None:
    """The math spans of ``text`` if they are found within :data:`SPANS_GRACE` seconds, else None."""
    try:
        with stopping(Deadline(SPANS_GRACE, None)):
            return find_spans(text)
    except OutOfTime:
        return None


def section_starts(text: str) -> list[int]:
    """The offsets of the lines of ``text`` that start a section: a heading, "Problem", "Exercise", "Solution"; not
    the (unnumbered) solution right after its problem, which goes on in the problem's section."""
    out: list[int] = []
    for m in _SECTION.finditer(text):
        if out and _ITS_SOLUTION.match(text, m.start()) and _A_PROBLEM.match(text, out[-1]):
            continue
        out.append(m.start())
    return out

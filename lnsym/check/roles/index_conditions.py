r"""Conditions a sentence puts on the indices of a step in index notation: "For $i \ne j$, $J_{ij} = -p_i p_j$",
"$\frac{\partial p_i}{\partial z_j} = -p_i p_j$ for $i \neq j$", "If $i = j$, ...", "**Off-diagonal entries**
$J_{ij} = -p_i p_j$". A step claimed only off (or on) the diagonal is judged there: refuting it where the text
does not claim it would be a false alarm (``J_{ij} = -p_i p_j`` fails at i = j, where the text says nothing).

Read within the statement's sentence: before it, back to the end of the sentence before (a colon or a semicolon
does not end it: "for $i \ne j$: ..."); after it, to the end of its own sentence. An item of a list, a line of
an aligned display (``\\``) are sentences of their own. Only two letters compared
(``i \ne j``, ``j \neq i``, ``i = j`` after "for", "if", "when", "where", "with"), or the words "off the
diagonal", "off-diagonal", "non-diagonal", "for distinct" (of the step's two free indices, whichever letters they
are). The judge uses a condition only where both letters are free indices of the step, and says so in its reason.
"""

from __future__ import annotations

import re

from lnsym.check.judges.notation.index_steps import ANY_TWO
from lnsym.check.roles.cues import sentence_before

__all__ = ["index_conditions"]

_LETTER = r"(?<![\\A-Za-z_{])([a-z])"
_DIFFERENT = re.compile(_LETTER + r"\s*(?:\\neq?\b|\\not\s*=|≠)\s*([a-z])(?![A-Za-z_(])")
_SAME = re.compile(r"\b(?:for|if|when|whenever|where|with)\s+\$\s*([a-z])\s*=\s*([a-z])\s*\$", re.IGNORECASE)
_OFF_DIAGONAL = re.compile(r"\boff[- ](?:the[- ])?diagonal|\bnon-?diagonal|\bfor\s+distinct\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?;](?:\s|$)|\n\s*\n|\\\\|\\item\b|\n\s*(?:[-*+]|\d+[.)])\s")
# a new item of a list, a line of an aligned display (`\\`), `\item`: what comes before is another statement's
_LINE_OF_ITS_OWN = re.compile(r"\n\s*(?:[-*+]|\d+[.)])\s|\\\\|\\item\b")


def index_conditions(text: str, start: int, end: int) -> tuple[tuple[str, str, str], ...]:
    """The conditions on indices of the statement that runs from ``start`` to ``end`` of ``text``: (a, b, "≠") or
    (a, b, "="), letters (or :data:`ANY_TWO` for both of "off the diagonal"), in the order met."""
    before = sentence_before(text, start)
    cuts = list(_LINE_OF_ITS_OWN.finditer(before))
    before = before[cuts[-1].end() :] if cuts else before
    after = text[end : end + 120]
    stop = _SENTENCE_END.search(after)
    after = after[: stop.start()] if stop else after
    out: list[tuple[str, str, str]] = []
    for part in (before, after):
        out += [(m.group(1), m.group(2), "≠") for m in _DIFFERENT.finditer(part)]
        if _OFF_DIAGONAL.search(part):
            out.append((ANY_TWO, ANY_TWO, "≠"))
    out += [(m.group(1), m.group(2), "=") for m in _SAME.finditer(before)]
    return tuple(dict.fromkeys(x for x in out if x[0] != x[1] or x[0] == ANY_TWO))

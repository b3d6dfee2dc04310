"""What is left unchecked when a file's budget runs out: the steps of the statement it stopped in, and each later
span that has a relation; past :data:`MAX_LEFT_SPANS` of them, one finding for the rest."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lnsym.check.judges.judgement import Judgement
from lnsym.check.reasons import Reason
from lnsym.check.spans.key_spans import spans_in_grace
from lnsym.check.spans.math_spans import Span

__all__ = ["MAX_LEFT_SPANS", "has_relation", "left_unchecked"]

# Spans left when the budget ran out that get a finding each; the rest are one finding, which says how many (a
# finding costs time to make and to print: 150,000 took 2 s to make and more to print, past the budget's end)
MAX_LEFT_SPANS = 1_000
_REL_HINTS = ("=", "<", ">", "≈", "≤", "≥", "≠", "\\approx", "\\le", "\\ge", "\\neq")


def has_relation(text: str) -> bool:
    """Does a span's text have a sign of a relation (a step to check)?"""
    return any(h in text for h in _REL_HINTS)


def left_unchecked(check: Any, spans: list[Span] | None, k: int, reason: str, code: Reason = Reason.OTHER) -> None:
    """For ``check`` (a ``lnsym.check.pipeline._KeyCheck``), the budget ran out in span ``k`` of ``spans`` (None:
    before the spans were found): the steps of its statements not yet decided are unchecked with ``reason``, and so
    is each later span that has a relation (one finding each, not one a step: reading their statements would take
    the time there is not; past :data:`MAX_LEFT_SPANS` of them, one finding for the rest)."""
    if spans is None:
        spans = spans_in_grace(check.text)
        if spans is None:  # not even the math spans could be found: the whole text
            check.add(0, len(check.text), "", Judgement("unchecked", "", reason, code=code), 0)
            check.findings[-1] = replace(check.findings[-1], source=" ".join(check.text[:60].split()) + "...")
            return
    if check.progress is not None and k < len(spans) and check.progress[0] is spans[k]:
        span, parsed, j, n = check.progress
        del check.findings[n:]  # the statement stopped may have some of its steps
        for st, _, _, sources, rels, _ in parsed[j:]:
            for i, rel in enumerate(rels):
                if sources[i].strip() and sources[i + 1].strip():
                    check.add(span.start + st.terms[i][0].start, span.start + st.terms[i + 1][-1].end, rel,
                              Judgement("unchecked", "", reason, code=code), span.paragraph)
        k += 1
    left = [span for span in spans[k:] if has_relation(span.text)]
    for span in left[:MAX_LEFT_SPANS]:
        check.add(span.start, span.start + len(span.text), "", Judgement("unchecked", "", reason, code=code),
                  span.paragraph)
    if len(left) > MAX_LEFT_SPANS:
        rest, last = left[MAX_LEFT_SPANS], left[-1]
        why = f"{reason} ({len(left) - MAX_LEFT_SPANS:,} spans, to line {check.lines.line_of(last.start)})"
        check.add(rest.start, last.start + len(last.text), "", Judgement("unchecked", "", why, code=code),
                  rest.paragraph)
        check.findings[-1] = replace(check.findings[-1], source=" ".join(rest.text[:60].split()) + "...")

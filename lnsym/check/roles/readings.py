"""One reading of the notation per text: the unit of an angle written without one, the base of a ``\\log`` written
without one, a lone percent against a plain number (a hundredth, ``0.5 = 50\\%``, or a label, ``20\\% = 20``).

A judge decides a step alone, under whichever reading makes it hold (``\\sin 90 = 1`` in degrees, ``\\sin 1 \\approx
0.8415`` in radians). A text keeps to one reading throughout: once its steps hold only in degrees, a later step that
holds only in radians (``\\sin(90) \\approx 0.894``) is no evidence of anything, and proving it would pass a slip
whichever of the two the slip is. Such a step is ``unchecked``, and its reason names the step that fixed the reading.
The judge says under which readings each step holds (:func:`~lnsym.check.judges.arithmetic.held_readings`, the
finding's ``held``); this module only compares them, in the order of the text.

A text may also say its convention in words ("$\\theta = 2$ radians", "here $\\log$ is the natural logarithm", "in
bits"): then that reading is the only one from the start, and a step that holds only under another (``\\sin 2 \\approx
0.0349``, true in degrees) is ``unchecked`` with the words named (:func:`stated_readings`). A text that names two
readings of one convention ("30 degrees is $\\pi/6$ radians") states neither.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import NamedTuple

from lnsym.check.findings import Evidence, Finding, Verdict
from lnsym.check.reasons import Reason

__all__ = ["one_reading", "stated_readings"]

# The words that state a reading; the readings' names are those of lnsym.check.judges.arithmetic._CONVENTIONS.
class _Stated(NamedTuple):
    convention: str  # "angles" or "log"
    reading: str
    words: re.Pattern


_STATED = (
    _Stated("angles", "angles in radians", re.compile(r"\bradians?\b", re.IGNORECASE)),
    _Stated("angles", "angles in degrees",
            re.compile(r"\bdegrees?\b(?! of (?:freedom|a polynomial|the polynomial))", re.IGNORECASE)),
    _Stated("log", "the natural \\log",
            re.compile(r"\bnatural log(?:arithms?|s)?\b|\bnats\b|\\log\s*=\s*\\ln\b", re.IGNORECASE)),
    # (`\log = \log_2`: the base written as the definition of \log)
    _Stated("log", "\\log in base 10",
            re.compile(r"\\log\s*=\s*\\log_\{?10\b|\b(?:common|decimal) log(?:arithms?|s)?\b"
                       r"|\blog(?:arithms?|s)? (?:in |to )?base[- ]?10\b", re.IGNORECASE)),
    _Stated("log", "\\log in base 2",
            re.compile(r"\\log\s*=\s*\\log_\{?2\b|\bbinary log(?:arithms?|s)?\b"
                       r"|\blog(?:arithms?|s)? (?:in |to )?base[- ]?2\b|\bin bits\b", re.IGNORECASE)),
)


def stated_readings(text: str) -> dict[str, tuple[frozenset[str], str]]:
    """The readings ``text`` states in words, by convention, each with the words as they are quoted in a reason
    (``{"angles": ({"angles in radians"}, "the text says 'radians'")}``); a convention whose words name two readings
    is left out."""
    said: dict[str, dict[str, str]] = {}
    for convention, reading, words in _STATED:
        m = words.search(text)
        if m is not None:
            said.setdefault(convention, {})[reading] = m.group(0)
    return {convention: (frozenset(readings), f"the text says '{next(iter(readings.values()))}'")
            for convention, readings in said.items() if len(readings) == 1}


def one_reading(findings: list[Finding], text: str = "") -> list[Finding]:
    """The findings of a key (in the text's order) with each ``correct`` or ``imprecise`` step that holds only under
    readings the steps before it, or the words of ``text`` (:func:`stated_readings`), exclude made ``unchecked``
    (:data:`Reason.OTHER_READING`)."""
    # convention -> readings left, and what left them (the step, or the text's words)
    allowed: dict[str, tuple[frozenset[str], Finding | str]] = dict(stated_readings(text)) if text else {}
    out = []
    for f in findings:
        if f.verdict in (Verdict.CORRECT, Verdict.IMPRECISE):
            for convention, held in f.held:
                left = allowed.get(convention)
                both = held if left is None else left[0] & held
                if both:
                    if left is None or both != left[0]:  # (f narrowed what the text allows: it is the one to name)
                        allowed[convention] = (both, f)
                    continue
                by, readings = left[1], " or ".join(sorted(left[0]))
                fixed = f"{by} ({readings})" if isinstance(by, str) else \
                    f"{by.line}:{by.column} ({by.source}) holds only with {readings}"
                f = replace(f, verdict=Verdict.UNCHECKED, expected="", evidence=Evidence(), code=Reason.OTHER_READING,
                            reason=f"holds only with {' or '.join(sorted(held))}, but {fixed}; a text reads its "
                                   "notation one way throughout")
                break
        out.append(f)
    return out

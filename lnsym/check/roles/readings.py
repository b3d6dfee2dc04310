"""One reading of the notation per text: the unit of an angle written without one, the base of a ``\\log`` written
without one, a lone percent against a plain number (a hundredth, ``0.5 = 50\\%``, or a label, ``20\\% = 20``).

A judge decides a step alone, under whichever reading makes it hold (``\\sin 90 = 1`` in degrees, ``\\sin 1 \\approx
0.8415`` in radians). A text keeps to one reading throughout: once its steps hold only in degrees, a later step that
holds only in radians (``\\sin(90) \\approx 0.894``) is no evidence of anything, and proving it would pass a slip
whichever of the two the slip is. Such a step is ``unchecked``, and its reason names the step that fixed the reading.
The judge says under which readings each step holds (:func:`~lnsym.check.judges.arithmetic.held_readings`, the
finding's ``held``); this module only compares them, in the order of the text.
"""

from __future__ import annotations

from dataclasses import replace

from lnsym.check.findings import Evidence, Finding, Verdict
from lnsym.check.reasons import Reason

__all__ = ["one_reading"]


def one_reading(findings: list[Finding]) -> list[Finding]:
    """The findings of a key (in the text's order) with each ``correct`` or ``imprecise`` step that holds only under
    readings the steps before it exclude made ``unchecked`` (:data:`Reason.OTHER_READING`)."""
    allowed: dict[str, tuple[frozenset[str], Finding]] = {}  # convention -> readings left, and the step that left them
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
                shown = f"{left[1].line}:{left[1].column} ({left[1].source})"
                f = replace(f, verdict=Verdict.UNCHECKED, expected="", evidence=Evidence(), code=Reason.OTHER_READING,
                            reason=f"holds only with {' or '.join(sorted(held))}, but {shown} holds only with "
                                   f"{' or '.join(sorted(left[0]))}; a text reads its notation one way throughout")
                break
        out.append(f)
    return out

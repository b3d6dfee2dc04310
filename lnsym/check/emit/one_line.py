"""One line per finding, for the formats that annotate a file (``github``, ``sarif``).

These formats show a wrong step where it is; the line says what is wrong and what was expected,
without the grouping of the text format. Only findings a reader must act on are annotated:
``wrong`` and ``error`` (lnsym failed on the step: the results are incomplete, exit code 4) as
errors, ``imprecise`` as a warning. ``correct``, ``unchecked`` and ``defined`` steps are not annotated:
a key has dozens of definitions and steps lnsym does not read, and annotations are for what needs a change
(``--format json`` lists every step).
"""

from __future__ import annotations

from lnsym.check.emit.text import position
from lnsym.check.findings import FileReport, Finding

__all__ = ["ANNOTATED", "TITLES", "annotated", "message"]

# verdict -> severity of the annotation
ANNOTATED = {"wrong": "error", "error": "error", "imprecise": "warning"}
TITLES = {"wrong": "lnsym: wrong step", "error": "lnsym failed on this step", "imprecise": "lnsym: imprecise step"}


def annotated(report: FileReport) -> list[Finding]:
    return [f for f in report.findings if f.verdict.value in ANNOTATED]


def message(f: Finding) -> str:
    """``wrong: 2+2=5; expected 4 (...)``: the verdict, the step, the right value, the reason."""
    text = f"{f.verdict.value}: {f.source}"
    if f.expected:
        text += f"; expected {f.expected}"
    if f.reason:
        text += f" ({f.reason})"
    if f.evidence.substitutions:
        text += "; with " + ", ".join(map(str, f.evidence.substitutions))
    if f.cell is not None:
        text = f"{position(f)}: {text}"
    return text

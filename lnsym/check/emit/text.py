"""The plain-text rendering of a check: findings grouped by file and paragraph, then the counts."""

from __future__ import annotations

from lnsym.check.file_names import shown
from lnsym.check.findings import SEVERITY_ORDER, FileReport, Finding, KeyReport

__all__ = ["counts", "describe", "position", "render_file", "render_text"]


def _short(text: str, width: int = 90) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def position(f: Finding) -> str:
    """``line:column``, or ``cell N:line:column`` in a notebook (the line is then the cell's)."""
    return (f"cell {f.cell}:" if f.cell is not None else "") + f"{f.line}:{f.column}"


def describe(f: Finding) -> str:
    """One line for one finding (two for a wrong or imprecise one): mark, position, step, what to know."""
    head = f"{f.verdict.mark} {position(f)}  {_short(f.source)}"
    if f.verdict.value in ("wrong", "imprecise"):
        lines = [head, f"      {f.verdict.value}: {f.reason or 'expected ' + f.expected}"]
        if f.evidence.substitutions:
            lines.append("      with " + ", ".join(map(str, f.evidence.substitutions)))
        return "\n".join(lines)
    if f.reason:
        return f"{head}  ({f.reason})"
    return head


def counts(summary: dict[str, int]) -> str:
    """``3 correct, 1 wrong, 0 imprecise, 2 unchecked, 0 error``: every verdict, always in this order."""
    return ", ".join(f"{summary.get(v, 0)} {v}" for v in SEVERITY_ORDER)


def render_file(report: FileReport, with_counts: bool = True) -> str:
    lines = [shown(report.path)]
    para = None
    for f in report.findings:
        if (f.cell, f.paragraph) != para:
            para = (f.cell, f.paragraph)
            lines.append(f"  paragraph at {'cell ' + str(f.cell) + ', ' if f.cell is not None else ''}line {f.line}")
        lines.append("    " + describe(f))
    if not report.findings:
        lines.append("  no steps found")
    if with_counts:
        lines.append(f"  {counts(report.summary)}")
    return "\n".join(lines)


def render_text(report: KeyReport) -> str:
    """Findings grouped by file and paragraph, then one closing line of counts (per file too when there
    are several files)."""
    several = len(report.files) + len(report.unreadable) > 1
    parts = [render_file(r, with_counts=several) for r in report.files]
    parts += [f"{shown(path)}\n  ! not read: {shown(reason)}" for path, reason in report.unreadable]
    total = counts(report.summary)
    if several:
        total = f"{len(report.files)} file{'s' if len(report.files) != 1 else ''}: {total}"
    if report.unreadable:
        total += f"; {len(report.unreadable)} not read"
    return "\n\n".join(parts) + "\n" + total

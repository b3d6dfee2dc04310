"""The plain-text rendering of a check: findings grouped by file and paragraph, then the counts."""

from __future__ import annotations

from lnsym.check.findings import FileReport, Finding, KeyReport

__all__ = ["describe", "render_file", "render_text"]


def _short(text: str, width: int = 90) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def describe(f: Finding) -> str:
    """One line for one finding: mark, position, step and what to know about it."""
    head = f"{f.verdict.mark} {f.line}:{f.column}  {_short(f.source)}"
    if f.verdict.value == "wrong":
        return f"{head}\n      wrong: {f.reason or 'expected ' + f.expected}"
    if f.reason:
        return f"{head}  ({f.reason})"
    return head


def _counts(summary: dict[str, int]) -> str:
    return f"{summary['correct']} correct, {summary['wrong']} wrong, {summary['unchecked']} unchecked"


def render_file(report: FileReport) -> str:
    lines = [report.path]
    para = None
    for f in report.findings:
        if f.paragraph != para:
            para = f.paragraph
            lines.append(f"  paragraph at line {f.line}")
        lines.append("    " + describe(f))
    if not report.findings:
        lines.append("  no steps found")
    lines.append(f"  {_counts(report.summary)}")
    return "\n".join(lines)


def render_text(report: KeyReport) -> str:
    """Findings grouped by file and paragraph, then the closing ``N correct, M wrong, K unchecked``."""
    parts = [render_file(r) for r in report.files]
    parts.append(_counts(report.summary))
    return "\n\n".join(parts[:-1]) + "\n" + parts[-1]

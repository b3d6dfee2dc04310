"""Findings to the Language Server Protocol: diagnostics, and the Markdown of a hover.

Pure functions of a finding, the text it was found in and the settings; no server needed.
"""

from __future__ import annotations

import re

from lsprotocol import types as lsp

from lnsym.check.findings import Finding, Verdict
from lnsym.lsp.positions import Lines
from lnsym.lsp.settings import Settings

__all__ = ["SOURCE", "diagnostic", "diagnostics", "findings_at", "hover_markdown", "message", "severity", "span_of"]

SOURCE = "lnsym"


def severity(verdict: Verdict, settings: Settings) -> lsp.DiagnosticSeverity | None:
    """How a verdict is shown; None: not a diagnostic (a correct step, an unchecked one unless the client asked)."""
    if verdict in (Verdict.WRONG, Verdict.ERROR):
        return lsp.DiagnosticSeverity.Error
    if verdict is Verdict.IMPRECISE:
        return lsp.DiagnosticSeverity.Error if settings.strict else lsp.DiagnosticSeverity.Warning
    if verdict is Verdict.UNCHECKED and settings.show_unchecked:
        return lsp.DiagnosticSeverity.Information
    return None


def message(f: Finding) -> str:
    """The reason, and the value expected where lnsym computed one and the reason does not already end with it
    (``2+2 = 4``, not ``2+2 = 4; expected 4``); an ``error`` says lnsym failed, not the key."""
    if f.verdict is Verdict.ERROR:
        return f"lnsym failed on this statement (a fault of lnsym, not of the key): {f.reason or 'no reason given'}"
    text = f.reason or f.verdict.value
    if f.expected and not text.endswith(f" {f.expected}"):
        text += f"; expected {f.expected}"
    return text


def span_of(f: Finding, lines: Lines) -> lsp.Range:
    """The statement's range: lnsym's end column is exclusive, as the protocol's end is."""
    start = lines.to_client(f.line, f.column)
    end = lines.to_client(f.end_line, f.end_column)
    return lsp.Range(lsp.Position(*start), lsp.Position(*end))


def _line_range(line: int, lines: Lines) -> lsp.Range:
    """The whole of lnsym's 1-based ``line``."""
    index, end = lines.to_client(line, 10**9)
    return lsp.Range(lsp.Position(index, 0), lsp.Position(index, end))


def diagnostic(f: Finding, lines: Lines, uri: str, settings: Settings) -> lsp.Diagnostic | None:
    level = severity(f.verdict, settings)
    if level is None:
        return None
    related = [lsp.DiagnosticRelatedInformation(lsp.Location(uri, _line_range(s.line, lines)),
                                                f"{s.name} = {s.value}, bound here")
               for s in f.evidence.substitutions if 1 <= s.line <= len(lines.starts)]
    return lsp.Diagnostic(range=span_of(f, lines), message=message(f), severity=level, code=f.verdict.value,
                          source=SOURCE, related_information=related or None)


def diagnostics(findings, lines: Lines, uri: str, settings: Settings) -> list[lsp.Diagnostic]:
    """The diagnostics of a document's findings, in the findings' order."""
    return [d for f in findings if (d := diagnostic(f, lines, uri, settings)) is not None]


def findings_at(findings, lines: Lines, position: lsp.Position) -> list[Finding]:
    """The findings whose statement holds ``position`` (its end included, where a cursor after it stands)."""
    offset = lines.offset(position.line, position.character)
    return [f for f in findings
            if lines.offset_of(f.line, f.column) <= offset <= lines.offset_of(f.end_line, f.end_column)]


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+\-.!|~$])")


def _escaped(text: str) -> str:
    """Prose for Markdown: every character that could start markup escaped, so it shows as written."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def _code(text: str) -> str:
    """An inline code span holding ``text`` as written, whatever backticks it has."""
    text = " ".join(text.split())
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def hover_markdown(f: Finding) -> str:
    """What lnsym found of one statement: verdict and role, the statement, the reason, the expected value, and
    the evidence (the exact value of each side and the values of the names used, with the lines they were bound at).
    The math is shown as the key wrote it, in code spans: a client renders those alike, whatever its math support."""
    head = f"**lnsym: {f.verdict.value}** {f.verdict.mark}"
    if f.role:
        head += f" · {_escaped(f.role)}"
    parts = [head, _code(f.source) if f.source else ""]
    if f.reason:
        parts.append(_escaped(f.reason))
    if f.expected:
        parts.append(f"expected {_code(f.expected)}")
    ev = f.evidence
    if ev.left or ev.right:
        parts.append(f"left side {_code(ev.left or '?')}, right side {_code(ev.right or '?')}")
    if ev.substitutions:
        parts.append("with " + ", ".join(
            _code(f"{s.name} = {s.value}") + (f" (line {s.line})" if s.line else "") for s in ev.substitutions))
    return "\n\n".join(p for p in parts if p)

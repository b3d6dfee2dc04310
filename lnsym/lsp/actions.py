"""Code actions on findings, as workspace edits the user accepts:

- a ``wrong`` step whose right side is a plain number, where lnsym computed the left side's value: the number
  replaced by that value (``2 + 2 = 5`` -> ``2 + 2 = 4``);
- an ``imprecise`` step whose reason is that '=' joins a value and its rounding: the ``=`` turned into ``\\approx``
  in math (``≈`` in prose, where a command would show as typed).

The edits are computed on the text the findings were made from; the server offers them only while the
document is still that version, and names the version in the edit where the client accepts it, so a client
refuses an edit that has gone stale.
"""

from __future__ import annotations

import re

from lsprotocol import types as lsp

from lnsym.check.findings import Finding, Verdict
from lnsym.check.reasons import Reason
from lnsym.lsp.convert import diagnostic
from lnsym.lsp.positions import Lines
from lnsym.lsp.settings import Settings

__all__ = ["code_actions", "in_math", "right_side"]

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
# how each relation may be written in the key, the longest first
_SPELLINGS = {"=": ("=",), "≈": ("\\approx", "≈")}


def right_side(text: str, start: int, end: int, relation: str) -> tuple[int, int, int, int] | None:
    """In the statement ``text[start:end]``: the offsets of its last relation (written as ``relation``) and of the
    plain number right of it, ``(rel_start, rel_end, num_start, num_end)``; None when the right side is not a
    plain number (``-3``, ``0.25``) or the relation is not found."""
    raw = text[start:end]
    best = None
    for spelling in _SPELLINGS.get(relation, ()):
        k = raw.rfind(spelling)
        if k >= 0 and (best is None or k > best[0]):
            best = (k, k + len(spelling))
    if best is None:
        return None
    rest = raw[best[1] :]
    stripped = rest.strip()
    if not _NUMBER.fullmatch(stripped):
        return None
    num_start = start + best[1] + (len(rest) - len(rest.lstrip()))
    return start + best[0], start + best[1], num_start, num_start + len(stripped)


def in_math(text: str, offset: int, plain_text: bool = True) -> bool:
    """Is ``offset`` inside a math span of ``text`` (as the check found them), rather than in prose?"""
    from lnsym.check.spans.math_spans import find_spans
    from lnsym.check.spans.plain_text import mask_currency

    spans = find_spans(mask_currency(text) if plain_text else text)
    return any(s.start <= offset < s.start + len(s.text) for s in spans)


def _range(lines: Lines, a: int, b: int) -> lsp.Range:
    return lsp.Range(lsp.Position(*lines.client_position(a)), lsp.Position(*lines.client_position(b)))


def _edit(uri: str, version: int | None, edits: list[lsp.TextEdit], versioned: bool) -> lsp.WorkspaceEdit:
    if versioned:
        doc = lsp.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version)
        return lsp.WorkspaceEdit(document_changes=[lsp.TextDocumentEdit(text_document=doc, edits=edits)])
    return lsp.WorkspaceEdit(changes={uri: edits})


def _replacement(f: Finding, text: str, lines: Lines, plain_text: bool) -> tuple[str, int, int, str] | None:
    """(title, start, end, new text) of the fix of ``f``, or None."""
    start, end = lines.offset_of(f.line, f.column), lines.offset_of(f.end_line, f.end_column)
    if f.verdict is Verdict.WRONG and f.expected and "\n" not in f.expected and "..." not in f.expected:
        found = right_side(text, start, end, f.relation)
        if found is None:
            return None
        _, _, a, b = found
        # in prose only a number reads as written; in math a LaTeX value (`\frac{4}{3}`) does too
        if not _NUMBER.fullmatch(f.expected) and not in_math(text, a, plain_text):
            return None
        return f"Replace {text[a:b]} with {f.expected} (lnsym)", a, b, f.expected
    if f.verdict is Verdict.IMPRECISE and f.relation == "=" and f.code is Reason.ROUNDING_EQUALS:
        found = right_side(text, start, end, "=")
        if found is None:
            return None
        a, b, _, _ = found
        new = "\\approx" if in_math(text, a, plain_text) else "≈"
        return f"Write {new} for = (lnsym)", a, b, new
    return None


def code_actions(findings, text: str, lines: Lines, uri: str, version: int | None, wanted: lsp.Range,
                 settings: Settings, versioned: bool = True) -> list[lsp.CodeAction]:
    """The quick fixes of the findings that meet the range ``wanted``."""
    lo = lines.offset(wanted.start.line, wanted.start.character)
    hi = lines.offset(wanted.end.line, wanted.end.character)
    out = []
    for f in findings:
        start, end = lines.offset_of(f.line, f.column), lines.offset_of(f.end_line, f.end_column)
        if end < lo or start > hi:
            continue
        fix = _replacement(f, text, lines, settings.plain_text)
        if fix is None:
            continue
        title, a, b, new = fix
        diag = diagnostic(f, lines, uri, settings)
        out.append(lsp.CodeAction(title=title, kind=lsp.CodeActionKind.QuickFix,
                                  diagnostics=[diag] if diag is not None else None, is_preferred=True,
                                  edit=_edit(uri, version, [lsp.TextEdit(_range(lines, a, b), new)], versioned)))
    return out

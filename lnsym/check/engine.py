"""Check a key: read its spans, split them into statements, decide each step, keep the context.

Pure orchestration; the parsing, evaluation and decisions live in their own modules.
A ``meaning`` hook (``meaning(source, left_tree, right_tree, env) -> StepResult | None``) may decide
steps the arithmetic leaves unchecked (for a later LayerNorm-aware vocabulary).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

from lnsym.check.context import Context
from lnsym.check.decide import StatementJob, StepResult
from lnsym.check.latex import ParseError, parse_term
from lnsym.check.lexer import LexError, tokenize
from lnsym.check.model import FileReport, Finding, KeyReport, Verdict
from lnsym.check.reader import LineIndex, find_spans
from lnsym.check.steps import split_statements
from lnsym.check.worker import Worker
from lnsym.errors import InputError

__all__ = ["check_text", "check_paths", "read_key", "MAX_BYTES", "MAX_SPAN"]

MAX_BYTES = 4 * 1024 * 1024
MAX_SPAN = 4_000
_REL_HINTS = ("=", "<", ">", "≈", "≤", "≥", "≠", "\\approx", "\\le", "\\ge", "\\neq")

Meaning = Callable[[str, tuple | None, tuple | None, dict], StepResult | None]


def read_key(path: str | os.PathLike) -> str:
    """The text of a key; :class:`InputError` with a one-line reason when it cannot be read."""
    p = Path(path)
    if str(path) == "-":
        import sys

        data = sys.stdin.buffer.read(MAX_BYTES + 1)
        name = "<stdin>"
    else:
        name = str(path)
        if not p.exists():
            raise InputError(f"{name}: no such file")
        if p.is_dir():
            raise InputError(f"{name}: is a directory, expected a Markdown or LaTeX file")
        try:
            if p.stat().st_size > MAX_BYTES:
                raise InputError(f"{name}: larger than {MAX_BYTES // 1024 // 1024} MB; split the key")
            data = p.read_bytes()
        except OSError as exc:
            raise InputError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_BYTES:
        raise InputError(f"{name}: larger than {MAX_BYTES // 1024 // 1024} MB; split the key")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 (byte {exc.start}); save the key as UTF-8") from None


def _finding(lines: LineIndex, start: int, end: int, text: str, rel: str, res: StepResult, para: int) -> Finding:
    l1, c1 = lines.position(start)
    l2, c2 = lines.position(max(start, end - 1))
    return Finding(l1, c1, l2, c2 + 1, " ".join(text[start:end].split()), rel, Verdict(res.verdict),
                   res.expected, res.reason, para)


def check_text(text: str, path: str = "<text>", worker: Worker | None = None,
               meaning: Meaning | None = None) -> FileReport:
    """Check the key ``text``; one worker may be shared by many calls."""
    if worker is None:
        with Worker() as w:
            return check_text(text, path, w, meaning)
    lines = LineIndex(text)
    contexts: dict[int, Context] = {}
    findings: list[Finding] = []
    for span in find_spans(text):
        base = span.start
        if len(span.text) > MAX_SPAN:
            if any(h in span.text for h in _REL_HINTS):
                res = StepResult("unchecked", "", f"a math span longer than {MAX_SPAN} characters is not checked")
                findings.append(_finding(lines, base, base + len(span.text), text, "", res, span.paragraph))
                findings[-1] = Finding(**{**findings[-1].__dict__, "source": span.text[:60] + "..."})
            continue
        try:
            toks = tokenize(span.text)
        except LexError:
            continue
        ctx = Context(frozen=True) if span.flashcard else contexts.setdefault(span.paragraph, Context())
        for st in split_statements(toks):
            trees, errors, sources = [], [], []
            for term in st.terms:
                src = span.text[term[0].start : term[-1].end] if term else ""
                sources.append(src)
                try:
                    trees.append(parse_term(term) if term else None)
                    errors.append("")
                except ParseError as exc:
                    trees.append(None)
                    errors.append(str(exc))
            rels = [r.value for r in st.rels]
            plan = ctx.plan(trees, rels)
            job = StatementJob(trees, errors, sources, rels, dict(ctx.env), plan.defined, st.poison)
            results, values = worker.run(job)
            ctx.after(plan, values)
            for i, res in sorted(results.items()):
                if res.verdict == "skip":
                    continue
                if res.verdict == "unchecked" and meaning is not None:
                    res = meaning(sources[i] + rels[i] + sources[i + 1], trees[i], trees[i + 1], ctx.env) or res
                start = base + st.terms[i][0].start
                end = base + st.terms[i + 1][-1].end
                findings.append(_finding(lines, start, end, text, rels[i], res, span.paragraph))
    findings.sort(key=lambda f: (f.line, f.column, f.end_line, f.end_column))
    return FileReport(path, tuple(findings), text)


def check_paths(paths: Iterable[str], meaning: Meaning | None = None) -> KeyReport:
    """Check several keys with one worker; :class:`InputError` when one cannot be read."""
    texts = [(("<stdin>" if str(p) == "-" else str(p)), read_key(p)) for p in paths]
    with Worker() as w:
        return KeyReport(tuple(check_text(t, name, w, meaning) for name, t in texts))

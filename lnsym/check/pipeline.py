"""Check a key: read its spans, split them into statements, decide each step, keep the context.

Pure orchestration; the parsing, evaluation and decisions live in their own modules.
A ``meaning`` hook (``meaning(source, left_tree, right_tree, env) -> StepResult | None``) may decide
steps the arithmetic leaves unchecked (for a later LayerNorm-aware vocabulary).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from lnsym.check.findings import Evidence, FileReport, Finding, KeyReport, Verdict
from lnsym.check.judges.evaluate import name_of
from lnsym.check.judges.formulas.formula_reader import FormulaReader
from lnsym.check.judges.judgement import StatementJob, StepResult
from lnsym.check.judges.worker import Worker
from lnsym.check.parse.grammar import ParseError, parse_term
from lnsym.check.parse.lexer import LexError, tokenize
from lnsym.check.parse.statements import split_statements
from lnsym.check.roles.context import Context
from lnsym.check.roles.prose import BASE, hypothetical
from lnsym.check.sources.files import read_key
from lnsym.check.spans.math_spans import LineIndex, find_spans, paragraph_of_lines

__all__ = ["MAX_SPAN", "check_paths", "check_text"]

MAX_SPAN = 4_000
_REL_HINTS = ("=", "<", ">", "≈", "≤", "≥", "≠", "\\approx", "\\le", "\\ge", "\\neq")

Meaning = Callable[[str, tuple | None, tuple | None, dict], StepResult | None]


def _base_names(names) -> set[str]:
    """Context keys as the names a tree mentions (``x_{1}`` is mentioned as ``x`` with a subscript)."""
    return {n for n in names if "_" not in n and "^" not in n}


def _equation(rels: list[str], values: dict) -> object:
    """``first - last`` of an all-``=`` chain with unknowns, else None."""
    import sympy as sp

    from lnsym.check.judges.evaluate import Vec

    first, last = values.get(0), values.get(len(rels))
    if not rels or any(r != "=" for r in rels) or first is None or last is None:
        return None
    if isinstance(first, Vec) or isinstance(last, Vec):
        return None
    diff = first - last
    if not isinstance(diff, sp.Expr) or not 1 <= len(diff.free_symbols) <= 6:
        return None
    if diff.atoms(sp.core.function.AppliedUndef):
        return None
    return diff


def _finding(lines: LineIndex, start: int, end: int, text: str, rel: str, res: StepResult, para: int) -> Finding:
    l1, c1 = lines.position(start)
    l2, c2 = lines.position(max(start, end - 1))
    source = " ".join(text[start:end].replace("\\\\", " ").replace("&", " ").split())
    evidence = Evidence(res.left, res.right) if res.verdict in ("wrong", "imprecise") else Evidence()
    return Finding(l1, c1, l2, c2 + 1, source, rel, Verdict(res.verdict),
                   res.expected, res.reason, para, evidence=evidence)


def _spans(text: str, plain_text: bool) -> list:
    """The math spans of ``text`` and, with ``plain_text``, the arithmetic written in its prose, in order."""
    if not plain_text:
        return find_spans(text)
    from lnsym.check.spans.plain_text import find_plain_spans, mask_currency

    spans = find_spans(mask_currency(text))  # `$3 + $4 = $7` is money, not math between dollars
    return sorted([*spans, *find_plain_spans(text, spans)], key=lambda s: s.start)


def check_text(text: str, path: str = "<text>", worker: Worker | None = None,
               meaning: Meaning | None = None, plain_text: bool = True) -> FileReport:
    """Check the key ``text``; one worker may be shared by many calls. ``plain_text`` (the default) also
    checks the arithmetic written in prose (:mod:`lnsym.check.spans.plain_text`)."""
    if worker is None:
        with Worker() as w:
            return check_text(text, path, w, meaning, plain_text)
    lines = LineIndex(text)
    para_of_line = paragraph_of_lines(text)
    other_base = {para_of_line[lines.line_of(m.start()) - 1] for m in BASE.finditer(text)}
    contexts: dict[int, Context] = {}
    findings: list[Finding] = []
    reader = FormulaReader(text, worker)  # the LayerNorm-aware reading of formulas and words
    for span in _spans(text, plain_text):
        base = span.start
        plain = getattr(span, "tokens", None) is not None  # prose: its tokens are made already
        if len(span.text) > MAX_SPAN:
            if any(h in span.text for h in _REL_HINTS):
                res = StepResult("unchecked", "", f"a math span longer than {MAX_SPAN} characters is not checked")
                findings.append(_finding(lines, base, base + len(span.text), text, "", res, span.paragraph))
                findings[-1] = Finding(**{**findings[-1].__dict__, "source": span.text[:60] + "..."})
            continue
        try:
            toks = list(span.tokens) if plain else tokenize(span.text)
        except LexError:
            continue
        ctx = Context(frozen=True) if span.flashcard else contexts.setdefault(span.paragraph, Context())
        reader.observe(span.paragraph, ctx.env)
        n_before = len(findings)
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
            first = st.terms[0][0].start if st.terms[0] else (st.rels[0].start if st.rels else 0)
            plan = ctx.plan(trees, rels, hypothetical(text, span, first))
            name_chain = trees[0] is not None and name_of(trees[0]) is not None and rels[0] == "="
            poison = st.poison or ("numbers may be in another base" if span.paragraph in other_base else "")
            job = StatementJob(trees, errors, sources, rels, dict(ctx.env), plan.defined, poison,
                               name_chain=name_chain, approx=dict(ctx.approx), previous=ctx.last_equation,
                               computed=frozenset(_base_names(n for n, k in ctx.kind.items() if k == "derived")))
            results, values = worker.run(job)
            ctx.after(plan, values)
            ctx.last_equation = _equation(rels, values) if not span.flashcard else None
            for i, res in sorted(results.items()):
                if res.verdict == "skip":
                    continue
                if res.verdict == "unchecked" and plain:
                    pass  # the LayerNorm-aware reading is for math spans
                elif res.verdict == "unchecked" and meaning is not None:
                    res = meaning(sources[i] + rels[i] + sources[i + 1], trees[i], trees[i + 1], ctx.env) or res
                elif res.verdict == "unchecked":
                    res = reader.step(span.paragraph, base + first, sources[i], sources[i + 1], rels[i],
                                      (trees[i], trees[i + 1]), values, i, ctx.env) or res
                start = base + st.terms[i][0].start
                end = base + st.terms[i + 1][-1].end
                findings.append(_finding(lines, start, end, text, rels[i], res, span.paragraph))
        if plain:
            continue
        prose = text[max(0, span.outer[0] - 40) : span.outer[0]]  # "Deviations: $[-2,0,0,2]$"
        wrong = any(f.verdict is Verdict.WRONG for f in findings[n_before:])
        for s0, s1, res in reader.words(span.paragraph, prose, span.text, ctx.env, base, wrong):
            findings.append(_finding(lines, base + s0, base + s1, text, "", res, span.paragraph))
    for s0, s1, res in reader.declaration_findings():
        findings.append(_finding(lines, s0, s1, text, "", res, para_of_line[lines.line_of(s0) - 1]))
    findings.sort(key=lambda f: (f.line, f.column, f.end_line, f.end_column))
    return FileReport(path, tuple(findings), text)


def check_paths(paths: Iterable[str], meaning: Meaning | None = None, plain_text: bool = True) -> KeyReport:
    """Check several keys with one worker; :class:`InputError` when one cannot be read."""
    texts = [(("<stdin>" if str(p) == "-" else str(p)), read_key(p)) for p in paths]
    with Worker() as w:
        return KeyReport(tuple(check_text(t, name, w, meaning, plain_text) for name, t in texts))

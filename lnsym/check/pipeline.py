"""Check a key: spans -> statements -> roles -> judges -> findings.

Pure orchestration; the parsing, the roles, the judges and the findings live in their own packages.
A ``meaning`` hook (``meaning(source, left_tree, right_tree, env) -> Judgement | None``) may decide
steps the arithmetic leaves unchecked; the LayerNorm-aware reading (:mod:`~lnsym.check.judges.formulas`)
plugs in at the same place by default.

Time is bounded per step (the worker), per file and per run (:mod:`lnsym.check.budget`); a file's budget covers
every stage, from finding its math to the judges, and what is left when it runs out is ``unchecked`` with its
reason (:mod:`lnsym.check.left_unchecked`). A fault of lnsym while checking one span, or one file, becomes a
finding there (``error``, or ``unchecked`` "too deeply nested" for a ``RecursionError``) and the rest goes on: a
report is always produced. What a statement is checked as is in :mod:`lnsym.check.statement_check`; what the
verdicts become once the text around them is read, in :mod:`lnsym.check.roles.rules`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from lnsym.check.budget import Deadline, OutOfTime, code_of, stopping
from lnsym.check.findings import Evidence, FileReport, Finding, Substitution, Verdict, report_once
from lnsym.check.judges.formulas.formula_reader import FormulaReader
from lnsym.check.judges.judgement import Judgement, crashed
from lnsym.check.judges.numbers.evaluate import name_of
from lnsym.check.judges.worker import Worker
from lnsym.check.left_unchecked import has_relation, left_unchecked
from lnsym.check.paragraphs import EarlierParagraphs
from lnsym.check.parse.lexer import LexError, Token, tokenize
from lnsym.check.parse.statements import split_statements
from lnsym.check.roles.around import joined_before, remainder_after
from lnsym.check.roles.context import Context
from lnsym.check.roles.conventions import Conventions
from lnsym.check.roles.cues import BASE, E_NAMED, MATRICES_NAMED
from lnsym.check.roles.index_scope import IndexScopes
from lnsym.check.roles.notation import defined_notation, may_define, value_for_pi
from lnsym.check.roles.rules import after_key
from lnsym.check.sources.line_ends import unify_line_ends
from lnsym.check.spans.key_spans import key_spans
from lnsym.check.spans.math_spans import LineIndex, Span, paragraph_of_lines
from lnsym.check.statement_check import check_statement, parse_statement, update_without_equals

__all__ = ["MAX_SPAN", "Meaning", "check_text"]

MAX_SPAN = 4_000

Meaning = Callable[[str, tuple | None, tuple | None, dict], Judgement | None]


class _KeyCheck(EarlierParagraphs):
    """Checking one key: the contexts of its paragraphs, the formula reader, and the findings so far."""

    def __init__(self, text: str, path: str, worker: Worker, meaning: Meaning | None, plain_text: bool,
                 conventions: Conventions | None = None, resume=None) -> None:
        self.text, self.path, self.worker, self.meaning, self.plain_text = text, path, worker, meaning, plain_text
        self.resume = resume  # (lnsym.lsp.incremental.Memo: the state an earlier check of the same text reached)
        self.lines = LineIndex(text)
        self.para_of_line = paragraph_of_lines(text)
        self.conventions = conventions
        self.contexts: dict[int, Context] = {}
        self._sections: dict[int, int] | None = None  # paragraph -> section (made on first use)
        self._binders: dict[str, list[int]] | None = None  # name -> paragraphs that bound it (made on first use)
        self._changers: tuple[int, list[int]] | None = None  # the paragraphs that changed a name (found as asked)
        self.findings: list[Finding] = []
        self.operations: dict[str, tuple] = {}  # operations the key defines (`a \\star b = 2a + b`)
        # the end of the last copy of each step written so far, by section (roles.context_words): a copy proved by its
        # context is proved only where the words since the last one change nothing
        self.copies: dict[tuple[int, str], int] = {}
        self.maths: list[tuple[int, int]] = []
        self.reader: FormulaReader | None = None
        # the span being checked, its statements, the next of them and the findings before it (left_unchecked)
        self.progress: tuple[Span, list, int, int] | None = None

    def read(self) -> list[Span]:
        """What the whole text says (its conventions, the paragraphs in another base), and its spans."""
        text, conventions = self.text, self.conventions
        self.other_base = {self.para_of_line[self.lines.line_of(m.start()) - 1] for m in BASE.finditer(text)}
        low = text.lower()
        self.moduli_named = "mathbb" in text or "mod" in low or "clock" in low or "congruen" in low \
            or "residue" in low  # (a cheap test before prose_modulus)
        self.matrices_named = MATRICES_NAMED.search(text) is not None  # `I + J_1`: the identity and a matrix
        if conventions is None:  # (a record's were read from its whole text, this one's included)
            conventions = Conventions.of(text, notation=False)
        self.floor_named = conventions.floor_brackets  # `[x]` may then be the greatest integer in x
        # `e^{-1}` is Euler's number in a comparison too, unless the text (the whole record) uses e as a name
        self.constants = frozenset({"e"}) if conventions.euler else frozenset()
        self.e_named = E_NAMED.search(text) is not None  # `e^2` may not be Euler's number: the text names e
        self.defines_star = conventions.star_defined
        self.residue_symbols = conventions.residue_symbols  # `\\left(\\frac{2}{11}\\right)` may be a Legendre symbol
        # `let $\\boxed{n}$ denote ...`: symbols lnsym cannot read here (the record's, then this text's own)
        self.notation: dict[tuple[str, str], str] = dict(conventions.notation)
        # the decimal mark (`2,5`, `12.500`): that of the solution this text is a step of, else (None) its own,
        # read with its spans in run()
        self.decimal_mark = conventions.decimal_mark
        self.functions = conventions.functions  # `\\sigma(x)`: the sigmoid, where the text says so
        self.transpose_t = conventions.transpose_t  # `x^T`: the transpose, where T is nothing else
        self.names_delta = conventions.names_delta  # `\delta x`: δ times x, where the text names δ
        self.may_define = may_define(text)
        self.reader = FormulaReader(text, self.worker)  # the LayerNorm-aware reading of formulas and words
        self.index_scopes = IndexScopes(text)  # the sizes of vectors each section gives (index notation)
        spans, self.decimal_mark = key_spans(self.text, self.plain_text, self.path, self.decimal_mark)
        return spans

    def run(self) -> FileReport:
        # one budget over every stage: reading the text, each span's statements and the prose around them, the
        # judges (which keep it themselves, step by step); what is left when it runs out is not checked
        deadline, spans, k = self.worker.deadline, None, 0
        try:
            with stopping(deadline):
                spans = self.read()
                self.maths = sorted(s.outer for s in spans if s.outer[1])  # (roles.context_words: the prose between)
                k = self.first_span(spans)
                for span in spans[k:]:
                    if self.late():  # (where no signal can stop a stage: outside the main thread)
                        raise OutOfTime
                    if self.before_span(spans, k):
                        break  # the rest is what an earlier check of the same text found, moved by the edit
                    try:
                        self.span(span)
                    except Exception as exc:  # lnsym's fault on this span (or a RecursionError): say so there, go on
                        self.add(span.start, span.start + len(span.text), "", crashed(exc, "checking this span"),
                                 span.paragraph)
                    k += 1  # (the spans before k are done)
                else:
                    if self.resume is not None:
                        self.resume.finish(self)
        except OutOfTime:
            left_unchecked(self, spans, k, deadline.reason(), code_of(deadline))
        for s0, s1, res in self.reader.declaration_findings() if self.reader is not None else ():
            self.add(s0, s1, "", res, self.para_of_line[self.lines.line_of(s0) - 1])
        self.findings.sort(key=lambda f: (f.line, f.column, f.end_line, f.end_column))
        self.findings = after_key(self.findings, self.text, self.lines)
        self.findings = list(report_once(self.findings))
        return FileReport(self.path, tuple(self.findings), self.text)

    def first_span(self, spans: list[Span]) -> int:
        """The first span to check: 0, or, resuming (:mod:`lnsym.lsp.incremental`), the first span whose state
        an earlier check of the same text did not reach."""
        if self.resume is None:
            return 0
        self._binders = self._changers = None  # the contexts restored bind (and change) other names
        return self.resume.restore(self, spans)

    def before_span(self, spans: list[Span], k: int) -> bool:
        """Keep the state before span ``k`` for the next check (resuming); True: the check is over, its findings
        are complete (the state is the one an earlier check had there, :mod:`lnsym.lsp.incremental`)."""
        return self.resume is not None and self.resume.keep(self, spans, k)

    def add(self, start: int, end: int, rel: str, res: Judgement, para: int, role: str = "",
            substitutions: tuple[Substitution, ...] = ()) -> None:
        l1, c1 = self.lines.position(start)
        l2, c2 = self.lines.position(max(start, end - 1))
        source = " ".join(self.text[start:end].replace("\\\\", " ").replace("&", " ").split())
        refuted = res.verdict in (Verdict.WRONG, Verdict.IMPRECISE)
        evidence = Evidence(res.left, res.right, substitutions) if refuted else Evidence()
        self.findings.append(Finding(l1, c1, l2, c2 + 1, source, rel, Verdict(res.verdict), res.expected, res.reason,
                                     para, role, evidence, code=res.code, held=res.held))

    def late(self) -> bool:
        return self.worker.deadline is not None and self.worker.deadline.expired()

    # -- spans ----------------------------------------------------------------------------------
    def span(self, span: Span) -> None:
        base = span.start
        if len(span.text) > MAX_SPAN:
            if has_relation(span.text):
                res = Judgement("unchecked", "", f"a math span longer than {MAX_SPAN} characters is not checked")
                self.add(base, base + len(span.text), "", res, span.paragraph)
                self.findings[-1] = replace(self.findings[-1], source=span.text[:60] + "...")
            return
        plain = getattr(span, "tokens", None) is not None  # prose arithmetic: its tokens are made already
        try:
            toks = list(span.tokens) if plain else tokenize(span.text, comma=self.decimal_mark == "comma")
        except LexError:
            return
        if self.defines_star and not plain:  # "Define $a * b = 2a - b$": here `*` is that operation, not a product
            toks = [Token("CMD", "*", t.start, t.end) if (t.kind, t.value) in (("SYM", "*"), ("CMD", "ast")) else t
                    for t in toks]
        if self.may_define and not plain:
            defined = defined_notation(self.text, span, toks)
            if defined is not None:
                self.notation.setdefault(*defined)
        # `\pi = 0.3`: from here on π is the text's own name (this statement too); `\pi = \frac{22}{7}`: the value it
        # takes for π from the next span on (this one is the approximation it chooses, rules.value_taken_for_pi)
        given = value_for_pi(toks) if not plain and toks and toks[0].value == "pi" else None
        if given is not None and given[2]:
            self.notation.setdefault(*given[:2])
        ctx = Context(frozen=True) if span.flashcard else self.contexts.setdefault(span.paragraph, Context())
        self.reader.observe(span.paragraph, ctx.env)
        n_before = len(self.findings)
        statements = split_statements(toks)
        if not statements and not plain and not span.flashcard:
            update_without_equals(self, span, ctx)  # (`w \leftarrow 0.8`: no statement, a new value)
        if statements and not plain and joined_before(self.text, span.outer[0]):
            statements[0].terms[0] = []  # its first step is skipped, as after a leading `=`
        parsed = [parse_statement(st, span.text, self.functions, self.transpose_t, prose=plain,
                                  names_delta=self.names_delta)
                  for st in statements]
        self.progress = (span, parsed, 0, len(self.findings))
        # the names each statement binds (`x = ...`): an earlier statement of the span that mentions one
        # of them is solving for it
        binds = [name_of(p[1][0]) if p[1][0] is not None and p[4][:1] == ["="] else None for p in parsed]
        remainder = remainder_after(self.text, span.outer[1])  # (the span's last statement's)
        for k, statement in enumerate(parsed):
            if self.late():
                raise OutOfTime
            self.progress = (span, parsed, k, len(self.findings))
            later = {n for n in binds[k + 1 :] if n is not None}
            check_statement(self, span, ctx, statement, later, remainder if k == len(parsed) - 1 else "")
        self.progress = (span, parsed, len(parsed), len(self.findings))
        if given is not None:
            self.notation.setdefault(*given[:2])
        if self.late():
            return
        if plain:
            return  # the words of the LayerNorm-aware reading are read around math spans
        prose = self.text[max(0, span.outer[0] - 40) : span.outer[0]]  # "Deviations: $[-2,0,0,2]$"
        wrong = any(f.verdict is Verdict.WRONG for f in self.findings[n_before:])
        for s0, s1, res in self.reader.words(span.paragraph, prose, span.text, ctx.env, base, wrong):
            self.add(base + s0, base + s1, "", res, span.paragraph)
        if any(f.verdict is Verdict.WRONG for f in self.findings[n_before:]):
            ctx.last_result = None  # a value already reported wrong is not reported again where it is restated


def check_text(text: str, path: str = "<text>", worker: Worker | None = None, meaning: Meaning | None = None,
               deadline: Deadline | None = None, plain_text: bool = True,
               conventions: Conventions | None = None, resume=None) -> FileReport:
    """Check the key ``text``; one worker may be shared by many calls. With a ``deadline`` (else the
    worker's own, if it has one), the steps left when it passes are ``unchecked`` with its reason.
    ``plain_text`` (the default) also checks the arithmetic written in prose
    (:mod:`lnsym.check.spans.plain_text`). ``conventions`` are those of a larger text the key is part of
    and that includes it (a step of a solution: :class:`~lnsym.check.roles.conventions.Conventions`); by
    default, the key's own. ``resume`` (an :class:`lnsym.lsp.incremental.Memo`) keeps the states the check
    reaches, starts it from the last one an earlier check reached that holds for ``text``, and stops it where its
    state is again that earlier check's (the rest of the findings are then that check's); the findings are the
    same."""
    if worker is None:
        with Worker() as w:
            return check_text(text, path, w, meaning, deadline, plain_text, conventions, resume)
    text = unify_line_ends(text)  # a step of a dataset or a text from the API, not read by read_key
    before = worker.deadline
    worker.deadline = deadline if deadline is not None else before
    try:
        return _KeyCheck(text, path, worker, meaning, plain_text, conventions, resume).run()
    except Exception as exc:  # a fault outside every span: one finding for the file, never a traceback
        res = crashed(exc, "checking this file")
        return FileReport(path, (Finding(1, 1, 1, 1, "", "", Verdict(res.verdict), "", res.reason),), text)
    finally:
        worker.deadline = before

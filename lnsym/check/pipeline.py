"""Check a key: spans -> statements -> roles -> judges -> findings.

Pure orchestration; the parsing, the roles, the judges and the findings live in their own packages.
A ``meaning`` hook (``meaning(source, left_tree, right_tree, env) -> StepResult | None``) may decide
steps the arithmetic leaves unchecked; the LayerNorm-aware reading (:mod:`~lnsym.check.judges.formulas`)
plugs in at the same place by default.

Time is bounded per step (the worker), per file and per run (:mod:`lnsym.check.budget`); a file's budget covers
every stage, from finding its math to the judges, and what is left when it runs out is ``unchecked`` with its
reason (:meth:`_KeyCheck.out_of_time`). A fault of
lnsym while checking one span, or one file, becomes a finding there (``error``, or ``unchecked`` "too
deeply nested" for a ``RecursionError``) and the rest goes on: a report is always produced.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from lnsym.check.budget import FILE_SECONDS, RUN_SECONDS, Deadline, OutOfTime, RunBudget, paused, stopping
from lnsym.check.findings import Evidence, FileReport, Finding, KeyReport, Substitution, Verdict, report_once
from lnsym.check.judges.arithmetic import NO_COMMON_SOLUTION, decide_pair, shown, symbolic_bounds
from lnsym.check.judges.consequences import Inequality
from lnsym.check.judges.evaluate import Vec, bound_names, mentions, name_of, op_name, operation_key, tree_names
from lnsym.check.judges.exact import free_of, holds_at
from lnsym.check.judges.formulas.formula_reader import FormulaReader
from lnsym.check.judges.judgement import StatementJob, StepResult, failure
from lnsym.check.judges.modular import modular_reason
from lnsym.check.judges.precision import decimals_in
from lnsym.check.judges.rounding import cut_inside, literal_of
from lnsym.check.judges.worker import Worker
from lnsym.check.parse.grammar import ParseError, parse_term
from lnsym.check.parse.lexer import LexError, Token, tokenize
from lnsym.check.parse.statements import split_statements
from lnsym.check.roles.context import PARTNER, Context, is_literal
from lnsym.check.roles.conventions import Conventions, residue_symbol
from lnsym.check.roles.cues import (
    BASE,
    approximate,
    called_false,
    concludes,
    derives,
    discarded,
    hypothetical,
    opens_case,
    opens_hypothesis,
    other_number_system,
    prose_modulus,
    reductio,
    rejected,
    rounded_to_a_unit,
    trial,
    under_hypothesis,
    worked_out_at_once,
)
from lnsym.check.roles.notation import defined_notation, may_define, uses_notation
from lnsym.check.roles.statement_roles import apply_role, role_of
from lnsym.check.sources.files import read_key
from lnsym.check.sources.line_ends import unify_line_ends
from lnsym.check.spans.math_spans import LineIndex, Span, find_spans, paragraph_of_lines
from lnsym.check.spans.plain_text import decimal_mark, find_plain_spans, mask_currency

__all__ = ["MAX_SPAN", "check_paths", "check_text"]

MAX_SPAN = 4_000
# A line that starts a new section, where names bound before it no longer hold: a heading, a problem or a solution
_SECTION = re.compile(r"^[ \t]*(?:#{1,6}[ \t]|\\(?:sub)*section\*?\{|\\begin\{(?:problem|exercise|solution)\}|"
                      r"\**(?:Problem|Exercise|Solution|Question|Example)\b)", re.MULTILINE)
# Seconds to find a file's math spans, once its budget has run out before they were found: each then gets its
# finding "not checked" (4 MiB of solutions takes 2 s to read with the arithmetic in its prose, a tenth to find
# the math spans alone)
SPANS_GRACE = 0.5
# Spans left when the budget ran out that get a finding each; the rest are one finding, which says how many (a
# finding costs time to make and to print: 150,000 took 2 s to make and more to print, past the budget's end)
MAX_LEFT_SPANS = 1_000
_REL_HINTS = ("=", "<", ">", "≈", "≤", "≥", "≠", "\\approx", "\\le", "\\ge", "\\neq")

# `\(1121 \div 243 = 4\) remainder \(133\)`: the remainder of the span's last step, written after the math
_REMAINDER_AFTER = re.compile(
    r"[ \t]*,?[ \t]*\(?(?:with |and )?(?:a )?remainder(?: of)?:?[ \t]*(?:\\\(|\$)?[ \t]*(\d{1,12})\b")

# "$\frac23$ of $27 = 18$", "3 times $4 = 12$", "12 divided by $4 = 3$", "half of $20 = 10$", "twice $4 = 8$": prose
# that ends in a quantity and a word joining it to the next operand begins an expression, and the math that follows
# is its right part, so the math's first term is not the whole left side. After a noun ("the sum of $3 + 4 = 7$",
# "the roots $r$ of $x^2 - 1 = 0$", "divisible by $7^2 = 49$") the math is whole
_JOINER = re.compile(r"(?i)(?:(?<![\w\\])(?:of|times|plus|minus|over)|\b(?:divided|multiplied)[ \t]+by)[ \t\n]*$")
_TWICE = re.compile(r"(?i)(?<![\w\\])(?:twice|thrice)[ \t\n]*$")
_QUANTITY = re.compile(
    r"(?i)(?:\d%?|(?<![\w\\])(?:half|halves|thirds?|quarters?|fourths?|fifths?|double|triple))[ \t\n]*$")
_MATH_BEFORE = re.compile(r"(?:\$([^$]{1,40})\$|\\\((.{1,40}?)\\\))[ \t\n]*$")
_NUMERIC_MATH = re.compile(r"(?:[\d\s.,{}/]|\\[dt]?frac|\\%)+")


def _joined_before(text: str, start: int) -> bool:
    """Does the prose before offset ``start`` end in a quantity and a word joining it to what follows?"""
    before = text[max(0, start - 80) : start]
    if _TWICE.search(before):
        return True
    joiner = _JOINER.search(before)
    if joiner is None:
        return False
    before = before[: joiner.start()]
    if _QUANTITY.search(before):
        return True
    math = _MATH_BEFORE.search(before)  # a number in math: $\frac{2}{3}$, \(50\%\)
    return math is not None and _NUMERIC_MATH.fullmatch((math.group(1) or math.group(2)).strip()) is not None


Meaning = Callable[[str, tuple | None, tuple | None, dict], StepResult | None]


def _base_names(names) -> set[str]:
    """Context keys as the names a tree mentions (``x_{1}`` is mentioned as ``x`` with a subscript)."""
    return {n for n in names if "_" not in n and "^" not in n}


def _equation(rels: list[str], values: dict) -> object:
    """``first - last`` of an all-``=`` chain with unknowns, else None."""
    import sympy as sp

    first, last = values.get(0), values.get(len(rels))
    if not rels or any(r != "=" for r in rels) or first is None or last is None:
        return None
    if isinstance(first, Vec) or isinstance(last, Vec):
        return None
    if isinstance(first, sp.Basic) and isinstance(last, sp.Basic) and not (first.free_symbols or last.free_symbols):
        return None  # numbers: their difference has no unknowns either, and a big one costs ms to form
    diff = first - last
    if not isinstance(diff, sp.Expr) or not 1 <= len(diff.free_symbols) <= 6:
        return None
    if diff.atoms(sp.core.function.AppliedUndef):
        return None
    return diff


def _value_for_pi(left: Any, right: Any) -> bool:
    """``\\pi = \\frac{22}{7}``, ``\\pi = 3.14``: π alone on the left and a number within a thousandth of it
    (0.1%) on the right is the approximation a text takes for π ("take π = 22/7"), not a claim about π."""
    import sympy as sp

    if left != ("const", "pi") or not isinstance(right, sp.Basic) or not right.is_number:
        return False
    try:
        return abs(float(right) - 3.141592653589793) < 0.00315
    except (TypeError, ValueError):
        return False


def _parse_statement(st, span_text: str, functions: dict | None = None) -> tuple:
    """A statement's trees (None where a term is not parsed), parse errors, sources, relations, and the
    offset of its first token in the span."""
    trees, errors, sources = [], [], []
    for term in st.terms:
        sources.append(span_text[term[0].start : term[-1].end] if term else "")
        if len(term) == 1 and term[0].kind == "CMD" and term[0].value == "percent":
            trees.append(None)  # "Profit $\% = \frac{90}{450} \times 100$": the percentage the prose names
            errors.append("a percent sign alone names the percentage, as the words before it say")
            continue
        try:
            trees.append(parse_term(term, functions) if term else None)
            errors.append("")
        except ParseError as exc:
            trees.append(None)
            errors.append(str(exc))
        except Exception as exc:  # a bug of the parser: shown as the verdict `error`, never a traceback
            trees.append(None)
            errors.append(failure(exc, "parsing").reason)
    first = st.terms[0][0].start if st.terms[0] else (st.rels[0].start if st.rels else 0)
    return st, trees, errors, sources, [r.value for r in st.rels], first


def _has_unknowns(value: Any) -> bool:
    try:
        return value is not None and not isinstance(value, dict) and bool(free_of(value))
    except Exception:
        return False


def _inline_assignments(trees: list, rels: list[str]) -> bool:
    """``A=1 + B=2 + C=3 = 6``: two or more inner terms of the chain are a number plus a letter (the next
    letter being given its value): a list of values written with '=', not a chain of equal terms."""
    def number_plus_letter(t: Any) -> bool:
        while t is not None and t[0] == "group":
            t = t[1]
        return (t is not None and t[0] == "add" and len(t[1]) == 2 and t[1][0][0] == "num"
                and t[1][1][0] == "sym" and len(t[1][1][1]) == 1 and t[1][1][2] is None)

    return all(r == "=" for r in rels) and sum(number_plus_letter(t) for t in trees[1:-1]) >= 2


def _operation_definition(trees: list, rels: list[str]) -> tuple[str, tuple] | None:
    """``a \\star b = 2a + b``: (``star``, ((``a``, ``b``), the tree of ``2a + b``)), or None."""
    left = trees[0]
    while left is not None and left[0] == "group":
        left = left[1]
    if left is None or left[0] != "op" or not rels or rels[0] != "=" or trees[1] is None:
        return None
    x, y = left[2], left[3]
    if x[0] != "sym" or y[0] != "sym" or x[2] is not None or y[2] is not None or x[1] == y[1]:
        return None
    return left[1], ((x[1], y[1]), trees[1])


def _left_side(source: str, rel: str) -> str:
    """The left term of a step's source, spaces removed (``\\neq`` and ``≠`` alike)."""
    for spelling in ((rel,) if rel != "≠" else ("\\neq", "\\ne", "≠")):
        if spelling in source:
            return "".join(source.split(spelling, 1)[0].split())
    return ""


def _unbound(trees: tuple, env: dict) -> set[str]:
    """Names a step mentions that the paragraph has not bound: unknowns, even when they cancel (``8y - 8 - 8y``
    is an equation in y)."""
    bound = set(env) | {k.split("_", 1)[0] for k in env}
    return {n for t in trees if t is not None for n in _free_names(t)} - bound - {"e", "i"}


def _free_names(tree: tuple) -> set[str]:
    """Names of a tree, but not the index of a sum or a product (``k`` in ``\\sum_{k=1}^{44}``)."""
    if isinstance(tree, tuple) and tree and tree[0] in ("sum", "prod") and len(tree) == 5:
        var = tree[1] if len(tree[1]) == 1 else "\\" + tree[1]
        return _free_names(tree[2]) | _free_names(tree[3]) | (_free_names(tree[4]) - {var})
    if isinstance(tree, tuple) and tree and tree[0] == "sym":
        return tree_names(tree)
    out: set[str] = set()
    for x in tree if isinstance(tree, tuple) else ():
        if isinstance(x, tuple):
            out |= _free_names(x)
    return out


class _KeyCheck:
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
        self.findings: list[Finding] = []
        self.operations: dict[str, tuple] = {}  # operations the key defines (`a \\star b = 2a + b`)
        self.reader: FormulaReader | None = None
        # the span being checked, its statements, the next of them and the findings before it (out_of_time)
        self.progress: tuple[Span, list, int, int] | None = None

    def read(self) -> list[Span]:
        """What the whole text says (its conventions, the paragraphs in another base), and its spans."""
        text, conventions = self.text, self.conventions
        self.other_base = {self.para_of_line[self.lines.line_of(m.start()) - 1] for m in BASE.finditer(text)}
        self.moduli_named = "mathbb" in text or "mod" in text.lower()  # (a cheap test before prose_modulus)
        if conventions is None:  # (a record's were read from its whole text, this one's included)
            conventions = Conventions.of(text, notation=False)
        self.floor_named = conventions.floor_brackets  # `[x]` may then be the greatest integer in x
        # `e^{-1}` is Euler's number in a comparison too, unless the text (the whole record) uses e as a name
        self.constants = frozenset({"e"}) if conventions.euler else frozenset()
        self.defines_star = conventions.star_defined
        self.residue_symbols = conventions.residue_symbols  # `\\left(\\frac{2}{11}\\right)` may be a Legendre symbol
        # `let $\\boxed{n}$ denote ...`: symbols lnsym cannot read here (the record's, then this text's own)
        self.notation: dict[tuple[str, str], str] = dict(conventions.notation)
        # the decimal mark (`2,5`, `12.500`): that of the solution this text is a step of, else (None) its own,
        # read with its spans in run()
        self.decimal_mark = conventions.decimal_mark
        self.functions = conventions.functions  # `\\sigma(x)`: the sigmoid, where the text says so
        self.may_define = may_define(text)
        self.reader = FormulaReader(text, self.worker)  # the LayerNorm-aware reading of formulas and words
        spans, self.decimal_mark = _spans(self.text, self.plain_text, self.path, self.decimal_mark)
        return spans

    def run(self) -> FileReport:
        # one budget over every stage: reading the text, each span's statements and the prose around them, the
        # judges (which keep it themselves, step by step); what is left when it runs out is not checked
        deadline, spans, k = self.worker.deadline, None, 0
        try:
            with stopping(deadline):
                spans = self.read()
                k = self.first_span(spans)
                for span in spans[k:]:
                    if self._late():  # (where no signal can stop a stage: outside the main thread)
                        raise OutOfTime
                    self.before_span(spans, k)
                    try:
                        self.span(span)
                    except Exception as exc:  # lnsym's fault on this span (or a RecursionError): say so there, go on
                        self.add(span.start, span.start + len(span.text), "", _crash(exc, "checking this span"),
                                 span.paragraph)
                    k += 1  # (the spans before k are done)
        except OutOfTime:
            self.out_of_time(spans, k, deadline.reason())
        for s0, s1, res in self.reader.declaration_findings() if self.reader is not None else ():
            self.add(s0, s1, "", res, self.para_of_line[self.lines.line_of(s0) - 1])
        self.findings.sort(key=lambda f: (f.line, f.column, f.end_line, f.end_column))
        self.negated_next()
        self.worked_out_next()
        self.findings = list(report_once(self.findings))
        return FileReport(self.path, tuple(self.findings), self.text)

    def first_span(self, spans: list[Span]) -> int:
        """The first span to check: 0, or, resuming (:mod:`lnsym.lsp.incremental`), the first span whose state
        an earlier check of the same text did not reach."""
        if self.resume is None:
            return 0
        self._binders = None  # the contexts restored bind other names
        return self.resume.restore(self, spans)

    def before_span(self, spans: list[Span], k: int) -> None:
        if self.resume is not None:
            self.resume.keep(self, spans, k)  # the state before span k, for the next check

    def out_of_time(self, spans: list[Span] | None, k: int, reason: str) -> None:
        """The budget ran out in span ``k`` of ``spans`` (None: before the spans were found): the steps of its
        statements not yet decided are unchecked with ``reason``, and so is each later span that has a relation
        (one finding each, not one a step: reading their statements would take the time there is not; past
        :data:`MAX_LEFT_SPANS` of them, one finding for the rest)."""
        if spans is None:
            spans = _spans_in_grace(self.text)
            if spans is None:  # not even the math spans could be found: the whole text
                self.add(0, len(self.text), "", StepResult("unchecked", "", reason), 0)
                self.findings[-1] = replace(self.findings[-1], source=" ".join(self.text[:60].split()) + "...")
                return
        if self.progress is not None and k < len(spans) and self.progress[0] is spans[k]:
            span, parsed, j, n = self.progress
            del self.findings[n:]  # the statement stopped may have some of its steps
            for st, _, _, sources, rels, _ in parsed[j:]:
                for i, rel in enumerate(rels):
                    if sources[i].strip() and sources[i + 1].strip():
                        self.add(span.start + st.terms[i][0].start, span.start + st.terms[i + 1][-1].end, rel,
                                 StepResult("unchecked", "", reason), span.paragraph)
            k += 1
        left = [span for span in spans[k:] if any(h in span.text for h in _REL_HINTS)]
        for span in left[:MAX_LEFT_SPANS]:
            self.add(span.start, span.start + len(span.text), "", StepResult("unchecked", "", reason), span.paragraph)
        if len(left) > MAX_LEFT_SPANS:
            rest, last = left[MAX_LEFT_SPANS], left[-1]
            why = f"{reason} ({len(left) - MAX_LEFT_SPANS:,} spans, to line {self.lines.line_of(last.start)})"
            self.add(rest.start, last.start + len(last.text), "", StepResult("unchecked", "", why), rest.paragraph)
            self.findings[-1] = replace(self.findings[-1], source=" ".join(rest.text[:60].split()) + "...")

    def negated_next(self) -> None:
        """``29 = 5 \\times 14`` followed by ``29 \\neq 70``: the text tested the equation and wrote that it fails,
        so the first is rejected, not asserted."""
        for k in range(len(self.findings) - 1):
            f, g = self.findings[k], self.findings[k + 1]
            if f.verdict is Verdict.WRONG and f.relation == "=" and g.relation == "≠" and g.paragraph == f.paragraph \
                    and _left_side(f.source, "=") == _left_side(g.source, "≠"):
                self.findings[k] = replace(
                    f, verdict=Verdict.UNCHECKED, role="rejected", evidence=Evidence(),
                    reason=f"the text goes on to write that it fails ({g.source}); it does not hold ({f.reason})")

    def worked_out_next(self) -> None:
        """``0 + (15 - 1) \\cdot 71 = 999``, which simplifies to ``14 \\cdot 71 = 994``: in the same sentence the text
        works the left side out and writes the value it finds, the right one, in place of the claimed 999. The
        equation was put to the test, not asserted."""
        for k in range(len(self.findings) - 1):
            f, g = self.findings[k], self.findings[k + 1]
            if not (f.verdict is Verdict.WRONG and g.verdict is Verdict.CORRECT and f.relation == g.relation == "="
                    and g.paragraph == f.paragraph and f.expected):
                continue
            worked, found = ("".join(side.split()) for side in g.source.rsplit("=", 1))
            if found != "".join(f.expected.split()) or worked == found:
                continue  # not the right value of the first equation's left side, or not worked out (`12 = 12`)
            if worked_out_at_once(self.text, (self._offset(f.line, f.column), self._offset(f.end_line, f.end_column)),
                                  (self._offset(g.line, g.column), self._offset(g.end_line, g.end_column))):
                self.findings[k] = replace(
                    f, verdict=Verdict.UNCHECKED, role="rejected", evidence=Evidence(),
                    reason=f"the text works it out at once as {g.source}, the right value; as written it does not "
                           f"hold ({f.reason})")

    def _offset(self, line: int, column: int) -> int:
        return self.lines.starts[line - 1] + column - 1

    def add(self, start: int, end: int, rel: str, res: StepResult, para: int, role: str = "",
            substitutions: tuple[Substitution, ...] = ()) -> None:
        l1, c1 = self.lines.position(start)
        l2, c2 = self.lines.position(max(start, end - 1))
        source = " ".join(self.text[start:end].replace("\\\\", " ").replace("&", " ").split())
        evidence = Evidence(res.left, res.right, substitutions) if res.verdict in ("wrong", "imprecise") else Evidence()
        self.findings.append(Finding(l1, c1, l2, c2 + 1, source, rel, Verdict(res.verdict), res.expected, res.reason,
                                     para, role, evidence))

    def _late(self) -> bool:
        return self.worker.deadline is not None and self.worker.deadline.expired()

    # -- spans ----------------------------------------------------------------------------------
    def span(self, span: Span) -> None:
        base = span.start
        if len(span.text) > MAX_SPAN:
            if any(h in span.text for h in _REL_HINTS):
                res = StepResult("unchecked", "", f"a math span longer than {MAX_SPAN} characters is not checked")
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
        ctx = Context(frozen=True) if span.flashcard else self.contexts.setdefault(span.paragraph, Context())
        self.reader.observe(span.paragraph, ctx.env)
        n_before = len(self.findings)
        statements = split_statements(toks)
        if statements and not plain and _joined_before(self.text, span.outer[0]):
            statements[0].terms[0] = []  # its first step is skipped, as after a leading `=`
        parsed = [_parse_statement(st, span.text, self.functions) for st in statements]
        self.progress = (span, parsed, 0, len(self.findings))
        # the names each statement binds (`x = ...`): an earlier statement of the span that mentions one
        # of them is solving for it
        binds = [name_of(p[1][0]) if p[1][0] is not None and p[4][:1] == ["="] else None for p in parsed]
        m = _REMAINDER_AFTER.match(self.text, span.outer[1]) if span.outer[1] else None
        for k, statement in enumerate(parsed):
            if self._late():
                raise OutOfTime
            self.progress = (span, parsed, k, len(self.findings))
            remainder = m.group(1) if m and k == len(parsed) - 1 else ""
            self.statement(span, ctx, statement, {n for n in binds[k + 1 :] if n is not None}, remainder)
        self.progress = (span, parsed, len(parsed), len(self.findings))
        if self._late():
            return
        if plain:
            return  # the words of the LayerNorm-aware reading are read around math spans
        prose = self.text[max(0, span.outer[0] - 40) : span.outer[0]]  # "Deviations: $[-2,0,0,2]$"
        wrong = any(f.verdict is Verdict.WRONG for f in self.findings[n_before:])
        for s0, s1, res in self.reader.words(span.paragraph, prose, span.text, ctx.env, base, wrong):
            self.add(base + s0, base + s1, "", res, span.paragraph)
        if any(f.verdict is Verdict.WRONG for f in self.findings[n_before:]):
            ctx.last_result = None  # a value already reported wrong is not reported again where it is restated

    # -- statements -----------------------------------------------------------------------------
    def statement(self, span: Span, ctx: Context, parsed: tuple, later: set[str], remainder: str = "") -> None:
        st, trees, errors, sources, rels, first = parsed
        text, base = self.text, span.start
        # a congruence's values are residues, not numbers: `R = 2^{-1} + 3^{-1} \equiv 9 \pmod{7}` binds nothing
        # a statement the text rejects ("z = -1/2 (not an integer)") binds nothing either
        end = st.terms[-1][-1].end if st.terms[-1] else first
        said_false = rejected(text, span, end)
        plan = ctx.plan(trees, rels, hypothetical(text, span, first) or "modular" in st.poison or said_false
                        or discarded(text, span, end))
        name_chain = trees[0] is not None and name_of(trees[0]) is not None and rels[0] == "="
        other_base = span.paragraph in self.other_base or other_number_system(text, span, first)
        poison = st.poison or ("numbers may be in another base" if other_base else "")
        # an inequality is about integers, and so is a division with its remainder
        if not poison and self.moduli_named and set(rels) <= {"=", "≡"} and not remainder \
                and not any(t is not None and mentions(t, ("qr",)) for t in trees):
            modulus = prose_modulus(text, span, first)  # "(mod 5)" after it, "In $\mathbb{Z}_7$" before it
            poison = modular_reason(modulus) if modulus is not None else poison
        written = uses_notation(st.terms, self.notation) if self.notation and not poison else ""
        if written:
            poison = f"the text defines its own notation {written}, which lnsym does not read"
        if not poison and self.residue_symbols and residue_symbol(st.terms):
            poison = "the text speaks of Legendre or Jacobi symbols: a fraction alone in brackets may be one"
        defines_op = _operation_definition(trees, rels)
        if defines_op is not None:  # `a \star b = 2a + b`: the text's own operation, for the whole key
            self.operations[operation_key(defines_op[0])] = defines_op[1]
        env = {**self.operations, **ctx.env}
        job = StatementJob(trees, errors, sources, rels, env, plan.defined, poison,
                           name_chain=name_chain, approx=dict(ctx.approx), previous=ctx.facts,
                           computed=frozenset(_base_names(n for n, k in ctx.kind.items() if k == "derived")),
                           remainder=remainder, approximate=approximate(text, span, first),
                           derived_from=ctx.previous_equation()
                           if derives(text, ctx.last_span, (base + first, base + end))
                           or self.hypothesis_fixes(ctx, (base + first, base + end)) else None,
                           floor_brackets=self.floor_named, prose=getattr(span, "tokens", None) is not None,
                           rounded=frozenset(ctx.rounded), constants=self.constants, bounds=tuple(ctx.bounds))
        results, values = self.worker.run(job)
        if not span.flashcard:
            self.proved_with_earlier(span.paragraph, job, results, trees)
            self.proved_only_at_a_value(ctx, job, results, trees)
        if _inline_assignments(trees, rels):  # `A=1 + B=2 + C=3 = 6`: values given to letters, then their sum
            results = {i: res if res.verdict in ("skip", "correct") else StepResult(
                "unchecked", "", "letters given values inside a sum (A=1 + B=2 + ...): not one chain") for i, res in
                results.items()}
        unit = None
        for i, res in results.items():
            if res.verdict == "wrong":
                results[i] = self.scope(ctx, res, trees, rels, i, plan.defined, env, later, base + first,
                                        base + end)
            if results[i].verdict == "wrong" and results[i].reason.startswith("not an identity"):
                results[i] = self.bound_before(span.paragraph, results[i], values.get(i), values.get(i + 1))
            if results[i].verdict == "wrong" and _value_for_pi(trees[i], values.get(i + 1)):
                results[i] = StepResult("unchecked", "", "the value the text takes for π (an approximation it "
                                                         f"chooses: {results[i].reason})")
            if results[i].verdict == "wrong" and (rels[i] == "≈" or "rounds to" in results[i].reason):
                unit = rounded_to_a_unit(text, span, first) if unit is None else unit
                if unit:
                    results[i] = StepResult("unchecked", "", "rounded to a unit the text names (the nearest five, "
                                                             f"the next cent), not to its digits ({results[i].reason})")
        if defines_op is not None and 0 in results:
            results[0] = StepResult("unchecked", "", f"defines the operation {op_name(defines_op[0])}")
        restates = None
        if 0 in results and plan.defined and rels == ["="]:
            restates = self.restatement(ctx, trees, values.get(1), base + first)
            results[0] = restates or results[0]
        last = results.get(len(rels) - 1)  # a computation whose last link holds: the value it ends on
        computed = last is not None and last.verdict in ("correct", "imprecise")
        ctx.last_result = (values.get(len(rels)), base + st.terms[-1][-1].end) if computed else None
        if ctx.facts and opens_case(text, ctx.last_span[1], base + first):
            for j, rel in enumerate(rels):  # each link of the case's condition (`a \ge 0 > b`: also 0 > b)
                ctx.new_case(_equation([rel], {0: values.get(j), 1: values.get(j + 1)}),
                             Inequality.of(values.get(j), values.get(j + 1), rel))
        if not plan.bind and rels and rels[-1] == "=" and isinstance(values.get(len(rels)), Vec):
            self.reader.note_vector(span.paragraph, sources[0], values.get(len(rels)))
        if not span.flashcard:
            ctx.note_bound(rels, values, sources, self.lines.line_of(base + first))
        ctx.after(plan, values, base + first)
        if plan.bind and not span.flashcard:  # (binding `\sigma` binds `\sigma^2` too, and the other way round)
            self.note_binders({*plan.bind, *(PARTNER.get(n, n) for n in plan.bind)}, span.paragraph)
        if not span.flashcard:  # `\hat x \approx (1.225, -1.225, 0)`: later, 1.225 is a rounding, not a datum
            ctx.rounded.update(d for j, r in enumerate(rels) if r == "≈" and trees[j + 1] is not None
                               for d in decimals_in(trees[j + 1]))
        if any(t is not None and mentions(t, ("sym", "°")) for t in trees):
            ctx.degrees |= set(plan.bind)  # `x = 100^\circ`: a later `x = 100` counts degrees
        if not span.flashcard:
            # `-2b + b = -3b = 9, so b = -3`: after a broken link the text solves the rest of the chain
            broken = max((i + 1 for i, r in results.items() if r.reason.startswith(NO_COMMON_SOLUTION)), default=0)
            ctx.note_equation(_equation(rels[broken:], {j - broken: v for j, v in values.items() if j >= broken}))
        hypothesis = name_chain and opens_hypothesis(text, base + first)
        value_written = literal_of(trees[1]) if len(trees) == 2 and trees[1] is not None else None
        if hypothesis and len(trees) == 2 and is_literal(trees[1]) and not cut_inside(trees[1]) \
                and not (value_written is not None and value_written.open_ended):  # `x = 0.999\ldots`: digits go on
            ctx.hypothesis_at = ctx.count - 1  # (after() counted this statement)
        if (name_chain and not hypothesis) or said_false:
            ctx.equation_at = -1  # `x = -3`, `z = \frac{-1-1}{4}`: a result, not an equation to derive from
        ctx.last_span = (base + first, base + end)
        on_trial = trial(text, span, first, rels) or reductio(text, span, first)
        late = self._late()  # out of time: no more readings
        for i, res in sorted(results.items()):
            if res.verdict == "skip":
                continue
            formula = False
            if late or (res.verdict == "unchecked" and getattr(span, "tokens", None) is not None):
                pass  # out of time; or prose arithmetic, which the LayerNorm-aware reading does not read
            elif res.verdict == "unchecked" and self.meaning is not None:
                with paused():  # the caller's code: never stopped in the middle
                    res = self.meaning(sources[i] + rels[i] + sources[i + 1], trees[i], trees[i + 1], ctx.env) or res
            elif res.verdict == "unchecked":
                read = self.reader.step(span.paragraph, base + first, sources[i], sources[i + 1], rels[i],
                                        (trees[i], trees[i + 1]), values, i, ctx.env)
                res, formula = (read, True) if read is not None else (res, False)
            role = role_of(defines=i == 0 and (bool(plan.defined) or defines_op is not None), trial=on_trial,
                           rejected=said_false,
                           unknowns=_has_unknowns(values.get(i)) or _has_unknowns(values.get(i + 1))
                           or bool(_unbound((trees[i], trees[i + 1]), env)),
                           in_chain=(name_chain and i > 0) or bool(symbolic_bounds((trees[i], trees[i + 1]))))
            role = "assertion" if i == 0 and restates is not None else role
            # the vocabulary's reading claims a formula for all values (the LN Jacobian, a derivative)
            role = "identity" if (formula or res.rule == "lemma") and role == "equation" else role
            judged, res = res, apply_role(res, role, (trees[i], trees[i + 1]))
            if role == "rejected" and judged.verdict == "correct" and rels == ["="] and not formula \
                    and called_false(text, span, end) \
                    and not (_has_unknowns(values.get(0)) or _has_unknowns(values.get(1))):
                # "$2 + 3 = 5$ (false)": the text rejects a statement that holds; that is its slip (issue 28)
                res = StepResult("wrong", "it holds", f"the text calls it false, but {sources[0]} {rels[0]} "
                                                      f"{sources[1]} holds", left=shown(values.get(0)),
                                 right=shown(values.get(1)))
            subs = self.substitutions(ctx, env, (trees[i], trees[i + 1]), plan.defined if i == 0 else "") \
                if res.verdict in ("wrong", "imprecise") else ()
            self.add(base + st.terms[i][0].start, base + st.terms[i + 1][-1].end, rels[i], res, span.paragraph,
                     role, subs)

    def restatement(self, ctx: Context, trees: list, value: Any, here: int) -> StepResult | None:
        """``So $x_{i+1} = [-1, 2]$`` right after a computation of ``[-1, 1]``: the conclusion is an assertion
        about the value just computed, not a new definition. Vectors of rationals only (the comparison runs
        outside the worker's time limit); a number after "so" is too often
        another quantity ("3 \\cdot 4 = 12, so n = 13")."""
        if ctx.last_result is None or not isinstance(value, Vec) or not is_literal(trees[1]):
            return None
        computed, end = ctx.last_result
        if not isinstance(computed, Vec) or len(computed) != len(value) or not concludes(self.text, end, here):
            return None
        if not all(getattr(x, "is_Rational", False) for x in (*computed.items, *value.items)):
            return None  # this comparison runs outside the worker's time limit: exact numbers only
        line, column = self.lines.position(end - 1)
        res = decide_pair(computed, value, "=", (None, trees[1]), None, (shown(computed), shown(value)), False)
        if res.verdict == "wrong":
            why = f"restates the value just computed (ending at {line}:{column}), which is {shown(computed)}"
            return StepResult("wrong", shown(computed), why, left=shown(computed), right=shown(value))
        if res.verdict in ("correct", "imprecise"):
            return replace(res, reason="restates the value just computed")
        return None

    def proved_only_at_a_value(self, ctx: Context, job: StatementJob, results: dict, trees: list) -> None:
        """A rewriting with a name on both sides, proved only by a value written out for it (``x = 1``, a
        candidate "so $x = 1$ is a root", then ``(x - 1)(x^2 - 5x - 6) = (x - 1)(x - 2)(x - 3)``: both sides 0 at
        x = 1, although the two differ for every other x) is a claim for every x as often as one at the value:
        ``correct`` only when it holds for every value of the name; else ``unchecked``, with the value named."""
        for i, res in results.items():
            if res.verdict != "correct" or res.reason or job.rels[i] != "=":
                continue
            sides = [_free_names(t) if t is not None else set() for t in trees[i : i + 2]]
            names = {n for n in sides[0] & sides[1] if ctx.kind.get(n) == "let" and n in job.env}
            if not names:
                continue
            free = {k: v for k, v in job.env.items() if k not in names}
            again, _ = self.worker.run(replace(job, env=free, start=i, defined="" if i else job.defined,
                                               name_chain=False, previous=None, derived_from=None))
            if again.get(i) is not None and again[i].verdict == "correct":
                continue
            at = ", ".join(f"{n} = {shown(job.env[n])} (line {self.lines.line_of(ctx.origin.get(n, 0))})"
                           for n in sorted(names))
            results[i] = StepResult("unchecked", "", f"holds at {at}, but not for every value: a rewriting for "
                                                     "every value may be meant")

    def earlier_values(self, paragraph: int, names: set[str]) -> dict[str, tuple[Any, int]]:
        """The values earlier paragraphs of the same section bound ``names`` to (the most recent first), with the
        offset of each binding; a heading, "Problem", "Exercise" or "Solution" starts a new section. Looked up by
        name (:meth:`binders`), not by walking every earlier paragraph: that was quadratic in a long key."""
        out: dict[str, tuple[Any, int]] = {}
        section = self.section_of(paragraph)
        for name in names:
            for p in reversed(self.binders().get(name, ())):
                if p >= paragraph:
                    continue
                if self.section_of(p) != section:
                    break
                ctx = self.contexts[p]
                value = ctx.env.get(name)
                if value is not None and not free_of(value):
                    out[name] = (value, ctx.origin.get(name, 0))
                    break
        return out

    def binders(self) -> dict[str, list[int]]:
        """Name -> the paragraphs whose context bound it, in order: made from the contexts when first asked (or
        after a check resumed with the contexts of an earlier one), then kept up as statements bind."""
        if self._binders is None:
            self._binders = {}
            for p in sorted(self.contexts):
                for name in self.contexts[p].env:
                    self._binders.setdefault(name, []).append(p)
        return self._binders

    def note_binders(self, names: Iterable[str], paragraph: int) -> None:
        """``names``, bound by a statement of ``paragraph``, in the index of :meth:`binders` once it is made."""
        if self._binders is None:
            return
        for name in names:
            found = self._binders.setdefault(name, [])
            if not found or found[-1] != paragraph:
                found.append(paragraph)

    def section_of(self, paragraph: int) -> int:
        if self._sections is None:
            first_line: dict[int, int] = {}
            for line, para in enumerate(self.para_of_line, start=1):
                first_line.setdefault(para, line)
            heads = [self.lines.line_of(m.start()) for m in _SECTION.finditer(self.text)]
            self._sections = {para: sum(h <= line for h in heads) for para, line in first_line.items()}
        return self._sections.get(paragraph, 0)

    def proved_with_earlier(self, paragraph: int, job: StatementJob, results: dict, trees: list) -> None:
        """A step left unchecked for names this paragraph did not bind, proved with the values an earlier
        paragraph of the same section bound them to (``z = (1, 2, 3)``, then, later, ``S = e^1 + e^2 + e^3
        \\approx 30.19``): ``correct``, with those values named. Such a value never refutes: the name may have
        been reused for another quantity since, so a step it does not prove stays as it was (issue 27)."""
        free = [i for i, r in results.items() if r.verdict == "unchecked" and r.reason.startswith("free symbol")]
        if not free:
            return
        names = {n for i in free for t in (trees[i], trees[i + 1]) if t is not None for n in _free_names(t)}
        earlier = self.earlier_values(paragraph, names - set(job.env))
        if not earlier:
            return
        again, _ = self.worker.run(replace(job, env={**job.env, **{n: v for n, (v, _) in earlier.items()}}))
        for i in free:
            res = again.get(i)
            if res is None or res.verdict != "correct":
                continue
            used = sorted(n for n in earlier if any(t is not None and n in _free_names(t) for t in trees[i : i + 2]))
            note = ", ".join(f"{n} = {shown(earlier[n][0])} (line {self.lines.line_of(earlier[n][1])})" for n in used)
            results[i] = replace(res, reason=f"{res.reason + '; ' if res.reason else ''}with {note}, bound in an "
                                             "earlier paragraph")

    def bound_before(self, paragraph: int, res: StepResult, left: Any, right: Any) -> StepResult:
        """A rewriting refuted as an identity that holds at the values an earlier paragraph bound its letters to
        (``r = \\sqrt[3]{250/\\pi}``, then "$h = \\frac{500}{\\pi r^2} = \\frac{2\\pi r^3}{\\pi r^2} = 2r$, using
        $500 = 2\\pi r^3$ at the optimum"): the step may be about those values, not all values. Unchecked."""
        if left is None or right is None or isinstance(left, Vec) or isinstance(right, Vec):
            return res
        point, where = {}, []
        for sym in sorted(free_of(left) | free_of(right), key=str):
            for p in sorted((k for k in self.contexts if k < paragraph), reverse=True):
                ctx = self.contexts[p]
                value = ctx.env.get(str(sym))
                if value is not None and not isinstance(value, Vec) and not free_of(value):
                    point[sym] = value
                    where.append(f"{sym} = {shown(value)} (line {self.lines.position(ctx.origin.get(str(sym), 0))[0]})")
                    break
            else:
                return res
        if not point or not holds_at(left, right, point):
            return res
        return StepResult("unchecked", "", f"not an identity, but it holds at the value{'s' if len(where) > 1 else ''} "
                                           f"an earlier paragraph gave: {', '.join(where)}")

    def hypothesis_fixes(self, ctx: Context, current: tuple[int, int]) -> bool:
        """Is the statement at ``current`` asserted under the hypothesis just before it, a value written out for
        one name ("suppose instead $a = 4$; then $a^2 = 9$")? A hypothesis that computes with other names
        (``x = -y``) may use values of another case (y bound where x = y was supposed), and what the text
        derives under it uses the paragraph's other equations too."""
        hypothesis = ctx.previous_equation()
        return (ctx.hypothesis_at == ctx.count - 1 and hypothesis is not None
                and len(getattr(hypothesis, "free_symbols", ())) == 1
                and under_hypothesis(self.text, ctx.last_span, current))

    def scope(self, ctx: Context, res: StepResult, trees: list, rels: list[str], i: int, defined: str,
              env: dict, later: set[str], here: int, end: int) -> StepResult:
        """A refutation that rests on a value bound earlier stands only where that value is in scope
        (:meth:`~lnsym.check.roles.context.Context.may_refute`), or where the statement is asserted under the
        hypothesis that bound it, just before ("Case 2: $x = 10$; then $5x = 30$")."""
        used = set().union(*(bound_names(t, env) for t in (trees[i], trees[i + 1]) if t is not None))
        used -= {defined} if i == 0 else set()
        if used and all(ctx.bound_at.get(n) == ctx.count - 1 for n in used) and not used & later \
                and under_hypothesis(self.text, ctx.last_span, (here, end)):
            return res
        if used & later:  # the name is bound again further on: an unknown being solved for
            return StepResult("unchecked", "", f"uses {min(used & later)} bound earlier, but the statement goes on "
                                               "to solve for it")
        restated = name_of(trees[0]) if i == 0 and rels[0] == "=" and is_literal(trees[1]) else None
        why = ctx.may_refute(used, restated, lambda n: self.text[ctx.origin.get(n, 0) : here])
        return StepResult("unchecked", "", why) if why else res

    def substitutions(self, ctx: Context, env: dict, trees: tuple, skip: str) -> tuple[Substitution, ...]:
        """The values a step used for names, with the line each was bound at (the evidence of a verdict)."""
        names = set().union(*(bound_names(t, env) for t in trees if t is not None)) - {skip}
        return tuple(Substitution(n, shown(env[n]), self.lines.line_of(ctx.origin[n]) if n in ctx.origin else 0)
                     for n in sorted(names))


def _crash(exc: Exception, what: str) -> StepResult:
    """A step the pipeline itself failed on: too deep or out of memory is about the key (unchecked); any
    other exception is a fault of lnsym (error), since outside the judges no mathematics is attempted."""
    if isinstance(exc, (RecursionError, MemoryError)):
        return failure(exc, what)
    detail = str(exc).splitlines()[0][:120] if str(exc) else ""
    return StepResult("error", "", f"{what}: lnsym failed ({type(exc).__name__}{': ' + detail if detail else ''}); "
                                   "please report this")


#: LaTeX sources by their name: their prose is read only inside the document environment
LATEX_SUFFIXES = (".tex", ".ltx", ".sty", ".cls", ".dtx")


def _spans(text: str, plain_text: bool, path: str = "", mark: str | None = None) -> tuple[list, str]:
    """The math spans of ``text`` and, with ``plain_text``, the arithmetic written in its prose, in order; and
    its decimal mark (``mark`` when a larger text gave one, else read from the text and those math spans:
    :func:`~lnsym.check.spans.plain_text.decimal_mark`)."""
    if not plain_text:
        spans = find_spans(text)
        return spans, mark or decimal_mark(text, spans)
    spans = find_spans(mask_currency(text))  # `$3 + $4 = $7` is money, not math between dollars
    mark = mark or decimal_mark(text, spans)
    latex = path.lower().endswith(LATEX_SUFFIXES)
    return sorted([*spans, *find_plain_spans(text, spans, latex, mark)], key=lambda s: s.start), mark


def _spans_in_grace(text: str) -> list[Span] | None:
    """The math spans of ``text`` if they are found within :data:`SPANS_GRACE` seconds, else None."""
    try:
        with stopping(Deadline(SPANS_GRACE, None)):
            return find_spans(text)
    except OutOfTime:
        return None


def check_text(text: str, path: str = "<text>", worker: Worker | None = None, meaning: Meaning | None = None,
               deadline: Deadline | None = None, plain_text: bool = True,
               conventions: Conventions | None = None, resume=None) -> FileReport:
    """Check the key ``text``; one worker may be shared by many calls. With a ``deadline`` (else the
    worker's own, if it has one), the steps left when it passes are ``unchecked`` with its reason.
    ``plain_text`` (the default) also checks the arithmetic written in prose
    (:mod:`lnsym.check.spans.plain_text`). ``conventions`` are those of a larger text the key is part of
    and that includes it (a step of a solution: :class:`~lnsym.check.roles.conventions.Conventions`); by
    default, the key's own. ``resume`` (an :class:`lnsym.lsp.incremental.Memo`) keeps the states the check
    reaches and starts it from the last one an earlier check reached that holds for ``text``; the findings are
    the same."""
    if worker is None:
        with Worker() as w:
            return check_text(text, path, w, meaning, deadline, plain_text, conventions, resume)
    text = unify_line_ends(text)  # a step of a dataset or a text from the API, not read by read_key
    before = worker.deadline
    worker.deadline = deadline if deadline is not None else before
    try:
        return _KeyCheck(text, path, worker, meaning, plain_text, conventions, resume).run()
    except Exception as exc:  # a fault outside every span: one finding for the file, never a traceback
        res = _crash(exc, "checking this file")
        return FileReport(path, (Finding(1, 1, 1, 1, "", "", Verdict(res.verdict), "", res.reason),), text)
    finally:
        worker.deadline = before


def _load(path) -> tuple[str, str, tuple | None]:
    """``(name, text, cells)``; ``cells`` are a notebook's Markdown cells, None for other keys."""
    from lnsym.check.sources.notebooks import is_notebook, markdown_cells

    name = "<stdin>" if str(path) == "-" else str(path)
    text = read_key(path)
    return name, text, (markdown_cells(text, name) if is_notebook(name) else None)


def check_key(key: tuple[str, str, tuple | None], worker: Worker, meaning: Meaning | None = None,
              plain_text: bool = True) -> FileReport:
    """The report of one key loaded by :func:`_load`: ``(name, text, notebook cells or None)``."""
    from lnsym.check.notebook_check import check_notebook

    name, text, cells = key
    if cells is None:
        return check_text(text, name, worker, meaning, plain_text=plain_text)
    return check_notebook(cells, name, worker, meaning, text, plain_text=plain_text)


def check_paths(paths: Iterable[str], meaning: Meaning | None = None, *, keep_going: bool = False,
                file_seconds: float | None = FILE_SECONDS, run_seconds: float | None = RUN_SECONDS,
                plain_text: bool = True, jobs: int = 1) -> KeyReport:
    """Check several keys (Markdown, LaTeX, notebooks), in the order given.

    :class:`InputError` when one cannot be read, before any is checked; with ``keep_going`` the others
    are checked and the unreadable ones listed in ``KeyReport.unreadable`` (the error is raised only
    when none can be read). Each file has ``file_seconds`` and the run ``run_seconds`` (None or 0: no
    limit); see :mod:`lnsym.check.budget`. With ``jobs`` > 1 the keys are checked in that many
    processes (:mod:`lnsym.check.batch.files_run`), with the same findings; a ``meaning`` hook keeps
    one process."""
    from lnsym.check.file_names import shown
    from lnsym.errors import InputError

    keys, unreadable, first_error = [], [], None
    for p in paths:
        try:
            keys.append(_load(p))
        except InputError as exc:
            if not keep_going:
                raise
            first_error = first_error or exc
            name = "<stdin>" if str(p) == "-" else str(p)
            unreadable.append((name, str(exc).removeprefix(shown(name) + ": ")))  # the message shows the name
    if first_error is not None and not keys:
        raise first_error
    budget = RunBudget(file_seconds, run_seconds)
    if jobs > 1 and len(keys) > 1 and meaning is None:
        from lnsym.check.batch.files_run import check_keys

        return KeyReport(tuple(check_keys(keys, budget, min(jobs, len(keys)), plain_text)), tuple(unreadable))
    files = []
    with Worker() as w:
        for key in keys:
            w.deadline = budget.file()  # a notebook's cells share their file's budget
            files.append(check_key(key, w, meaning, plain_text))
    return KeyReport(tuple(files), tuple(unreadable))

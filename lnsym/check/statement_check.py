"""Checking one statement of a span, in named steps: what it may not be decided as (:func:`_poison`), what its
judge is given (:func:`_job`), the judge's answer and the role rules after it (:mod:`lnsym.check.roles.rules`),
what the paragraph remembers of it (:func:`_remember`), and each step's reading, role and finding
(:func:`_place`)."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from typing import Any

import sympy as sp

from lnsym.check.budget import paused
from lnsym.check.findings import Substitution, Verdict
from lnsym.check.judges.arithmetic import ROUNDING_NOTE, TRUNCATED, shown, symbolic_bounds
from lnsym.check.judges.judgement import SKIP, Judgement, ParseFault, StatementJob, failure
from lnsym.check.judges.notation import calculus
from lnsym.check.judges.notation.index_steps import IndexJob, uses_index_notation
from lnsym.check.judges.notation.matrix_notation import uses_matrix_notation
from lnsym.check.judges.numbers.evaluate import (
    Vec,
    bound_names,
    dependence_key,
    entry_function_key,
    evaluate,
    function_key,
    mentions,
    name_of,
    operation_key,
    tree_names,
)
from lnsym.check.judges.numbers.modular import MODULAR, modular_reason
from lnsym.check.judges.numbers.precision import decimals_in, truncates_to
from lnsym.check.judges.numbers.rounding import cut_inside, literal_of, rounds_to
from lnsym.check.judges.proofs.consequences import Inequality
from lnsym.check.judges.proofs.lemmas import Bound
from lnsym.check.judges.proofs.region import Region, difference_region, link_regions, region_of
from lnsym.check.parse.grammar import FUNCS, ParseError, parse_term, values_applied
from lnsym.check.parse.lexer import LexError, Token, tokenize
from lnsym.check.parse.nodes import Group, Pow, Quotient, Sym
from lnsym.check.parse.units import is_measure, scale_of, unit_after
from lnsym.check.reasons import Reason
from lnsym.check.roles.context import (
    KEEP_EQUATIONS,
    PARTNER,
    Context,
    Plan,
    bound_of,
    fact_expr,
    is_literal,
    listed_bounds,
    standing_range,
)
from lnsym.check.roles.context_words import another_instance, copy_key, unread_word_between
from lnsym.check.roles.conventions import residue_symbol
from lnsym.check.roles.cues import (
    ASSIGNED,
    adds_assumption,
    approximate,
    assumes,
    bound_after,
    called_equation,
    case_dismissed,
    changed_in_words,
    condition_after,
    defines_anew,
    derives,
    discarded,
    fixes_premise,
    functions_changed_in_words,
    goes_on_under_region,
    hypothetical,
    introduces_definition,
    joined_by_or,
    joins_condition,
    leaves_hypothesis,
    may_count,
    modular_words,
    opens_case,
    opens_hypothesis,
    opens_region,
    opens_trial,
    other_number_system,
    otherwise,
    percent_of_after,
    presented_as_mistake,
    prose_modulus,
    reductio,
    refines,
    rejected,
    relabelled,
    replaces_hypothesis,
    restated,
    said_rounded,
    sentence_before,
    signed_before,
    solved_with_and,
    solves_anew,
    solving,
    states_condition,
    supposes,
    supposes_value,
    trial,
    under_hypothesis,
    under_region,
    up_to_small,
    where_values,
)
from lnsym.check.roles.defined_values import carried_value, defined_name
from lnsym.check.roles.forms import (
    base_names,
    dependence_definition,
    derivative_claims,
    entry_function_definition,
    equation,
    free_names,
    function_definition,
    function_equation,
    function_named_last,
    has_unknowns,
    numerals,
    operation_definition,
    unbound,
    written_names,
)
from lnsym.check.roles.index_conditions import index_conditions
from lnsym.check.roles.index_scope import IndexScopes, condition_on, entry_of_defined, hypothesis
from lnsym.check.roles.index_scope import definition as index_definition
from lnsym.check.roles.notation import uses_notation
from lnsym.check.roles.quantifiers import quantified, universally
from lnsym.check.roles.rules import Statement, Step, after_judge, after_role, restatement
from lnsym.check.roles.statement_roles import apply_role, role_of
from lnsym.check.spans.math_spans import Span
from lnsym.check.spans.tables import new_row, row_value

__all__ = ["check_statement", "parse_statement", "update_without_equals"]


# `2-1/2 + 1-1/2`: a recipe's mixed numbers (2½) or a difference; prose writes both (a proper fraction after the
# hyphen: `10-6/2` is no mixed number)
_HYPHEN_MIXED = re.compile(r"(?<![\d.,/-])\d+-(\d+)/(\d+)(?![\d/])")


def _hyphen_mixed(text: str, start: int, end: int) -> bool:
    return any(int(m.group(1)) < int(m.group(2)) for m in _HYPHEN_MIXED.finditer(text, start, end))


def parse_statement(st, span_text: str, functions: dict | None = None, transpose_t: bool = False,
                    prose: bool = False, names_delta: bool = False) -> tuple:
    """A statement's trees (None where a term is not parsed), parse errors, sources, relations, and the
    offset of its first token in the span. ``functions``: what a Greek letter applied to an argument stands for
    in this text (:class:`~lnsym.check.roles.conventions.Conventions`); ``transpose_t``: ``x^T`` is a transpose
    there; ``names_delta``: ``\\delta x`` is δ times x there; ``prose``: the statement is written in prose, where
    ``2-1/2`` may be a mixed number (then nothing of it is decided). A ``\\text`` word after a number is its unit
    (:func:`_without_unit`)."""
    if prose and not st.poison and st.terms and st.terms[0] and st.terms[-1] \
            and _hyphen_mixed(span_text, st.terms[0][0].start, st.terms[-1][-1].end):
        st.poison = "a mixed number written with a hyphen (2-1/2) may be meant: 2½, or 2 - 1/2"
    trees, errors, sources = [], [], []
    applied = _applied_to_a_variable(st.terms)
    for term in st.terms:
        term = applied.get(id(term), term)
        sources.append(span_text[term[0].start : term[-1].end] if term else "")
        if len(term) == 1 and term[0].kind == "CMD" and term[0].value == "percent":
            trees.append(None)  # "Profit $\% = \frac{90}{450} \times 100$": the percentage the prose names
            errors.append("a percent sign alone names the percentage, as the words before it say")
            continue
        try:
            trees.append(_without_unit(st, len(trees), term, functions, transpose_t, names_delta) if term else None)
            errors.append("")
        except ParseError as exc:
            trees.append(None)
            errors.append(str(exc))
        except Exception as exc:  # a bug of the parser: shown as the verdict `error`, never a traceback
            trees.append(None)
            res = failure(exc, "parsing")
            errors.append(ParseFault(res.reason) if res.verdict is Verdict.ERROR else res.reason)
    if st.units and any(t is not None and tree_names(t) and tree_names(t) <= set(st.units.values()) for t in trees):
        # `2 \\text{ cm} + 3 \\text{ cm} = 5 \\text{ cm}`: where units are the only names of another term (a sum of
        # lengths), they stay factors everywhere; a formula with names (`L \\times d \\times 2\\ \\text{bytes}`) is
        # not decided anyway
        for k in st.units:
            try:
                trees[k] = parse_term(st.terms[k], functions, transpose_t, names_delta)
            except ParseError as exc:
                trees[k], errors[k] = None, str(exc)
        st.units.clear()
    trees = values_applied(trees)  # `-y(1 - s) + (1 - y)s`: y is a value, y(1 - s) a product
    first = st.terms[0][0].start if st.terms[0] else (st.rels[0].start if st.rels else 0)
    if st.terms[0] and st.rels and st.rels[0].start < first:  # `x \in (0, 1)` read as `0 < x < 1`: it starts at x
        first = min(t.start for term in st.terms for t in term)
    return st, trees, errors, sources, [r.value for r in st.rels], first


def _applied_to_a_variable(terms: list) -> dict[int, list]:
    """``\\sinh' = \\cosh``, ``\\tanh' = 1 - \\tanh^2``: an equation between expressions of functions named without
    an argument (standard functions, with primes or a whole power, numbers, ``+``, ``-``, ``\\cdot`` and brackets;
    one function with primes at least); or ``\\phi = \\tanh``, a name alone equal to a standard function alone
    (then a definition of the name). Read as the same functions of a variable x (the terms with ``(x)`` after each
    function, by ``id`` of the term): a claim for every x, refuted where it fails."""
    if len(terms) < 2 or not all(terms):
        return {}
    if len(terms) == 2 and len(terms[0]) == 1 and len(terms[1]) == 1 and terms[0][0].kind in ("CMD", "LETTER") \
            and terms[0][0].value not in FUNCS and terms[1][0].kind == "CMD" and terms[1][0].value in FUNCS - {"ln"}:
        ends = {id(term): [len(term)] for term in terms}
        primed = 1  # `\phi = \tanh`: the name is that function, `\phi(x) = \tanh(x)` (a definition of \phi)
    else:
        ends, primed = {}, 0
        for term in terms:
            found = _bare_functions(term)
            if not found:
                return {}
            ends[id(term)] = [end for end, _ in found]
            primed += any(has_primes for _, has_primes in found)
    if not primed:
        return {}
    out = {}
    for term in terms:
        tokens = list(term)
        for end in reversed(ends[id(term)]):
            at = tokens[end - 1].end
            tokens[end:end] = [Token("SYM", "(", at, at), Token("LETTER", "x", at, at), Token("SYM", ")", at, at)]
        out[id(term)] = tokens
    return out


# what may stand between the functions of :func:`_applied_to_a_variable` (a letter would be a variable or a factor)
_BETWEEN_FUNCTIONS = {("SYM", "+"), ("SYM", "-"), ("SYM", "("), ("SYM", ")"), ("CMD", "cdot")}


def _bare_functions(term: list) -> list[tuple[int, bool]]:
    """The standard functions of ``term`` written without an argument, each as (the index after its primes or its
    whole power, whether it has primes); empty when the term holds anything else (a letter, a function applied to
    an argument, a fraction)."""
    found, k = [], 0
    while k < len(term):
        tok = term[k]
        if tok.kind == "NUM" or (tok.kind, tok.value) in _BETWEEN_FUNCTIONS:
            k += 1
            continue
        if tok.kind != "CMD" or tok.value not in FUNCS - {"ln"}:
            return []
        k += 1
        primes = 0
        while k < len(term) and (_tok(term, k) == ("SYM", "'") or (
                _tok(term, k) == ("SYM", "^") and _tok(term, k + 1) == ("CMD", "prime"))):
            k += 1 if _tok(term, k) == ("SYM", "'") else 2
            primes += 1
        if not primes and _tok(term, k) == ("SYM", "^"):  # `\tanh^2`, `\tanh^{2}`: a whole power of the value
            if _tok(term, k + 1)[0] == "NUM":
                k += 2
            elif _tok(term, k + 1) == ("SYM", "{") and _tok(term, k + 2)[0] == "NUM" \
                    and _tok(term, k + 3) == ("SYM", "}"):
                k += 4
            else:
                return []
        if _tok(term, k) == ("SYM", "("):
            return []  # applied to an argument: not a function named alone
        found.append((k, primes > 0))
    return found


def _tok(term: list, k: int) -> tuple[str, str]:
    return (term[k].kind, term[k].value) if k < len(term) else ("", "")


def _without_unit(st, k: int, term: list, functions: dict | None, transpose_t: bool, names_delta: bool) -> tuple:
    """The tree of term ``k``; a number followed by a unit (``524{,}288 \\text{ bytes}``) is the number, and its unit
    is noted in ``st.units``. A unit after anything with names (``d \\text{ m}``) stays a factor."""
    unit = unit_after(term)
    if unit is not None:
        try:
            tree = parse_term(term[:-1], functions, transpose_t, names_delta)
        except ParseError:
            tree = None
        # `44\\,^\\circ\\text{C}` is a temperature, not an angle of 44 degrees: its unit stays a factor
        if tree is not None and not tree_names(tree) and not mentions(tree, ("sym", "°")):
            st.units[k] = unit
            return tree
    return parse_term(term, functions, transpose_t, names_delta)


# the factors between common units (10^k, minutes, hours, days, weeks, months, years, dozens, ounces, KiB/MiB/GiB):
# a result in a unit of a measure (parse.units.is_measure), that unit alone written, that differs from its
# computation by one of them is a conversion; in a count (FLOPs) a power of ten is a slip
_CONVERSIONS = frozenset({10, 100, 1000, 10**6, 10**9, 60, 3600, 24, 1440, 86400, 7, 12, 365, 52, 16, 1024, 1024**2,
                          1024**3})


def _conversion_factor(values: dict, i: int) -> int | None:
    """The unit factor between the two sides' values of step ``i`` (60 in ``3 \\times 20 = 1 \\text{ hour}``)."""
    left, right = values.get(i), values.get(i + 1)
    if not (isinstance(left, sp.Expr) and isinstance(right, sp.Expr)) or right == 0:
        return None
    ratio = left / right
    for r in (ratio, 1 / ratio) if ratio != 0 else ():
        if r.is_Integer and int(r) in _CONVERSIONS:
            return int(r)
    return None


_CONVERTED = frozenset({"data", "time"})  # the kinds whose unequal conversions are slips, not scales


def _converted(st, trees: list, rels: list[str], i: int, values: dict) -> Judgement | None:
    """Step ``i`` between two units of one kind that convert exactly (:func:`~lnsym.check.parse.units.scale_of`:
    ``524{,}288 \\text{ bytes} = 512\\ \\text{KiB}``, ``90 \\text{ min} = 1.5 \\text{ h}``), judged as the left side
    in the right side's unit: ``correct`` when equal (or a rounding of it after '≈'), ``imprecise`` for a rounding
    after '=' or a cut value, ``wrong`` for a size of data or a span of time within a factor of 100 of the
    conversion's, with both sides in the right side's unit; None otherwise (a length, a mass or a volume may be a
    scale: ``1 \\text{ cm} = 5 \\text{ km}`` on a map), and when the units do not convert so or a side is not an
    exact number."""
    a, b = st.units.get(i), st.units.get(i + 1)
    sa, sb = (scale_of(a), scale_of(b)) if a and b and a != b else (None, None)
    if sa is None or sb is None or sa[0] != sb[0] or rels[i] not in ("=", "≈"):
        return None
    left, right = values.get(i), values.get(i + 1)
    if not (isinstance(left, sp.Rational) and isinstance(right, sp.Rational)):
        return None
    exact = left * sp.Rational(sa[1], sa[2]) / sp.Rational(sb[1], sb[2])  # the left side, in the right side's unit
    in_b = f"{shown(left)} {a} = {shown(exact)} {b}"
    lit = literal_of(trees[i + 1]) if trees[i + 1] is not None else None
    rounding = lit is not None and rounds_to(exact, lit) is True
    if exact == right or (rels[i] == "≈" and rounding):
        return Judgement(Verdict.CORRECT, "", in_b)
    if rels[i] == "=" and rounding and lit.has_point:
        return Judgement(Verdict.IMPRECISE, "", f"{in_b}; {ROUNDING_NOTE}", left=shown(exact), right=shown(right),
                          code=Reason.ROUNDING_EQUALS)
    if lit is not None and truncates_to(exact, lit):  # `\\approx 1.6 \\text{ h}` for 1.666...: cut, as arithmetic says
        return Judgement(Verdict.IMPRECISE, "", f"{in_b}; {shown(right)} is that value {TRUNCATED}", left=shown(exact),
                          right=shown(right), code=Reason.TRUNCATED)
    if sa[0] not in _CONVERTED or right == 0 or not sp.Rational(1, 100) <= abs(exact / right) <= 100:
        # `\\frac12 \\text{ inch} = 20 \\text{ miles}` is a map's scale, not a conversion: only sizes of data and
        # spans of time, and a value within a factor of 100 of the conversion's, are a conversion gone wrong
        return None
    return Judgement(Verdict.WRONG, f"{shown(exact)} {b}", f"{in_b}, not {shown(right)} {b}", left=shown(exact),
                      right=shown(right))


def _units_differ(st, trees: list, i: int, values: dict) -> str:
    """Why step ``i`` is not decided by its numbers: its sides are in different units (``bytes`` and ``KiB``), or
    one written value has a unit and the other none (``60 = 1 \\text{ min}``: a conversion), or the unit of the
    right side alone is written and the sides differ by a unit factor (``3 \\times 20 = 1 \\text{ hour}``)."""
    a, b = st.units.get(i), st.units.get(i + 1)
    if a and b and a != b:
        return f"the sides are in different units ({a} and {b}): a conversion is not checked"
    if a and not b:  # `4 \\text{ hours} = 4 \\times 60`: a conversion (the unit of a result is on its right)
        return f"a unit ({a}) on the left side only: a conversion is not checked"
    if b and not a and all(t is not None and literal_of(t) is not None for t in trees[i : i + 2]):
        return f"a unit ({b}) on one side of two written values: a conversion is not checked"
    factor = _conversion_factor(values, i) if b and not a and is_measure(b) else None
    if factor is not None:
        return f"a unit ({b}) on the right side only, and the sides differ by a factor of {factor}: a conversion " \
               "is not checked"
    return ""


def check_statement(check: Any, span: Span, ctx: Context, parsed: tuple, later: set[str], remainder: str = "") -> None:
    """Check the statement ``parsed`` (:func:`parse_statement`) of ``span``, in the paragraph
    context ``ctx``, for ``check`` (a ``lnsym.check.pipeline._KeyCheck``): its findings are added to it."""
    st, trees, _, _, rels, first = parsed
    text = check.text
    _changed_in_words(check, span, ctx, first)
    # a congruence's values are residues, not numbers: `R = 2^{-1} + 3^{-1} \equiv 9 \pmod{7}` binds nothing
    # a statement the text rejects ("z = -1/2 (not an integer)") binds nothing either
    end = st.terms[-1][-1].end if st.terms[-1] else first
    if st.terms[-1] and st.rels and max(r.end for r in st.rels) > end:  # (`x \in (0, 1)`: its bounds end at `)`)
        end = max(r.end for r in st.rels)
    said_false = rejected(text, span, end) or presented_as_mistake(text, span.start + first)
    unsettled = hypothetical(text, span, first) or st.poison_code is Reason.MODULAR or said_false \
        or discarded(text, span, end)
    # (the names a section defined are looked up only for a new name written `\approx` a number: it may bind it)
    approximated = _known_names(check, ctx, span.paragraph, span.start + first)[1] \
        if rels == ["≈"] and trees[0] is not None and name_of(trees[0]) not in (None, *ctx.env) \
        and is_literal(trees[1]) else frozenset()
    introduced = introduces_definition(text, span, first)
    plan = ctx.plan(trees, rels, unsettled, approximated,
                    introduced=introduced and defines_anew(text, ctx.last_span[1], span.start + first))
    if not introduced and _entry_restated(check, span.start + first, trees, rels):
        plan = Plan()  # `J_{ij} = ...` after `J = \\operatorname{diag}(p) - pp^\\top`: a claim about J's entries
    # what the text gave a meaning before the statement binds anything; only for a definition it introduces
    known = _known_names(check, ctx, span.paragraph, span.start + first) if introduced else None
    poison = _poison(check, span, st, trees, rels, first, remainder)
    defines_op = operation_definition(trees, rels)
    if defines_op is not None:  # `a \star b = 2a + b`: the text's own operation, for the whole key
        check.operations[operation_key(defines_op[0])] = defines_op[1]
    # a statement not read as written (a row of `\\begin{cases}`: one piece of a piecewise function) defines nothing
    defines_fn = function_definition(trees, rels) if not st.poison else None
    defined = plan.defined
    assumed = function_equation(trees, rels)  # `f(n) = \\frac1n \\sum_k f(k) + 2`: f is what satisfies it
    if defines_fn is not None and _assumed(text, span, first, end):
        assumed, defines_fn = defines_fn[0], None  # "assume $f(k) = \\frac{k+1}{k!}$": a claim about f at k
    if assumed is not None:
        _note_function(check, span, assumed, None)
    if defines_fn is not None:
        _note_function(check, span, *defines_fn)
        if not defined and not _standard(defines_fn[0]):
            defined = defines_fn[0]  # `f(x) = x^2 e^{-x}` defines f (a standard name is checked against its own)
    by_entries = entry_function_definition(trees, rels) if not (st.poison or defines_fn) else None
    if by_entries is not None and not _standard(by_entries[0]) and not _assumed(text, span, first, end):
        # `\operatorname{sm}(z)_i = e^{z_i}/\sum_j e^{z_j}`: sm of a vector the text gives is computed entry by entry
        _note_function(check, span, *by_entries, key=entry_function_key)
        defined = defined or by_entries[0]
    written_in = dependence_definition(trees, rels) if not (st.poison or unsettled or defines_fn) else None
    if written_in is not None and not _vector(check, span.start + first, written_in[1][0][0]):
        # `y = x^3`: what \frac{dy}{dx} differentiates, for the rest of the section (of a scalar x only: the
        # derivative by a vector is a Jacobian, read in index notation)
        _note_function(check, span, *written_in, key=dependence_key)
    if not poison[0] and not span.flashcard and getattr(span, "tokens", None) is None:
        # `p_i = e^{z_i}/S`, `\sum_k y_k = 1`: known to the later steps of index notation of the same section
        scopes = _index_scopes(check)
        scopes.note(check.operations, scopes.section_at(span.start + first), trees, rels,
                    restated=not introduced)
    named_last = _named_last(check, span, st, trees, rels, unsettled) if defines_fn is None and assumed is None \
        else None
    own = function_key(defines_fn[0]) if defines_fn is not None else ""
    given = _given(check, span, ctx, trees, first, end)
    origins = _note_given(ctx, span.start + first, given)
    given = {name: value for name, (value, _) in given.items()}
    job = replace(_job(check, span, ctx, parsed, defined, poison, end, remainder, own, given), introduced=introduced)
    results, values = check.worker.run(job)
    last = len(rels) - 1
    if named_last is not None and last in results and results[last].verdict is Verdict.UNCHECKED and all(
            i in results and results[i].verdict is Verdict.CORRECT for i in range(last)):
        # known to the later steps; its own link is what defines it. Only after links all proved: the text means a
        # function it knows (the sigmoid), and a slip's value would make that function's true properties false
        _note_function(check, span, *named_last)
        results[last] = Judgement(Verdict.UNCHECKED, "", f"defines {named_last[0]}", code=Reason.DEFINES)
    stale = _names_of_another_case(check, ctx, job, values, span.start + first)
    if stale:  # "Case 2: $t < 1$" after case 1 solved t = 4: in this case t is an unknown again
        for name in stale:
            ctx.forget(name)
        ctx.drop_values_of(stale)  # ("Let $x = 2$. If $x^2 = 9$": x = 2 is no fact of this case)
        # (made again from the paragraph as it is now: the names without their values, the facts without them)
        job = replace(_job(check, span, ctx, parsed, defined, poison, end, remainder, own, given),
                      introduced=introduced)
        results, values = check.worker.run(job)
    for i in range(len(rels)) if st.units else ():
        if i not in results or results[i].verdict is SKIP:
            continue
        converted = _converted(st, trees, rels, i, values)
        why = _units_differ(st, trees, i, values) if converted is None else ""
        if converted is not None:
            results[i] = converted
        elif why:
            results[i] = Judgement(Verdict.UNCHECKED, "", why)
    restates = None
    if 0 in results and plan.defined and rels == ["="]:
        restates = restatement(check, ctx, trees, values.get(1), span.start + first, span.paragraph)
    statement = Statement(check, span, ctx, job, dict(results), values, first, end, frozenset(later), defines_op,
                          restates, frozenset(st.units))
    after_judge(statement, results)
    _remember(check, statement, plan, results, said_false)
    _carry(check, statement, plan, unsettled)
    placed = _place(check, statement, st, plan, results, said_false, known)
    _index_scopes(check).settle(check.operations, _index_scopes(check).section_at(span.start + first), trees, placed)
    _restore_origins(ctx, origins)


_INEQUALITIES = {"<": sp.StrictLessThan, ">": sp.StrictGreaterThan, "≤": sp.LessThan, "≥": sp.GreaterThan}


def _names_of_another_case(check: Any, ctx: Context, job: StatementJob, values: dict, here: int) -> set[str]:
    """The names a case opened at ``here`` is about that the paragraph bound to values outside it ("so $t = 4$.
    Case 2: $t < 1$"; "Let $x = 2$. If $x^2 = 9$"; "... gives $x = 3$. Solving $2x = 8$"): the value belongs to the
    case before, and in this one the name is an unknown again. Only an inequality or an equation between rational
    values (the bound value in it) that is false there: the case cannot be about it. (A value written out for the
    name, "If $x = 3$", gives it that value: :func:`_remember`.)"""
    rels, trees = job.rels, job.trees
    if not rels or any(r not in _INEQUALITIES and r != "=" for r in rels) or _solution(trees, rels) \
            or not (opens_case(check.text, ctx.last_span[1], here) or solves_anew(check.text, ctx.last_span[1], here)):
        return set()
    names = set().union(*(bound_names(t, job.env) for t in trees if t is not None))
    terms = [values.get(j) for j in range(len(trees))]
    if not names or not all(isinstance(v, sp.Rational) for v in terms):
        return set()
    if all((terms[j] == terms[j + 1]) if r == "=" else _INEQUALITIES[r](terms[j], terms[j + 1]) is sp.true
           for j, r in enumerate(rels)):
        return set()
    return {n for n in names if ctx.bound_at.get(n, -1) >= 0 and not isinstance(ctx.env.get(n), Vec)}


def _carry(check: Any, s: Statement, plan, unsettled: bool) -> None:
    """A name the statement defines by a formula (``p_i = e^{z_i}/S``, ``J = \\operatorname{diag}(p) - p
    p^\\top``) whose inputs have values, known to the later steps of its section
    (:mod:`~lnsym.check.roles.defined_values`): bound in the paragraph, as a computed value, where the paragraph's
    own values give it; carried (proving only) where it rests on an earlier paragraph's or a carried value, or is
    the value of a later term of its chain (``J = \\frac{\\partial p}{\\partial z} = \\ldots``). Every
    definition is counted: a name defined twice is carried nowhere. Not a hypothetical or rejected one."""
    span, ctx, job = s.span, s.ctx, s.job
    if span.flashcard or getattr(span, "tokens", None) is not None or ctx.frozen:
        return
    name = defined_name(job.trees, job.rels, job.env)
    if name is None or not plan.defined:  # (`S = 10.1` after `S = e + e^2`: a statement about S, checked)
        return
    ctx.defines.setdefault(name, []).append(s.here)
    if s.job.introduced or supposes_value(check.text, span, s.first):
        ctx.introduced.add(name)
    if written_names(job.trees[1]):  # `y = Wx + b`: y has a meaning for the rest of the section (_known_names)
        key = _formula_key(check.section_of(span.paragraph))
        check.operations[key] = check.operations.get(key, frozenset()) | {name}
    if unsettled:
        ctx.supposed.add(name)
    if len(ctx.defines[name]) > 1 and ctx.origin.get(name) != s.here:  # defined again, by what it could not bind
        ctx.forget(name)
        ctx.carried.pop(name, None)
        ctx.claimed.discard(name)
    if unsettled or job.poison or job.approximate or name in ctx.env or len(ctx.defines[name]) > 1:
        return  # (an approximate one, "up to $\\epsilon$": its value is no more than a rounding, _remember)
    written = {n for t in job.trees if t is not None for n in written_names(t)} - {name}
    earlier = {n: v for n, (v, _) in check.earlier_values(span.paragraph, written - set(job.env)).items()}
    earlier.update({n: v for n, (v, _) in check.carried_values(span.paragraph, written - set(job.env) - set(earlier))
                    .items()})
    found = carried_value(check.worker, job, {**job.env, **earlier}, s.values)
    if found is None:
        return
    if (earlier and set(earlier) & written) or not found[2]:
        # (a later term of the chain, `A_3 = A_2 + A_0 = 3 + 1`, is what the text claims, not what it defines)
        ctx.carried[name] = (found[1], s.here)
        if not found[2]:
            ctx.claimed.add(name)
        if _rests_on_inexact(check, span.paragraph, job.trees, job.rels):
            ctx.inexact.add(name)
        return
    ctx.env[name], ctx.kind[name], ctx.origin[name] = found[1], "derived", s.here  # the paragraph's own values
    ctx.bound_at[name] = ctx.count - 1
    if _rests_on_inexact(check, span.paragraph, job.trees, job.rels):
        ctx.inexact.add(name)
    check.note_binders({name}, span.paragraph)


def _note_dependences(ctx: Context, trees: list, plan, before: dict[str, Any]) -> None:
    """The names the statement binds depend on the names it writes (and on those whose values it writes as numbers);
    a name it gives another value (``before``: the values it had) takes what was computed from it along."""
    written = {n for t in trees if t is not None for n in written_names(t)} - set(plan.bind)
    # and the names of values the statement writes as numbers (`A = \\pi \\cdot 2^2` after `r = 2`): the value
    # may be computed from them, and goes with them ("Now let $r = 3$. Then $A = 4\\pi$" is not proved)
    written |= _written_as_numbers(ctx, trees) - set(plan.bind) if plan.kind == "derived" else set()
    # (a name given two values in a row holds candidates, "$t = 4$ and $t = -2$": neither replaces the other)
    changed = {n for n, v in before.items() if n not in ctx.candidates
               and (ctx.env.get(n) is None or not _same(ctx.env.get(n), v))}
    if changed:  # "now let $r = 3$": what was computed from the old r, and the facts of it, go
        ctx.rebind(changed)
    for name in plan.bind:  # (kept across its bindings: `s = 4` under "if $q = 2$" after `s = 2q` rests on q)
        ctx.depends[name] = ctx.depends.get(name, set()) | written


def _written_as_numbers(ctx: Context, trees: list) -> set[str]:
    """The names bound to a bare value (``r = 2``, ``p = 0.3``, ``a = -2``) whose value the statement writes as a
    number (``\\pi \\cdot 2^2``, ``1 - 0.3``, ``3 \\cdot (-2)``); not 0 and ±1, which are written everywhere for
    their own sake."""
    written = set()
    for digits in set().union(*(numerals(t) for t in trees if t is not None)):
        try:
            written.add(Fraction(digits))
        except (ValueError, ZeroDivisionError):
            continue  # (digits with a separator or a base)
    return {name for name, value in ctx.env.items() if ctx.kind.get(name) == "let" and isinstance(value, sp.Rational)
            and abs(value) not in (0, 1) and Fraction(int(abs(value).p), int(abs(value).q)) in written}


def _rests_on_inexact(check: Any, paragraph: int, trees: list, rels: list[str]) -> bool:
    """Does the value a statement gives a name rest on a decimal of three places or more (``S = 11.2125``: often a
    rounding, though written with '='), or on a name whose value is a rounding or rests on one
    (``Context.inexact``), in its paragraph or an earlier one? Its terms up to the first '≈' (``S = e + e^2
    \\approx 30.19``: S is the sum, not its rounding)."""
    exact = trees[: next((j + 1 for j, r in enumerate(rels) if r != "="), len(trees))]
    if any(len(d.split(".")[1]) >= 3 for t in exact if t is not None for d in decimals_in(t)):
        return True
    written = {n for t in trees if t is not None for n in written_names(t)}
    return bool(written) and any(written & ctx.inexact for p, ctx in check.contexts.items() if p <= paragraph)


def _named_last(check: Any, span: Span, st, trees: list, rels: list[str], unsettled: bool) -> tuple | None:
    """The function a chain names at its end (:func:`~lnsym.check.roles.forms.function_named_last`: ``... =
    \\frac{1}{1 + e^{-x}} = \\sigma(x)``) when the name is free: no standard function, none the section defined
    before. Not in a statement read otherwise than as written, supposed, or rejected."""
    if st.poison or unsettled:
        return None
    named = function_named_last(trees, rels)
    if named is None or _standard(named[0]) or function_key(named[0]) + _function_scope(check, span) in \
            check.operations or _written_before(check.text, span.start, named[0]):
        return None
    return named


def _written_before(text: str, end: int, name: str) -> bool:
    """Is the name written anywhere in ``text`` before ``end`` (``g`` in "the functions $f$ and $g$ satisfy",
    ``\\sigma`` as a standard deviation)? Then a chain's ``= g(x)`` is an equation about it (solve for x where
    f(x) = g(x)), not its name for what the chain computed."""
    word = re.escape(name.lstrip("\\"))
    lead = r"\\" if name.startswith("\\") else r"(?<![A-Za-z\\])"
    return re.search(lead + word + r"(?![A-Za-z])", text[:end]) is not None


def _standard(name: str) -> bool:
    return calculus.standard_name(name) is not None or name in calculus.STANDARD


def _function_scope(check: Any, span: Span) -> str:
    return f"@{check.section_of(span.paragraph)}"


def _note_function(check: Any, span: Span, name: str, rule: tuple | None, key=function_key) -> None:
    """``f(x) = x^2 e^{-x}``, ``\\varphi(x) = ...``: the function, for the rest of its section (a heading, a new
    problem or solution starts another, where the letter may mean another function); its values (f(2)) and its
    derivatives (f'(2)) are read. Defined twice in a section, it is none. ``key``: :func:`dependence_key` for a name
    written as an expression of one variable (``y = x^3``)."""
    key = key(name) + _function_scope(check, span)
    check.operations[key] = rule if check.operations.get(key, rule) == rule else None


def _functions(check: Any, span: Span, own: str) -> dict[str, Any]:
    """The functions the statement's section defines (not ``own``, the one the statement itself defines: its
    definition is no claim about it)."""
    scope = _function_scope(check, span)
    return {k[: -len(scope)]: v for k, v in check.operations.items()
            if k.startswith(("fn:", "dep:", "fn_i:")) and k.endswith(scope) and k[: -len(scope)] != own}


def _poison(check: Any, span: Span, st, trees: list, rels: list[str], first: int,
            remainder: str) -> tuple[str, Reason, int | None]:
    """Why the statement is not decided as written, or ``""``: modular arithmetic, numbers in another base, notation
    the text defines for itself, a Legendre symbol it may be; with what it says, and the modulus of a congruence
    (:attr:`~lnsym.check.judges.judgement.StatementJob.modulus`)."""
    text = check.text
    if st.poison:
        return st.poison, st.poison_code, st.modulus
    end = st.terms[-1][-1].end if st.terms and st.terms[-1] else first
    if up_to_small(text, span, end):
        return "equal only up to a small quantity the text leaves open ('up to ε')", Reason.OTHER, None
    if len(trees) == 2 and trees[0] is not None and is_literal(trees[0]) and percent_of_after(text, span, end):
        # (a number equated to a percent; `38597376 / 124439808 \approx 31.0\%` of the total is a whole claim)
        return "a percent of what the words after the math name ('25% of $48$')", Reason.OTHER, None
    if span.paragraph in check.other_base or other_number_system(text, span, first):
        return "numbers may be in another base", Reason.OTHER_BASE, None
    # an inequality is about integers, and so is a division with its remainder
    if check.moduli_named and set(rels) <= {"=", "≡"} and not remainder \
            and not any(t is not None and mentions(t, Quotient) for t in trees):
        modulus = prose_modulus(text, span, first)  # "(mod 5)" after it, "In $\mathbb{Z}_7$" before it
        if modulus is not None:
            reason, modulus = modular_reason(modulus)  # (no modulus when it is out of range)
            return reason, Reason.MODULAR, modulus
        if modular_words(text, span, first):
            return MODULAR, Reason.MODULAR, None
    if check.e_named and any(t is not None and _euler_power(t) for t in trees):
        return "the text gives e a meaning of its own: e^{...} may not be Euler's number", Reason.OTHER, None
    written = uses_notation(st.terms, check.notation) if check.notation else ""
    if written:
        return f"the text defines its own notation {written}, which lnsym does not read", Reason.OTHER, None
    if check.residue_symbols and residue_symbol(st.terms):
        return ("the text speaks of Legendre or Jacobi symbols: a fraction alone in brackets may be one", Reason.OTHER,
                None)
    return "", Reason.OTHER, None


def _euler_power(tree: Any) -> bool:
    """Does the term raise the letter e to a power (``e^2``, ``e^{-x}``)?"""
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, Pow):
            base = t.base
            while isinstance(base, Group) and base.bracket is None:
                base = base.inner
            if base == Sym("e", None):
                return True
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return False


def _hypothesis_fixes(text: str, ctx: Context, current: tuple[int, int]) -> bool:
    """Is the statement at ``current`` asserted under the hypothesis just before it, a value written out for
    one name ("suppose instead $a = 4$; then $a^2 = 9$")? A hypothesis that computes with other names
    (``x = -y``) may use values of another case (y bound where x = y was supposed), and what the text
    derives under it uses the paragraph's other equations too."""
    hypothesis = ctx.previous_equation()
    return (ctx.hypothesis_at == ctx.count - 1 and hypothesis is not None
            and len(getattr(hypothesis, "free_symbols", ())) == 1
            and under_hypothesis(text, ctx.last_span, current))


def _regions(check: Any, span: Span, ctx: Context, current: tuple[int, int], end: int,
             rels: list[str]) -> tuple[Region, ...]:
    """The ranges the statement at ``current`` is asserted on: the hypothesis just before it ("If $t \\ge 1$, then
    ..."), joined to it by "then" or a comma (:func:`~lnsym.check.roles.cues.under_region`), or, for a bound, the
    range the bound before it in its sentence was asserted on ("Then $x^2 > 9$ and so $x^2 - 10 > 0$"): one
    variable's range, a difference's, or one range per variable where each link bounds one ("Case 2: $a \\ge 0 >
    b$"). A statement false on one is refuted only when the text does not go on to dismiss the case or solve for
    the variable (:func:`~lnsym.check.roles.cues.case_dismissed`)."""
    bound = bool(rels) and all(r in ("<", ">", "≤", "≥") for r in rels)
    if ctx.region is None or not (
            (ctx.region_at == ctx.count - 1
             and under_region(check.text, ctx.last_span, current, bound, opened=ctx.region[0][3]))
            or (bound and ctx.region_carry == ctx.count - 1 and goes_on_under_region(check.text, ctx.last_span,
                                                                                      current))):
        return ()
    if len(ctx.region) > 1:
        return _box(check, span, ctx.region, current, end)
    ((values, rels, source, _),) = ctx.region
    ranged = region_of(values, rels)
    if ranged is not None:
        symbol, alone = ranged
        # "Let $x > 0$ be given. If $x < 1$, then": 0 < x < 1 (also after "Let $x > 0$." in a paragraph before)
        where = standing_range(ctx, symbol, alone, check.earlier_assumptions(span.paragraph))
        if where is None:
            return ()
        if where != alone:  # the evidence names the range it decided on
            source = f"{source}, with what the text stated before ({_range_text(where, symbol)})"
        refute = not case_dismissed(check.text, span, end, str(symbol)) \
            and not signed_before(check.text, _paragraph_start(check.text, span.start), current[0])
        return (Region(symbol, where, source, refute, integer=may_count(check.text, current, str(symbol))),)
    between = difference_region(values, rels)  # "Case 2: $a < b$": a condition on a difference
    if between is None:
        return tuple(Region(symbol, where, source, not case_dismissed(check.text, span, end, str(symbol)),
                            integer=may_count(check.text, current, str(symbol)))
                     for symbol, where in link_regions(values, rels))
    symbol, where, (a, b) = between
    dismissed = case_dismissed(check.text, span, end, str(a)) or case_dismissed(check.text, span, end, str(b))
    return (Region(symbol, where, source, not dismissed, (a, b)),)


def opens_new_case(text: str, previous_end: int, here: int) -> bool:
    """Does the statement at ``here`` open a case, a range or a trial ("If $x > 0$", "while for $0 < x < 1$", "Try
    $n = 5$")? What the paragraph derived in the case before is then no evidence (:meth:`Context.open_case`)."""
    return opens_case(text, previous_end, here) or opens_trial(text, previous_end, here) \
        or (previous_end < here and opens_region(text, here)) or new_row(text, previous_end, here)


def _another_case(text: str, ctx: Context, trees: list, current: tuple[int, int]) -> bool:
    """Does the statement at ``current`` (not counted yet) open another case of the names the paragraph's case
    speaks of (:meth:`Context.open_case`), not joined to its hypothesis? Then the facts of that case prove nothing
    of it."""
    if ctx.case is not None and leaves_hypothesis(text, ctx.last_span[1], current[0]):
        return True  # "Dropping this assumption, $x^3 > x$"
    if not opens_new_case(text, ctx.last_span[1], current[0]) or _joins_case(text, ctx, ctx.count - 1, current) \
            or refines(text, ctx.last_span[1], current[0]) or restated(text, ctx.last_span[1], current[0]):
        return False
    return (ctx.case is not None and (otherwise(text, ctx.last_span[1], current[0])
                                      or new_row(text, ctx.last_span[1], current[0]))) \
        or ctx.alternative({n.split("_")[0] for t in trees if t is not None for n in tree_names(t)})


def _range_text(where: sp.Set, symbol: sp.Symbol) -> str:
    """``0 < x < 1`` for an interval, SymPy's relational for any other set."""
    if isinstance(where, sp.Interval):
        low = "" if where.inf == -sp.oo else f"{where.inf} {'<' if where.left_open else '≤'} "
        high = "" if where.sup == sp.oo else f" {'<' if where.right_open else '≤'} {where.sup}"
        return f"{low}{symbol}{high}"
    return sp.sstr(where.as_relational(symbol))


def _paragraph_start(text: str, offset: int) -> int:
    """Where the paragraph around ``offset`` starts (after the last blank line before it), looked for in the 2,000
    characters before it only: a long text without blank lines is not searched back to its start at every case."""
    low = max(0, offset - 2000)
    found = text.rfind("\n\n", low, offset)
    return low if found < 0 else found + 2


def _joins_case(text: str, ctx: Context, previous: int, current: tuple[int, int]) -> bool:
    """Is the statement at ``current`` one more condition of the case the statement just before it (index
    ``previous``) opened, joined to it by "and" or a comma ("consider the case $p = 3$ and $q = 2$")?"""
    return ctx.case is not None and ctx.case_at == previous and joins_condition(text, ctx.last_span, current)


def _same(a: Any, b: Any) -> bool:
    """Are two bound values the same (exactly; a vector entry by entry)? Undecided is not the same: no simplification
    here, outside the judges' time limit (two values written alike, or SymPy's assumptions, decide)."""
    try:
        if a == b:
            return True
        return not (isinstance(a, Vec) or isinstance(b, Vec)) and (a - b).is_zero is True
    except Exception:
        return False


def _box(check: Any, span: Span, parts: tuple, current: tuple[int, int], end: int) -> tuple[Region, ...]:
    """The regions of a hypothesis written as several conditions ("for $\\delta \\ge 0$ and $n \\ge 1$"), one per
    variable, when each condition is a range of its own variable (:func:`region_of`); () otherwise. The source of
    each is the whole hypothesis, as a refutation at a point of all of them names it."""
    ranged = [region_of(values, rels) for values, rels, _, _ in parts]
    if any(r is None for r in ranged) or len({r[0] for r in ranged}) != len(ranged):
        return ()
    source = " and ".join(src for _, _, src, _ in parts)
    return tuple(Region(symbol, where, source, not case_dismissed(check.text, span, end, str(symbol)),
                        integer=may_count(check.text, current, str(symbol))) for symbol, where in ranged)


def _given(check: Any, span: Span, ctx: Context, trees: list, first: int, end: int) -> dict[str, tuple[Any, int]]:
    """The values given for this statement alone, each with its place: those the words right after it give names it
    leaves free ("$V = s^3 = 64$ where $s = 3$", :func:`~lnsym.check.roles.cues.where_values`), and the number its
    table row has under a header that names a variable (``| $n$ | ... |``, then ``| $5$ | $2^n = 32$ |``:
    :func:`~lnsym.check.spans.tables.row_value`), which holds for the row whatever the name was bound to before.
    The statement is judged with them, and a refutation stands on them (they are no case or candidate of another
    statement)."""
    if getattr(span, "tokens", None) is not None:
        return {}
    # (where-values for a statement with a number in it: "$V = s^3 = 64$ where $s = 3$" claims that value; a formula
    # of names only, "$\sum_{k=1}^{2n} (-1)^{k+1} k^2 = -n(2n+1)$ with $n = 50$", is claimed for every n)
    written = [tree_names(t) for t in trees if t is not None]
    found = [(name, number, at, False) for name, number, at in where_values(check.text, span.start + end)] \
        if not all(written) else []
    row = row_value(check.text, span.start + first)
    if row is not None:
        found.append((*row, True))
    names = set().union(*written)
    given = {}
    for name, number, at, _ in found:
        value = Fraction(number)
        value = sp.Rational(value.numerator, value.denominator)
        # (a value bound before gives way: "$k^2 = 9$, where $k = 4$" after "Let $k = 3$" is claimed at k = 4)
        if name in names and (name not in ctx.env or not _same(ctx.env[name], value)):
            given[name] = (value, at)
    return given


def _note_given(ctx: Context, here: int, given: dict[str, tuple[Any, int]]) -> dict[str, tuple[int | None, int]]:
    """The values given for the statement at ``here`` alone (:func:`_given`) noted in the context: their places as
    the names' origins (the evidence's lines) and their names as :attr:`Context.given`. Returns each name's origin
    before and the one given, for :func:`_restore_origins`."""
    origins = {name: (ctx.origin.get(name), at) for name, (_, at) in given.items()}
    ctx.origin.update({name: at for name, (_, at) in given.items()})
    ctx.given = (here, frozenset(given))
    return origins


def _restore_origins(ctx: Context, origins: dict[str, tuple[int | None, int]]) -> None:
    """After the statement, each given name's origin as it was (unless the statement bound the name itself)."""
    for name, (before, at) in origins.items():
        if ctx.origin.get(name) == at:
            if before is None:
                ctx.origin.pop(name)
            else:
                ctx.origin[name] = before


def _job(check: Any, span: Span, ctx: Context, parsed: tuple, defined: str, poison: tuple[str, Reason, int | None],
         end: int, remainder: str, own: str = "", given: dict[str, Any] | None = None) -> StatementJob:
    """What the judge is given: the statement, the names bound (the key's operations and the functions of its
    section, the paragraph's values, and those the words after it give: ``given``) and what the paragraph and its
    prose say of it."""
    _, trees, errors, sources, rels, first = parsed
    text, here, there = check.text, span.start + first, span.start + end
    name_chain = trees[0] is not None and name_of(trees[0]) is not None and rels[0] == "="
    operations = {k: v for k, v in check.operations.items() if not k.startswith(("fn:", "dep:", "premises:"))}
    env = {**operations, **_functions(check, span, own), **ctx.env, **(given or {})}
    # "Then for all real $x$, $x^2 = 4$" after "Let $x = 2$", "Hence for every $x$, $x^2 > x$" after "$x > 1$":
    # claimed for every x, not for the value bound nor under the conditions stated
    every = set(quantified(text, *span.outer) or ()) if getattr(span, "tokens", None) is None else set()
    if getattr(span, "tokens", None) is None and not every:  # ("for each $x \\in \\mathbb{R}$", "holds identically")
        every = universally(text, *span.outer, {n for t in trees if t is not None for n in written_names(t)})
    env = {k: v for k, v in env.items() if k not in every}
    claims = derivative_claims(trees, rels, env)
    if claims and solving(text, span, first, end):
        claims = frozenset()  # "setting $f'(x) = 2x - 4$ to zero": an equation being solved
    poison, poison_code, modulus = poison
    return StatementJob(trees, errors, sources, rels, env, defined, poison, poison_code=poison_code, modulus=modulus,
                        name_chain=name_chain, claims=claims, approx=dict(ctx.approx),
                        # (a statement that opens a case is not proved by the facts of the case before it)
                        # nor one asserted under the condition written after it ("$y = 1$ when $x = -2$")
                        previous=_without(ctx.facts_outside_case() if _another_case(text, ctx, trees, (here, there))
                                          or (ctx.case is not None and condition_after(text, there)) else ctx.facts,
                                          every),
                        computed=frozenset(base_names(n for n, k in ctx.kind.items() if k == "derived")),
                        remainder=remainder, approximate=approximate(text, span, first),
                        said_rounded=said_rounded(text, span),
                        derived_from=ctx.previous_equation()
                        if derives(text, ctx.last_span, (here, there)) or _hypothesis_fixes(text, ctx, (here, there))
                        or (_solution(trees, rels) and solved_with_and(text, ctx.last_span, (here, there)))
                        else None,
                        floor_brackets=check.floor_named, prose=getattr(span, "tokens", None) is not None,
                        rounded=frozenset(ctx.rounded), constants=check.constants,
                        bounds=(*_premises(check, span, ctx), *ctx.bounds,
                                *_bounds_after(text, there, check.lines.line_of(there))),
                        definitions=frozenset(n for n, at in ctx.defines.items()
                                              if len(at) == 1 and n in ctx.introduced),
                        regions=_regions(check, span, ctx, (here, there), end, rels),
                        matrices=getattr(check, "matrices_named", False) and not _declares_matrices(check, here),
                        assigned=len(rels) > 0 and ASSIGNED.search(text, max(0, here - 60), here) is not None)


def _without(facts: tuple | None, names: set[str]) -> tuple | None:
    """``facts`` but those about ``names`` alone (``x > 1``, ``x = 2``: a value or a condition, which a claim for
    every x does not rest on); a relation with another name (``a + b = 11``) holds for every value and stays."""
    if not names or not facts:
        return facts
    about = [{str(x) for x in getattr(fact_expr(f), "free_symbols", ())} for f in facts]
    kept = tuple(f for f, names_of in zip(facts, about, strict=True) if not (names_of and names_of <= names))
    return kept or None


def _premise_key(check: Any, span: Span) -> str:
    return f"premises:{check.section_of(span.paragraph)}"


def _bounds_after(text: str, end: int, line: int) -> tuple:
    """The bounds the statement ending at ``end`` is claimed under, written right after it ("... for $u, v \\ge 0$",
    :func:`~lnsym.check.roles.cues.bound_after`), as the lemmas take a paragraph's bounds: one per name."""
    found = bound_after(text, end)
    if found is None:
        return ()
    names, from_below, number = found
    value = sp.Rational(number)
    out = []
    for source in names:
        try:
            name = _value_of_name(source)
        except ValueError:  # (a parse or evaluation error of a name the reader does not take)
            continue
        if isinstance(name, sp.Symbol):
            out.append(Bound(value, name, f"{number} \\le {source}", line) if from_below
                       else Bound(name, value, f"{source} \\le {number}", line))
    return tuple(out)


def _value_of_name(source: str) -> Any:
    """The judges' value of a name written in math (``x_1``, ``\\delta``): the symbol a statement about it has."""
    return evaluate(parse_term(tokenize(source)), {})


def _note_premise(check: Any, span: Span, bound: Any) -> None:
    """A bound the text fixes for what follows ("Let $\\delta > -1$ and $n \\ge 1$ an integer."): a hypothesis of
    the lemmas of the later paragraphs of its section, kept with its paragraph (a new tuple each time, as the
    section's other facts are kept: an editor's kept state is never changed afterwards)."""
    if bound is not None:  # (the last few: a long text of premises stays linear)
        key = _premise_key(check, span)
        check.operations[key] = (*check.operations.get(key, ())[-(KEEP_EQUATIONS - 1) :], (span.paragraph, bound))


def _premises(check: Any, span: Span, ctx: Context) -> tuple:
    """The bounds earlier paragraphs of the section fixed (:func:`_note_premise`), for the lemmas of this one; not
    one about a name this paragraph binds or bounds by a number itself (a case it opens: "now suppose $\\delta <
    -1$")."""
    fixed = check.operations.get(_premise_key(check, span), ())
    if not fixed:
        return ()  # (most texts fix none: the paragraph's names are not gathered for nothing)

    def names(b: Any) -> set[str]:
        return {str(s) for s in b.low.free_symbols | b.high.free_symbols}

    own = set(ctx.env).union(*(names(b) for b in ctx.bounds if b.low.is_number or b.high.is_number))
    return tuple(b for paragraph, b in fixed if paragraph != span.paragraph and not names(b) & own)


def _solution(trees: list, rels: list[str]) -> bool:
    """Is the statement a value written out for one name (``t = -2``), as a solution is?"""
    return rels == ["="] and trees[0] is not None and name_of(trees[0]) is not None and is_literal(trees[1])


def _remember(check: Any, s: Statement, plan, results: dict[int, Judgement], said_false: bool) -> None:
    """What the paragraph keeps of the statement: the value it ends on, a case it opens, the names it binds, the
    decimals it rounds, the equation it states, whether it is a hypothesis."""
    span, ctx, job, values, text = s.span, s.ctx, s.job, s.values, check.text
    trees, rels, sources, here = job.trees, job.rels, job.sources, s.here
    last = results.get(len(rels) - 1)  # a computation whose last link holds: the value it ends on
    computed = last is not None and last.verdict in (Verdict.CORRECT, Verdict.IMPRECISE)
    ctx.last_result = (values.get(len(rels)), span.start + s.end) if computed else None
    # "$x = 3$ or $x = -3$": the two are alternatives, and neither is a fact for what follows
    alternatives = list(ctx.last_facts) if joined_by_or(text, ctx.last_span[1], here) else None
    _open_cases(s, text, values)
    if not plan.bind and rels and rels[-1] == "=" and isinstance(values.get(len(rels)), Vec):
        check.reader.note_vector(span.paragraph, sources[0], values.get(len(rels)))
    if not span.flashcard:
        bound = bound_of(rels, values, sources, check.lines.line_of(here))
        listed = listed_bounds(text[span.start : here], bound, _value_of_name)  # (`a, ` of `a, b > 0`)
        ctx.note_bounds([bound, *listed])
        if set(rels) & {"<", ">", "≤", "≥"} and fixes_premise(text, here):
            for each in (bound, *listed):
                _note_premise(check, span, each)
    if _solution(trees, rels) and not said_false and not opens_new_case(text, ctx.last_span[1], here):
        ctx.leave_case(name_of(trees[0]), values.get(1))  # "..., but $x = 2$": out of the case of x = 3
    if leaves_hypothesis(text, ctx.last_span[1], here):
        ctx.close_case()
    # ("$x + 3 = 0$" after x = 4: about another x, an equation in x as written)
    other = _leave_other_values(check, ctx, job, results) if not span.flashcard and not ctx.frozen else None
    # "$x^2 > x$ when $x > 1$": a statement asserted under the condition written after it is no fact outside it
    facts_before = (list(ctx.equations), list(ctx.inequalities)) if condition_after(text, s.there) else None
    if (plan.bind or plan.defined) and not span.flashcard and not ctx.frozen:
        # `a_n = 3n` after `a_n = 2n`: what was said of a_3 was of the old sequence
        ctx.redefine(list(dict.fromkeys([*plan.bind, *([plan.defined] if plan.defined else [])])),
                     values.get(len(rels)), anew=defines_anew(text, ctx.last_span[1], here))
    before = {n: ctx.env.get(n) for n in plan.bind if n in ctx.env}
    ctx.after(plan, values, here)
    against_formula = results.get(0) is not None and results[0].code is Reason.FORMULA_VALUE
    if against_formula:  # `F = 5` after `F = m a` with m = 2, a = 3: refuted, so no value of F and no fact
        for name in plan.bind:
            ctx.forget(name)
    refuted = [Inequality.of(values.get(j), values.get(j + 1), rels[j]) for j, r in results.items()
               if r.verdict is Verdict.WRONG and j < len(rels)]
    if refuted:  # a bound the step refuted is no fact for later ones ("If $x \\le 3$, then $x^2 \\ge 4$" is false)
        ctx.inequalities = [q for q in ctx.inequalities if q not in refuted]
    if plan.bind and not span.flashcard and not ctx.frozen:
        _note_dependences(ctx, trees, plan, before)
    rounding = plan.bind and (job.approximate or up_to_small(text, span, s.end))  # its value no more than a rounding
    if rounding and not span.flashcard:
        for name in plan.bind:  # "$w_1 = 2 - 0.1 = 1.9$ up to $\\epsilon$": its value is no more than a rounding
            ctx.forget(name)
    if plan.bind and not span.flashcard and ("≈" in rels[: plan.value_index]
                                             or _rests_on_inexact(check, span.paragraph, trees, rels)):
        ctx.inexact.update(plan.bind)
    if plan.bind and not span.flashcard:  # (binding `\sigma` binds `\sigma^2` too, and the other way round)
        check.note_binders({*plan.bind, *(PARTNER.get(n, n) for n in plan.bind)}, span.paragraph)
    if not span.flashcard:  # `\hat x \approx (1.225, -1.225, 0)`: later, 1.225 is a rounding, not a datum
        ctx.rounded.update(_roundings(job, trees, rels, results))
    if any(t is not None and mentions(t, ("sym", "°")) for t in trees):
        ctx.degrees |= set(plan.bind)  # `x = 100^\circ`: a later `x = 100` counts degrees
    if not span.flashcard:
        # `-2b + b = -3b = 9, so b = -3`: after a broken link the text solves the rest of the chain
        broken = max((i + 1 for i, r in results.items() if r.code is Reason.NO_COMMON_SOLUTION), default=0)
        if not rounding and not against_formula:
            # `x = \\frac23 = 0.7` (rounded), `w = 1.9` up to ε: no equation of x's value
            written = values if other is None else other
            ctx.note_equation(equation(rels[broken:], {j - broken: v for j, v in written.items() if j >= broken}))
    hypothesis = job.name_chain and opens_hypothesis(text, here)
    value_written = literal_of(trees[1]) if len(trees) == 2 and trees[1] is not None else None
    if hypothesis and len(trees) == 2 and is_literal(trees[1]) and not cut_inside(trees[1]) \
            and not (value_written is not None and value_written.open_ended):  # `x = 0.999\ldots`: digits go on
        ctx.hypothesis_at = ctx.count - 1  # (after() counted this statement)
    if job.regions and rels and all(r in ("<", ">", "≤", "≥") for r in rels):
        ctx.region_carry = ctx.count - 1  # (after() counted this statement) a next bound may go on from it
    part = (dict(values), list(rels), text[here : s.there], here)
    if not said_false and opens_region(text, here):  # "if $t \ge 1$", "for $0 < x < 1$": the range what follows
        # it is asserted on, read (:func:`_region`) only when a statement follows under it: solving is not cheap
        ctx.region_at, ctx.region = ctx.count - 1, (part,)
    elif (not said_false and ctx.region is not None and ctx.region_at == ctx.count - 2 and rels
          and all(r in ("<", ">", "≤", "≥") for r in rels) and joins_condition(text, ctx.last_span, (here, s.there))):
        # "For $0 \le \eta \le 1$ and $n \ge 0$, ...": one more condition of the same hypothesis
        ctx.region_at, ctx.region = ctx.count - 1, (*ctx.region, part)
    if (job.name_chain and not hypothesis) or said_false:
        ctx.equation_at = -1  # `x = -3`, `z = \frac{-1-1}{4}`: a result, not an equation to derive from
    if facts_before is not None:
        ctx.equations = [e for e in ctx.equations if e in facts_before[0]]
        ctx.inequalities = [q for q in ctx.inequalities if q in facts_before[1]]
    if job.assigned and not span.flashcard and not ctx.frozen:
        _assign(check, span.paragraph, ctx, (text, here), values.get(len(rels)), results, len(rels))
    if alternatives is not None and not ctx.frozen:
        ctx.drop_alternatives(alternatives, ctx.last_facts)
    ctx.last_span = (here, s.there)


def _open_cases(s: Statement, text: str, values: dict) -> None:
    """The case, hypothesis or standing assumption the statement opens (part of :func:`_remember`): a case of the
    names it speaks of, or a condition more of the case in force; the facts of another case of its unknowns dropped
    (:meth:`Context.new_case`); a name others were computed from given another value."""
    ctx, trees, rels, here = s.ctx, s.job.trees, s.job.rels, s.here
    opens = opens_case(text, ctx.last_span[1], here)
    if opens_new_case(text, ctx.last_span[1], here):  # the facts of the case before are not this one's
        links = tuple((values.get(j), values.get(j + 1), rel) for j, rel in enumerate(rels))
        if ctx.case is not None and (_joins_case(text, ctx, ctx.count - 2, (here, s.there))
                                     or refines(text, ctx.last_span[1], here)
                                     or (restated(text, ctx.last_span[1], here) and not ctx.outside_case(links))):
            ctx.extend_case(links)  # "and $q = 2$", "if also $x \\le 3$": a condition more of the case in force
        else:
            # (a table's rows are cases of their own, each the other of the one before)
            ctx.open_case(links, other=otherwise(text, ctx.last_span[1], here) or new_row(text, ctx.last_span[1], here))
        given = name_of(trees[0]) if rels == ["="] and trees[0] is not None else None
        bound = given in ctx.env and isinstance(values.get(1), sp.Expr) and _same(ctx.env[given], values[1])
        if given is not None and not bound and any(given in deps for deps in ctx.depends.values()):
            ctx.rebind({given})  # "Suppose $r = 3$" after `A = \\pi r^2` with r = 2: A is of the old r
    replaces = replaces_hypothesis(text, ctx.last_span[1], here)
    if not s.span.flashcard and not ctx.frozen and rels and all(r in ("<", ">", "≤", "≥") for r in rels):
        _note_assumption(ctx, text, here, values, rels, replaces)
    # ("For $x \\in [-1, 0)$" after "Let $x \\ge 0$": a range that contradicts what was stated of x is another case)
    if ctx.facts and (opens or solves_anew(text, ctx.last_span[1], here)
                      or (rels and all(r in ("<", ">", "≤", "≥") for r in rels) and opens_region(text, here))):
        for j, rel in enumerate(rels):  # each link of the case's condition (`a \ge 0 > b`: also 0 > b)
            ctx.new_case(equation([rel], {0: values.get(j), 1: values.get(j + 1)}),
                         Inequality.of(values.get(j), values.get(j + 1), rel), replaces)


def _note_assumption(ctx: Context, text: str, here: int, values: dict, rels: list[str], replaces: bool) -> None:
    """A bound of one variable the text assumes for what follows ("Assume $x > 0$."): kept as a standing assumption
    of the paragraph (:attr:`Context.assumptions`); one put in the place of those before ("Now let $x > 2$") takes
    the place of theirs on its variable."""
    links = [Inequality.of(values.get(j), values.get(j + 1), rel) for j, rel in enumerate(rels)]
    names = {s for q in links if q is not None for s in q.expr.free_symbols}
    assumed = None not in links and len(names) == 1 and assumes(text, ctx.last_span[1], here)
    # (a second "Suppose $x > 0$" after "Suppose $x > 1$" is the next case, unless the words add it: "also")
    if names and (replaces or (assumed and not adds_assumption(text, ctx.last_span[1], here))):
        ctx.assumptions = [q for q in ctx.assumptions if not q.expr.free_symbols & names]
    if assumed:
        ctx.assumptions.extend(links)


def _leave_other_values(check: Any, ctx: Context, job: StatementJob, results: dict[int, Judgement]) -> dict | None:
    """A step false with a value bound earlier, left unchecked as being about another value of the name ("From $3y -
    1 = 5$, $y = 2$. From $3y - 1 = 8$, ..."): the text has left the old value, so the name loses it, and the facts
    that mention the name go (:meth:`~lnsym.check.roles.context.Context.change`); else they would prove the old
    case's results again ("..., $y = 2$" once more). Returns the statement's values with those names left unknown
    (its equation, a fact for what follows: "$x + 3 = 0 \rightarrow x = -3$"), or None."""
    names: set[str] = set()
    for j, res in results.items():
        if res.code is Reason.ANOTHER_VALUE and j + 1 < len(job.trees):
            names |= set().union(*(bound_names(t, job.env) for t in job.trees[j : j + 2] if t is not None))
    names &= set(ctx.env)
    for name in sorted(names):
        ctx.change(name)
    if not names:
        return None
    env = {n: v for n, v in job.env.items() if n not in names and PARTNER.get(n) not in names}
    _, values = check.worker.run(replace(job, env=env, defined=""))
    return values
def _assign(check: Any, paragraph: int, ctx: Context, where: tuple[str, int], value: Any,
            results: dict[int, Judgement], links: int) -> None:
    """``w \\leftarrow w - 0.1 \\cdot 2w = 0.8``: the name before the arrow takes the value the statement ends on
    when each link of it holds (as written or as a rounding), and else no value; the old value, and what was
    computed from it, are gone either way, in this paragraph and the later ones."""
    text, here = where
    found = ASSIGNED.search(text, max(0, here - 60), here)
    written = re.match(r"(.*?)\s*\\(?:leftarrow|gets)", found.group(0)) if found is not None else None
    try:
        name = name_of(parse_term(tokenize(written.group(1)))) if written is not None else None
    except (LexError, ParseError):
        name = None
    if name is None:
        return
    proved = all(j in results and results[j].verdict in (Verdict.CORRECT, Verdict.IMPRECISE) for j in range(links))
    ctx.assign(name, value if proved else None, here)
    if name in ctx.env:
        check.note_binders({name}, paragraph)


# `w \leftarrow 0.8`, `m_1 \gets -0.5`: an update written with no '=' after it, the whole of its math
_BARE_UPDATE = re.compile(r"\s*((?:(?<![A-Za-z\\])[A-Za-z]|\\[A-Za-z]+)(?:_\{?[A-Za-z0-9]+\}?)?)\s*"
                          r"\\(?:leftarrow|gets)(?![A-Za-z])([^=]*)\Z")


def update_without_equals(check: Any, span: Span, ctx: Context) -> None:
    """A span that is only an update (``Step 1: $w \\leftarrow 0.8$``) gives the name another value, as
    ``w \\leftarrow w - 0.2 = 0.8`` does (:func:`_assign`): the number written, or none when it is an expression
    (``w \\gets w - \\eta g``, which no statement proves). What was bound or computed from the old value no
    longer holds, here or in the later paragraphs."""
    found = _BARE_UPDATE.fullmatch(span.text)
    if found is None or ctx.frozen:
        return
    try:
        name = name_of(parse_term(tokenize(found.group(1))))
    except (LexError, ParseError):
        return
    if name is None:
        return
    ctx.assign(name, _number(found.group(2)), span.start)
    if name in ctx.env:
        check.note_binders({name}, span.paragraph)


def _roundings(job: StatementJob, trees: list, rels: list[str], results: dict[int, Judgement]) -> set[str]:
    """The decimals a statement writes as roundings, which a later statement computes with as written (not as the
    exact values they round): those after '≈'; after an '=' that joins a value and its rounding (`\\frac23 = 0.67`,
    `imprecise`) or that the words call approximate or rounded (`\\ln 2 = 0.693` (rounded)); and the digits of a
    decimal written with an ellipsis (`\\frac13 = 0.333\\ldots`: a later `0.333` without one is cut, not 1/3)."""
    said = job.approximate or job.said_rounded
    out = set()
    for j, r in enumerate(rels):
        if trees[j + 1] is None:
            continue
        rounding = r == "≈" or said or (j in results and results[j].verdict is Verdict.IMPRECISE
                                        and results[j].code is Reason.ROUNDING_EQUALS)
        out.update(decimals_in(trees[j + 1]) if rounding else ())
        out.update(decimals_in(trees[j + 1], cut=True) if r == "=" else ())
    return out


def _assumed(text: str, span: Span, first: int, end: int) -> bool:
    """Does the text assume or suppose the statement ("if", "assume $f(k) = ...$"): a claim under a hypothesis, no
    definition?"""
    return hypothetical(text, span, first) or supposes(text, span, first, end)


def _known_names(check: Any, ctx: Context, paragraph: int, offset: int) -> tuple[frozenset[str], frozenset[str]]:
    """The names a statement at ``offset`` cannot define afresh, whatever its form (``NAME = ...``), as the text
    already gave them a meaning: the unknowns of the paragraph's equations (``x = \\pm 6`` after ``x^2 = 49``
    solves for x), the names the paragraph has bound (a second ``z = ...`` rebinds z), the names the section
    defined by a formula (``y = [4, 2]`` after ``y = Wx + b`` is a claim about y) and the vectors it defines by an
    index rule; and the names whose entries are not defined afresh either: those, and the names the section
    defines twice or by what is not read (``\\theta_3`` after ``\\theta_t = \\theta_{t-1} - \\eta g_t``)."""
    names = {str(x) for f in ctx.facts or () for x in getattr(f, "expr", f).free_symbols} | set(ctx.env)
    names |= check.operations.get(_formula_key(check.section_of(paragraph)), frozenset())
    scopes = _index_scopes(check)
    rules = scopes.scope(check.operations, scopes.section_at(offset)).definitions
    known = names | {n for n, rule in rules.items() if rule is not None and rule[0] == "entry"}
    return frozenset(known), frozenset(known | {n for n, rule in rules.items() if rule is None})


def _formula_key(section: int) -> str:
    """Where the names a section defined by a formula (not a value written out) are kept."""
    return f"formula-names:{section}"


def _defines_afresh(name: str, known: tuple[frozenset[str], frozenset[str]], value: tuple | None) -> bool:
    """Does a statement the text introduces as a definition, binding ``name`` to ``value``, define it, with nothing
    to check (the verdict ``defined``)? Not a name the text already gave a meaning, nor an entry of one
    (:func:`_known_names`), nor a statistic the LayerNorm vocabulary knows (``\\mu``, ``\\sigma``, ``\\bar{x}``,
    ``\\hat{x}``: "and now $\\mu = 12$" is a claim about a mean), nor a name its value is written with."""
    names, families = known
    base = name.split("_{", 1)[0]
    return bool(name) and name not in names and (base == name or base not in families) \
        and base not in _STATISTICS and not name.startswith(_DECORATED) \
        and (value is None or name not in written_names(value))  # `b = 3^{10} b` is an equation in b


_STATISTICS = ("\\mu", "\\sigma", "\\sigma^2")
_DECORATED = ("\\bar", "\\overline", "\\hat")


def _place(check: Any, s: Statement, st, plan, results: dict[int, Judgement], said_false: bool,
           known: tuple[frozenset[str], frozenset[str]] | None = None) -> dict[int, Verdict]:
    """Each step's finding: a step left unchecked read again (the ``meaning`` hook or the LayerNorm-aware reading),
    its role and the verdict the role allows (:mod:`~lnsym.check.roles.statement_roles`), the rules after it. The
    verdicts placed, by step."""
    placed: dict[int, Verdict] = {}
    span, job, values = s.span, s.job, s.values
    trees, rels, base = job.trees, job.rels, span.start
    on_trial = trial(check.text, span, s.first, rels) or reductio(check.text, span, s.first)
    equation_named = called_equation(check.text, base + s.first, base + s.end)
    late = check.late()  # out of time: no more readings
    for i, res in sorted(results.items()):
        if res.verdict is SKIP:
            continue
        res, formula = _read(check, s, i, res, late)
        binds = _binds(plan, trees, i)
        if binds and res.verdict is Verdict.UNCHECKED and res.code is Reason.FREE_SYMBOLS:
            # `m_0 = v_0 = 0`: each name is given 0
            res = Judgement(Verdict.UNCHECKED, "", f"defines {binds}", code=Reason.DEFINES)
        role = role_of(defines=(i == 0 and (bool(job.defined) or s.defines_op is not None)) or bool(binds),
                       trial=on_trial,
                       rejected=said_false,
                       unknowns=has_unknowns(values.get(i)) or has_unknowns(values.get(i + 1))
                       or bool(unbound((trees[i], trees[i + 1]), job.env)),
                       in_chain=(job.name_chain and i > 0) or job.assigned or i in job.claims
                       or bool(symbolic_bounds((trees[i], trees[i + 1]))))
        role = "assertion" if (i == 0 and s.restates is not None) or res.rule == "earlier value" else role
        role = "hypothesis" if res.code is Reason.HYPOTHESIS else role  # `\\sum_k y_k = 1` on a vector of no value
        if res.verdict is Verdict.UNCHECKED and res.code is Reason.CONDITION and role in ("equation", "assertion") \
                and states_condition(check.text, s.here):
            role = "hypothesis"  # ("Let $\\lambda \\ge 0$", "with $x \\ne 0$": given, for what follows to use)
        # the vocabulary's reading claims a formula for all values (the LN Jacobian, a derivative), unless the text
        # calls the statement an equation ("the normal equations $W^\\top W x = W^\\top y$") or imposes it ("Setting")
        role = "identity" if (formula or res.rule in ("lemma", "universal")) and role == "equation" \
            and not equation_named else role
        judged = res
        res = after_role(Step(s, i, role, judged, formula), apply_role(res, role, (trees[i], trees[i + 1])))
        subs = _substitutions(check, s.ctx, job.env, (trees[i], trees[i + 1]), plan.defined if i == 0 else "") \
            if res.verdict in (Verdict.WRONG, Verdict.IMPRECISE) else ()
        # "Let $d = 768$", "Take $x = (5, 5)$", "where $S = \\sum_j e^{z_j}$": a definition the text introduces
        # (``known`` given) of a new name; a bare "$x = 27$" is more often the result of solving what lnsym may
        # not read, and stays unchecked
        if role == "definition" and res.verdict is Verdict.UNCHECKED and res.code is Reason.DEFINES \
                and (s.defines_op is not None or (known is not None and _defines_afresh(
                    (job.defined if i == 0 else "") or binds, known, trees[i + 1]))):
            res = replace(res, verdict=Verdict.DEFINED)  # a name given its meaning: nothing to check
        start, end = st.terms[i][0].start, st.terms[i + 1][-1].end  # the text of the step
        if st.rels[i].start < start or st.rels[i].end > end:  # (bounds written `x \in (0, 1)`: all of that)
            written = (*st.terms[i], st.rels[i], *st.terms[i + 1])
            start, end = min(t.start for t in written), max(t.end for t in written)
        res = _context_changed(check, s, i, res, base + start, base + end)
        check.add(base + start, base + end, rels[i], res, span.paragraph, role, subs)
        placed[i] = res.verdict
    return placed


def _context_changed(check: Any, s: Statement, i: int, res: Judgement, start: int, end: int) -> Judgement:
    """The step's verdict once the words that may change its context are read (:mod:`~.roles.context_words`): a
    step ``correct`` with values bound before its sentence (here or in an earlier paragraph) is ``unchecked`` when its
    sentence speaks of another instance before it ("Next let $x$ be four; then"); one ``correct`` on the strength of
    its context (those values, or the paragraph's facts) is ``unchecked`` when it copies an earlier step of its
    section and a word between the copies (or, where the values it uses were bound after that copy, between their
    binding and it) may have changed that context. Not a step asserted under a hypothesis in math ("If $x > 2$,
    then"): its range decides it (:mod:`~lnsym.check.judges.proofs.region`). Records this copy for the next."""
    job, ctx = s.job, s.ctx
    if not any(t is not None and written_names(t) for t in job.trees[i : i + 2]):
        return res  # (numbers alone hold or fail on their own, and are not kept: the editor compares what is kept)
    key = (check.section_of(s.span.paragraph), copy_key(job.sources[i], job.rels[i], job.sources[i + 1]))
    before = check.copies.get(key)
    check.copies[key] = end
    if res.verdict is not Verdict.CORRECT or job.regions:
        return res
    used = bound_names(job.trees[i], job.env) | bound_names(job.trees[i + 1], job.env)
    sentence = sentence_before(check.text, start)
    earlier = res.code is Reason.EARLIER_VALUES or res.rule == "earlier value" \
        or any(ctx.origin.get(n, start) < start - len(sentence) for n in used)
    word = another_instance(sentence) if earlier else None
    if word is not None:
        return Judgement(Verdict.UNCHECKED, "", f"proved with values bound before; the words '{word}' before it may "
                                                f"speak of another case or value", code=Reason.CONTEXT_CHANGED)
    if before is None or not (earlier or used or res.code is Reason.FOLLOWS):
        return res
    since = max([before, *(at for at in (ctx.origin.get(n, 0) for n in used) if at < start)])
    word = unread_word_between(check.text, since, start, check.maths)
    if word is None:
        return res
    line = check.lines.line_of(before)
    return Judgement(Verdict.UNCHECKED, "", f"written before (line {line}), proved by what was said there; the words "
                                            f"since ('{word}') may give another case or value",
                      code=Reason.CONTEXT_CHANGED)


def _changed_in_words(check: Any, span: Span, ctx: Context, first: int) -> None:
    """A name bound before that the prose of the statement's sentence gives another value ("Let $x = 2$. Replacing
    $x$ by $3$ gives", "If $t$ doubles, then"): its value, and those of the names computed from it, no longer hold
    (:meth:`Context.change`); the statement is not judged with them. Not a name bound again after the words, nor one
    replaced by another name ("replaces $g$ by $\\tilde g$")."""
    if ctx.frozen or getattr(span, "tokens", None) is not None:
        return
    here = span.start + first
    # (the words since the statement before, whole sentences: "Let $x$ now be $3$. Then $x^2 = 9$")
    start = min(here - len(sentence_before(check.text, here)),
                max(ctx.last_span[1], _paragraph_start(check.text, span.start), here - 400))
    if relabelled(check.text, start, here):  # ("WLOG relabel them so that a is the smaller one")
        for name in sorted(ctx.env):
            ctx.change(name)
    for letter in functions_changed_in_words(check.text, start, here):
        key = function_key(letter) + _function_scope(check, span)
        if check.operations.get(key) is not None:
            check.operations[key] = None  # ("Replace g by the cosine function": g(x) = \sin x no longer holds)
    for source, at, value in changed_in_words(check.text, start, here):
        try:
            name = name_of(parse_term(tokenize(source)))
            new = parse_term(tokenize(value)) if value is not None else None
            if new is not None and name_of(new) is not None:
                continue  # "replaces $g$ by $\\tilde g$": another name, g keeps its value
        except (LexError, ParseError):
            continue
        if new is not None and is_literal(new) and name in ctx.env and _same(ctx.env[name], _number(value)):
            continue  # "Since $x$ is $2$": the value it has
        if name is None or (name in ctx.changed and name not in ctx.env):
            continue
        if name in ctx.env and ctx.origin.get(name, 0) > at:
            continue  # (given its new value in math since: "replacing $x$ by $3$, $x = 3$ and")
        if name in ctx.env or check.earlier_values(span.paragraph, {name}) \
                or check.carried_values(span.paragraph, {name}):
            ctx.change(name)


def _number(text: str) -> Any:
    """The number a literal written alone in math is (``"3"``, ``" -0.5 "``), or None."""
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        return None
    return sp.Rational(value.numerator, value.denominator)


def _binds(plan, trees: list, i: int) -> str:
    """The name the step ``i`` of a chain of names ending on a value binds (``m_0 = v_0 = 0``: m_0, then v_0), or
    ``""``: a name the paragraph already knew is checked against its value, not bound again."""
    if plan.defined or not plan.bind or not i < plan.value_index or trees[i] is None:
        return ""
    name = name_of(trees[i])
    return name if name in plan.bind else ""


def _read(check: Any, s: Statement, i: int, res: Judgement, late: bool) -> tuple[Judgement, bool]:
    """A step the judge left unchecked, read again: by the caller's ``meaning`` hook, else by the LayerNorm-aware
    reading (then True: a formula). Not once out of time, nor in prose arithmetic, which that reading does not
    read."""
    if late or res.verdict is not Verdict.UNCHECKED or getattr(s.span, "tokens", None) is not None:
        return res, False
    trees, sources, rels = s.job.trees, s.job.sources, s.job.rels
    if check.meaning is not None:
        with paused():  # the caller's code: never stopped in the middle
            return check.meaning(sources[i] + rels[i] + sources[i + 1], trees[i], trees[i + 1], s.ctx.env) or res, False
    indexed = _index_step(check, s, i)
    if indexed is not None and (indexed.verdict is not Verdict.UNCHECKED or (
            indexed.code is Reason.HYPOTHESIS and not free_names(trees[i]) & s.job.env.keys()
            and not free_names(trees[i + 1]) & s.job.env.keys())):
        return indexed, True  # (a condition on vectors of no value is no claim for another reading to refute)
    read = check.reader.step(s.span.paragraph, s.here, sources[i], sources[i + 1], rels[i], (trees[i], trees[i + 1]),
                             s.values, i, s.ctx.env)
    if read is not None:
        return read, True
    return (indexed, True) if indexed is not None else (res, False)


def _declares_matrices(check: Any, offset: int) -> bool:
    """Does the section at ``offset`` declare matrices (``W \\in \\mathbb{R}^{m \\times n}``)? Then the reader of
    matrix notation, which knows their sizes, decides their identities (not matrix_algebra's matrices of no size)."""
    scopes = _index_scopes(check)
    return bool(scopes.scope(check.operations, scopes.section_at(offset)).matrices)


def _vector(check: Any, offset: int, name: str) -> bool:
    """Does the section at ``offset`` declare ``name`` a vector or a matrix, or write it with an index?"""
    scopes = _index_scopes(check)
    scope = scopes.scope(check.operations, scopes.section_at(offset))
    return name in scope.vectors or name in scope.matrices


def _index_scopes(check: Any) -> IndexScopes:
    """The key's sizes of vectors per section, read once (:mod:`~lnsym.check.roles.index_scope`)."""
    scopes = getattr(check, "index_scopes", None)
    if scopes is None:
        scopes = check.index_scopes = IndexScopes(check.text)
    return scopes


def _index_step(check: Any, s: Statement, i: int) -> Judgement | None:
    """A step in index notation (``\\frac{\\partial p_i}{\\partial z_j} = p_i(\\delta_{ij} - p_j)``) read with what its
    section has defined and stated (:mod:`~lnsym.check.judges.notation.index_steps`), or None. Not the definition
    itself, nor a hypothesis it states, nor a statement poisoned (modular arithmetic, the text's own notation)."""
    job = s.job
    trees, rels = job.trees, job.rels
    scopes = _index_scopes(check)
    scope = scopes.scope(check.operations, scopes.section_at(s.here))
    defines = index_definition(trees, rels) if i == 0 and not job.defined and not job.poison \
        and not _entry_restated(check, s.here, trees, rels) else None
    if defines is not None and defines[0].endswith("()"):
        by_entries = check.operations.get(entry_function_key(defines[0][:-2]) + _function_scope(check, s.span))
        if by_entries is None and scope.definitions.get(defines[0], defines[1]) in (defines[1], None):
            return Judgement(Verdict.UNCHECKED, "", f"defines the function {defines[0][:-2]}", code=Reason.DEFINES)
        defines = None  # a rewriting of the function the section defined first: a claim about it
    again = scopes.restated(check.operations, scopes.section_at(s.here), trees) if i == 0 else None
    if again is not None and not job.poison and (index_definition(trees, rels) or ("",))[0] == again:
        return _restated_step(check, s, scope, again)
    if job.poison or (i == 0 and (job.defined or defines is not None)) or rels[i] not in _INDEX_RELATIONS \
            or trees[i] is None or trees[i + 1] is None:
        return None  # (a definition, `\\operatorname{LSE}(z) = \\log\\sum_i e^{z_i}` too, is not proved by itself)
    if not any(uses_index_notation(t) or uses_matrix_notation(t, scope) for t in (trees[i], trees[i + 1])):
        return None
    if hypothesis(trees, rels) is not None and len(rels) == 1:
        base = hypothesis(trees, rels)[0]
        if base not in scope.definitions:
            return Judgement(Verdict.UNCHECKED, "", f"states a hypothesis on the entries of {base}, which later "
                                                     "steps may use", code=Reason.HYPOTHESIS)
    on = condition_on([trees[i], trees[i + 1]], [rels[i]], scope)
    if on is not None:  # `\|k\|_2 = \sqrt d` of a vector of no value: what the text assumes of it
        return Judgement(Verdict.UNCHECKED, "", f"states a condition on {on}, a vector the text gives no value, "
                                                 "which later steps may use", code=Reason.HYPOTHESIS)
    index_job = IndexJob([trees[i], trees[i + 1]], ["", ""], [job.sources[i], job.sources[i + 1]], [rels[i]],
                         scope=scope, conditions=index_conditions(check.text, s.here, s.there))
    results, _ = check.worker.run(index_job)
    res = results.get(0)
    if res is None or (res.verdict is Verdict.UNCHECKED and res.code is Reason.INDEX_NOT_READ):
        return None
    return res


_INDEX_RELATIONS = ("=", "≤", "<", "≥", ">")  # (an inequality in index notation is only ever proved: index_steps)


def _restated_step(check: Any, s: Statement, scope: Any, name: str) -> Judgement | None:
    """``L = \\ldots`` written again, without words of a definition, after the section defined L by index notation:
    ``correct`` where it is proved the same as the first definition (a rewriting of it); else a new definition, or a
    slip, which is not told apart: unchecked (:meth:`~lnsym.check.roles.index_scope.IndexScopes.settle` then makes
    the name unknown)."""
    job = s.job
    index_job = IndexJob([job.trees[0], job.trees[1]], ["", ""], [job.sources[0], job.sources[1]], ["="],
                         scope=scope)
    res = check.worker.run(index_job)[0].get(0)
    if res is not None and res.verdict is Verdict.CORRECT:
        return replace(res, reason=f"{res.reason}: the same as the first definition of {name}")
    return Judgement(Verdict.UNCHECKED, "", f"defines {name} again, by what is not shown the same as its first "
                                             "definition", code=Reason.DEFINES)


def _entry_restated(check: Any, offset: int, trees: list, rels: list[str]) -> bool:
    """Does the statement at ``offset`` write out an entry of a vector or a matrix its section defined as a whole
    before it (:func:`~lnsym.check.roles.index_scope.entry_of_defined`)? (The scope is the one before the statement:
    in :func:`_index_step` the statement's own note keeps the first definition, which it restates.)"""
    scopes = _index_scopes(check)
    return entry_of_defined(trees, rels, scopes.scope(check.operations, scopes.section_at(offset))) is not None


def _substitutions(check: Any, ctx: Context, env: dict, trees: tuple, skip: str) -> tuple[Substitution, ...]:
    """The values a step used for names, with the line each was bound at (the evidence of a verdict)."""
    names = set().union(*(bound_names(t, env) for t in trees if t is not None)) - {skip}
    return tuple(Substitution(n, shown(env[n]), check.lines.line_of(ctx.origin[n]) if n in ctx.origin else 0)
                 for n in sorted(names))

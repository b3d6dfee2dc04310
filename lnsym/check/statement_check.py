"""Checking one statement of a span, in named steps: what it may not be decided as (:func:`_poison`), what its
judge is given (:func:`_job`), the judge's answer and the role rules after it (:mod:`lnsym.check.roles.rules`),
what the paragraph remembers of it (:func:`_remember`), and each step's reading, role and finding
(:func:`_place`)."""

from __future__ import annotations

from typing import Any

from lnsym.check.budget import paused
from lnsym.check.findings import Substitution, Verdict
from lnsym.check.judges.arithmetic import NO_COMMON_SOLUTION, shown, symbolic_bounds
from lnsym.check.judges.consequences import Inequality
from lnsym.check.judges.evaluate import Vec, bound_names, function_key, mentions, name_of, operation_key
from lnsym.check.judges.index_steps import IndexJob, uses_index_notation
from lnsym.check.judges.judgement import SKIP, StatementJob, StepResult, failure
from lnsym.check.judges.modular import modular_reason
from lnsym.check.judges.precision import decimals_in
from lnsym.check.judges.rounding import cut_inside, literal_of
from lnsym.check.parse.grammar import ParseError, parse_term
from lnsym.check.roles.context import PARTNER, Context, is_literal
from lnsym.check.roles.conventions import residue_symbol
from lnsym.check.roles.cues import (
    approximate,
    derives,
    discarded,
    hypothetical,
    opens_case,
    opens_hypothesis,
    other_number_system,
    prose_modulus,
    reductio,
    rejected,
    trial,
    under_hypothesis,
)
from lnsym.check.roles.forms import (
    base_names,
    equation,
    function_definition,
    has_unknowns,
    operation_definition,
    unbound,
)
from lnsym.check.roles.index_scope import IndexScopes, hypothesis
from lnsym.check.roles.index_scope import definition as index_definition
from lnsym.check.roles.notation import uses_notation
from lnsym.check.roles.rules import Statement, Step, after_judge, after_role, restatement
from lnsym.check.roles.statement_roles import apply_role, role_of
from lnsym.check.spans.math_spans import Span

__all__ = ["check_statement", "parse_statement"]


def parse_statement(st, span_text: str, functions: dict | None = None) -> tuple:
    """A statement's trees (None where a term is not parsed), parse errors, sources, relations, and the
    offset of its first token in the span. ``functions``: what a Greek letter applied to an argument stands for
    in this text (:class:`~lnsym.check.roles.conventions.Conventions`)."""
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


def check_statement(check: Any, span: Span, ctx: Context, parsed: tuple, later: set[str], remainder: str = "") -> None:
    """Check the statement ``parsed`` (:func:`parse_statement`) of ``span``, in the paragraph
    context ``ctx``, for ``check`` (a ``lnsym.check.pipeline._KeyCheck``): its findings are added to it."""
    st, trees, _, _, rels, first = parsed
    text = check.text
    # a congruence's values are residues, not numbers: `R = 2^{-1} + 3^{-1} \equiv 9 \pmod{7}` binds nothing
    # a statement the text rejects ("z = -1/2 (not an integer)") binds nothing either
    end = st.terms[-1][-1].end if st.terms[-1] else first
    said_false = rejected(text, span, end)
    plan = ctx.plan(trees, rels, hypothetical(text, span, first) or "modular" in st.poison or said_false
                    or discarded(text, span, end))
    poison = _poison(check, span, st, trees, rels, first, remainder)
    defines_op = operation_definition(trees, rels)
    if defines_op is not None:  # `a \star b = 2a + b`: the text's own operation, for the whole key
        check.operations[operation_key(defines_op[0])] = defines_op[1]
    defines_fn = function_definition(trees, rels)
    if defines_fn is not None:  # `f(x) = x^2 e^{-x}`: its derivatives are read (f'(2)); defined twice, none is
        key = function_key(defines_fn[0])
        check.operations[key] = defines_fn[1] if check.operations.get(key, defines_fn[1]) == defines_fn[1] else None
    if not poison and not span.flashcard and getattr(span, "tokens", None) is None:
        # `p_i = e^{z_i}/S`, `\sum_k y_k = 1`: known to the later steps of index notation of the same section
        scopes = _index_scopes(check)
        scopes.note(check.operations, scopes.section_at(span.start + first), trees, rels)
    job = _job(check, span, ctx, parsed, plan.defined, poison, end, remainder)
    results, values = check.worker.run(job)
    restates = None
    if 0 in results and plan.defined and rels == ["="]:
        restates = restatement(check, ctx, trees, values.get(1), span.start + first)
    statement = Statement(check, span, ctx, job, dict(results), values, first, end, frozenset(later), defines_op,
                          restates)
    after_judge(statement, results)
    _remember(check, statement, plan, results, said_false)
    _place(check, statement, st.terms, plan, results, said_false)


def _poison(check: Any, span: Span, st, trees: list, rels: list[str], first: int, remainder: str) -> str:
    """Why the statement is not decided as written, or ``""``: modular arithmetic, numbers in another base, notation
    the text defines for itself, a Legendre symbol it may be."""
    text = check.text
    other_base = span.paragraph in check.other_base or other_number_system(text, span, first)
    poison = st.poison or ("numbers may be in another base" if other_base else "")
    # an inequality is about integers, and so is a division with its remainder
    if not poison and check.moduli_named and set(rels) <= {"=", "≡"} and not remainder \
            and not any(t is not None and mentions(t, ("qr",)) for t in trees):
        modulus = prose_modulus(text, span, first)  # "(mod 5)" after it, "In $\mathbb{Z}_7$" before it
        poison = modular_reason(modulus) if modulus is not None else poison
    written = uses_notation(st.terms, check.notation) if check.notation and not poison else ""
    if written:
        poison = f"the text defines its own notation {written}, which lnsym does not read"
    if not poison and check.residue_symbols and residue_symbol(st.terms):
        poison = "the text speaks of Legendre or Jacobi symbols: a fraction alone in brackets may be one"
    return poison


def _hypothesis_fixes(text: str, ctx: Context, current: tuple[int, int]) -> bool:
    """Is the statement at ``current`` asserted under the hypothesis just before it, a value written out for
    one name ("suppose instead $a = 4$; then $a^2 = 9$")? A hypothesis that computes with other names
    (``x = -y``) may use values of another case (y bound where x = y was supposed), and what the text
    derives under it uses the paragraph's other equations too."""
    hypothesis = ctx.previous_equation()
    return (ctx.hypothesis_at == ctx.count - 1 and hypothesis is not None
            and len(getattr(hypothesis, "free_symbols", ())) == 1
            and under_hypothesis(text, ctx.last_span, current))


def _job(check: Any, span: Span, ctx: Context, parsed: tuple, defined: str, poison: str, end: int,
         remainder: str) -> StatementJob:
    """What the judge is given: the statement, the names bound (the key's operations, the paragraph's values) and
    what the paragraph and its prose say of it."""
    _, trees, errors, sources, rels, first = parsed
    text, here, there = check.text, span.start + first, span.start + end
    name_chain = trees[0] is not None and name_of(trees[0]) is not None and rels[0] == "="
    env = {**check.operations, **ctx.env}
    return StatementJob(trees, errors, sources, rels, env, defined, poison,
                        name_chain=name_chain, approx=dict(ctx.approx), previous=ctx.facts,
                        computed=frozenset(base_names(n for n, k in ctx.kind.items() if k == "derived")),
                        remainder=remainder, approximate=approximate(text, span, first),
                        derived_from=ctx.previous_equation()
                        if derives(text, ctx.last_span, (here, there)) or _hypothesis_fixes(text, ctx, (here, there))
                        else None,
                        floor_brackets=check.floor_named, prose=getattr(span, "tokens", None) is not None,
                        rounded=frozenset(ctx.rounded), constants=check.constants, bounds=tuple(ctx.bounds))


def _remember(check: Any, s: Statement, plan, results: dict[int, StepResult], said_false: bool) -> None:
    """What the paragraph keeps of the statement: the value it ends on, a case it opens, the names it binds, the
    decimals it rounds, the equation it states, whether it is a hypothesis."""
    span, ctx, job, values, text = s.span, s.ctx, s.job, s.values, check.text
    trees, rels, sources, here = job.trees, job.rels, job.sources, s.here
    last = results.get(len(rels) - 1)  # a computation whose last link holds: the value it ends on
    computed = last is not None and last.verdict in (Verdict.CORRECT, Verdict.IMPRECISE)
    ctx.last_result = (values.get(len(rels)), span.start + s.end) if computed else None
    if ctx.facts and opens_case(text, ctx.last_span[1], here):
        for j, rel in enumerate(rels):  # each link of the case's condition (`a \ge 0 > b`: also 0 > b)
            ctx.new_case(equation([rel], {0: values.get(j), 1: values.get(j + 1)}),
                         Inequality.of(values.get(j), values.get(j + 1), rel))
    if not plan.bind and rels and rels[-1] == "=" and isinstance(values.get(len(rels)), Vec):
        check.reader.note_vector(span.paragraph, sources[0], values.get(len(rels)))
    if not span.flashcard:
        ctx.note_bound(rels, values, sources, check.lines.line_of(here))
    ctx.after(plan, values, here)
    if plan.bind and not span.flashcard:  # (binding `\sigma` binds `\sigma^2` too, and the other way round)
        check.note_binders({*plan.bind, *(PARTNER.get(n, n) for n in plan.bind)}, span.paragraph)
    if not span.flashcard:  # `\hat x \approx (1.225, -1.225, 0)`: later, 1.225 is a rounding, not a datum
        ctx.rounded.update(d for j, r in enumerate(rels) if r == "≈" and trees[j + 1] is not None
                           for d in decimals_in(trees[j + 1]))
    if any(t is not None and mentions(t, ("sym", "°")) for t in trees):
        ctx.degrees |= set(plan.bind)  # `x = 100^\circ`: a later `x = 100` counts degrees
    if not span.flashcard:
        # `-2b + b = -3b = 9, so b = -3`: after a broken link the text solves the rest of the chain
        broken = max((i + 1 for i, r in results.items() if r.reason.startswith(NO_COMMON_SOLUTION)), default=0)
        ctx.note_equation(equation(rels[broken:], {j - broken: v for j, v in values.items() if j >= broken}))
    hypothesis = job.name_chain and opens_hypothesis(text, here)
    value_written = literal_of(trees[1]) if len(trees) == 2 and trees[1] is not None else None
    if hypothesis and len(trees) == 2 and is_literal(trees[1]) and not cut_inside(trees[1]) \
            and not (value_written is not None and value_written.open_ended):  # `x = 0.999\ldots`: digits go on
        ctx.hypothesis_at = ctx.count - 1  # (after() counted this statement)
    if (job.name_chain and not hypothesis) or said_false:
        ctx.equation_at = -1  # `x = -3`, `z = \frac{-1-1}{4}`: a result, not an equation to derive from
    ctx.last_span = (here, s.there)


def _place(check: Any, s: Statement, terms: list, plan, results: dict[int, StepResult], said_false: bool) -> None:
    """Each step's finding: a step left unchecked read again (the ``meaning`` hook or the LayerNorm-aware reading),
    its role and the verdict the role allows (:mod:`~lnsym.check.roles.statement_roles`), the rules after it."""
    span, job, values = s.span, s.job, s.values
    trees, rels, base = job.trees, job.rels, span.start
    on_trial = trial(check.text, span, s.first, rels) or reductio(check.text, span, s.first)
    late = check.late()  # out of time: no more readings
    for i, res in sorted(results.items()):
        if res.verdict is SKIP:
            continue
        res, formula = _read(check, s, i, res, late)
        role = role_of(defines=i == 0 and (bool(plan.defined) or s.defines_op is not None), trial=on_trial,
                       rejected=said_false,
                       unknowns=has_unknowns(values.get(i)) or has_unknowns(values.get(i + 1))
                       or bool(unbound((trees[i], trees[i + 1]), job.env)),
                       in_chain=(job.name_chain and i > 0) or bool(symbolic_bounds((trees[i], trees[i + 1]))))
        role = "assertion" if i == 0 and s.restates is not None else role
        # the vocabulary's reading claims a formula for all values (the LN Jacobian, a derivative)
        role = "identity" if (formula or res.rule == "lemma") and role == "equation" else role
        judged = res
        res = after_role(Step(s, i, role, judged, formula), apply_role(res, role, (trees[i], trees[i + 1])))
        subs = _substitutions(check, s.ctx, job.env, (trees[i], trees[i + 1]), plan.defined if i == 0 else "") \
            if res.verdict in (Verdict.WRONG, Verdict.IMPRECISE) else ()
        check.add(base + terms[i][0].start, base + terms[i + 1][-1].end, rels[i], res, span.paragraph, role, subs)


def _read(check: Any, s: Statement, i: int, res: StepResult, late: bool) -> tuple[StepResult, bool]:
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
    if indexed is not None and indexed.verdict is not Verdict.UNCHECKED:
        return indexed, True
    read = check.reader.step(s.span.paragraph, s.here, sources[i], sources[i + 1], rels[i], (trees[i], trees[i + 1]),
                             s.values, i, s.ctx.env)
    if read is not None:
        return read, True
    return (indexed, True) if indexed is not None else (res, False)


def _index_scopes(check: Any) -> IndexScopes:
    """The key's sizes of vectors per section, read once (:mod:`~lnsym.check.roles.index_scope`)."""
    scopes = getattr(check, "index_scopes", None)
    if scopes is None:
        scopes = check.index_scopes = IndexScopes(check.text)
    return scopes


def _index_step(check: Any, s: Statement, i: int) -> StepResult | None:
    """A step in index notation (``\\frac{\\partial p_i}{\\partial z_j} = p_i(\\delta_{ij} - p_j)``) read with what its
    section has defined and stated (:mod:`~lnsym.check.judges.index_steps`), or None. Not the definition itself,
    nor a hypothesis it states, nor a statement poisoned (modular arithmetic, the text's own notation)."""
    job = s.job
    trees, rels = job.trees, job.rels
    defines = index_definition(trees, rels) if i == 0 and not job.defined else None
    if defines is not None and defines[0].endswith("()"):
        return StepResult(Verdict.UNCHECKED, "", f"defines the function {defines[0][:-2]}")
    if job.poison or (i == 0 and (job.defined or defines is not None)) or rels[i] != "=" \
            or trees[i] is None or trees[i + 1] is None:
        return None  # (a definition, `\\operatorname{LSE}(z) = \\log\\sum_i e^{z_i}` too, is not proved by itself)
    if not (uses_index_notation(trees[i]) or uses_index_notation(trees[i + 1])):
        return None
    scopes = _index_scopes(check)
    scope = scopes.scope(check.operations, scopes.section_at(s.here))
    if hypothesis(trees, rels) is not None and len(rels) == 1:
        base = hypothesis(trees, rels)[0]
        if base not in scope.definitions:
            return StepResult(Verdict.UNCHECKED, "", f"states a hypothesis on the entries of {base}, which later "
                                                     "steps may use")
    index_job = IndexJob([trees[i], trees[i + 1]], ["", ""], [job.sources[i], job.sources[i + 1]], [rels[i]],
                         scope=scope)
    results, _ = check.worker.run(index_job)
    res = results.get(0)
    if res is None or (res.verdict is Verdict.UNCHECKED and res.reason == "index notation not read"):
        return None
    return res


def _substitutions(check: Any, ctx: Context, env: dict, trees: tuple, skip: str) -> tuple[Substitution, ...]:
    """The values a step used for names, with the line each was bound at (the evidence of a verdict)."""
    names = set().union(*(bound_names(t, env) for t in trees if t is not None)) - {skip}
    return tuple(Substitution(n, shown(env[n]), check.lines.line_of(ctx.origin[n]) if n in ctx.origin else 0)
                 for n in sorted(names))

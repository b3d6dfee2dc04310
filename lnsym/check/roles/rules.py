"""What the judges' verdicts become once the text around them is read: an ordered table of named rules.

A judge decides a step from its math alone. Some texts say more: a step proved only by a value written out for
a name, a refutation resting on a value out of scope, the approximation a text takes for π, a statement the text
calls false although it holds. Each rule is a small function ``rule(step, res) -> Judgement | None``: ``res`` is
the verdict so far, the answer the verdict to use instead (None: no change). :data:`RULES` applies them in order,
each seeing what the ones before it made, at one of three stages:

- :data:`JUDGED`: right after the judge, before the statement's paragraph moves on (the context ``step`` is a
  :class:`Step` of a :class:`Statement`);
- :data:`PLACED`: once the step has its role (:mod:`~lnsym.check.roles.statement_roles`);
- :data:`NEXT`: once the whole key is checked, looking at the finding that follows (a :class:`Neighbours`); what
  such a rule changes is a step the text goes on to test, so it becomes ``rejected``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from typing import Any, Protocol

import sympy as sp

from lnsym.check.findings import Evidence, Finding, Verdict
from lnsym.check.judges.arithmetic import decide_pair, shown
from lnsym.check.judges.judgement import SKIP, Judgement, StatementJob
from lnsym.check.judges.numbers.evaluate import Vec, bound_names, function_key, name_of, op_name
from lnsym.check.judges.numbers.exact import exact_equal, free_of, holds_at
from lnsym.check.judges.numbers.precision import significant_figures
from lnsym.check.judges.numbers.rounding import Literal, format_rounded, format_value, literal_of
from lnsym.check.judges.proofs.conditions import refuting_point
from lnsym.check.judges.proofs.consequences import Inequality, conditions_met
from lnsym.check.judges.proofs.universal import counterexample
from lnsym.check.judges.worker import Worker
from lnsym.check.parse.nodes import Add, Const, Group, Matrix, Mul, Num, Pow, Sym, UFunc
from lnsym.check.reasons import NOT_AN_IDENTITY, Reason
from lnsym.check.roles.context import NEW_CASE, Context, is_literal
from lnsym.check.roles.context_words import changed_since
from lnsym.check.roles.cues import (
    called_false,
    candidate_fails,
    concludes,
    derived_condition,
    figures_after,
    figures_before,
    meets_worded_conditions,
    not_scalars,
    places_after,
    places_before,
    rounded_to_a_unit,
    rounding_said,
    scaled_after,
    sentence_before,
    tolerance_after,
    under_hypothesis,
    worked_out_at_once,
)
from lnsym.check.roles.forms import free_names, has_unknowns, left_side, written_names
from lnsym.check.roles.quantifiers import quantified
from lnsym.check.roles.readings import one_reading
from lnsym.check.spans.math_spans import LineIndex, Span

__all__ = ["JUDGED", "NEXT", "PLACED", "RULES", "Key", "Neighbours", "Rule", "Statement", "Step", "after_judge",
           "after_key", "after_role", "restatement"]

JUDGED, PLACED, NEXT = "judged", "placed", "next"


class Key(Protocol):
    """What the rules read of the key being checked (``lnsym.check.pipeline._KeyCheck``)."""

    text: str
    lines: LineIndex
    worker: Worker
    contexts: dict[int, Context]

    def earlier_values(self, paragraph: int, names: set[str]) -> dict[str, tuple[Any, int]]: ...

    def rests_on(self, paragraph: int, name: str, other: str) -> bool: ...

    def carried_values(self, paragraph: int, names: set[str]) -> dict[str, tuple[Any, int]]: ...

    def earlier_kind(self, paragraph: int, name: str) -> str | None: ...

    def rebound_between(self, paragraph: int, origin: int, here: int) -> str | None: ...

    def claimed(self, paragraph: int, name: str) -> bool: ...

    def inexact(self, paragraph: int, name: str) -> bool: ...


@dataclass(frozen=True, eq=False)
class Statement:
    """One statement, as its judge answered: what every rule of a step of it may read."""

    key: Key
    span: Span
    ctx: Context  # its paragraph's bindings, as they were before it
    job: StatementJob  # what the judge was given: trees, sources, relations, the names bound (``env``)
    judged: Mapping[int, Judgement]  # the judge's answer, step by step
    values: Mapping[int, Any]  # the value of each term
    first: int  # the offset of its first token in the span, and of its end
    end: int
    later: frozenset[str] = frozenset()  # names the span's later statements bind (``x = ...``)
    defines_op: tuple | None = None  # the operation it defines (``a \\star b = 2a + b``)
    restates: Judgement | None = None  # its first step, as a restatement of the value just computed
    units: frozenset[int] = frozenset()  # the terms written with a unit (``0.283\\ \\text{L}``)

    @property
    def here(self) -> int:
        return self.span.start + self.first

    @property
    def there(self) -> int:
        return self.span.start + self.end

    @cached_property
    def unit(self) -> bool:
        """Does its sentence round to a unit it names (read once, when a rounding is refuted)?"""
        return rounded_to_a_unit(self.key.text, self.span, self.first)

    @cached_property
    def with_earlier_values(self) -> tuple[dict, dict]:
        """The judge's answer again, with the values earlier paragraphs bound the names the steps it left
        unchecked for a free symbol mention, and those values: ``({}, {})`` when there are none."""
        job, trees = self.job, self.job.trees
        free = [i for i, r in self.judged.items()
                if r.verdict is Verdict.UNCHECKED and r.code is Reason.FREE_SYMBOLS]
        names = {n for i in free for t in (trees[i], trees[i + 1]) if t is not None for n in written_names(t)}
        names |= _names_in_functions([t for i in free for t in (trees[i], trees[i + 1])], job.env)
        earlier = self.key.earlier_values(self.span.paragraph, names - set(job.env)) if free else {}
        if free:  # names defined by a formula, and entries (`p_2`), carried to later steps (defined_values)
            carried = self.key.carried_values(self.span.paragraph, names - set(job.env) - set(earlier))
            earlier.update({n: (v, at, "carried") for n, (v, at) in carried.items()})
        if not earlier:
            return {}, {}
        again, _ = self.key.worker.run(replace(job, env={**job.env, **{n: v[0] for n, v in earlier.items()}}))
        return again, earlier


def _names_in_functions(trees: list, env: Mapping[str, Any]) -> set[str]:
    """The names the bodies of the functions ``trees`` apply mention besides their parameters (``d_{model}``, ``w``
    in ``\\eta(4000)`` after ``\\eta(s) = d_{\\text{model}}^{-1/2} \\min(s^{-1/2}, s w^{-3/2})``), and so on
    into the functions those bodies apply, a few levels deep."""
    out: set[str] = set()
    seen: set[str] = set()
    stack = [(t, 0) for t in trees if t is not None]
    while stack:
        t, depth = stack.pop()
        if not isinstance(t, tuple) or not t:
            continue
        if isinstance(t, UFunc) and isinstance(t.name, str) and t.name not in seen and depth < 4:
            rule = env.get(function_key(t.name))
            if isinstance(rule, tuple) and len(rule) == 2:
                seen.add(t.name)
                params, body = rule
                out |= written_names(body) - set(params)
                stack.append((body, depth + 1))
        stack.extend((x, depth) for x in t if isinstance(x, tuple))
    return out


@dataclass(frozen=True)
class Step:
    """Step ``i`` of a statement (``trees[i] rels[i] trees[i + 1]``); once placed, its role, its verdict before
    the role applied, and whether the LayerNorm-aware reading decided it (a formula)."""

    statement: Statement
    i: int
    role: str = ""
    read: Judgement | None = None
    formula: bool = False


@dataclass(frozen=True)
class Neighbours:
    """A finding of the checked key and the one right after it."""

    text: str
    lines: LineIndex
    finding: Finding
    following: Finding

    def offsets(self, f: Finding) -> tuple[int, int]:
        return (self.lines.starts[f.line - 1] + f.column - 1, self.lines.starts[f.end_line - 1] + f.end_column - 1)


def _unchecked(why: str) -> Judgement:
    return Judgement("unchecked", "", why)


# -- right after the judge --------------------------------------------------------------------------------------
def proved_with_earlier_values(step: Step, res: Judgement) -> Judgement | None:
    """A step left unchecked for names this paragraph did not bind, proved with the values an earlier
    paragraph of the same section bound them to (``z = (1, 2, 3)``, then, later, ``S = e^1 + e^2 + e^3
    \\approx 30.19``), or that the section carries for names it defined by a formula and for entries
    (:mod:`~lnsym.check.roles.defined_values`: ``p_i = e^{z_i}/S``, then ``p_2 \\approx 0.2447``): ``correct``,
    with those values named. Such a value does not refute: the name may have been reused for another quantity
    since, so a step it does not prove stays as it was (issue 27), but for an approximation of the name alone
    (:func:`approximates_an_earlier_value`); nor does it prove where a parameter of the section was given another
    value after it (``A = \\pi r^2`` with ``r = 2``, then "now let $r = 3$": :meth:`Key.rebound_between`). It reads
    the judge's own answer: it comes first."""
    s, i = step.statement, step.i
    if s.span.flashcard or res.verdict is not Verdict.UNCHECKED or res.code is not Reason.FREE_SYMBOLS:
        return None
    again, earlier = s.with_earlier_values
    new = again.get(i)
    if new is None or new.verdict is not Verdict.CORRECT:
        return None
    trees = s.job.trees
    written = {n for t in trees[i : i + 2] if t is not None for n in written_names(t)}
    written |= _names_in_functions(trees[i : i + 2], s.job.env)
    used = sorted(n for n in earlier if n in written)
    for n in used:  # (`A = \\pi r^2` with r = 2, then "now let $r = 3$": A's value is of the old r)
        rebound = s.key.rebound_between(s.span.paragraph, earlier[n][1], s.here)
        if rebound is not None and s.key.rests_on(s.span.paragraph, n, rebound):
            return None
        if changed_since(s.key.text, earlier[n][1], s.here, n, getattr(s.key, "maths", [])) is not None:
            return None  # ("(b) Now $x$ is four", "In the next part", "the value of x is changed to five")
    return replace(new, reason=f"{new.reason + '; ' if new.reason else ''}with {_named_values(s, used, earlier)}",
                   code=Reason.EARLIER_VALUES)


def approximates_an_earlier_value(step: Step, res: Judgement) -> Judgement | None:
    """``p \\approx (0.0900,\\ 0.2448,\\ 0.6652)`` in a later paragraph than ``p_i = \\frac{e^{z_i}}{\\sum_j e^{z_j}}``
    with ``z = (1, 2, 3)``: ``\\approx`` defines no name that has a value already, so a name alone on its left and a
    value written out on its right state the value of the quantity the section computed under that name, and a
    value that is not its rounding is ``wrong``, with the value and its line as evidence (:func:`_approximated`
    says when the name may be another quantity by then). Only a name the section computed (by a formula, or a
    vector or matrix it wrote out) and defined once (:meth:`Key.earlier_values` and :meth:`Key.carried_values`
    keep no name defined again): a bare number bound earlier (``x = 4``) may be a candidate or a case, which
    :func:`proved_with_earlier_values` only proves with."""
    s, i, job = step.statement, step.i, step.statement.job
    if s.span.flashcard or i != 0 or res.verdict is not Verdict.UNCHECKED or res.code is not Reason.FREE_SYMBOLS:
        return None
    name = name_of(job.trees[0])
    if name is None or _an_entry(s, name) or not _approximated(s):
        return None
    again, earlier = s.with_earlier_values
    new, found = again.get(0), earlier.get(name)
    if new is None or new.verdict is not Verdict.WRONG or found is None or set(earlier) != {name} \
            or not _may_refute(s, name, found):
        return None
    return replace(new, reason=f"{new.reason + '; ' if new.reason else ''}with {_named_values(s, [name], earlier)}",
                   rule="earlier value")


def _approximated(s: Statement) -> bool:
    """Is the statement ``NAME \\approx`` a value written out, in a sentence that says nothing of another quantity
    (:func:`_plain_sentence`)?"""
    job, right = s.job, s.job.trees[1]
    while isinstance(right, Group):
        right = right.inner
    written = is_literal(right) or (isinstance(right, Matrix) and all(is_literal(x) for row in right.rows for x in row))
    return job.rels[0] == "≈" and written and _plain_sentence(s)


def _plain_sentence(s: Statement) -> bool:
    """Does nothing in the statement's sentence make a name another quantity: no word of another case ("For the
    second sample, $\\mu \\approx 3.2$") and no unit (``V \\approx 0.283\\ \\text{L}`` after ``V = 90\\pi`` in
    cm^3: a value in another unit)?"""
    return not s.units and not s.unit and not NEW_CASE.search(sentence_before(s.key.text, s.here))


def _still_its_value(s: Statement, name: str, at: int, claimed: bool = False) -> bool:
    """Is the value computed at ``at`` for ``name`` still the name's at the statement, and exact: no name the
    section defined before was given another value since (``T = 2`` after ``T = 1``: the value may be of the
    other T), the value is no rounding and rests on none (``Context.inexact``: ``p = e^z/S`` after ``S \\approx
    11.2125`` sums to 1.000001), and, unless ``claimed``, it is what the name's definition gives, not what a later
    term of its chain claims (``Context.claimed``)?"""
    paragraph = s.span.paragraph
    return s.key.rebound_between(paragraph, at, s.here) is None and not s.key.inexact(paragraph, name) \
        and (claimed or not s.key.claimed(paragraph, name))


_ENTRY_NAME = re.compile(r"(.+)_\{[0-9]{1,2}\}")


def _an_entry(s: Statement, name: str) -> bool:
    """Is ``name`` an entry of a vector the section has (``p_{2}`` of p), which a text may count from 0 or 1? Not
    a name of its own with a number below (``\\delta_{1}``, of no vector \\delta)."""
    m = _ENTRY_NAME.fullmatch(name)
    if m is None:
        return False
    base, paragraph = m.group(1), s.span.paragraph
    return base in s.job.env or bool(s.key.earlier_values(paragraph, {base}) or s.key.carried_values(paragraph, {base}))


def _may_refute(s: Statement, name: str, found: tuple, claimed: bool = False) -> bool:
    """May the value an earlier paragraph gave ``name`` (``found``: as :meth:`Key.earlier_values` gives it, with a
    third item when the section carries it from its definition) refute the statement: a value the section computed
    (by a formula, or as ``derived``) or a vector or matrix it wrote out, not an entry (:func:`_an_entry`), not
    candidates, and still the name's value (:func:`_still_its_value`)? A bare number (``x = 4``) may be a case."""
    value, at = found[0], found[1]
    kind = "carried" if len(found) > 2 else s.key.earlier_kind(s.span.paragraph, name)
    if kind == "candidates" or _an_entry(s, name):
        return False
    if kind not in ("carried", "derived") and not (isinstance(value, Vec) and len(value) >= 2):
        return False
    return _still_its_value(s, name, at, claimed)


def computed_from_earlier_values(step: Step, res: Judgement) -> Judgement | None:
    """``\\delta_1 x^\\top = \\begin{pmatrix} 0 & 12 \\\\ 0 & 24 \\end{pmatrix}`` in a later paragraph than ``x = (1,
    2)^\\top`` and ``\\delta_1 = \\ldots = (0,\\ 12)^\\top``: a step that computes from values the section gave earlier
    is refuted by them, as a step of their own paragraph is, when each is a vector or a matrix (the data of a worked
    example, or one it computed) or a value the section computed (by a formula, or the value its chain claims: the
    step computes from the text's own value), with the values and their lines as evidence. Not where a name may be
    another quantity by then (:func:`_still_its_value`, :func:`_plain_sentence`), nor from an entry (``p_2``: a
    text may count from 0) or a bare number bound earlier (``y = 1`` under "Positive label": a case, or a
    candidate), and not a name restated bare (``J \\approx \\ldots`` after ``J = \\ldots = \\operatorname{diag}(p) - p
    p^\\top``: which of the two is right is not known)."""
    s, i = step.statement, step.i
    if s.span.flashcard or res.verdict is not Verdict.UNCHECKED or res.code is not Reason.FREE_SYMBOLS:
        return None
    again, earlier = s.with_earlier_values
    new = again.get(i)
    if new is None or new.verdict is not Verdict.WRONG or not _plain_sentence(s):
        return None
    trees = s.job.trees
    written = {n for t in trees[i : i + 2] if t is not None for n in written_names(t)}
    used = sorted(n for n in earlier if n in written)
    if not used or _names_in_functions(trees[i : i + 2], s.job.env) & set(earlier) or name_of(trees[i]) in used:
        return None
    if not all(_may_refute(s, name, earlier[name], claimed=True) for name in used):
        return None
    return replace(new, reason=f"{new.reason + '; ' if new.reason else ''}with {_named_values(s, used, earlier)}",
                   rule="earlier value")


def _named_values(s: Statement, used: list[str], earlier: dict) -> str:
    """``z = [1, 2, 3] (line 1), bound in an earlier paragraph; p = ... (line 3), carried from its definition``."""
    notes = []
    for carried, where in ((False, "bound in an earlier paragraph"), (True, "carried from its definition")):
        named = [n for n in used if (len(earlier[n]) > 2) == carried]
        if named:
            notes.append(", ".join(f"{n} = {shown(earlier[n][0])} (line {s.key.lines.line_of(earlier[n][1])})"
                                   for n in named) + f", {where}")
    return "; ".join(notes)


def refuted_for_every_value(step: Step, res: Judgement) -> Judgement | None:
    """"For every real $t$, $(1 + t)^7 \\ge 1 + 7t$", "For all $m$, $(2m + 1)^2 = 4m^2 + 4m + 3$": an inequality or an
    equation the sentence claims for every value of its variables (:func:`~lnsym.check.roles.quantifiers.quantified`:
    the reals, the integers, a ray or an interval the words and the quantified math give) is ``wrong`` at a value of
    that domain where it is false (:func:`~lnsym.check.judges.proofs.universal.counterexample`), with the value and
    both sides there. Only a step left unchecked as a condition on a variable (an inequality) or as no identity (an
    equation), whose every variable the sentence quantifies; a value bound earlier is no variable. No value found:
    unchanged."""
    s, i, job = step.statement, step.i, step.statement.job
    if s.span.flashcard or res.verdict is not Verdict.UNCHECKED:
        return None
    if res.code is not Reason.CONDITION and not (job.rels[i] == "=" and (res.code is Reason.FREE_SYMBOLS
                                                                        or res.code in NOT_AN_IDENTITY)):
        return None
    domains = quantified(s.key.text, *s.span.outer)
    left, right = s.values.get(i), s.values.get(i + 1)
    if not domains or set(domains) & set(job.env) or not isinstance(left, sp.Expr) or not isinstance(right, sp.Expr):
        return None
    found = counterexample(left, right, job.rels[i], domains)
    if found is None:
        return None
    at = ", ".join(f"{name} = {sp.latex(v)}" for name, v in found.point.items())
    return Judgement(Verdict.WRONG, "", f"claimed for every value its sentence quantifies, but false at {at}: "
                                         f"{shown(found.left)} against {shown(found.right)}",
                      left=shown(found.left), right=shown(found.right), rule="universal")


def identity_of_numbers_only(step: Step, res: Judgement) -> Judgement | None:
    """"For vectors $u, v \\in \\mathbb{R}^3$, $(u \\cdot v)^2 = (u \\cdot u)(v \\cdot v)$", "For $2 \\times 2$ matrices
    $A$ and $B$, $AB - BA = 0$": an identity proved for numbers, with a product of its letters, in a sentence that says
    before it (or its paragraph does) that its letters are vectors, matrices, quaternions or the like
    (:func:`~lnsym.check.roles.cues.not_scalars`), is not proved for them (their products need not commute, and a
    dot is no product of numbers): ``unchecked``. Not a step a lemma proved (submultiplicativity of a norm is of
    matrices)."""
    s, i = step.statement, step.i
    if res.verdict is not Verdict.CORRECT or res.rule == "lemma":  # (a lemma of norms is one of matrices)
        return None
    if not any(t is not None and _product_of_letters(t, s.job.env) for t in s.job.trees[i : i + 2]):
        return None
    if not not_scalars(s.key.text, s.span, s.first):
        return None
    return Judgement(Verdict.UNCHECKED, "", "an identity of numbers, and the text says its letters are not numbers "
                                            "(vectors, matrices): their products may not be")


def _product_of_letters(tree: Any, env: dict) -> bool:
    """Does the term, as written, multiply two terms with letters that have no value, or raise one to a power
    (``pq``, ``A \\cdot B``, ``(u \\cdot v)^2``; not ``\\|x\\|^2`` with x given)?"""
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, Mul) and written_names(t.left) - env.keys() and written_names(t.right) - env.keys():
            return True
        if isinstance(t, Pow) and written_names(t.base) - env.keys():
            return True
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return False


def restates_a_carried_value(step: Step, res: Judgement) -> Judgement | None:
    """``\\theta_1 = 0.95`` after the update rule ``\\theta_t = \\theta_{t-1} - \\eta g_t``, ``p_2 \\approx 0.2447``
    after ``p_i = e^{z_i}/S``: a name written with its value where the section carries one for it
    (:mod:`~lnsym.check.roles.defined_values`) is ``correct`` when the value agrees. When it does not, an
    approximation (:func:`_approximated`) of a name that is no entry (``p_2``: a text may count from 0) and that
    the section defined no other way since is ``wrong``, with the carried value; anything else stays a definition
    (``=`` may give the name anew)."""
    s, i, job = step.statement, step.i, step.statement.job
    if i != 0 or not job.defined or s.span.flashcard or res.verdict is Verdict.CORRECT or job.rels[0] not in ("=", "≈"):
        return None
    written, name = s.values.get(1), job.defined
    if written is None or has_unknowns(written) or not is_literal(job.trees[1]):
        return None
    carried = s.key.carried_values(s.span.paragraph, {name}).get(name)
    if carried is None:
        return None
    value, at = carried
    rebound = s.key.rebound_between(s.span.paragraph, at, s.here)
    if rebound is not None and s.key.rests_on(s.span.paragraph, name, rebound):
        return None  # (`A = \\pi r^2` carried with r = 2, then "now let $r = 3$": it is of the old r)
    alone = StatementJob(job.trees[:2], job.errors[:2], job.sources[:2], job.rels[:1], env={**job.env, name: value},
                         approx=job.approx, rounded=job.rounded, constants=job.constants)
    res = s.key.worker.run(alone)[0].get(0)  # (in the worker, under its time limit)
    where = f"{name} = {shown(value)} (line {s.key.lines.line_of(at)}), carried from its definition"
    if res is not None and res.verdict is Verdict.WRONG and _approximated(s) \
            and _may_refute(s, name, (value, at, "carried")):
        return replace(res, reason=f"{res.reason + '; ' if res.reason else ''}with {where}", rule="earlier value")
    if res is None or res.verdict is not Verdict.CORRECT:
        return None
    return replace(res, reason=where)


def proved_only_at_a_value(step: Step, res: Judgement) -> Judgement | None:
    """A rewriting with a name on both sides, proved only by a value written out for it (``x = 1``, a
    candidate "so $x = 1$ is a root", then ``(x - 1)(x^2 - 5x - 6) = (x - 1)(x - 2)(x - 3)``: both sides 0 at
    x = 1, although the two differ for every other x) is a claim for every x as often as one at the value:
    ``correct`` only when it holds for every value of the name; else ``unchecked``, with the value named."""
    s, i, job = step.statement, step.i, step.statement.job
    if s.span.flashcard or res.verdict is not Verdict.CORRECT or res.reason or job.rels[i] != "=":
        return None
    sides = [free_names(t) if t is not None else set() for t in job.trees[i : i + 2]]
    names = {n for n in sides[0] & sides[1] if s.ctx.kind.get(n) == "let" and n in job.env}
    if not names:
        return None
    free = {k: v for k, v in job.env.items() if k not in names}
    again, _ = s.key.worker.run(replace(job, env=free, start=i, defined="" if i else job.defined,
                                        name_chain=False, previous=None, derived_from=None))
    if again.get(i) is not None and again[i].verdict is Verdict.CORRECT:
        return None
    at = ", ".join(f"{n} = {shown(job.env[n])} (line {s.key.lines.line_of(s.ctx.origin.get(n, 0))})"
                   for n in sorted(names))
    return _unchecked(f"holds at {at}, but not for every value: a rewriting for every value may be meant")


def _number_plus_letter(t: Any) -> bool:
    while isinstance(t, Group):
        t = t.inner
    match t:
        case Add((Num(), Sym(name, None))):  # `2 + x`: a number and a plain letter
            return len(name) == 1
    return False


def letters_given_values_in_a_sum(step: Step, res: Judgement) -> Judgement | None:
    """``A=1 + B=2 + C=3 = 6``: two or more inner terms of an all-``=`` chain are a number plus a letter (the
    next letter being given its value): a list of values written with '=', not a chain of equal terms. Only
    what holds anyway (or is skipped) stays; the rest is ``unchecked``."""
    job = step.statement.job
    if res.verdict in (SKIP, Verdict.CORRECT) or not all(r == "=" for r in job.rels):
        return None
    if sum(_number_plus_letter(t) for t in job.trees[1:-1]) < 2:
        return None
    return _unchecked("letters given values inside a sum (A=1 + B=2 + ...): not one chain")


def out_of_scope(step: Step, res: Judgement) -> Judgement | None:
    """A refutation that rests on a value bound earlier stands only where that value is in scope
    (:meth:`~lnsym.check.roles.context.Context.may_refute`), or where the statement is asserted under the
    hypothesis that bound it, just before ("Case 2: $x = 10$; then $5x = 30$"); a name the statement goes on to
    bind again is an unknown it solves for ("$2x = 6$, so $x = 3$" after an earlier x)."""
    if res.verdict is not Verdict.WRONG:
        return None
    s, i, ctx, job = step.statement, step.i, step.statement.ctx, step.statement.job
    trees, text = job.trees, s.key.text
    used = set().union(*(bound_names(t, job.env) for t in (trees[i], trees[i + 1]) if t is not None))
    used -= {job.defined} if i == 0 else set()
    # (a value given for this statement alone, "where $s = 3$" or its table row's, is no case or candidate of another)
    used -= ctx.given[1] if ctx.given[0] == s.here else frozenset()
    if not used:
        return None
    if all(ctx.bound_at.get(n) == ctx.count - 1 for n in used) and not used & s.later \
            and under_hypothesis(text, ctx.last_span, (s.here, s.there)):
        return None
    if used & s.later:  # the name is bound again further on: an unknown being solved for
        return Judgement(Verdict.UNCHECKED, "", f"uses {min(used & s.later)} bound earlier, but the statement goes "
                         "on to solve for it", code=Reason.ANOTHER_VALUE)
    restated = name_of(trees[0]) if i == 0 and job.rels[0] == "=" and is_literal(trees[1]) else None
    why = ctx.may_refute(used, restated, lambda n: text[ctx.origin.get(n, 0) : s.here])
    # (the code tells the context that the statement is about other values of these names: roles.context.Context.change)
    return Judgement(Verdict.UNCHECKED, "", why, code=Reason.ANOTHER_VALUE) if why else None


def holds_at_earlier_values(step: Step, res: Judgement) -> Judgement | None:
    """A rewriting refuted as an identity that holds at the values an earlier paragraph bound its letters to
    (``r = \\sqrt[3]{250/\\pi}``, then "$h = \\frac{500}{\\pi r^2} = \\frac{2\\pi r^3}{\\pi r^2} = 2r$, using
    $500 = 2\\pi r^3$ at the optimum"): the step may be about those values, not all values. Unchecked."""
    if res.verdict is not Verdict.WRONG or res.code not in NOT_AN_IDENTITY:
        return None
    s, key = step.statement, step.statement.key
    left, right = s.values.get(step.i), s.values.get(step.i + 1)
    if left is None or right is None or isinstance(left, Vec) or isinstance(right, Vec):
        return None
    point, where = {}, []
    for sym in sorted(free_of(left) | free_of(right), key=str):
        for p in sorted((k for k in key.contexts if k < s.span.paragraph), reverse=True):
            ctx = key.contexts[p]
            value = ctx.env.get(str(sym))
            if value is not None and not isinstance(value, Vec) and not free_of(value):
                point[sym] = value
                where.append(f"{sym} = {shown(value)} (line {key.lines.position(ctx.origin.get(str(sym), 0))[0]})")
                break
        else:
            return None
    if not point or not holds_at(left, right, point):
        return None
    return _unchecked(f"not an identity, but it holds at the value{'s' if len(where) > 1 else ''} an earlier "
                      f"paragraph gave: {', '.join(where)}")


# Letters a text takes for real numbers (x, t, a Greek letter): a condition on any other letter may be one on integers
# ("$b^2 > 30$, so $b \\ge 6$" over the integers), refuted only at an integer point
_REAL_LETTERS = frozenset("xyztuvw")
_COUNTS = re.compile(r"\b(?:number of|count|counts|batch|steps|layers|epochs|iterations|items|people|terms)\b",
                     re.IGNORECASE)
_NEGATIVE = re.compile(r"\b(?:negative|real|reals|nonpositive|non-positive)\b|\\mathbb\{?R", re.IGNORECASE)


def _allowed(s: Statement, letter: str, sources: str) -> Callable[[Any], bool]:
    """The points a condition on ``letter`` in ``s`` may be refuted at: those meeting the conditions its paragraph
    states in words (:func:`~lnsym.check.roles.cues.meets_worded_conditions`); integers unless the letter is one
    taken for reals and the paragraph counts nothing; positive ones unless the conditions (``sources``) write a
    negative number or the paragraph speaks of negative or real numbers (a length, a rate, a temperature is
    positive without saying so)."""
    text, here = s.key.text, s.here
    before = text[max(0, here - 600) : here]
    real = (letter in _REAL_LETTERS or letter.startswith("\\")) and not _COUNTS.search(before)
    signed = "-" in sources or _NEGATIVE.search(before) is not None

    def allowed(c: Any) -> bool:
        return (bool(c.is_integer) or real) and (c > 0 or signed) and meets_worded_conditions(text, here, c)
    return allowed


def _link_shown(job: StatementJob, j: int) -> str:
    return f"{job.sources[j]} {job.rels[j]} {job.sources[j + 1]}"


def derived_condition_does_not_follow(step: Step, res: Judgement) -> Judgement | None:
    """"$b^2 > 30$, so $b \\ge 5$"; "$|1 - 4\\eta| < 1$, i.e. $0 < \\eta < 1$": a condition on one variable derived from
    the condition right before it (:func:`~lnsym.check.roles.cues.derived_condition`) that a point of that one
    violates ("so"), or that a point outside it meets ("i.e.", "iff"), the paragraph's other facts on the variable
    holding there (:func:`~lnsym.check.judges.proofs.conditions.refuting_point`): ``wrong`` at the link it fails, or at
    the first link, with the point."""
    s, job = step.statement, step.statement.job
    if res.verdict is not Verdict.UNCHECKED or res.code is not Reason.CONDITION or s.span.flashcard:
        return None
    previous = s.ctx.previous_condition()
    kind = derived_condition(s.key.text, s.ctx.last_span, (s.here, s.there)) if previous else ""
    new = [Inequality.of(s.values.get(j), s.values.get(j + 1), r) for j, r in enumerate(job.rels)]
    if not kind or None in new or any(n in job.env for t in job.trees if t is not None for n in written_names(t)):
        return None
    letters = {str(v) for q in new for v in q.expr.free_symbols}
    if len(letters) != 1:
        return None
    domain = [f for f in (*s.ctx.equations, *s.ctx.inequalities) if f not in previous]
    sources = s.key.text[s.ctx.last_span[0] : s.there]
    found = refuting_point(list(previous), new, domain, kind == "iff", _allowed(s, letters.pop(), sources))
    if found is None:
        return None
    x, c, lost = found
    failing = next((j for j, q in enumerate(new) if not _holds_at(q, x, c)), 0) if lost else len(new) - 1
    if step.i != failing:
        return None
    left, right = (v.xreplace({x: c}) if isinstance(v, sp.Expr) else None
                   for v in (s.values.get(failing), s.values.get(failing + 1)))
    there = f"{shown(left)} {job.rels[failing]} {shown(right)}"
    why = (f"does not follow from the condition before it: at {x} = {shown(c)}, which meets it, "
           f"{_link_shown(job, failing)} is false ({there})" if lost else
           f"is not equivalent to the condition before it ('{kind}'): at {x} = {shown(c)} this one holds ({there}), "
           f"but that one does not ({'; '.join(_fails_shown(q, x, c) for q in previous if not _holds_at(q, x, c))})")
    return Judgement("wrong", "", why, left=shown(left), right=shown(right), code=Reason.NOT_FOLLOWING)


def _fails_shown(q: Inequality, x: Any, c: Any) -> str:
    return f"{sp.latex(q.expr)} = {shown(q.expr.xreplace({x: c}))} there, not {'<' if q.strict else '≤'} 0"


def _holds_at(q: Inequality, x: Any, c: Any) -> bool:
    v = q.expr.xreplace({x: c})
    return bool(v < 0 or (v == 0 and not q.strict))


def _value_for_pi(left: Any, right: Any) -> bool:
    if left != Const("pi") or not isinstance(right, sp.Basic) or not right.is_number:
        return False
    try:
        return abs(float(right) - 3.141592653589793) < 0.00315
    except (TypeError, ValueError):
        return False


def value_taken_for_pi(step: Step, res: Judgement) -> Judgement | None:
    """``\\pi = \\frac{22}{7}``, ``\\pi = 3.14``: π alone on the left and a number within a thousandth of it
    (0.1%) on the right is the approximation a text takes for π ("take π = 22/7"), not a claim about π."""
    s = step.statement
    if res.verdict is not Verdict.WRONG or not _value_for_pi(s.job.trees[step.i], s.values.get(step.i + 1)):
        return None
    return _unchecked(f"the value the text takes for π (an approximation it chooses: {res.reason})")


def within_the_tolerance_stated(step: Step, res: Judgement) -> Judgement | None:
    """"$\\pi \\approx 3.15$, accurate to within $0.01$": an approximation refuted as a rounding whose words right after
    it state a tolerance it meets is held to the tolerance, not to its digits: ``correct``, with both values and the
    gap (probe 4, P4-FW-F: it was ``wrong``, "which rounds to 3.14"). One that misses the tolerance stays ``wrong``."""
    s, i = step.statement, step.i
    if res.verdict is not Verdict.WRONG or res.code is not Reason.MISROUNDED or i != len(s.job.rels) - 1 \
            or s.job.rels[i] != "≈" or s.span.text[s.end :].strip():
        return None
    stated = tolerance_after(s.key.text, s.span)
    left, right = s.values.get(i), s.values.get(i + 1)
    if stated is None or not all(isinstance(v, sp.Expr) and v.is_number and v.is_real for v in (left, right)):
        return None
    number, percent = stated
    tolerance = sp.Rational(Fraction(number)) * (abs(left) / 100 if percent else 1)
    gap = abs(left - right)
    if exact_equal(sp.Max(gap - tolerance, 0), sp.S.Zero) is not True:
        return None
    said = f"{number}%" if percent else number
    off = sp.N(gap, 3)
    return Judgement(Verdict.CORRECT, "", f"within the stated tolerance {said}: {s.job.sources[i]} = "
                                           f"{format_value(left)}, {off} from {shown(right)}")


def rounded_to_the_places_stated(step: Step, res: Judgement) -> Judgement | None:
    """"$\\pi \\approx 3.1$ to four decimal places": a last value the words after the math say is rounded to n
    decimal places is held to them, not only to the digits it shows: ``wrong`` where the exact value rounded to n
    places is another number (3.1416), with it as the evidence. Trailing zeros may be left out (``0.5`` "to two
    decimal places" is 0.50). :func:`~lnsym.check.roles.cues.places_after`; and where its sentence says so before
    it ("To the nearest thousandth, $\\pi \\approx 3.14$") or "the nearest ..." after it, when the value is written
    with no more places than that (:func:`~lnsym.check.roles.cues.places_before`)."""
    s, i = step.statement, step.i
    if res.verdict not in (Verdict.CORRECT, Verdict.IMPRECISE) or i != len(s.job.rels) - 1 \
            or s.job.rels[i] not in ("=", "≈") or s.span.text[s.end :].strip():
        return None
    places, figures = places_after(s.key.text, s.span), figures_after(s.key.text, s.span)
    written, left = literal_of(s.job.trees[i + 1]), s.values.get(i)
    where = "the words after it say"
    if places is None and not figures and written is not None:
        places, where = places_before(s.key.text, s.span, s.first), "its sentence says"
        if places is not None and written.decimals > places:
            return None  # ("$64.20 \\times 0.18 = 11.556$, rounded to the nearest cent": the rounding still to come)
        if places is None and written.value != 0 and written.exponent is None:
            figures = figures_before(s.key.text, s.span, s.first)  # ("To three significant figures, ...")
            if figures is not None and significant_figures(written) > figures:
                return None
    if (places is None and not figures) or written is None or written.exponent is not None \
            or not isinstance(left, sp.Expr) or not left.is_number or not left.is_real:
        return None
    said = f"{places} decimal place{'' if places == 1 else 's'}"
    if places is None:  # n significant figures: the places after the point that leave n digits from the first
        if left == 0:
            return None
        first = sp.floor(sp.log(abs(sp.N(left, 50)), 10))  # the place of the first significant digit
        if not first.is_Integer:
            return None
        places, said = figures - 1 - int(first), f"{figures} significant figures"
        if places < 0:
            return None  # (12345 to 2 figures is 12000: a whole number rounded to tens and more is not read)
    unit = sp.Rational(1, 10**places)
    rounded = format_rounded(left, Literal(sp.Integer(0), unit, places, has_point=places > 0))
    if sp.Rational(rounded) == written.value:
        return None
    return Judgement(Verdict.WRONG, rounded, f"to {said}, as {where}, "
                                              f"{format_value(left)} is {rounded}", left=rounded,
                      right=s.job.sources[i + 1].strip())


def rounded_as_its_sentence_says(step: Step, res: Judgement) -> Judgement | None:
    """"Rounded up to the next integer, $\\frac72 \\approx 3$", "To the nearest ten, $1234 \\approx 1200$": a last
    value after '≈' whose sentence names a direction or a unit of rounding (:func:`~lnsym.check.roles.cues.
    rounding_said`) is held to that rounding, not to its digits: ``correct`` where it is the value so rounded
    (``\\$10 \\div 3 \\approx \\$3.34``, rounded up); ``wrong`` where the nearest multiple of the unit named is
    another number (as :func:`rounded_to_the_places_stated`, with the rounding as evidence); ``unchecked`` where a
    direction gives another number (the words may be of another value of the sentence). Not a value that is no
    multiple of the unit named: that rounding is still to come ("rounding up to the nearest whole number: $100
    \\div 7 \\approx 14.2857$")."""
    s, i = step.statement, step.i
    if i != len(s.job.rels) - 1 or s.job.rels[i] != "≈" or not (
            res.verdict is Verdict.CORRECT or (res.verdict is Verdict.WRONG and res.code is Reason.MISROUNDED)):
        return None
    written, left = literal_of(s.job.trees[i + 1]), s.values.get(i)
    if written is None or written.exponent is not None or not isinstance(left, sp.Expr) or not left.is_number \
            or not left.is_real:
        return None
    said = rounding_said(s.key.text, s.span, s.first)
    if said is None:
        return None
    how, unit = said
    places = written.decimals if unit is None else 0  # (the places of the unit named: `_decimal_text` finds them)
    unit = written.unit if unit is None else sp.Rational(Fraction(unit))
    if not (written.value / unit).is_Integer:
        return None  # ("rounding up to the nearest whole number: $100 \\div 7 \\approx 14.2857$": still to come)
    steps = {"up": sp.ceiling, "down": sp.floor, "nearest": lambda x: sp.floor(x + sp.Rational(1, 2))}[how](left / unit)
    if not steps.is_Integer:
        return None
    rounded, source = steps * unit, s.job.sources[i + 1].strip()
    words = f"rounded {how}" if how != "nearest" else f"to the nearest {_decimal_text(unit)}"
    shown_rounded = _decimal_text(rounded, places)
    if rounded == written.value:
        return Judgement(Verdict.CORRECT, "", f"{words}, as its sentence says: {format_value(left)} rounds to "
                                               f"{shown_rounded}")
    if how == "nearest":
        return Judgement(Verdict.WRONG, shown_rounded, f"{words}, as its sentence says, {format_value(left)} rounds "
                                                        f"to {shown_rounded}", code=Reason.NOT_AS_SAID,
                         left=shown_rounded, right=source)
    return _unchecked(f"{words}, as its sentence says, {format_value(left)} rounds to {shown_rounded}, not "
                      f"{source}; the words may be of another value")


def _decimal_text(x: Any, places: int = 0) -> str:
    """An exact rational written as a decimal with at least ``places`` places (``7/2`` -> ``3.5``)."""
    x = sp.Rational(x)
    while (x * 10**places).q != 1 and places < 12:
        places += 1
    return f"{sp.Float(x, 30):.{places}f}" if places else str(x)


def rounded_to_a_named_unit(step: Step, res: Judgement) -> Judgement | None:
    """A rounding refuted by its digits, in a sentence that rounds to a unit it names or in a direction ("to
    the nearest five, $37 \\approx 35$", "$\\$10 \\div 3 \\approx \\$3.34$, rounded up"): the digits do not
    decide it (:func:`~lnsym.check.roles.cues.rounded_to_a_unit`)."""
    s = step.statement
    misrounded = s.job.rels[step.i] == "≈" or res.code is Reason.MISROUNDED
    if res.verdict is not Verdict.WRONG or not misrounded or res.code is Reason.NOT_AS_SAID or not s.unit:
        return None
    return _unchecked(f"rounded to a unit the text names (the nearest five, the next cent), not to its digits "
                      f"({res.reason})")


_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}


def scaled_by_the_words_after(step: Step, res: Judgement) -> Judgement | None:
    """"$12P = 85054464 \\approx 85.05$ million": the last value of a statement whose math the words of a scale
    follow (thousand, million, billion, trillion) is in that unit: refuted as a plain number, it is ``correct`` where
    the left side in that unit rounds to it, exactly, to its decimals (``=``: is it); otherwise the refutation stays
    (``2 + 3 = 6`` million: both sides in millions). :func:`~lnsym.check.roles.cues.scaled_after`."""
    s = step.statement
    if res.verdict is not Verdict.WRONG or step.i != len(s.job.rels) - 1 or s.job.rels[step.i] not in ("=", "≈"):
        return None
    scale = scaled_after(s.key.text, s.span, s.end)
    written = re.fullmatch(r"\s*(\d+)(?:\.(\d+))?\s*", s.job.sources[step.i + 1])
    left = s.values.get(step.i)
    if not scale or written is None or not isinstance(left, sp.Basic) or not left.is_Rational:
        return None
    places, right = len(written.group(2) or ""), written.group(0).strip()
    scaled = left / _SCALES[scale]
    said = f"in {scale}s, as the words after it say: {format_value(left)} is {format_value(scaled)} {scale}"
    holds = scaled == sp.Rational(right) if s.job.rels[step.i] == "=" else \
        abs(scaled - sp.Rational(right)) <= sp.Rational(1, 2 * 10**places)
    if holds:
        return Judgement("correct", "", f"{said}, which rounds to {right}")
    if abs(left) < _SCALES[scale] or sp.Rational(right) >= _SCALES[scale]:
        return None  # (`2 + 3 = 6` million: both sides in millions, and a slip as written)
    return replace(res, reason=f"{said}, not {right}")


def defines_an_operation(step: Step, res: Judgement) -> Judgement | None:
    """``a \\star b = 2a + b``: the first step defines the text's own operation, for the whole key; nothing to
    check there."""
    s = step.statement
    if step.i != 0 or s.defines_op is None:
        return None
    return Judgement("unchecked", "", f"defines the operation {op_name(s.defines_op[0])}", code=Reason.DEFINES)


def restates_the_value_just_computed(step: Step, res: Judgement) -> Judgement | None:
    """``So $x_{i+1} = [-1, 2]$`` right after a computation of ``[-1, 1]``: the conclusion is an assertion about
    the value just computed, not a new definition (:func:`restatement`), decided against it."""
    return step.statement.restates if step.i == 0 else None


def _another_reading(key: Key, name: str | None, value: Any, here: int, paragraph: int) -> bool:
    """May ``NAME = value`` state the name's own value rather than restate the last computation? When an earlier
    paragraph gave the name a value, or its own formula did (carried), and it agrees: "$Wx = (4, 1)$, so $y = (4,
    2)$" after ``y = Wx + b`` with W, x and b given; and when a statement before defined the name by a formula that
    gave it no value (``y = Wx + b`` with W and x unknown): that formula may give the value written."""
    if name is None:
        return False
    found = {**key.carried_values(paragraph, {name}), **key.earlier_values(paragraph, {name})}.get(name)
    if found is not None:
        return isinstance(found[0], Vec) and found[0] == value
    return any(at < here for ctx in key.contexts.values() for at in ctx.defines.get(name, ()))


def restatement(key: Key, ctx: Context, trees: list, value: Any, here: int, paragraph: int) -> Judgement | None:
    """The verdict of ``NAME = value`` at offset ``here`` as a restatement of the value the paragraph just computed
    (``ctx.last_result``), or None when it is not one. Vectors of rationals only (the comparison runs outside the
    worker's time limit); a number after "so" is too often another quantity ("3 \\cdot 4 = 12, so n = 13")."""
    if ctx.last_result is None or not isinstance(value, Vec) or not is_literal(trees[1]):
        return None
    computed, end = ctx.last_result
    if not isinstance(computed, Vec) or len(computed) != len(value) or not concludes(key.text, end, here):
        return None
    if not all(getattr(x, "is_Rational", False) for x in (*computed.items, *value.items)):
        return None  # this comparison runs outside the worker's time limit: exact numbers only
    line, column = key.lines.position(end - 1)
    res = decide_pair(computed, value, "=", (None, trees[1]), None, (shown(computed), shown(value)), False)
    if res.verdict is Verdict.WRONG:
        if _another_reading(key, name_of(trees[0]), value, here, paragraph):
            return None  # the name's own value may be meant
        why = f"restates the value just computed (ending at {line}:{column}), which is {shown(computed)}"
        return Judgement("wrong", shown(computed), why, left=shown(computed), right=shown(value))
    if res.verdict in (Verdict.CORRECT, Verdict.IMPRECISE):
        return replace(res, reason="restates the value just computed", code=Reason.OTHER)
    return None


# the relations a text may reject in words: equalities and inequalities between two values
_RELATIONS = ("=", "≠", "<", ">", "≤", "≥")


# -- once the step has its role ---------------------------------------------------------------------------------
def called_false_but_holds(step: Step, res: Judgement) -> Judgement | None:
    """"$2 + 3 = 5$ (false)", "$23.6 \\le 24$, which does not hold": the text rejects, in a clause of its own right
    after it, one relation ('=', '≠' or an inequality) between two known values that holds; that is its slip (issue
    28): ``wrong``."""
    s = step.statement
    rels, values, sources = s.job.rels, s.values, s.job.sources
    if step.role != "rejected" or step.read is None or step.read.verdict is not Verdict.CORRECT or len(rels) != 1 \
            or rels[0] not in _RELATIONS \
            or step.formula or not called_false(s.key.text, s.span, s.end) \
            or has_unknowns(values.get(0)) or has_unknowns(values.get(1)):
        return None
    return Judgement("wrong", "it holds", f"the text calls it false, but {sources[0]} {rels[0]} {sources[1]} holds",
                      left=shown(values.get(0)), right=shown(values.get(1)))


def _condition_shown(fact: Any, name: str, value: Any, at: Any) -> str:
    expr = fact.expr if isinstance(fact, Inequality) else fact
    rel = "=" if not isinstance(fact, Inequality) else "<" if fact.strict else "\\le"
    return f"{sp.latex(expr)} {rel} 0 (at {name} = {shown(value)}: {shown(at)} {rel} 0)"


def rejected_candidate_meets_conditions(step: Step, res: Judgement) -> Judgement | None:
    """"Try $x = 3$: $3^2 + 3 = 12$, so $x = 3$ fails": the text rejects a candidate ``NAME = value`` (words right
    after it, :func:`~lnsym.check.roles.cues.candidate_fails`) that meets every condition the paragraph set on that
    name before it (``x^2 + 3 = 12``, ``4 + 0.7B \\le 24``:
    :func:`~lnsym.check.judges.proofs.consequences.conditions_met`). A rejection that holds is the slip to
    report (issue 28): ``wrong``, with the condition at the value."""
    s, job = step.statement, step.statement.job
    if step.i != 0 or job.rels != ["="] or res.verdict is Verdict.WRONG or job.trees[0] is None \
            or not is_literal(job.trees[1]) or not candidate_fails(s.key.text, s.span, s.end):
        return None
    name, value = name_of(job.trees[0]), s.values.get(1)
    met = conditions_met(job.previous, name, value) if name is not None else None
    if not met or not meets_worded_conditions(s.key.text, s.here, value):
        return None
    shown_met = "; ".join(_condition_shown(f, name, value, at) for f, at in met)
    return Judgement("wrong", "", f"the text rejects {name} = {shown(value)}, but it meets the condition"
                                   f"{'s' if len(met) > 1 else ''} the text set: {shown_met}",
                      left=shown(met[0][1]), right="0")


# -- once the key is checked ------------------------------------------------------------------------------------
def negated_next(pair: Neighbours, res: Judgement) -> Judgement | None:
    """``29 = 5 \\times 14`` followed by ``29 \\neq 70``: the text tested the equation and wrote that it fails,
    so the first is rejected, not asserted."""
    f, g = pair.finding, pair.following
    if res.verdict is not Verdict.WRONG or f.relation != "=" or g.relation != "≠" or g.paragraph != f.paragraph \
            or left_side(f.source, "=") != left_side(g.source, "≠"):
        return None
    return Judgement("unchecked", res.expected, f"the text goes on to write that it fails ({g.source}); it does not "
                                                 f"hold ({res.reason})")


def worked_out_next(pair: Neighbours, res: Judgement) -> Judgement | None:
    """``0 + (15 - 1) \\cdot 71 = 999``, which simplifies to ``14 \\cdot 71 = 994``: in the same sentence the text
    works the left side out and writes the value it finds, the right one, in place of the claimed 999. The
    equation was put to the test, not asserted."""
    f, g = pair.finding, pair.following
    if not (res.verdict is Verdict.WRONG and g.verdict is Verdict.CORRECT and f.relation == g.relation == "="
            and g.paragraph == f.paragraph and res.expected):
        return None
    worked, found = ("".join(side.split()) for side in g.source.rsplit("=", 1))
    if found != "".join(res.expected.split()) or worked == found:
        return None  # not the right value of the first equation's left side, or not worked out (`12 = 12`)
    if not worked_out_at_once(pair.text, pair.offsets(f), pair.offsets(g)):
        return None
    return Judgement("unchecked", res.expected, f"the text works it out at once as {g.source}, the right value; "
                                                 f"as written it does not hold ({res.reason})")


@dataclass(frozen=True)
class Rule:
    """A rule of :data:`RULES`: the stage it applies at, and the function (its name is the rule's)."""

    stage: str
    rewrite: Callable[[Any, Judgement], Judgement | None]

    @property
    def name(self) -> str:
        return self.rewrite.__name__


#: The rules, in the order they apply (each sees the verdict the ones before it made).
RULES: tuple[Rule, ...] = (
    Rule(JUDGED, proved_with_earlier_values),
    Rule(JUDGED, approximates_an_earlier_value),
    Rule(JUDGED, computed_from_earlier_values),
    Rule(JUDGED, refuted_for_every_value),
    Rule(JUDGED, identity_of_numbers_only),
    Rule(JUDGED, restates_a_carried_value),
    Rule(JUDGED, proved_only_at_a_value),
    Rule(JUDGED, letters_given_values_in_a_sum),
    Rule(JUDGED, out_of_scope),
    Rule(JUDGED, holds_at_earlier_values),
    Rule(JUDGED, derived_condition_does_not_follow),
    Rule(JUDGED, value_taken_for_pi),
    Rule(JUDGED, rounded_as_its_sentence_says),
    Rule(JUDGED, rounded_to_a_named_unit),
    Rule(JUDGED, within_the_tolerance_stated),
    Rule(JUDGED, rounded_to_the_places_stated),
    Rule(JUDGED, scaled_by_the_words_after),
    Rule(JUDGED, defines_an_operation),
    Rule(JUDGED, restates_the_value_just_computed),
    Rule(PLACED, called_false_but_holds),
    Rule(PLACED, rejected_candidate_meets_conditions),
    Rule(NEXT, negated_next),
    Rule(NEXT, worked_out_next),
)


def after_judge(statement: Statement, results: dict[int, Judgement]) -> None:
    """Apply the :data:`JUDGED` rules to each step of ``results`` (in place), rule after rule: a rule that asks the
    worker again does so for the steps in order, before the next rule."""
    steps = {i: Step(statement, i) for i in results}
    for rule in RULES:
        if rule.stage != JUDGED:
            continue
        for i, res in results.items():
            new = rule.rewrite(steps[i], res)
            if new is not None:
                results[i] = new


def after_role(step: Step, res: Judgement) -> Judgement:
    """The verdict of a placed ``step`` once the :data:`PLACED` rules are applied to ``res``."""
    for rule in RULES:
        if rule.stage == PLACED:
            res = rule.rewrite(step, res) or res
    return res


def _as_result(f: Finding) -> Judgement:
    return Judgement(f.verdict.value, f.expected, f.reason, f.evidence.left, f.evidence.right, code=f.code)


def after_key(findings: list[Finding], text: str, lines: LineIndex) -> list[Finding]:
    """The findings of a key (in order) with the :data:`NEXT` rules applied to each one that has a next: a finding
    a rule changes is one the text goes on to test, ``rejected``; first, one reading of the notation throughout
    (:func:`~lnsym.check.roles.readings.one_reading`)."""
    out = one_reading(findings, text)
    for k in range(len(out) - 1):
        pair, res = Neighbours(text, lines, out[k], out[k + 1]), _as_result(out[k])
        new = res
        for rule in RULES:
            if rule.stage == NEXT:
                new = rule.rewrite(pair, new) or new
        if new is not res:
            refuted = new.verdict in (Verdict.WRONG, Verdict.IMPRECISE)
            evidence = Evidence(new.left, new.right) if refuted else Evidence()
            out[k] = replace(out[k], verdict=Verdict(new.verdict), expected=new.expected, reason=new.reason,
                             code=new.code, role="rejected", evidence=evidence)
    return out

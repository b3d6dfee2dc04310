"""What a paragraph has said so far: ``NAME = value`` binds NAME for the rest of the paragraph.

Two kinds of binding, to stay conservative:

- a *let* gives a bare literal (``x=[5,5,5,5]``, ``ϵ=0``, ``x=2`` ... ``x=-2``): a later let of the
  same name starts a new case and is not a contradiction;
- a *derived* value was computed (``\\sigma^2=\\frac{4+0+0+4}{4}=2``) or follows from one
  (``\\sigma`` from ``\\sigma^2``): a later bare statement of the name is checked against it
  (``\\sigma=0.5`` after ``\\sigma^2=0.0625`` is wrong), while a later computation of the name is a
  recomputation (a new layer, a new example) and simply rebinds it.

A chain of names ``x_1=x_2=[1,1]`` asserts something about every name in it and is always checked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import sympy as sp

from lnsym.check.judges.arithmetic import shown
from lnsym.check.judges.numbers.evaluate import Vec, name_of
from lnsym.check.judges.numbers.rounding import literal_of
from lnsym.check.judges.numbers.values import juxtaposed_matrices
from lnsym.check.judges.proofs.facts import Inequality, contradicts, fact_expr, fact_region, root_of
from lnsym.check.judges.proofs.lemmas import Bound
from lnsym.check.parse.nodes import Const, Frac, Group, Mul, Neg, Sqrt, Vector
from lnsym.check.roles.cues import NAME_WRITTEN

__all__ = ["KEEP_EQUATIONS", "NEW_CASE", "PARTNER", "Context", "Plan", "bound_of"]

# Words after which a name may stand for another value: a new case, a candidate, an equation being solved.
NEW_CASE = re.compile(
    r"\b(case|cases|either|or|otherwise|alternatively|another|other|second|third|if|when|whenever|where|"
    r"suppose|assume|assuming|try|trying|test|testing|check|checking|solve|solving|solution|solutions|"
    r"root|roots|candidate|candidates|consider|considering|setting|instead|now|for)\b",
    re.IGNORECASE,
)

KEEP_EQUATIONS = 6
# a name bound with another: the standard deviation and the variance imply each other
PARTNER = {"\\sigma^2": "\\sigma", "\\sigma": "\\sigma^2"}


def _number(tree: tuple) -> bool:
    """A written number (``24``, ``(24)``, ``-0.5``, ``10^{-3}``), not a root or a multiple of pi."""
    while isinstance(tree, Group | Neg):
        tree = tree.inner if isinstance(tree, Group) else tree.operand
    return literal_of(tree) is not None


def is_literal(tree: tuple | None) -> bool:
    """A value written out rather than computed: a number, ``\\frac{1}{3}``, ``\\sqrt{2}``, ``2\\sqrt{3}``,
    ``\\frac{5\\pi}{6}``, a vector of those."""
    if tree is None:
        return False
    while isinstance(tree, Group):
        tree = tree.inner
    if literal_of(tree) is not None or tree == Const("pi"):
        return True
    match tree:
        case Neg(operand):
            return is_literal(operand)
        case Frac(num, den):
            return is_literal(num) and is_literal(den)
        case Sqrt(radicand, index):
            return literal_of(radicand) is not None and index is None
        case Mul(left, right, ""):  # 2\sqrt{3}, 5\pi: a coefficient written against its factor
            # but two numbers side by side are multiplied: 720(24) is computed, as 720 \times 24 is
            return is_literal(left) and is_literal(right) and not (_number(left) and _number(right))
        case Vector(items):
            return all(is_literal(x) for x in items)
    return False


@dataclass
class Plan:
    defined: str = ""  # name defined by the first term
    bind: list[str] = field(default_factory=list)  # names to bind to the value term afterwards
    value_index: int = -1
    kind: str = "let"


def _numeric(v: Any) -> bool:
    items = v.items if isinstance(v, Vec) else (v,)
    return all(isinstance(x, sp.Basic) and x.is_number and not x.has(sp.oo, sp.zoo, sp.nan) for x in items)


def _is_vector(tree: Any) -> bool:
    while isinstance(tree, Group):
        tree = tree.inner
    return isinstance(tree, Vector)


def standing_range(ctx: Context, symbol: sp.Symbol, where: sp.Set, earlier: list | None = None) -> sp.Set | None:
    """``where`` (the values of ``symbol`` a hypothesis allows) within the conditions on that one variable the
    paragraph stated and still holds (its inequalities of ``symbol`` alone: "Let $x > 0$ be given. If $x < 1$":
    0 < x < 1); None when they leave no value (the hypothesis is of another case than those conditions). Then
    within the paragraph's standing assumptions (:attr:`Context.assumptions`: "Assume $x > 0$. If $x < 1$", where
    the case of x < 1 dropped the facts of the one before), each that narrows it and leaves it a value, and those of
    the section's earlier paragraphs (``earlier``) before them."""
    for q in ctx.inequalities:
        part = _part_of(q, symbol)
        if part is not None:
            where = where.intersect(part)
    if where is sp.S.EmptySet or isinstance(where, sp.FiniteSet):
        return None
    for q in (*(earlier or ()), *ctx.assumptions):
        part = _part_of(q, symbol)
        if part is None or part.is_subset(where) is not False:
            continue  # (a hypothesis as wide as the assumption, or wider, is the next case: "Case 2: x > 0")
        narrower = where.intersect(part)
        if narrower is not sp.S.EmptySet and not isinstance(narrower, sp.FiniteSet):
            where = narrower  # (one that leaves none is of another case: "Assume x > 1" ... "instead, x < 1")
    return where


def _part_of(q: Inequality, symbol: sp.Symbol) -> sp.Set | None:
    """The values of ``symbol`` the inequality ``q`` of that one variable allows, or None (another variable, or
    a set SymPy cannot give)."""
    found = q.expr.free_symbols
    if len(found) != 1 or str(next(iter(found))) != str(symbol):
        return None
    try:
        return fact_region(Inequality(q.expr.xreplace({next(iter(found)): symbol}), q.strict), symbol)
    except (TypeError, ValueError, NotImplementedError, sp.PolynomialError):
        return None


def _base_names(links: tuple) -> set[str]:
    """The names a hypothesis's links speak of, without subscripts (``x_{1}`` is x)."""
    return {str(x).split("_")[0] for left, right, _ in links for side in (left, right)
            for x in getattr(side, "free_symbols", ())}


def _values_of(links: tuple) -> tuple[sp.Symbol, sp.Set] | None:
    """The one variable a hypothesis's links ``(left, right, rel)`` speak of, and the set of its values they allow
    (an equation linear in it: its root; an inequality: :func:`~.facts.fact_region`); None for any other hypothesis."""
    where, symbol = sp.S.Reals, None
    for left, right, rel in links:
        if not (isinstance(left, sp.Expr) and isinstance(right, sp.Expr)):
            return None
        names = (left - right).free_symbols
        if len(names) != 1 or (symbol is not None and names != {symbol}):
            return None
        (symbol,) = names
        if rel == "=":
            root = root_of(left - right, symbol)
            part = None if root is None else sp.FiniteSet(root)
        else:
            q = Inequality.of(left, right, rel)
            part = None if q is None else fact_region(q, symbol)
        if part is None:
            return None
        where = where.intersect(part)
    return None if symbol is None else (symbol, where)


_INDEX_LETTERS = frozenset("ijklmnt")  # the letters a sequence's general term is written with


def _of_family(other: str, name: str, entries: bool = True) -> bool:
    """Is ``other`` a name that stands for something of ``name``: a term of a sequence (``a_3`` of ``a_n``), an entry
    of a vector (``x_1`` of ``x``, when ``entries``: ``name`` is one), or capitals written side by side, read as one
    name, of which ``name`` is a letter (``NT`` of ``T``)? Given ``name`` anew, what was said of ``other`` was of the
    old one. (``w_1`` is no part of a scalar ``w``: an iteration's values.)"""
    if other == name:
        return False
    base, _, index = name.partition("_")
    general = index.strip("{}") in _INDEX_LETTERS  # `a_n`, `w_{t}`: a general term (not `O_s`, a label)
    if (general or (entries and not index)) and other.split("_", 1)[0] == base and other.startswith(base + "_"):
        return True
    return len(name) == 1 and name.isupper() and 2 <= len(other) <= 4 and other.isalpha() and other.isupper() \
        and name in other


def _another_value(old: Any, new: Any) -> bool:
    """Are the equations ``old`` and ``new`` (each ``lhs - rhs``) a name of several letters, read as their product,
    given two values (``l r - 0.1`` and ``l r - 0.05``)? (A name of one letter given two values is bound, and rebound,
    as a name; two values in a row may be two roots, and keep their facts.)"""
    try:
        if not isinstance(old, sp.Expr) or not isinstance(new, sp.Expr) or not new.free_symbols \
                or old.free_symbols != new.free_symbols:
            return False
        _, term = new.as_coeff_Add()
        if not (term.is_Mul and len(term.args) >= 2 and all(isinstance(a, sp.Symbol) for a in term.args)):
            return False
        gap = sp.expand(old - new)
        return gap.is_number and gap != 0
    except (TypeError, ValueError, AttributeError):
        return False


def _inside(new: tuple, old: tuple) -> bool:
    """Does every value the hypothesis ``new`` allows satisfy ``old`` (both of one and the same variable)? Decided
    by SymPy's sets; anything else (two variables, a form it cannot solve, an undecided inclusion) is no."""
    try:
        a, b = _values_of(new), _values_of(old)
        return a is not None and b is not None and a[0] == b[0] and a[1].is_subset(b[1]) is True
    except (TypeError, ValueError, AttributeError, NotImplementedError, sp.PolynomialError):
        return False


def _opposite(fact: Any, new: Inequality) -> bool:
    """Do ``fact`` (an inequality ``E <= 0``, or ``< 0``) and ``new`` (``F <= 0``) bound the same form from
    opposite sides, ``F = -c E`` with a number c > 0, so that they cannot both hold (one of them strict)?"""
    if not isinstance(fact, Inequality) or not (fact.strict or new.strict):
        return False
    try:
        ratio = sp.cancel(new.expr / fact.expr)
    except (TypeError, ValueError, ZeroDivisionError, sp.PolynomialError):
        return False
    return bool(ratio.is_number and ratio.is_negative)


def bound_of(rels: list[str], values: dict, sources: list[str], line: int) -> Bound | None:
    """The bound a chain of '=' and '≤' (or '=' and '≥') with unknowns states between its first and last terms, as
    a :class:`~lnsym.check.judges.proofs.lemmas.Bound`: both sides with unknowns (``\\Vert B_i\\Vert \\le
    \\delta``), or one name against a number (``\\delta \\ge 0``: the domain a lemma's conditions and a refuting
    point are taken from); None for any other statement."""
    up, down = set(rels) <= {"=", "≤", "<"}, set(rels) <= {"=", "≥", ">"}
    first, last = values.get(0), values.get(len(rels))
    if len(rels) < 1 or up == down or not all(isinstance(v, sp.Expr) for v in (first, last)):
        return None
    one_name = {type(v) for v in (first, last) if not v.is_number} == {sp.Symbol} and \
        any(v.is_number and v.is_real for v in (first, last))
    if not (first.free_symbols and last.free_symbols) and not one_name:
        return None
    low, high = (first, last) if up else (last, first)
    text = f"{sources[0]} \\le {sources[-1]}" if up else f"{sources[-1]} \\le {sources[0]}"
    return Bound(low, high, text, line)


# "$a, b > 0$", "$u, v \\ge 0$", "$D, G, T > 0$": names listed, then a bound of the last one by a number, which
# bounds each of them alike (the statement read is only the last, ``T > 0``)
_LISTED = re.compile(rf"\s*(?:{NAME_WRITTEN}\s*,\s*)+")


def listed_bounds(before: str, bound: Bound | None, value_of: Callable[[str], Any]) -> list[Bound]:
    """The bounds of the names listed in the math ``before`` a statement (all of it: ``a, `` of ``a, b > 0``) that
    is ``bound``, a name against a number: the same bound of each (``value_of`` reads a name's value)."""
    if bound is None or not _LISTED.fullmatch(before):
        return []
    number_high = bound.high.is_number
    name = bound.low if number_high else bound.high
    if not isinstance(name, sp.Symbol) or not (bound.high if number_high else bound.low).is_number:
        return []
    out = []
    for source in re.findall(NAME_WRITTEN, before):
        try:
            value = value_of(source)
        except ValueError:  # (a name the reader does not take, `\\dots`: a parse or evaluation error, not bounded)
            continue
        if isinstance(value, sp.Symbol) and value != name:
            low, high = (value, bound.high) if number_high else (bound.low, value)
            text = f"{source} \\le {sp.latex(high)}" if number_high else f"{sp.latex(low)} \\le {source}"
            out.append(Bound(low, high, text, bound.line))
    return out


class Context:
    """The bindings of one paragraph. ``frozen`` contexts (flashcards) never bind."""

    def __init__(self, frozen: bool = False) -> None:
        self.env: dict[str, Any] = {}
        self.kind: dict[str, str] = {}
        self.origin: dict[str, int] = {}  # name -> offset in the key of the statement that bound it
        # the statement being judged (its offset) and the names given values for it alone ("where $s = 3$")
        self.given: tuple[int, frozenset[str]] = (-1, frozenset())
        self.bound_at: dict[str, int] = {}  # name -> index of the statement that bound it
        self.count = 0  # statements seen so far
        self.equation_at = -1  # index of the statement that stated the last equation
        self.last_span = (0, 0)  # offsets of the last statement
        self.hypothesis_at = -1  # index of the last statement that was a hypothesis `NAME = value` ("suppose $a = 4$")
        # the last hypothesis that was a range of one variable ("if $t \ge 1$"): its index, variable, set and source
        self.region_at = -1
        self.region: tuple | None = None
        # the last statement asserted on that range whose bound a next one in its sentence may go on from ("Then
        # $x^2 < x$ and $\sqrt{x} < x$"): its index
        self.region_carry = -1
        self.degrees: set[str] = set()  # names bound to angles written in degrees
        self.last_result: tuple[Any, int] | None = None  # the value the last computation ended on, and where
        self.approx: dict[str, Any] = {}  # decimal text -> the exact value it was written to round
        # the equations and inequalities the last statement counted added (:meth:`drop_alternatives`)
        self.last_facts: list[Any] = []
        # the paragraph's standing assumptions of one variable ("Assume $x > 0$."): cases opened under them lie inside
        # them (standing_range), until one is put in their place or given up
        self.assumptions: list[Inequality] = []
        self.rounded: set[str] = set()  # decimals written after '≈' (roundings, whether or not of a known value)
        self.candidates: dict[str, tuple[Any, Any]] = {}  # name -> the two values two statements in a row gave it
        self.equations: list[Any] = []  # lhs - rhs of the paragraph's last equations with unknowns
        self.inequalities: list[Inequality] = []  # and its last inequalities with unknowns
        self.bounds: list = []  # its last chains `a <= ... <= b` with unknowns, as lemmas.Bound (norms too)
        # the last statement's links, if all are inequalities with unknowns, and its index
        self.condition: tuple | None = None
        self._rels: list[str] = []
        self.frozen = frozen
        # names defined by a formula whose value rests on values of earlier paragraphs (or on entries counted
        # from 1): name -> (value, offset); they prove later steps, and refute only where roles.rules says (an
        # approximation of the name alone, a computation from it: roles.defined_values)
        self.carried: dict[str, tuple[Any, int]] = {}
        # of those, the names whose value is what a later term of their chain claims (``J = \\frac{\\partial
        # p}{\\partial z} = \\operatorname{diag}(p) - p p^\\top``), not what their definition gives: they never refute
        self.claimed: set[str] = set()
        # names whose value is a rounding (`S \\approx 11.2125`) or rests on one (`p = e^z/S`): a later paragraph's step
        # computed from it may differ from it by the rounding, and is not refuted by it (roles.rules)
        self.inexact: set[str] = set()
        self.defines: dict[str, list[int]] = {}  # name -> the offsets of the statements of the paragraph defining it
        # the names among them whose definition the words introduced as one ("Let", "write", "Suppose"): not a value
        # solved for ("Solving for $x$ yields $x = -\\frac{2}{m}$"), which the next line may solve for anew
        self.introduced: set[str] = set()
        self.supposed: set[str] = set()  # names a statement defined under a hypothesis ("if $p_i = 2z_i$")
        # name -> the names its value was computed from (`A = \pi r^2`: r), to forget it when one is given another
        self.depends: dict[str, set[str]] = {}
        # names the prose gave another value ("replacing $x$ by $3$", "if $t$ doubles": roles.cues.changed_in_words):
        # neither their earlier paragraphs' values nor those of the names computed from them hold here any more
        self.changed: set[str] = set()
        # the case the paragraph is in ("If $x > 1$", "Case 2:", "Try $n = 5$"): the links of its hypothesis, and the
        # facts noted since it opened (its hypothesis and what was derived under it), no evidence in another case
        self.case: tuple | None = None
        self.case_facts: list = []
        self.case_at = -1  # the index of the statement that opened the case or added a condition to it

    @property
    def facts(self) -> tuple | None:
        """The paragraph's last :data:`KEEP_EQUATIONS` equations with unknowns (oldest first) and its last
        inequalities with unknowns (:class:`~lnsym.check.judges.arithmetic.Inequality`), or None. A later step that
        follows from them (one of them, or the linear system the equations make) is correct."""
        facts = self.equations + self.inequalities
        return tuple(facts) if facts else None

    def note_equation(self, difference: Any) -> None:
        """Keep the equation ``lhs - rhs`` the statement just counted stated (None: it stated none, and the
        earlier ones stay)."""
        if difference is None:
            return
        if any(_another_value(e, difference) for e in self.equations):  # ("Now let $lr = 0.05$" after `lr = 0.1`)
            self.drop_facts_within(getattr(difference, "free_symbols", set()))
        kept = [e for e in self.equations if e != difference][-(KEEP_EQUATIONS - 1) :]
        self.equations = [*kept, difference]
        self.case_facts.append(difference)
        self.last_facts.append(difference)
        self.equation_at = self.count - 1  # the statement that stated it (after() has counted it)

    def facts_outside_case(self) -> tuple | None:
        """:attr:`facts` without those of the case the paragraph is in (for the statement that opens the next)."""
        facts = [f for f in (*self.equations, *self.inequalities) if f not in self.case_facts]
        return tuple(facts) if facts else None

    def open_case(self, links: tuple, other: bool = False) -> None:
        """A case opens ("If $x > 0$", "When $t = 1$", "Case 2: $n = 2k + 1$", "Try $n = 5$"), its hypothesis the
        ``links`` ``(left, right, rel)``. On names the case before it spoke of, it is another case of them: what the
        paragraph noted in that case (its hypothesis and what was derived under it) is no evidence in this one, and
        is dropped; unless this case lies inside that one (every value of its one variable satisfies the other's
        hypothesis: "if moreover $x > 2$" after "if $x > 1$"), where it still holds. On other names only, it is a
        case inside that one ("If $c = 39$ ... say $b = 0$"), and what that one noted stays. (Facts noted before any
        case opened stay: :meth:`new_case` drops those the new hypothesis contradicts.) ``other``: the words say it is
        the other case of that one ("Otherwise, if $n = 2$"), whatever names it speaks of, and not inside it."""
        if self.case is None:  # the first case: what was noted before it is the paragraph's, not a case's
            self.case, self.case_facts, self.case_at = (links,), [], self.count - 1
            return
        if not other and not self.alternative(_base_names(links)):  # a case inside it: its facts go on
            self.case, self.case_at = ((*self.case[0], *links),), self.count - 1
            return
        if other or not _inside(links, self.case[0]):
            self._drop_case_facts()
        self.case, self.case_facts, self.case_at = (links,), [], self.count - 1

    def _drop_facts(self, gone: Callable[[Any], bool]) -> None:
        """Drop the equations and inequalities ``gone`` says are no evidence any more; when the last equation goes,
        nothing is derived from the one before it either."""
        if self.equations and gone(self.equations[-1]):
            self.equation_at = -1
        self.equations = [e for e in self.equations if not gone(e)]
        self.inequalities = [q for q in self.inequalities if not gone(q)]

    def _drop_case_facts(self) -> None:
        dropped = self.case_facts
        self._drop_facts(lambda f: f in dropped)  # (nothing is derived from an equation of another case)
        self.bounds = [b for b in self.bounds if b not in dropped]

    def leave_case(self, name: str, value: Any) -> None:
        """``name`` was just given ``value``, which the hypothesis of the case in force does not allow ("If we took
        $x = 3$, we would get $x^2 = 9$, but $x = 2$"): the text has left that case, and what it noted there (its
        hypothesis and what was derived under it) is dropped. Decided by SymPy's sets: an undecided membership
        leaves the case in force."""
        if self.case is None or not isinstance(value, sp.Expr) or not value.is_number:
            return
        try:
            found = _values_of(self.case[0])
            if found is None or str(found[0]) != name or found[1].contains(value) is not sp.false:
                return
        except (TypeError, ValueError, AttributeError, NotImplementedError, sp.PolynomialError):
            return
        self.close_case()

    def close_case(self) -> None:
        """The text leaves the case in force ("Dropping this assumption,"): what it noted there is dropped, and the
        standing assumptions with it."""
        self._drop_case_facts()
        self.assumptions = []
        self.case, self.case_facts, self.case_at = None, [], -1

    def outside_case(self, links: tuple) -> bool:
        """Does a hypothesis said to restate the case ("that is, if $x > 0$") allow values the case does not (both of
        one variable, decided by SymPy's sets)? Then it is another case, whatever the words say."""
        if self.case is None:
            return False
        try:
            new, old = _values_of(links), _values_of(self.case[0])
            return new is not None and old is not None and new[0] == old[0] and new[1].is_subset(old[1]) is False
        except (TypeError, ValueError, AttributeError, NotImplementedError, sp.PolynomialError):
            return False

    def alternative(self, names: set[str]) -> bool:
        """Would a case on ``names`` (base names, without subscripts) be another case of the names the paragraph's
        case speaks of?"""
        return self.case is not None and bool(names & _base_names(self.case[0]))

    def extend_case(self, links: tuple) -> None:
        """One more condition of the hypothesis that opened the case ("consider the case $p = 3$ and $q = 2$")."""
        self.case, self.case_at = ((*self.case[0], *links),), self.count - 1

    def new_case(self, equation: Any, inequality: Inequality | None, replaces: bool = False) -> None:
        """A case or a hypothesis opens (``equation``, ``lhs - rhs``, or ``inequality``): when it contradicts what
        the paragraph stated about its unknowns ("Suppose $a = 3$ ... suppose instead $a = 4$",
        ``t \\ge 1`` ... ``t < 1``; in several unknowns, the same linear form bounded from the other side), those
        statements belong to another case and are no evidence in this one, so every fact about them is dropped. A
        hypothesis that agrees with them ("the equations hold only if $b = 0$. Then ...") refines the case, and
        they stay. ``replaces``: the words put it in the place of the hypothesis before ("Now let $x > 0$" after
        "Let $x > 1$"): the facts about its one unknown go even when they agree with it."""
        new = equation if equation is not None else inequality.expr if inequality is not None else None
        syms = getattr(new, "free_symbols", set())
        if not 1 <= len(syms) <= 6:
            return
        about = [f for f in (*self.equations, *self.inequalities) if syms & fact_expr(f).free_symbols]
        if len(syms) == 1:
            (s,) = syms
            contradicted = (replaces and bool(about)) or any(contradicts(f, equation, inequality, s) for f in about)
        else:  # `a < b` after `a \ge b`: the same linear form, the other side
            contradicted = inequality is not None and any(_opposite(f, inequality) for f in about)
        if not contradicted:
            return
        if len(syms) == 1:  # what was computed from the old value goes too (`y = x + 1 = 2` after `x = 1`)
            self.rebind({str(next(iter(syms)))})
        self._drop_facts(lambda f: f in about)
        self.bounds = [b for b in self.bounds if not syms & (b.low.free_symbols | b.high.free_symbols)]

    def note_bounds(self, bounds: list[Bound | None]) -> None:
        """Keep the bounds a statement states (:func:`bound_of`, :func:`listed_bounds`; None for none), for the
        lemmas of later steps (monotonicity of a product under it, the signs of letters)."""
        for bound in bounds:
            if bound is not None:
                self.bounds = [*self.bounds[-(KEEP_EQUATIONS - 1) :], bound]
                self.case_facts.append(bound)

    def previous_condition(self) -> tuple | None:
        """The inequalities the statement just before this one stated, one per link, if that is all it stated."""
        return self.condition[0] if self.condition is not None and self.condition[1] == self.count - 1 else None

    def previous_equation(self) -> Any:
        """The equation the statement just before this one stated (``lhs - rhs``), or None."""
        return self.equations[-1] if self.equations and self.equation_at == self.count - 1 else None

    def plan(self, trees: list[tuple | None], rels: list[str], hypothetical: bool = False,
             known: frozenset[str] = frozenset(), introduced: bool = False) -> Plan:
        """What the statement binds. A *hypothetical* statement ("if $x=2$", "$x=2$ or ...") binds
        nothing and forgets what its names were bound to: a case is being considered. ``known``: the names the
        section gave a meaning by a formula or a rule, which a statement ``NAME \\approx 2.5`` does not bind.
        ``introduced``: the words introduce it as a definition ("Now let $x = 1$"), which gives a name computed
        before a new value too (without them, ``x = 1`` after ``x = 2 + 3`` is a claim about the computed x)."""
        self._rels = list(rels)
        name = name_of(trees[0]) if rels == ["≈"] and trees[0] is not None else None
        if name not in (None, "e", "i") and name not in self.env and name not in known and is_literal(trees[1]) \
                and not _is_vector(trees[1]) and not self._unknown_of_equations(name):
            # "their sum is $S \approx 11.2125$": S is given the number the text writes for it, as by `S = 11.2125`
            # (a bare value: later statements are proved with it, never refuted); not a root of an equation the
            # paragraph stated (`n \approx 10.657` and `n \approx -0.657` after `n^2 - 10n - 7 = 0`: candidates),
            # nor a name the section defined (`\tilde h \approx (4, 0, 6)` after its rule is a claim about it)
            return self.plan(trees, ["="], hypothetical)
        names: list[str] = []
        k = 0
        while k < len(rels) and rels[k] == "=" and trees[k] is not None:
            name = name_of(trees[k])
            if name is None or juxtaposed_matrices(name, self.env) is not None:  # `AB = ...`: a product, computed
                break
            names.append(name)
            k += 1
        if not names or k >= len(trees) or trees[k] is None or name_of(trees[k]) is not None:
            return Plan()
        if hypothetical and not self.frozen:
            for name in names:
                self.forget(name)
            return Plan(defined=names[0]) if k == 1 else Plan()
        # `NAME = 2`, `NAME = \sqrt{2} \approx 1.4142`: a value written out (and its roundings)
        literal = all(is_literal(t) for t in trees[k:]) and all(r in ("=", "≈") for r in rels[k:])
        if self.frozen:
            return Plan(defined=names[0]) if k == 1 and not literal else Plan()
        if len(names) == 1:
            name = names[0]
            if literal and self.kind.get(name) == "derived" and not introduced:
                return Plan()  # a bare statement about a computed value: checked
            return Plan(defined=name, bind=[name], value_index=k, kind="let" if literal else "derived")
        return Plan(bind=[n for n in names if n not in self.env], value_index=k, kind="let")

    def _unknown_of_equations(self, name: str) -> bool:
        """Is ``name`` an unknown of an equation or an inequality the paragraph stated?"""
        return any(name in {str(s) for s in fact_expr(f).free_symbols} for f in (*self.equations, *self.inequalities))

    def may_refute(self, names: set[str], restated: str | None, prose_since) -> str:
        """Empty when a refutation that substitutes ``names`` stands; else why it does not.

        A value bound earlier is a fact only for what the text goes on to compute from it. A statement
        that mentions the name may be about another value of it: another case, a candidate being tested,
        or the unknown of an equation being solved (``x = 4`` ... ``x + 3 = 0``). So a refutation stands
        only when every name it substitutes is

        - a vector the paragraph works on (the data of a worked example), or
        - a computed value (``\\mu = \\frac{2+4}{2} = 3``) that the text then uses, with no word of a new
          case or of solving between (``prose_since(name)`` is the text since its binding), or
        - restated bare (``\\sigma = 0.5``) right after the statement that computed it.

        A bare value (``x = 4``) may be a candidate or a case: never a ground for ``wrong``."""
        for name in sorted(names):
            value = self.env.get(name)
            if name in self.candidates:
                first, second = self.candidates[name]
                return (f"uses {name}, which two statements in a row gave two values ({shown(first)} and "
                        f"{shown(second)}): candidates, and the statement may be about either")
            if name in self.degrees:
                return f"uses {name}, an angle in degrees, which the statement may count in degrees or radians"
            if isinstance(value, Vec) and len(value) >= 2:
                continue
            derived = self.kind.get(name) == "derived"
            if derived and name == restated:
                if self.bound_at.get(name) == self.count - 1:
                    continue
            elif derived and not NEW_CASE.search(prose_since(name)):
                continue
            return (f"uses {name} bound earlier; the statement may be about another value of {name} "
                    "(another case, a candidate, or an equation being solved)")
        return ""

    def after(self, plan: Plan, values: dict[int, Any], offset: int = 0) -> None:
        """Bind what ``plan`` says to the statement's values; ``offset`` is where the statement starts."""
        self.count += 1
        self.last_facts = []
        if not self.frozen:
            self.approx.update(values.get(-2) or {})
            links = [Inequality.of(values.get(j), values.get(j + 1), rel) for j, rel in enumerate(self._rels)]
            self.last_facts = [fact for fact in links if fact is not None]
            for fact in links:  # `a < b` with unknowns: a fact for later steps
                if fact is not None:
                    self.inequalities = [*self.inequalities[-(KEEP_EQUATIONS - 1) :], fact]
                    self.case_facts.append(fact)
            # a condition every link of which is an inequality with unknowns: one a next condition may be derived from
            whole = bool(links) and None not in links
            self.condition = (tuple(links), self.count - 1) if whole else None
        if self.frozen or not plan.bind:
            return
        value = values.get(plan.value_index)
        for name in plan.bind:
            if value is None or not _numeric(value):
                self.forget(name)
                continue
            self._set(name, value, plan.kind, offset)

    def rebind(self, names: set[str], own: bool = False) -> None:
        """``names`` were given another value ("now let $r = 3$" after ``r = 2``): the names computed from them
        (:attr:`depends`, and the names computed from those) lose their values, and the facts of those names alone
        (``d = 30``) belong to the old values: they are dropped; a relation with other names (``d = 10t``) holds for
        the new value too, and stays, and so do the rebound names' own (``t = 3`` and ``t = 6`` may be two
        solutions the text lists: "the solutions are $t = 4$ and $t = -2$"), unless ``own`` (a value given in words,
        which no fact states: :meth:`change`): then every fact that mentions one of them is dropped, since it may
        have been derived from the old value (``x + y = 5`` with x = 2)."""
        gone, frontier = set(names), list(names)
        while frontier:
            n = frontier.pop()
            for d, deps in self.depends.items():
                if n in deps and d not in gone:
                    gone.add(d)
                    frontier.append(d)
        stale = gone - set(names)
        for d in stale:
            self.forget(d)
            self.carried.pop(d, None)

        def about(fact: Any) -> bool:  # a fact of a stale value alone (`d = 30`); a relation (`d = 10t`) stays
            found = {str(x) for x in getattr(fact_expr(fact), "free_symbols", ())}
            if own:  # (and `BS = 32000` of B, capitals side by side: "Doubling $B$")
                return bool(found & (stale | names)) or any(_of_family(n, m, entries=False)
                                                            for n in found for m in names)
            return bool(found) and found <= stale

        self._drop_facts(about)

    def redefine(self, names: list[str], value: Any = None, anew: bool = False) -> None:
        """The statement binds ``names``; a name the paragraph's facts already speak of is given anew ("Now let $a_n =
        3n$" after ``a_n = 2n``, "$x = (5, 4)$" after ``x = (3, 4)``): the facts and values of its family, the names
        with its letter and any subscript (``a_3``, ``x_1``), or capitals written beside it (``NT`` of ``T``), were of
        the old one and go. (A name first given here changes nothing: "$x = (x_1, x_2)$" after ``x_1 = 2``.) ``anew``:
        words give the definition ("Now let"), and a formula given anew drops what rested on the old one
        (:meth:`_derived_from_old`)."""
        said = {str(x) for f in (*self.equations, *self.inequalities) for x in fact_expr(f).free_symbols}
        for name in names:
            if name not in said and name not in self.env:
                continue
            # (its entries `x_1` are of a vector given anew, its terms `a_3` of a general term given as a formula of its
            # index, `a_n = 3n`; `a_n = 196`, the last term's value, leaves `a_1` alone)
            vector = isinstance(self.env.get(name), Vec) and isinstance(value, Vec)
            index = name.partition("_")[2].strip("{}")
            formula = index in _INDEX_LETTERS and sp.Symbol(index) in getattr(value, "free_symbols", ())
            family = {n for n in said | set(self.env)
                      if _of_family(n, name, entries=vector) and (formula or vector or "_" not in n)}
            if anew:  # (words that give a definition: "Now let"; a line `y = ax + d` after `y = ax + c` is none)
                self._derived_from_old(name, value)
            if not family:
                continue
            for member in family:
                self.forget(member)
            # (a relation of the name itself with others, `B + R = 11`, holds for its new value too, and stays)
            self._drop_facts(lambda f, family=family: bool({str(x) for x in fact_expr(f).free_symbols} & family))

    def _derived_from_old(self, name: str, value: Any) -> None:
        """``name`` is given a formula of other names anew (``n = 2k + 1`` after ``n = 2k``): the old definition goes,
        with the equations noted after it that mention the name (``n^2 = 4k^2``, derived from it: probe 4, P4-Q's "Now
        let" form). An equation noted before it holds for the new one too (a relation the text started from)."""
        symbol = sp.Symbol(name)
        if not isinstance(value, sp.Expr) or not value.free_symbols or symbol in value.free_symbols:
            return
        for k in range(len(self.equations) - 1, -1, -1):
            old = self.equations[k]
            if not isinstance(old, sp.Expr) or symbol not in old.free_symbols:
                continue
            try:
                rest = sp.expand(old - symbol)
            except (TypeError, ValueError):
                return
            if symbol in rest.free_symbols or not rest.free_symbols:
                continue  # (not a definition of it by other names)
            if sp.expand(-rest - value) == 0:
                return  # the same definition again
            stale = [e for e in self.equations[k:] if symbol in getattr(e, "free_symbols", ())]
            self._drop_facts(lambda f, stale=stale: f in stale)
            return

    def drop_facts_within(self, symbols: set) -> None:
        """Drop the facts of ``symbols`` alone: they were given other values (:func:`_another_value`), and what was
        derived from the old ones (``4 lr = 0.4`` from ``lr = 0.1``) is no evidence any more."""
        def within(fact: Any) -> bool:
            found = getattr(fact_expr(fact), "free_symbols", set())
            return bool(found) and found <= symbols

        self._drop_facts(within)

    def drop_values_of(self, names: set[str]) -> None:
        """Drop the facts that give one of ``names`` a value (``x = 2``, ``2x = 4``): a case about another value of it
        opens. An equation it solves (``x^2 - 5x + 6 = 0``) holds in every case, and stays."""
        def alone(fact: Any) -> bool:
            expr = fact_expr(fact)
            found = getattr(expr, "free_symbols", set())
            if len(found) != 1 or str(next(iter(found))) not in names:
                return False
            try:
                return sp.degree(expr, next(iter(found))) == 1
            except (sp.PolynomialError, TypeError, ValueError):
                return False

        self._drop_facts(alone)

    def change(self, name: str) -> None:
        """The prose gave ``name`` another value, which no math states: it and the names computed from it lose
        their values, and every fact that mentions one of them is dropped (:meth:`rebind` with ``own``)."""
        self.rebind({name}, own=True)
        self.forget(name)
        self.changed.add(name)

    def drop_alternatives(self, before: list[Any], now: list[Any]) -> None:
        """The facts ``before`` and ``now`` of two statements joined by "or" that cannot both hold ("$x = 3$ or $x =
        -3$", "$x < -3$ or $x > 3$") are alternatives: neither holds for what follows, and neither is a fact to
        derive from (the text may go on with one of them only). Two that can ("$2x + 3x = 90$ or $5x = 90$": "or"
        for "that is") stay."""
        exclusive = any(contradicts(a, None if isinstance(b, Inequality) else fact_expr(b),
                                     b if isinstance(b, Inequality) else None, next(iter(fact_expr(b).free_symbols)))
                        for a in before for b in now if len(getattr(fact_expr(b), "free_symbols", ())) == 1)
        if exclusive:
            gone = [*before, *now]
            self._drop_facts(lambda f: f in gone)

    def assign(self, name: str, value: Any, offset: int) -> None:
        """An update gave ``name`` a new value (``w \\leftarrow w - \\eta g = 0.8``): what was computed from the old
        value, and the facts of it, go (:meth:`change`); the name takes ``value`` when it is a number (None: no
        value, as after a step not proved). The name stays among :attr:`changed`: no later paragraph takes its
        value, or a value computed from it, from a paragraph before the update."""
        self.change(name)
        if value is not None and _numeric(value):
            self._set(name, value, "derived", offset)

    def forget(self, name: str) -> None:
        self.candidates.pop(name, None)
        for key in (name, "\\sigma^2" if name == "\\sigma" else "", "\\sigma" if name == "\\sigma^2" else ""):
            self.env.pop(key, None)
            self.kind.pop(key, None)
            self.origin.pop(key, None)

    def _set(self, name: str, value: Any, kind: str, offset: int) -> None:
        # `z = \frac{-1+1}{4} = 0 \quad\text{and}\quad z = \frac{-1-1}{4} = -\frac12`: a name computed twice
        # in a row to different values holds candidates (the roots of an equation, the cases of a ±), and a
        # later `z = 0` picks one of them; it is not a restatement of the last
        before = self.env.get(name)
        if (self.bound_at.get(name) == self.count - 2 and before is not None and not isinstance(value, Vec)
                and not isinstance(before, Vec) and before != value):
            self.candidates[name] = (before, value)
        else:
            self.candidates.pop(name, None)
        self.env[name] = value
        self.kind[name] = kind
        self.origin[name] = offset
        self.bound_at[name] = self.count - 1  # called from after(), which counted this statement
        if isinstance(value, Vec):
            return
        other = PARTNER.get(name)
        if other is not None and value.is_nonnegative:
            self.env[other] = sp.sqrt(value) if name == "\\sigma^2" else value**2
            self.kind[other], self.origin[other], self.bound_at[other] = "derived", offset, self.count - 1

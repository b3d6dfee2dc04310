r"""Decide a step written in index notation (:mod:`~lnsym.check.judges.notation.index_notation`) as ``verify``
decides its claims, with :func:`lnsym.decide.equal`, for a symbolic size.

A step ``left = right`` is ``correct`` when the difference is shown to be 0 for every size and every index in
range (with the key's definitions put in); else, when the key states a hypothesis on a sum of entries
(``\sum_k y_k = 1``) that the step uses, with that sum replaced by its value (the reason says so). It is
``wrong`` only when every name in it is known (defined, an entry, an index) and the two sides differ at a
concrete case a reader can recompute: the smallest size, the indices, and the entries (hypotheses kept), with
both values. Anything else is ``unchecked`` with the reason. ``\nabla_z L = p - y`` is the gradient entry by
entry: ``\partial L/\partial z_j`` against the j-th entries of the right side.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace

import sympy as sp

from lnsym.check.findings import Verdict
from lnsym.check.judges.judgement import Judgement, StatementJob, failure
from lnsym.check.judges.notation.index_notation import Scope, Translator, Untranslatable
from lnsym.check.judges.notation.matrix_notation import (
    FREE,
    MatrixReader,
    Shaped,
    defined_matrix,
    defined_vector,
    describe,
    entry_of_expression,
    uses_matrix_notation,
)
from lnsym.check.judges.notation.sum_forms import same_sums
from lnsym.check.parse.nodes import Deriv, Entry, Gradient, Group, Num, PartialDeriv, Sum, Sym
from lnsym.check.reasons import Reason
from lnsym.decide import normal_sums, shown_equal

__all__ = ["ANY_TWO", "IndexJob", "decide_index_step", "uses_index_notation"]

ANY_TWO = "*"  # a condition of "off the diagonal": the step's two free indices, whichever letters it writes
_SIZES = (1, 2, 3, 4)
# entries of the vectors at the counterexample, in turn (distinct, small, rational: a reader recomputes them)
_VALUES = (sp.Rational(1, 2), sp.Integer(-1), sp.Integer(2), sp.Rational(1, 3), sp.Rational(-3, 2),
           sp.Rational(3, 4), sp.Integer(1), sp.Rational(-1, 4))
_WEIGHTS = (sp.Integer(2), sp.Integer(3), sp.Integer(5), sp.Integer(7))



def _translator(scope) -> Translator:
    """A step's translator, reading names defined by vectors and matrices through :mod:`matrix_notation`."""
    tr = Translator(scope)
    tr.vectors = defined_vector
    tr.matrices = defined_matrix
    tr.entries = entry_of_expression
    return tr

def uses_index_notation(tree) -> bool:
    """Does the tree hold an entry with a letter index, a sum, a Kronecker delta or a derivative by an entry?"""
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, Sum | PartialDeriv | Gradient):
            return True
        if isinstance(t, Sym | Entry) and t.sub is not None and any(c.isalpha() for c in t.sub[0]):
            return True
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return False


@dataclass
class IndexJob(StatementJob):
    """One step of index notation for the worker (decided within its time limit)."""

    scope: Scope = field(default_factory=Scope)
    # the conditions its sentence puts on its indices (:mod:`~lnsym.check.roles.index_conditions`): (a, b, "≠" or "=")
    conditions: tuple = ()

    def run(self, emit) -> None:
        try:
            res = decide_index_step(self.trees[0], self.trees[1], self.rels[0], self.scope, self.conditions)
        except Exception as exc:
            res = failure(exc, "index notation")
        emit(0, res or Judgement(Verdict.UNCHECKED, "", "index notation not read", code=Reason.INDEX_NOT_READ))
        emit(-1, {})


def _derivative(tree) -> bool:
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, PartialDeriv | Gradient):
            return True
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return False


def _core(tree):
    while isinstance(tree, Group):
        tree = tree.inner
    return tree


def inline_upstreams(trees, scope: Scope) -> dict[str, str]:
    """L -> y where the trees write ``\\frac{\\partial L}{\\partial y_i}`` of one y the section defines and an L it
    neither defines nor declares: the upstream gradient written inline ("Given the upstream gradient
    $\\frac{\\partial L}{\\partial y_i}$"), L a function of y. Two such y for one L: none (which one a derivative
    of L goes through is not known)."""
    found: dict[str, set[str]] = {}
    stack = list(trees)
    while stack:
        t = stack.pop()
        if isinstance(t, PartialDeriv):
            body, entry = _core(t.body), _core(t.entry)
            if isinstance(body, Sym) and body.sub is None and isinstance(entry, Sym) and entry.sub is not None:
                found.setdefault(body.name, set()).add(entry.name)
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    taken = set(scope.definitions) | set(scope.declared) | set(scope.vectors) | set(scope.matrices)
    out = {}
    for loss, names in found.items():
        ys = {y for y in names if scope.definitions.get(y) is not None}  # (not x of `\\partial L/\\partial x_j`)
        if len(ys) == 1 and loss not in taken:
            out[loss] = ys.pop()
    return out


def _sides(left: tuple, right: tuple, scope: Scope) -> tuple[sp.Expr, sp.Expr, Translator]:
    tr = _translator(scope)
    tr.inline = inline_upstreams((left, right), scope)
    core = _core(left)
    if isinstance(core, Gradient):  # the gradient: its j-th entry against the j-th entries of the right side
        var, body = core.var, core.body
        if var in scope.matrices:
            raise Untranslatable(f"the gradient by the matrix {var} (read in matrix notation)")
        j = next(letter for letter in "jkilmn" if letter not in _letters(left) | _letters(right))
        entry = tr.index_letter(j)
        lhs = tr.partial(body, Sym(var, (j, Sym(j, None))))
        tr.entry = entry
        return lhs, tr(right), tr
    return tr(left), tr(right), tr


def _letters(tree) -> set[str]:
    out, stack = set(), [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, Sym):
            out.add(t.name)
            if t.sub is not None:
                out.update(t.sub[0])
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return out


def _in_range(expr: sp.Expr, tr: Translator) -> sp.Expr:
    """Free indices lie in 1..size: a case of a derivative of a sum that needs ``j <= K`` is taken."""
    if not expr.has(sp.Piecewise):
        return expr
    facts = {}
    for s, size in tr.bound_sizes.items():
        facts.update({sp.Le(s, size): sp.true, sp.Ge(size, s): sp.true, sp.Ge(s, 1): sp.true})
    for s, sizes in _index_ranges(tr).items():
        for size in sizes:
            facts[sp.Le(s, size)] = sp.true
            facts[sp.Ge(size, s)] = sp.true
        facts[sp.Ge(s, 1)] = sp.true
    return expr.replace(lambda e: isinstance(e, sp.Piecewise),
                        lambda e: sp.Piecewise(*[(x, c.xreplace(facts)) for x, c in e.args]))


def _positive_logs(expr: sp.Expr) -> sp.Expr:
    """``log(a b)`` as ``log a + log b`` where every factor is positive (``e^{z_k}``, a sum of such): the log of
    a softmax is then ``z_k - log S``."""
    if not expr.has(sp.log):
        return expr
    positive = {s: sp.Dummy(positive=True) for s in expr.atoms(sp.Sum) if s.function.is_positive}
    if all(arg.xreplace(positive).is_positive for lg in expr.atoms(sp.log) for arg in lg.args):
        return sp.expand_log(expr, force=True)
    return expr


def _with_hypotheses(expr: sp.Expr, scope: Scope, tr: Translator) -> tuple[sp.Expr, list[str]]:
    """The sums of entries the key states a value of, replaced by that value; the hypotheses used."""
    used = []
    for base, value in scope.hypotheses.items():
        try:
            size = tr.size_of({base}, fresh=False)  # (a size of its own only where the step's sums gave one)
        except Untranslatable:
            continue
        def stated(e, base=base, size=size) -> bool:
            if not (isinstance(e, sp.Sum) and len(e.limits) == 1):
                return False
            (k, lo, hi), = e.limits
            return lo == 1 and hi == size and isinstance(e.function, sp.Indexed) \
                and str(e.function.base.label) == base and e.function.indices == (k,)
        new = _normal(expr).replace(stated, lambda e, value=value: value)
        if new != _normal(expr):
            used.append(base)
            expr = new
    return expr, used


def _normal(expr: sp.Expr) -> sp.Expr:
    return normal_sums(expr)


def _index_ranges(tr: Translator) -> dict:
    """The sizes each free index ranges over: those of the vectors it indexes; an index that indexes none (the class
    c of ``\\delta_{ic}``) lies in the one size the step's vectors have, as every index of the text does."""
    out = {s: set(sizes) for s, sizes in tr.index_sizes.items()}
    if len(tr.sizes_used) == 1:
        size = next(iter(tr.sizes_used))
        out.update({s: {size} for s in tr.indices.values() if s not in out})
    return out


def _ranges(tr: Translator) -> tuple:
    """Each free index lies in 1..size (``verify``'s facts, for the cases of a derivative of a sum)."""
    bound = tuple(sp.Ge(size, s) for s, size in tr.bound_sizes.items())
    return tuple(sp.Ge(size, s) for s, sizes in _index_ranges(tr).items() for size in sorted(sizes, key=str)) + bound


def decide_index_step(left: tuple | None, right: tuple | None, rel: str, scope: Scope,
                      conditions: tuple = ()) -> Judgement | None:
    """The step's result, or None when it is not index notation this reading reads. ``conditions``: what its sentence
    says of its indices (``("i", "j", "≠")`` for "for $i \\ne j$"): the step is judged where they hold."""
    if left is None or right is None:
        return None
    if rel in _ORDERS:
        return _inequality(left, right, rel, scope) if uses_index_notation(left) or uses_index_notation(right) else None
    if rel != "=":
        return None
    matrix = uses_matrix_notation(left, scope) or uses_matrix_notation(right, scope)
    if not (matrix or uses_index_notation(left) or uses_index_notation(right)):
        return None
    scope = replace(scope, hypotheses={k: v for k, v in scope.hypotheses.items() if v is not None})
    try:
        lhs, rhs, tr = _sides(left, right, scope)
    except Untranslatable as exc:  # the arithmetic's reason stands, unless it could not read a derivative at all
        read = _matrix_step(left, right, scope) if matrix else exc
        if not isinstance(read, Untranslatable):
            return read if isinstance(read, Judgement) else _decide(*_conditioned(*read, conditions), scope)
        return Judgement(Verdict.UNCHECKED, "", str(read)) if _derivative(left) or _derivative(right) else None
    return _decide(*_conditioned(lhs, rhs, tr, conditions), scope)


_SAID = {"≠": "\\ne", "=": "="}


@dataclass(frozen=True)
class _Conditions:
    """The conditions a step is judged under: pairs of free indices that differ, and the words for the reason."""

    distinct: tuple = ()
    said: str = ""


def _conditioned(lhs: sp.Expr, rhs: sp.Expr, tr: Translator, conditions: tuple):
    """The two sides where the text's conditions on the step's free indices hold: ``i = j`` puts i for j;
    ``i \\ne j`` is kept for :func:`_decide` (a Kronecker delta of the two is 0, no case has them equal). A
    condition on a letter that is no free index of the step is not this step's."""
    distinct, said, seen = [], [], set()
    for a, b, rel in conditions:
        if a == ANY_TWO:
            if len(tr.indices) != 2:
                continue
            a, b = sorted(tr.indices)
        if a not in tr.indices or b not in tr.indices or a == b or (frozenset((a, b)), rel) in seen:
            continue
        seen.add((frozenset((a, b)), rel))
        x, y = tr.indices[a], tr.indices[b]
        if rel == "=":
            lhs, rhs = lhs.xreplace({y: x}), rhs.xreplace({y: x})
            tr.indices.pop(b)
            tr.index_sizes.setdefault(x, set()).update(tr.index_sizes.pop(y, set()))
        else:
            distinct.append((x, y))
        said.append(f"{a} {_SAID[rel]} {b}")
    text = f", for {' and '.join(said)} as the text states" if said else ""
    return lhs, rhs, tr, _Conditions(tuple(distinct), text)


_ORDERS = {"≤": (1, False), "<": (1, True), "≥": (-1, False), ">": (-1, True)}  # (sign of right - left, strict)


def _inequality(left: tuple, right: tuple, rel: str, scope: Scope) -> Judgement | None:
    """An inequality in index notation: ``correct`` where the difference of its sides is shown nonnegative (positive,
    for a strict one) for every size and every value of the entries, as SymPy's signs show it: squares, exponentials,
    the entries of a softmax, a sum of such terms (``\\sum_i p_i (v_i - \\bar v)^2 \\ge 0``); None otherwise (never
    refuted here: an inequality on entries may be a condition the text puts on them)."""
    try:
        lhs, rhs, tr = _sides(left, right, replace(scope, hypotheses={}))
    except Untranslatable:
        return None
    if not any(x.has(sp.Indexed, sp.Sum) for x in (lhs, rhs)):
        return None
    sign, strict = _ORDERS[rel]
    difference = sign * (rhs - lhs)  # (as written: multiplied out, a square loses its sign)
    if _sign_shown(difference, strict) or any(_sign_shown(x, strict) for x in _one_term_out(difference, tr)) \
            or (not strict and _a_variance(difference, tr)):
        what = "positive" if strict else "nonnegative"
        return Judgement(Verdict.CORRECT, "", f"index notation, for every size: the difference of the sides is {what}")
    return None


def _a_variance(expr: sp.Expr, tr: Translator) -> bool:
    """Is ``expr`` (up to a positive factor) a variance, ``\\sum_k w_k f_k^2 - (\\sum_k w_k f_k)^2`` with weights of no
    negative sign that sum to 1 (a softmax's entries), shown equal for every size to ``\\sum_k w_k (f_k - m)^2``, m the
    mean: so of no negative sign (the step's own sums, proved, not assumed)?"""
    content, primitive = expr.as_content_primitive()  # (a rational factor, which SymPy spreads over a sum, out)
    factors = sp.Mul.make_args(primitive if content > 0 else expr)
    rest = sp.Mul(*[f for f in factors if not (f.is_positive and not f.has(sp.Sum))])
    given = _ranges(tr)
    for power in sorted(rest.atoms(sp.Pow), key=sp.default_sort_key):
        mean = power.base
        if power.exp != 2 or not isinstance(mean, sp.Sum) or len(mean.limits) != 1:
            continue
        (k, lo, hi), = mean.limits
        if lo != 1:
            continue
        m = sp.Dummy("m", integer=True, positive=True)
        parts = sp.Mul.make_args(mean.function)
        weights = [sp.Mul(*[x for x in parts if x.is_nonnegative]), *(x for x in parts if x.is_nonnegative)]
        for w in dict.fromkeys(weights):
            if not w.has(k) or w.is_nonnegative is not True:
                continue
            f = mean.function / w
            spread = sp.Sum(w.xreplace({k: m}) * (f.xreplace({k: m}) - mean) ** 2, (m, 1, hi))
            if _sign_shown(spread, False) and shown_equal(normal_sums(rest - spread, given), 0, given):
                return True
    return False


def _one_term_out(expr: sp.Expr, tr: Translator):
    """``expr`` with a sum over all the entries, of terms of no negative sign, written as its term at a free index
    plus the rest (a number of no negative sign): ``\\sum_k e^{z_k} = e^{z_c} + R``, c in range, so that ``p_c \\le
    1``. One sum and one index at a time."""
    ranges = _index_ranges(tr)
    for s in sorted(expr.atoms(sp.Sum), key=sp.default_sort_key):
        if len(s.limits) != 1 or s.function.has(sp.Sum) or not s.function.is_nonnegative:
            continue
        (k, lo, hi), = s.limits
        for c in sorted(tr.indices.values(), key=str):
            if lo == 1 and hi in ranges.get(c, ()):
                yield expr.xreplace({s: s.function.xreplace({k: c}) + sp.Dummy(nonnegative=True)})


def _sign_shown(expr: sp.Expr, strict: bool) -> bool:
    """Is ``expr`` shown positive (``strict``) or nonnegative for every value of its symbols? Each sum whose body is so
    over a range that is not empty (from 1 to a size) stands for a symbol of that sign (a real one, of no sign, for a
    real body), innermost first."""
    for _ in range(4):
        sums = [x for x in expr.atoms(sp.Sum) if not x.function.has(sp.Sum)]
        if not sums:
            break
        signed = {}
        for x in sums:
            (k, lo, hi), = x.limits if len(x.limits) == 1 else ((None, None, None),)
            if k is None or lo != 1 or not (hi.is_integer and hi.is_positive):
                continue
            body = sp.together(x.function)
            if body.is_positive:
                signed[x] = sp.Dummy(positive=True)
            elif body.is_nonnegative:
                signed[x] = sp.Dummy(nonnegative=True)
            elif body.is_real:  # (`\\bar v` in `(v_i - \\bar v)^2`: a real number, of no sign)
                signed[x] = sp.Dummy(real=True)
        if not signed:
            break
        expr = expr.xreplace(signed)
    if expr.has(sp.Sum, sp.Piecewise):
        return False
    for form in (expr, sp.together(expr), sp.factor(expr)):
        if (form.is_positive if strict else form.is_nonnegative) is True:
            return True
    return False


def _matrix_step(left: tuple, right: tuple, scope: Scope):
    """The two sides read in matrix notation (:mod:`~lnsym.check.judges.notation.matrix_notation`): entry (i, j) of
    each, with i and j free indices over the rows and columns; a ``wrong`` result where the sizes do not conform; the
    :class:`Untranslatable` raised where a shape is not known."""
    tr = _translator(scope)
    reader = MatrixReader(tr)
    try:
        a, b = reader(left), reader(right)
        a, b = (_zero_like(x, y, side) for x, y, side in ((a, b, left), (b, a, right)))
        a, b = _oriented(a, b), _oriented(b, a)
        if reader.mismatches:
            return Judgement(Verdict.WRONG, "", f"the sizes do not conform: {reader.mismatches[0]}")
        if not (_conform(a.rows, b.rows) and _conform(a.cols, b.cols)) and (_hessian(left) or _hessian(right)):
            raise Untranslatable("\\nabla^2 facing what is not a matrix: the Laplacian may be meant")
        if not (_conform(a.rows, b.rows) and _conform(a.cols, b.cols)):
            sides = f"the left side is {describe(a.rows, a.cols)}, the right side {describe(b.rows, b.cols)}"
            return Judgement(Verdict.WRONG, "", f"the sizes do not conform: {sides}")
        rows, cols = (x if x != FREE else y for x, y in ((a.rows, b.rows), (a.cols, b.cols)))
        if FREE in (rows, cols):
            raise Untranslatable("I or \\mathbf 1 on both sides, whose size nothing gives")
        free = iter(x for x in "ijklrst" if x not in _letters(left) | _letters(right))
        at = []
        for size in (rows, cols):
            if size == 1:
                at.append(sp.Integer(1))
                continue
            index = tr.index_letter(next(free))
            tr.index_sizes.setdefault(index, set()).add(size)
            at.append(index)
        return a.at(*at), b.at(*at), tr
    except Untranslatable as exc:
        return exc


def _hessian(tree) -> bool:
    """Does the tree write ``\\nabla^2`` (the Jacobian of a gradient, as the parser reads it)?"""
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, Deriv) and isinstance(_core(t.body), Gradient):
            return True
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return False


def _zero_like(shaped: Shaped, other: Shaped, tree: tuple) -> Shaped:
    """A side written ``0`` against a vector or a matrix is the zero vector or matrix of that size."""
    if _core(tree) == Num("0") and not other.scalar:
        return Shaped(other.rows, other.cols, lambda i, j: sp.Integer(0))
    return shaped


def _oriented(shaped: Shaped, other: Shaped) -> Shaped:
    """``\\frac{\\partial L}{\\partial z}`` facing a row: the gradient written as a row (the other layout)."""
    if shaped.either and other.rows == 1 and other.cols == shaped.rows:
        return Shaped(sp.Integer(1), shaped.rows, lambda i, j: shaped.at(j, i))
    return shaped


def _conform(a, b) -> bool:
    return FREE in (a, b) or a == b


def _apart(expr: sp.Expr, distinct: tuple) -> sp.Expr:
    """``expr`` where each pair of indices ``distinct`` differs: their Kronecker delta is 0, and so is the case of a
    ``Piecewise`` that needs them equal."""
    for x, y in distinct:
        pair = {x, y}
        expr = expr.replace(lambda e, pair=pair: isinstance(e, sp.KroneckerDelta) and set(e.args) == pair,
                            lambda e: sp.Integer(0))
        expr = expr.xreplace({sp.Eq(x, y): sp.false, sp.Eq(y, x): sp.false, sp.Ne(x, y): sp.true,
                              sp.Ne(y, x): sp.true})
    return expr


def _decide(lhs: sp.Expr, rhs: sp.Expr, tr: Translator, conditions: _Conditions, scope: Scope) -> Judgement | None:
    given = _ranges(tr)
    if not any(x.has(sp.Indexed, sp.KroneckerDelta, sp.Sum, sp.Derivative) for x in (lhs, rhs)):
        return None  # no index notation after all (`\sigma_w^2 = 2/n`: a name with a subscript)
    diff = _positive_logs(_in_range(_apart(normal_sums(lhs - rhs, given), conditions.distinct), tr))
    if diff.has(sp.Piecewise):
        return Judgement(Verdict.UNCHECKED, "", "a derivative of a sum over a range other than the entries'")
    if shown_equal(diff, 0, given) or same_sums(*(normal_sums(x, given) for x in (lhs, rhs))):
        return Judgement(Verdict.CORRECT, "", "index notation, for every size" + conditions.said)
    assumed, used = _with_hypotheses(diff, scope, tr)
    if used and shown_equal(assumed, 0, given):
        names = ", ".join(f"\\sum_k {b}_k = {scope.hypotheses[b]}" for b in used)
        return Judgement(Verdict.CORRECT, "", f"index notation, for every size, using the hypothesis {names}"
                                               + conditions.said)
    if tr.unknowns or tr.constants:
        names = ", ".join(sorted(tr.unknowns | tr.constants))
        return Judgement(Verdict.UNCHECKED, "", f"not shown for every size; {names} the text does not define")
    if tr.free_sizes:  # proved for no size, and the text's own size is not known: refuted at none either
        names = ", ".join(sorted(tr.free_sizes))
        return Judgement(Verdict.UNCHECKED, "", f"not shown for every size of {names}, whose size the text does not "
                                                 "give")
    if not (tr.indices or tr.variables or diff.has(sp.Indexed, sp.KroneckerDelta)) and diff.free_symbols:
        # no free index, no derivative, no entry left: `\sum_{i=1}^n i = 55` may be an equation in the size
        return Judgement(Verdict.UNCHECKED, "", "not shown for every size, and no entry in it: an equation in the "
                                                 "size may be meant")
    data = tr.bases - tr.variables - scope.declared - set(scope.hypotheses) - tr.opaque
    if data:  # `\frac{1}{S} e^{z_j} = p_j`: the text may be naming the result p_j
        return Judgement(Verdict.UNCHECKED, "", f"not shown for every size; the entries of {', '.join(sorted(data))}"
                                                 " the text does not define or declare")
    found = _counterexample(lhs, rhs, tr, scope, conditions.distinct)
    if found is None:
        return Judgement(Verdict.UNCHECKED, "", "not shown for every size, and no case found where it fails"
                                                 + conditions.said)
    at, lv, rv = found
    return Judgement(Verdict.WRONG, "", f"not an identity in index notation{conditions.said}: at {at} the left "
                                         f"side is {lv} and the right side {rv}", left=lv, right=rv)


def _entries_at(exprs: list[sp.Expr], n: int, scope: Scope) -> dict:
    """The values of the entries at a case of size ``n``: each vector its own values; a vector the key states
    the sum of is scaled to that sum."""
    bases = sorted({str(e.base.label) for x in exprs for e in x.atoms(sp.Indexed)})
    point = {}
    for b_pos, name in enumerate(bases):
        base = sp.IndexedBase(name, real=True)
        if name in scope.matrices:  # entry (r, c) of a matrix: its own value, row by row, as far as the step uses
            used = [(r, c) for r in range(n) for c in range(n) if any(x.has(base[r + 1, c + 1]) for x in exprs)]
            rows, cols = (max((rc[k] for rc in used), default=0) + 1 for k in (0, 1))
            point.update({base[r + 1, c + 1]: _VALUES[(r * cols + c + 3 * b_pos) % len(_VALUES)]
                          for r in range(rows) for c in range(cols)})
            continue
        if name in scope.hypotheses:
            w = [_WEIGHTS[(k + b_pos) % len(_WEIGHTS)] for k in range(n)]
            vals = [scope.hypotheses[name] * x / sum(w) for x in w]
        else:
            vals = [_VALUES[(k + 3 * b_pos) % len(_VALUES)] for k in range(n)]
        point.update({base[k + 1]: v for k, v in enumerate(vals)})
    return point


def _cases(tr: Translator, used: list):
    """The cases in order of size, smallest first: each size 1 to 4 (two sizes independently: ``1/d = 1/K`` is
    refuted at d = 1, K = 2), each free index within the sizes of the vectors it indexes."""
    indices = sorted(tr.indices.values(), key=str)
    if not used:
        grid = [()]
    else:
        grid = sorted(itertools.product(_SIZES, repeat=len(used)), key=lambda ns: (max(ns), sum(ns), ns))
    for ns in grid:
        fixed = dict(zip(used, (sp.Integer(n) for n in ns), strict=True))
        top = max(ns, default=3)
        ranges = [range(1, min((fixed[z] for z in tr.index_sizes.get(s, ()) if z in fixed), default=top) + 1)
                  for s in indices]
        for combo in itertools.product(*ranges):
            yield {**fixed, **{s: sp.Integer(c) for s, c in zip(indices, combo, strict=True)}}, top


def _counterexample(lhs, rhs, tr: Translator, scope: Scope, distinct: tuple = ()):
    """The smallest case (sizes, indices in range, entries) where the two sides differ, with both values; no case
    where two indices the text says differ (``distinct``) are equal."""
    used = sorted(tr.sizes_used, key=str)
    for case, top in _cases(tr, used):
        if any(case.get(x) == case.get(y) for x, y in distinct):
            continue
        sides = [x.xreplace(case).doit() for x in (lhs, rhs)]
        if any(_plain_symbols(e) or any(not i.is_Integer for x in e.atoms(sp.Indexed) for i in x.indices)
               for e in sides):
            return None  # a name or an entry that no case gives a value
        point = _entries_at(sides, top, scope)
        values = [sp.N(e.xreplace(point), 30) for e in sides]
        if any(not v.is_number or v.has(sp.nan, sp.zoo) or not v.is_real for v in values):
            return None
        if abs(values[0] - values[1]) > sp.Float("1e-20", 30) * max(1, abs(values[0])):
            return _describe(case, point, used), _shown(values[0]), _shown(values[1])
    return None


def _indexed_labels(e: sp.Expr) -> set:
    return {x.base.label for x in e.atoms(sp.Indexed)}


def _plain_symbols(e: sp.Expr) -> set:
    return {s for s in e.free_symbols if not isinstance(s, sp.Indexed)} - _indexed_labels(e)


def _shown(v: sp.Expr) -> str:
    return sp.sstr(sp.N(v, 6))


def _describe(case: dict, point: dict, sizes: list) -> str:
    parts = [f"{s} = {case[s]}" for s in sizes]
    parts += [f"{s} = {v}" for s, v in sorted(case.items(), key=lambda kv: str(kv[0])) if s not in sizes]
    vectors: dict[str, list] = {}
    rows: dict[str, dict] = {}
    for e, v in sorted(point.items(), key=lambda kv: (str(kv[0].base.label), [int(x) for x in kv[0].indices])):
        if len(e.indices) == 2:  # a matrix, shown row by row
            rows.setdefault(str(e.base.label), {}).setdefault(int(e.indices[0]), []).append(sp.sstr(v))
            continue
        vectors.setdefault(str(e.base.label), []).append(sp.sstr(v))
    parts += [f"{name} = ({', '.join(vals)})" for name, vals in vectors.items()]
    parts += [f"{name} = ({', '.join('(' + ', '.join(r) + ')' for r in m.values())})" for name, m in rows.items()]
    return ", ".join(parts)

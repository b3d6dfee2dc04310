"""Deciding symbolic steps in three values: true, false, or could not decide.

``equal(lhs, rhs)`` is TRUE only when the difference is shown to be exactly 0 by algebra; FALSE
only when it is non-zero at a concrete point (which is returned as the counterexample); UNKNOWN
otherwise. Nothing here calls ``bool()`` on a relation.

The algebra is cheap on purpose (``expand``/``cancel`` rather than ``simplify``): opaque atoms such
as ``Sum`` objects are replaced by fresh symbols (sound: an identity in free symbols stays an
identity under substitution), square roots are eliminated by reducing modulo ``w**2 - base``, and
Kronecker deltas are split into their two cases.

>>> import sympy as sp
>>> x = sp.Symbol("x", positive=True)
>>> equal(sp.sqrt(x) ** 2, x).verdict.value
'true'
>>> equal(x + 1, x).verdict.value
'false'
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import sympy as sp

from lnsym.claims import Truth

__all__ = ["Decision", "equal", "holds", "is_zero", "normal_sums"]


@dataclass(frozen=True)
class Decision:
    verdict: Truth
    detail: str = ""


_TRUE = Decision(Truth.TRUE)


_INDEX = sp.Symbol("i_", integer=True)  # canonical bound index, so that equal sums compare equal


def _fresh_index(body: sp.Expr, index: sp.Symbol) -> sp.Symbol:
    """The canonical bound index of a sum of ``body`` over ``index``: ``i_``, unless an inner sum that depends on
    ``index`` already binds it (``\\sum_k v_k \\sum_i W_{ik} u_i``), then ``i_1``, ``i_2``, ... (renaming the outer
    index to the inner one's name would capture it)."""
    free = {s.name for s in body.free_symbols}
    inner = [s for s in body.atoms(sp.Sum) if s.has(index)]

    def clashes(name: str) -> bool:
        return name in free or any(v.name == name for s in inner for v, *_ in s.limits)

    if not clashes(_INDEX.name):
        return _INDEX
    n = 1
    while clashes(f"{_INDEX.name}{n}"):
        n += 1
    return sp.Symbol(f"{_INDEX.name}{n}", integer=True)


def _powers_multiplied_out(function: sp.Expr, index: sp.Symbol) -> sp.Expr:
    """A sum's body with its factors ``(a + b)^k`` (k from 2 to 4, the base depending on the index) multiplied out:
    ``\\sum_i p_i (v_i - \\bar v)^2`` splits into sums linearity can take apart (a body expanded one level only, as
    nothing inside an inner sum is touched)."""
    factors = sp.Mul.make_args(function)
    if not any(f.is_Pow and f.base.is_Add for f in factors):
        return function
    return sp.Mul(*[sp.expand_multinomial(f, deep=False)
                    if f.is_Pow and f.base.is_Add and f.exp.is_Integer and 2 <= f.exp <= 4 and f.base.has(index)
                    else f for f in factors])


def _linear_sums(expr: sp.Expr) -> sp.Expr:
    """Apply the linearity of single sums: split over +, pull out factors free of the index,
    turn a sum of a constant into a product, and rename the bound index canonically."""

    def rewrite(s: sp.Sum) -> sp.Expr:
        (index, lo, hi), = s.limits
        total = sp.Integer(0)
        for term in sp.Add.make_args(sp.expand(_powers_multiplied_out(s.function, index), deep=False)):
            coeff, dependent = term.as_independent(index, as_Add=False)
            if dependent == 1:
                total += coeff * (hi - lo + 1)
            else:
                canonical = _fresh_index(dependent, index)
                total += coeff * sp.Sum(dependent.xreplace({index: canonical}), (canonical, lo, hi))
        return total

    return expr.replace(lambda e: isinstance(e, sp.Sum) and len(e.limits) == 1, rewrite)


def _within_limits(expr: sp.Expr) -> sp.Expr:
    """A case of a ``Piecewise`` inside a sum whose condition the sum's own index meets (``i <= n`` in a sum over i
    from 1 to n: what a Kronecker delta summed over another index leaves) taken. Only where the range is not empty
    backwards (SymPy's sums with ``hi < lo - 1`` run the other way), and not inside an inner sum that binds the same
    index (that index is another one)."""

    def taken(e: sp.Expr, index: sp.Symbol, facts: dict) -> sp.Expr:
        if isinstance(e, sp.Sum) and any(v == index for v, *_ in e.limits):
            return e
        if isinstance(e, sp.Piecewise):
            return sp.Piecewise(*[(taken(x, index, facts), c.xreplace(facts)) for x, c in e.args])
        if not e.args or not e.has(sp.Piecewise):
            return e
        return e.func(*[taken(a, index, facts) for a in e.args])

    def rewrite(s: sp.Sum) -> sp.Expr:
        if len(s.limits) != 1:
            return s
        (index, lo, hi), = s.limits
        if (hi - lo + 1).is_nonnegative is not True:
            return s
        facts = {sp.Le(index, hi): sp.true, sp.Ge(hi, index): sp.true, sp.Ge(index, lo): sp.true,
                 sp.Le(lo, index): sp.true}
        function = taken(s.function, index, facts)
        return s if function == s.function else sp.Sum(function, *s.limits)

    return expr.replace(lambda e: isinstance(e, sp.Sum) and e.function.has(sp.Piecewise), rewrite)


def _evaluate(expr: sp.Expr, given: tuple = ()) -> sp.Expr:
    """Carry out derivatives, products, limits and the sums that have a closed form, and
    normalise the other sums (see :func:`_linear_sums`).

    Sums such as ``Sum(x[i], (i, 1, d))`` stay as they are - opaque atoms for the algebra - since
    asking SymPy to evaluate them symbolically is slow and cannot succeed. ``given`` holds relations
    known to be true (such as ``b <= d`` for an index b of a vector of size d); a ``Piecewise``
    branch whose condition is one of them is taken."""
    facts = set(given)

    def closed_form_sum(e) -> bool:
        if not isinstance(e, sp.Sum):
            return False
        index = e.limits[0][0]
        return e.function.has(sp.KroneckerDelta) or not e.function.has(index)

    for _ in range(6):  # a derivative of a sum leaves new sums behind
        new = expr
        if new.has(sp.Subs):
            # one chain-rule term has two spellings: Subs(Derivative(F(u, y), u), u, g) and
            # Derivative(F(g, y), g); doit turns the first into the second
            new = new.replace(lambda e: isinstance(e, sp.Subs), lambda e: e.doit())
        if new.has(sp.Derivative, sp.Product, sp.Integral, sp.Limit):
            new = new.replace(
                lambda e: isinstance(e, sp.Derivative | sp.Product | sp.Integral | sp.Limit),
                lambda e: e.doit(deep=False) if isinstance(e, sp.Derivative) else e.doit(),
            )
        if new.has(sp.Sum):
            new = _linear_sums(new)
            new = new.replace(closed_form_sum, lambda e: e.doit())
        if new.has(sp.Piecewise) and new.has(sp.Sum):
            new = _within_limits(new)
        if facts and new.has(sp.Piecewise):
            new = new.replace(
                lambda e: isinstance(e, sp.Piecewise) and e.args[0].cond in facts,
                lambda e: e.args[0].expr,
            )
        if new == expr:
            break
        expr = new
    return expr


def normal_sums(expr: sp.Expr, given: tuple = ()) -> sp.Expr:
    """``expr`` with its derivatives carried out and its sums in the normal form :func:`equal` compares (the
    check's reader of index notation substitutes a hypothesis on a sum in this form)."""
    return _evaluate(sp.sympify(expr), tuple(given))


def _opaque_atoms(expr: sp.Expr) -> dict:
    """Fresh symbols for the atoms the rational-function algebra cannot see into (sums, products,
    applied undefined functions and their derivatives); equal atoms share a symbol."""
    replacements: dict = {}
    for node in sp.preorder_traversal(expr):
        opaque = isinstance(node, sp.Sum | sp.Product | sp.Derivative | sp.Subs) or (
            isinstance(node, sp.Function) and isinstance(node.func, sp.core.function.UndefinedFunction)
        )
        if opaque and node not in replacements:
            replacements[node] = sp.Dummy(real=node.is_real or None)
    return replacements


def _eliminate_roots(expr: sp.Expr) -> sp.Expr | None:
    """Numerator of ``expr`` as a polynomial in new symbols ``w = sqrt(base)``, reduced modulo
    ``w**2 = base``: 0 exactly when this algebra shows an identity.

    Returns None when the expression has roots this cannot handle (cube roots and the like)."""
    roots: dict = {}

    def is_half_power(e) -> bool:
        return e.is_Pow and e.exp.is_Rational and e.exp.q == 2

    # factor each root's base first: sqrt(c**2 * X) becomes c*sqrt(X) for c > 0, so equal roots
    # written differently get one symbol. A base recurs in many terms (sqrt(var + eps) in every entry of
    # a Jacobian): each distinct one is factored once
    factored: dict = {}

    def factor_base(e):
        if e.base not in factored:
            factored[e.base] = sp.factor(e.base)
        return factored[e.base] ** e.exp

    expr = expr.replace(is_half_power, factor_base)
    for p in expr.atoms(sp.Pow):
        if is_half_power(p):
            roots.setdefault(p.base, sp.Dummy("w", positive=True))
        elif p.exp.is_Rational and p.exp.q != 1:
            return None
    if any(base.has(*roots.values()) or any(is_half_power(q) for q in base.atoms(sp.Pow)) for base in roots):
        return None  # nested roots
    expr = expr.replace(is_half_power, lambda e: roots[e.base] ** e.exp.p)
    num, _den = sp.fraction(sp.together(expr))
    return _reduce(sp.expand(num), list(roots.items()))


def _reduce(num: sp.Expr, roots: list) -> sp.Expr:
    """0 when ``num`` vanishes modulo ``w**2 = base`` for every (base, w) in ``roots``."""
    if num == 0 or not roots:
        return num
    (base, w), rest = roots[0], roots[1:]
    if not num.has(w):
        return _reduce(num, rest)
    base_num, base_den = sp.fraction(sp.together(base))
    # pseudo-remainder: num * lc**k = q * (den*w**2 - num_base) + r, with lc = base_den != 0
    r = sp.expand(sp.prem(num, base_den * w**2 - base_num, w))
    c1 = r.coeff(w, 1)
    c0 = sp.expand(r - c1 * w)
    # c0 + c1*w is an identity when both coefficients are (w is taken as algebraically new)
    first = _reduce(c0, rest)
    return first if first != 0 else _reduce(c1, rest)


def _symbolically_zero(expr: sp.Expr) -> bool:
    """True when algebra shows ``expr`` is identically 0; False means "not shown", not "non-zero"."""
    if expr == 0:
        return True
    if sp.expand(expr) == 0:  # enough for Laurent polynomials, and cheap
        return True
    has_roots = any(p.exp.is_Rational and p.exp.q != 1 for p in expr.atoms(sp.Pow))
    if not has_roots:
        numerator, _ = sp.fraction(sp.together(expr))
        return sp.expand(numerator) == 0
    reduced = _eliminate_roots(sp.expand(expr))
    if reduced is not None:
        return reduced == 0
    return sp.cancel(sp.expand(expr)) == 0


def _split_deltas(expr: sp.Expr) -> list[sp.Expr]:
    """All case-instances of the Kronecker deltas in ``expr`` (a=b with delta 1, a!=b with delta 0)."""
    free = expr.free_symbols
    # deltas over a bound summation index belong to their Sum, not to a case split
    deltas = sorted(
        (k for k in expr.atoms(sp.KroneckerDelta) if k.free_symbols <= free and len(k.free_symbols) == 2),
        key=sp.default_sort_key,
    )
    if not deltas:
        return [expr]
    delta = deltas[0]
    i, j = delta.args
    same = expr.subs(delta, 1).subs(j, i) if j.is_Symbol else expr.subs(delta, 1).subs(i, j)
    other = expr.subs(delta, 0)
    if other.has(delta) or same.has(delta):  # no progress: leave the delta as an opaque atom
        return [expr]
    return _split_deltas(same) + _split_deltas(other)


def is_zero(expr: sp.Expr, given: tuple = ()) -> Decision:
    """Decide ``expr == 0`` in three values (``given``: relations known true, see :func:`_evaluate`)."""
    expr = _evaluate(sp.sympify(expr), tuple(given))
    if _shown_zero(expr):
        return _TRUE
    witness = _counterexample(expr)
    if witness is not None:
        return Decision(Truth.FALSE, witness)
    return Decision(Truth.UNKNOWN, "SymPy could not show the difference is 0, and no point found where it is not")


def _shown_zero(expr: sp.Expr) -> bool:
    """Does algebra show ``expr`` (evaluated under its givens) is 0, in every case of its Kronecker deltas?"""
    for case in _split_deltas(expr):
        atoms = _opaque_atoms(case)
        try:
            if not _symbolically_zero(case.xreplace(atoms)):
                return False
        except (sp.PolynomialError, NotImplementedError, ValueError, TypeError):
            return False  # a form the algebra does not handle: not shown, which is not "false"
    return True


def shown_equal(lhs, rhs, given: tuple = ()) -> bool:
    """Is ``lhs == rhs`` (scalars) shown by algebra, as :func:`equal` shows it TRUE? No point is sampled: for a
    caller that only proves, and refutes in its own way (``check``'s index steps), the search for a
    counterexample of :func:`equal` is wasted time (a second and more for a sum over a softmax)."""
    return _shown_zero(_evaluate(sp.sympify(lhs) - sp.sympify(rhs), tuple(given)))


def equal(lhs, rhs, given: tuple = ()) -> Decision:
    """Decide ``lhs == rhs`` (scalars or matrices of the same shape) in three values."""
    lhs, rhs = sp.sympify(lhs), sp.sympify(rhs)
    if isinstance(lhs, sp.MatrixBase) or isinstance(rhs, sp.MatrixBase):
        lhs, rhs = sp.Matrix(lhs), sp.Matrix(rhs)
        if lhs.shape != rhs.shape:
            return Decision(Truth.FALSE, f"shapes differ: {lhs.shape} versus {rhs.shape}")
        unknown = None
        for k, (a, b) in enumerate(zip(lhs, rhs, strict=True)):
            decision = is_zero(a - b, given)
            if decision.verdict is Truth.FALSE:
                row, col = divmod(k, lhs.shape[1])
                return Decision(Truth.FALSE, f"entry ({row + 1},{col + 1}): {decision.detail}")
            if decision.verdict is Truth.UNKNOWN:
                unknown = unknown or decision
        return unknown or _TRUE
    return is_zero(lhs - rhs, given)


_RELATIONS = {"<=": sp.Le, "<": sp.Lt, ">=": sp.Ge, ">": sp.Gt}


def holds(lhs, relation: str, rhs, given: tuple = ()) -> Decision:
    """Decide ``lhs relation rhs`` for relation in {"=", "<=", "<", ">=", ">"} in three values."""
    if relation in ("=", "=="):
        return equal(lhs, rhs, given)
    if relation not in _RELATIONS:
        raise ValueError(f"relation must be one of =, <=, <, >=, >; got {relation!r}")
    strict = relation in ("<", ">")
    lhs, rhs = sp.sympify(lhs), sp.sympify(rhs)
    # first as written: SymPy sees that a sum of squares is >= 0 before the sum is expanded
    raw = rhs - lhs if relation in ("<=", "<") else lhs - rhs
    for candidate in (raw, sp.factor(sp.together(raw))):
        if (candidate.is_positive if strict else candidate.is_nonnegative) is True:
            return _TRUE
    lhs, rhs = _evaluate(lhs, tuple(given)), _evaluate(rhs, tuple(given))
    gap = rhs - lhs if relation in ("<=", "<") else lhs - rhs  # must be >= 0 (or > 0)

    def candidates():  # cheapest first, each built only when the ones before could not tell
        yield sp.factor(sp.together(gap))
        if lhs.is_nonnegative and rhs.is_nonnegative:
            # between non-negative sides, comparing squares removes square roots
            yield sp.factor(sp.together(sp.expand(gap * (lhs + rhs))))
        yield sp.simplify(gap)

    for candidate in candidates():
        known = candidate.is_positive if strict else candidate.is_nonnegative
        if known is True:
            return _TRUE
        if known is False and candidate.is_number:
            return Decision(Truth.FALSE, f"the gap {sp.sstr(candidate)} is not {'>' if strict else '>='} 0")
    witness = _counterexample(gap, want_nonnegative=True, strict=strict)
    if witness is not None:
        return Decision(Truth.FALSE, witness)
    return Decision(Truth.UNKNOWN, "SymPy could not decide the sign of the gap, and sampling found no violation")


def _sample_value(symbol: sp.Symbol, rng: random.Random) -> sp.Expr:
    if symbol.is_integer:
        low = 1 if symbol.is_positive else (0 if symbol.is_nonnegative else -3)
        return sp.Integer(rng.randint(low, 6))
    value = sp.Rational(rng.randint(1, 400), 97)
    if symbol.is_positive or symbol.is_nonnegative:
        return value
    return value if rng.random() < 0.5 else -value


def _counterexample(expr: sp.Expr, *, want_nonnegative: bool = False, strict: bool = False) -> str | None:
    """Search seeded random points for one where ``expr`` is non-zero (or negative, for an
    inequality); return a description, or None. Integer symbols (sizes, indices) get small values."""
    rng = random.Random(20201)
    labels = {e.base.label for e in expr.atoms(sp.Indexed)}
    symbols = sorted(expr.free_symbols - labels, key=sp.default_sort_key)
    for _ in range(12):
        point = {s: _sample_value(s, rng) for s in symbols if not isinstance(s, sp.Indexed)}
        try:
            value = expr.xreplace(point)
            # with concrete sizes, sums expand into their terms
            value = value.doit() if value.has(sp.Sum, sp.Product, sp.Derivative) else value
            if any(not e.indices[0].is_number for e in value.atoms(sp.Indexed)):
                continue  # an entry with a symbolic (bound) index is left: no sound evaluation
            # each entry x[k] gets its own random value, within the assumptions of its base (x positive: x[k] > 0)
            indexed = {e: _sample_value(e, rng) for e in value.atoms(sp.Indexed)}
            remaining = {s: _sample_value(s, rng) for s in value.free_symbols - labels if s not in point}
            value = value.xreplace(indexed).xreplace(remaining)
            number = complex(sp.N(value, 30))
        except (TypeError, ValueError, ZeroDivisionError, AttributeError, RecursionError):
            continue
        if number != number or abs(number.imag) > 1e-20:  # NaN, or off the real domain
            continue
        scale = 1e-12 * max(1.0, abs(number.real))
        at = ", ".join(f"{sp.sstr(k)} = {sp.sstr(v)}" for k, v in point.items())
        if want_nonnegative:
            if number.real < -scale or (strict and abs(number.real) <= scale):
                return f"violated at {at or 'the point'}: gap = {number.real:.6g}"
        elif abs(number.real) > scale:
            return f"differs at {at or 'the point'}: difference = {number.real:.6g}"
    return None

r"""Identities of matrices whose size the text does not give, products kept in their order (issue 27).

A derivation through residual blocks writes ``(I + J_2)(I + J_1) = I + J_1 + J_2 + J_2 J_1``: ``I`` the identity,
``J_1`` and ``J_2`` Jacobians the text never declares. Read with commuting symbols, ``I`` is a name and nothing is
decided; read as scalars with ``I = 1``, ``J_2 J_1`` and ``J_1 J_2`` are the same, and a slip that swaps them would
pass. Here each capital letter (with its subscript) is a matrix that commutes with nothing but numbers, scalars
(Greek letters) and ``I`` (also ``I_d``); a lower-case letter may be a vector, and is not read. Capitals side by
side (``AB``, a segment to the grammar) and a capital before a bracket (``A(I + B)``) are products here:

- the sides agree as polynomials in such matrices: ``correct`` (an identity for square matrices of every size;
  for scalars too);
- they agree only when the matrices commute (the order of a product changed), every one of them added to ``I``
  somewhere in the statement (a square matrix then, where a capital letter alone may be a number: N, K, L):
  ``wrong``, with 2×2 integer matrices where the sides differ, both values shown. Where they differ as scalars
  too, the statement may be an equation to solve, and nothing is said.

Read only where the text speaks of matrices (the caller's cue: "matrix", "Jacobian", ``\mathbb{R}^{n \times n}``, a
transpose), ``I`` has no value and is added to a matrix in the statement; transposes, inverses and functions are
not read.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import sympy as sp

from lnsym.check.findings import Verdict
from lnsym.check.judges.judgement import Judgement
from lnsym.check.judges.numbers.evaluate import name_of
from lnsym.check.parse.nodes import Add, Div, Frac, Group, Mul, Neg, Num, Pow, Sym, UFunc
from lnsym.check.reasons import Reason

__all__ = ["decide_matrix_identity"]

_IDENTITY = "I"
MAX_NAMES = 4  # matrices in one statement (2×2 instances: 16 integers each, exact products)
MAX_POWER = 6
# the entries of the instances tried, name after name: small, not symmetric, not commuting with each other
_ENTRIES = ((1, 2, 0, 1), (0, 1, 1, 1), (2, 0, 1, 3), (1, -1, 2, 0), (3, 1, 0, 2), (0, 2, -1, 1))


class _NotRead(Exception):
    """The term holds what this reading does not read (the step is then left to the other judges: no message)."""


class _Reader:
    """Tree -> SymPy expression in noncommuting matrix symbols; ``I`` is 1, the identity."""

    def __init__(self, env: dict[str, Any]) -> None:
        self.env = env
        self.matrices: dict[str, sp.Symbol] = {}
        self.identity_added = False  # `I + J`: I beside a matrix in a sum
        self.beside_identity: set[sp.Symbol] = set()  # the matrices of such sums: square, of I's size

    def __call__(self, tree) -> sp.Expr:
        match tree:
            case Group(inner):
                return self(inner)
            case Num(digits, None):
                f = Fraction(digits)
                return sp.Rational(f.numerator, f.denominator)
            case Sym(name, _) if name == _IDENTITY:  # I, I_d, I_n: the identity
                return sp.Integer(1)
            case Sym(name, sub) if len(name) == 1 and name.isupper() and name.isascii():
                key = name_of(tree)  # J_{1}, as the environment keys it
                if key in self.env or (sub is None and name in self.env):
                    raise _NotRead
                return self.matrices.setdefault(key, sp.Symbol(key, commutative=False))
            case Sym(name, None) if len(name) > 1 and name.isupper() and name.isascii() and name.isalpha():
                # `AB`, which a geometry text reads as a segment: in a text on matrices, the product
                return sp.Mul(*(self(Sym(letter, None)) for letter in name))
            case UFunc(name, (arg,)) if len(name) == 1 and name.isupper() and name.isascii():
                return self(Sym(name, None)) * self(arg)  # `A(I + B)`: a matrix times the bracket
            case Sym(name, None) if name.startswith("\\") and name not in self.env:
                return sp.Symbol(name)  # a Greek letter: a scalar (a lower-case letter may be a vector: not read)
            case Add(terms):
                parts = [self(x) for x in terms]
                identity = any(isinstance(_core(x), Sym) and _core(x).name == _IDENTITY for x in terms)
                beside = {m for p in parts for m in p.free_symbols & set(self.matrices.values())}
                if identity and beside:
                    self.identity_added = True
                    self.beside_identity |= beside
                return sp.Add(*parts)
            case Neg(operand):
                return -self(operand)
            case Mul(left, right):
                return self(left) * self(right)
            case Frac(num, den) | Div(num, den):
                d = self(den)
                if not d.is_number or d == 0:
                    raise _NotRead
                return self(num) / d
            case Pow(base, exp):
                e = _core(exp)
                if not (isinstance(e, Num) and e.digits.isdigit() and int(e.digits) <= MAX_POWER):
                    raise _NotRead
                return self(base) ** int(e.digits)
        raise _NotRead  # a transpose, an inverse, a function, a lower-case letter


def _core(tree):
    while isinstance(tree, Group):
        tree = tree.inner
    return tree


def decide_matrix_identity(left, right, env: dict[str, Any]) -> Judgement | None:
    """The step ``left = right`` read as an identity of matrices (see the module), or None where this reading does
    not apply or says nothing."""
    if left is None or right is None or _IDENTITY in env:
        return None
    reader = _Reader(env)
    try:
        a, b = reader(left), reader(right)
    except _NotRead:
        return None
    names = sorted(reader.matrices)
    if not reader.identity_added or not names or len(names) > MAX_NAMES:
        return None
    if sp.expand(a - b) == 0:
        return Judgement(Verdict.CORRECT, "", "an identity of matrices: products kept in their order, I the identity")
    scalars = {s: sp.Symbol(s.name) for s in reader.matrices.values()}
    if sp.expand((a - b).xreplace(scalars)) != 0:
        return None  # unequal as numbers too: perhaps an equation to solve
    if set(reader.matrices.values()) - reader.beside_identity:
        return None  # `(I + A)N = N + NA`: N, never added to I, may be a number (a count, a size)
    return _refuted(a, b, reader.matrices, names)


def _refuted(a: sp.Expr, b: sp.Expr, matrices: dict[str, sp.Symbol], names: list[str]) -> Judgement | None:
    """``wrong`` at the first instance of 2×2 integer matrices (scalars set to 2, 3, ...) where the sides differ."""
    scalars = sorted((a - b).free_symbols - set(matrices.values()), key=str)
    values = {s: sp.Integer(k + 2) for k, s in enumerate(scalars)}
    for shift in range(len(_ENTRIES)):
        at = {n: sp.Matrix(2, 2, _ENTRIES[(k + shift) % len(_ENTRIES)]) for k, n in enumerate(names)}
        try:
            lv, rv = (_value(x, matrices, at, values) for x in (a, b))
        except Exception:
            return None
        if lv != rv:
            where = ", ".join(f"{n} = {_shown(m)}" for n, m in at.items())
            where += "".join(f", {s} = {v}" for s, v in values.items())
            return Judgement(Verdict.WRONG, "", f"not an identity of matrices (products kept in their order): at "
                                                 f"{where} the left side is {_shown(lv)} and the right side "
                                                 f"{_shown(rv)}", left=_shown(lv), right=_shown(rv),
                              code=Reason.MATRIX_ORDER)
    return None


def _value(expr: sp.Expr, matrices: dict[str, sp.Symbol], at: dict[str, sp.Matrix], scalars: dict) -> sp.Matrix:
    """The 2×2 value of a polynomial in noncommuting matrices, each term's factors multiplied in their order."""
    total = sp.zeros(2, 2)
    by_symbol = {sym: at[n] for n, sym in matrices.items()}
    for term in sp.Add.make_args(sp.expand(expr)):
        coeff, factors = term.args_cnc()
        value = sp.eye(2) * sp.Mul(*coeff).xreplace(scalars)
        for f in factors:
            base, exp = f.as_base_exp()
            value = value * by_symbol[base] ** int(exp)
        total += value
    return total


def _shown(m: sp.Matrix) -> str:
    return "(" + ", ".join("(" + ", ".join(sp.sstr(x) for x in m.row(r)) + ")" for r in range(m.rows)) + ")"

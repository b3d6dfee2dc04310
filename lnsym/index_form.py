r"""Matrix expressions of symbolic size in index form: one entry as ``Indexed`` sums.

A claim about matrices of symbolic size d (``J_F J_L`` with ``MatrixSymbol``\ s) is checked
entrywise: :func:`entry` turns entry (a, b) of a matrix expression into sums over ``Indexed``
entries with indices from 1 to d, the form :mod:`lnsym.decide` decides. The matrix product is SymPy's
own (``MatMul``), so a step "index form = matrix form" checks which index a product contracts: a
swapped product is a different sum, and is refuted.

>>> import sympy as sp
>>> d = sp.Symbol("d", integer=True, positive=True)
>>> a, b = sp.symbols("a b", integer=True, positive=True)
>>> A, B = sp.MatrixSymbol("A", d, d), sp.MatrixSymbol("B", d, d)
>>> entry(sp.Identity(d) + A * B, a, b)
KroneckerDelta(a, b) + Sum(A[a, _i_1]*B[_i_1, b], (_i_1, 1, d))

``bases`` gives a matrix symbol a stack of its own, for matrices that carry a layer index:

>>> n = sp.Symbol("n", integer=True, positive=True)
>>> J = sp.IndexedBase("J")
>>> entry(A * B, a, b, bases={A: (J, n + 1)})
Sum(B[_i_1, b]*J[n + 1, a, _i_1], (_i_1, 1, d))
"""

from __future__ import annotations

import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixElement

__all__ = ["entry"]


def entry(matrix, a, b, *, bases: dict | None = None) -> sp.Expr:
    """Entry (a, b), counted from 1, of ``matrix`` (a SymPy matrix expression) in index form.

    Every ``MatrixSymbol`` M becomes ``IndexedBase(M.name)``, or, when ``bases`` maps it to
    ``(base, k, ...)``, the entries ``base[k, ..., i, j]``. Sums run from 1 (SymPy's matrix
    entries count from 0, and a sum from 0 to d - 1 is shifted). Indices are taken to lie in
    1..d, as entries of a d x d matrix do; the ranged Kronecker deltas of ``Identity`` become
    plain ones under that assumption."""
    bases = dict(bases or {})
    expr = matrix[a - 1, b - 1]
    # KroneckerDelta(i, j, (0, d - 1)) is the identity's entry; with i, j in range it is delta_ij
    expr = expr.replace(lambda e: isinstance(e, sp.KroneckerDelta) and len(e.args) == 3,
                        lambda e: sp.KroneckerDelta(e.args[0] + 1, e.args[1] + 1))

    def element(e: MatrixElement) -> sp.Expr:
        base, *lead = bases.get(e.parent, (sp.IndexedBase(e.parent.name),))
        return base[(*lead, e.i + 1, e.j + 1)]

    expr = expr.replace(lambda e: isinstance(e, MatrixElement), element)

    def shifted(s: sp.Sum) -> sp.Sum:
        (k, lo, hi), = s.limits
        return sp.Sum(s.function.xreplace({k: k + lo - 1}), (k, 1, hi - lo + 1))

    return expr.replace(lambda e: isinstance(e, sp.Sum) and len(e.limits) == 1 and e.limits[0][1] != 1, shifted)

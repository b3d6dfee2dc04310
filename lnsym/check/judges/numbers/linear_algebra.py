"""Vectors and matrices of known values: transposes, products whose sizes must conform, ``\\odot``, ``diag``,
``tr``, the identity ``I``, the all-ones vector ``\\mathbf 1`` and indicators ``\\mathbf 1[a > 0]``.

A value is a number (SymPy), a vector (:class:`~lnsym.check.judges.numbers.values.Vec`; its orientation is not
written, so in a product it is a column, the convention of the texts: ``W x``, ``u^\\top v``) or a matrix
(``sp.ImmutableMatrix``; a row vector is a 1×n matrix, the transpose ``x^\\top`` of a vector). What a product
leaves is normalised: one entry is a number (``q^\\top k``, the dot product), one column a vector
(``W^\\top \\delta``). ``I`` and ``\\mathbf 1`` have no size of their own: they are :class:`Conforming` until a
product or a sum with a value of known size gives them the size that conforms. Sizes that do not conform are
:class:`~lnsym.check.judges.numbers.values.NotEvaluated` with the sizes in the reason: the step is unchecked, never
wrong (the text may mean something lnsym does not read).
"""

from __future__ import annotations

from typing import Any

import sympy as sp
from sympy.core.function import AppliedUndef

from lnsym.check.judges.numbers.values import Mat, NotEvaluated, UnknownNames, Vec

__all__ = ["Conforming", "describe", "diag", "hadamard", "indicator", "is_array", "normal", "product", "sizes_differ",
           "softmax", "total", "trace", "transpose"]

MAX_SIZE = 64  # rows or columns of a matrix lnsym builds (an outer product, diag, I)


class Conforming:
    """``scale`` times ``I`` (``kind`` "eye"), times the all-ones column ``\\mathbf 1`` ("ones") or its transpose,
    the all-ones row ("row"), of whatever size conforms. Anything but a sum, a product, ⊙, a transpose or a
    scaling by a number is refused (the size is then not given)."""

    __slots__ = ("kind", "scale")

    def __init__(self, kind: str, scale: Any = sp.S.One) -> None:
        self.kind, self.scale = kind, scale

    def __repr__(self) -> str:
        return f"{sp.sstr(self.scale)}*{self.kind}"

    def __neg__(self) -> Conforming:
        return Conforming(self.kind, -self.scale)

    def __truediv__(self, other: Any) -> Conforming:
        if not isinstance(other, sp.Expr):
            raise NotEvaluated(f"{self.name} divided by what is not a number")
        return Conforming(self.kind, self.scale / other)

    def __getattr__(self, name: str) -> Any:  # a number's attribute asked of I or 1 (`\\sin I`): no value
        if name.startswith("__"):
            raise AttributeError(name)
        raise NotEvaluated(f"{Conforming.name.fget(self)} where no vector or matrix gives its size")

    def _refuse(self, *_: Any) -> Any:
        raise NotEvaluated(f"{self.name} where no vector or matrix gives its size")

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __rtruediv__ = __pow__ = __rpow__ = _refuse

    @property
    def name(self) -> str:
        return {"eye": "I", "ones": "\\mathbf 1", "row": "\\mathbf 1^\\top"}[self.kind]

    def sized(self, n: int) -> Any:
        """The value at size ``n``."""
        if n > MAX_SIZE:
            raise NotEvaluated(f"{self.name} of size {n}")
        if self.kind == "eye":
            return sp.ImmutableMatrix(sp.eye(n)) * self.scale
        if self.kind == "ones":
            return Vec([self.scale] * n)
        return sp.ImmutableMatrix(1, n, [self.scale] * n)


def is_array(v: Any) -> bool:
    """A vector, a matrix, or ``I`` or ``\\mathbf 1`` waiting for a size: not a number."""
    return isinstance(v, (Vec, sp.MatrixBase, Conforming))


def _scalar(v: Any) -> bool:
    return isinstance(v, sp.Expr) and not isinstance(v, sp.MatrixBase)


def _opaque(*values: Any) -> None:
    """Refuse a name with no value where a vector or a matrix may stand (``x^\\top`` of an unknown x, ``J \\mathbf
    1``): SymPy would take it for a number, and ``A^\\top B^\\top`` would equal ``(A B)^\\top``. The reason names
    the unknowns as the judges do (``free symbol(s) ...``), so that the values an earlier paragraph gave them can
    be tried."""
    unknown: set[str] = set()
    for v in values:
        if _scalar(v):
            unknown |= {str(x) for x in v.free_symbols | v.atoms(AppliedUndef)}
    if unknown:
        raise UnknownNames(sorted(unknown))


def describe(v: Any) -> str:
    """A value's size in words: "a number", "a vector of 3 entries", "a 2×3 matrix"."""
    if isinstance(v, Mat) and not v.is_vector:
        return f"a {v.shape[0]}×{v.shape[1]} matrix"
    if isinstance(v, Vec):
        return f"a vector of {len(v)} entries"
    if isinstance(v, sp.MatrixBase):
        return f"a {v.rows}×{v.cols} matrix"
    if isinstance(v, Conforming):
        return v.name
    return "a number"


def normal(m: Any) -> Any:
    """A matrix of one entry is a number, one of one column a vector; anything else as it is."""
    if isinstance(m, sp.MatrixBase):
        if m.shape == (1, 1):
            return m[0, 0]
        if m.cols == 1:
            return Vec(list(m))
        return sp.ImmutableMatrix(m)
    return m


def _column(v: Vec) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix(len(v), 1, list(v.items))


def transpose(v: Any, written_column: bool = False) -> Any:
    """``v^\\top``. A vector written as a tuple, ``(1, 2)^\\top``, is the column it writes (a vector); a vector
    bound to a name, ``x^\\top``, is a row. A number is itself; a name without a value is refused."""
    _opaque(v)
    if isinstance(v, Conforming):
        return Conforming({"eye": "eye", "ones": "row", "row": "ones"}[v.kind], v.scale)
    if isinstance(v, Vec):
        return v if written_column else sp.ImmutableMatrix(1, len(v), list(v.items))
    if isinstance(v, sp.MatrixBase):
        return normal(v.T)
    return v


def _not_conforming(a: Any, b: Any, left: int, right: int) -> NotEvaluated:
    column = " (a column)" if isinstance(a, Vec) else ""
    return NotEvaluated(f"{describe(a)}{column} times {describe(b)}: the sizes {left} and {right} do not conform")


def product(a: Any, b: Any) -> Any:
    """``a b`` where one of them is a matrix, ``I`` or ``\\mathbf 1``: the matrix product, a number scaling the
    other; sizes that do not conform are refused with both."""
    if _scalar(a) or _scalar(b):
        scalar, other = (a, b) if _scalar(a) else (b, a)
        if isinstance(other, Conforming):
            _opaque(scalar)
            return Conforming(other.kind, other.scale * scalar)
        if isinstance(other, Vec):
            return Vec(scalar * x for x in other.items)
        if not isinstance(other, sp.MatrixBase):
            raise NotEvaluated("a matrix times something that is not a number")
        return other * scalar
    if isinstance(a, Conforming) or isinstance(b, Conforming):
        return _conforming_product(a, b)
    if isinstance(a, Vec) and isinstance(b, Vec):
        raise NotEvaluated("a product of two vectors")
    left = _column(a) if isinstance(a, Vec) else a
    right = _column(b) if isinstance(b, Vec) else b
    if left.cols != right.rows:
        raise _not_conforming(a, b, left.cols, right.rows)
    if max(left.rows, right.cols) > MAX_SIZE:
        raise NotEvaluated(f"a product of more than {MAX_SIZE} rows or columns")
    return normal(left * right)


def _conforming_product(a: Any, b: Any) -> Any:
    """A product where ``I`` or ``\\mathbf 1`` (``a`` or ``b``) takes the size the other factor gives."""
    if isinstance(a, Conforming) and a.kind == "eye":
        return product(a.scale, b) if not isinstance(b, Conforming) else Conforming(b.kind, a.scale * b.scale)
    if isinstance(b, Conforming) and b.kind == "eye":
        return product(a, b.scale) if not isinstance(a, Conforming) else Conforming(a.kind, a.scale * b.scale)
    if isinstance(a, Conforming) and isinstance(b, Conforming):
        raise NotEvaluated(f"{a.name} times {b.name}, whose size nothing gives")
    if isinstance(b, Conforming):  # X 1 (a column of the size of X's rows), X 1^T (a size not given)
        if b.kind == "ones" and isinstance(a, sp.MatrixBase):
            return product(a, b.sized(a.cols))
        raise NotEvaluated(f"{describe(a)} times {b.name}, whose size nothing gives")
    if a.kind == "row" and isinstance(b, Vec):  # 1^T x: the sum of the entries
        return product(a.sized(len(b)), b)
    if a.kind == "row" and isinstance(b, sp.MatrixBase):
        return product(a.sized(b.rows), b)
    raise NotEvaluated(f"{a.name} times {describe(b)}, whose size nothing gives")


def _shape(v: Any) -> tuple:
    if isinstance(v, Vec):
        return ("vector", len(v))
    if isinstance(v, sp.MatrixBase):
        return v.shape
    return ()


def total(vals: list) -> Any:
    """A sum where a term is a matrix, ``I`` or ``\\mathbf 1``: every term of one size (``I`` takes a square
    matrix's, ``\\mathbf 1`` a vector's)."""
    _opaque(*vals)
    sized = [v for v in vals if not isinstance(v, Conforming)]
    if not sized:
        raise NotEvaluated(f"a sum of {', '.join(v.name for v in vals)}, whose size nothing gives")
    first = sized[0]
    resolved = [_fit(v, first) if isinstance(v, Conforming) else v for v in vals]
    shapes = {_shape(v) for v in resolved}
    if len(shapes) != 1 or () in shapes:
        raise NotEvaluated("a sum of " + " and ".join(sorted({describe(v) for v in resolved})))
    if isinstance(first, Vec):
        return Vec(sp.Add(*xs) for xs in zip(*(v.items for v in resolved), strict=True))
    out = resolved[0]
    for v in resolved[1:]:
        out = out + v
    return out


def _fit(c: Conforming, like: Any) -> Any:
    """``I`` or ``\\mathbf 1`` at the size of ``like``, the sum's other term."""
    if c.kind == "eye" and isinstance(like, sp.MatrixBase) and like.is_square:
        return c.sized(like.rows)
    if c.kind == "ones" and isinstance(like, Vec):
        return c.sized(len(like))
    if c.kind == "row" and isinstance(like, sp.MatrixBase) and like.rows == 1:
        return c.sized(like.cols)
    raise NotEvaluated(f"a sum of {c.name} and {describe(like)}")


def hadamard(a: Any, b: Any) -> Any:
    """``a \\odot b``, entry by entry, of two vectors or matrices of one size (``\\mathbf 1 \\odot x`` is x)."""
    _opaque(a, b)
    if isinstance(a, Conforming) or isinstance(b, Conforming):
        c, other = (a, b) if isinstance(a, Conforming) else (b, a)
        if isinstance(other, Conforming) or c.kind == "row":
            raise NotEvaluated(f"{c.name} \\odot {describe(other)}, whose size nothing gives")
        other = other if c.kind == "ones" or not isinstance(other, sp.MatrixBase) else _diagonal_part(other)
        return product(c.scale, other) if isinstance(other, (Vec, sp.MatrixBase)) else _refuse_odot(a, b)
    if isinstance(a, Vec) and isinstance(b, Vec) and len(a) == len(b):
        return Vec(x * y for x, y in zip(a.items, b.items, strict=True))
    if isinstance(a, sp.MatrixBase) and isinstance(b, sp.MatrixBase) and a.shape == b.shape:
        return normal(a.multiply_elementwise(b))
    return _refuse_odot(a, b)


def _refuse_odot(a: Any, b: Any) -> Any:
    raise NotEvaluated(f"{describe(a)} \\odot {describe(b)}: the sizes differ")


def _diagonal_part(m: sp.MatrixBase) -> sp.ImmutableMatrix:
    if not m.is_square:
        raise NotEvaluated(f"I \\odot {describe(m)}")
    return sp.ImmutableMatrix(sp.diag(*[m[i, i] for i in range(m.rows)]))


def diag(v: Any) -> Any:
    """``\\operatorname{diag}(v)``: the diagonal matrix of a vector; of a square matrix, the vector of its
    diagonal."""
    _opaque(v)
    if isinstance(v, Vec):
        if len(v) > MAX_SIZE:
            raise NotEvaluated(f"diag of more than {MAX_SIZE} entries")
        return sp.ImmutableMatrix(sp.diag(*v.items))
    if isinstance(v, sp.MatrixBase) and v.is_square:
        return Vec(v[i, i] for i in range(v.rows))
    raise NotEvaluated(f"diag of {describe(v)}")


def softmax(v: Any) -> Any:
    """``\\operatorname{softmax}(z)`` of a vector of known values, where the text does not define a softmax of its own:
    ``e^{z_k} / \\sum_j e^{z_j}``, entry by entry."""
    _opaque(v)
    if not isinstance(v, Vec) or (isinstance(v, Mat) and not v.is_vector) or not len(v):
        raise NotEvaluated(f"a softmax of {describe(v)}")
    exps = [sp.exp(x) for x in v.items]
    total = sp.Add(*exps)
    return Vec(x / total for x in exps)


def trace(v: Any) -> Any:
    """``\\operatorname{tr}(A)`` of a square matrix (of a number: the number)."""
    _opaque(v)
    if isinstance(v, sp.MatrixBase) and v.is_square:
        return sp.Add(*(v[i, i] for i in range(v.rows)))
    if _scalar(v):
        return v
    raise NotEvaluated(f"the trace of {describe(v)}")


_HOLDS = {
    ">": lambda d: d.is_positive, "<": lambda d: d.is_negative, "≥": lambda d: d.is_nonnegative,
    "≤": lambda d: d.is_nonpositive, "=": lambda d: d.is_zero, "≠": lambda d: None if d.is_zero is None
    else not d.is_zero,
}


def indicator(left: Any, rel: str, right: Any) -> Any:
    """``\\mathbf 1[a > 0]``: 1 where the relation holds and 0 where it does not, entry by entry for a vector;
    a relation of unknowns, or one SymPy cannot decide, has no value."""
    holds = _HOLDS.get(rel)
    if holds is None:
        raise NotEvaluated(f"an indicator of '{rel}'")
    if isinstance(left, Vec) or isinstance(right, Vec):
        n = len(left) if isinstance(left, Vec) else len(right)
        lefts = left.items if isinstance(left, Vec) else [left] * n
        rights = right.items if isinstance(right, Vec) else [right] * n
        if len(lefts) != len(rights):
            raise NotEvaluated(f"an indicator comparing {describe(left)} and {describe(right)}")
        return Vec(_one(a, rel, b, holds) for a, b in zip(lefts, rights, strict=True))
    if not (_scalar(left) and _scalar(right)):
        raise NotEvaluated(f"an indicator comparing {describe(left)} and {describe(right)}")
    return _one(left, rel, right, holds)


def _one(a: sp.Expr, rel: str, b: sp.Expr, holds) -> sp.Integer:
    d = a - b
    if d.free_symbols or not (d.is_real or rel in ("=", "≠")):
        raise NotEvaluated("an indicator of a condition on unknowns")
    value = holds(d)
    if value is None:
        raise NotEvaluated("an indicator whose condition could not be decided")
    return sp.S.One if value else sp.S.Zero


def sizes_differ(left: Any, right: Any) -> tuple[bool, str] | None:
    """None when the sizes of two sides allow them to be equal (or there is no matrix: vectors are compared as
    before). Else whether the sizes alone refute ``=`` (a matrix and a number, or matrices of two shapes:
    ``p^\\top p``, a number, for ``p p^\\top``, a matrix; the caller knows both sides fully) and why. A matrix
    against a vector of as many entries is not refuted (the text may list a matrix's entries), and a vector
    against a one-row or one-column matrix is compared as a vector."""
    lm = isinstance(left, Mat) and not left.is_vector
    rm = isinstance(right, Mat) and not right.is_vector
    if not (lm or rm) or (lm and rm and left.shape == right.shape):
        return None
    sizes = f"the left side is {describe(left)} and the right side {describe(right)}"
    if (lm and isinstance(right, Vec) and not rm) or (rm and isinstance(left, Vec) and not lm):
        return False, sizes
    return True, f"{sizes}: both sides are fully known, and their sizes differ"

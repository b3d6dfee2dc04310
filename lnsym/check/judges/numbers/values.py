"""The values a term evaluates to besides a SymPy number: a vector, a matrix compared entry by entry, and the
error a term without a value raises.

:func:`~lnsym.check.judges.numbers.evaluate.evaluate` hands the judges a number, a :class:`Vec` or a :class:`Mat` (a
matrix as its entries row after row, with its shape): the judges compare vectors and matrices entry by entry,
and the shape says which entry differs and whether two sides can be equal at all.
"""

from __future__ import annotations

import sympy as sp

__all__ = ["DivisionByZero", "Mat", "NotEvaluated", "TooLarge", "UnknownNames", "Vec", "juxtaposed_matrices"]


class NotEvaluated(ValueError):
    """The term cannot be given a value (the reason is the message)."""


class TooLarge(NotEvaluated):
    """The value would be too large to compute."""


class UnknownNames(NotEvaluated):
    """Names without a value (the message lists them, "free symbol(s) q"): the values an earlier paragraph gave
    them may be tried, as for a step whose sides have unknowns."""

    def __init__(self, names, message: str = "") -> None:
        super().__init__(message or f"free symbol(s) {', '.join(names)}")


class DivisionByZero(NotEvaluated):
    """A division by zero: the term has no value (a step may say so wrongly, ``\\frac{1}{0} = 5``)."""


class Vec:
    """A vector ``[a, b, ...]`` of SymPy values with element-wise + and -, scalar * and /. Its orientation is not
    written: in a product with a matrix it is a column, as ``W x`` and ``q^\\top k`` take it."""

    __slots__ = ("items",)

    def __init__(self, items) -> None:
        self.items = tuple(items)

    def __len__(self) -> int:
        return len(self.items)

    def __repr__(self) -> str:
        return "[" + ", ".join(sp.sstr(x) for x in self.items) + "]"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Vec) and self.items == other.items

    def __hash__(self) -> int:
        return hash(self.items)

    def __getstate__(self):
        return self.items

    def __setstate__(self, state) -> None:
        self.items = state


class Mat(Vec):
    """A matrix of ``shape`` (rows, columns), kept as its entries row after row: the judges compare it as a
    vector, entry by entry, and a name bound to it is a matrix again when a later term uses it."""

    __slots__ = ("shape",)

    def __init__(self, items, shape: tuple[int, int]) -> None:
        super().__init__(items)
        self.shape = shape

    def __eq__(self, other: object) -> bool:
        return super().__eq__(other) and getattr(other, "shape", self.shape) == self.shape

    __hash__ = Vec.__hash__

    def __getstate__(self):
        return self.items, self.shape

    def __setstate__(self, state) -> None:
        self.items, self.shape = state

    @property
    def is_vector(self) -> bool:
        """One row or one column: compared with a vector as a vector."""
        return 1 in self.shape

    def entry(self, k: int) -> str:
        """The place of the ``k``-th entry (from 0) as a reader counts it: ``(2, 1)``."""
        return f"({k // self.shape[1] + 1}, {k % self.shape[1] + 1})"

    def matrix(self) -> sp.ImmutableMatrix:
        return sp.ImmutableMatrix(self.shape[0], self.shape[1], list(self.items))


def juxtaposed_matrices(name: str, env) -> list[str] | None:
    """``AB``, which the parser reads as one name (a segment of a figure), where each capital is bound to a matrix
    and ``AB`` itself to nothing: its letters in order, the matrix product the text writes; None otherwise. Only
    matrices: of points or numbers, ``AB`` is a length or a name of its own."""
    if len(name) < 2 or not (name.isascii() and name.isalpha() and name.isupper()) or name in env:
        return None
    letters = list(name)
    if all(isinstance(env.get(x), Mat) and not env[x].is_vector for x in letters):
        return letters
    return None

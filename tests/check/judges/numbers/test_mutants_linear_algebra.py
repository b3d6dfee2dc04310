"""Edges of vector and matrix notation (lnsym/check/judges/numbers/linear_algebra.py), written against the mutants that
survived its tests: each test is a rule of the algebra (sizes that conform, what ``I`` and ``\\mathbf 1`` become,
what a product of one entry or one column is) or of what the reader is told when sizes do not conform."""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check.judges.numbers.linear_algebra import (
    MAX_SIZE,
    Conforming,
    describe,
    diag,
    hadamard,
    indicator,
    is_array,
    normal,
    product,
    sizes_differ,
    total,
    trace,
    transpose,
)
from lnsym.check.judges.numbers.values import Mat, NotEvaluated, UnknownNames, Vec

M = sp.ImmutableMatrix
A = M([[1, 2], [3, 4]])
B = M([[1, 2, 3], [4, 5, 6]])  # 2×3
ROW = M([[1, 2]])
EYE, ONES, ONES_ROW = Conforming("eye"), Conforming("ones"), Conforming("row")


def _refused(call, *words: str) -> str:
    with pytest.raises(NotEvaluated) as caught:
        call()
    for w in words:
        assert w in str(caught.value), str(caught.value)
    return str(caught.value)


def test_products_of_matrices_and_vectors():
    assert product(A, Vec([1, 1])) == Vec([3, 7])  # a column
    assert product(ROW, A) == M([[7, 10]])  # a row stays a matrix
    assert product(ROW, Vec([3, 4])) == 11  # one entry: a number
    assert product(A, B) == M([[9, 12, 15], [19, 26, 33]])
    assert product(Vec([1, 2]), ROW) == M([[1, 2], [2, 4]])  # the outer product
    assert product(sp.S(2), A) == M([[2, 4], [6, 8]]) and product(A, sp.Rational(1, 2)) == A / 2
    assert product(sp.S(3), Vec([1, 2])) == Vec([3, 6]) and product(Vec([1, 2]), sp.S(3)) == Vec([3, 6])


def test_sizes_that_do_not_conform_are_named():
    _refused(lambda: product(A, Vec([1, 2, 3])), "a 2×2 matrix times a vector of 3 entries", "sizes 2 and 3")
    _refused(lambda: product(Vec([1, 2]), A), "a vector of 2 entries (a column) times a 2×2 matrix", "sizes 1 and 2")
    _refused(lambda: product(B, A), "sizes 3 and 2 do not conform")
    _refused(lambda: product(Vec([1]), Vec([2])), "a product of two vectors")
    _refused(lambda: product(sp.S(2), "text"), "not a number")


def test_a_product_larger_than_the_limit_is_refused_at_the_limit_only():
    n = MAX_SIZE
    assert product(Vec([1] * n), M(1, n, [1] * n)).shape == (n, n)
    _refused(lambda: product(Vec([1] * (n + 1)), M(1, n + 1, [1] * (n + 1))), f"more than {MAX_SIZE}")
    assert ONES.sized(n) == Vec([1] * n)
    _refused(lambda: ONES.sized(n + 1), f"of size {n + 1}")
    assert diag(Vec([1] * n)).shape == (n, n)
    _refused(lambda: diag(Vec([1] * (n + 1))), f"more than {MAX_SIZE}")


def test_the_identity_and_the_ones_vector_take_the_size_that_conforms():
    assert product(EYE, A) == A and product(A, EYE) == A
    assert product(Conforming("eye", sp.S(2)), Vec([1, 2])) == Vec([2, 4])
    assert product(A, Conforming("eye", sp.S(3))) == 3 * A
    assert product(A, ONES) == Vec([3, 7])
    assert product(B, Conforming("ones", sp.S(2))) == Vec([12, 30])  # the size of B's columns, not its rows
    assert product(ONES_ROW, Vec([1, 2, 3])) == 6
    assert product(ONES_ROW, B) == M([[5, 7, 9]])  # the size of B's rows
    assert product(Conforming("row", sp.S(2)), Vec([1, 2])) == 6
    twice = product(Conforming("eye", sp.S(2)), Conforming("ones", sp.S(3)))
    assert isinstance(twice, Conforming) and (twice.kind, twice.scale) == ("ones", 6)
    twice = product(Conforming("ones", sp.S(3)), Conforming("eye", sp.S(2)))
    assert isinstance(twice, Conforming) and (twice.kind, twice.scale) == ("ones", 6)
    scaled = product(sp.S(5), Conforming("row", sp.S(2)))
    assert (scaled.kind, scaled.scale) == ("row", 10)
    _refused(lambda: product(ONES, ONES_ROW), "\\mathbf 1 times \\mathbf 1^\\top, whose size nothing gives")
    _refused(lambda: product(Vec([1, 2]), ONES_ROW), "a vector of 2 entries times \\mathbf 1^\\top")
    _refused(lambda: product(ONES, Vec([1, 2])), "\\mathbf 1 times a vector of 2 entries")
    _refused(lambda: product(ONES, A), "\\mathbf 1 times a 2×2 matrix")


def test_what_I_and_ones_refuse():
    _refused(lambda: EYE + 1, "I where no vector or matrix gives its size")
    _refused(lambda: ONES * 2, "\\mathbf 1 where")
    _refused(lambda: ONES_ROW.is_zero, "\\mathbf 1^\\top where")
    _refused(lambda: EYE / Vec([1, 2]), "divided by what is not a number")
    half = ONES / sp.S(2)
    assert (half.kind, half.scale) == ("ones", sp.Rational(1, 2))
    minus = -Conforming("eye", sp.S(3))
    assert (minus.kind, minus.scale) == ("eye", -3)
    assert repr(Conforming("row", sp.S(2))) == "2*row"
    with pytest.raises(AttributeError):
        EYE.__missing_dunder__  # noqa: B018 (Python's protocols must see no such attribute)


def test_transpose():
    assert transpose(Vec([1, 2])) == ROW
    assert transpose(Vec([1, 2]), written_column=True) == Vec([1, 2])
    assert transpose(ROW) == Vec([1, 2])
    assert transpose(B) == B.T
    assert transpose(sp.S(3)) == 3
    assert transpose(ONES).kind == "row" and transpose(ONES_ROW).kind == "ones" and transpose(EYE).kind == "eye"
    assert transpose(Conforming("ones", sp.S(2))).scale == 2
    with pytest.raises(UnknownNames, match="free symbol\\(s\\) x"):
        transpose(sp.Symbol("x"))


def test_sums():
    assert total([A, EYE]) == M([[2, 2], [3, 5]])
    assert total([Vec([1, 2]), Conforming("ones", sp.S(-1))]) == Vec([0, 1])
    assert total([ROW, ONES_ROW]) == M([[2, 3]])
    assert total([Vec([1, 2]), Vec([3, 4]), Vec([5, 6])]) == Vec([9, 12])
    assert total([A, A, A]) == 3 * A
    _refused(lambda: total([EYE, ONES]), "a sum of I, \\mathbf 1, whose size nothing gives")
    _refused(lambda: total([B, EYE]), "a sum of I and a 2×3 matrix")
    _refused(lambda: total([A, ONES]), "a sum of \\mathbf 1 and a 2×2 matrix")
    _refused(lambda: total([A, ONES_ROW]), "a sum of \\mathbf 1^\\top and a 2×2 matrix")
    _refused(lambda: total([Vec([1, 2]), EYE]), "a sum of I and a vector of 2 entries")
    _refused(lambda: total([A, B]), "a sum of a 2×2 matrix and a 2×3 matrix")
    _refused(lambda: total([A, sp.S(1)]), "a sum of a 2×2 matrix and a number")
    with pytest.raises(UnknownNames):
        total([A, sp.Symbol("c")])


def test_entrywise_products():
    assert hadamard(Vec([1, 2]), Vec([3, 4])) == Vec([3, 8])
    assert hadamard(A, A) == M([[1, 4], [9, 16]])
    assert hadamard(ROW, M([[3, 4]])) == M([[3, 8]])
    assert hadamard(ONES, Vec([3, 4])) == Vec([3, 4])
    assert hadamard(Vec([3, 4]), Conforming("ones", sp.S(2))) == Vec([6, 8])
    assert hadamard(Conforming("eye", sp.S(2)), A) == M([[2, 0], [0, 8]])  # the diagonal
    assert hadamard(ONES, A) == A
    _refused(lambda: hadamard(Vec([1, 2]), Vec([1, 2, 3])), "a vector of 2 entries \\odot a vector of 3 entries")
    _refused(lambda: hadamard(A, B), "the sizes differ")
    _refused(lambda: hadamard(EYE, B), "I \\odot a 2×3 matrix")
    _refused(lambda: hadamard(ONES_ROW, Vec([1])), "\\mathbf 1^\\top \\odot a vector of 1 entries")
    _refused(lambda: hadamard(EYE, ONES), "whose size nothing gives")
    _refused(lambda: hadamard(ONES, sp.S(2)), "\\mathbf 1 \\odot a number: the sizes differ")


def test_diag_and_trace():
    assert diag(Vec([1, 2])) == M([[1, 0], [0, 2]])
    assert diag(A) == Vec([1, 4])
    _refused(lambda: diag(B), "diag of a 2×3 matrix")
    assert trace(A) == 5 and trace(sp.S(7)) == 7
    _refused(lambda: trace(B), "the trace of a 2×3 matrix")
    _refused(lambda: trace(Vec([1, 2])), "the trace of a vector of 2 entries")


@pytest.mark.parametrize(("rel", "expected"), [
    (">", [0, 0, 1]), ("<", [1, 0, 0]), ("≥", [0, 1, 1]), ("≤", [1, 1, 0]), ("=", [0, 1, 0]), ("≠", [1, 0, 1]),
])
def test_indicators_of_each_relation(rel, expected):
    assert indicator(Vec([-1, 0, 2]), rel, sp.S.Zero) == Vec(expected)
    assert indicator(sp.S.Zero, rel, Vec([1, 0, -2])) == Vec(expected)
    assert indicator(sp.S(-1), rel, sp.S.Zero) == expected[0]


def test_indicators_without_a_value():
    _refused(lambda: indicator(sp.S(1), "≈", sp.S(1)), "an indicator of '≈'")
    _refused(lambda: indicator(Vec([1, 2]), ">", Vec([1])), "comparing a vector of 2 entries and a vector of 1")
    _refused(lambda: indicator(A, ">", sp.S(0)), "comparing a 2×2 matrix and a number")
    _refused(lambda: indicator(sp.Symbol("a"), ">", sp.S(0)), "a condition on unknowns")
    _refused(lambda: indicator(sp.I, ">", sp.S(0)), "a condition on unknowns")
    assert indicator(sp.I, "=", sp.I) == 1 and indicator(sp.I, "≠", sp.S(0)) == 1


def test_sizes_that_refute_an_equation():
    two_by_two, four = Mat([1, 2, 3, 4], (2, 2)), Vec([1, 2, 3, 4])
    assert sizes_differ(four, four) is None and sizes_differ(Mat([1, 2], (1, 2)), Vec([1, 2])) is None
    assert sizes_differ(two_by_two, Mat([4, 3, 2, 1], (2, 2))) is None
    assert sizes_differ(two_by_two, four) == (False, "the left side is a 2×2 matrix and the right side a vector of "
                                                     "4 entries")
    assert sizes_differ(four, two_by_two)[0] is False
    refuted, why = sizes_differ(sp.S(5), two_by_two)
    assert refuted is True
    assert why == ("the left side is a number and the right side a 2×2 matrix: both sides are fully known, and "
                   "their sizes differ")
    assert sizes_differ(two_by_two, Mat(list(range(6)), (2, 3)))[0] is True
    assert sizes_differ(Mat(list(range(6)), (3, 2)), sp.S(1))[0] is True


def test_the_words_and_the_normal_forms():
    assert describe(Mat([1, 2, 3, 4, 5, 6], (2, 3))) == "a 2×3 matrix"
    assert describe(Mat([1, 2], (1, 2))) == "a vector of 2 entries"
    assert describe(B) == "a 2×3 matrix" and describe(ONES_ROW) == "\\mathbf 1^\\top" and describe(3) == "a number"
    assert normal(M([[5]])) == 5 and normal(M([[1], [2]])) == Vec([1, 2]) and normal(ROW) == ROW
    assert normal(sp.S(2)) == 2
    assert is_array(EYE) and is_array(A) and is_array(Vec([1])) and not is_array(sp.S(1))


@pytest.mark.parametrize("call", [
    lambda x: diag(x), lambda x: trace(x), lambda x: hadamard(x, Vec([1, 2])), lambda x: hadamard(Vec([1, 2]), x),
    lambda x: product(x, EYE), lambda x: transpose(x),
])
def test_a_name_without_a_value_is_refused_by_its_name(call):
    """tr(x) of an unknown x is not x: the name is refused (its reason lists it, so that the value an earlier
    paragraph gave it can be tried), never taken for a number."""
    with pytest.raises(UnknownNames, match=r"^free symbol\(s\) x$"):
        call(sp.Symbol("x"))


def test_every_unknown_name_is_listed():
    with pytest.raises(UnknownNames, match=r"^free symbol\(s\) x, y$"):
        total([sp.Symbol("y"), sp.Symbol("x"), A])
    with pytest.raises(UnknownNames, match=r"^free symbol\(s\) f\(1\)$"):
        trace(sp.Function("f")(1))


def test_a_column_times_the_ones_column_has_no_size():
    _refused(lambda: product(Vec([1, 2]), ONES), "a vector of 2 entries times \\mathbf 1, whose size nothing gives")


def test_indicators_of_equality_between_numbers_that_are_not_real():
    assert indicator(sp.I, "=", sp.S.Zero) == 0 and indicator(sp.I, "≠", sp.S.Zero) == 1
    assert indicator(Vec([sp.I, sp.S.One]), "=", sp.I) == Vec([1, 0])
    _refused(lambda: indicator(A, ">", B), "comparing a 2×2 matrix and a 2×3 matrix")

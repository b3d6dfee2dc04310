"""The values besides numbers (lnsym/check/judges/numbers/values.py), written against the mutants that survived its
tests: a vector and a matrix are equal entry by entry and shape by shape, survive a pickle (the worker sends them back
from its process), and a matrix names its entries as a reader counts them."""

from __future__ import annotations

import pickle

import pytest
import sympy as sp

from lnsym.check.judges.numbers.values import DivisionByZero, Mat, NotEvaluated, TooLarge, UnknownNames, Vec


def test_vectors_are_equal_entry_by_entry():
    assert Vec([1, 2]) == Vec((1, 2)) and hash(Vec([1, 2])) == hash(Vec([1, 2]))
    assert Vec([1, 2]) != Vec([2, 1]) and Vec([1, 2]) != (1, 2)
    assert len(Vec([1, 2, 3])) == 3
    assert repr(Vec([sp.Rational(1, 2), sp.Symbol("x")])) == "[1/2, x]"


def test_matrices_are_equal_shape_by_shape():
    assert Mat([1, 2, 3, 4], (2, 2)) == Mat([1, 2, 3, 4], (2, 2))
    assert Mat([1, 2, 3, 4], (2, 2)) != Mat([1, 2, 3, 4], (1, 4))
    assert Mat([1, 2], (1, 2)) == Vec([1, 2])  # a vector has no shape to differ by
    assert hash(Mat([1, 2], (2, 1))) == hash(Vec([1, 2]))


def test_values_survive_a_pickle():
    for v in (Vec([sp.S(1), sp.sqrt(2)]), Mat([1, 2, 3, 4, 5, 6], (2, 3))):
        back = pickle.loads(pickle.dumps(v))
        assert back == v and type(back) is type(v)
    assert pickle.loads(pickle.dumps(Mat([1, 2], (2, 1)))).shape == (2, 1)


@pytest.mark.parametrize(("shape", "k", "place"), [((2, 3), 0, "(1, 1)"), ((2, 3), 2, "(1, 3)"), ((2, 3), 3, "(2, 1)"),
                                                   ((3, 2), 5, "(3, 2)")])
def test_an_entry_is_named_by_its_row_and_column(shape, k, place):
    assert Mat(list(range(6)), shape).entry(k) == place


def test_a_matrix_is_a_vector_when_one_row_or_one_column():
    assert Mat([1, 2], (1, 2)).is_vector and Mat([1, 2], (2, 1)).is_vector
    assert not Mat([1, 2, 3, 4], (2, 2)).is_vector
    assert Mat([1, 2, 3, 4, 5, 6], (2, 3)).matrix() == sp.ImmutableMatrix([[1, 2, 3], [4, 5, 6]])


def test_the_errors_of_a_term_without_a_value():
    assert str(UnknownNames(["q", "x_1"])) == "free symbol(s) q, x_1"
    for cls in (TooLarge, UnknownNames, DivisionByZero):
        assert issubclass(cls, NotEvaluated) and issubclass(cls, ValueError)

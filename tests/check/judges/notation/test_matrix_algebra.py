"""Identities of matrices of no given size, products kept in their order (judges/notation/matrix_algebra.py): an
expansion proved, a product's order changed refuted with 2×2 matrices, and what is not read left alone."""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check.judges.notation.matrix_algebra import _value, decide_matrix_identity
from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.pipeline import check_text
from lnsym.check.reasons import Reason


def decide(left: str, right: str, env: dict | None = None):
    return decide_matrix_identity(parse_term(tokenize(left)), parse_term(tokenize(right)), env or {})


@pytest.mark.parametrize(("left", "right"), [
    ("(I + J_2)(I + J_1)", "I + J_1 + J_2 + J_2 J_1"),
    ("(I + A)^2", "I + 2A + A^2"),
    ("(I - A)(I + A)", "I - A^2"),
    ("(I + \\alpha B)C", "C + \\alpha B C"),
    ("A(I + B) - AB", "A"),
    ("(I_d + J)(I_d - J)", "I_d - J^2"),
])
def test_an_expansion_in_order_is_an_identity(left, right):
    res = decide(left, right)
    assert res is not None and res.verdict.value == "correct"
    assert res.reason == "an identity of matrices: products kept in their order, I the identity"


def test_a_product_in_the_other_order_is_refuted_with_two_by_two_matrices():
    res = decide("(I + J_2)(I + J_1)", "I + J_1 + J_2 + J_1 J_2")
    assert res.verdict.value == "wrong" and res.code is Reason.MATRIX_ORDER
    assert res.reason == ("not an identity of matrices (products kept in their order): at J_{1} = ((1, 2), (0, 1)), "
                          "J_{2} = ((0, 1), (1, 1)) the left side is ((2, 4), (2, 6)) and the right side "
                          "((4, 6), (2, 4))")
    assert (res.left, res.right) == ("((2, 4), (2, 6))", "((4, 6), (2, 4))")
    # (I - A)(I + A) = I - A^2, but (I + B)(I + A) is not (I + A)(I + B); a scalar is shown with its value
    assert decide("(I + B)(I + A)", "(I + A)(I + B)").verdict.value == "wrong"
    scaled = decide("(I + \\alpha A)(I + B)", "I + B + \\alpha A + \\alpha B A")
    assert scaled.verdict.value == "wrong" and "\\alpha = 2" in scaled.reason
    # a capital letter never added to I may be a number (a count N): its order is not refuted
    assert decide("(I + A)N", "N + NA") is None
    assert decide("(I + \\alpha A)B", "B + \\alpha B A") is None


def test_what_differs_as_numbers_too_or_is_not_read_is_left_alone():
    assert decide("(I + A)(I + B)", "I + A + B") is None  # unequal as numbers too: perhaps an equation to solve
    assert decide("(A + B)C", "AC + BC") is None  # no identity added to a matrix: nothing says these are matrices
    assert decide("(I + J)x", "x + Jx") is None  # a lower-case letter may be a vector
    assert decide("(I + A)^T", "I + A^T") is None  # a transpose
    assert decide("(I + A)(I + B)", "I + A + B + AB", {"I": sp.Integer(2)}) is None  # I has a value
    assert decide("(I + A)(I + B)", "I + A + B + AB", {"A": sp.Integer(2)}) is None
    assert decide("(I + A)^{-1}", "I - A") is None
    assert decide("(I + A)(I + B)(I + C)(I + D)(I + E)", "I") is None  # more than four matrices


def test_the_value_of_a_product_keeps_its_order():
    a, b = sp.symbols("A B", commutative=False)
    at = {"A": sp.Matrix([[1, 2], [0, 1]]), "B": sp.Matrix([[0, 1], [1, 1]])}
    matrices = {"A": a, "B": b}
    assert _value(a * b, matrices, at, {}) == at["A"] * at["B"]
    assert _value(b * a**2 + 3, matrices, at, {}) == at["B"] * at["A"] ** 2 + 3 * sp.eye(2)


def test_a_text_on_matrices_reads_the_identity_and_keeps_the_order():
    text = ("The Jacobian of a stack of two residual blocks:\n\n"
            "$$(I + J_2)(I + J_1) = I + J_1 + J_2 + J_2 J_1$$\n\n$$(I + J_2)(I + J_1) = I + J_1 + J_2 + J_1 J_2$$\n")
    got = {f.source: f for f in check_text(text).findings}
    assert got["(I + J_2)(I + J_1) = I + J_1 + J_2 + J_2 J_1"].verdict.value == "correct"
    wrong = got["(I + J_2)(I + J_1) = I + J_1 + J_2 + J_1 J_2"]
    assert wrong.verdict.value == "wrong" and "products kept in their order" in wrong.reason
    # a text that never speaks of matrices: I may be a current, J another; nothing is said
    plain = {f.source: f for f in check_text(text.replace("The Jacobian of a stack", "A stack")).findings}
    assert {f.verdict.value for f in plain.values()} == {"unchecked"}


def test_numbers_divisions_and_powers_are_read_exactly():
    assert decide("0.5(I + A)", "\\frac{I + A}{2}").verdict.value == "correct"  # 0.5 is 1/2
    assert decide("\\frac{I + A}{2}", "\\frac{I}{2} + \\frac{A}{2}").verdict.value == "correct"
    assert decide("\\frac{I + A}{2}", "I + A") is None  # (not 2(I + A)); unequal as numbers: no claim read
    for den in ("B", "0", "\\alpha"):  # by a matrix, by zero, by a scalar name: not read
        assert decide(f"\\frac{{I + A}}{{{den}}}", "I") is None, den
    assert decide("I + A^6", "A^6 + I").verdict.value == "correct"  # the highest power read
    assert decide("I + A^7", "A^7 + I") is None
    assert decide("(I + A)^{(2)}", "I + 2A + A^2").verdict.value == "correct"  # a bracketed exponent
    assert decide("(I) + A", "A + I").verdict.value == "correct"  # a bracketed I beside a matrix


def test_values_and_names_decide_what_is_a_matrix():
    # a value of J binds neither J_1 nor J_2; a value of J_1 does
    assert decide("(I + J_1)(I + J_2)", "I + J_1 + J_2 + J_1 J_2", {"J": sp.Integer(3)}).verdict.value == "correct"
    assert decide("(I + J_1)(I + J_2)", "I + J_1 + J_2 + J_1 J_2", {"J_{1}": sp.Integer(3)}) is None
    # a Greek letter applied to a bracket is no product here (values_applied decides that before)
    assert decide("\\alpha(I + A)", "\\alpha I + \\alpha A") is None
    # B read before the sum with I: still not added to I, so its order is not refuted
    assert decide("B(I + A)", "B + AB") is None
    assert decide("B(I + A)", "B + BA").verdict.value == "correct"  # `BA`: the product of the capitals
    # four matrices are read, five are not
    assert decide("I + A + B + C + D", "D + C + B + A + I").verdict.value == "correct"


def test_the_evidence_gives_every_scalar_and_no_expected_value():
    res = decide("(I + \\alpha A)(I + \\beta B)", "I + \\alpha A + \\beta B + \\alpha\\beta B A")
    assert res.verdict.value == "wrong" and res.expected == ""
    assert res.reason.startswith("not an identity of matrices (products kept in their order): at A = ((1, 2), (0, 1)), "
                                 "B = ((0, 1), (1, 1)), \\alpha = 2, \\beta = 3 the left side is")
    assert decide("(I + A)^2", "I + 2A + A^2").expected == ""

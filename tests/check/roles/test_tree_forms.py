"""The forms the roles read in a statement's trees (issue 32: they look at the nodes by their types): an operation
or a function defined, the names a tree leaves free, what a section defines by index notation, a vector defined
entry by entry, a number written out. Each reading is pinned on the trees the parser makes."""

from __future__ import annotations

import sympy as sp

from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.parse.nodes import Add, Mul, Neg, Num, Sym
from lnsym.check.roles.context import is_literal
from lnsym.check.roles.defined_values import at_index, in_subscript, indexed_vectors
from lnsym.check.roles.forms import (
    derivative_claims,
    free_names,
    function_definition,
    function_equation,
    operation_definition,
    written_names,
)
from lnsym.check.roles.index_scope import definition, hypothesis
from lnsym.check.roles.rules import _number_plus_letter


def t(src: str):
    return parse_term(tokenize(src))


def test_an_operation_between_two_plain_letters_is_defined_by_its_body():
    assert operation_definition([t(r"a \star b"), t("2a + b")], ["="]) == ("star", (("a", "b"), t("2a + b")))
    assert operation_definition([t(r"(a \star b)"), t("a - b")], ["="]) == ("star", (("a", "b"), t("a - b")))
    assert operation_definition([t(r"a \star a"), t("2a")], ["="]) is None  # one letter twice: no definition
    assert operation_definition([t(r"a_1 \star b"), t("a_1 + b")], ["="]) is None
    assert operation_definition([t(r"u \odot v"), t("(3, 8)")], ["="]) is None  # the standard one, computed
    assert operation_definition([t(r"a \star b"), t("2a + b")], ["<"]) is None


def test_a_function_is_defined_by_a_body_in_its_parameter_and_related_to_itself_by_an_equation():
    assert function_definition([t("f(x)"), t("x^2 + 3x")], ["="]) == ("f", (("x",), t("x^2 + 3x")))
    assert function_definition([t("f(x)"), t("0")], ["="]) is None  # an equation to solve
    assert function_definition([t("f(x)"), t("f(-x)")], ["="]) is None
    assert function_definition([t("f(x_1)"), t("x_1 + 1")], ["="]) is None
    assert function_equation([t("f(x)"), t("f(-x)")], ["="]) == "f"
    assert function_equation([t("f(n)"), t("2f'(n) + 1")], ["="]) == "f"
    assert function_equation([t("f(x)"), t("x + 1")], ["="]) is None


def test_the_index_of_a_sum_or_a_product_is_not_free_and_a_subscripted_name_is_written_as_kept():
    assert free_names(t(r"\sum_{k=1}^{n} k x")) == {"n", "x"}
    assert free_names(t(r"\prod_{\alpha=1}^{m} \alpha y")) == {"m", "y"}
    assert written_names(t(r"d_{k} + \hat{v}_2")) == {"d", "\\hat{v}", "d_{k}", "\\hat{v}_{2}"}


def test_a_derivative_of_a_term_in_a_free_letter_is_a_claim_for_every_value():
    assert derivative_claims([t(r"\frac{d}{dx} x^2"), t("2x")], ["="], {}) == frozenset({0})
    assert derivative_claims([t(r"\tanh'(x)"), t(r"1 - \tanh^2 x")], ["="], {}) == frozenset({0})
    assert derivative_claims([t(r"\tanh'(x)"), t("0")], ["="], {}) == frozenset()  # an equation in x
    assert derivative_claims([t(r"\frac{dL}{dx}"), t("2x")], ["="], {}) == frozenset()  # of a name
    assert derivative_claims([t(r"\tanh'(x)"), t(r"1 - \tanh^2 x")], ["="], {"x": sp.Integer(1)}) == frozenset()


def test_a_section_reads_hypotheses_on_sums_and_definitions_in_index_notation():
    assert hypothesis([t(r"\sum_k y_k"), t("1")], ["="]) == ("y", 1)
    assert hypothesis([t(r"\sum_k y_k"), t("0.25")], ["="]) == ("y", sp.Rational(1, 4))
    assert hypothesis([t(r"\sum_k y_j"), t("1")], ["="]) is None
    assert hypothesis([t(r"\sum_k y_k"), t(r"0.333\ldots")], ["="]) is None  # digits that go on: no exact value
    body = t(r"\frac{e^{z_i}}{S}")
    assert definition([t("p_i"), body], ["="]) == ("p", ("entry", "i", body))
    assert definition([t("p_1"), t("0.2")], ["="]) is None  # one entry's value
    var = t(r"\frac1d\sum_k (x_k - \mu)^2")
    assert definition([t(r"\sigma^2"), var], ["="]) == ("\\sigma^2", ("scalar", None, var))
    assert definition([t("a"), t(r"\operatorname{softmax}(z)")], ["="]) == ("a", ("softmax", "z"))
    rms = t(r"\sqrt{\frac1d\sum_i x_i^2}")
    assert definition([t(r"\operatorname{rms}(x)"), rms], ["="]) == ("rms()", ("function", ("x",), rms))
    assert definition([t(r"\operatorname{tr}(AW)"), t(r"\sum_k A_{kk}")], ["="]) is None
    assert definition([t("e"), t("2")], ["="]) is None
    assert definition([t("L"), t("a + b")], ["="]) == ("L", None)  # not read
    assert definition([t("L"), t("a + b")], ["="], {"a"}) == ("L", ("scalar", None, t("a + b")))


def test_an_index_definition_is_worked_out_at_a_whole_number():
    assert at_index(t(r"\theta_{t-1} - t"), "t", 2) == Add((Sym("\\theta", ("1", Num("1"))), Neg(Num("2"))))
    assert at_index(t(r"\theta_{t/2}"), "t", 2) is None  # a subscript that is not sums of the letter and numbers
    assert at_index(t(r"\sum_t x_t"), "t", 2) is None  # there the letter is the sum's own
    assert in_subscript(t(r"\theta_{t-1}"), "t") and not in_subscript(t(r"\theta t"), "t")
    assert indexed_vectors(t(r"\frac{e^{z_i}}{\sum_j e^{z_j}}"), "i") == {"z"}
    assert indexed_vectors(t(r"\sum_i z_i"), "i") == set()


def test_a_number_plus_a_letter_and_a_value_written_out():
    assert _number_plus_letter(t("1 + B")) and _number_plus_letter(t("(2 + x)"))
    assert not _number_plus_letter(t("1 + BC")) and not _number_plus_letter(t("x + 1"))
    assert not _number_plus_letter(t("1 + B_1")) and not _number_plus_letter(t("1 + B + 2"))
    assert is_literal(t(r"2\sqrt{3}")) and is_literal(t(r"(1, \frac{1}{2}, -3)")) and is_literal(t(r"\frac{5\pi}{6}"))
    assert not is_literal(t("720(24)")) and not is_literal(t(r"\sqrt[3]{2}")) and not is_literal(t("2 x"))
    assert is_literal(Mul(Num("2"), Sym("x", None), "")) is False

"""Rules of the evaluator (lnsym/check/judges/numbers/evaluate.py) that its mutants showed untested: entries of a
vector or a matrix a term computes, the largest and smallest entry, a sum over every entry, functions the text defines
(of a number, of a vector, entry by entry) and their derivatives, transposes, the ones vector and indicators. Every
expected value is worked out by hand (in the comments)."""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check.judges.numbers.evaluate import (
    GradientOf,
    Mat,
    NotEvaluated,
    UnknownNames,
    Vec,
    dependence_key,
    entry_function_key,
    evaluate,
    function_key,
    gives_nothing_of,
    operation_key,
    partial_variables,
    several_variables,
)
from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.parse.matrices import column_vectors
from lnsym.check.parse.nodes import Deriv, Entry, Num, Sym, Transpose, Vector


def term(src: str):
    return parse_term(column_vectors(tokenize(src)))


def V(*items) -> Vec:
    return Vec([sp.sympify(v) for v in items])


Z = V(1, 4, 2)  # z = (1, 4, 2)


def value(src, env: dict | None = None):
    return evaluate(term(src) if isinstance(src, str) else src, {"z": Z} if env is None else env)


NOT_AN_ENTRY = ("^an entry of what is not a vector or a matrix with known values, or at an index that is not a whole "
                "number$")
NOT_A_PLACE = "^an entry of a vector at an index that is not one of its places$"
NOT_A_ROW_AND_COLUMN = "^an entry of a matrix at an index that is not a row and a column of it$"


def refused(src, env: dict | None = None, match: str | None = None, kind: type = NotEvaluated) -> None:
    with pytest.raises(kind, match=match):
        value(src, env)


# -- entries of what a term computes -------------------------------------------------------------------------------

@pytest.mark.parametrize(("src", "expected"), [
    ("(2z)_1", 2), ("(2z)_2", 8), ("(2z)_3", 4),  # 2z = (2, 8, 4), counted from 1
    ("(2z)_{2}", 8), ("(2z)_{(2)}", 8),  # the index braced, or bracketed
    (r"\max_i z_i", 4), (r"\min_i z_i", 1),
    (r"\sum_i z_i", 7),  # 1 + 4 + 2
    (r"\sum_i z_i^2", 21),  # 1 + 16 + 4
])
def test_entries_extremes_and_sums_over_a_vector(src, expected):
    assert value(src) == expected


@pytest.mark.parametrize(("src", "match"), [
    ("(2z)_4", NOT_A_PLACE), ("(2z)_{12}", NOT_A_PLACE),  # z has 3 entries
    ("(2z)_0", NOT_AN_ENTRY), ("(2z)_i", NOT_AN_ENTRY),  # counted from 1; a letter has no value
    ("(z + 1)_1", NOT_AN_ENTRY),  # (z + 1 of a number z: no vector)
])
def test_an_entry_out_of_range_or_at_no_number_has_no_value(src, match):
    env = {"z": Z} if src != "(z + 1)_1" else {"z": sp.Integer(3)}
    refused(src, env, match)


def test_an_entry_of_a_vector_at_two_indices_has_no_value():
    two = Entry(term("(2z)_1").operand, ("1,2", Vector((Num("1"), Num("2")))))
    refused(two, match=NOT_A_PLACE)


def test_an_entry_of_a_matrix_value_is_its_row_and_column():
    # a matrix the judges kept (a Mat: [[1, 2, 3], [4, 5, 6]]) reaches an entry through a name the evaluator returns
    # as kept, sigma^2
    env = {"\\sigma^2": Mat([1, 2, 3, 4, 5, 6], (2, 3))}
    assert value(r"(\sigma^2)_{12}", env) == 2 and value(r"(\sigma^2)_{21}", env) == 4
    assert value(r"(\sigma^2)_{23}", env) == 6 and value(r"(\sigma^2)_{11}", env) == 1
    operand = term(r"(\sigma^2)_{12}").operand

    def at(*ij: int) -> Entry:  # (sigma^2)_{i,j}: an index of several parts
        return Entry(operand, (",".join(map(str, ij)), Vector(tuple(Num(str(k)) for k in ij))))

    assert value(at(2, 3), env) == 6 and value(at(1, 3), env) == 3 and value(at(2, 1), env) == 4
    for outside in (at(3, 1), at(1, 4), at(1, 2, 3)):  # 2 rows, 3 columns
        refused(outside, env, NOT_A_ROW_AND_COLUMN)
    refused(r"(\sigma^2)_{1}", env, NOT_A_ROW_AND_COLUMN)
    refused(r"(\sigma^2)_{34}", env, NOT_A_ROW_AND_COLUMN)
    # one row or one column is a vector: its entries counted along it
    row = {"\\sigma^2": Mat([7, 8, 9], (1, 3))}
    assert value(r"(\sigma^2)_{3}", row) == 9
    refused(r"(\sigma^2)_{12}", row, NOT_A_PLACE)


# -- \max_i, \min_i and sums over every entry ------------------------------------------------------------------------

def test_entries_given_one_by_one_are_ranged_over():
    env = {"z_{1}": sp.Integer(3), "z_{2}": sp.Integer(5)}  # z_1 = 3, z_2 = 5
    assert value(r"\max_i z_i", env) == 5 and value(r"\min_i z_i", env) == 3 and value(r"\sum_i z_i", env) == 8
    assert value(r"\sum_i i z_i", env) == 13  # 1*3 + 2*5
    three = {"z_{1}": sp.Integer(3), "z_{2}": sp.Integer(5), "z_{3}": sp.Integer(1)}
    assert value(r"\max_i z_i", three) == 5 and value(r"\min_i z_i", three) == 1 and value(r"\sum_i z_i", three) == 9


def test_a_greek_index_ranges_over_the_entries_too():
    assert value(r"\max_\alpha z_\alpha") == 4 and value(r"\min_\alpha z_\alpha") == 1  # z = (1, 4, 2)
    assert value(r"\sum_\alpha z_\alpha") == 7


def test_a_vector_without_a_value_is_named():
    refused(r"\max_i w_i", match=r"^free symbol\(s\) w$", kind=UnknownNames)
    refused(r"\max_i (w_i + v_i)", match=r"^free symbol\(s\) v, w$", kind=UnknownNames)  # in order
    assert value(r"\max_i w_i", {"w_{1}": sp.Integer(6)}) == 6  # w_1 alone: a range of one entry
    with pytest.raises(UnknownNames, match="free symbol"):
        value(r"\min_i (z_i + w_i)")
    with pytest.raises(UnknownNames, match="a sum over i whose range the text does not give"):
        value(r"\sum_i (z_i + w_i)")


@pytest.mark.parametrize(("src", "env"), [
    (r"\sum_i z_i w_i", {"z": Z, "w": V(1, 2)}),  # lengths 3 and 2
    (r"\max_i z_i w_i", {"z": Z, "w": V(1, 2)}),
    (r"\sum_i q_i", {"q_{1}": V(1, 2)}),  # q_1 is no number: no entry counted
    (r"\sum_i z_i", {"z": sp.Integer(5)}),  # z a number: no entries
    (r"\max_i z_i", {"z": sp.Integer(5)}),
])
def test_a_range_the_text_does_not_give_has_no_value(src, env):
    refused(src, env, "whose range the text does not give")


def test_the_largest_entry_of_vectors_has_no_value():
    refused(r"\max_i (z_i z)", match=r"\\max of vectors")
    refused(r"\min_i (z_i z)", match=r"\\min of vectors")


# -- functions the text defines ------------------------------------------------------------------------------------

def F(src: str, param: str = "x") -> tuple:
    return ((param,), term(src))


def test_a_function_the_text_defines_is_applied_and_differentiated():
    env = {function_key("f"): F("x^3 + x"), function_key("u"): F("x + 1"),
           function_key("g"): F(r"x \operatorname{u}(x)")}
    assert value("f(3)", env) == 30  # 27 + 3
    assert value("f(1) + f(2)", env) == 12  # 2 + 10: f expanded twice, one after the other
    assert value("f'(2)", env) == 13 and value("f''(2)", env) == 12  # 3x^2 + 1 = 13; 6x = 12
    assert value("g(2)", env) == 6  # 2 u(2) = 2 * 3
    assert value("g'(2)", env) == 5  # (x^2 + x)' = 2x + 1
    refused("f(1, 2)", env, "defined with one argument, applied to 2")
    refused("f'(1, 2)", env, "defined with one argument, applied to 2")


def test_a_function_defined_by_itself_or_twice_has_no_value():
    itself = {function_key("f"): F("f(-x)")}
    refused("f(1)", itself, "f is defined by itself")
    twice = {function_key("g"): None}
    refused("g'(0)", twice, "g is defined twice in the text")
    # an unknown function in the body, or a vector body: no derivative
    refused("f'(1)", {function_key("f"): F(r"x \operatorname{h}(x)")}, "whose definition is not read")
    refused("f'(1)", {"z": Z, function_key("f"): F("x z")}, "whose definition is not read")
    refused("f'(1)", {"A": Mat([1, 2, 3, 4], (2, 2)), function_key("f"): F("x A")},
            "^a derivative of f, whose definition is not read$")  # a matrix
    orders = {function_key("g"): F("x^2"), function_key("k"): F("x^3 + x")}
    assert value("k'''(1)", orders) == 6  # the third derivative of x^3 + x
    refused("g'''''(1)", orders, "^a derivative of order 5$")  # beyond the fourth


def test_a_standard_function_is_differentiated_unless_the_text_names_it_otherwise():
    assert value(r"\tanh'(0)", {}) == 1  # 1 - tanh^2(0)
    assert value(r"\sin'(0)", {}) == 1 and value(r"\sin''(0)", {}) == 0  # cos 0; -sin 0
    assert value(r"\operatorname{sigmoid}'(0)", {}) == sp.Rational(1, 4)  # s(1 - s) at s = 1/2
    # GELU written twice (GELU(x) = x Phi(x) and its series) stays the standard GELU: GELU'(0) = Phi(0) = 1/2
    assert value(r"\operatorname{GELU}'(0)", {function_key("GELU"): None}) == sp.Rational(1, 2)
    # sigma given a value of its own is no sigmoid
    refused(r"\operatorname{sigmoid}'(0)", {"\\sigma": sp.Rational(1, 4)}, "a function lnsym does not know")
    refused(r"\operatorname{sigmoid}'(0)", {"\\sigma^2": sp.Rational(1, 4)}, "a function lnsym does not know")
    refused("g'(0)", {}, "^the derivative of g, a function lnsym does not know$")
    refused(r"\sin'(z)", match="^a derivative of a function of a vector$")
    refused(r"\sin'(A)", {"A": Mat([1, 2, 3, 4], (2, 2))}, "^a derivative of a function of a vector$")  # a matrix
    assert value(r"\sin'''(0)", {}) == -1  # -cos 0
    assert value(r"\operatorname{erf}'(0)", {}) == 2 / sp.sqrt(sp.pi)  # 2/sqrt(pi) e^{-x^2} at 0
    refused(r"\operatorname{ReLU}'(0)", {}, "^the derivative of ReLU exists only away from 0$")
    refused(r"\tanh'(1, 2)", {}, r"^a prime on a function of 2 arguments \(which variable\?\)$")


def test_a_function_of_a_vector_is_computed_where_its_body_indexes_it_or_takes_its_norm():
    env = {"z": Z, function_key("rms"): F(r"\sqrt{\sum_{j=1}^{3} x_j^2}"), function_key("n"): F(r"\|x\|"),
           function_key("m"): F(r"\|{x}\|"), function_key("s"): F("x^2 + 1"), function_key("t"): F(r"\|2x\|"),
           function_key("y"): F(r"\sum_{j=1}^{3} w_j"), "w": V(1, 1, 1), function_key("r"): F(r"x_1 + r(x)")}
    assert value(r"\operatorname{rms}(z)", env) == sp.sqrt(21)  # sqrt(1 + 16 + 4)
    assert value(r"\operatorname{n}(z)", env) == sp.sqrt(21) and value(r"\operatorname{m}(z)", env) == sp.sqrt(21)
    for name in ("s", "t", "y", "r"):  # x^2 of a vector (entry by entry?), a norm of 2x, another vector, itself
        refused(rf"\operatorname{{{name}}}(z)", env, "^a function of a vector$")
    refused(r"\operatorname{rms}(z)", {"z": Z, function_key("rms"): None}, "^a function of a vector$")


SM = {entry_function_key("sm"): (("v",), "i", term(r"v_i/\sum_j v_j"))}  # sm(v)_i = v_i / sum_j v_j


def test_a_function_defined_entry_by_entry_is_computed_at_a_vector():
    env = {"z": Z, **SM}
    assert value(r"\operatorname{sm}(z)", env) == V(sp.Rational(1, 7), sp.Rational(4, 7), sp.Rational(2, 7))
    assert value(r"\operatorname{sm}(z)_2", env) == sp.Rational(4, 7)
    assert value(r"\operatorname{sm}((3, 1))", env) == V(sp.Rational(3, 4), sp.Rational(1, 4))
    plus = {"z": Z, "w": V(10, 20), entry_function_key("p"): (("v",), "i", term("v_i + w_i"))}
    assert value(r"\operatorname{p}((1, 2))", plus) == V(11, 22)
    refused(r"\operatorname{p}(z)", plus, "indexes a vector of another length")  # w has 2 entries, z 3
    refused(r"\operatorname{q}(z)", {"z": Z, entry_function_key("q"): (("v",), "i", term("v_i v"))},
            "an entry of q that is a vector")
    itself = (("v",), "i", term(r"v_i + \operatorname{q}(v)_i"))
    refused(r"\operatorname{q}(z)", {"z": Z, entry_function_key("q"): itself}, "q is defined by itself")
    # defined twice, or applied to a matrix: no value
    refused(r"\operatorname{sm}(z)", {"z": Z, entry_function_key("sm"): None}, "^a function of a vector$")
    refused(r"\operatorname{sm}(\sigma^2)", {"\\sigma^2": Mat([1, 2, 3, 4], (2, 2)), **SM}, "^a function of a vector$")


# -- transposes, the ones vector, indicators -------------------------------------------------------------------------

def test_a_transpose_of_a_name_is_a_row_and_of_a_written_tuple_the_column_it_writes():
    row = value(r"z^\top")
    assert isinstance(row, Mat) and row.shape == (1, 3) and list(row.items) == [1, 4, 2]
    column = value(r"(1, 2)^\top")
    assert type(column) is Vec and column == V(1, 2)
    assert value(Transpose(Num("2"), "top", False)) == 2  # a number is its own transpose
    t_row = value(Transpose(Sym("z", None), "T", False))  # z^T where T means a transpose
    assert isinstance(t_row, Mat) and t_row.shape == (1, 3)
    refused(Transpose(Num("2"), "T", False), match="^x\\^T of a number: a power with exponent T, or a transpose$")


def test_the_ones_vector_takes_the_size_it_meets():
    assert value(r"\mathbf 1^\top z") == 7  # 1 + 4 + 2
    refused(r"\mathbf 1", match=r"\\mathbf 1 where no vector or matrix gives its size")


@pytest.mark.parametrize(("src", "expected"), [
    (r"\mathbf 1[z > 1]", V(0, 1, 1)), (r"\mathbf 1[z < 2]", V(1, 0, 0)), (r"\mathbf 1[z = 4]", V(0, 1, 0)),
    (r"\mathbf 1[2 < z]", V(0, 1, 0)), (r"\mathbf 1[3 > 2]", 1), (r"\mathbf 1[2 > 3]", 0),
])
def test_an_indicator_is_one_where_its_relation_holds(src, expected):
    assert value(src) == expected


def test_capitals_written_together_of_matrices_are_their_product_in_order():
    A, B, C = Mat([1, 2, 3, 4], (2, 2)), Mat([0, 1, 1, 0], (2, 2)), Mat([1, 0, 0, 2], (2, 2))
    env = {"A": A, "B": B, "C": C}
    assert value("AB", env) == Mat([2, 1, 4, 3], (2, 2))  # [[1,2],[3,4]] [[0,1],[1,0]] = [[2,1],[4,3]]
    assert value("BA", env) == Mat([3, 4, 1, 2], (2, 2))  # the rows swapped
    assert value("ABC", env) == Mat([2, 2, 4, 6], (2, 2))  # [[2,1],[4,3]] [[1,0],[0,2]]
    assert value("A + I", env) == Mat([2, 2, 3, 5], (2, 2))  # I the identity beside a matrix


NOT_SQUARE = "^a determinant of a matrix that is not square$"


def test_a_determinant_of_a_matrix_of_matrices_or_vectors_has_no_value():
    env = {"A": Mat([1, 2, 3, 4], (2, 2)), "z": Z}
    assert value(r"\begin{vmatrix} 1 & 2 \\ 3 & 4 \end{vmatrix}", env) == -2  # 1*4 - 2*3
    for inner in ("A", "z"):
        refused(rf"\begin{{vmatrix}} {inner} & 1 \\ 1 & 1 \end{{vmatrix}}", env, NOT_SQUARE)
    refused(r"\begin{vmatrix} 1 & 2 \end{vmatrix}", env, NOT_SQUARE)


def test_a_function_of_a_vector_takes_one_vector_and_no_matrix():
    env = {"z": Z, "A": Mat([1, 2, 3, 4], (2, 2)), "\\sigma^2": Mat([1, 2, 3, 4], (2, 2)), **SM,
           function_key("rms"): F(r"\sqrt{\sum_{j=1}^{3} x_j^2}")}
    for src in (r"\operatorname{sm}(z, 1)", r"\operatorname{rms}(z, 1)", r"\operatorname{rms}(A)",
                r"\operatorname{rms}(\sigma^2)"):
        refused(src, env, "^a function of a vector$")


def test_operations_the_text_does_not_define_are_named_as_written_and_odot_is_entrywise():
    refused(r"3 \# 4", {}, "^the operation # is not defined in the text$")  # a sign, without a backslash
    refused(r"3 \star 4", {}, r"^the operation \\star is not defined in the text$")
    assert value(r"z \odot z") == V(1, 16, 4) and value(r"z \odot (1, 0, 1)") == V(1, 0, 2)
    assert value(r"(1, 0, 1) \odot z") == V(1, 0, 2)
    assert value(r"2 \odot 3", {operation_key("odot"): (("a", "b"), term("a + b"))}) == 5  # the text's own odot


def test_the_numbers_read_approximately_are_read_so_in_a_definition_too():
    # a number written as the rounding of a value the text computed stands for that value (approx: 0.5 for 1/3,
    # say), in the body of an operation too
    env = {operation_key("star"): (("a", "b"), term("a + 0.5"))}
    assert evaluate(term(r"2 \star 3"), env, approx={"0.5": sp.Rational(1, 3)}) == sp.Rational(7, 3)
    assert evaluate(term(r"2 \star 3"), env) == sp.Rational(5, 2)


def test_a_binomial_of_a_vector_has_no_value():
    refused(r"\binom{5}{z}", match="^a binomial of a vector$")
    refused(r"\binom{z}{2}", match="^a binomial of a vector$")


def test_roots_matrices_and_roundings_of_what_is_no_number():
    env = {"A": Mat([1, 2, 3, 4], (2, 2)), "z": Z}
    refused(r"\sqrt[z]{8}", env, "^a root of a value that is not an integer$")
    for inner in ("A", "z"):
        refused(rf"\begin{{pmatrix}} {inner} & 1 \\ 1 & 1 \end{{pmatrix}}", env, "^a matrix of vectors$")
    refused(r"|A|", env, "^abs of a matrix$")
    refused(r"\lfloor A \rfloor", env, "^floor of a matrix$")
    assert value(r"\lfloor -z/3 \rfloor") == V(-1, -2, -1)  # -1/3, -4/3, -2/3 rounded down
    assert value(r"|z-3|") == V(2, 1, 1)


def test_a_sum_counts_a_vectors_entries_from_where_its_range_starts():
    assert value(r"\sum_{i=1}^{3} i z_i") == 15  # 1*1 + 2*4 + 3*2, counted from 1
    assert value(r"\sum_{i=0}^{2} i z_i") == 8  # 0*1 + 1*4 + 2*2, counted from 0
    part = value(r"\sum_{i=1}^{2} z_i")  # a range that fits neither count: the entries stay unknowns
    assert isinstance(part, sp.Expr) and part.has(sp.Indexed) and part not in (5, 6)


def test_an_entry_at_an_index_without_a_value_stays_in_a_sum():
    n = sp.Symbol("n")
    got = value(r"\sum_{i=1}^{3} (z_i + \sum_{j=1}^{n} z_j)")  # 1 + 4 + 2, and three times the sum up to n
    inner = got - 7
    assert isinstance(inner, sp.Expr) and inner.has(sp.Sum) and n in inner.free_symbols
    assert inner.atoms(sp.Indexed) and all(not a.indices[0].is_Integer for a in inner.atoms(sp.Indexed))
    assert inner.subs(n, 0).doit() == 0  # an empty sum


def test_the_max_of_one_vector_is_its_largest_entry():
    assert value(r"\max(z)") == 4 and value(r"\min(z)") == 1  # z = (1, 4, 2)
    assert value(r"\max(1, 5)") == 5
    refused(r"\max(z, 1)", match=r"^\\max of a vector$")  # a vector beside a number: no value


BY_ENTRY = "^a derivative by an entry needs the definition, in index notation, of what it differentiates$"


def test_the_gradient_of_a_bare_name_is_a_quantity_of_its_own():
    free = value(r"\nabla_w L", {})
    assert type(free) is sp.Symbol and free.name == "\\nabla_{w} L"  # L given nothing: any value
    for env in ({"L": sp.Integer(3)}, {function_key("L"): None}, {dependence_key("L"): None}):
        defined = value(r"\nabla_w L", env)  # L defined: its gradient, not any number
        assert isinstance(defined, GradientOf) and defined.name == "\\nabla_{w} L"
    for src in (r"\nabla_w L_1", r"\nabla_w (L+1)", r"\frac{\partial p_i}{\partial z_j}", r"\sum_{L=1}^{2} \nabla_w L"):
        refused(src, {}, BY_ENTRY)  # an entry, an expression, an index notation, a bound index


def test_a_logarithm_of_a_vector_has_no_value():
    refused(r"\log(z)", match="^a logarithm of a vector$")
    refused(r"\log_2(z)", match="^a logarithm of a vector$")
    refused(r"\log_z 2", match="^a logarithm of a vector$")


# -- functions of several variables and partial derivatives --------------------------------------------------------

def G(src: str, *params: str) -> tuple:
    return (params, term(src))


G2 = {function_key("g"): G("x^2 y^3", "x", "y")}  # g(x, y) = x^2 y^3
X, Y = sp.Symbol("x"), sp.Symbol("y")


def test_a_function_of_several_variables_binds_every_parameter_at_once():
    assert value("g(2, 3)", G2) == 108 and value("g(3, 2)", G2) == 72  # 4 * 27; 9 * 8
    swap = {function_key("h"): G("x - y", "x", "y"), function_key("k"): G("h(y, x)", "x", "y")}
    assert value("k(5, 2)", swap) == -3  # h(2, 5) = 2 - 5, not h(2, 2) = 0 nor h(5, 5)
    # the text's x outside the body is itself again after the call
    assert value("k(5, 2) + x", {**swap, "x": sp.Integer(10)}) == 7
    assert value("f(3) + x", {function_key("f"): G("x^2", "x"), "x": sp.Integer(10)}) == 19  # 9 + 10
    refused("g(1)", G2, "^g is defined with 2 arguments, applied to 1$")
    refused("g'(2)", G2, "^g is defined with 2 arguments, applied to 1$")  # which variable?
    indexed = {function_key("g"): G("x_1 + y", "x", "y"), "z": V(1, 2)}
    refused(r"\operatorname{g}(z)", indexed, "^a function of a vector$")


def test_a_partial_derivative_of_a_function_of_several_variables_holds_the_others_fixed():
    assert value(r"\frac{\partial g}{\partial x}", G2) == 2 * X * Y**3
    assert value(r"\frac{\partial g}{\partial y}", G2) == 3 * X**2 * Y**2
    assert value(r"\frac{\partial^2 g}{\partial y^2}", G2) == 6 * X**2 * Y
    assert value(r"\frac{\partial (g)}{\partial x}", G2) == 2 * X * Y**3  # braced
    assert value(r"\frac{\partial f}{\partial x}", {function_key("f"): G("x^3", "x")}) == 3 * X**2  # one variable
    for given in ({"x": sp.Integer(2)}, {"y": sp.Integer(2)}):  # at that point, or as a function?
        refused(r"\frac{\partial g}{\partial x}", {**G2, **given},
                "^a partial derivative of g, with a value given to a variable of it$")
    refused(r"\sum_{y=1}^{2} \frac{\partial g}{\partial x}", G2,
            "^a partial derivative of g, with a value given to a variable of it$")  # y bound by the sum
    # not a partial derivative, not by one of its variables, an entry, defined twice: g is a name like any other
    twice = {function_key("g"): None}
    for src, env in ((r"\frac{d g}{d x}", G2), (r"\frac{\partial g}{\partial z}", G2),
                     (r"\frac{\partial g_1}{\partial x}", G2), (r"\frac{\partial g}{\partial x}", twice)):
        refused(src, env, "^a derivative of g, whose dependence on [xz] the text does not give$")


def test_a_partial_derivative_of_an_expression_holds_fixed_the_names_the_text_gives_nothing_of():
    assert value(r"\frac{\partial}{\partial x}(x^2 y^3)", {}) == 2 * X * Y**3
    assert value(r"\frac{\partial}{\partial x}(x b a)", {}) == sp.Symbol("a") * sp.Symbol("b")
    assert value(r"\frac{\partial}{\partial x}(x^2 e^{y})", {}) == 2 * X * sp.exp(Y)
    assert value(r"\partial_x (x y)", {}) == Y
    # a name written in x is differentiated through (u = x^2: u x = x^3)
    u = {dependence_key("u"): (("x",), term("x^2"))}
    assert value(r"\frac{\partial}{\partial x}(u x)", u) == 3 * X**2
    refused(r"\frac{\partial}{\partial x}(u x y)", u, "^a partial derivative of u, written as an expression of x$")
    # a total derivative, or an expression without x: y may depend on x
    for src in (r"\frac{d}{dx}(x^2 y^3)", r"\frac{\partial}{\partial x}(y^2)"):
        refused(src, {}, "^a derivative of y, whose dependence on x the text does not give$")
    # a name the text gives something (a value, a function, an expression, entries), or a sum's index: not held
    for env in ({"y": sp.Integer(2)}, {function_key("y"): None}, {dependence_key("y"): None},
                {entry_function_key("y"): None}):
        refused(r"\frac{\partial}{\partial x}(x^2 y)", env, "^a derivative of y, whose dependence on x")
    refused(r"\sum_{y=1}^{2} \frac{\partial}{\partial x}(x^2 y)", {}, "^a derivative of y, whose dependence on x")
    refused(r"\frac{\partial}{\partial x}(c x^2 y)", {"c": sp.Integer(3)}, "^a derivative of c, whose dependence")
    # by an index: \partial_i (x_i y) is by the entry x_i
    refused(r"\partial_i (x_i y)", {}, "^a derivative of x, y, whose dependence on i the text does not give$")


def test_the_variables_of_a_partial_derivative_claim():
    def of(src, env=None):
        d = term(src) if isinstance(src, str) else src
        return partial_variables(d, {} if env is None else env)

    assert of(r"\frac{\partial g}{\partial x}", G2) == ("x", "y") == of(r"\frac{\partial g}{\partial y}", G2)
    assert of(r"\frac{\partial (g)}{\partial x}", G2) == ("x", "y")
    three = {function_key("g"): G("x y z", "z", "x", "y")}
    assert of(r"\frac{\partial g}{\partial x}", three) == ("z", "x", "y")  # as the definition orders them
    for src, env in ((r"\frac{d g}{d x}", G2), (r"\frac{\partial g}{\partial x}", {**G2, "x": 1}),
                     (r"\frac{\partial g}{\partial x}", {**G2, "y": 1}), (r"\frac{\partial g}{\partial z}", G2),
                     (r"\frac{\partial L}{\partial x}", {}), (r"\frac{\partial}{\partial x}(y^2)", {}),
                     (r"\frac{d}{d x}(x y)", {}), (r"\frac{\partial}{\partial x}(x y)", {"x": 1})):
        assert of(src, env) is None, src
    assert of(r"\frac{\partial}{\partial x}(x b a)") == ("x", "a", "b")  # x first, the others in order
    assert of(r"\frac{\partial}{\partial x}((x y))") == ("x", "y")
    assert of(r"\frac{\partial}{\partial x}(x c y)", {"c": 1}) == ("x", "y")  # c has a value
    assert of(r"\frac{\partial}{\partial x}(x^2 e^{y} i)") == ("x", "y")  # e and i are constants
    given = {function_key("u"): None, dependence_key("v"): None, entry_function_key("w"): None}
    assert of(r"\frac{\partial}{\partial x}(x y u v w)", given) == ("x", "y")
    # by an index (x_j is an entry): no variable; nor by e or i, the constants
    assert of(Deriv(1, "j", term("x_j j y"), True)) is None
    assert of(r"\frac{\partial g}{\partial i}", {function_key("g"): G("i y", "i", "y")}) is None
    assert of(r"\frac{\partial g}{\partial e}", {function_key("g"): G("e y", "e", "y")}) is None


def test_several_variables_and_what_the_text_gives_nothing_of():
    assert several_variables(term(r"\frac{\partial g}{\partial x}"), G2) == ("g", G2[function_key("g")])
    assert several_variables(term(r"\frac{\partial (g)}{\partial y}"), G2) == ("g", G2[function_key("g")])
    one, twice = {function_key("g"): G("x^2", "x")}, {function_key("g"): None}
    for src, env in ((r"\frac{d g}{d x}", G2), (r"\frac{\partial g}{\partial z}", G2),
                     (r"\frac{\partial g_1}{\partial x}", G2), (r"\frac{\partial g}{\partial x}", twice),
                     (r"\frac{\partial g}{\partial x}", one), (r"\frac{\partial}{\partial x}(x y)", G2)):
        assert several_variables(term(src), env) is None, src
    assert gives_nothing_of("y", {}) and gives_nothing_of("y", {"x": 1, function_key("x"): None})
    for key in ("y", function_key("y"), dependence_key("y"), entry_function_key("y")):
        assert not gives_nothing_of("y", {key: None})


def test_a_defined_function_is_differentiated_through_a_name_written_in_its_variable():
    through = {function_key("f"): G("x h", "x"), dependence_key("h"): (("x",), term("x^2"))}
    assert value("f'(2)", through) == 12  # f = x^3: 3 * 2^2
    assert value("f''(2)", through) == 12  # 6x
    refused("f'(2)", {function_key("f"): G("x c", "x"), "c": X + 1},
            "^a derivative of f, whose body depends on x through other names$")  # c's value mentions x


def test_a_defined_functions_derivative_leaves_the_texts_names_as_they_were():
    f = {function_key("f"): G("x^3 + x", "x")}
    assert value("f'(2) + x", {**f, "x": sp.Integer(10)}) == 23  # 3*4 + 1 = 13, then the text's x = 10
    assert value("f'(2) + f(1)", f) == 15  # 13 + 2
    # a bare name of a function in the body is a constant of the definition: only a name written as an expression of
    # x (dependence_key) is differentiated through; u(x) = x + 1 would make it x^2 + x, 5 at 2
    bare = {function_key("f"): G("x u", "x"), function_key("u"): G("x + 1", "x")}
    assert value("f'(2)", bare) == sp.Symbol("u")


def test_a_derivative_is_taken_at_the_value_the_text_gave_its_variable():
    assert value(r"\frac{d}{dx}(x^3)", {"x": sp.Integer(2)}) == 12  # 3 * 2^2
    assert value(r"\frac{d}{dx}(x^3)", {}) == 3 * X**2
    w = sp.Symbol("w")
    # dL/dw of L(w) = w^2 - 6w the text defines (a function), or writes (an expression of w): 2w - 6, 4 at w = 5
    for key in (function_key, dependence_key):
        rule = {key("L"): (("w",), term("w^2 - 6w"))}
        assert value(r"\frac{dL}{dw}", rule) == 2 * w - 6
        assert value(r"\frac{dL}{dw}", {**rule, "w": sp.Integer(5)}) == 4
    # a function u(x) = x + 1 written bare in a derivative's body is no expression of x the text gives
    refused(r"\frac{d}{dx}(x u)", {function_key("u"): G("x + 1", "x")},
            "^a derivative of u, whose dependence on x the text does not give$")


def test_e_in_a_derivative_is_the_constant_unless_the_text_gives_it_a_value():
    assert value(r"\frac{d}{dx}(e^{2x})", {}) == 2 * sp.exp(2 * X)
    refused(r"\frac{d}{dx}(e^{2x})", {"e": sp.Integer(3)}, "^a derivative of e, whose dependence on x the text")


def test_a_partial_derivative_by_an_index_holds_nothing_fixed():
    # by j, where x_j is an entry: not by a variable j, so x and y are not held fixed (x_j j y is no function of j)
    by_j = Deriv(1, "j", term("x_j j y"), True)
    refused(by_j, {}, "^a derivative of x, y, whose dependence on j the text does not give$")


def test_a_derivative_leaves_the_texts_names_as_they_were_and_names_what_it_does_not_read():
    assert value(r"\frac{d}{dx}(x^3) + x", {"x": sp.Integer(2)}) == 14  # 3 * 2^2, then x = 2
    written = {dependence_key("u"): (("x",), term("x^2")), dependence_key("v"): (("x",), term("x^3"))}
    refused(r"\frac{\partial}{\partial x}(u v x y)", written,
            "^a partial derivative of u, v, written as an expression of x$")


def test_a_derivative_of_what_is_no_expression_of_its_variable_is_named():
    braced = {function_key("L"): (("w",), term("w^2 - 6w"))}
    assert value(r"\frac{d}{dw}(L)", braced) == 2 * sp.Symbol("w") - 6  # L braced is L
    refused(r"\frac{d}{dx}(x (1, 2))", {}, "^a derivative of a vector$")
    refused(r"\frac{d}{dx} \operatorname{h}(x)", {},  # h given nothing: h(x) is no expression of x
            "^a derivative of an expression whose dependence on x the text does not give$")
    refused(r"\frac{d}{dx} |x|", {}, "^a derivative of a function the key does not define$")  # calculus's reason

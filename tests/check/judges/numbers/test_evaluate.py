"""Evaluation of parsed terms (lnsym.check.judges.numbers.evaluate): each notation's exact value, and each refusal
with the reason it gives (issue 15: the rules whose violations survived mutation)."""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check.judges.numbers.evaluate import NotEvaluated, Reading, TooLarge, Vec, evaluate, evaluate_pm
from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.parse.matrices import column_vectors
from lnsym.check.parse.nodes import Neg, Num, PlusMinus, Sym


def term(src: str):
    return parse_term(column_vectors(tokenize(src)))


def value(src: str, **kw):
    return evaluate(term(src), **kw)


def matrix(*rows, env="pmatrix") -> str:
    return rf"\begin{{{env}}} " + r" \\ ".join(" & ".join(map(str, r)) for r in rows) + rf" \end{{{env}}}"


A = matrix((1, 2), (3, 4))
x = sp.Symbol("x")
n = sp.Symbol("n")


def V(*items) -> Vec:
    return Vec([sp.sympify(v) for v in items])


@pytest.mark.parametrize(("src", "expected"), [
    # repeating decimals and other bases: 0.1666... = 1/6, 0.142857... = 1/7, 12.333... = 37/3, 17 in base 8 = 15
    (r"0.1\overline{6}", sp.Rational(1, 6)), (r"0.\overline{142857}", sp.Rational(1, 7)),
    (r"12.\overline{3}", sp.Rational(37, 3)), ("17_8", 15),
    # odd roots of negative numbers are real, as in school
    (r"\sqrt[3]{-8}", -2), ("(-8)^{1/3}", -2), ("(-8)^{2/3}", 4), ("(-32)^{3/5}", -8), (r"\sqrt[2]{9}", 3),
    ("2^{-2}", sp.Rational(1, 4)), ("0^0", 1), ("2^{x}", 2**x), ("e^{2}", sp.exp(2)), ("0!", 1),
    (r"\binom{6}{3}", 20), (r"\gcd(12, 18)", 6), (r"\max(3, 7, 5)", 7), (r"\min(3, 7, 5)", 3),
    (r"\log_2 8", 3), (r"\log_{10} 1000", 3), (r"\lfloor 2.7 \rfloor", 2), (r"\lceil 2.1 \rceil", 3),
    (r"\lfloor -2.5 \rfloor", -3), (r"\|[3, 4]\|", 5), (r"\sec 0", 1), (r"\arctan 1", sp.pi / 4),
    (r"\cos(\pi)", -1), (r"\sin 30^\circ", sp.Rational(1, 2)), (r"90^\circ", sp.pi / 2), (r"50\%", sp.Rational(1, 2)),
    (r"\$10", 10),
    # sums and products: numeric limits add the terms, symbolic ones are closed forms; nested sums see the outer index
    (r"\sum_{i=1}^{n} 1", n), (r"\prod_{i=1}^{n} 2", 2**n), (r"\sum_{i=1}^{3} \sum_{j=1}^{i} j", 10),
    (r"\sum_{i=1}^{3} x_i", sum(sp.Indexed(sp.IndexedBase("x"), k) for k in (1, 2, 3))),
    (r"\prod_{i=2}^{4} i", 24), (r"\sum_{i=3}^{2} i", 0),  # an empty sum
    # vectors: element-wise, with scalars on either side
    (r"|[-1, 2]|", V(1, 2)), (r"\frac{[2, 4]}{2}", V(1, 2)), (r"[1,2] \cdot 3", V(3, 6)), (r"3 \cdot [1,2]", V(3, 6)),
    ("[1,2] - [1,1]", V(0, 1)),
    # matrices: compared entry by entry, row after row
    (A, V(1, 2, 3, 4)), (matrix((1, 2), (3, 4), env="vmatrix"), -2), (A + "^2", V(7, 10, 15, 22)),
    (A + "^{0}", V(1, 0, 0, 1)), (matrix((2, 0), (0, 2)) + "^{64}", V(2**64, 0, 0, 2**64)),
    (A + " + " + matrix((1, 0), (0, 1)), V(2, 2, 3, 5)), (A + matrix((1,), (1,)), V(3, 7)), (A + " [1, 1]", V(3, 7)),
    (A + r" \cdot [1,2]", V(5, 11)), ("2" + A, V(2, 4, 6, 8)), (A + r" \cdot x", V(x, 2 * x, 3 * x, 4 * x)),
])
def test_values(src, expected):
    got = value(src)
    if isinstance(expected, Vec):
        assert got == expected
    else:
        assert sp.simplify(got - expected) == 0 and got == sp.sympify(expected), got


@pytest.mark.parametrize(("src", "error", "message"), [
    (r"\sqrt[0]{9}", NotEvaluated, "a root of index below 1"),
    (r"\sqrt[2.5]{4}", NotEvaluated, "a root of a value that is not an integer"),
    ("1^{2000000}", TooLarge, "an exponent above a million"),
    ("(-1)^{3000000}", TooLarge, "an exponent above a million"),
    ("10^{6000}", TooLarge, "a power with more than 5000 digits"),
    ("1.0001^{99999}", TooLarge, "a power with more than 5000 digits"),  # near 1, but 400,000 exact digits
    ("x^{200}", TooLarge, "a symbolic power above 100"),
    ("(10^{60})^{x}", TooLarge, "a large base with a symbolic exponent"),
    (r"2^{\infty}", NotEvaluated, "an infinite exponent"), (r"\frac{1}{0}", NotEvaluated, "a division by zero"),
    ("[1,2]+[1,2,3]", NotEvaluated, "vectors of lengths 2 and 3 cannot be added"),
    ("[1,2][3,4]", NotEvaluated, "a product of two vectors"), (r"\sqrt{[1,4]}", NotEvaluated, "a root of a vector"),
    ("[1,2]!", NotEvaluated, "a factorial of a vector"), ("2^{[1,2]}", NotEvaluated, "a vector exponent"),
    ("[1,2]^2", NotEvaluated, "a power of a vector"), (r"\frac{1}{[1,2]}", NotEvaluated, "a division by a vector"),
    ("(2.5)!", NotEvaluated, "a factorial of a value that is not an integer"),
    ("(-3)!", NotEvaluated, "a factorial of a negative number"),
    ("1001!", TooLarge, "a factorial of a number above 1000"),
    (r"\binom{[1,2]}{1}", NotEvaluated, "a binomial of a vector"),
    (r"\binom{100000}{2}", TooLarge, "a binomial of a number above 10000"),
    (r"\sin([1,2])", NotEvaluated, "\\sin of a vector"),
    (r"\sin(10000000)", TooLarge, "\\sin of a number above a million"),
    (r"\sin(1, 2)", NotEvaluated, "\\sin with 2 arguments"),
    (r"\gcd(2.5, 3)", NotEvaluated, "gcd of a value that is not an integer"),
    (r"\log_{[1,2]} 3", NotEvaluated, "a logarithm of a vector"),
    (r"\sum_{i=1}^{20000} i", TooLarge, "a sum of more than 10000 terms"),
    (r"\sum_{k=1}^{101} x_k", TooLarge, "a sum of more than 100 terms, each with an unknown of its own"),
    (r"\prod_{k=0}^{2013} \frac{1}{1 - x_{2k+1}}", TooLarge,
     "a product of more than 100 terms, each with an unknown of its own"),
    (r"\prod_{i=1}^{20000} i", TooLarge, "a product of more than 10000 terms"),
    (r"\sum_{i=[1,2]}^{3} i", NotEvaluated, "vector limits"),
    (r"\sum_{i=1}^{3} [i, 1]", NotEvaluated, "a sum of vectors"),
    (r"1 \star 2", NotEvaluated, "the operation \\star is not defined in the text"),
    (r"3 \pm 1", NotEvaluated, "± gives two values"),
    (matrix((1, 2)) + "^{2}", NotEvaluated, "a power of a matrix other than 0..64"),
    (A + "^{65}", NotEvaluated, "a power of a matrix other than 0..64"),
    (A + "^{x}", NotEvaluated, "a power of a matrix other than 0..64"),
    (matrix(("x", 2), (3, 4)) + "^{9}", TooLarge, "a matrix power with more than 5000 digits"),  # symbolic: up to 8
    (matrix(("10^{3000}", 2), (3, 4)) + "^{2}", TooLarge, "a matrix power with more than 5000 digits"),
    (A + " + 1", NotEvaluated, "a sum of a 2×2 matrix and a number"),
    (matrix((1, 2)) + " + " + A, NotEvaluated, "a sum of a 1×2 matrix and a 2×2 matrix"),
    (matrix((1, 2)) + matrix((1, 2)), NotEvaluated,
     "a 1×2 matrix times a 1×2 matrix: the sizes 2 and 1 do not conform"),
    (A + " [1, 2, 3]", NotEvaluated, "a 2×2 matrix times a vector of 3 entries: the sizes 2 and 3 do not conform"),
    ("[1,2]" + A, NotEvaluated,
     "a vector of 2 entries (a column) times a 2×2 matrix: the sizes 1 and 2 do not conform"),
    (matrix((1, 2), env="vmatrix"), NotEvaluated, "a determinant of a matrix that is not square"),
])
def test_refusals_name_their_reason(src, error, message):
    with pytest.raises(error) as info:
        value(src)
    assert str(info.value) == message


def test_sums_of_many_terms_are_added_up_unless_each_brings_its_own_unknown():
    """100 terms with an unknown each are still a sum; more terms of a shared unknown, or of none, too."""
    assert len(value(r"\sum_{k=1}^{100} x_k").free_symbols) == 101  # x[1] ... x[100], and the base x
    assert value(r"\sum_{k=1}^{1000} k y") == 500500 * sp.Symbol("y")
    assert value(r"\sum_{k=1}^{1000} k") == 500500


def test_a_symbolic_matrix_power_up_to_8_is_computed():
    got = value(matrix(("x", 0), (0, 1)) + "^{8}")
    assert got == V(x**8, 0, 0, 1)


def test_readings_of_degrees():
    in_degrees = Reading(trig_in_degrees=True)
    assert value(r"\cos 60", reading=in_degrees) == sp.Rational(1, 2)  # 60 degrees, not radians
    assert value(r"\cos 60^\circ", reading=in_degrees) == sp.Rational(1, 2)  # the unit is not applied twice
    assert value(r"\cos \pi", reading=in_degrees) == -1  # π is radians under any reading
    assert value(r"\cos 60") == sp.cos(60)  # by default, radians
    as_numbers = Reading(degrees_as_numbers=True)
    assert value(r"180 - 90^\circ", reading=as_numbers) == 90
    assert value(r"\sin 90^\circ", reading=as_numbers) == 1  # inside a trigonometric function, still an angle
    assert Reading().note == ""
    assert Reading(degrees_as_numbers=True).note == "read with angles in degrees compared as numbers"
    assert in_degrees.note == "read with trigonometry in degrees"
    assert Reading(True, True).note == "read with angles in degrees compared as numbers and trigonometry in degrees"


def test_plus_minus_gives_both_values():
    pair = evaluate_pm(term(r"3 \pm 2"))
    assert (pair.plus, pair.minus) == (5, 1)
    pair = evaluate_pm(term(r"3 \mp 2"))
    assert (pair.plus, pair.minus) == (1, 5)  # \mp: the other way
    pair = evaluate_pm(term(r"\pm [1, 2]"))
    assert (pair.plus, pair.minus) == (V(1, 2), V(-1, -2))
    pair = evaluate_pm(term(r"\mp [1, 2]"))
    assert (pair.plus, pair.minus) == (V(-1, -2), V(1, 2))
    assert evaluate_pm(term("3 + 2")) == 5  # no ±: one value
    with pytest.raises(NotEvaluated, match="a division by zero"):
        evaluate_pm(term(r"\frac{1 \pm 1}{0}"))


def test_names_take_their_values_from_the_environment():
    y = sp.Symbol("y")
    assert value("x + y", env={"x": sp.Integer(2)}) == y + 2
    assert value("x_1 + x_{2}", env={"x_{1}": sp.Integer(5)}) == sp.Symbol("x_{2}") + 5
    assert value(r"\sigma^2", env={"\\sigma^2": sp.Integer(4)}) == 4
    assert value("e^{2}", env={"e": sp.Integer(3)}) == 9  # e given a value in the text is no longer Euler's number


def test_names_a_term_mentions_and_substitutes():
    from lnsym.check.judges.numbers.evaluate import bound_names, count_pm, name_of, operation_key, tree_names

    # units (%, $, °) are no names
    assert tree_names(term(r"x + y_1 + \sigma^2 + 50\% + \$3 + 90^\circ")) == {"x", "y", "\\sigma"}
    names = [name_of(term(s)) for s in ("x_1", r"\sigma^2", "(x)", "x^3", r"{\sigma}^{2}", "x_{i+1}", "2", r"\sigma^3")]
    assert names == ["x_{1}", "\\sigma^2", "x", None, "\\sigma^2", "x_{i+1}", None, None]
    env = {"x_{1}": 1, "y": 2, "\\sigma^2": 4}
    assert bound_names(term(r"x_1 + y + \sigma^2 + z"), env) == {"x_{1}", "y", "\\sigma^2"}
    assert bound_names(term(r"\sigma + x_{2}"), {"\\sigma": 1, "x": 5}) == {"\\sigma"}  # x_2 is not x
    assert count_pm(term(r"1 \pm 2 \mp 3")) == 2 and count_pm(term("1 + 2")) == 0
    assert operation_key("star") == "op:star"
    # an operation the text defines, a \star b = 2a + b: 3 \star 4 = 10
    assert value(r"3 \star 4", env={operation_key("star"): (("a", "b"), term("2a+b"))}) == 10
    # ... applied twice, each application is its own: 1 \star (3 \star 4) = 2 + 10
    assert value(r"1 \star (3 \star 4)", env={operation_key("star"): (("a", "b"), term("2a+b"))}) == 12
    # an operation defined by itself has no value, and is refused at its first repetition
    with pytest.raises(NotEvaluated, match=r"the operation \\star is defined by itself"):
        value(r"3 \star 4", env={operation_key("star"): (("a", "b"), term(r"\frac{1}{25} \times a \star b"))})


@pytest.mark.parametrize(("src", "message"), [
    ("1" * 401, "a number of 401 digits"),
    ("0." + "1" * 200 + r"\overline{" + "3" * 201 + "}", "a repeating decimal that long"),
])
def test_numerals_too_long_to_read(src, message):
    with pytest.raises(TooLarge) as info:
        value(src)
    assert str(info.value) == message


@pytest.mark.parametrize(("src", "expected"), [
    # a ratio of polynomials in the index is summed in exact fractions: the telescoping sum 1 - 1/2001
    (r"\sum_{k=1}^{2000} \frac{1}{k(k+1)}", sp.Rational(2000, 2001)),
    (r"\sum_{k=1}^{100} k^2", 338350), (r"\sum_{k=1}^{4} (\frac{k}{2} - 3)", -7),
    (r"\prod_{k=2}^{10} (1 - \frac{1}{k})", sp.Rational(1, 10)), (r"\prod_{k=1}^{5} (2k - 1)", 945),
    # so are integer powers, factorials and binomials of it (Python's exact integers)
    (r"\sum_{n=1}^{30} \frac{n+1}{n!}", sum(sp.Rational(n + 1, sp.factorial(n)) for n in range(1, 31))),
    (r"\sum_{k=0}^{20} \binom{20}{k} 2^k", 3**20), (r"\sum_{k=1}^{10} (-1)^k k", 5),
    (r"\sum_{k=1}^{4} 0^{k-1}", 1),  # 0^0 = 1
    (r"\sum_{k=5}^{4} k", 0), (r"\prod_{k=5}^{4} k", 1), (r"\prod_{k=1}^{7} \frac{k}{k+2}", sp.Rational(2, 72)),
    # and floors, ceilings and absolute values of such terms
    (r"\sum_{i=0}^{2015} \left\lfloor \frac{2^{i}}{25} \right\rfloor", sum(2**i // 25 for i in range(2016))),
    (r"\sum_{k=1}^{9} \lceil \frac{k}{4} \rceil", 1 + 1 + 1 + 1 + 2 + 2 + 2 + 2 + 3),
    (r"\sum_{k=1}^{4} |k - \frac{5}{2}|", 4), (r"\sum_{k=1}^{4} \lfloor -\frac{k}{3} \rfloor", -1 - 1 - 1 - 2),
    # other terms are substituted one by one, with the same values
    (r"\sum_{k=1}^{4} 2^{k/2}", 6 + 3 * sp.sqrt(2)),
    (r"\sum_{k=1}^{4} 2^k", 30), (r"\sum_{k=1}^{3} k x", 6 * x), (r"\sum_{k=0}^{3} \binom{3}{k}", 8),
    (r"\sum_{k=1}^{3} \sqrt{2} k", 6 * sp.sqrt(2)),
])
def test_a_sum_with_integer_limits_is_the_exact_total_of_its_terms(src, expected):
    got = value(src)
    assert got == sp.sympify(expected) and type(got) is type(sp.sympify(expected))


def test_a_sum_whose_term_divides_by_zero_is_undefined_as_written():
    """1/(k-2) at k = 2 is not a number: the sum is SymPy's undefined value, not the sum of the others."""
    assert value(r"\sum_{k=0}^{3} \frac{1}{k-2}").has(sp.zoo, sp.nan)


def test_the_terms_of_a_sum_are_exact_fractions_when_built_from_integers_powers_factorials_and_binomials():
    """_exact_terms: Python fractions term by term (fast), or None so that SymPy adds the terms up instead."""
    from fractions import Fraction

    from lnsym.check.judges.numbers.evaluate import MAX_FACTORIAL, _exact_terms

    k = sp.Dummy("k")
    assert _exact_terms((k + 1) / sp.factorial(k), k, 0, 3) == [1, 2, Fraction(3, 2), Fraction(2, 3)]
    assert _exact_terms(sp.binomial(4, k) * (-2) ** k, k, 0, 4) == [1, -8, 24, -32, 16]
    assert _exact_terms(sp.Rational(1, 2) * k**-2, k, 1, 2) == [Fraction(1, 2), Fraction(1, 8)]
    assert _exact_terms(sp.factorial(k), k, 10 * MAX_FACTORIAL, 10 * MAX_FACTORIAL)[0] > 0  # at the limit
    rounded = sp.floor(k / 3) + 10 * sp.ceiling(-k / 2) + 100 * sp.Abs(k - 2)
    assert _exact_terms(rounded, k, -3, 4) == [rounded.subs(k, i) for i in range(-3, 5)]  # SymPy's own values
    for body, lo, hi in [
        (sp.factorial(k), 10 * MAX_FACTORIAL + 1, 10 * MAX_FACTORIAL + 1),  # past the limit: SymPy's
        (sp.factorial(k - 2), 0, 3),  # (-2)!: not a factorial of a natural number
        (sp.binomial(k - 2, 2), 0, 1), (sp.binomial(3, k - 1), 0, 1),  # negative binomial arguments
        (1 / (k - 2), 0, 3),  # a division by zero at k = 2: the undefined value, as written
        (2 ** (k / 2), 1, 2), (k ** 10_001, 1, 1),  # a fractional power; a power past 10,000
        (sp.sqrt(2) * k, 1, 2), (sp.Float(0.5) * k, 1, 2), (sp.Symbol("x") * k, 1, 2), (sp.sin(k), 1, 2),
        (sp.floor(sp.sqrt(k)), 1, 2), (sp.Abs(sp.Symbol("x") - k), 1, 2),  # of a term that is not exact
    ]:
        assert _exact_terms(body, k, lo, hi) is None, body
    assert _exact_terms(k ** 10_000, k, 1, 1) == [1]  # a power of 10,000 is computed


# -- issue 15 (second pass): the rules whose violations survived the mutation run of aebd4c8 -------------------
@pytest.mark.parametrize(("src", "expected"), [
    # the bounds themselves are allowed: 400 digits, an exponent of a million, 10000 as a binomial's top, 10^6
    ("1" * 400, sp.Integer(int("1" * 400))), ("1" * 400 + "_2", sp.Integer(2**400 - 1)),
    ("0." + "3" * 200 + r"\overline{" + "3" * 200 + "}", sp.Rational(1, 3)),
    ("1^{1000000}", 1), (r"\binom{10000}{2}", 10000 * 9999 // 2), (r"\sin(1000000)", sp.sin(10**6)),
    (r"\sqrt[1000]{1}", 1), (r"\sqrt[1]{5}", 5), ("x^{100}", x**100), ("(10^{50})^{x}", sp.Integer(10**50) ** x),
    # a power is refused by the digits of its value, not of its base: the 1000th root of 2 to the 200000th is 2^200,
    # and sqrt(2)^6000 is 2^3000 (an irrational base has no numerator and denominator to count)
    (r"(\sqrt[1000]{2})^{200000}", 2**200), (r"\sqrt{2}^{6000}", 2**3000),
    # an odd root of a negative number is real; of a positive one, the usual root; an even root of a negative
    # number is not real
    ("8^{1/3}", 2), (r"\sqrt[4]{-16}", 2 * sp.root(-1, 4)),
    # (e)^2 is Euler's number squared as e^2 is; an index named e is not
    ("(e)^{2}", sp.exp(2)), (r"\sum_{e=1}^{3} e^{2}", 14),
    # a sum's index may be a greek letter; an inner sum over the same index hides the outer one only inside it
    (r"\sum_{\alpha=1}^{3} \alpha", 6), (r"\sum_{i=1}^{2} (\sum_{i=1}^{3} i + i)", 2 * 6 + 1 + 2),
    # 10,001 terms (hi - lo = 10,000) is the limit; limits far from 0 count terms, not their size
    (r"\sum_{i=1}^{10001} 1", 10001), (r"\sum_{i=5001}^{5010} i", 50055),
    (r"\lcm(4, 6)", 12), (r"\gcd(600, 900)", 300),
    # names that are not numbers keep their shape
    ("n!", sp.factorial(n)), (r"\|x\|", sp.Function("norm")(x)), ("f(2)", sp.Function("f")(2)),
    # a matrix times a number on either side; a matrix of symbols only; an entry of 10^77 to the 64th
    (A + r" \cdot 2", V(2, 4, 6, 8)), (matrix(("x", 0), (0, "x")) + "^{2}", V(x**2, 0, 0, x**2)),
])
def test_values_at_and_inside_the_bounds(src, expected):
    got = value(src)
    if isinstance(expected, Vec):
        assert got == expected
    else:
        assert got == sp.sympify(expected), got


def test_a_matrix_power_is_bounded_by_the_digits_of_its_entries():
    """[[a, a], [a, a]]^64 = 2^63 a^64 in every entry: with a = 10^77 that is about 4,967 digits, computed; with
    a = 10^78, about 5,031, refused."""
    a = sp.Integer(10) ** 77
    assert value(matrix(("10^{77}", "10^{77}"), ("10^{77}", "10^{77}")) + "^{64}") == V(*[2**63 * a**64] * 4)
    with pytest.raises(TooLarge, match="a matrix power with more than 5000 digits"):
        value(matrix(("10^{78}", "10^{78}"), ("10^{78}", "10^{78}")) + "^{64}")


@pytest.mark.parametrize(("src", "error", "message"), [
    ("1" * 401 + "_2", TooLarge, "a numeral that long"),
    ("1^{1000000.5}", TooLarge, "an exponent above a million"),
    ("2^{2000000}", TooLarge, "an exponent above a million"),
    ("2^{1000000}", TooLarge, "a power with more than 5000 digits"),
    (r"(10\pi)^{4000}", TooLarge, "a power with more than 5000 digits"),  # irrational: 1.5 digits x 4000
    ("x^{101}", TooLarge, "a symbolic power above 100"),
    ("(10^{51})^{x}", TooLarge, "a large base with a symbolic exponent"),
    (r"\sqrt[1001]{2}", TooLarge, "a root of a number above 1000"),
    (r"\binom{10001}{2}", TooLarge, "a binomial of a number above 10000"),
    (r"\gcd(10^{50} + 1, 2)", TooLarge, "gcd of a number above " + str(10**50)),
    (r"\sum_{i=0}^{10001} 1", TooLarge, "a sum of more than 10000 terms"),
    ("[[1,2],3]", NotEvaluated, "a nested vector"),
    (r"\begin{pmatrix} [1,2] & 3 \end{pmatrix}", NotEvaluated, "a matrix of vectors"),
    ("f([1,2])", NotEvaluated, "a function of a vector"),
    (r"7 \text{ remainder } 1", NotEvaluated, "a quotient with a remainder is judged with its division"),
])
def test_more_refusals_name_their_reason(src, error, message):
    with pytest.raises(error) as info:
        value(src)
    assert str(info.value) == message


def test_units_are_not_names():
    """%, $ and ° stand for numbers (1/100, 1, pi/180): name_of gives them no name."""
    from lnsym.check.judges.numbers.evaluate import name_of

    assert [name_of(Sym(u, None)) for u in ("%", "$", "°")] == [None, None, None]
    assert name_of(Sym("y", None)) == "y"


def test_a_subscript_is_part_of_the_name_not_a_substitution():
    """x_i with i = 1 in the environment is the name x_{i}: i is not substituted (bound_names is empty)."""
    from lnsym.check.judges.numbers.evaluate import bound_names

    assert bound_names(term("x_i"), {"i": sp.Integer(1)}) == set()
    assert value("x_i", env={"i": sp.Integer(1)}) == sp.Symbol("x_{i}")


def test_degrees_inside_and_after_a_trigonometric_function():
    """With degrees compared as numbers, x° is an angle only inside a trigonometric argument, even inside another
    function there, and is a number again after it: sin(30°) + 90° = 1/2 + 90; sin(ln(30°)) keeps pi/6."""
    as_numbers = Reading(degrees_as_numbers=True)
    assert value(r"\sin(30^\circ) + 90^\circ", reading=as_numbers) == sp.Rational(181, 2)
    assert value(r"\sin(\ln(30^\circ))", reading=as_numbers) == sp.sin(sp.log(sp.pi / 6))


def test_plus_minus_keeps_the_reading_and_reaches_into_a_defined_operation():
    """evaluate_pm reads \\cos 60 in degrees when asked (1/2 +- 1), and an operation a star b = a \\pm b defined
    by the text takes the same sign: 1 \\pm (3 star 4) is 1 + 7 = 8 or 1 - (3 - 4) = 2."""
    from lnsym.check.judges.numbers.evaluate import operation_key

    pair = evaluate_pm(term(r"\cos 60 \pm 1"), reading=Reading(trig_in_degrees=True))
    assert (pair.plus, pair.minus) == (sp.Rational(3, 2), sp.Rational(-1, 2))
    env = {operation_key("star"): (("a", "b"), term(r"a \pm b"))}
    pair = evaluate_pm(term(r"1 \pm (3 \star 4)"), env)
    assert (pair.plus, pair.minus) == (8, 2)
    degrees = {operation_key("star"): (("a", "b"), term(r"\cos a + b"))}
    assert value(r"60 \star 1", env=degrees, reading=Reading(trig_in_degrees=True)) == sp.Rational(3, 2)


def test_a_term_nested_too_deeply_is_refused():
    """Ten thousand nested negations exceed the recursion limit: refused with a reason, with or without \\pm."""
    tree = Num("1")
    for _ in range(10_000):
        tree = Neg(tree)
    with pytest.raises(NotEvaluated) as info:
        evaluate(tree)
    assert str(info.value) == "nested too deeply"
    with pytest.raises(NotEvaluated) as info:
        evaluate_pm(PlusMinus(tree, "pm"))
    assert str(info.value) == "nested too deeply"


def test_a_product_of_terms_that_are_not_ratios_of_polynomials_is_their_product():
    """2^1 2^2 2^3 = 64 and sqrt(2)^3 = 2 sqrt(2): the terms substituted one by one are multiplied, not added."""
    assert value(r"\prod_{k=1}^{3} 2^k") == 64
    assert value(r"\prod_{k=1}^{3} \sqrt{2}") == 2 * sp.sqrt(2)


def test_a_sum_index_is_a_name_again_after_its_sum():
    """(sum_{i=1}^{3} i) + i is 6 + i: outside the sum, i is the free name i, not the sum's index."""
    assert value(r"(\sum_{i=1}^{3} i) + i") == 6 + sp.Symbol("i")


def test_a_subscript_spelled_like_a_kind_of_node_is_no_node():
    """``x_{pm}`` is the name x with the subscript pm: no ±, one value. (The subscript is kept as its source text
    beside its tree, and a text is no kind of node.)"""
    from lnsym.check.judges.numbers.evaluate import count_pm

    assert count_pm(term("x_{pm}")) == 0
    assert evaluate_pm(term("x_{pm}")) == sp.Symbol("x_{pm}")

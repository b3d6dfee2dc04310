"""Three-valued decisions: true only when shown, false only with a counterexample, else unknown."""

import pytest
import sympy as sp

from lnsym.claims import Truth
from lnsym.decide import equal, holds, normal_sums

x, y = sp.symbols("x y", real=True)
p = sp.Symbol("p", positive=True)
d = sp.Symbol("d", integer=True, positive=True)
i = sp.Symbol("i", integer=True, positive=True)
v = sp.IndexedBase("v", real=True)


@pytest.mark.parametrize(
    ("lhs", "rhs"),
    [
        ((x + y) ** 2, x**2 + 2 * x * y + y**2),
        (sp.sqrt(p) ** 3 / p, sp.sqrt(p)),
        (1 / sp.sqrt(p + 1) - sp.sqrt(p + 1) / (p + 1), 0),
        (sp.Sum(v[i] + 1, (i, 1, d)), sp.Sum(v[i], (i, 1, d)) + d),
        (sp.Product(1 + p, (i, 1, d)), (1 + p) ** d),
        (sp.Derivative(sp.sin(x) * x, x), sp.cos(x) * x + sp.sin(x)),
        (sp.Matrix([[x, 1]]) * 2, sp.Matrix([[2 * x, 2]])),
    ],
)
def test_identities_are_true(lhs, rhs):
    assert equal(lhs, rhs).verdict is Truth.TRUE


@pytest.mark.parametrize(
    ("lhs", "rhs"),
    [
        ((x + y) ** 2, x**2 + y**2),
        (sp.sqrt(p) ** 3 / p, p),
        (sp.Sum(v[i] + 1, (i, 1, d)), sp.Sum(v[i], (i, 1, d)) + d + 1),
        (sp.Matrix([[x, 1]]), sp.Matrix([[x, 2]])),
        (sp.Rational(1, 3), sp.Rational(333, 1000)),
    ],
)
def test_falsehoods_are_false_with_a_counterexample(lhs, rhs):
    decision = equal(lhs, rhs)
    assert decision.verdict is Truth.FALSE
    assert decision.detail


def test_matrices_of_different_shapes_differ():
    assert equal(sp.Matrix([1, 2]), sp.Matrix([[1, 2]])).verdict is Truth.FALSE


def test_undecidable_stays_unknown_never_true():
    F, G = sp.Function("F"), sp.Function("G")
    assert equal(F(x), G(x)).verdict is Truth.UNKNOWN


@pytest.mark.parametrize(
    ("lhs", "relation", "rhs", "verdict"),
    [
        (d * p / (p + 1), "<=", d, Truth.TRUE),
        (p / sp.sqrt(p**2 + 1), "<", 1, Truth.TRUE),
        (1 / sp.sqrt(x**2 + p), "<=", 1 / sp.sqrt(p), Truth.TRUE),
        (d * p / (p + 1), ">=", d, Truth.FALSE),
        (x, "<=", x + 1, Truth.TRUE),
        (x + 1, "<", x, Truth.FALSE),
    ],
)
def test_inequalities(lhs, relation, rhs, verdict):
    assert holds(lhs, relation, rhs).verdict is verdict


def test_an_unknown_relation_is_rejected():
    with pytest.raises(ValueError, match="relation"):
        holds(x, "~", y)


# -- a counterexample is checkable: at the point it names, the sides really differ by what it says ------
import re  # noqa: E402

n = sp.Symbol("n", integer=True, positive=True)
k = sp.Symbol("k", integer=True, nonnegative=True)
q = sp.Symbol("q", nonnegative=True)


def _point(detail: str) -> tuple[dict, float]:
    m = re.fullmatch(r"(?:differs|violated) at (.*): (?:difference|gap) = (\S+)", detail)
    assert m, detail
    point = {}
    if m.group(1) != "the point":
        for part in m.group(1).split(", "):
            name, value = part.split(" = ")
            point[name] = sp.Rational(value)
    return point, float(m.group(2))


@pytest.mark.parametrize(("lhs", "rhs"), [
    (x**2, x), ((x + y) ** 2, x**2 + y**2), (n * p + 1, n * p), (sp.sqrt(p) ** 3 / p, p), (2**n, n**2 + 1),
    (sp.Sum(v[i] + 1, (i, 1, d)), sp.Sum(v[i], (i, 1, d)) + d + 1), (k + q, k), (x / (1 + y**2), x),
])
def test_a_counterexample_names_a_point_where_the_sides_differ(lhs, rhs):
    decision = equal(lhs, rhs)
    assert decision.verdict is Truth.FALSE
    point, difference = _point(decision.detail)
    symbols = {str(s): s for s in (lhs - rhs).free_symbols}
    assert set(point) <= set(symbols)
    for name, value in point.items():  # the point respects the symbols' assumptions
        s = symbols[name]
        assert not (s.is_integer and not value.is_integer)
        assert not (s.is_positive and value <= 0) and not (s.is_nonnegative and value < 0)
    value = (lhs - rhs).xreplace({symbols[name]: v for name, v in point.items()})
    value = value.doit() if value.has(sp.Sum) else value
    if not value.free_symbols and not value.atoms(sp.Indexed):
        assert value != 0 and abs(float(value) - difference) <= 1e-5 * max(1.0, abs(difference))


@pytest.mark.parametrize(("lhs", "relation", "rhs"), [
    (x**2, "<", x), (p, ">=", 1), (x, ">", x), (n, "<=", 3), (-q, ">=", 1), (x**2 + 1, "<=", 2 * x),
])
def test_a_violated_inequality_names_a_point_where_it_fails(lhs, relation, rhs):
    decision = holds(lhs, relation, rhs)
    assert decision.verdict is Truth.FALSE
    if decision.detail.startswith(("differs", "violated")):
        point, gap = _point(decision.detail)
        at = {s: point[str(s)] for s in (lhs - rhs).free_symbols if str(s) in point}
        left, right = sp.sympify(lhs).xreplace(at), sp.sympify(rhs).xreplace(at)
        truth = {"<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right}[relation]
        assert truth == sp.false and gap <= 0


# -- issue 15: each mechanism of the algebra, with a case that only it decides -------------------------
j = sp.Symbol("j", integer=True, positive=True)
m = sp.Symbol("m", integer=True)
qp = sp.Symbol("qp", positive=True)
F, G = sp.Function("F"), sp.Function("G")
delta = sp.KroneckerDelta(i, j)
UNDECIDED_EQUAL = "SymPy could not show the difference is 0, and no point found where it is not"
UNDECIDED_SIGN = "SymPy could not decide the sign of the gap, and sampling found no violation"


@pytest.mark.parametrize(("lhs", "rhs"), [
    # square roots: reduced modulo w**2 = base after clearing denominators (rationalising)
    (1 / (sp.sqrt(p) + 1), (sp.sqrt(p) - 1) / (p - 1)),
    (sp.sqrt(p) / (sp.sqrt(qp) + 1), sp.sqrt(p) * (sp.sqrt(qp) - 1) / (qp - 1)),  # two roots
    # a root's base is factored: sqrt(p^2 (qp + 1)) = p sqrt(qp + 1), also inside a power
    (sp.sqrt(p**2 * qp + p**2), p * sp.sqrt(qp + 1)),
    ((p**2 * qp + p**2) ** sp.Rational(3, 2), p**3 * (qp + 1) * sp.sqrt(qp + 1)),
    # every root is reduced: 1/(a + b) = (a - b)/(a^2 - b^2) needs both sqrt(p) and sqrt(qp)
    (1 / (sp.sqrt(p) + sp.sqrt(qp)), (sp.sqrt(p) - sp.sqrt(qp)) / (p - qp)),
    (sp.sqrt(x**2 + 1) / (sp.sqrt(p) + sp.sqrt(qp)), sp.sqrt(x**2 + 1) * (sp.sqrt(p) - sp.sqrt(qp)) / (p - qp)),
    ((sp.sqrt(p) + sp.sqrt(qp)) ** 2, p + qp + 2 * sp.sqrt(p) * sp.sqrt(qp)),
    # a cube root is left to cancel(): 1 + c^3 = (1 + c)(1 - c + c^2)
    (1 / (sp.cbrt(p) + 1), (sp.cbrt(p) ** 2 - sp.cbrt(p) + 1) / (p + 1)),
    # Kronecker deltas: both cases i = j and i != j
    (delta * x + (1 - delta) * x, x), (delta * (i - j), 0), (delta * v[i], delta * v[j]),
    (x**delta, 1 + (x - 1) * delta),  # the delta is 1 in one case, 0 in the other
    (x ** sp.KroneckerDelta(i, j + 1), 1 + (x - 1) * sp.KroneckerDelta(i, j + 1)),  # i = j + 1
    (sp.KroneckerDelta(i, j + 1) * (i - j - 1), 0),
    (delta * sp.KroneckerDelta(i, m) * (j - m), 0),  # two deltas: j = i = m
    # sums: linearity, constants, and the number of terms hi - lo + 1
    (sp.Sum(3 * v[i] + x, (i, 1, d)), 3 * sp.Sum(v[j], (j, 1, d)) + d * x),
    (sp.Sum(1, (i, 3, d)), d - 2), (sp.Sum(2, (i, 1, d)), 2 * d),
    (sp.Derivative(sp.Sum(v[i] * x**2, (i, 1, d)), x), 2 * x * sp.Sum(v[i], (i, 1, d))),
    # integrals, limits, products and Subs are carried out
    (sp.Integral(x, (x, 0, 1)), sp.Rational(1, 2)), (sp.Limit(sp.sin(x) / x, x, 0), 1),
    (sp.Product(i, (i, 1, 3)), 6), (sp.Subs(sp.Derivative(F(y), y), y, x) * 2, 2 * sp.Derivative(F(x), x)),
    (sp.Derivative(F(x) * x, x), F(x) + x * sp.Derivative(F(x), x)),
])
def test_each_mechanism_proves_its_identity(lhs, rhs):
    assert equal(lhs, rhs).verdict is Truth.TRUE


@pytest.mark.parametrize(("lhs", "rhs"), [
    (sp.sqrt(p) * x, 0),  # c0 + c1 w with c0 = 0: the coefficient of the root must vanish too
    (sp.sqrt(p) + sp.sqrt(qp), sp.sqrt(qp)),
    ((sp.sqrt(p) + sp.sqrt(qp)) ** 2, p + qp),  # the cross term 2 sqrt(p qp) is not 0
    (delta, 1),  # the case i != j refutes it
    (delta * x, x),
])
def test_a_root_or_a_delta_does_not_hide_a_difference(lhs, rhs):
    decision = equal(lhs, rhs)
    assert decision.verdict is Truth.FALSE
    point, difference = _point(decision.detail)
    value = (lhs - rhs).xreplace({s: point[str(s)] for s in (lhs - rhs).free_symbols if str(s) in point})
    assert value != 0 and abs(float(value) - difference) <= 1e-5 * max(1.0, abs(difference))


def test_a_case_split_or_a_given_fact_decides_a_sum_with_a_delta():
    # sum_j delta_ij v_j = v_i only when i is within 1..d: false without that fact, proved with it
    lhs = sp.Sum(delta * v[j], (j, 1, d))
    decision = equal(lhs, v[i])
    assert decision.verdict is Truth.FALSE
    point, _ = _point(decision.detail)
    assert point["i"] > point["d"]
    assert equal(lhs, v[i], given=(d >= i,)).verdict is Truth.TRUE
    squares = sp.Sum(delta * v[j] ** 2, (j, 1, d))
    assert holds(squares, ">=", v[i] ** 2, given=(d >= i,)).verdict is Truth.TRUE
    decision = holds(squares, ">=", v[i] ** 2)
    assert decision.verdict is Truth.FALSE
    point, gap = _point(decision.detail)
    assert point["i"] > point["d"] and gap < 0


def test_a_case_of_a_delta_summed_inside_a_sum_is_taken_within_that_sums_range():
    # sum_i sum_j v_i delta_ij v_j = sum_i v_i^2: the inner sum leaves the case i <= d, which the outer sum's index
    # meets; the same sum over i up to d + 1 does not meet it, and the two still differ there
    # (the inner sum carried out first, as the reader of index notation does: SymPy merges nested sums into one)
    k = sp.Symbol("k", integer=True, positive=True)
    inner = normal_sums(sp.Sum(v[i] * sp.KroneckerDelta(i, j) * v[j], (j, 1, d)))
    assert inner.has(sp.Piecewise)
    assert equal(sp.Sum(inner, (i, 1, d)), sp.Sum(v[k] ** 2, (k, 1, d))).verdict is Truth.TRUE
    assert equal(sp.Sum(inner, (i, 1, d + 1)), sp.Sum(v[k] ** 2, (k, 1, d + 1))).verdict is not Truth.TRUE
    assert equal(sp.Sum(inner, (i, 1, d)), sp.Sum(2 * v[k] ** 2, (k, 1, d))).verdict is not Truth.TRUE


def test_a_square_in_a_sums_body_is_multiplied_out_so_linearity_takes_it_apart():
    # sum_i w_i (v_i - c)^2 = sum_i w_i v_i^2 - 2c sum_i w_i v_i + c^2 sum_i w_i, c free of i (here c = v_1)
    w = sp.IndexedBase("w", real=True)
    k = sp.Symbol("k", integer=True, positive=True)
    c = v[1]
    lhs = sp.Sum(w[k] * (v[k] - c) ** 2, (k, 1, d))
    rhs = (sp.Sum(w[k] * v[k] ** 2, (k, 1, d)) - 2 * c * sp.Sum(w[k] * v[k], (k, 1, d))
           + c ** 2 * sp.Sum(w[k], (k, 1, d)))
    assert equal(lhs, rhs).verdict is Truth.TRUE
    assert equal(lhs, rhs + c ** 2 * sp.Sum(w[k], (k, 1, d))).verdict is not Truth.TRUE


def test_nested_roots_stay_undecided():
    # sqrt(p + 2 sqrt(p) + 1) = sqrt(p) + 1 holds (for p > 0) but needs denesting: not shown, never refuted
    decision = equal(sp.sqrt(p + 2 * sp.sqrt(p) + 1), sp.sqrt(p) + 1)
    assert (decision.verdict, decision.detail) == (Truth.UNKNOWN, UNDECIDED_EQUAL)


def test_a_matrix_names_the_first_entry_that_differs():
    a = sp.Matrix([[1, 2], [3, 4]])
    assert equal(a, sp.Matrix([[1, 2], [3, 5]])).detail.startswith("entry (2,2): differs")
    assert equal(a, sp.Matrix([[1, 2], [4, 4]])).detail.startswith("entry (2,1): differs")
    assert equal(sp.Matrix([[1, 2, 3]]), sp.Matrix([[1, 2, 4]])).detail.startswith("entry (1,3): differs")
    # a refuted entry wins over an undecided one; undecided entries alone leave the matrix undecided
    decision = equal(sp.Matrix([[F(x), 1]]), sp.Matrix([[G(x), 2]]))
    assert decision.verdict is Truth.FALSE and decision.detail.startswith("entry (1,2): ")
    decision = equal(sp.Matrix([[1, F(x)]]), sp.Matrix([[1, G(x)]]))
    assert (decision.verdict, decision.detail) == (Truth.UNKNOWN, UNDECIDED_EQUAL)
    decision = equal(sp.Matrix([1, 2]), sp.Matrix([[1, 2]]))
    assert (decision.verdict, decision.detail) == (Truth.FALSE, "shapes differ: (2, 1) versus (1, 2)")


def test_undecided_results_say_why():
    decision = equal(F(x), G(x))
    assert (decision.verdict, decision.detail) == (Truth.UNKNOWN, UNDECIDED_EQUAL)
    # sqrt(p+1) - sqrt(p) = 1/(sqrt(p+1) + sqrt(p)) < 1/(2 sqrt(p)): true, but not shown here
    decision = holds(sp.sqrt(p + 1) - sp.sqrt(p), "<", 1 / (2 * sp.sqrt(p)))
    assert (decision.verdict, decision.detail) == (Truth.UNKNOWN, UNDECIDED_SIGN)
    # q(q^2 - q + 1) >= 0 for q >= 0 (q^2 - q + 1 > 0): sampling must respect q >= 0 and find nothing
    decision = holds(q**3 - q**2 + q, ">=", 0)
    assert (decision.verdict, decision.detail) == (Truth.UNKNOWN, UNDECIDED_SIGN)


@pytest.mark.parametrize(("lhs", "relation", "rhs", "detail"), [
    (1, ">", 2, "the gap -1 is not > 0"), (2, ">=", 3, "the gap -1 is not >= 0"),
    (3, "<", 2, "the gap -1 is not > 0"), (3, "<=", 2, "the gap -1 is not >= 0"),
    (x, "<", x, "the gap 0 is not > 0"), (x, ">", x, "the gap 0 is not > 0"),
])
def test_a_numeric_gap_of_the_wrong_sign_is_stated(lhs, relation, rhs, detail):
    decision = holds(lhs, relation, rhs)
    assert (decision.verdict, decision.detail) == (Truth.FALSE, detail)


@pytest.mark.parametrize(("lhs", "relation", "rhs", "verdict"), [
    (x**2 + y**2, ">=", 2 * x * y, Truth.TRUE), (x * y, "<=", (x**2 + y**2) / 2, Truth.TRUE),
    (sp.sqrt(p), "<=", (p + 1) / 2, Truth.TRUE),  # AM-GM: (sqrt(p) - 1)^2 >= 0
    (sp.sqrt(2) + sp.sqrt(3), "<", sp.sqrt(10), Truth.TRUE),  # 5 + 2 sqrt(6) = 9.899 < 10
    (sp.sqrt(2) + sp.sqrt(3), ">", sp.sqrt(10), Truth.FALSE),
    (sp.sqrt(p + 1), ">", sp.sqrt(p), Truth.TRUE), (sp.sqrt(p**2 + 1), ">", p, Truth.TRUE),
    (x, ">=", x, Truth.TRUE), (x, "<=", x, Truth.TRUE),
    # squaring compares only non-negative sides: -p - 2 < 0 <= sqrt(p), though (p+2)^2 > p
    (-p - 2, ">=", sp.sqrt(p), Truth.FALSE),
    (x + 1, "=", x + 1, Truth.TRUE), (x, "==", x + 1, Truth.FALSE),  # "=" is an equality
])
def test_inequalities_between_roots_and_squares(lhs, relation, rhs, verdict):
    assert holds(lhs, relation, rhs).verdict is verdict


@pytest.mark.parametrize(("lhs", "relation", "rhs", "name", "bad"), [
    (k, ">=", 1, "k", lambda t: t == 0),  # a non-negative integer can be 0
    (m, ">=", 0, "m", lambda t: t < 0),  # an integer can be negative
    (x, ">=", 0, "x", lambda t: t < 0),  # so can a real
    (p, "<", 0, "p", lambda t: t > 0),
])
def test_sampling_reaches_every_value_a_symbol_may_take(lhs, relation, rhs, name, bad):
    decision = holds(lhs, relation, rhs)
    assert decision.verdict is Truth.FALSE
    point, gap = _point(decision.detail)
    assert bad(point[name]) and gap < 0
    expected = point[name] - rhs if relation == ">=" else rhs - point[name]
    assert abs(gap - float(expected)) <= 1e-5 * max(1.0, abs(gap))


def test_sums_and_products_of_entries_are_expanded_at_a_concrete_size():
    # sum v_i^2 = (sum v_i)^2 fails for d = 2 (the cross term 2 v_1 v_2); prod v_i^2 = prod v_i fails for most v
    for lhs, rhs in ((sp.Sum(v[i] ** 2, (i, 1, d)), sp.Sum(v[i], (i, 1, d)) ** 2),
                     (sp.Product(v[i] ** 2, (i, 1, d)), sp.Product(v[i], (i, 1, d)))):
        decision = equal(lhs, rhs)
        assert decision.verdict is Truth.FALSE
        point, difference = _point(decision.detail)
        assert set(point) == {"d"} and difference != 0
    # a sum of two terms free of the index: d terms of each
    assert equal(sp.Sum(2 + x, (i, 1, d)), d * (x + 2)).verdict is Truth.TRUE


def test_given_facts_reach_both_sides_and_equalities():
    squares = sp.Sum(delta * v[j] ** 2, (j, 1, d))
    assert holds(v[i] ** 2, "<=", squares, given=(d >= i,)).verdict is Truth.TRUE
    assert holds(squares, "=", v[i] ** 2, given=(d >= i,)).verdict is Truth.TRUE


def test_a_form_the_algebra_cannot_handle_is_not_taken_as_shown():
    # sqrt(p) sin(sqrt(p)) is no polynomial in the root: the reduction raises, which proves nothing
    decision = equal(sp.sqrt(p) * sp.sin(sp.sqrt(p)), 0)
    assert decision.verdict is Truth.FALSE
    point, difference = _point(decision.detail)
    value = sp.sqrt(point["p"]) * sp.sin(sp.sqrt(point["p"]))
    assert abs(float(value) - difference) <= 1e-5 * max(1.0, abs(difference))


def test_given_facts_reach_every_entry_of_a_matrix():
    entry = sp.Sum(delta * v[j], (j, 1, d))
    assert equal(sp.Matrix([[entry, 1]]), sp.Matrix([[v[i], 1]]), given=(d >= i,)).verdict is Truth.TRUE
    assert equal(sp.Matrix([[entry, 1]]), sp.Matrix([[v[i], 1]])).verdict is Truth.FALSE  # i may exceed d


# -- issue 15, mutation testing: the rules the surviving mutants showed untested -------------------------
from lnsym.decide import _reduce, _sample_value  # noqa: E402


def test_a_rational_identity_is_shown_over_a_common_denominator():
    """Without roots, the numerator of the difference over one denominator is expanded:
    x/(x + 1) + 1/(x + 1) - 1 = (x + 1 - (x + 1))/(x + 1) = 0."""
    decision = equal(x / (x + 1) + 1 / (x + 1), 1)
    assert (decision.verdict, decision.detail) == (Truth.TRUE, "")


def test_a_roots_base_is_factored_before_roots_are_compared():
    """sqrt(p qp + p + qp + 1) = sqrt((p + 1)(qp + 1)) = sqrt(p + 1) sqrt(qp + 1) for p, qp > 0: no power but
    roots here, and neither expand nor the numerator over one denominator sees it; factoring the base does."""
    assert equal(sp.sqrt(p * qp + p + qp + 1), sp.sqrt(p + 1) * sp.sqrt(qp + 1)).verdict is Truth.TRUE


@pytest.mark.parametrize(("lhs", "rhs"), [
    # s = sqrt(1/(x - 1)) (real for x > 1): 1/(s + 1) = (s - 1)/(s^2 - 1) = (s - 1)(x - 1)/(2 - x)
    (1 / (sp.sqrt(1 / (x - 1)) + 1), (sp.sqrt(1 / (x - 1)) - 1) * (x - 1) / (2 - x)),
    # t = 1/s = sqrt(x - 1), written as the power -1/2: 1/(t + 1) = (t - 1)/(t^2 - 1) = (t - 1)/(x - 2)
    (1 / (1 / sp.sqrt(1 / (x - 1)) + 1), (1 / sp.sqrt(1 / (x - 1)) - 1) / (x - 2)),
])
def test_a_root_of_a_fraction_is_reduced_modulo_its_denominator(lhs, rhs):
    """SymPy keeps sqrt(1/(x - 1)) whole (the sign of x - 1 is unknown) and expands s^2 into fractions that
    do not cancel; the pseudo-remainder modulo (x - 1) w^2 - 1 (w = s, or w^-1 for the power -1/2) does."""
    assert equal(lhs, rhs).verdict is Truth.TRUE


def test_the_part_free_of_the_root_must_vanish_too():
    """1/(sqrt p + 1) - 1/(sqrt p - 1) = ((sqrt p - 1) - (sqrt p + 1))/(p - 1) = -2/(p - 1): the coefficient of
    sqrt p is 0 either way, so a sign slip is only in the part free of the root, which must vanish too."""
    lhs = 1 / (sp.sqrt(p) + 1) - 1 / (sp.sqrt(p) - 1)
    assert equal(lhs, -2 / (p - 1)).verdict is Truth.TRUE
    decision = equal(lhs, 2 / (p - 1))
    assert decision.verdict is Truth.FALSE
    point, difference = _point(decision.detail)
    assert abs(-4 / (float(point["p"]) - 1) - difference) <= 1e-5 * max(1.0, abs(difference))  # -2/(p-1) - 2/(p-1)


def test_the_reduction_skips_a_root_the_numerator_lacks_and_reduces_the_next():
    """_reduce(num, roots) is 0 exactly when num vanishes modulo w^2 = base for every root, in the order given
    (the order of a set of powers, so any root may come first): w2^2 - qp vanishes modulo w2^2 = qp though it
    does not contain w1; w2^2 - qp + 1 leaves 1."""
    w1, w2 = sp.Dummy("w1", positive=True), sp.Dummy("w2", positive=True)
    roots = [(p, w1), (qp, w2)]
    assert _reduce(w2**2 - qp, roots) == 0
    assert _reduce(w2**2 - qp + 1, roots) == 1
    assert _reduce(x * w2**2 - x * qp + w1**2 - p, roots) == 0  # both roots reduced
    # w1 (w2^2 - qp): the coefficient of w1 vanishes only modulo the later root w2^2 = qp
    assert _reduce(w1 * (w2**2 - qp), roots) == 0


def test_a_square_root_is_the_non_negative_root():
    """The symbol that stands for sqrt(B) is positive: |sqrt(B)| = sqrt(B), here for B = x^4 - 2x^2 + 2 =
    (x^2 - 1)^2 + 1 > 0, whose sign SymPy does not see (it keeps the Abs)."""
    base = x**4 - 2 * x**2 + 2
    assert sp.Abs(sp.sqrt(base)).func is sp.Abs  # SymPy alone does not drop the absolute value
    assert equal(sp.Abs(sp.sqrt(base)), sp.sqrt(base)).verdict is Truth.TRUE


def test_an_applied_function_is_opaque_even_around_a_root():
    """F(sqrt p) is one atom: rationalising 1/(sqrt p + 1) works around it, although its argument holds the
    root being eliminated: F(sqrt p)/(sqrt p + 1) = F(sqrt p)(sqrt p - 1)/(p - 1)."""
    f = F(sp.sqrt(p))
    assert equal(f / (sp.sqrt(p) + 1), f * (sp.sqrt(p) - 1) / (p - 1)).verdict is Truth.TRUE


def test_a_known_function_is_left_to_the_algebra():
    """Only applied undefined functions are opaque: exp(x + y) = exp(x) exp(y) by expand."""
    assert equal(sp.exp(x + y), sp.exp(x) * sp.exp(y)).verdict is Truth.TRUE


def test_an_opaque_atom_keeps_its_realness():
    """A sum of real entries S is real, and so is the symbol standing for it: sqrt(S^2 + 2S + 1) = sqrt((S+1)^2)
    = |S + 1| (for a symbol of unknown realness the root would stay)."""
    s = sp.Sum(v[i], (i, 1, d))
    assert equal(sp.sqrt(s**2 + 2 * s + 1), sp.Abs(s + 1)).verdict is Truth.TRUE


def test_a_power_with_a_symbolic_exponent_is_no_root():
    """2^n = n + 1 holds at n = 1 only: it is refuted at another point, and 2^n is not taken for a root."""
    decision = equal(2**n, n + 1)
    assert decision.verdict is Truth.FALSE
    point, difference = _point(decision.detail)
    assert point["n"] != 1 and difference == 2 ** int(point["n"]) - int(point["n"]) - 1


def test_a_delta_case_replaces_the_index_by_the_expression():
    """In the case i = j + 1 of delta(i, j + 1), i becomes j + 1 everywhere (not the pattern j + 1 becomes i):
    delta(i, j + 1) (j^2 - (i - 1)^2) is 0 in both cases."""
    assert equal(sp.KroneckerDelta(i, j + 1) * (j**2 - (i - 1) ** 2), 0).verdict is Truth.TRUE


def test_a_matrix_may_be_compared_with_nested_lists():
    """One side a matrix makes both matrices: Matrix([[1, 2]]) = [[1, 2]], and [[1, 2]] differs from
    Matrix([[1, 3]]) in entry (1,2) by -1."""
    assert equal(sp.Matrix([[1, 2]]), [[1, 2]]).verdict is Truth.TRUE
    assert equal([[1, 2]], sp.Matrix([[1, 3]])) == equal(sp.Matrix([[1, 2]]), sp.Matrix([[1, 3]]))
    assert equal([[1, 2]], sp.Matrix([[1, 3]])).detail == "entry (1,2): differs at the point: difference = -1"


def test_a_sum_of_squares_is_non_negative_as_written():
    """sum (v_i - 1)^2 >= 0 is seen before the sum is split by linearity (into sum v_i^2 - 2 sum v_i + d,
    whose sign SymPy cannot tell)."""
    decision = holds(sp.Sum((v[i] - 1) ** 2, (i, 1, d)), ">=", 0)
    assert (decision.verdict, decision.detail) == (Truth.TRUE, "")


def test_equal_sides_refute_a_strict_inequality_but_not_a_weak_one():
    """sum_{1..d} v_i = sum_{1..d-1} v_i + v_d (SymPy does not see it: different limits). At every point the
    gap is 0: that violates '>', not '>='."""
    lhs, rhs = sp.Sum(v[i], (i, 1, d)), sp.Sum(v[i], (i, 1, d - 1)) + v[d]
    decision = holds(lhs, ">", rhs)
    assert decision.verdict is Truth.FALSE
    point, gap = _point(decision.detail)
    assert set(point) == {"d"} and gap == 0
    assert (holds(lhs, ">=", rhs).verdict, holds(lhs, ">=", rhs).detail) == (Truth.UNKNOWN, UNDECIDED_SIGN)


def test_a_difference_above_the_noise_floor_is_a_counterexample():
    """A numeric difference above 1e-12 refutes; one at or below it is taken for evaluation noise."""
    decision = equal(sp.Rational(15, 10**13), 0)
    assert (decision.verdict, decision.detail) == (Truth.FALSE, "differs at the point: difference = 1.5e-12")
    decision = equal(sp.Rational(5, 10**13), 0)
    assert (decision.verdict, decision.detail) == (Truth.UNKNOWN, UNDECIDED_EQUAL)


def test_a_point_off_the_real_domain_is_skipped_and_the_search_goes_on():
    """sqrt(x - 1) = 1 fails for real x > 1 other than 2; a sampled x < 1 makes sqrt(x - 1) imaginary and is no
    counterexample (whatever its real part), so the point named has x >= 1."""
    decision = equal(sp.sqrt(x - 1), 1)
    assert decision.verdict is Truth.FALSE
    point, difference = _point(decision.detail)
    assert point["x"] >= 1 and abs(float(sp.sqrt(point["x"] - 1)) - 1 - difference) <= 1e-5


def test_a_point_where_the_value_cannot_be_evaluated_is_skipped_and_the_search_goes_on():
    """Piecewise(F(x) for x < 1, x otherwise) = 2 fails for every x >= 1 but 2; below 1 the value of the unknown
    F cannot be computed, which is no evidence either way, so the point named has x >= 1."""
    decision = equal(sp.Piecewise((F(x), x < 1), (x, True)), 2)
    assert decision.verdict is Truth.FALSE
    point, difference = _point(decision.detail)
    assert point["x"] >= 1 and abs(float(point["x"]) - 2 - difference) <= 1e-5


def test_a_counterexample_is_reproducible():
    """The search is seeded: the same claim names the same point every time."""
    details = {equal(x * y + sp.sqrt(p), x * y).detail for _ in range(3)}
    assert len(details) == 1 and details.pop().startswith("differs at ")


def test_an_unrestricted_real_is_sampled_positive_too():
    """x <= 0 fails for every positive real x: the search tries both signs of an unrestricted real."""
    decision = holds(x, "<=", 0)
    assert decision.verdict is Truth.FALSE
    point, gap = _point(decision.detail)
    assert point["x"] > 0 and abs(gap + float(point["x"])) <= 1e-5


def test_an_entry_is_sampled_within_the_assumptions_of_its_base():
    """q^3 - q^2 + q = q((q - 1/2)^2 + 3/4) > 0 for q > 0: for an entry of a positive vector w (and so for a sum
    of such terms) no point may refute it; an entry sampled negative would."""
    w = sp.IndexedBase("w", positive=True)
    decision = holds(w[1] ** 3 - w[1] ** 2 + w[1], ">=", 0)
    assert (decision.verdict, decision.detail) == (Truth.UNKNOWN, UNDECIDED_SIGN)
    decision = holds(w[1], "<=", 0)  # an entry of w is positive: every sample refutes it
    assert decision.verdict is Truth.FALSE and _point(decision.detail)[1] < 0


def test_sample_values_are_small_and_respect_the_assumptions():
    """Integers (sizes, indices) are sampled in [1, 6] when positive, [0, 6] when non-negative, [-3, 6]
    otherwise; reals on the grid k/97, 1 <= k <= 400, with a random sign when the real may be negative.
    Every end is reached."""
    import random

    rng = random.Random(1)
    cases = {n: set(range(1, 7)), k: set(range(0, 7)), m: set(range(-3, 7))}
    for symbol, support in cases.items():
        assert {_sample_value(symbol, rng) for _ in range(400)} == support
    grid = {sp.Rational(t, 97) for t in range(1, 401)}
    positive = {_sample_value(p, rng) for _ in range(20000)}
    assert positive == grid
    signed = {_sample_value(x, rng) for _ in range(40000)}
    assert signed == grid | {-g for g in grid}


def test_shown_equal_proves_by_algebra_alone_and_never_samples(monkeypatch):
    from lnsym import decide

    x = sp.Symbol("x", real=True)
    i, d = sp.symbols("i d", integer=True, positive=True)
    v = sp.IndexedBase("v", positive=True)

    def no_sampling(*args, **kwargs):
        raise AssertionError("shown_equal sampled a point")

    monkeypatch.setattr(decide, "_counterexample", no_sampling)
    assert decide.shown_equal((x + 1) ** 2, x**2 + 2 * x + 1) is True
    assert decide.shown_equal(sp.Sum(2 * v[i] + 1, (i, 1, d)), 2 * sp.Sum(v[i], (i, 1, d)) + d) is True
    assert decide.shown_equal(x + 1, x) is False  # refuted elsewhere, never here
    assert decide.shown_equal(sp.KroneckerDelta(i, 1) * x, x) is False  # holds in one case of the delta only

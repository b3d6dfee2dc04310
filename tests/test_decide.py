"""Three-valued decisions: true only when shown, false only with a counterexample, else unknown."""

import pytest
import sympy as sp

from lnsym.claims import Verdict
from lnsym.decide import equal, holds

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
    assert equal(lhs, rhs).verdict is Verdict.TRUE


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
    assert decision.verdict is Verdict.FALSE
    assert decision.detail


def test_matrices_of_different_shapes_differ():
    assert equal(sp.Matrix([1, 2]), sp.Matrix([[1, 2]])).verdict is Verdict.FALSE


def test_undecidable_stays_unknown_never_true():
    F, G = sp.Function("F"), sp.Function("G")
    assert equal(F(x), G(x)).verdict is Verdict.UNKNOWN


@pytest.mark.parametrize(
    ("lhs", "relation", "rhs", "verdict"),
    [
        (d * p / (p + 1), "<=", d, Verdict.TRUE),
        (p / sp.sqrt(p**2 + 1), "<", 1, Verdict.TRUE),
        (1 / sp.sqrt(x**2 + p), "<=", 1 / sp.sqrt(p), Verdict.TRUE),
        (d * p / (p + 1), ">=", d, Verdict.FALSE),
        (x, "<=", x + 1, Verdict.TRUE),
        (x + 1, "<", x, Verdict.FALSE),
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
    assert decision.verdict is Verdict.FALSE
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
    assert decision.verdict is Verdict.FALSE
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
    assert equal(lhs, rhs).verdict is Verdict.TRUE


@pytest.mark.parametrize(("lhs", "rhs"), [
    (sp.sqrt(p) * x, 0),  # c0 + c1 w with c0 = 0: the coefficient of the root must vanish too
    (sp.sqrt(p) + sp.sqrt(qp), sp.sqrt(qp)),
    ((sp.sqrt(p) + sp.sqrt(qp)) ** 2, p + qp),  # the cross term 2 sqrt(p qp) is not 0
    (delta, 1),  # the case i != j refutes it
    (delta * x, x),
])
def test_a_root_or_a_delta_does_not_hide_a_difference(lhs, rhs):
    decision = equal(lhs, rhs)
    assert decision.verdict is Verdict.FALSE
    point, difference = _point(decision.detail)
    value = (lhs - rhs).xreplace({s: point[str(s)] for s in (lhs - rhs).free_symbols if str(s) in point})
    assert value != 0 and abs(float(value) - difference) <= 1e-5 * max(1.0, abs(difference))


def test_a_case_split_or_a_given_fact_decides_a_sum_with_a_delta():
    # sum_j delta_ij v_j = v_i only when i is within 1..d: false without that fact, proved with it
    lhs = sp.Sum(delta * v[j], (j, 1, d))
    decision = equal(lhs, v[i])
    assert decision.verdict is Verdict.FALSE
    point, _ = _point(decision.detail)
    assert point["i"] > point["d"]
    assert equal(lhs, v[i], given=(d >= i,)).verdict is Verdict.TRUE
    squares = sp.Sum(delta * v[j] ** 2, (j, 1, d))
    assert holds(squares, ">=", v[i] ** 2, given=(d >= i,)).verdict is Verdict.TRUE
    decision = holds(squares, ">=", v[i] ** 2)
    assert decision.verdict is Verdict.FALSE
    point, gap = _point(decision.detail)
    assert point["i"] > point["d"] and gap < 0


def test_nested_roots_stay_undecided():
    # sqrt(p + 2 sqrt(p) + 1) = sqrt(p) + 1 holds (for p > 0) but needs denesting: not shown, never refuted
    decision = equal(sp.sqrt(p + 2 * sp.sqrt(p) + 1), sp.sqrt(p) + 1)
    assert (decision.verdict, decision.detail) == (Verdict.UNKNOWN, UNDECIDED_EQUAL)


def test_a_matrix_names_the_first_entry_that_differs():
    a = sp.Matrix([[1, 2], [3, 4]])
    assert equal(a, sp.Matrix([[1, 2], [3, 5]])).detail.startswith("entry (2,2): differs")
    assert equal(a, sp.Matrix([[1, 2], [4, 4]])).detail.startswith("entry (2,1): differs")
    assert equal(sp.Matrix([[1, 2, 3]]), sp.Matrix([[1, 2, 4]])).detail.startswith("entry (1,3): differs")
    # a refuted entry wins over an undecided one; undecided entries alone leave the matrix undecided
    decision = equal(sp.Matrix([[F(x), 1]]), sp.Matrix([[G(x), 2]]))
    assert decision.verdict is Verdict.FALSE and decision.detail.startswith("entry (1,2): ")
    decision = equal(sp.Matrix([[1, F(x)]]), sp.Matrix([[1, G(x)]]))
    assert (decision.verdict, decision.detail) == (Verdict.UNKNOWN, UNDECIDED_EQUAL)
    decision = equal(sp.Matrix([1, 2]), sp.Matrix([[1, 2]]))
    assert (decision.verdict, decision.detail) == (Verdict.FALSE, "shapes differ: (2, 1) versus (1, 2)")


def test_undecided_results_say_why():
    decision = equal(F(x), G(x))
    assert (decision.verdict, decision.detail) == (Verdict.UNKNOWN, UNDECIDED_EQUAL)
    # sqrt(p+1) - sqrt(p) = 1/(sqrt(p+1) + sqrt(p)) < 1/(2 sqrt(p)): true, but not shown here
    decision = holds(sp.sqrt(p + 1) - sp.sqrt(p), "<", 1 / (2 * sp.sqrt(p)))
    assert (decision.verdict, decision.detail) == (Verdict.UNKNOWN, UNDECIDED_SIGN)
    # q(q^2 - q + 1) >= 0 for q >= 0 (q^2 - q + 1 > 0): sampling must respect q >= 0 and find nothing
    decision = holds(q**3 - q**2 + q, ">=", 0)
    assert (decision.verdict, decision.detail) == (Verdict.UNKNOWN, UNDECIDED_SIGN)


@pytest.mark.parametrize(("lhs", "relation", "rhs", "detail"), [
    (1, ">", 2, "the gap -1 is not > 0"), (2, ">=", 3, "the gap -1 is not >= 0"),
    (3, "<", 2, "the gap -1 is not > 0"), (3, "<=", 2, "the gap -1 is not >= 0"),
    (x, "<", x, "the gap 0 is not > 0"), (x, ">", x, "the gap 0 is not > 0"),
])
def test_a_numeric_gap_of_the_wrong_sign_is_stated(lhs, relation, rhs, detail):
    decision = holds(lhs, relation, rhs)
    assert (decision.verdict, decision.detail) == (Verdict.FALSE, detail)


@pytest.mark.parametrize(("lhs", "relation", "rhs", "verdict"), [
    (x**2 + y**2, ">=", 2 * x * y, Verdict.TRUE), (x * y, "<=", (x**2 + y**2) / 2, Verdict.TRUE),
    (sp.sqrt(p), "<=", (p + 1) / 2, Verdict.TRUE),  # AM-GM: (sqrt(p) - 1)^2 >= 0
    (sp.sqrt(2) + sp.sqrt(3), "<", sp.sqrt(10), Verdict.TRUE),  # 5 + 2 sqrt(6) = 9.899 < 10
    (sp.sqrt(2) + sp.sqrt(3), ">", sp.sqrt(10), Verdict.FALSE),
    (sp.sqrt(p + 1), ">", sp.sqrt(p), Verdict.TRUE), (sp.sqrt(p**2 + 1), ">", p, Verdict.TRUE),
    (x, ">=", x, Verdict.TRUE), (x, "<=", x, Verdict.TRUE),
    # squaring compares only non-negative sides: -p - 2 < 0 <= sqrt(p), though (p+2)^2 > p
    (-p - 2, ">=", sp.sqrt(p), Verdict.FALSE),
    (x + 1, "=", x + 1, Verdict.TRUE), (x, "==", x + 1, Verdict.FALSE),  # "=" is an equality
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
    assert decision.verdict is Verdict.FALSE
    point, gap = _point(decision.detail)
    assert bad(point[name]) and gap < 0
    expected = point[name] - rhs if relation == ">=" else rhs - point[name]
    assert abs(gap - float(expected)) <= 1e-5 * max(1.0, abs(gap))


def test_sums_and_products_of_entries_are_expanded_at_a_concrete_size():
    # sum v_i^2 = (sum v_i)^2 fails for d = 2 (the cross term 2 v_1 v_2); prod v_i^2 = prod v_i fails for most v
    for lhs, rhs in ((sp.Sum(v[i] ** 2, (i, 1, d)), sp.Sum(v[i], (i, 1, d)) ** 2),
                     (sp.Product(v[i] ** 2, (i, 1, d)), sp.Product(v[i], (i, 1, d)))):
        decision = equal(lhs, rhs)
        assert decision.verdict is Verdict.FALSE
        point, difference = _point(decision.detail)
        assert set(point) == {"d"} and difference != 0
    # a sum of two terms free of the index: d terms of each
    assert equal(sp.Sum(2 + x, (i, 1, d)), d * (x + 2)).verdict is Verdict.TRUE


def test_given_facts_reach_both_sides_and_equalities():
    squares = sp.Sum(delta * v[j] ** 2, (j, 1, d))
    assert holds(v[i] ** 2, "<=", squares, given=(d >= i,)).verdict is Verdict.TRUE
    assert holds(squares, "=", v[i] ** 2, given=(d >= i,)).verdict is Verdict.TRUE


def test_a_form_the_algebra_cannot_handle_is_not_taken_as_shown():
    # sqrt(p) sin(sqrt(p)) is no polynomial in the root: the reduction raises, which proves nothing
    decision = equal(sp.sqrt(p) * sp.sin(sp.sqrt(p)), 0)
    assert decision.verdict is Verdict.FALSE
    point, difference = _point(decision.detail)
    value = sp.sqrt(point["p"]) * sp.sin(sp.sqrt(point["p"]))
    assert abs(float(value) - difference) <= 1e-5 * max(1.0, abs(difference))


def test_given_facts_reach_every_entry_of_a_matrix():
    entry = sp.Sum(delta * v[j], (j, 1, d))
    assert equal(sp.Matrix([[entry, 1]]), sp.Matrix([[v[i], 1]]), given=(d >= i,)).verdict is Verdict.TRUE
    assert equal(sp.Matrix([[entry, 1]]), sp.Matrix([[v[i], 1]])).verdict is Verdict.FALSE  # i may exceed d

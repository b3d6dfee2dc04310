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

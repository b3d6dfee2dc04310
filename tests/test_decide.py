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

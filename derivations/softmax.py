"""Softmax: its Jacobian is diag(p) - p p^T, for every d. The worked example of the README."""

import numpy as np
import sympy as sp

from lnsym import claim, size

d = size("d")  # a symbolic size: a step that uses it holds "for all d"
a, b, j = sp.symbols("a b j", integer=True, positive=True)
x = sp.IndexedBase("x", real=True)
Z = sp.Sum(sp.exp(x[j]), (j, 1, d))
INDICES = (sp.Le(a, d), sp.Le(b, d))  # 1 <= a, b <= d


def p(k):
    return sp.exp(x[k]) / Z


def softmax(X):  # NumPy, over the last axis; complex input works, so the complex step applies
    e = np.exp(X)
    return e / e.sum(axis=-1, keepdims=True)


def softmax_jacobian(v):
    q = softmax(v)
    return np.diag(q) - np.outer(q, q)


@claim(
    "softmax-jacobian",
    title="The softmax Jacobian",
    statement=r"\frac{\partial p_a}{\partial x_b} = p_a\delta_{ab} - p_a p_b,"
    r"\ \text{i.e.}\ J = \operatorname{diag}(p) - p p^\top,\qquad p_a = \frac{e^{x_a}}{Z},"
    r"\ Z = \sum_{j=1}^{d} e^{x_j}",
)
def softmax_jacobian_claim(c):
    r"""Quotient rule, for symbolic $d$; then the formula against a numeric Jacobian."""
    c.abbreviate(Z, "Z", r"\sum_{j=1}^{d} e^{x_j}")
    c.equal(sp.Derivative(Z, x[b]), sp.exp(x[b]), r"only the term $j = b$ depends on $x_b$", given=INDICES)
    c.equal(sp.Derivative(p(a), x[b]), p(a) * sp.KroneckerDelta(a, b) - p(a) * p(b), "quotient rule",
            given=INDICES)
    c.equal(sp.Sum(p(a) * sp.KroneckerDelta(a, j) - p(a) * p(j), (j, 1, d)), 0,
            r"each row sums to 0, as the $p_j$ sum to 1", given=INDICES)
    c.jacobian(r"$\operatorname{diag}(p) - p p^\top$ vs the complex step", softmax, softmax_jacobian,
               lambda rng, n: 3 * rng.standard_normal(n), sizes=(2, 3, 8, 64, 256),
               term_scale=lambda v: softmax(v).max())  # p_a - p_a^2 cancels terms up to max p

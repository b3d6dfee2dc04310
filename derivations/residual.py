"""Residual connections: the +1 of the residual derivative, and the layer Jacobians of Pre-LN and
Post-LN, alone and chained through a stack."""

import numpy as np
import sympy as sp

from lnsym import claim, layer_norm, numeric_jacobian
from lnsym.nets import (
    postln_layer,
    postln_layer_jacobian,
    postln_layer_jacobian_magnitude,
    preln_layer,
    preln_layer_jacobian,
    preln_layer_jacobian_magnitude,
    random_mlp,
)
from lnsym.symbols import a, b, x

SIZES = (2, 3, 4, 8, 64, 512)


def _generic(names: str, dim: int, args) -> sp.Matrix:
    """A vector of ``dim`` arbitrary (undefined) functions of ``args``."""
    return sp.Matrix([sp.Function(f"{names}_{k + 1}")(*args) for k in range(dim)])


def _at(matrix: sp.Matrix, variables, values) -> sp.Matrix:
    return matrix.subs(dict(zip(variables, values, strict=True)), simultaneous=True)


def _sample(rng, dim):
    return rng.standard_normal(dim) * 1.5 + 0.3


def _layer_evidence(c, layer, jacobian, magnitude) -> None:
    """A layer's Jacobian formula against finite differences: a random MLP F and gamma per point,
    at every size, with eps > 0 and eps = 0."""
    for e in (1e-5, 0.0):
        drawn = {}

        def sample(rng, dim, drawn=drawn):
            drawn["F"], drawn["gamma"] = random_mlp(rng, dim), rng.uniform(0.5, 2.0, dim)
            return _sample(rng, dim)

        c.jacobian(f"random MLP F, eps = {e:g}",
                   lambda X, e=e, drawn=drawn: layer(drawn["F"], drawn["gamma"], e)(X),
                   lambda p, e=e, drawn=drawn: jacobian(drawn["F"], drawn["gamma"], e, p),
                   sample, sizes=SIZES, points=1,
                   term_scale=lambda p, e=e, drawn=drawn: magnitude(drawn["F"], drawn["gamma"], e, p))


@claim(
    "residual-derivative",
    title="The residual derivative: 1 + dF/dx",
    statement=r"\frac{d}{dx}\big[x + F(x)\big] = 1 + F'(x),\qquad"
    r"\frac{\partial}{\partial x}\big[x + F(x)\big] = I + J_F(x)",
)
def residual_derivative(c):
    """Linearity of the derivative; the identity term does not depend on F."""
    t = sp.Symbol("x", real=True)
    F = sp.Function("F")
    c.equal(sp.Derivative(t + F(t), t), 1 + sp.Derivative(F(t), t), "linearity of the derivative")
    Fa = sp.Function("F_a")(x[b])
    c.equal(sp.Derivative(x[a] + Fa, x[b]), sp.KroneckerDelta(a, b) + sp.Derivative(Fa, x[b]),
            "entry (a, b): the derivative of x_a by x_b is the Kronecker delta")
    c.equal(sp.Derivative(t + 0 * F(t), t), 1, "with F = 0 the derivative is still 1")

    def compute(rng, dim):
        F_ = random_mlp(rng, dim)
        p = _sample(rng, dim)
        est = numeric_jacobian(lambda X: X + F_(X), p)
        return est.value, np.eye(dim) + F_.jacobian(p), 2 * est.error + 1e-14 * np.abs(F_.jacobian(p)).max()

    c.numeric("d/dx [x + F(x)] vs I + J_F, random MLP F", compute, sizes=SIZES, points=2, method="complex step")


@claim(
    "preln-jacobian",
    title="The Pre-LN layer Jacobian",
    statement=r"\frac{\partial}{\partial x}\big[x + F(\mathrm{LN}(x))\big]"
    r" = I + J_F\big(\mathrm{LN}(x)\big)\,J_{\mathrm{LN}}(x)",
    depends_on=("residual-derivative", "layernorm-jacobian"),
)
def preln_jacobian(c):
    """Chain rule for arbitrary F and an arbitrary inner map L; with L = LN, J_L is the proved J_LN."""

    def build(dim):
        xs = sp.Matrix(sp.symbols(f"x_1:{dim + 1}", real=True))
        L = _generic("L", dim, xs)
        F = _generic("F", dim, L)  # F(L(x)), each F_k an arbitrary function of all of L
        J_F = sp.Matrix(dim, dim, lambda k, j: sp.Derivative(F[k], L[j]))  # dF_k/dL_j at L(x)
        return (xs + F).jacobian(xs), sp.eye(dim) + J_F * L.jacobian(xs)

    c.for_sizes(build, range(2, 5), "chain rule, F and the normalisation arbitrary",
                tex=(r"\frac{\partial}{\partial x}\big[x + F(L(x))\big]", r"I + J_F(L(x))\,J_L(x)"))
    _layer_evidence(c, preln_layer, preln_layer_jacobian, preln_layer_jacobian_magnitude)


@claim(
    "postln-jacobian",
    title="The Post-LN layer Jacobian",
    statement=r"\frac{\partial}{\partial x}\,\mathrm{LN}\big(x + F(x)\big)"
    r" = J_{\mathrm{LN}}\big(x + F(x)\big)\,\big(I + J_F(x)\big)",
    depends_on=("residual-derivative", "layernorm-jacobian"),
)
def postln_jacobian(c):
    """Chain rule for arbitrary F and an arbitrary outer map N; with N = LN, J_N is the proved J_LN."""

    def build(dim):
        xs = sp.Matrix(sp.symbols(f"x_1:{dim + 1}", real=True))
        us = sp.symbols(f"u_1:{dim + 1}", real=True)
        z = xs + _generic("F", dim, xs)
        N = _generic("N", dim, us)
        return _at(N, us, z).jacobian(xs), _at(N.jacobian(us), us, z) * z.jacobian(xs)

    c.for_sizes(build, range(2, 5), "chain rule, F and the normalisation arbitrary",
                tex=(r"\frac{\partial}{\partial x}\,N\big(x + F(x)\big)", r"J_N\big(x+F(x)\big)\,(I + J_F(x))"))
    _layer_evidence(c, postln_layer, postln_layer_jacobian, postln_layer_jacobian_magnitude)


@claim(
    "preln-identity-at-init",
    title="A Pre-LN layer with F = 0 is the identity; a zero-initialised 48-layer stack returns its input",
    statement=r"F \equiv 0 \;\Rightarrow\; x_{i+1} = x_i + F(\mathrm{LN}(x_i)) = x_i",
    depends_on=("residual-derivative",),
)
def preln_identity_at_init(c):
    """Zero output projections make every branch 0; Post-LN's LN still rescales the stream."""
    t = sp.Symbol("x_i", real=True)
    c.equal(t + 0, t, "the branch contributes 0")
    rng = c.rng
    d, layers = 16, 48
    branches = []
    for _ in range(layers):
        F = random_mlp(rng, d)
        branches.append(type(F)(F.W1, F.b1, np.zeros_like(F.W2), np.zeros_like(F.b2)))  # zero output projection
    x0 = rng.standard_normal((5, d)) * 3 + 1
    pre, post = x0.copy(), x0.copy()
    for F in branches:
        pre = pre + F(layer_norm(pre))
        post = layer_norm(post + F(post))
    c.expect("48-layer Pre-LN stack with zero output projections returns its input exactly",
             np.array_equal(pre, x0), f"max deviation {np.abs(pre - x0).max():.3g}", method="exact float64")
    c.expect("the Post-LN stack with the same weights does not (it normalises the stream)",
             np.abs(post - x0).max() > 0.1, method="float64")
    c.note(f"Post-LN output differs from the input by up to {np.abs(post - x0).max():.3g} "
           "(its rows are the normalised inputs).")


@claim(
    "postln-jacobian-product",
    title="A Post-LN stack's Jacobian is the product of J_LN (I + J_F) over its layers",
    statement=r"\frac{\partial x_L}{\partial x_0} = \prod_{i=L}^{1} J_{\mathrm{LN}}^{(i)}\big(I + J_F^{(i)}\big)",
    depends_on=("postln-jacobian",),
)
def postln_jacobian_product(c):
    """Chain rule over L layers; compared with the numeric Jacobian of the whole stack."""

    def compute(rng, dim):
        layers = 6
        params = [(random_mlp(rng, dim), rng.uniform(0.5, 2.0, dim)) for _ in range(layers)]

        def stack(X):
            for F, g in params:
                X = postln_layer(F, g, 1e-5)(X)
            return X

        p = _sample(rng, dim)
        product = magnitude = np.eye(dim)
        h = p
        for F, g in params:
            product = postln_layer_jacobian(F, g, 1e-5, h) @ product
            # rounding scale: the same product with every term made positive
            magnitude = postln_layer_jacobian_magnitude(F, g, 1e-5, h) @ magnitude
            h = postln_layer(F, g, 1e-5)(h)
        est = numeric_jacobian(stack, p)
        return est.value, product, 2 * est.error + 64 * np.finfo(float).eps * magnitude, magnitude

    c.numeric("6-layer stack: product formula vs complex step", compute, sizes=(2, 3, 4, 8, 64), points=2,
              method="complex step")

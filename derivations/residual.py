"""Residual connections: the +1 of the residual derivative, and the layer Jacobians of Pre-LN and
Post-LN, alone and chained through a stack."""

import numpy as np
import sympy as sp

from lnsym import claim, layer_norm, layer_norm_jacobian, numeric_jacobian, size
from lnsym.index_form import entry
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
d = size("d")
n = size("n")
k = sp.Symbol("k", integer=True, positive=True)  # the index a matrix product sums over
INDEX_RANGE = (sp.Le(a, d), sp.Le(b, d))  # 1 <= a, b <= d


def _generic(names: str, dim: int, args) -> sp.Matrix:
    """A vector of ``dim`` arbitrary (undefined) functions of ``args``."""
    return sp.Matrix([sp.Function(f"{names}_{k + 1}")(*args) for k in range(dim)])


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

        c.jacobian(rf"random MLP $F$, $\epsilon = {'10^{-5}' if e else '0'}$",
                   lambda X, e=e, drawn=drawn: layer(drawn["F"], drawn["gamma"], e)(X),
                   lambda p, e=e, drawn=drawn: jacobian(drawn["F"], drawn["gamma"], e, p),
                   sample, sizes=SIZES, points=1,
                   term_scale=lambda p, e=e, drawn=drawn: magnitude(drawn["F"], drawn["gamma"], e, p))


@claim(
    "residual-derivative",
    title=r"The residual derivative: $1 + dF/dx$",
    statement=r"\frac{d}{dx}\big[x + F(x)\big] = 1 + F'(x),\qquad"
    r"\frac{\partial}{\partial x}\big[x + F(x)\big] = I + J_F(x)",
)
def residual_derivative(c):
    r"""Linearity of the derivative; the identity term does not depend on $F$."""
    t = sp.Symbol("x", real=True)
    F = sp.Function("F")
    c.equal(sp.Derivative(t + F(t), t), 1 + sp.Derivative(F(t), t), "linearity of the derivative")
    Fa = sp.Function("F_a")(x[b])
    c.equal(sp.Derivative(x[a] + Fa, x[b]), sp.KroneckerDelta(a, b) + sp.Derivative(Fa, x[b]),
            r"entry $(a, b)$: the derivative of $x_a$ by $x_b$ is $\delta_{ab}$ (Kronecker's)")
    c.equal(sp.Derivative(t + 0 * F(t), t), 1, r"with $F = 0$ the derivative is still 1")

    def compute(rng, dim):
        F_ = random_mlp(rng, dim)
        p = _sample(rng, dim)
        est = numeric_jacobian(lambda X: X + F_(X), p)
        return est.value, np.eye(dim) + F_.jacobian(p), 2 * est.error + 1e-14 * np.abs(F_.jacobian(p)).max()

    c.numeric(r"$\partial[x + F(x)]/\partial x$ vs $I + J_F$, random MLP $F$", compute, sizes=SIZES, points=2,
              method="complex step")


def _chain_rule_instance(rng, outer, inner):
    """One entry of a composite's derivative, by the complex step, beside the chain rule's sum of
    products; a random size, MLP F and gamma. ``outer(F, g, u)`` and ``inner(F, x)`` compose to the
    layer; their Jacobians come from :mod:`lnsym.nets` and the proved LN Jacobian."""
    dim = int(rng.integers(2, 12))
    F, g, e = random_mlp(rng, dim), rng.uniform(0.5, 2.0, dim), float(rng.choice([1e-5, 0.0]))
    p = _sample(rng, dim)
    a_, b_ = (int(k) for k in rng.integers(0, dim, 2))
    h = 1e-30
    step = np.zeros(dim, complex)
    step[b_] = h * 1j
    composite = outer(F, g, e, inner(F, g, e, p + step))[a_].imag / h
    u = inner(F, g, e, p)
    J_outer = layer_norm_jacobian(u, g, eps=e) if outer is _ln else F.jacobian(u)
    J_inner = F.jacobian(p) + np.eye(dim) if inner is _residual else layer_norm_jacobian(p, g, eps=e)
    return composite, float(J_outer[a_] @ J_inner[:, b_])


def _ln(F, g, e, u):
    return layer_norm(u, g, eps=e)


def _branch(F, g, e, u):
    return F(u)


def _residual(F, g, e, x):
    return x + F(x)


def _normalised(F, g, e, x):
    return layer_norm(x, g, eps=e)


def preln_steps(c, *, swap: bool = False, drop_identity: bool = False) -> None:
    r"""Entry $(a, b)$ of the Pre-LN layer Jacobian, for symbolic $d$. ``swap`` and ``drop_identity``
    build the two wrong chain rules that the tests must see fail."""
    G = sp.Function("G_a")(x[b])  # F_a(LN(x)) as a function of x_b, the other entries fixed
    JF, JL = sp.IndexedBase("J_F"), sp.IndexedBase("J_LN")
    MF, ML = sp.MatrixSymbol("J_F", d, d), sp.MatrixSymbol("J_LN", d, d)
    delta = 0 if drop_identity else sp.KroneckerDelta(a, b)
    plus_delta = "" if drop_identity else r"\delta_{ab} + "
    c.equal(sp.Derivative(x[a] + G, x[b]), delta + sp.Derivative(G, x[b]),
            r"linearity of the derivative; $\partial x_a/\partial x_b = \delta_{ab}$", given=INDEX_RANGE,
            shown=(r"\frac{\partial}{\partial x_b}\big[x_a + F_a(\mathrm{LN}(x))\big]",
                   plus_delta + r"\frac{\partial F_a(\mathrm{LN}(x))}{\partial x_b}"))
    c.lemma(r"\frac{\partial F_a(\mathrm{LN}(x))}{\partial x_b}", "=",
            r"\sum_{k=1}^{d} \big(J_F(\mathrm{LN}(x))\big)_{ak}\,\big(J_{\mathrm{LN}}(x)\big)_{kb}",
            r"chain rule for $F \circ \mathrm{LN}$: $J_F$ at $\mathrm{LN}(x)$, then $J_{\mathrm{LN}}$ at $x$",
            instance=lambda rng: _chain_rule_instance(rng, _branch, _normalised), trials=40)
    product = ML * MF if swap else MF * ML
    c.equal(delta + sp.Sum(JF[a, k] * JL[k, b], (k, 1, d)), entry(sp.Identity(d) + product, a, b),
            r"the matrix product, entry $(a, b)$: $k$ runs over the columns of $J_F$ and the rows of $J_{\mathrm{LN}}$",
            given=INDEX_RANGE,
            shown=(plus_delta + r"\sum_{k=1}^{d} (J_F)_{ak}(J_{\mathrm{LN}})_{kb}",
                   r"\big(I + J_F(\mathrm{LN}(x))\,J_{\mathrm{LN}}(x)\big)_{ab}" if not swap else
                   r"\big(I + J_{\mathrm{LN}}(x)\,J_F(\mathrm{LN}(x))\big)_{ab}"))


def postln_steps(c, *, swap: bool = False, drop_identity: bool = False) -> None:
    r"""Entry $(a, b)$ of the Post-LN layer Jacobian, for symbolic $d$ ($z = x + F(x)$); ``swap`` and
    ``drop_identity`` build the two wrong chain rules that the tests must see fail."""
    Fk = sp.Function("F_k")(x[b])
    JF, JN = sp.IndexedBase("J_F"), sp.IndexedBase("J_LN")
    MF, MN = sp.MatrixSymbol("J_F", d, d), sp.MatrixSymbol("J_LN", d, d)
    delta = 0 if drop_identity else sp.KroneckerDelta(k, b)
    c.equal(sp.Derivative(x[k] + Fk, x[b]), delta + sp.Derivative(Fk, x[b]),
            r"linearity of the derivative; $\partial x_k/\partial x_b = \delta_{kb}$",
            given=(*INDEX_RANGE, sp.Le(k, d)),
            shown=(r"\frac{\partial z_k}{\partial x_b} = \frac{\partial}{\partial x_b}\big[x_k + F_k(x)\big]",
                   (r"\delta_{kb} + " if not drop_identity else "") + r"(J_F)_{kb}"))
    c.lemma(r"\frac{\partial\,\mathrm{LN}_a(z(x))}{\partial x_b}", "=",
            r"\sum_{k=1}^{d} \big(J_{\mathrm{LN}}(z)\big)_{ak}\,\frac{\partial z_k}{\partial x_b}",
            r"chain rule for $\mathrm{LN} \circ z$: $J_{\mathrm{LN}}$ at $z = x + F(x)$, then $J_z$ at $x$",
            instance=lambda rng: _chain_rule_instance(rng, _ln, _residual), trials=40)
    inner = MF if drop_identity else sp.Identity(d) + MF
    product = inner * MN if swap else MN * inner
    c.equal(sp.Sum(JN[a, k] * (delta + JF[k, b]), (k, 1, d)), entry(product, a, b),
            r"the matrix product, entry $(a, b)$, with step 1", given=INDEX_RANGE,
            shown=(r"\sum_{k=1}^{d} (J_{\mathrm{LN}})_{ak}\big(" + (r"\delta_{kb} + " if not drop_identity else "")
                   + r"(J_F)_{kb}\big)",
                   r"\big(J_{\mathrm{LN}}(x + F(x))\,(I + J_F(x))\big)_{ab}" if not swap else
                   r"\big((I + J_F(x))\,J_{\mathrm{LN}}(x + F(x))\big)_{ab}"))


@claim(
    "preln-jacobian",
    title="The Pre-LN layer Jacobian",
    statement=r"\frac{\partial}{\partial x}\big[x + F(\mathrm{LN}(x))\big]"
    r" = I + J_F\big(\mathrm{LN}(x)\big)\,J_{\mathrm{LN}}(x)",
    depends_on=("residual-derivative", "layernorm-jacobian"),
)
def preln_jacobian(c):
    r"""Entry $(a, b)$ for symbolic $d$ and an arbitrary differentiable $F$: the residual gives
    $\delta_{ab}$, the chain rule the sum over $k$, and SymPy's matrix product says which index it
    contracts. $J_{\mathrm{LN}}$ is the proved closed form (claim layernorm-jacobian). Cross-checked by
    explicit matrices of arbitrary functions $F$ and $L$ for $d = 2, 3, 4$."""

    def build(dim):
        xs = sp.Matrix(sp.symbols(f"x_1:{dim + 1}", real=True))
        L = _generic("L", dim, xs)
        F = _generic("F", dim, L)  # F(L(x)), each F_k an arbitrary function of all of L
        J_F = sp.Matrix(dim, dim, lambda k, j: sp.Derivative(F[k], L[j]))  # dF_k/dL_j at L(x)
        return (xs + F).jacobian(xs), sp.eye(dim) + J_F * L.jacobian(xs)

    c.crosscheck(build, range(2, 5), "explicit Jacobians of $x + F(L(x))$, $F$ and $L$ arbitrary")
    _layer_evidence(c, preln_layer, preln_layer_jacobian, preln_layer_jacobian_magnitude)
    preln_steps(c)  # after the evidence, so that its random points are those of earlier versions


@claim(
    "postln-jacobian",
    title="The Post-LN layer Jacobian",
    statement=r"\frac{\partial}{\partial x}\,\mathrm{LN}\big(x + F(x)\big)"
    r" = J_{\mathrm{LN}}\big(x + F(x)\big)\,\big(I + J_F(x)\big)",
    depends_on=("residual-derivative", "layernorm-jacobian"),
)
def postln_jacobian(c):
    r"""Entry $(a, b)$ for symbolic $d$ and an arbitrary differentiable $F$: the residual gives
    $\partial z_k/\partial x_b = \delta_{kb} + (J_F)_{kb}$, the chain rule evaluates $J_{\mathrm{LN}}$ at
    $z = x + F(x)$, and SymPy's matrix product fixes the order. Cross-checked by explicit matrices of
    arbitrary functions $F$ and $N$ for $d = 2, 3, 4$."""

    def build(dim):
        xs = sp.Matrix(sp.symbols(f"x_1:{dim + 1}", real=True))
        z = xs + _generic("F", dim, xs)
        Nz = _generic("N", dim, z)  # N(z), each N_k an arbitrary function of all of z
        # (J_N)_kj at z: SymPy's own partial derivative of N_k in its j-th argument, evaluated at z. The same
        # expressions as substituting z into N.jacobian(u), which took a third of the cross-check
        J_N = sp.Matrix(dim, dim, lambda k, j: Nz[k].fdiff(j + 1))
        return Nz.jacobian(xs), J_N * z.jacobian(xs)

    c.crosscheck(build, range(2, 5), "explicit Jacobians of $N(x + F(x))$, $F$ and $N$ arbitrary")
    _layer_evidence(c, postln_layer, postln_layer_jacobian, postln_layer_jacobian_magnitude)
    postln_steps(c)  # after the evidence, so that its random points are those of earlier versions


@claim(
    "preln-identity-at-init",
    title=r"A Pre-LN layer with $F = 0$ is the identity; a zero-initialised 48-layer stack returns its input",
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


def _stack_instance(rng):
    """One entry of the chain rule through a Post-LN stack: d(x_{n+1})/d(x_0) by the complex step,
    beside the layer's Jacobian at x_n times the stack's Jacobian of x_n (random depth and size)."""
    dim, depth = int(rng.integers(2, 8)), int(rng.integers(0, 4))
    params = [(random_mlp(rng, dim), rng.uniform(0.5, 2.0, dim)) for _ in range(depth + 1)]

    def stack(X, count):
        for F, g in params[:count]:
            X = postln_layer(F, g, 1e-5)(X)
        return X

    p = _sample(rng, dim)
    a_, b_ = (int(v) for v in rng.integers(0, dim, 2))
    step = np.zeros(dim, complex)
    step[b_] = 1e-30j
    composite = stack(p + step, depth + 1)[a_].imag / 1e-30
    F, g = params[depth]
    inner = numeric_jacobian(lambda X: stack(X, depth), p).value if depth else np.eye(dim)
    return composite, float(postln_layer_jacobian(F, g, 1e-5, stack(p, depth))[a_] @ inner[:, b_])


def product_steps(c, *, reverse: bool = False) -> None:
    r"""The induction for symbolic $n$ and $d$: $P_n$ is the ordered product
    $A^{(n)} \cdots A^{(1)}$ of the layer Jacobians $A^{(i)} = J_{\mathrm{LN}}^{(i)}(I + J_F^{(i)})$,
    $P_0 = I$. ``reverse`` builds the product in the wrong order (the tests' mutant)."""
    A, P = sp.IndexedBase("A"), sp.IndexedBase("P")
    MA, MP = sp.MatrixSymbol("A", d, d), sp.MatrixSymbol("P", d, d)
    c.equal(sp.Derivative(x[a], x[b]), entry(sp.Identity(d), a, b),
            r"base case $n = 0$: $\partial x_0/\partial x_0 = I = P_0$, the empty product", given=INDEX_RANGE,
            shown=(r"\Big(\frac{\partial x_0}{\partial x_0}\Big)_{ab}", r"(I)_{ab} = (P_0)_{ab}"))
    c.lemma(r"\Big(\frac{\partial x_{n+1}}{\partial x_0}\Big)_{ab}", "=",
            r"\sum_{k=1}^{d} \Big(\frac{\partial x_{n+1}}{\partial x_n}\Big)_{ak}"
            r"\Big(\frac{\partial x_n}{\partial x_0}\Big)_{kb}",
            r"chain rule: $x_{n+1}$ depends on $x_0$ only through $x_n$",
            instance=_stack_instance, trials=30)
    product = MP * MA if reverse else MA * MP
    c.equal(sp.Sum(A[n + 1, a, k] * P[n, k, b], (k, 1, d)),
            entry(product, a, b, bases={MA: (A, n + 1), MP: (P, n)}),
            r"step $n \to n + 1$: $\partial x_{n+1}/\partial x_n = A^{(n+1)}$ (claim postln-jacobian), "
            r"$\partial x_n/\partial x_0 = P_n$ (induction hypothesis), and $P_{n+1} = A^{(n+1)} P_n$",
            given=INDEX_RANGE,
            shown=(r"\sum_{k=1}^{d} A^{(n+1)}_{ak}\,(P_n)_{kb}",
                   r"\big(P_n\,A^{(n+1)}\big)_{ab}" if reverse else r"\big(A^{(n+1)} P_n\big)_{ab} = (P_{n+1})_{ab}"))


@claim(
    "postln-jacobian-product",
    title=r"A Post-LN stack's Jacobian is the ordered product of $J_{\mathrm{LN}}(I + J_F)$ over its layers",
    statement=r"\frac{\partial x_L}{\partial x_0} = \prod_{i=L}^{1} J_{\mathrm{LN}}^{(i)}\big(I + J_F^{(i)}\big)"
    r" = A^{(L)} A^{(L-1)} \cdots A^{(1)},\qquad A^{(i)} = J_{\mathrm{LN}}\big(x_{i-1} + F_i(x_{i-1})\big)"
    r"\big(I + J_{F_i}(x_{i-1})\big)",
    depends_on=("postln-jacobian",),
)
def postln_jacobian_product(c):
    r"""By induction on the depth $n$, for symbolic $n$ and $d$: the base case $n = 0$ (the empty
    product), and the step from $n$ to $n + 1$ by the chain rule, with the new layer's factor on the
    left. Compared with the numeric Jacobian of whole 6-layer stacks."""

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
    product_steps(c)  # after the evidence, so that its random points are those of earlier versions
    c.note(r"By induction, $\partial x_L/\partial x_0 = P_L$ for every depth $L \ge 0$: the factor of the "
           r"layer nearest the output stands on the left.")

"""The residual stream with depth: Pre-LN accumulates, Post-LN resets the scale, and the
(1 + delta)^n bound on a product of residual Jacobians."""

import numpy as np
import sympy as sp

from lnsym import claim, layer_norm
from lnsym.symbols import a, d, eps, i, mu, n, var, x, zhat

R = sp.Rational


@claim(
    "preln-stream-growth",
    title=r"Pre-LN accumulates: $x_n = n\,b$",
    statement=r"x_{i+1} = x_i + b,\ x_0 = 0 \;\Rightarrow\; x_n = n\,b",
)
def preln_stream_growth(c):
    r"""Solve the recurrence by telescoping, then check its solution for symbolic $n$."""
    bb = sp.Symbol("b", real=True)
    k = sp.Symbol("k", integer=True, nonnegative=True)
    # telescoping, not sp.rsolve: rsolve ends in simplify, whose first call imports sympy.physics.units
    # (0.2 s of a cold verify) for a sum whose closed form is one step
    c.equal(sp.Sum(bb, (k, 0, n - 1)), n * bb,
            r"telescope: $x_n = x_0 + \sum_{k=0}^{n-1} (x_{k+1} - x_k)$ with $x_0 = 0$ and every $x_{k+1} - x_k = b$")
    c.equal((n + 1) * bb - n * bb, bb, r"$n\,b$ satisfies the recurrence")
    c.equal(0 * bb, 0, r"and the start $x_0 = 0$")
    step = sp.Matrix([[R(1, 10), R(1, 10)]])
    stream = sp.zeros(1, 2)
    for k in range(1, 4):
        nxt = stream + step
        c.equal(nxt, k * step, rf"$x_{{{k}}} = x_{{{k - 1}}} + b$")
        stream = nxt
    c.equal(stream, sp.Matrix([[R(3, 10), R(3, 10)]]), r"$x_3 = [0.3, 0.3]$")


@claim(
    "postln-stream-reset",
    title=r"Post-LN resets the scale: $\mathrm{LN}(cz) = \mathrm{LN}(z)$, $\|\mathrm{LN}(z)\|^2 \le d$",
    statement=r"\mathrm{LN}_{\epsilon=0}(c\,z) = \mathrm{LN}_{\epsilon=0}(z)\ (c>0),\qquad"
    r"\|\hat z\|^2 = \frac{d\,\sigma^2}{\sigma^2+\epsilon} \le d",
    depends_on=("layernorm-jacobian-structure",),
)
def postln_stream_reset(c):
    cc = sp.Symbol("c", positive=True)
    # zhat at eps = 0 is (x_a - mu) / sqrt(var); replace every x_k by c x_k
    at0 = (x[a] - mu) / sp.sqrt(var)
    scaled = at0.replace(lambda e: isinstance(e, sp.Indexed) and e.base == x, lambda e: cc * e)
    c.equal(scaled, at0, r"scale invariance at $\epsilon = 0$: $\mu$ and $\sigma$ scale by $c > 0$")
    c.equal(sp.Sum(zhat(i) ** 2, (i, 1, d)), d * var / (var + eps), "squared norm of the normalised vector")
    c.holds(var, ">=", 0, "a mean of squares")
    sigma2 = sp.Symbol("sigma^2", nonnegative=True)
    c.holds(d * sigma2 / (sigma2 + eps), "<=", d, r"$\sigma^2 \le \sigma^2 + \epsilon$, as $\sigma^2 \ge 0$")
    # the key's example, eps = 0
    z1 = [R(1, 10), -R(1, 10)]
    m1 = sum(z1) / 2
    v1 = sum((t - m1) ** 2 for t in z1) / 2
    c.equal(v1, R(1, 100), r"layer 1: $\sigma^2 = (0.01 + 0.01)/2$")
    x1 = sp.Matrix([[(t - m1) / sp.sqrt(v1) for t in z1]])
    c.equal(x1, sp.Matrix([[1, -1]]), r"layer 1: $[0.1, -0.1]/0.1 = [1, -1]$")
    z2 = [t + u for t, u in zip(list(x1), z1, strict=True)]
    m2 = sum(z2) / 2
    v2 = sum((t - m2) ** 2 for t in z2) / 2
    c.equal(v2, R(121, 100), r"layer 2: $\sigma^2 = (1.21 + 1.21)/2$")
    c.equal(sp.Matrix([[(t - m2) / sp.sqrt(v2) for t in z2]]), sp.Matrix([[1, -1]]),
            r"layer 2: $[1.1, -1.1]/1.1 = [1, -1]$, the scale is reset")

    def invariance(rng, dim):
        z = rng.standard_normal(dim) + 0.5
        k = rng.uniform(0.01, 100)
        return layer_norm(k * z, eps=0.0), layer_norm(z, eps=0.0), 1e-13

    c.numeric(r"$\mathrm{LN}(cz) = \mathrm{LN}(z)$ at $\epsilon = 0$, $c \in [0.01, 100]$", invariance,
              sizes=(2, 3, 4, 8, 64, 512))


@claim(
    "residual-product-bound",
    title=r"A product of $n$ residual Jacobians is bounded by $(1 + \delta)^n$",
    statement=r"\|B_i\| \le \delta \;\Rightarrow\; \Big\|\prod_{i=1}^{n}(I+B_i)\Big\| \le (1+\delta)^n,"
    r"\qquad 1.02^{48} \approx 2.587",
    depends_on=("residual-derivative",),
)
def residual_product_bound(c):
    """Triangle inequality per factor, submultiplicativity over the product, then a symbolic product."""
    delta = sp.Symbol("delta", nonnegative=True)
    rng = c.rng

    def random_b(dim, size):
        B = rng.standard_normal((dim, dim))
        return B * size / np.linalg.norm(B, 2)

    def triangle(rng_):
        dim = int(rng_.integers(2, 12))
        B = random_b(dim, rng_.uniform(0, 0.5))
        return np.linalg.norm(np.eye(dim) + B, 2), 1 + np.linalg.norm(B, 2)

    c.lemma(r"\|I + B_i\|", "<=", r"\|I\| + \|B_i\| = 1 + \|B_i\| \le 1 + \delta", "triangle inequality",
            instance=triangle, adversarial=[lambda: (np.linalg.norm(1.3 * np.eye(4), 2), 1 + 0.3)])

    def submult(rng_):
        dim, count = int(rng_.integers(2, 8)), int(rng_.integers(2, 10))
        factors = [np.eye(dim) + random_b(dim, rng_.uniform(0, 0.5)) for _ in range(count)]
        product = np.linalg.multi_dot(factors) if count > 2 else factors[0] @ factors[1]
        return np.linalg.norm(product, 2), float(np.prod([np.linalg.norm(f, 2) for f in factors]))

    c.lemma(r"\Big\|\prod_{i=1}^{n}(I+B_i)\Big\|", "<=", r"\prod_{i=1}^{n}\|I+B_i\|",
            "submultiplicativity of the operator norm", instance=submult,
            adversarial=[lambda: (np.linalg.norm(np.linalg.matrix_power(1.02 * np.eye(3), 48), 2), 1.02**48)])
    c.equal(sp.Product(1 + delta, (i, 1, n)), (1 + delta) ** n, r"a product of $n$ equal factors")
    c.equal((1 + R(2, 100)) ** 48, R(102, 100) ** 48, r"$(1 + 0.02)^{48} = 1.02^{48}$")
    c.rounds_to(R(102, 100) ** 48, "2.587")

    dim, d_small, trials = 8, 0.02, 20
    counts = np.arange(1, 49)
    B = rng.standard_normal((counts[-1], trials, dim, dim))
    B *= d_small / np.linalg.norm(B, 2, axis=(-2, -1))[..., None, None]  # ||B_i|| = delta exactly
    products = np.broadcast_to(np.eye(dim), (trials, dim, dim))
    worst = []
    for k in range(counts[-1]):
        products = (np.eye(dim) + B[k]) @ products
        worst.append(float(np.linalg.norm(products, 2, axis=(-2, -1)).max()))
    bound = [(1 + d_small) ** int(k) for k in counts]
    c.numeric(rf"random products never exceed $(1 + \delta)^n$ ({trials} trials per $n$, $n = 1, \dots, 48$, "
              r"$\delta = 0.02$)",
              lambda rng_, size: (np.minimum(worst, bound), worst, 0.0), sizes=(dim,), points=1,
              method="sampling")
    aligned = np.linalg.norm(np.linalg.matrix_power((1 + d_small) * np.eye(dim), 48), 2)
    c.numeric(r"the bound is attained at $B_i = \delta I$ ($n = 48$)", lambda rng_, size: (aligned, bound[-1], 1e-12),
              sizes=(dim,), points=1)
    c.plot("residual-product-bound", r"Norm of $\prod_{i=1}^{n}(I+B_i)$ with $\|B_i\|=0.02$ against the bound",
           r"$n$", "operator norm",
           [(r"$(1+\delta)^n$", counts, bound), ("largest of 20 random products", counts, worst, "marks")])

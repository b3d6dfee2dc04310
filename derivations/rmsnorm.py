"""RMSNorm: its Jacobian for every d, how it differs from LayerNorm's (no mean removal), and where
the two agree (zero-mean input)."""

import numpy as np
import sympy as sp

from lnsym import claim, layer_norm, layer_norm_jacobian
from lnsym.norms_numpy import rms_norm, rms_norm_jacobian
from lnsym.symbols import INDEX_RANGE, a, b, d, eps, gamma, i, j, mu, x

SIZES = (2, 3, 4, 8, 64, 256)

m2 = sp.Sum(x[i] ** 2, (i, 1, d)) / d  # mean of the squares
r = sp.sqrt(m2 + eps)


def xhat(k, v=x, scale=r):
    return v[k] / scale


def rms_entry(k):
    return gamma[k] * x[k] / r


def rms_jacobian(p, q, v=x, scale=r):
    """The closed form (J)_pq = gamma_p / r (delta_pq - xhat_p xhat_q / d) at the vector v."""
    return gamma[p] / scale * (sp.KroneckerDelta(p, q) - xhat(p, v, scale) * xhat(q, v, scale) / d)


def _gamma(rng, dim):
    return rng.uniform(0.5, 2.0, dim) * rng.choice([-1.0, 1.0], dim)


def _point(rng, dim):
    return rng.standard_normal(dim) * rng.uniform(0.5, 3.0) + rng.uniform(-2, 2)


@claim(
    "rmsnorm-jacobian",
    title="The RMSNorm Jacobian, and what it lacks compared with LayerNorm's",
    statement=r"\mathrm{RMSNorm}(x)_a = \frac{\gamma_a x_a}{r},\ r = \sqrt{\tfrac1d\textstyle\sum_i x_i^2+\epsilon}:"
    r"\quad J_{ab} = \frac{\gamma_a}{r}\Big(\delta_{ab} - \frac{\hat x_a \hat x_b}{d}\Big),\ \hat x = \frac{x}{r};"
    r"\qquad J x = \frac{\epsilon}{r^2}\,\frac{\gamma\odot x}{r},\qquad J\mathbf 1 \ne 0\ \text{in general}",
)
def rmsnorm_jacobian(c):
    r"""Chain rule through the mean of the squares, for symbolic $d$; no mean is removed, so the rows
    of $J$ do not sum to 0 (unlike LayerNorm's), and $Jx$ vanishes only as $\epsilon \to 0$."""
    c.abbreviate(r, "r", r"\sqrt{\tfrac1d\sum_{i=1}^{d} x_i^2+\epsilon}")
    c.equal(sp.Derivative(m2, x[b]), 2 * x[b] / d, r"only the term $i = b$ depends on $x_b$", given=INDEX_RANGE)
    c.equal(sp.Derivative(1 / r, x[b]), -x[b] / (d * r**3), "power rule", given=INDEX_RANGE)
    product = gamma[a] * sp.KroneckerDelta(a, b) / r - gamma[a] * x[a] * x[b] / (d * r**3)
    c.equal(sp.Derivative(rms_entry(a), x[b]), product, "product rule", given=INDEX_RANGE)
    c.equal(product, rms_jacobian(a, b), r"factor out $\gamma_a/r$; $\hat x = x/r$")
    row = (sp.Le(a, d),)
    c.equal(sp.Sum(rms_jacobian(a, i) * x[i], (i, 1, d)), eps / r**2 * gamma[a] * x[a] / r,
            r"$Jx$: the sum of the squares is $d(r^2 - \epsilon)$", given=row)
    c.equal(sp.Sum(rms_jacobian(a, i), (i, 1, d)), gamma[a] / r * (1 - xhat(a) * sp.Sum(x[j], (j, 1, d)) / (d * r)),
            r"$J\mathbf{1}$: the row sums, not 0 unless $\gamma_a = 0$ or $\hat x_a \sum_j x_j = d\,r$", given=row)
    for e in (1e-5, 0.0):
        state = {}

        def sample(rng, dim, state=state):
            state["gamma"] = _gamma(rng, dim)
            return _point(rng, dim)

        c.jacobian(rf"closed form vs the complex step, $\epsilon = {'10^{-5}' if e else '0'}$, $\gamma \ne 1$",
                   lambda X, e=e, state=state: rms_norm(X, state["gamma"], eps=e),
                   lambda p, e=e, state=state: rms_norm_jacobian(p, state["gamma"], eps=e), sample,
                   sizes=(2, 3, 4, 8, 64))

    def structure(rng, dim):
        g, p, e = _gamma(rng, dim), _point(rng, dim), 1e-2
        J = rms_norm_jacobian(p, g, eps=e)
        rr = np.sqrt(np.mean(p * p) + e)
        return J @ p, e / rr**2 * g * p / rr, 1e-13 * np.abs(g).max() * np.abs(p).max() / rr

    c.numeric(r"$Jx = \frac{\epsilon}{r^2}\,\frac{\gamma \odot x}{r}$ at random points", structure, sizes=SIZES)
    p = np.array([1.0, 2.0, 3.0])
    c.expect(r"$J\mathbf{1} \ne 0$: at $x = (1, 2, 3)$, $\epsilon = 10^{-5}$ the row sums are far from 0",
             np.abs(rms_norm_jacobian(p, eps=1e-5) @ np.ones(3)).max() > 0.1)


@claim(
    "layernorm-vs-rmsnorm",
    title="On zero-mean input LayerNorm and RMSNorm agree, and so do their Jacobians on zero-mean directions",
    statement=r"\textstyle\sum_i u_i = 0 \implies \mathrm{LN}(u) = \mathrm{RMSNorm}(u)\ \ (\beta = 0,"
    r"\ \text{same}\ \gamma, \epsilon),\qquad J_{\mathrm{LN}}(u) = J_{\mathrm{RMS}}(u)"
    r" - \frac{\gamma\,\mathbf 1^\top}{d\,r},\ \text{so}\ J_{\mathrm{LN}}(u)\,v = J_{\mathrm{RMS}}(u)\,v\ \text{when}"
    r"\ \textstyle\sum_i v_i = 0",
    depends_on=("layernorm-jacobian", "rmsnorm-jacobian"),
)
def layernorm_vs_rmsnorm(c):
    r"""Every zero-mean vector is $u = x - \mu(x)$ for some $x$ (itself), so the steps take $u$ in that
    form, for symbolic $d$; both Jacobians are the proved closed forms evaluated at $u$."""
    c.abbreviate(mu, r"\mu", r"\frac{1}{d}\sum_{j=1}^{d} x_j")
    u = sp.IndexedBase("u", real=True)
    mean_u = sp.Sum(x[j] - mu, (j, 1, d)) / d
    c.equal(mean_u, 0, r"$u = x - \mu$ has mean 0")
    square_u = sp.Sum((x[i] - mu) ** 2, (i, 1, d)) / d
    c.equal(sp.Sum((x[i] - mu - mean_u) ** 2, (i, 1, d)) / d, square_u,
            r"so the variance of $u$ is its mean square: $\sigma^2(u) + \epsilon = r_u^2$")
    r_u = sp.sqrt(square_u + eps)
    c.abbreviate(r_u, "r_u", r"\sqrt{\tfrac1d\sum_i u_i^2+\epsilon}")
    c.equal(gamma[a] * (x[a] - mu - mean_u) / sp.sqrt(square_u + eps), gamma[a] * (x[a] - mu) / r_u,
            r"$\mathrm{LN}(u)_a = \mathrm{RMSNorm}(u)_a$ (steps 1 and 2)")
    centred = {u[a]: x[a] - mu, u[b]: x[b] - mu}
    j_ln = gamma[a] / r_u * (sp.KroneckerDelta(a, b) - 1 / d - (x[a] - mu) * (x[b] - mu) / (d * r_u**2))
    j_rms = rms_jacobian(a, b, u, r_u).xreplace(centred)
    c.equal(j_ln - j_rms, -gamma[a] / (d * r_u), r"the closed forms at $u$ (mean 0, $\sigma^2 + \epsilon = r_u^2$) "
            r"differ by $-\gamma_a/(d\,r_u)$ in every column: $J_{\mathrm{LN}}(u) = J_{\mathrm{RMS}}(u) - "
            r"\gamma\mathbf{1}^\top/(d\,r_u)$", given=INDEX_RANGE)
    y = sp.IndexedBase("y", real=True)
    y_bar = sp.Sum(y[j], (j, 1, d)) / d
    c.equal(sp.Sum(-gamma[a] / (d * r_u) * (y[i] - y_bar), (i, 1, d)), 0,
            r"so $(J_{\mathrm{LN}}(u) - J_{\mathrm{RMS}}(u))\,v = 0$ for $v = y - \bar y$, every zero-mean $v$")

    def zero_mean(rng, dim):
        p = _point(rng, dim)
        return p - p.mean()

    def outputs(rng, dim):
        g, u_ = _gamma(rng, dim), zero_mean(rng, dim)
        return layer_norm(u_, g, eps=1e-5), rms_norm(u_, g, eps=1e-5), 1e-13 * np.abs(g).max()

    c.numeric(r"$\mathrm{LN}(u) = \mathrm{RMSNorm}(u)$ on zero-mean $u$", outputs, sizes=SIZES)

    def on_subspace(rng, dim):
        g, u_, v = _gamma(rng, dim), zero_mean(rng, dim), zero_mean(rng, dim)
        j1, j2 = layer_norm_jacobian(u_, g, eps=1e-5), rms_norm_jacobian(u_, g, eps=1e-5)
        return j1 @ v, j2 @ v, 1e-12 * np.abs(g).max() * np.abs(v).max() / np.sqrt(np.var(u_) + 1e-5)

    c.numeric(r"$J_{\mathrm{LN}}(u)\,v = J_{\mathrm{RMS}}(u)\,v$ for zero-mean $u$ and $v$", on_subspace, sizes=SIZES)
    g, u_ = np.array([1.0, -2.0, 0.5]), np.array([-1.0, 0.0, 1.0])
    c.expect(r"but not along $\mathbf{1}$: $J_{\mathrm{LN}}(u)\mathbf{1} = 0$ while "
             r"$J_{\mathrm{RMS}}(u)\mathbf{1} = \gamma/r$",
             np.abs(layer_norm_jacobian(u_, g) @ np.ones(3)).max() < 1e-15
             and np.allclose(rms_norm_jacobian(u_, g) @ np.ones(3), g / np.sqrt(2 / 3 + 1e-5), rtol=1e-14))
    p = np.array([1.0, 2.0, 4.0])
    c.expect(r"and not off zero mean: $\mathrm{LN}(x) \ne \mathrm{RMSNorm}(x)$ at $x = (1, 2, 4)$",
             np.abs(layer_norm(p) - rms_norm(p)).max() > 0.1)

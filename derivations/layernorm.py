"""LayerNorm: its Jacobian for every d, the Jacobian's structure, the gradient cap, and why the
variance is divided by d."""

import numpy as np
import sympy as sp

from lnsym import claim, layer_norm, layer_norm_jacobian
from lnsym.symbols import INDEX_RANGE, LN_JACOBIAN, a, b, d, eps, gamma, i, mu, s, var, x, zhat
from lnsym.symbols import layer_norm as ln_entry

SIZES = (2, 3, 4, 8, 64, 512)


def _point(rng, dim):
    return rng.standard_normal(dim) * rng.uniform(0.5, 3.0) + rng.uniform(-2, 2)


def _gamma(rng, dim):
    return rng.uniform(0.5, 2.0, dim) * rng.choice([-1.0, 1.0], dim)


def explicit_jacobian(dim: int):
    """The LN Jacobian for a concrete size d, derived from the explicit expression, minus the formula, both
    multiplied by w**3 where w = sqrt(sigma^2 + eps) > 0, beside the zero matrix it must equal.

    LN_a = N_a / w with N_a = gamma_a (x_a - mu); by the chain rule, with dw/dx_b = (dsigma^2/dx_b)/(2w),
    w**3 dLN_a/dx_b = w**2 dN_a/dx_b - N_a dsigma^2/dx_b / 2. The derivatives and the difference are taken
    exactly in the polynomial ring QQ[x, gamma, w], where a zero difference is the zero polynomial (fast); a
    nonzero one is returned as SymPy expressions, for a counterexample."""
    names = [f"x_{k + 1}" for k in range(dim)] + [f"gamma_{k + 1}" for k in range(dim)] + ["w"]
    _, *gens = sp.ring(",".join(names), sp.QQ)
    xs, gs, w = gens[:dim], gens[dim : 2 * dim], gens[-1]
    m = sum(xs) * sp.QQ(1, dim)
    v = sum((t - m) ** 2 for t in xs) * sp.QQ(1, dim)
    N = [gs[k] * (xs[k] - m) for k in range(dim)]

    def gap(p: int, q: int):
        derived = w**2 * N[p].diff(xs[q]) - N[p] * v.diff(xs[q]) * sp.QQ(1, 2)
        formula = gs[p] * (w**2 * (int(p == q) - sp.QQ(1, dim)) - (xs[p] - m) * (xs[q] - m) * sp.QQ(1, dim))
        return (derived - formula).as_expr()

    return sp.Matrix(dim, dim, gap), sp.zeros(dim, dim)


#: the claimed entry (a, b) of the Jacobian, for symbolic d
FORMULA = LN_JACOBIAN  # defined in lnsym.symbols, since `lnsym check` compares keys with it too


@claim(
    "layernorm-jacobian",
    title="The LayerNorm Jacobian",
    statement=r"(J_{\mathrm{LN}})_{ab} = \frac{\partial\,\mathrm{LN}(x)_a}{\partial x_b}"
    r" = \frac{\gamma_a}{\sqrt{\sigma^2+\epsilon}}\Big(\delta_{ab} - \frac{1}{d}"
    r" - \frac{\hat z_a \hat z_b}{d}\Big),\qquad \hat z_a = \frac{x_a-\mu}{\sqrt{\sigma^2+\epsilon}}",
)
def layernorm_jacobian(c):
    r"""Chain rule through the mean and the population variance, each step for symbolic $d$."""
    c.abbreviate(s, "s", r"\sqrt{\sigma^2+\epsilon}")
    c.abbreviate(var, r"\sigma^{2}", r"\frac{1}{d}\sum_{i=1}^{d}(x_i-\mu)^2")
    c.abbreviate(mu, r"\mu", r"\frac{1}{d}\sum_{j=1}^{d} x_j")
    c.equal(sp.Derivative(mu, x[b]), 1 / d, r"linearity of the mean ($1 \le b \le d$)", given=INDEX_RANGE)
    c.equal(sp.Derivative(var, x[b]), 2 * (x[b] - mu) / d,
            "chain rule; the deviations sum to zero", given=INDEX_RANGE)
    c.equal(sp.Derivative(1 / s, x[b]), -(x[b] - mu) / (d * s**3), "power rule", given=INDEX_RANGE)
    product = gamma[a] * (sp.KroneckerDelta(a, b) - 1 / d) / s - gamma[a] * (x[a] - mu) * (x[b] - mu) / (d * s**3)
    c.equal(sp.Derivative(ln_entry(a), x[b]), product, "product rule", given=INDEX_RANGE)
    c.equal(product, FORMULA, r"factor out $\gamma_a/s$; $\hat z = (x - \mu)/s$")
    c.crosscheck(explicit_jacobian, range(2, 7), "explicit Jacobian matrices minus the formula, entry by entry")
    for e in (1e-5, 0.0):
        state = {}

        def sample(rng, dim, state=state):
            state["gamma"] = _gamma(rng, dim)
            return _point(rng, dim)

        c.jacobian(
            rf"closed form vs finite differences, $\epsilon = {'10^{-5}' if e else '0'}$, $\gamma \ne 1$",
            lambda X, e=e, state=state: layer_norm(X, state["gamma"], eps=e),
            lambda p, e=e, state=state: layer_norm_jacobian(p, state["gamma"], eps=e),
            sample,
            sizes=SIZES,
            points=2,
            term_scale=lambda p, e=e, state=state: np.abs(state["gamma"]).max() / np.sqrt(np.var(p) + e),
        )


@claim(
    "layernorm-jacobian-structure",
    title=r"Structure of the LayerNorm Jacobian: mean removal, the $\hat z$ direction, rank, norm",
    statement=r"J\mathbf{1} = 0,\qquad J\hat z = \frac{\epsilon}{\sigma^2+\epsilon}\,"
    r"\frac{\gamma\odot\hat z}{\sqrt{\sigma^2+\epsilon}},\qquad"
    r"\operatorname{rank} J = \begin{cases} d-2 & \epsilon = 0\\ d-1 & \epsilon>0\end{cases},\qquad"
    r"\|J\|_2 = \frac{\gamma}{\sqrt{\sigma^2+\epsilon}}\ (\gamma\ \text{uniform},\ d\ge 3)",
    depends_on=("layernorm-jacobian",),
)
def layernorm_jacobian_structure(c):
    r"""Row sums of the formula vanish; $J\hat z$ follows from $\sum_i \hat z_i = 0$ and
    $\sum_i \hat z_i^2 = d\sigma^2/(\sigma^2+\epsilon)$."""
    c.abbreviate(s, "s", r"\sqrt{\sigma^2+\epsilon}")
    c.abbreviate(var, r"\sigma^{2}", r"\frac{1}{d}\sum_{i=1}^{d}(x_i-\mu)^2")
    c.abbreviate(mu, r"\mu", r"\frac{1}{d}\sum_{j=1}^{d} x_j")
    J = gamma[a] / s * (sp.KroneckerDelta(a, b) - 1 / d - zhat(a) * zhat(b) / d)
    c.equal(sp.Sum(zhat(i), (i, 1, d)), 0, "the deviations sum to zero")
    c.equal(sp.Sum(zhat(i) ** 2, (i, 1, d)), d * var / (var + eps), "definition of the variance")
    c.equal(sp.Sum(J.subs(b, i), (i, 1, d)), 0, r"row sums: $J\mathbf{1} = 0$ (mean removal)", given=(sp.Le(a, d),))
    c.equal(sp.Sum(J.subs(b, i) * zhat(i), (i, 1, d)), eps / (var + eps) * gamma[a] * zhat(a) / s,
            r"$J\hat z$, with the two sums above", given=(sp.Le(a, d),))
    c.note(r"Rank: $J = \operatorname{diag}(\gamma)\,s^{-1}(I - \mathbf{1}\mathbf{1}^\top/d - \hat z\hat z^\top/d)$ "
           r"with $\mathbf{1}$ and $\hat z$ orthogonal; at $\epsilon = 0$, $\|\hat z\|^2 = d$, so both directions "
           r"are removed (rank $d-2$); for $\epsilon > 0$ only $\mathbf{1}$ is (rank $d-1$).")
    c.note(r"At $d = 2$ and $\epsilon = 0$ the Jacobian is exactly 0: the output is always $(-1, 1)$ or $(1, -1)$.")

    def ranks(rng, dim):
        got, want = [], []
        for e in (0.0, 1e-3):
            J_ = layer_norm_jacobian(_point(rng, dim), np.full(dim, 1.3), eps=e)
            sv = np.linalg.svd(J_, compute_uv=False)
            got.append(int(np.sum(sv > 1e-9 * sv.max())) if sv.max() > 1e-12 else 0)
            want.append(dim - 2 if e == 0 else dim - 1)
        return got, want, 0.0

    c.numeric(r"rank $d-2$ at $\epsilon = 0$, $d-1$ at $\epsilon > 0$", ranks, sizes=(2, 3, 4, 8, 64), method="SVD")

    def spectral(rng, dim):
        g = rng.uniform(0.5, 2.0)
        p = _point(rng, dim)
        e = float(rng.choice([0.0, 1e-5, 0.1]))
        J_ = layer_norm_jacobian(p, np.full(dim, g), eps=e)
        scale = g / np.sqrt(np.var(p) + e)
        # J is symmetric for uniform gamma: its 2-norm is its largest |eigenvalue| (cheaper than an SVD)
        return np.abs(np.linalg.eigvalsh(J_)).max(), scale, 1e-12 * scale

    c.numeric(r"spectral norm $\|J\|_2 = \gamma/\sqrt{\sigma^2+\epsilon}$, uniform $\gamma$", spectral,
              sizes=(3, 4, 8, 64, 512), method="eigenvalues")

    def one_and_zhat(rng, dim):
        g = _gamma(rng, dim)
        p = _point(rng, dim)
        e = 1e-2
        J_ = layer_norm_jacobian(p, g, eps=e)
        v = np.var(p)
        z = (p - p.mean()) / np.sqrt(v + e)
        got = np.concatenate([J_ @ np.ones(dim), J_ @ z])
        want = np.concatenate([np.zeros(dim), e / (v + e) * g * z / np.sqrt(v + e)])
        return got, want, 1e-12 * np.abs(g).max() / np.sqrt(v + e)

    c.numeric(r"$J\mathbf{1} = 0$ and $J\hat z$ at random points", one_and_zhat, sizes=SIZES)
    c.expect(r"$d = 2$, $\epsilon = 0$: the Jacobian is exactly 0",
             np.abs(layer_norm_jacobian(np.array([0.3, 1.7]), eps=0.0)).max() < 1e-15)


@claim(
    "layernorm-gradient-cap",
    title=r"LayerNorm's gradient is capped by $\max_a|\gamma_a|/\sqrt{\epsilon}$",
    statement=r"\|J_{\mathrm{LN}}(x)\|_2 \le \frac{\max_a|\gamma_a|}{\sqrt{\epsilon}},"
    r"\ \text{approached as } \sigma\to 0",
    depends_on=("layernorm-jacobian-structure",),
)
def layernorm_gradient_cap(c):
    r"""$\|J\|_2 \le \max_a|\gamma_a|\,s^{-1}\,\|I - \mathbf{1}\mathbf{1}^\top/d - \hat z\hat z^\top/d\|_2
    \le \max_a|\gamma_a|/s \le \max_a|\gamma_a|/\sqrt{\epsilon}$."""
    sigma = sp.Symbol("sigma", nonnegative=True)
    gmax = sp.Symbol(r"\gamma_{\max}", positive=True)
    c.lemma(r"\|J\|_2", "<=", r"\frac{\max_a|\gamma_a|}{s}\,\Big\|I-\frac{\mathbf 1\mathbf 1^\top}{d}"
            r"-\frac{\hat z\hat z^\top}{d}\Big\|_2", "submultiplicativity of the operator norm",
            instance=lambda rng: _cap_parts(rng)[0:2], trials=60)
    c.lemma(r"\Big\|I-\frac{\mathbf 1\mathbf 1^\top}{d}-\frac{\hat z\hat z^\top}{d}\Big\|_2", "<=", "1",
            r"a symmetric matrix with eigenvalues in $[0, 1]$ (a projection minus a positive semidefinite term)",
            instance=lambda rng: (_cap_parts(rng)[2], 1.0), trials=60)
    c.holds(gmax / sp.sqrt(sigma**2 + eps), "<=", gmax / sp.sqrt(eps), r"$\sigma^2 \ge 0$")
    c.equal(sp.Limit(gmax / sp.sqrt(sigma**2 + eps), sigma, 0, "+"), gmax / sp.sqrt(eps), r"limit $\sigma \to 0$")
    sigmas = np.logspace(-5, 1, 40)
    g, e, dim = 1.0, 1e-5, 8
    rng = c.rng
    direction = rng.standard_normal(dim)
    direction -= direction.mean()
    direction /= np.sqrt(np.mean(direction**2))
    norms = [np.linalg.norm(layer_norm_jacobian(3.0 + sg * direction, np.full(dim, g), eps=e), 2) for sg in sigmas]
    cap = g / np.sqrt(e)
    c.numeric(r"$\|J\|_2 \le \max_a|\gamma_a|/\sqrt{\epsilon}$ along $\sigma \in [10^{-5}, 10]$",
              lambda rng_, n: (np.minimum(norms, cap * (1 + 1e-12)), norms, 0.0), sizes=(dim,), points=1,
              method="SVD")
    c.expect(r"the cap is approached: $\|J\|_2/\text{cap} > 0.99$ at $\sigma = 10^{-5}$", norms[0] / cap > 0.99)
    c.plot("layernorm-cap", r"LN Jacobian norm against $\sigma$ ($d = 8$, $\gamma = 1$, $\epsilon = 10^{-5}$)",
           r"$\sigma$", r"$\|J_{\mathrm{LN}}\|_2$",
           [("measured", sigmas, norms, "marks"), (r"$\gamma/\sigma$", sigmas, g / sigmas),
            (r"cap $\gamma/\sqrt{\epsilon}$", sigmas, np.full_like(sigmas, cap))],
           xmode="log", ymode="log")


def _cap_parts(rng):
    dim = int(rng.integers(2, 40))
    g = rng.uniform(-2, 2, dim)
    p = _point(rng, dim) * float(rng.choice([1e-4, 1e-2, 1.0]))
    e = float(rng.choice([1e-5, 1e-2, 1.0]))
    v = np.var(p)
    z = (p - p.mean()) / np.sqrt(v + e)
    inner = np.eye(dim) - 1.0 / dim - np.outer(z, z) / dim
    J_ = layer_norm_jacobian(p, g, eps=e)
    return (np.linalg.norm(J_, 2), np.abs(g).max() / np.sqrt(v + e) * np.linalg.norm(inner, 2),
            np.linalg.norm(inner, 2))


@claim(
    "layernorm-population-variance",
    title=r"LayerNorm divides the variance by $d$, not $d - 1$",
    statement=r"\sigma^2 = \frac{1}{d}\sum_{i=1}^{d}(x_i-\mu)^2,\qquad"
    r"\frac{1}{d-1}\sum_{i=1}^{d}(x_i-\mu)^2 \ne \sigma^2",
)
def layernorm_population_variance(c):
    r"""The features of one token are the whole population; the $d - 1$ form changes the output."""
    c.equal(var, sp.Sum(x[i] ** 2, (i, 1, d)) / d - mu**2, r"expand the square: $\mathbb{E}[x^2] - \mu^2$")
    unbiased = var * d / (d - 1)
    c.equal(unbiased - var, var / (d - 1), r"the two variances differ by $\sigma^2/(d - 1)$")
    example = [2, 4, 4, 6]
    m = sp.Rational(sum(example), 4)
    pop = sum((sp.Integer(t) - m) ** 2 for t in example) / 4
    sample_var = sum((sp.Integer(t) - m) ** 2 for t in example) / 3
    c.equal(pop, 2, r"$[2, 4, 4, 6]$: population variance")
    c.equal(sample_var, sp.Rational(8, 3), r"$[2, 4, 4, 6]$: the $d - 1$ version")
    c.equal((6 - m) / sp.sqrt(sample_var), sp.sqrt(6) / 2, r"so the last output would be $\sqrt{6}/2$, not $\sqrt{2}$")

    def compare(rng, dim):
        p = _point(rng, dim)
        torch_like = (p - p.mean()) / np.sqrt(np.var(p) + 1e-5)  # np.var divides by d
        return layer_norm(p, eps=1e-5), torch_like, 1e-13

    c.numeric("lnsym's LayerNorm uses the population variance (NumPy's var with ddof 0)", compare, sizes=SIZES)

    def differs(rng, dim):
        p = _point(rng, dim)
        sample_form = (p - p.mean()) / np.sqrt(np.var(p, ddof=1) + 1e-5)
        gap = np.abs(layer_norm(p, eps=1e-5) - sample_form).max()
        return gap > 1e-6 * np.abs(sample_form).max(), True, 0

    c.numeric(r"the $d - 1$ version gives a different output", differs, sizes=(2, 3, 4, 8, 64))

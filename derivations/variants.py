"""Other normalisations: why LayerNorm's statistics are per token (BatchNorm's are not), and
DeepNorm's constants for a deep Post-LN encoder."""

import numpy as np
import sympy as sp

from lnsym import claim, numeric_jacobian
from lnsym.derivation import size
from lnsym.norms_numpy import (
    BETA_SCALED,
    batch_norm,
    deepnorm_constants,
    encoder_forward,
    random_encoder,
    rms_norm,
)

d = size("d")
n = size("n")
N = size("N")
a, b, i, j, k, s, t = sp.symbols("a b i j k s t", integer=True, positive=True)
X = sp.IndexedBase("X", real=True)  # n tokens (rows) of d features (columns)
# 1 <= a, b <= d and 1 <= s, t <= n, in both spellings SymPy's Piecewise conditions take
RANGES = (sp.Le(a, d), sp.Le(b, d), sp.Ge(d, b), sp.Le(s, n), sp.Le(t, n), sp.Ge(n, s), sp.Ge(n, t))


def _batch(rng, tokens, dim):
    return rng.standard_normal((tokens, dim)) * rng.uniform(0.5, 3.0) + rng.uniform(-2, 2, dim)


def _layer_norm(M, eps=1e-5):  # LN of every token (row) at once
    centred = M - M.mean(axis=-1, keepdims=True)
    return centred / np.sqrt((centred * centred).mean(axis=-1, keepdims=True) + eps)


@claim(
    "layernorm-per-token-independence",
    title="LayerNorm normalises each token by its own statistics; BatchNorm mixes tokens, padding included",
    statement=r"\frac{\partial\mu_t}{\partial X_{sb}} = \frac{\delta_{ts}}{d},\ "
    r"\frac{\partial\sigma_t^2}{\partial X_{sb}} = \delta_{ts}\,\frac{2(X_{tb}-\mu_t)}{d}"
    r"\ \Rightarrow\ \frac{\partial\,\mathrm{LN}(X)_{ta}}{\partial X_{sb}} = 0\ (s\ne t);\qquad"
    r"\frac{\partial m_a}{\partial X_{sa}} = \frac1n,\ \frac{\partial v_a}{\partial X_{sa}} = \frac{2(X_{sa}-m_a)}{n}"
    r"\ \text{for every token } s \text{ (BatchNorm)}",
)
def layernorm_per_token_independence(c):
    r"""$\mathrm{LN}(X)_{ta} = \gamma_a (X_{ta} - \mu_t)/\sqrt{\sigma_t^2 + \epsilon}$ is a function of row
    $t$, $\mu_t$ and $\sigma_t^2$, whose derivatives in another token's entries all vanish: the output
    of a token does not depend on the other tokens, nor on how many padding tokens the batch holds.
    BatchNorm's mean $m_a$ and variance $v_a$ over the $n$ tokens move with every token; so padding
    changes them."""
    mu_t = sp.Sum(X[t, j], (j, 1, d)) / d
    var_t = sp.Sum((X[t, i] - mu_t) ** 2, (i, 1, d)) / d
    c.abbreviate(mu_t, r"\mu_t", r"\frac1d\sum_{j=1}^{d} X_{tj}")
    c.equal(sp.Derivative(mu_t, X[s, b]), sp.KroneckerDelta(s, t) / d, r"LN mean of token $t$", given=RANGES)
    c.equal(sp.Derivative(var_t, X[s, b]), sp.KroneckerDelta(s, t) * 2 * (X[t, b] - mu_t) / d,
            r"LN variance of token $t$: the deviations of row $t$ sum to 0", given=RANGES)
    m_a = sp.Sum(X[k, a], (k, 1, n)) / n
    v_a = sp.Sum((X[k, a] - m_a) ** 2, (k, 1, n)) / n
    c.abbreviate(m_a, "m_a", r"\frac1n\sum_{k=1}^{n} X_{ka}")
    c.equal(sp.Derivative(m_a, X[s, a]), 1 / n, r"BatchNorm mean of feature $a$: every token counts", given=RANGES)
    c.equal(sp.Derivative(v_a, X[s, a]), 2 * (X[s, a] - m_a) / n, r"BatchNorm variance of feature $a$",
            given=RANGES)

    def ln_rows(rng, tokens):
        M = _batch(rng, tokens, 16)
        alone = np.stack([_layer_norm(row) for row in M])
        other = M.copy()
        other[1:] = _batch(rng, tokens - 1, 16) * 100  # change every other token, wildly
        return np.concatenate([_layer_norm(M), _layer_norm(other)[:1]]), np.concatenate([alone, alone[:1]]), 0.0

    c.numeric(r"LN of a batch = LN of each token alone; token 1 is unchanged when the others change ($d = 16$)",
              ln_rows, sizes=(2, 3, 8, 64), method="float64, exact")

    def cross_blocks(rng, tokens, dim=6):
        """Entries of the batch Jacobian d out[t] / d X[s] for s != t (complex step: exact zeros)."""
        M = _batch(rng, tokens, dim)
        off = ~np.kron(np.eye(tokens, dtype=bool), np.ones((dim, dim), dtype=bool))
        flat = {name: numeric_jacobian(lambda V, f=f: f(V.reshape(-1, tokens, dim)).reshape(V.shape[0], -1),
                                       M.ravel(), method="complex").value[off]
                for name, f in (("LN", _layer_norm), ("BN", batch_norm))}
        return np.abs(flat["LN"]).max(), 0.0, 0.0, np.abs(flat["BN"]).max()

    bn_cross = []

    def ln_cross(rng, tokens):
        ln, want, tol, bn = cross_blocks(rng, tokens)
        bn_cross.append(bn)
        return ln, want, tol

    c.numeric(r"$\partial\,\mathrm{LN}(X)_t/\partial X_s = 0$ for $s \ne t$: the batch Jacobian is block diagonal "
              r"(complex step, $d = 6$)",
              ln_cross, sizes=(2, 3, 5), points=1, method="complex step, exact")
    c.expect(r"while BatchNorm's batch Jacobian has non-zero blocks off the diagonal (largest entry $> 0.01$)",
             min(bn_cross) > 0.01, f"largest off-diagonal entry {min(bn_cross):.3g}")
    gaps = {}

    def padded(rng, pads):
        M = _batch(rng, 4, 16)
        with_pad = np.concatenate([M, np.zeros((pads, 16))])  # zero padding tokens, unmasked
        gaps[pads] = float(np.abs(batch_norm(with_pad)[:4] - batch_norm(M)).max())
        return _layer_norm(with_pad)[:4], _layer_norm(M), 0.0

    c.numeric(r"4 real tokens and $k$ zero padding tokens: LN of the real tokens is unchanged ($k$ = number of pads)",
              padded, sizes=(1, 2, 4, 12), points=1, method="float64, exact")
    c.expect(r"but BatchNorm of the real tokens changes with padding (largest change $> 0.1$ for every $k$)",
             min(gaps.values()) > 0.1, f"smallest change {min(gaps.values()):.3g}")
    c.note("Largest change of BatchNorm's output on the 4 real tokens, by number of zero padding tokens: "
           + ", ".join(f"$k = {p}$: {g:.2f}" for p, g in sorted(gaps.items()))
           + ". LN (and RMSNorm, also per token) changed by exactly 0.")
    M = _batch(c.rng, 4, 16)
    c.expect("RMSNorm is per token too: padding leaves it unchanged",
             np.array_equal(rms_norm(np.concatenate([M, np.zeros((3, 16))]))[:4], rms_norm(M)))


DEPTHS = (6, 12, 48)
ETA = 1e-3
SEEDS = 12


def update_sizes(rng, layers, *, eta=ETA, dim=16, tokens=4, seeds=SEEDS):
    """``||F(x; W + dW) - F(x; W)|| / ||F(x; W)||`` for ``seeds`` random encoders and inputs, where
    every weight moves by +-eta (random signs: the size of one Adam step at learning rate eta).
    Post-LN and DeepNorm share the random draws (DeepNorm's beta-scaled matrices are the same draws
    times beta), the perturbation and the inputs. Returns (post_ln, deepnorm), one value per seed."""
    alpha, beta = deepnorm_constants(layers)
    f32 = np.float32  # ample for relative changes of 1e-3, and twice as fast
    weights = random_encoder(rng, layers, dim, 1.0, batch=(seeds,), dtype=f32)
    steps = {key: (rng.integers(0, 2, w.shape, dtype=np.int8) * f32(2 * eta) - f32(eta)) for key, w in weights.items()}
    x = rng.standard_normal((seeds, tokens, dim), dtype=f32)
    out = []
    for scale, a in ((1.0, 1.0), (beta, alpha)):
        w = {key: m * f32(scale) if key in BETA_SCALED else m for key, m in weights.items()}
        moved = {key: m + steps[key] for key, m in w.items()}
        y = encoder_forward(w, x, a)
        out.append(np.linalg.norm(encoder_forward(moved, x, a) - y, axis=(-2, -1)) / np.linalg.norm(y, axis=(-2, -1)))
    return out[0], out[1]


def geometric_mean(values):
    return float(np.exp(np.mean(np.log(values))))


@claim(
    "deepnorm-constants",
    title=r"DeepNorm's constants for an $N$-layer encoder, and the model update they keep from growing with $N$",
    statement=r"x_{l+1} = \mathrm{LN}(\alpha x_l + G_l(x_l)),\quad \alpha = (2N)^{1/4},\ \beta = (8N)^{-1/4}:"
    r"\quad \alpha\big|_{N=6,12,48} \approx 1.861,\ 2.213,\ 3.130,\quad \beta \approx 0.380,\ 0.319,\ 0.226;"
    r"\qquad 2N\,\frac{2\beta^2}{\alpha^2} = 1;\qquad"
    r"\frac{\|F(x; W+\Delta W) - F(x; W)\|}{\|F(x; W)\|},\ \Delta W_{ij} = \pm 10^{-3}:"
    r"\ \text{grows more slowly with } N \text{ than for Post-LN}",
)
def deepnorm_constants_claim(c):
    r"""Wang et al. 2022 (DeepNet, arXiv 2203.00555), Table 1, encoder-only: $\alpha$ scales the
    residual of each of the $2N$ sublayers (attention, FFN) of a Post-LN encoder, $\beta$ is the Xavier
    gain of the FFN, value and output projections (query and key keep gain 1). The steps evaluate the
    constants and check that with $v = w = \beta$ the $2N$ sublayers' $(v^2 + w^2)/\alpha^2$ add up to 1
    for every $N$ (the paper's bound on the model update is not re-derived here). The experiment:
    every weight of an encoder ($d = 16$, 4 tokens, one attention head, FFN width 64) moves by
    $\pm 10^{-3}$ (random signs, like one Adam step); the relative change of the output (geometric
    mean over 12 random encoders and inputs) grows with $N$ for Post-LN and does not for DeepNorm.
    Post-LN and DeepNorm share the random draws; the stacks run in float32."""
    alpha, beta = (2 * N) ** sp.Rational(1, 4), (8 * N) ** sp.Rational(-1, 4)
    for layers, a_shown, b_shown in ((6, "1.861", "0.380"), (12, "2.213", "0.319"), (48, "3.130", "0.226")):
        with sp.evaluate(False):  # shown as (2N)^(1/4) with 2N evaluated, e.g. 12^(1/4)
            a_value, b_value = sp.Pow(2 * layers, sp.Rational(1, 4)), sp.Pow(8 * layers, sp.Rational(-1, 4))
        c.rounds_to(a_value, a_shown, rf"$\alpha = (2N)^{{1/4}}$ at $N = {layers}$")
        c.rounds_to(b_value, b_shown, rf"$\beta = (8N)^{{-1/4}}$ at $N = {layers}$")
    with sp.evaluate(False):  # keep the steps as written (SymPy would reduce them to 1 = 1)
        v2_w2 = sp.Pow(beta, 2) + sp.Pow(beta, 2)
        per_sublayer = v2_w2 / sp.Pow(alpha, 2)
        total = 2 * N * per_sublayer
    c.equal(v2_w2, 1 / alpha**2, r"$v = w = \beta$: $v^2 + w^2 = 2(8N)^{-1/2} = (2N)^{-1/2} = 1/\alpha^2$")
    c.equal(total, 1, r"summed over the $2N$ sublayers: $2N(v^2 + w^2)/\alpha^2 = 2N/\alpha^4 = 1$, for every $N$")
    c.numeric("lnsym's DeepNorm constants agree",
              lambda rng, m: (deepnorm_constants(m), [float((2 * m) ** 0.25), float((8 * m) ** -0.25)], 1e-15),
              sizes=DEPTHS, points=1)
    runs = [update_sizes(c.rng, m) for m in DEPTHS]
    post = [geometric_mean(p) for p, _ in runs]
    deep = [geometric_mean(q) for _, q in runs]
    growth_post, growth_deep = post[-1] / post[0], deep[-1] / deep[0]
    c.expect(rf"the update grows more slowly with $N$ under DeepNorm: from $N = {DEPTHS[0]}$ to ${DEPTHS[-1]}$, "
             rf"$\times{growth_deep:.2f}$ (DeepNorm) $< \times{growth_post:.2f}$ (Post-LN)", growth_deep < growth_post,
             f"DeepNorm grew x{growth_deep:.2f}, Post-LN x{growth_post:.2f}")
    c.note(r"Relative output change for a $\pm 10^{-3}$ move of every weight, $N = " + ", ".join(map(str, DEPTHS))
           + "$: Post-LN " + ", ".join(f"{v:.2e}" for v in post) + "; DeepNorm " + ", ".join(f"{v:.2e}" for v in deep)
           + ".")
    c.plot("deepnorm-update", r"Output change under a $\pm 10^{-3}$ move of every weight ($d = 16$, 12 seeds)",
           "layers $N$", r"$\|\Delta F\| / \|F\|$",
           [("Post-LN", DEPTHS, post, "marks"), ("DeepNorm", DEPTHS, deep, "marks")], xmode="log", ymode="log")

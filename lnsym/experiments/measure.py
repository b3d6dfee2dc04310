r"""Measurements of the depth experiment over seeds, and their comparison with Xiong et al. (2020).

:func:`simulate` runs Post-LN and Pre-LN stacks of every requested depth for each seed (both
arrangements share the weights, the Gaussian input and the loss of a seed: a paired comparison) and
keeps the numbers the statements need. The ``lemma2`` / ``theorem1`` / ``profile`` / ``lemma3`` /
``product_bound`` functions turn them into frozen results whose :class:`Comparison` rows say what the
paper states, what was measured (mean and standard error over seeds) and whether they agree within
the stated tolerance. The claims in ``derivations/xiong.py`` and ``lnsym experiment depth`` both
read these; the tolerances live here, once.

The loss is a fixed random linear readout of the output, :math:`\ell = \sum_i \langle r_i, y_i
\rangle` with :math:`r_i \sim N(0, I_d)` drawn per seed, the same for both arrangements (so the
gradient at the output is r).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from lnsym.experiments.depth import ARRANGEMENTS, Weights, backward, draw_weights, forward, ln, ln_vjp
from lnsym.experiments.jacobians import sublayer_jacobians
from lnsym.ln_numpy import layer_norm_jacobian

__all__ = [
    "Comparison",
    "Config",
    "Simulation",
    "doubling_depths",
    "end_to_end_ratio",
    "fit_exponent",
    "lemma2",
    "lemma3",
    "product_bound",
    "profile",
    "simulate",
    "theorem1",
]

#: number of standard errors within which a mean must match an exact expectation (two-sided normal
#: tail 6e-5: a true statement fails about once in 16,000 runs)
Z_MEAN = 4.0
#: per-layer checks are many (up to L of them): each layer's mean within this many standard errors
Z_LAYER = 4.5
#: a fitted exponent agrees with the paper when it is closer to the stated exponent than half the gap
#: between the two arrangements' exponents (0 and -1/2): the line that tells "constant" from "1/sqrt(L)"
EXPONENT_TOLERANCE = 0.25
#: "flat" per-layer profile: the last layer's gradient within this factor of the first layer's
FLAT_FACTOR = 1.5


@dataclass(frozen=True)
class Config:
    """What to simulate. ``layers``: the depths whose per-layer profiles are shown (the deepest one
    also gives Lemma 2); ``scaling``: the depths of the Theorem 1 fit (default: doublings)."""

    layers: tuple[int, ...] = (6, 48)
    width: int = 256
    tokens: int = 16
    seeds: int = 5
    seed: int = 0
    eps: float = 0.0
    scaling: tuple[int, ...] = ()

    @property
    def depths(self) -> tuple[int, ...]:
        return tuple(sorted(set(self.layers) | set(self.fit_depths)))

    @property
    def fit_depths(self) -> tuple[int, ...]:
        return tuple(sorted(set(self.scaling))) if self.scaling else doubling_depths(self.layers)


def doubling_depths(layers) -> tuple[int, ...]:
    """min(layers), twice that, ... up to max(layers), plus the listed depths: 6, 48 -> 6, 12, 24, 48."""
    lo, hi = min(layers), max(layers)
    grid = {lo, hi, *layers}
    k = lo
    while k * 2 < hi:
        k *= 2
        grid.add(k)
    return tuple(sorted(grid))


@dataclass(frozen=True)
class Record:
    """What one (arrangement, depth, seed) run keeps; arrays indexed by layer."""

    arrangement: str
    depth: int
    seed: int
    grad_w2: np.ndarray  # (L,) Frobenius norm of d loss / d W2_l
    grad_stream: np.ndarray  # (L+1,) norm of d loss / d x_l
    stream_sq: np.ndarray  # (L+1,) token mean of ||x_l||^2 / d (Pre-LN: x_0 input ... x_L)
    x5_sq: np.ndarray  # (L,) Post-LN: token mean of ||x5_l||^2 / d
    mean_sq: np.ndarray  # (L,) Pre-LN: ||m_l||^2 / d, m_l the token mean of LN(x_l) (attention's input)


@dataclass(frozen=True)
class Simulation:
    config: Config
    records: tuple[Record, ...]
    seconds: float = 0.0

    def select(self, arrangement: str, depth: int) -> tuple[Record, ...]:
        return tuple(r for r in self.records if r.arrangement == arrangement and r.depth == depth)

    def stacked(self, arrangement: str, depth: int, field: str) -> np.ndarray:
        """(seeds, ...) array of one field."""
        return np.stack([getattr(r, field) for r in self.select(arrangement, depth)])


def _seed_rng(config: Config, depth: int, k: int) -> np.random.Generator:
    return np.random.default_rng([config.seed, k, depth])


def _sq(x: np.ndarray) -> np.ndarray:
    """Token mean of ||x_i||^2 / d, per leading (seed) index."""
    return np.mean(np.sum(x * x, axis=-1), axis=-1) / x.shape[-1]


#: seeds are simulated together (batched matmuls) while their weights fit in this many bytes
_BATCH_BYTES = 64 * 2**20


def _draw(config: Config, depth: int, seeds: list[int]):
    """Each seed's weights, input and readout from its own stream, stacked along a leading axis."""
    ws, xs, rs = [], [], []
    for k in seeds:
        rng = _seed_rng(config, depth, k)
        ws.append(draw_weights(rng, depth, config.width))
        xs.append(rng.standard_normal((config.tokens, config.width)))
        rs.append(rng.standard_normal((config.tokens, config.width)))
    if len(seeds) == 1:
        return ws[0], xs[0][None], rs[0][None]
    stacked = Weights(*(tuple(np.stack([getattr(w, name)[k] for w in ws]) for k in range(depth))
                        for name in ("WV", "W1", "W2")))
    return stacked, np.stack(xs), np.stack(rs)


def simulate(config: Config, progress: Callable[[int, int], None] | None = None) -> Simulation:
    """Run both arrangements at every depth for every seed; ``progress(done, total)`` as layers finish.

    Seed k of depth L always uses the stream ``default_rng([seed, k, L])``, however the seeds are
    batched, so the same config gives the same numbers."""
    import time

    started = time.perf_counter()
    records = []
    per_seed = 3 * 8 * config.width**2
    total_layers = sum(config.depths) * config.seeds
    done = 0
    for depth in config.depths:
        chunk = max(1, _BATCH_BYTES // (per_seed * depth))
        for first in range(0, config.seeds, chunk):
            seeds = list(range(first, min(first + chunk, config.seeds)))
            weights, x0, r = _draw(config, depth, seeds)
            if len(seeds) == 1:
                weights = Weights(*(tuple(w[None] for w in getattr(weights, name)) for name in ("WV", "W1", "W2")))
            for arrangement in ARRANGEMENTS:
                run = forward(arrangement, x0, weights, config.eps)
                grads = backward(run, weights, r)
                grad_w2 = np.stack([np.linalg.norm(g, axis=(-2, -1)) for g in grads.W2], axis=-1)
                grad_stream = np.stack([np.linalg.norm(g, axis=(-2, -1)) for g in grads.stream], axis=-1)
                stream_sq = np.stack([_sq(x) for x in run.stream], axis=-1)
                if arrangement == "pre":
                    mean_sq = np.stack([_sq(c["m"]) for c in run.cache], axis=-1)
                    x5_sq = np.zeros((len(seeds), 0))
                else:
                    mean_sq = np.zeros((len(seeds), depth))
                    x5_sq = np.stack([_sq(x) for x in run.x5], axis=-1)
                for j, k in enumerate(seeds):
                    records.append(Record(arrangement, depth, k, grad_w2[j], grad_stream[j], stream_sq[j],
                                          x5_sq[j], mean_sq[j]))
            done += depth * len(seeds)
            if progress is not None:
                progress(done, total_layers)
    records.sort(key=lambda r: (r.depth, ARRANGEMENTS.index(r.arrangement), r.seed))  # however batched
    return Simulation(config, tuple(records), time.perf_counter() - started)


# --------------------------------------------------------------------------------------- results
@dataclass(frozen=True)
class Comparison:
    """One row of the comparison with the paper: ``measured`` (mean) +- ``spread`` (standard error
    over seeds unless ``detail`` says otherwise) against what ``paper`` states."""

    label: str
    paper: str
    measured: float
    spread: float
    passed: bool
    detail: str = ""
    unit: str = ""
    log_scale: bool = False  # measured is a geometric mean and spread the standard error of its log
    #: the label and the paper's value as prose with LaTeX math (lnsym.prose), for the appendix;
    #: ``label`` and ``paper`` are the plain forms the terminal table prints
    label_tex: str = ""
    paper_tex: str = ""

    def shown(self) -> str:
        if self.log_scale:
            return f"{self.measured:.4g} ×/÷ {np.exp(self.spread):.3g}{self.unit}"
        if not np.isfinite(self.spread) or self.spread == 0:
            return f"{self.measured:.4g}{self.unit}"
        return f"{self.measured:.4g} ± {self.spread:.2g}{self.unit}"


def _mean_se(values: np.ndarray, axis: int = 0) -> tuple[np.ndarray, np.ndarray]:
    values = np.asarray(values, dtype=float)
    k = values.shape[axis]
    se = values.std(axis=axis, ddof=1) / np.sqrt(k) if k > 1 else np.full_like(values.mean(axis=axis), np.nan)
    return values.mean(axis=axis), se


@dataclass(frozen=True)
class Lemma2Result:
    depth: int
    post_x5: np.ndarray  # (L,) mean over seeds of the token-mean ||x5_l||^2 / d
    post_x5_se: np.ndarray  # (L,) pooled standard error per layer
    pre_stream: np.ndarray  # (L+1,) mean of ||x_l||^2 / d, l = 0..L
    pre_stream_se: np.ndarray
    lower: np.ndarray  # (L+1,) 1 + l/2
    upper: np.ndarray  # (L+1,) 1 + 3l/2
    recursion_gap: float  # mean of ||x_{l+1}||^2/d - ||x_l||^2/d - ||m_l||^2/d - 1/2 over layers and seeds
    recursion_gap_se: float
    comparisons: tuple[Comparison, ...]

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.comparisons)


def lemma2(sim: Simulation, depth: int | None = None, *, post_value: float = 1.5,
           bounds: tuple[float, float, float, float] = (1.0, 0.5, 1.0, 1.5)) -> Lemma2Result:
    """Lemma 2: Post-LN E||x5_l||^2 = 3d/2 at every layer; Pre-LN (1 + l/2) d <= E||x_l||^2 <= (1 + 3l/2) d.

    ``x_l`` is the stream after l layers (``x_0``, the input, has E||x_0||^2 = d); the paper writes
    the bound for its layer index l > 0 with the same increments. ``post_value`` and ``bounds``
    (lower = a + b l, upper = c + e l) are the constants under test; wrong ones must fail.
    Tolerances: the pooled Post-LN mean within Z_MEAN standard errors of 3/2 (layers x seeds as
    independent units), every layer within Z_LAYER standard errors (pooled standard deviation);
    each Pre-LN layer's mean inside the bounds up to Z_MEAN standard errors.
    """
    depth = depth or max(sim.config.layers)
    x5 = sim.stacked("post", depth, "x5_sq")  # (S, L)
    seeds = x5.shape[0]
    pooled_sd = x5.std(ddof=1) if x5.size > 1 else np.nan
    post_mean, _ = _mean_se(x5)
    post_se = np.full(depth, pooled_sd / np.sqrt(seeds))
    all_mean = float(x5.mean())
    all_se = float(pooled_sd / np.sqrt(x5.size))
    z_layers = np.abs(post_mean - post_value) / post_se
    worst = int(np.argmax(z_layers))

    stream = sim.stacked("pre", depth, "stream_sq")  # (S, L+1)
    pre_mean, pre_se = _mean_se(stream)
    ell = np.arange(depth + 1)
    lower = bounds[0] + bounds[1] * ell
    upper = bounds[2] + bounds[3] * ell
    slack = Z_MEAN * np.nan_to_num(pre_se, nan=0.0)
    inside = (pre_mean[1:] >= lower[1:] - slack[1:]) & (pre_mean[1:] <= upper[1:] + slack[1:])
    bad = np.flatnonzero(~inside) + 1

    gaps = np.diff(stream, axis=1) - sim.stacked("pre", depth, "mean_sq") - 0.5  # (S, L)
    gap_mean = float(gaps.mean())
    gap_se = float(gaps.std(ddof=1) / np.sqrt(gaps.size)) if gaps.size > 1 else np.nan

    margin_lo = float(np.min((pre_mean[1:] - lower[1:]) / np.maximum(pre_se[1:], 1e-300)))
    margin_hi = float(np.min((upper[1:] - pre_mean[1:]) / np.maximum(pre_se[1:], 1e-300)))
    comparisons = (
        Comparison(f"Post-LN E||x5||^2/d, all {depth} layers pooled", f"{post_value:g}", all_mean, all_se,
                   abs(all_mean - post_value) <= Z_MEAN * all_se,
                   f"within {Z_MEAN:g} SE ({x5.size} layer-seed means)",
                   label_tex=rf"Post-LN $\mathbb{{E}}\|x^{{(5)}}\|^2/d$, all {depth} layers pooled",
                   paper_tex=f"${post_value:g}$"),
        Comparison(f"Post-LN E||x5||^2/d, worst layer (l = {worst + 1})", f"{post_value:g} at every layer",
                   float(post_mean[worst]), float(post_se[worst]), bool(z_layers[worst] <= Z_LAYER),
                   f"|z| = {z_layers[worst]:.2f}, at most {Z_LAYER:g}",
                   label_tex=rf"Post-LN $\mathbb{{E}}\|x^{{(5)}}\|^2/d$, worst layer ($l = {worst + 1}$)",
                   paper_tex=f"${post_value:g}$ at every layer"),
        Comparison(f"Pre-LN E||x_l||^2/d at l = {depth}",
                   f"[{lower[-1]:g}, {upper[-1]:g}]", float(pre_mean[-1]), float(pre_se[-1]), bool(inside[-1]),
                   "inside the bounds", label_tex=rf"Pre-LN $\mathbb{{E}}\|x_l\|^2/d$ at $l = {depth}$",
                   paper_tex=f"$[{lower[-1]:g}, {upper[-1]:g}]$"),
        Comparison(f"Pre-LN E||x_l||^2/d, l = 1..{depth} inside [1 + l/2, 1 + 3l/2]",
                   "every layer", float(len(bad)), 0.0, len(bad) == 0, unit=" layers outside", detail=
                   "layers outside: " + (", ".join(map(str, bad)) if len(bad) else "none")
                   + f"; smallest margin {margin_lo:.1f} SE above the lower, {margin_hi:.1f} SE below the upper",
                   label_tex=rf"Pre-LN $\mathbb{{E}}\|x_l\|^2/d$, $l = 1, \dots, {depth}$, inside "
                   r"$[1 + l/2, 1 + 3l/2]$"),
        Comparison("Pre-LN increment - ||m_l||^2/d - 1/2 (the recursion of the paper's proof)", "0",
                   gap_mean, gap_se, abs(gap_mean) <= Z_MEAN * gap_se, f"within {Z_MEAN:g} SE",
                   label_tex=r"Pre-LN increment $- \|m_l\|^2/d - 1/2$ (the recursion of the paper's proof)",
                   paper_tex="$0$"),
    )
    return Lemma2Result(depth, post_mean, post_se, pre_mean, pre_se, lower, upper, gap_mean, gap_se, comparisons)


def fit_exponent(depths, values) -> float:
    """Least-squares slope of log(values) against log(depths)."""
    return float(np.polyfit(np.log(np.asarray(depths, float)), np.log(np.asarray(values, float)), 1)[0])


@dataclass(frozen=True)
class Theorem1Result:
    depths: tuple[int, ...]
    last_grad: dict  # arrangement -> (S, len(depths)) last layer's ||grad W2||_F
    exponents: dict  # arrangement -> (S,) per-seed fitted exponent
    stream_exponent: float  # Pre-LN: exponent of the last gradient against E||x_L||^2/d (mechanism)
    comparisons: tuple[Comparison, ...]

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.comparisons)


def theorem1(sim: Simulation, *, expected: dict | None = None,
             tolerance: float = EXPONENT_TOLERANCE) -> Theorem1Result | None:
    """Theorem 1: the last layer's ||grad W2|| is about constant in L for Post-LN and ~ L^(-1/2) for
    Pre-LN. The exponent is fitted per seed (log-log least squares over the fit depths); the mean
    over seeds must lie within ``tolerance`` of the stated exponent. None with fewer than two depths."""
    expected = expected or {"post": 0.0, "pre": -0.5}
    depths = sim.config.fit_depths
    if len(depths) < 2:
        return None
    last, exps = {}, {}
    for a in ARRANGEMENTS:
        last[a] = np.stack([sim.stacked(a, L, "grad_w2")[:, -1] for L in depths], axis=1)
        exps[a] = np.array([fit_exponent(depths, row) for row in last[a]])
    final_sq = np.stack([sim.stacked("pre", L, "stream_sq")[:, -1] for L in depths], axis=1)
    stream_exp = float(np.mean([fit_exponent(q, g) for q, g in zip(final_sq, last["pre"], strict=True)]))
    comparisons = []
    for a, name in (("post", "Post-LN"), ("pre", "Pre-LN")):
        m, se = _mean_se(exps[a])
        comparisons.append(Comparison(
            f"{name} exponent of ||grad W2_L|| in L (L = {', '.join(map(str, depths))})",
            f"{expected[a]:g}", float(m), float(se), abs(float(m) - expected[a]) <= tolerance,
            f"within {tolerance:g} of {expected[a]:g}; seeds: {', '.join(f'{e:.3f}' for e in exps[a])}",
            label_tex=rf"{name} exponent of $\|\partial\ell/\partial W^{{2,L}}\|_F$ in $L$ "
            f"($L = {', '.join(map(str, depths))}$)", paper_tex=f"${expected[a]:g}$"))
    return Theorem1Result(depths, last, exps, stream_exp, tuple(comparisons))


@dataclass(frozen=True)
class ProfileResult:
    depth: int
    grad_w2: dict  # arrangement -> (L,) mean over seeds of ||grad W2_l||
    grad_w2_se: dict
    ratio: dict  # arrangement -> (S,) last layer / first layer
    comparisons: tuple[Comparison, ...]

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.comparisons)


def end_to_end_ratio(grads: np.ndarray) -> np.ndarray:
    """Per seed (rows), exp of the least-squares slope of log ||grad W2_l|| in l, times L - 1: the
    last-to-first ratio of a log-linear fit through every layer (less noisy than two single layers)."""
    grads = np.atleast_2d(grads)
    ell = np.arange(grads.shape[1])
    slopes = np.polyfit(ell, np.log(grads).T, 1)[0]
    return np.exp(slopes * (grads.shape[1] - 1))


def profile(sim: Simulation, depth: int, *, flat: float = FLAT_FACTOR) -> ProfileResult:
    """The gradient norm of every layer's W2 (Figure 3 of the paper: Post-LN grows toward the output,
    Pre-LN is flat). Checked on the end-to-end ratio r (:func:`end_to_end_ratio`, last layer over
    first of a log-linear fit over all layers) per seed: Post-LN's mean must exceed 1 by more than
    Z_MEAN standard errors; Pre-LN's must lie within [1/flat, flat]. Both on the log scale
    (geometric mean over seeds)."""
    means, ses, ratios = {}, {}, {}
    for a in ARRANGEMENTS:
        g = sim.stacked(a, depth, "grad_w2")
        means[a], ses[a] = _mean_se(g)
        ratios[a] = end_to_end_ratio(g)
    # ratios are products of many factors: average them on the log scale (geometric mean)
    post_log, post_se = (float(v) for v in _mean_se(np.log(ratios["post"])))
    pre_log, pre_se = (float(v) for v in _mean_se(np.log(ratios["pre"])))
    comparisons = (
        Comparison(f"Post-LN last/first layer ||grad W2_l|| (geometric mean), L = {depth}",
                   "> 1 (grows toward the output)", float(np.exp(post_log)), post_se,
                   post_log - Z_MEAN * np.nan_to_num(post_se) > 0.0,
                   f"log ratio {post_log:.3f} ± {post_se:.2g} (SE) must exceed 0 by {Z_MEAN:g} SE", log_scale=True,
                   label_tex=r"Post-LN last over first layer $\|\partial\ell/\partial W^{2,l}\|_F$ (geometric mean), "
                   f"$L = {depth}$", paper_tex=r"$> 1$ (grows toward the output)"),
        Comparison(f"Pre-LN last/first layer ||grad W2_l|| (geometric mean), L = {depth}",
                   f"≈ 1 (flat: within ×{flat:g})", float(np.exp(pre_log)), pre_se,
                   1.0 / flat <= np.exp(pre_log) <= flat,
                   f"log ratio {pre_log:.3f} ± {pre_se:.2g} (SE); must lie within [{1 / flat:.3g}, {flat:g}]",
                   log_scale=True,
                   label_tex=r"Pre-LN last over first layer $\|\partial\ell/\partial W^{2,l}\|_F$ (geometric mean), "
                   f"$L = {depth}$", paper_tex=rf"$\approx 1$ (flat: within $\times{flat:g}$)"),
    )
    return ProfileResult(depth, means, ses, ratios, comparisons)


@dataclass(frozen=True)
class Lemma3Result:
    points: int
    max_rel_error: float  # ||J_LN||_2 against gamma sqrt(d) / ||x - mu 1||
    vjp_max_error: float  # the simulation's VJP against layer_norm_jacobian(x)^T g
    mean_ratio: float  # mean of ||x - mu 1|| / ||x||: how close the paper's sqrt(d)/||x|| form is
    comparisons: tuple[Comparison, ...]

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.comparisons)


def lemma3(rng: np.random.Generator, width: int, tokens: int, depth: int, *, per_input: int = 2,
           eps: float = 0.0, tolerance: float = 1e-10) -> Lemma3Result:
    """||J_LN(x)||_2 = gamma sqrt(d) / ||x - mu 1|| (eps = 0, gamma = 1, d >= 3) at every LN input of
    a Post-LN and a Pre-LN stack (``per_input`` tokens each), by SVD of the derived Jacobian; and the
    simulation's VJP equals J^T g there. Tolerance: ``tolerance`` relative (rounding of an SVD)."""
    weights = draw_weights(rng, depth, width)
    x0 = rng.standard_normal((tokens, width))
    worst = worst_vjp = 0.0
    ratios = []
    points = 0
    for a in ARRANGEMENTS:
        run = forward(a, x0, weights, eps)
        for x in run.ln_inputs:
            for t in range(min(per_input, tokens)):
                v = x[t]
                J = layer_norm_jacobian(v, eps=eps)
                centred = np.linalg.norm(v - v.mean())
                exact = np.sqrt(width) / centred
                worst = max(worst, abs(np.linalg.norm(J, 2) - exact) / exact)
                g = rng.standard_normal(width)
                zhat, s = ln(v[None], eps)
                got = ln_vjp(zhat, s, g[None])[0]
                want = J.T @ g
                worst_vjp = max(worst_vjp, float(np.abs(got - want).max() / (np.abs(want).max() + exact)))
                ratios.append(centred / np.linalg.norm(v))
                points += 1
    comparisons = (
        Comparison("||J_LN||_2 vs gamma sqrt(d)/||x - mu 1|| (max rel. error)", "0 (exact at eps = 0)",
                   worst, 0.0, worst <= tolerance, f"at most {tolerance:g} over {points} LN inputs",
                   label_tex=r"$\|J_{\mathrm{LN}}\|_2$ vs $\gamma\sqrt{d}/\|x - \mu\mathbf{1}\|$ (max rel. error)",
                   paper_tex=r"0 (exact at $\epsilon = 0$)"),
        Comparison("simulation's LN VJP vs J^T g (max rel. error)", "0", worst_vjp, 0.0, worst_vjp <= tolerance,
                   f"at most {tolerance:g}", label_tex=r"simulation's LN VJP vs $J^\top g$ (max rel. error)"),
    )
    return Lemma3Result(points, worst, worst_vjp, float(np.mean(ratios)), comparisons)


@dataclass(frozen=True)
class ProductResult:
    arrangement: str
    depth: int
    stack_norm: np.ndarray  # (S,) ||J_stack||_2
    product: np.ndarray  # (S,) prod_k (1 + ||B_k||) for Pre-LN; prod_k ||N_k|| ||I + A_k|| for Post-LN
    power: np.ndarray  # (S,) (1 + delta)^(2L), delta = max_k ||B_k|| (Pre-LN); nan for Post-LN
    delta: np.ndarray  # (S,) max_k ||B_k|| (Pre-LN) or max_k ||A_k|| (Post-LN)
    ln_product: np.ndarray  # (S,) prod of the LN factors' norms (Post-LN); nan for Pre-LN
    holds: bool


def product_bound(rng: np.random.Generator, width: int, tokens: int, depth: int, seeds: int,
                  eps: float = 0.0) -> dict:
    """The answer key's bound ||prod_k (I + B_k)||_2 <= prod_k (1 + ||B_k||) <= (1 + delta)^n
    (n = 2L sublayers) against the measured norm of the Pre-LN stack's Jacobian; and for Post-LN the
    analogous chain ||J|| <= prod ||J_LN^(k)|| ||I + A_k||. Explicit nd x nd matrices: small sizes only."""
    out = {}
    for a in ARRANGEMENTS:
        stack, prod, power, delta, lnp = [], [], [], [], []
        for _ in range(seeds):
            weights = draw_weights(rng, depth, width)
            x0 = rng.standard_normal((tokens, width))
            jac = sublayer_jacobians(forward(a, x0, weights, eps), weights)
            stack.append(np.linalg.norm(jac.stack(), 2))
            bnorms = np.array([np.linalg.norm(b, 2) for b in jac.branches])
            delta.append(bnorms.max())
            if a == "pre":
                prod.append(np.prod(1 + bnorms))
                power.append((1 + bnorms.max()) ** len(bnorms))
                lnp.append(np.nan)
            else:
                eye = np.eye(jac.factors[0].shape[0])
                nnorms = np.array([np.linalg.norm(m, 2) for m in jac.norms])
                inner = np.array([np.linalg.norm(eye + b, 2) for b in jac.branches])
                prod.append(np.prod(nnorms * inner))
                power.append(np.nan)
                lnp.append(np.prod(nnorms))
        stack, prod, power = np.array(stack), np.array(prod), np.array(power)
        slack = 1 + 1e-10
        holds = bool(np.all(stack <= prod * slack) and (a == "post" or np.all(prod <= power * slack)))
        out[a] = ProductResult(a, depth, stack, prod, power, np.array(delta), np.array(lnp), holds)
    return out

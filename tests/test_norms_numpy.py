"""RMSNorm, softmax, BatchNorm and DeepNorm: the NumPy helpers, the five claims, and mutation tests
(a wrong formula must make the symbolic step false and the numeric check fail)."""

import inspect

import numpy as np
import pytest
import sympy as sp

from lnsym import layer_norm, layer_norm_jacobian, numeric_jacobian
from lnsym.catalogue import load_catalogue
from lnsym.claims import Status, Truth
from lnsym.derivation import Derivation
from lnsym.errors import UsageError
from lnsym.norms_numpy import (
    batch_norm,
    deepnorm_constants,
    encoder_forward,
    random_encoder,
    rms_norm,
    rms_norm_jacobian,
    softmax,
    softmax_jacobian,
)
from lnsym.runner import verify
from lnsym.symbols import INDEX_RANGE, a, b, d, gamma, x

CATALOGUE = load_catalogue()
# the claim files, as the catalogue loaded them (by path)
rms_family, softmax_family, variants_family = (inspect.getmodule(CATALOGUE.select([i])[0].body)
                                               for i in ("rmsnorm-jacobian", "softmax-jacobian", "deepnorm-constants"))

IDS = ["rmsnorm-jacobian", "layernorm-vs-rmsnorm", "softmax-jacobian", "layernorm-per-token-independence",
       "deepnorm-constants"]
RNG = np.random.default_rng(7)


# ------------------------------------------------------------------------------------ NumPy helpers
def test_rms_norm_by_hand():
    out = rms_norm(np.array([3.0, -4.0]), np.array([2.0, 1.0]), eps=0.0)
    r = np.sqrt((9 + 16) / 2)
    assert np.allclose(out, [6 / r, -4 / r], rtol=0, atol=1e-15)


@pytest.mark.parametrize("dim", [1, 2, 5, 33])
def test_rms_norm_jacobian_matches_complex_step(dim):
    p, g = RNG.standard_normal(dim), RNG.uniform(0.5, 2, dim)
    est = numeric_jacobian(lambda X: rms_norm(X, g, eps=1e-3), p)
    assert est.method == "complex step"  # rms_norm is complex-safe
    assert np.allclose(est.value, rms_norm_jacobian(p, g, eps=1e-3), rtol=0, atol=1e-13)


def test_softmax_is_stable_and_its_jacobian_is_right():
    big = np.array([1000.0, 1001.0, 999.0])
    p = softmax(big)
    assert np.isfinite(p).all() and abs(p.sum() - 1) < 1e-15
    x0 = RNG.standard_normal(6)
    est = numeric_jacobian(softmax, x0)
    assert est.method == "complex step"
    assert np.allclose(est.value, softmax_jacobian(x0), rtol=0, atol=1e-15)
    # the README's example defines its own softmax; both agree
    assert np.allclose(softmax_family.softmax(x0), softmax(x0), rtol=0, atol=1e-15)
    assert np.allclose(softmax_family.softmax_jacobian(x0), softmax_jacobian(x0), rtol=0, atol=1e-15)


def test_batch_norm_normalises_each_feature_over_tokens():
    M = RNG.standard_normal((5, 3)) * 4 + 2
    out = batch_norm(M, eps=0.0)
    assert np.allclose(out.mean(axis=0), 0, atol=1e-14)
    assert np.allclose(out.var(axis=0), 1, atol=1e-12)


@pytest.mark.parametrize("call", [
    lambda: rms_norm(np.array([])),
    lambda: rms_norm(np.array([1.0, np.nan])),
    lambda: rms_norm(np.ones(3), eps=-1.0),
    lambda: rms_norm(np.ones(3), gamma=np.ones(2)),
    lambda: batch_norm(np.ones(3)),
    lambda: batch_norm(np.ones((2, 3)), beta=np.ones(2)),
    lambda: softmax(np.array(["a"])),
    lambda: deepnorm_constants(0),
])
def test_bad_input_is_a_usage_error(call):
    with pytest.raises(UsageError):
        call()


def test_deepnorm_constants():
    assert deepnorm_constants(6) == pytest.approx((12**0.25, 48**-0.25), rel=1e-15)
    alpha, beta = deepnorm_constants(100)
    assert 2 * 100 * 2 * beta**2 / alpha**2 == pytest.approx(1, rel=1e-14)


def test_encoder_batches_are_independent_encoders():
    W = random_encoder(np.random.default_rng(0), 2, 4, 0.5, batch=(3,))
    x = np.random.default_rng(1).standard_normal((3, 5, 4))
    together = encoder_forward(W, x, 1.7)
    one = encoder_forward({k: w[1:2] for k, w in W.items()}, x[1:2], 1.7)
    assert np.allclose(together[1:2], one, rtol=0, atol=1e-14)
    assert np.allclose(together.mean(axis=-1), 0, atol=1e-13)  # every sublayer ends with LN


# ------------------------------------------------------------------------------------ the claims
@pytest.fixture(scope="module")
def results():
    return verify(IDS, jobs=1) if "jobs" in verify.__code__.co_varnames else verify(IDS)


@pytest.mark.parametrize("claim_id", IDS)
def test_new_claims_are_proved(results, claim_id):
    r = results[claim_id]
    assert r.status is Status.PROVED, r.message
    assert any(s.general for s in r.steps)
    assert r.numeric and all(n.passed for n in r.numeric)


def test_claims_are_in_their_families():
    families = {c.id: c.family for c in load_catalogue().claims}
    assert families["rmsnorm-jacobian"] == families["layernorm-vs-rmsnorm"] == "rmsnorm"
    assert families["softmax-jacobian"] == "softmax"
    assert families["layernorm-per-token-independence"] == families["deepnorm-constants"] == "variants"


def test_deepnorm_numbers_are_recorded(results):
    r = results["deepnorm-constants"]
    assert any("Post-LN" in note and "DeepNorm" in note for note in r.notes)
    assert r.plots and {s.label for s in r.plots[0].series} == {"Post-LN", "DeepNorm"}


# ------------------------------------------------------------------------------------ mutation tests
def _point(rng, dim):
    return rng.standard_normal(dim) * 2 + 0.5


def test_rmsnorm_mutants_fail_symbolically():
    product = gamma[a] * sp.KroneckerDelta(a, b) / rms_family.r - gamma[a] * x[a] * x[b] / (d * rms_family.r**3)
    c = Derivation(claim_id="mutant")
    r = rms_family.r
    mutants = {
        "no xhat xhat term": gamma[a] / r * sp.KroneckerDelta(a, b),
        "LayerNorm's -1/d added": rms_family.rms_jacobian(a, b) - gamma[a] / (d * r),
        "xhat_a xhat_a": gamma[a] / r * (sp.KroneckerDelta(a, b) - rms_family.xhat(a) ** 2 / d),
        "r^2 for r": gamma[a] / r**2 * (sp.KroneckerDelta(a, b) - rms_family.xhat(a) * rms_family.xhat(b) / d),
    }
    for name, wrong in mutants.items():
        step = c.equal(product, wrong, name, given=INDEX_RANGE)
        assert step.verdict is Truth.FALSE, (name, step.detail)
    right = c.equal(product, rms_family.rms_jacobian(a, b), "the real one")
    assert right.verdict is Truth.TRUE


def test_rmsnorm_mutant_fails_numerically():
    c = Derivation(claim_id="mutant")

    def without_outer(p, eps=1e-5):
        return np.eye(p.size) / np.sqrt(np.mean(p * p) + eps)

    bad = c.jacobian("no xhat xhat term", lambda X: rms_norm(X), without_outer, _point, sizes=(2, 3, 8))
    good = c.jacobian("the real formula", lambda X: rms_norm(X), rms_norm_jacobian, _point, sizes=(2, 3, 8))
    assert not bad.passed and good.passed


def test_softmax_mutant_fails_symbolically_and_numerically():
    p, j = softmax_family.p, softmax_family.j
    c = Derivation(claim_id="mutant")
    xs = softmax_family.x
    wrong = p(a) * sp.KroneckerDelta(a, b) + p(a) * p(b)
    assert c.equal(sp.Derivative(p(a), xs[b]), wrong, "diag(p) + p p^T",
                   given=softmax_family.INDICES).verdict is Truth.FALSE
    assert c.equal(sp.Sum(p(a) * sp.KroneckerDelta(a, j) + p(a) * p(j), (j, 1, d)), 0, "rows",
                   given=softmax_family.INDICES).verdict is Truth.FALSE
    bad = c.jacobian("diag(p) + p p^T", softmax, lambda v: np.diag(softmax(v)) + np.outer(softmax(v), softmax(v)),
                     lambda rng, n: rng.standard_normal(n), sizes=(2, 3, 8))
    assert not bad.passed


def test_layernorm_vs_rmsnorm_mutants_fail():
    c = Derivation(claim_id="mutant")
    mu = sp.Sum(x[rms_family.j], (rms_family.j, 1, d)) / d
    r_u = sp.sqrt(sp.Sum((x[rms_family.i] - mu) ** 2, (rms_family.i, 1, d)) / d + rms_family.eps)
    j_ln = gamma[a] / r_u * (sp.KroneckerDelta(a, b) - 1 / d - (x[a] - mu) * (x[b] - mu) / (d * r_u**2))
    j_rms = gamma[a] / r_u * (sp.KroneckerDelta(a, b) - (x[a] - mu) * (x[b] - mu) / (d * r_u**2))
    # "the Jacobians agree entry by entry" is false: they differ along 1
    assert c.equal(j_ln, j_rms, "equal Jacobians", given=INDEX_RANGE).verdict is Truth.FALSE
    # and LN = RMSNorm off zero mean fails numerically
    bad = c.numeric("LN = RMSNorm on any input",
                    lambda rng, n: (layer_norm(_point(rng, n)), rms_norm(_point(rng, n)), 1e-12), sizes=(3, 8))
    assert not bad.passed
    # the Jacobians differ along 1 even at zero-mean u
    u = np.array([-1.0, 0.5, 0.5])
    assert not np.allclose(layer_norm_jacobian(u), rms_norm_jacobian(u))


def test_per_token_mutants_fail():
    fam = variants_family
    c = Derivation(claim_id="mutant")
    m_a = sp.Sum(fam.X[fam.k, fam.a], (fam.k, 1, fam.n)) / fam.n
    # "BatchNorm's mean is per token" is false
    assert c.equal(sp.Derivative(m_a, fam.X[fam.s, fam.a]), sp.KroneckerDelta(fam.s, fam.t) / fam.n,
                   "per-token BN mean", given=fam.RANGES).verdict is Truth.FALSE

    def padded_bn(rng, pads):
        M = rng.standard_normal((4, 5))
        return batch_norm(np.concatenate([M, np.zeros((pads, 5))]))[:4], batch_norm(M), 1e-12

    assert not c.numeric("BatchNorm ignores padding", padded_bn, sizes=(1, 3)).passed


def test_deepnorm_mutants_fail():
    c = Derivation(claim_id="mutant")
    N = variants_family.N
    alpha = (2 * N) ** sp.Rational(1, 4)
    for wrong_beta in ((8 * N) ** sp.Rational(-1, 2), (2 * N) ** sp.Rational(-1, 4), (8 * N) ** sp.Rational(-1, 8)):
        step = c.equal(2 * N * 2 * wrong_beta**2 / alpha**2, 1, f"beta = {wrong_beta}")
        assert step.verdict is Truth.FALSE, step.detail
    wrong_alpha = (2 * N) ** sp.Rational(1, 2)
    beta = (8 * N) ** sp.Rational(-1, 4)
    assert c.equal(2 * N * 2 * beta**2 / wrong_alpha**2, 1, "alpha = sqrt(2N)").verdict is Truth.FALSE
    assert c.equal(2 * N * 2 * beta**2 / alpha**2, 1, "the real constants").verdict is Truth.TRUE
    assert c.rounds_to((8 * 12) ** sp.Rational(-1, 4), "0.320").verdict is Truth.FALSE  # it is 0.3195...


def test_deepnorm_growth_also_holds_for_relative_perturbations():
    """The claim moves every weight by +-1e-3; moving each by 1e-3 of its matrix's RMS gives the same
    ordering (DeepNorm's update grows more slowly with N than Post-LN's)."""
    rng = np.random.default_rng(3)
    growth = {}
    for deep in (False, True):
        sizes = []
        for layers in (6, 48):
            alpha, beta = deepnorm_constants(layers) if deep else (1.0, 1.0)
            W = random_encoder(rng, layers, 16, beta, batch=(8,))
            moved = {k: w + 1e-3 * np.sqrt(np.mean(w * w, axis=(-2, -1), keepdims=True))
                     * np.sign(rng.standard_normal(w.shape)) for k, w in W.items()}
            X = rng.standard_normal((8, 8, 16))
            y = encoder_forward(W, X, alpha)
            change = np.linalg.norm(encoder_forward(moved, X, alpha) - y, axis=(-2, -1)) / np.linalg.norm(
                y, axis=(-2, -1))
            sizes.append(variants_family.geometric_mean(change))
        growth[deep] = sizes[1] / sizes[0]
    assert growth[True] < growth[False]


def test_a_token_mixing_normalisation_fails_the_block_diagonal_check():
    """Normalising with statistics of the whole batch (not per token) must fail the check the claim
    makes of LayerNorm: its batch Jacobian has non-zero blocks off the diagonal."""
    tokens, dim = 3, 4
    M = np.random.default_rng(5).standard_normal((tokens, dim))
    off = ~np.kron(np.eye(tokens, dtype=bool), np.ones((dim, dim), dtype=bool))

    def whole_batch(V):
        X = V.reshape(-1, tokens * dim)
        centred = X - X.mean(axis=-1, keepdims=True)
        return centred / np.sqrt((centred * centred).mean(axis=-1, keepdims=True) + 1e-5)

    mixing = numeric_jacobian(whole_batch, M.ravel(), method="complex").value[off]
    per_token = numeric_jacobian(lambda V: variants_family._layer_norm(V.reshape(-1, tokens, dim)).reshape(
        V.shape[0], -1), M.ravel(), method="complex").value[off]
    c = Derivation(claim_id="mutant")
    assert not c.numeric("mixing: off-diagonal blocks are 0", lambda rng, n: (np.abs(mixing).max(), 0.0, 0.0),
                         sizes=(tokens,), points=1).passed
    assert np.abs(per_token).max() == 0.0


def test_deepnorm_without_its_constants_fails_the_growth_check(monkeypatch):
    """With alpha = beta = 1 'DeepNorm' is Post-LN (same random draws): its update grows exactly as
    fast, and the claim's comparison must fail."""
    from lnsym.runner import run_claim

    monkeypatch.setattr(variants_family, "deepnorm_constants", lambda layers: (1.0, 1.0))
    claim = next(c for c in load_catalogue().claims if c.id == "deepnorm-constants")
    result = run_claim(claim)
    assert result.status is Status.FAILED
    failed = [n.label for n in result.numeric if not n.passed]
    assert any("DeepNorm constants agree" in label for label in failed)  # caught first
    assert any("grows more slowly with $N$ under DeepNorm" in label for label in failed)  # and by the experiment

"""The depth simulation's forward and backward passes, against lnsym's LayerNorm and numeric Jacobians."""

import numpy as np
import pytest

from lnsym import layer_norm, layer_norm_jacobian, numeric_jacobian
from lnsym.experiments import depth
from lnsym.experiments.depth import ARRANGEMENTS, Weights, backward, draw_weights, forward, ln, ln_vjp
from lnsym.experiments.jacobians import sublayer_jacobians

D, N, L = 4, 3, 2


def _setup(seed, batch=()):
    rng = np.random.default_rng(seed)
    w = draw_weights(rng, L, D, batch)
    x0 = rng.standard_normal((*batch, N, D))
    r = rng.standard_normal((*batch, N, D))
    return w, x0, r


def _loss(arrangement, w, r):
    def f(X):
        X = X.reshape(X.shape[0], N, D)
        return (forward(arrangement, X, w).output * r).sum(axis=(-1, -2))
    return f


def _with(w, name, layer, value):
    parts = {k: list(getattr(w, k)) for k in ("WV", "W1", "W2")}
    parts[name][layer] = value
    return Weights(tuple(parts["WV"]), tuple(parts["W1"]), tuple(parts["W2"]))


def _gradient_errors(arrangement, seed):
    """max |backward - numeric| over the input and every weight."""
    w, x0, r = _setup(seed)
    grads = backward(forward(arrangement, x0, w), w, r)
    est = numeric_jacobian(_loss(arrangement, w, r), x0.ravel())
    assert est.method == "complex step"
    worst = np.abs(est.value.ravel() - grads.x.ravel()).max()
    for name in ("WV", "W1", "W2"):
        for layer in range(L):
            def f(P, name=name, layer=layer):
                k = P.shape[0]
                ww = _with(w, name, layer, P.reshape(k, D, D))
                return (forward(arrangement, np.broadcast_to(x0, (k, N, D)), ww).output * r).sum(axis=(-1, -2))
            est = numeric_jacobian(f, getattr(w, name)[layer].ravel())
            worst = max(worst, np.abs(est.value.ravel() - getattr(grads, name)[layer].ravel()).max())
    return worst


def test_ln_matches_lnsym_layer_norm_and_vjp_matches_derived_jacobian():
    rng = np.random.default_rng(0)
    for eps in (0.0, 1e-3):
        x = rng.standard_normal((5, 7)) * 2 + 1
        y, s = ln(x, eps)
        np.testing.assert_allclose(y, layer_norm(x, eps=eps), rtol=0, atol=1e-14)
        g = rng.standard_normal((5, 7))
        want = np.einsum("tab,ta->tb", layer_norm_jacobian(x, eps=eps), g)  # J^T g per token
        np.testing.assert_allclose(ln_vjp(y, s, g), want, rtol=0, atol=1e-13)


@pytest.mark.parametrize("arrangement", ARRANGEMENTS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_backward_matches_numeric_jacobian(arrangement, seed):
    assert _gradient_errors(arrangement, seed) < 1e-12


@pytest.mark.parametrize("arrangement", ARRANGEMENTS)
def test_a_vjp_without_the_variance_term_is_caught(arrangement, monkeypatch):
    def mutant(zhat, s, g):  # drops - zhat * mean(g zhat)
        return (g - g.mean(axis=-1, keepdims=True)) / s

    monkeypatch.setattr(depth, "ln_vjp", mutant)
    assert _gradient_errors(arrangement, 1) > 1e-3


@pytest.mark.parametrize("arrangement", ARRANGEMENTS)
def test_a_vjp_without_the_mean_term_is_caught(arrangement, monkeypatch):
    def mutant(zhat, s, g):  # drops - mean(g)
        return (g - zhat * (g * zhat).mean(axis=-1, keepdims=True)) / s

    monkeypatch.setattr(depth, "ln_vjp", mutant)
    assert _gradient_errors(arrangement, 1) > 1e-3


@pytest.mark.parametrize("arrangement", ARRANGEMENTS)
def test_batched_seeds_give_the_same_gradients_as_one_at_a_time(arrangement):
    w, x0, r = _setup(5, batch=(3,))
    together = backward(forward(arrangement, x0, w), w, r)
    for k in range(3):
        wk = Weights(*(tuple(m[k] for m in getattr(w, name)) for name in ("WV", "W1", "W2")))
        alone = backward(forward(arrangement, x0[k], wk), wk, r[k])
        np.testing.assert_allclose(together.W2[0][k], alone.W2[0], rtol=1e-13, atol=1e-13)
        np.testing.assert_allclose(together.x[k], alone.x, rtol=1e-13, atol=1e-13)


@pytest.mark.parametrize("arrangement", ARRANGEMENTS)
def test_explicit_stack_jacobian_matches_numeric_jacobian(arrangement):
    w, x0, _ = _setup(7)
    run = forward(arrangement, x0, w)
    jac = sublayer_jacobians(run, w)
    assert len(jac.factors) == 2 * L

    def f(X):
        out = forward(arrangement, X.reshape(X.shape[0], N, D), w)
        # the stack's Jacobian is that of the last residual stream (before Pre-LN's final LN)
        return out.stream[-1].reshape(X.shape[0], N * D)

    est = numeric_jacobian(f, x0.ravel())
    np.testing.assert_allclose(jac.stack(), est.value, rtol=0, atol=1e-12)
    if arrangement == "pre":
        eye = np.eye(N * D)
        for factor, branch in zip(jac.factors, jac.branches, strict=True):
            np.testing.assert_allclose(factor, eye + branch, rtol=0, atol=0)


def test_post_ln_output_is_normalised_and_pre_ln_stream_is_not():
    w, x0, _ = _setup(3)
    post = forward("post", x0, w)
    np.testing.assert_allclose(np.sum(post.output**2, axis=-1), D, rtol=1e-12)
    pre = forward("pre", x0, w)
    assert not np.allclose(np.sum(pre.stream[-1] ** 2, axis=-1), D)
    np.testing.assert_allclose(np.sum(pre.output**2, axis=-1), D, rtol=1e-12)


def test_unknown_arrangement_is_rejected():
    w, x0, _ = _setup(0)
    with pytest.raises(ValueError, match="arrangement"):
        forward("sandwich", x0, w)

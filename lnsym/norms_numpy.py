r"""RMSNorm, BatchNorm and softmax, with their Jacobians, in NumPy (the claims ``rmsnorm-jacobian``,
``layernorm-vs-rmsnorm``, ``layernorm-per-token-independence`` and ``softmax-jacobian`` check them).

.. math::

    \mathrm{RMSNorm}(x)_a = \gamma_a \frac{x_a}{r},\quad r = \sqrt{\tfrac1d\textstyle\sum_i x_i^2 + \epsilon},
    \qquad \frac{\partial\,\mathrm{RMSNorm}_a}{\partial x_b} = \frac{\gamma_a}{r}
    \Big(\delta_{ab} - \frac{\hat x_a \hat x_b}{d}\Big),\quad \hat x = x / r

    \mathrm{softmax}(x)_a = \frac{e^{x_a}}{\sum_j e^{x_j}},\qquad J = \operatorname{diag}(p) - p p^\top

The functions work on the last axis of ``x`` (BatchNorm: the token axis, ``-2``) and accept complex
input, so :func:`~lnsym.numeric.numeric_jacobian` can take the complex step through them (squares
are written ``x * x``, never ``abs(x)**2``). Jacobians take one real vector.

>>> import numpy as np
>>> rms_norm(np.array([3.0, -4.0]), eps=0.0).round(4)
array([ 0.8485, -1.1314])
>>> softmax(np.array([0.0, np.log(3.0)]))
array([0.25, 0.75])
"""

from __future__ import annotations

import numpy as np

from lnsym.errors import UsageError

__all__ = ["batch_norm", "rms_norm", "rms_norm_jacobian", "softmax", "softmax_jacobian"]


def _array(x, name: str = "x", *, allow_complex: bool = True, ndim: int = 1) -> np.ndarray:
    arr = np.asarray(x)
    if arr.dtype == object or not (np.issubdtype(arr.dtype, np.number) or arr.dtype == bool):
        raise UsageError(f"{name} must be a numeric array, got dtype {arr.dtype}")
    if np.iscomplexobj(arr) and not allow_complex:
        raise UsageError(f"{name} must be real, got a complex array")
    arr = arr.astype(np.complex128 if np.iscomplexobj(arr) else np.float64, copy=False)
    if arr.ndim < ndim or arr.size == 0:
        raise UsageError(f"{name} must have at least {ndim} non-empty axis(es), got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise UsageError(f"{name} contains NaN or infinity; pass finite values")
    return arr


def _gamma(gamma, d: int, name: str = "gamma", default: float = 1.0) -> np.ndarray:
    if gamma is None:
        return np.full(d, default)
    g = _array(gamma, name)
    if g.shape != (d,):
        raise UsageError(f"{name} must have shape ({d},) to match the last axis of x, got {g.shape}")
    return g


def _check_eps(eps) -> None:
    if not np.isscalar(eps) or np.iscomplexobj(eps) or not np.isfinite(eps) or eps < 0:
        raise UsageError(f"eps must be a finite real number >= 0, got {eps!r}")


def rms_norm(x, gamma=None, eps: float = 1e-5) -> np.ndarray:
    """RMSNorm over the last axis: ``gamma * x / sqrt(mean(x^2) + eps)`` (no mean removal, no beta)."""
    arr = _array(x)
    _check_eps(eps)
    g = _gamma(gamma, arr.shape[-1])
    r = np.sqrt((arr * arr).mean(axis=-1, keepdims=True) + eps)
    with np.errstate(invalid="ignore", divide="ignore"):
        return g * arr / r


def rms_norm_jacobian(x, gamma=None, eps: float = 1e-5) -> np.ndarray:
    """``J[a, b] = gamma[a] / r * (delta_ab - xhat_a xhat_b / d)`` with ``xhat = x / r``; shape (d, d)."""
    arr = _array(x, allow_complex=False)
    _check_eps(eps)
    d = arr.shape[-1]
    g = _gamma(gamma, d)
    r = np.sqrt(np.mean(arr * arr, axis=-1, keepdims=True) + eps)
    with np.errstate(invalid="ignore", divide="ignore"):
        xhat = arr / r
        inner = np.eye(d) - xhat[..., :, None] * xhat[..., None, :] / d
        return (g[:, None] / r[..., None]) * inner


def batch_norm(x, gamma=None, beta=None, eps: float = 1e-5) -> np.ndarray:
    """BatchNorm in training mode over the token axis: each feature (last axis) is normalised with
    the mean and population variance over all tokens (axis -2) - padding included, as an unmasked
    implementation does."""
    arr = _array(x, ndim=2)
    _check_eps(eps)
    d = arr.shape[-1]
    g = _gamma(gamma, d)
    b = _gamma(beta, d, "beta", 0.0)
    centred = arr - arr.mean(axis=-2, keepdims=True)
    var = (centred * centred).mean(axis=-2, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        return g * centred / np.sqrt(var + eps) + b


def softmax(x) -> np.ndarray:
    """Softmax over the last axis; the maximum (of the real part) is subtracted first, which leaves
    the result unchanged and keeps ``exp`` from overflowing."""
    arr = _array(x)
    shifted = arr - np.max(arr.real, axis=-1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=-1, keepdims=True)


def softmax_jacobian(x) -> np.ndarray:
    """``diag(p) - p p^T`` with ``p = softmax(x)``; shape (..., d, d)."""
    p = softmax(_array(x, allow_complex=False))
    return p[..., :, None] * np.eye(p.shape[-1]) - p[..., :, None] * p[..., None, :]


# ---------------------------------------------------------------------------------------- DeepNet
def deepnorm_constants(layers: int) -> tuple[float, float]:
    """DeepNet's constants for an encoder-only stack of N layers (Wang et al. 2022, Table 1):
    ``alpha = (2N)^(1/4)`` multiplies the residual, ``beta = (8N)^(-1/4)`` is the gain of the
    Xavier initialisation of the FFN, value and output projections."""
    if int(layers) != layers or layers < 1:
        raise UsageError(f"the number of layers must be a positive integer, got {layers!r}")
    return (2 * layers) ** 0.25, (8 * layers) ** -0.25


BETA_SCALED = ("v", "o", "w1", "w2")  # the matrices whose initialisation DeepNet scales by beta


def _xavier(rng: np.random.Generator, shape: tuple, gain: float, dtype) -> np.ndarray:
    fan_out, fan_in = shape[-2:]
    weights = rng.standard_normal(shape, dtype=dtype)
    weights *= dtype(gain * np.sqrt(2.0 / (fan_in + fan_out)))
    return weights


def random_encoder(rng: np.random.Generator, layers: int, d: int, beta: float = 1.0, batch: tuple = (),
                   dtype=np.float64) -> dict:
    """Weights of an N-layer encoder (single-head attention + ReLU FFN of width 4d), Xavier-normal;
    the value, output and FFN matrices get gain ``beta`` (query and key: gain 1), as in DeepNet.

    Returns ``{name: array of shape (*batch, layers, out, in)}``; ``batch`` stacks independent
    encoders (e.g. one per seed) that :func:`encoder_forward` runs at once; ``dtype`` is float64 or
    float32 (twice as fast, ample for measuring relative changes of 1e-3)."""
    lead = (*tuple(batch), layers)
    shapes = {"q": (d, d), "k": (d, d), "v": (d, d), "o": (d, d), "w1": (4 * d, d), "w2": (d, 4 * d)}
    return {name: _xavier(rng, lead + shape, beta if name in BETA_SCALED else 1.0, dtype)
            for name, shape in shapes.items()}


def _ln(x: np.ndarray, eps: float) -> np.ndarray:
    centred = x - x.mean(axis=-1, keepdims=True)
    return centred / np.sqrt((centred * centred).mean(axis=-1, keepdims=True) + eps)


def encoder_forward(weights: dict, x: np.ndarray, alpha: float = 1.0, eps: float = 1e-5) -> np.ndarray:
    """Post-LN encoder with DeepNorm's residual scale: ``x <- LN(alpha x + G(x))`` for each of the
    two sublayers (attention, FFN) of every layer; ``alpha = 1`` is plain Post-LN.

    ``x``: ``(*batch, tokens, d)``, weights from :func:`random_encoder` with the same ``batch``."""
    d = x.shape[-1]
    layers = weights["q"].shape[-3]

    def apply(v, w):  # v @ w^T, batched
        return v @ np.swapaxes(w, -1, -2)

    for layer in range(layers):
        w = {name: m[..., layer, :, :] for name, m in weights.items()}
        scores = apply(x, w["q"]) @ np.swapaxes(apply(x, w["k"]), -1, -2) / np.sqrt(d)
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        attn = scores / scores.sum(axis=-1, keepdims=True)
        x = _ln(alpha * x + apply(attn @ apply(x, w["v"]), w["o"]), eps)
        x = _ln(alpha * x + apply(np.maximum(apply(x, w["w1"]), 0.0), w["w2"]), eps)
    return x

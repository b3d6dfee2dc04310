r"""LayerNorm and its Jacobian in NumPy (float64, or complex128 for the complex step).

.. math::

    \mathrm{LN}(x)_a = \gamma_a \hat z_a + \beta_a, \qquad
    \hat z_a = \frac{x_a - \mu}{\sqrt{\sigma^2 + \epsilon}}, \qquad
    \frac{\partial \mathrm{LN}_a}{\partial x_b} = \frac{\gamma_a}{\sqrt{\sigma^2+\epsilon}}
        \Big(\delta_{ab} - \frac1d - \frac{\hat z_a \hat z_b}{d}\Big)

with :math:`\mu` the mean and :math:`\sigma^2` the population variance (divided by d) over the last
axis. The Jacobian is the formula proved by the catalogue claim ``layernorm-jacobian``.

Edge cases, by design: ``d = 1`` gives ``beta`` and a zero Jacobian (the only feature is its own
mean); ``eps = 0`` with a constant input divides 0 by 0 and gives NaN, as real code does.

>>> import numpy as np
>>> layer_norm(np.array([2.0, 4.0, 4.0, 6.0]), eps=0.0).round(4)
array([-1.4142,  0.    ,  0.    ,  1.4142])
"""

from __future__ import annotations

import numpy as np

from lnsym.errors import UsageError

__all__ = ["layer_norm", "layer_norm_jacobian"]


def _vector_input(x, name: str = "x", *, allow_complex: bool = False) -> np.ndarray:
    arr = np.asarray(x)
    if arr.dtype == object or not (np.issubdtype(arr.dtype, np.number) or arr.dtype == bool):
        raise UsageError(f"{name} must be a numeric array, got dtype {arr.dtype}")
    if np.iscomplexobj(arr):
        if not allow_complex:
            raise UsageError(f"{name} must be real, got a complex array")
        arr = arr.astype(np.complex128, copy=False)
    else:
        arr = arr.astype(np.float64, copy=False)
    if arr.ndim == 0:
        raise UsageError(f"{name} must have at least one axis (features last), got a scalar")
    if arr.size == 0:
        raise UsageError(f"{name} is empty (shape {arr.shape}); LayerNorm needs at least one feature")
    if not np.all(np.isfinite(arr)):
        raise UsageError(f"{name} contains NaN or infinity; pass finite values")
    return arr


def _parameters(gamma, beta, eps, d: int, *, allow_complex: bool):
    if not np.isscalar(eps) or not np.isfinite(eps) or np.iscomplexobj(eps) or eps < 0:
        raise UsageError(f"eps must be a finite real number >= 0, got {eps!r}")
    params = []
    for name, value, default in (("gamma", gamma, 1.0), ("beta", beta, 0.0)):
        if value is None:
            params.append(np.full(d, default))
            continue
        arr = _vector_input(value, name, allow_complex=allow_complex)
        if arr.shape != (d,):
            raise UsageError(f"{name} must have shape ({d},) to match the last axis of x, got {arr.shape}")
        params.append(arr)
    return params[0], params[1]


def _statistics(x: np.ndarray, eps: float):
    d = x.shape[-1]
    mu = x.mean(axis=-1, keepdims=True)
    centred = x - mu
    # centred*centred, not abs()**2: keeps the function analytic for the complex step
    var = (centred * centred).sum(axis=-1, keepdims=True) / d
    with np.errstate(invalid="ignore", divide="ignore"):
        zhat = centred / np.sqrt(var + eps)
    return zhat, np.sqrt(var + eps)


def layer_norm(x, gamma=None, beta=None, eps: float = 1e-5) -> np.ndarray:
    """LayerNorm over the last axis of ``x`` (shape ``(..., d)``); complex input is allowed.

    Raises :class:`~lnsym.errors.UsageError` (a ``ValueError``) for empty, non-finite or wrongly
    shaped input and for ``eps < 0``.
    """
    arr = _vector_input(x, allow_complex=True)
    g, b = _parameters(gamma, beta, eps, arr.shape[-1], allow_complex=True)
    zhat, _ = _statistics(arr, eps)
    return zhat * g + b


def layer_norm_jacobian(x, gamma=None, eps: float = 1e-5) -> np.ndarray:
    """Jacobian of :func:`layer_norm` from the derived closed form; shape ``(..., d, d)``.

    ``J[..., a, b] = gamma[a] / sqrt(var + eps) * (delta_ab - 1/d - zhat_a zhat_b / d)``.
    """
    arr = _vector_input(x)
    d = arr.shape[-1]
    g, _ = _parameters(gamma, None, eps, d, allow_complex=False)
    zhat, scale = _statistics(arr, eps)
    with np.errstate(invalid="ignore", divide="ignore"):
        inner = np.eye(d) - 1.0 / d - zhat[..., :, None] * zhat[..., None, :] / d
        return (g[:, None] / scale[..., None]) * inner

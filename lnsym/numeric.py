"""Numeric Jacobians with an error estimate: complex step where possible, Richardson otherwise.

``numeric_jacobian(f, x)`` evaluates ``f`` on a batch of perturbed copies of ``x`` (one row per
column of the Jacobian), so ``f`` must map an array of shape ``(k, n)`` to ``(k, m)`` (or ``(k,)``
for a scalar function) - NumPy code written for the last axis usually does. Pass
``vectorized=False`` for a function of one vector only; it is then called once per column.

The complex step ``Im f(x + ih e_j) / h`` has no subtractive cancellation: it is accurate to
rounding when ``f`` is analytic and accepts complex input. Central differences with Richardson
extrapolation need no such property but lose digits; their error estimate comes from the
extrapolation table and the rounding of ``f``. ``method="auto"`` takes the complex step and
confirms it against one Richardson directional derivative, so a function that silently breaks
analyticity (``abs``, ``np.real``) falls back to Richardson instead of giving a wrong answer.

>>> import numpy as np
>>> est = numeric_jacobian(np.sin, np.array([0.0, 1.0]))
>>> est.method, bool(np.allclose(est.value, np.diag(np.cos([0.0, 1.0])), rtol=0, atol=1e-15))
('complex step', True)
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from lnsym.errors import UsageError

__all__ = ["JacobianEstimate", "numeric_jacobian"]

_EPS = np.finfo(np.float64).eps
_METHODS = ("auto", "complex", "richardson")
_DIRECTION_STEPS = (0.7071067811865476, 0.5946035575013605, 0.8408964152537145)  # 2^-1/2, 2^-3/4, 2^-1/4


@dataclass(frozen=True)
class JacobianEstimate:
    """A numeric Jacobian: ``value`` (outputs x inputs) and ``error``, an elementwise estimate of
    its absolute error (same shape)."""

    value: np.ndarray
    error: np.ndarray
    method: str  # "complex step" or "richardson"
    evaluations: int  # number of points at which f was evaluated


def _call(f: Callable, X: np.ndarray, vectorized: bool) -> np.ndarray:
    out = np.asarray(f(X)) if vectorized else np.stack([np.asarray(f(row)) for row in X])
    if out.ndim == 1:
        out = out[:, None]
    if out.ndim != 2 or out.shape[0] != X.shape[0]:
        raise UsageError(
            f"f must map a batch of shape ({X.shape[0]}, {X.shape[1]}) to ({X.shape[0]}, m); got shape "
            f"{out.shape}. Write f for the last axis, or pass vectorized=False"
        )
    return out


def _complex_step(f, x, vectorized):
    n = x.size
    h = 1e-20 * max(float(np.abs(x).max()), 1e-200)
    # The truncation error h**2 f'''/6 is far below rounding; rounding is that of an analytic
    # evaluation (as in forward-mode differentiation): a few ulps of each row's largest entry, or
    # more when f cancels large intermediate terms ((x + 1e8)(x - 1e8) - x^2 has the derivative 0 and
    # a complex step off by 4e-8). The latter shows up as the disagreement of complex steps along
    # random sign vectors, whose step sizes round differently, with J times the same vectors: a row's
    # disagreement is about the size of its entries' errors (every sign is +-1, so no entry is weighed
    # down), and three directions make it unlikely that they all cancel. Those rows ride in the same
    # batch. (One Gaussian direction scaled by 1/sqrt(n) claimed 1e-22 where the error was 4e-8.)
    V = np.random.default_rng(1).choice([-1.0, 1.0], size=(len(_DIRECTION_STEPS), n))
    h2 = h * np.array(_DIRECTION_STEPS)
    X = np.empty((n + len(h2), n), dtype=np.complex128)
    X.real[:] = x
    X.imag[:n] = h * np.eye(n)
    X.imag[n:] = h2[:, None] * V
    with warnings.catch_warnings():
        warnings.simplefilter("error", np.exceptions.ComplexWarning)
        F = _call(f, X, vectorized)
    if not np.iscomplexobj(F):
        raise TypeError("f dropped the imaginary part")
    J = F[:n].imag.T / h
    spread = np.max(np.abs(J @ V.T - (F[n:].imag / h2[:, None]).T), axis=1)
    row_scale = np.abs(J).max(axis=1, keepdims=True)
    error = 8 * _EPS * (np.abs(J) + row_scale) + 32 * spread[:, None] + np.finfo(np.float64).tiny
    return J, error, n + len(h2)


_BASES = tuple(2.0**-k for k in (2, 5, 8, 11, 14, 17))  # base steps, relative to the scale of x


def _richardson_columns(f, x, directions, vectorized, step):
    """Central differences along each row of ``directions``, extrapolated over three levels, for
    base steps spread over five decades relative to |x| (and on below them relative to 1, when |x| > 1);
    per entry, the base step with the smallest error estimate wins. A step far above f's own length
    scale (LayerNorm's sqrt(eps) on a constant input) can extrapolate consistently to a wrong value, so
    an estimate also counts the disagreement with the closest neighbouring base step: only a plateau of
    agreeing steps gives a small error."""
    scale = max(float(np.abs(x).max()), 1.0)
    bases = (step,) if step is not None else tuple(scale * b for b in _BASES)
    if step is None and scale > 1:
        # steps relative to |x| can all be far above f's own length scale (sin(x - 1e6) at 1e6 + 0.3: every
        # one averages whole periods away, consistently wrong); the same steps relative to 1 go on below them
        bases += tuple(b for b in _BASES if b < bases[-1])
    k = directions.shape[0]
    steps = [(h0, h0 / 2, h0 / 4) for h0 in bases]
    # one call of f per base step (one in all for a single direction): the batch holds every level
    # and both signs, so the cost of calling f is paid a few times, not dozens
    per_call = len(bases) if k == 1 else 1
    diffs = []
    for start in range(0, len(bases), per_call):
        hs = np.array([h for group in steps[start:start + per_call] for h in group])
        X = np.concatenate([x + h * s * directions for h in hs for s in (1.0, -1.0)])
        F = _call(f, np.concatenate([X, x[None, :]]), vectorized)
        f0 = np.abs(F[-1])
        F = F[:-1].reshape(len(hs), 2, k, -1)
        diffs.extend((F[:, 0] - F[:, 1]) / (2 * hs[:, None, None]))
    evaluations = len(bases) * 6 * k + len(bases) // per_call
    values, errors = [], []
    for b, h0 in enumerate(bases):
        levels = diffs[3 * b : 3 * b + 3]
        r1a = (4 * levels[1] - levels[0]) / 3
        r1b = (4 * levels[2] - levels[1]) / 3
        r2 = (16 * r1b - r1a) / 15
        # f's own rounding is relative to its inputs' scale as much as to its value (x - mean(x)
        # cancels), and the extrapolation amplifies it a few times
        rounding = 16 * _EPS * (f0[None, :] + np.abs(levels[2]) * scale) / (h0 / 4)
        values.append(r2)
        errors.append(np.abs(r2 - r1b) + rounding)
    if len(values) > 1:
        gaps = [np.abs(a - b) for a, b in itertools.pairwise(values)]
        neighbour = [gaps[0]] + [np.minimum(g1, g2) for g1, g2 in itertools.pairwise(gaps)] + [gaps[-1]]
        errors = [e + g for e, g in zip(errors, neighbour, strict=True)]
    pick = np.argmin(np.stack(errors), axis=0)
    best_value = np.take_along_axis(np.stack(values), pick[None], axis=0)[0]
    best_error = np.take_along_axis(np.stack(errors), pick[None], axis=0)[0]
    return best_value, best_error, evaluations


def numeric_jacobian(
    f: Callable, x, method: str = "auto", *, step: float | None = None, vectorized: bool = True
) -> JacobianEstimate:
    """Jacobian of ``f`` at ``x`` (a 1-D real array), with an error estimate.

    ``method``: "complex" (complex step; f must accept complex input and be analytic),
    "richardson" (central differences, Richardson-extrapolated), or "auto" (complex step confirmed
    by a Richardson directional derivative, falling back to Richardson). ``step`` fixes the base
    step of Richardson (default: per entry, the best of six spread over five decades).
    """
    if method not in _METHODS:
        raise UsageError(f"method must be one of {', '.join(_METHODS)}; got {method!r}")
    arr = np.asarray(x)
    if arr.ndim != 1 or arr.size == 0:
        raise UsageError(f"x must be a non-empty 1-D array, got shape {arr.shape}")
    if np.iscomplexobj(arr) or not np.issubdtype(arr.dtype, np.number):
        raise UsageError(f"x must be real, got dtype {arr.dtype}")
    arr = arr.astype(np.float64)
    if not np.all(np.isfinite(arr)):
        raise UsageError("x contains NaN or infinity; a Jacobian needs a finite point")
    if step is not None and not (np.isfinite(step) and step > 0):
        raise UsageError(f"step must be a positive finite number, got {step!r}")

    if method in ("auto", "complex"):
        try:
            J, err, evals = _complex_step(f, arr, vectorized)
        except (TypeError, np.exceptions.ComplexWarning) as exc:
            if method == "complex":
                raise UsageError(f"the complex step needs f to accept complex input ({exc}); use "
                                 "method='richardson'") from exc
        else:
            if method == "complex":
                return JacobianEstimate(J, err, "complex step", evals)
            # confirm along one seeded random direction
            v = np.random.default_rng(0).standard_normal(arr.size)
            Dv, Dv_err, more = _richardson_columns(f, arr, v[None, :], vectorized, step)
            gap = np.abs(J @ v - Dv[0])
            # a non-analytic f (abs, real) misses by O(1); leave room for Richardson's own error
            allowed = 10 * (Dv_err[0] + err @ np.abs(v)) + 1e-7 * (np.abs(Dv[0]) + np.abs(J @ v))
            if np.all(gap <= allowed):
                return JacobianEstimate(J, err, "complex step", evals + more)
    D, E, evals = _richardson_columns(f, arr, np.eye(arr.size), vectorized, step)
    return JacobianEstimate(D.T, E.T, "richardson", evals)

"""Small NumPy functions the claims differentiate: a random MLP branch F and Pre-/Post-LN layers.

Every function maps ``(..., d)`` to ``(..., d)`` and accepts complex input, so that
:func:`~lnsym.numeric.numeric_jacobian` can take the complex step through it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lnsym.ln_numpy import layer_norm, layer_norm_jacobian

__all__ = ["Mlp", "postln_layer", "preln_layer", "random_mlp"]


@dataclass(frozen=True)
class Mlp:
    """F(x) = W2 tanh(W1 x + b1) + b2: smooth, so its Jacobian is exact in closed form."""

    W1: np.ndarray
    b1: np.ndarray
    W2: np.ndarray
    b2: np.ndarray

    def __call__(self, x):
        return np.tanh(x @ self.W1.T + self.b1) @ self.W2.T + self.b2

    def jacobian(self, x: np.ndarray) -> np.ndarray:
        return self.left_times(x, np.eye(x.size))

    def left_times(self, x: np.ndarray, M: np.ndarray, *, magnitude: bool = False) -> np.ndarray:
        """J_F(x) @ M, through the narrow hidden layer (cheap at large d); with ``magnitude``, the
        entrywise bound |W2| |diag(1 - h^2)| |W1| |M| instead (the scale of rounding errors)."""
        h = np.tanh(self.W1 @ x + self.b1)
        W1, W2, s = self.W1, self.W2, 1 - h**2
        if magnitude:
            W1, W2, s, M = np.abs(W1), np.abs(W2), np.abs(s), np.abs(M)
        return W2 @ (s[:, None] * (W1 @ M))

    def right_times(self, M: np.ndarray, x: np.ndarray, *, magnitude: bool = False) -> np.ndarray:
        """M @ J_F(x), through the narrow hidden layer; ``magnitude`` as in :meth:`left_times`."""
        h = np.tanh(self.W1 @ x + self.b1)
        W1, W2, s = self.W1, self.W2, 1 - h**2
        if magnitude:
            W1, W2, s, M = np.abs(W1), np.abs(W2), np.abs(s), np.abs(M)
        return ((M @ W2) * s[None, :]) @ W1


def random_mlp(rng: np.random.Generator, d: int, hidden: int | None = None, scale: float = 1.0) -> Mlp:
    """A random MLP with Xavier-like weights N(0, scale^2 / fan_in)."""
    hidden = hidden or min(2 * d, 16)  # narrow: the complex step at d = 512 stays cheap
    return Mlp(
        rng.standard_normal((hidden, d)) * scale / np.sqrt(d),
        rng.standard_normal(hidden) * 0.1,
        rng.standard_normal((d, hidden)) * scale / np.sqrt(hidden),
        rng.standard_normal(d) * 0.1,
    )


def preln_layer(F, gamma, eps):
    """x -> x + F(LN(x))."""
    return lambda x: x + F(layer_norm(x, gamma, eps=eps))


def postln_layer(F, gamma, eps):
    """x -> LN(x + F(x))."""
    return lambda x: layer_norm(x + F(x), gamma, eps=eps)


def layer_norm_jacobian_magnitude(x, gamma, eps):
    """The LN Jacobian's formula with every term made positive: the scale of its rounding error."""
    d = x.size
    s = np.sqrt(np.var(x) + eps)
    z = np.abs(x - x.mean()) / s
    return np.abs(gamma)[:, None] / s * (np.eye(d) + 1.0 / d + np.outer(z, z) / d)


def preln_layer_jacobian_magnitude(F: Mlp, gamma, eps, x):
    """Entrywise bound of the terms that make up :func:`preln_layer_jacobian` (its rounding scale)."""
    return np.eye(x.size) + F.left_times(layer_norm(x, gamma, eps=eps), layer_norm_jacobian_magnitude(x, gamma, eps),
                                         magnitude=True)


def postln_layer_jacobian_magnitude(F: Mlp, gamma, eps, x):
    """Entrywise bound of the terms that make up :func:`postln_layer_jacobian` (its rounding scale)."""
    M = layer_norm_jacobian_magnitude(x + F(x), gamma, eps)
    return M + F.right_times(M, x, magnitude=True)


def preln_layer_jacobian(F: Mlp, gamma, eps, x):
    """I + J_F(LN(x)) J_LN(x)."""
    return np.eye(x.size) + F.left_times(layer_norm(x, gamma, eps=eps), layer_norm_jacobian(x, gamma, eps))


def postln_layer_jacobian(F: Mlp, gamma, eps, x):
    """J_LN(x + F(x)) (I + J_F(x))."""
    J = layer_norm_jacobian(x + F(x), gamma, eps)
    return J + F.right_times(J, x)

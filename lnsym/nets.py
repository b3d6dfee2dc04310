"""Small NumPy functions the claims differentiate: a random MLP branch F and Pre-/Post-LN layers.

Every function maps ``(..., d)`` to ``(..., d)`` and accepts complex input, so that
:func:`~lnsym.numeric.numeric_jacobian` can take the complex step through it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lnsym.layernorm import layer_norm, layer_norm_jacobian

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
        h = np.tanh(self.W1 @ x + self.b1)
        return self.W2 @ ((1 - h**2)[:, None] * self.W1)


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
    return np.eye(x.size) + np.abs(F.jacobian(layer_norm(x, gamma, eps=eps))) @ layer_norm_jacobian_magnitude(
        x, gamma, eps)


def postln_layer_jacobian_magnitude(F: Mlp, gamma, eps, x):
    return layer_norm_jacobian_magnitude(x + F(x), gamma, eps) @ (np.eye(x.size) + np.abs(F.jacobian(x)))


def preln_layer_jacobian(F: Mlp, gamma, eps, x):
    return np.eye(x.size) + F.jacobian(layer_norm(x, gamma, eps=eps)) @ layer_norm_jacobian(x, gamma, eps)


def postln_layer_jacobian(F: Mlp, gamma, eps, x):
    return layer_norm_jacobian(x + F(x), gamma, eps) @ (np.eye(x.size) + F.jacobian(x))

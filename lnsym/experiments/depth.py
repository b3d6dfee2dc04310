r"""Forward and backward passes of Post-LN and Pre-LN stacks in the setting of Xiong et al. (2020).

The setting is that of the paper's theory (arXiv 2002.04745, Section 3): n tokens of width d, one
attention head with :math:`W^Q = W^K = 0` (so every token attends uniformly, and attention returns
the token mean of :math:`x W^V`), a ReLU FFN :math:`x \mapsto \mathrm{ReLU}(x W^1) W^2` of hidden
width d, weights drawn N(0, 1/d) (Xavier for d x d), LayerNorm with gamma = 1, beta = 0.

.. math::

    \text{Post-LN:}\quad x^{(2)} = x + \mathrm{Att}(x),\ x^{(3)} = \mathrm{LN}(x^{(2)}),\
    x^{(5)} = x^{(3)} + \mathrm{FFN}(x^{(3)}),\ x_{l+1} = \mathrm{LN}(x^{(5)})

    \text{Pre-LN:}\quad x^{(3)} = x + \mathrm{Att}(\mathrm{LN}(x)),\
    x_{l+1} = x^{(3)} + \mathrm{FFN}(\mathrm{LN}(x^{(3)})),\ \text{output } \mathrm{LN}(x_{L+1})

Arrays carry any number of leading batch axes (seeds), then tokens, then features: ``(..., n, d)``;
weights are ``(..., d, d)``. Everything here is pure NumPy with no I/O. The forward pass accepts
complex input (ReLU is written as ``where(real > 0, x, 0)``), so the complex step of
:func:`lnsym.numeric_jacobian` differentiates it exactly away from ReLU's kink.

The backward pass uses the vector-Jacobian product of LN derived in the catalogue claim
``layernorm-jacobian``: with :math:`s = \sqrt{\sigma^2 + \epsilon}` and
:math:`J_{ab} = \frac{\gamma_a}{s}(\delta_{ab} - \frac1d - \frac{\hat z_a \hat z_b}{d})`,

.. math::

    J^\top g = \frac{\gamma g - \overline{\gamma g} - \hat z\,\overline{\gamma g \hat z}}{s}
    \quad(\text{bars: means over the d features}).

>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> w = draw_weights(rng, layers=2, width=4)
>>> x = rng.standard_normal((3, 4))
>>> run = forward("post", x, w)
>>> run.output.shape, bool(np.allclose(run.output.mean(axis=-1), 0))
((3, 4), True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = [
    "ARRANGEMENTS",
    "Gradients",
    "Run",
    "Weights",
    "backward",
    "draw_weights",
    "forward",
    "ln",
    "ln_vjp",
    "relu",
]

ARRANGEMENTS = ("post", "pre")


@dataclass(frozen=True)
class Weights:
    """Per-layer weights: ``WV[l]``, ``W1[l]``, ``W2[l]`` each of shape ``(..., d, d)``."""

    WV: tuple[np.ndarray, ...]
    W1: tuple[np.ndarray, ...]
    W2: tuple[np.ndarray, ...]

    @property
    def layers(self) -> int:
        return len(self.W2)

    @property
    def width(self) -> int:
        return self.W2[0].shape[-1]


def draw_weights(rng: np.random.Generator, layers: int, width: int, batch: tuple[int, ...] = (),
                 scale: float = 1.0) -> Weights:
    """Xavier weights N(0, scale^2/d) for ``layers`` layers (``batch``: leading axes, e.g. seeds)."""
    sd = scale / np.sqrt(width)
    draws = [rng.standard_normal((3, *batch, width, width)) * sd for _ in range(layers)]
    return Weights(tuple(w[0] for w in draws), tuple(w[1] for w in draws), tuple(w[2] for w in draws))


def relu(u):
    """ReLU that keeps the imaginary part of a complex step (analytic on each side of the kink)."""
    return np.where(u.real > 0, u, 0)


def ln(x, eps: float = 0.0):
    """LayerNorm over the last axis with gamma = 1, beta = 0; returns ``(output, s)`` with
    ``s = sqrt(var + eps)`` (shape ``(..., 1)``), what :func:`ln_vjp` needs. Agrees with
    :func:`lnsym.layer_norm`; written here without its input checks, for speed and complex input."""
    centred = x - x.mean(axis=-1, keepdims=True)
    s = np.sqrt((centred * centred).mean(axis=-1, keepdims=True) + eps)
    return centred / s, s


def ln_vjp(zhat: np.ndarray, s: np.ndarray, g: np.ndarray) -> np.ndarray:
    """``J_LN(x)^T g`` per token, from the derived Jacobian (gamma = 1): ``zhat = LN(x)``."""
    return (g - g.mean(axis=-1, keepdims=True) - zhat * (g * zhat).mean(axis=-1, keepdims=True)) / s


@dataclass(frozen=True)
class Run:
    """The forward pass of one stack, with what the backward pass needs.

    ``stream[l]`` is the residual stream entering layer l (``stream[0]`` the input); for Post-LN,
    ``x5[l]`` is the sum LN(x + Att x) + FFN(...) of layer l, which its closing LN normalises.
    ``ln_inputs``: every array that goes into an LN, in order (for the Jacobian-norm checks)."""

    arrangement: str
    eps: float
    stream: tuple[np.ndarray, ...]
    output: np.ndarray
    cache: tuple[dict, ...]
    final: dict | None = None

    @property
    def x5(self) -> tuple[np.ndarray, ...]:
        return tuple(c["x5"] for c in self.cache) if self.arrangement == "post" else ()

    @property
    def ln_inputs(self) -> tuple[np.ndarray, ...]:
        keys = ("x2", "x5") if self.arrangement == "post" else ("x", "x3")
        found = [c[k] for c in self.cache for k in keys]
        if self.final is not None:
            found.append(self.final["x"])
        return tuple(found)


def _attention(x, WV):
    """W^Q = W^K = 0: uniform attention, the token mean of x W^V, the same for every token."""
    m = x.mean(axis=-2, keepdims=True)
    return m, m @ WV


def forward(arrangement: str, x: np.ndarray, weights: Weights, eps: float = 0.0) -> Run:
    """Run the stack on ``x`` (shape ``(..., n, d)``)."""
    if arrangement not in ARRANGEMENTS:
        raise ValueError(f"arrangement must be one of {ARRANGEMENTS}, got {arrangement!r}")
    stream = [x]
    cache = []
    for WV, W1, W2 in zip(weights.WV, weights.W1, weights.W2, strict=True):
        if arrangement == "post":
            m, a = _attention(x, WV)
            x2 = x + a
            x3, s2 = ln(x2, eps)
            u = x3 @ W1
            h = relu(u)
            x5 = x3 + h @ W2
            x, s5 = ln(x5, eps)
            cache.append(dict(m=m, x2=x2, s2=s2, x3=x3, u=u, h=h, x5=x5, s5=s5, out=x))
        else:
            z, sz = ln(x, eps)
            m, a = _attention(z, WV)
            x3 = x + a
            y, sy = ln(x3, eps)
            u = y @ W1
            h = relu(u)
            cache.append(dict(x=x, z=z, sz=sz, m=m, x3=x3, y=y, sy=sy, u=u, h=h))
            x = x3 + h @ W2
        stream.append(x)
    final = None
    output = x
    if arrangement == "pre":
        output, s = ln(x, eps)
        final = dict(x=x, y=output, s=s)
    return Run(arrangement, eps, tuple(stream), output, tuple(cache), final)


@dataclass(frozen=True)
class Gradients:
    """Gradients of a scalar loss: w.r.t. the input and each layer's WV, W1, W2 (``(..., d, d)``)."""

    x: np.ndarray
    WV: tuple[np.ndarray, ...]
    W1: tuple[np.ndarray, ...]
    W2: tuple[np.ndarray, ...]
    stream: tuple[np.ndarray, ...]  # gradient w.r.t. the residual stream entering each layer, and the output


def _outer(a, g):
    """sum over tokens of a_i^T g_i: the gradient of ``a @ W`` w.r.t. W for upstream g."""
    return np.swapaxes(a, -1, -2) @ g


def backward(run: Run, weights: Weights, g_out: np.ndarray) -> Gradients:
    """Backpropagate ``g_out`` (the gradient w.r.t. ``run.output``) through the stack."""
    n = g_out.shape[-2]
    gWV, gW1, gW2 = [], [], []
    g = g_out
    if run.final is not None:
        g = ln_vjp(run.final["y"], run.final["s"], g)
    streams = [g]
    for c, WV, W1, W2 in zip(reversed(run.cache), reversed(weights.WV), reversed(weights.W1),
                             reversed(weights.W2), strict=True):
        if run.arrangement == "post":
            g5 = ln_vjp(c["out"], c["s5"], g)
            gW2.append(_outer(c["h"], g5))
            gu = (g5 @ np.swapaxes(W2, -1, -2)) * (c["u"].real > 0)
            gW1.append(_outer(c["x3"], gu))
            g3 = g5 + gu @ np.swapaxes(W1, -1, -2)
            g2 = ln_vjp(c["x3"], c["s2"], g3)
            total = g2.sum(axis=-2, keepdims=True)
            gWV.append(_outer(c["m"], total))
            g = g2 + (total @ np.swapaxes(WV, -1, -2)) / n
        else:
            gW2.append(_outer(c["h"], g))
            gu = (g @ np.swapaxes(W2, -1, -2)) * (c["u"].real > 0)
            gW1.append(_outer(c["y"], gu))
            g3 = g + ln_vjp(c["y"], c["sy"], gu @ np.swapaxes(W1, -1, -2))
            total = g3.sum(axis=-2, keepdims=True)
            gWV.append(_outer(c["m"], total))
            gz = np.broadcast_to((total @ np.swapaxes(WV, -1, -2)) / n, g3.shape)
            g = g3 + ln_vjp(c["z"], c["sz"], gz)
        streams.append(g)
    return Gradients(g, tuple(reversed(gWV)), tuple(reversed(gW1)), tuple(reversed(gW2)),
                     tuple(reversed(streams)))

r"""Explicit Jacobians of the sublayers of :mod:`lnsym.experiments.depth`, for small sizes.

A stack of L layers is a product of 2L sublayer Jacobians, each of size ``nd x nd`` (attention mixes
the tokens). Flattening is row-major over ``(token, feature)``. Pre-LN sublayers are ``I + B``:

.. math::

    B_{\mathrm{att}}[(i,a),(j,b)] = \tfrac1n (W^{V\top} J_{\mathrm{LN}}(x_j))_{ab},\qquad
    B_{\mathrm{ffn}} = \mathrm{blockdiag}_i\big(W^{2\top} D_i W^{1\top} J_{\mathrm{LN}}(x^{(3)}_i)\big),

with :math:`D_i` the ReLU mask of token i; Post-LN sublayers are
:math:`\mathrm{blockdiag}(J_{\mathrm{LN}})\,(I + A)` with :math:`A` the attention or FFN Jacobian.
The LN blocks come from :func:`lnsym.layer_norm_jacobian` (the derived closed form).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lnsym.experiments.depth import Run, Weights
from lnsym.ln_numpy import layer_norm_jacobian

__all__ = ["SublayerJacobians", "sublayer_jacobians"]


@dataclass(frozen=True)
class SublayerJacobians:
    """The 2L sublayer Jacobians of one stack, in forward order, and their pieces.

    ``factors[k]`` is the Jacobian of sublayer k; for Pre-LN ``branches[k]`` is its B (factor = I + B);
    for Post-LN ``norms[k]`` is its LN block-diagonal factor and ``branches[k]`` its inner A."""

    arrangement: str
    factors: tuple[np.ndarray, ...]
    branches: tuple[np.ndarray, ...]
    norms: tuple[np.ndarray, ...] = ()

    def stack(self) -> np.ndarray:
        """The Jacobian of the whole stack (product of the factors, last sublayer leftmost)."""
        total = np.eye(self.factors[0].shape[0])
        for f in self.factors:
            total = f @ total
        return total


def _blockdiag(blocks: np.ndarray) -> np.ndarray:
    n, d, _ = blocks.shape
    out = np.zeros((n * d, n * d))
    for i in range(n):
        out[i * d:(i + 1) * d, i * d:(i + 1) * d] = blocks[i]
    return out


def _mix(blocks: np.ndarray) -> np.ndarray:
    """[(i,a),(j,b)] -> blocks[j][a,b] / n for every i: the token mean, then a per-token map."""
    n = blocks.shape[0]
    row = np.concatenate(list(blocks), axis=1) / n  # d x nd
    return np.tile(row, (n, 1))


def _ln_blocks(x: np.ndarray, eps: float) -> np.ndarray:
    return layer_norm_jacobian(x, eps=eps)


def _ffn_blocks(u: np.ndarray, W1: np.ndarray, W2: np.ndarray) -> np.ndarray:
    mask = (u.real > 0).astype(float)  # n x d
    return np.einsum("ba,ib,cb->iac", W2, mask, W1)  # W2^T diag(mask_i) W1^T


def sublayer_jacobians(run: Run, weights: Weights) -> SublayerJacobians:
    """Jacobians of every sublayer of an unbatched run (``x`` of shape ``(n, d)``)."""
    if run.stream[0].ndim != 2:
        raise ValueError("sublayer_jacobians needs an unbatched run: input of shape (n, d)")
    n, d = run.stream[0].shape
    eye = np.eye(n * d)
    factors, branches, norms = [], [], []
    for c, WV, W1, W2 in zip(run.cache, weights.WV, weights.W1, weights.W2, strict=True):
        if run.arrangement == "pre":
            B_att = _mix(WV.T[None] @ _ln_blocks(c["x"], run.eps))
            B_ffn = _blockdiag(_ffn_blocks(c["u"], W1, W2) @ _ln_blocks(c["x3"], run.eps))
            branches += [B_att, B_ffn]
            factors += [eye + B_att, eye + B_ffn]
        else:
            A_att = _mix(np.broadcast_to(WV.T, (n, d, d)))
            A_ffn = _blockdiag(_ffn_blocks(c["u"], W1, W2))
            N2 = _blockdiag(_ln_blocks(c["x2"], run.eps))
            N5 = _blockdiag(_ln_blocks(c["x5"], run.eps))
            branches += [A_att, A_ffn]
            norms += [N2, N5]
            factors += [N2 @ (eye + A_att), N5 @ (eye + A_ffn)]
    return SublayerJacobians(run.arrangement, tuple(factors), tuple(branches), tuple(norms))

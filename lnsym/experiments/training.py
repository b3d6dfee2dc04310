r"""A small Adam training run of the simulated stacks: does Post-LN without warmup fail where Pre-LN,
or Post-LN with warmup, trains? (Xiong et al. 2020, Section 4 and Figure 2, in a toy setting.)

The task is a regression the stacks can represent: fresh Gaussian sequences x each step, target
:math:`t = \mathrm{LN}(x B)` for a fixed random B, loss :math:`\frac{1}{nd}\|y - t\|^2` on the
stack's normalised output y (Post-LN's last LN, Pre-LN's final LN). The trainable parameters are
every layer's W^V, W^1, W^2; LN keeps gamma = 1, beta = 0. Adam with the paper's
:math:`\beta = (0.9, 0.98)`; warmup is linear from 0 over ``warmup`` steps, then constant.
Pure NumPy, no I/O; the gradients are :func:`lnsym.experiments.depth.backward`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from lnsym.experiments.depth import Weights, backward, draw_weights, forward, ln

__all__ = ["LEARNED", "TrainResult", "train"]

#: a run "learned" when its final loss is below this fraction of its initial loss
LEARNED = 0.9


@dataclass(frozen=True)
class TrainResult:
    arrangement: str
    depth: int
    lr: float
    warmup: int
    losses: np.ndarray  # (steps,) training loss per step (NaN after a blow-up)
    initial: float  # mean loss of the first 10 steps
    final: float  # mean loss of the last 10% of steps
    token_cosine: float  # at initialization: mean cosine between different tokens' outputs (1: all alike)

    @property
    def diverged(self) -> bool:
        """The loss became NaN or infinite."""
        return not np.isfinite(self.final)

    @property
    def reduction(self) -> float:
        """final / initial loss (smaller is better; > 1: got worse)."""
        return self.final / self.initial if np.isfinite(self.final) else float("inf")

    @property
    def learned(self) -> bool:
        """The loss fell by at least 10% (an untrained stack's output is uncorrelated with the target:
        loss about 2)."""
        return self.reduction < LEARNED


def train(arrangement: str, depth: int, *, width: int = 64, tokens: int = 8, batch: int = 8, steps: int = 300,
          lr: float = 1e-3, warmup: int = 0, seed: int = 0,
          progress: Callable[[int, int], None] | None = None) -> TrainResult:
    """Train one stack with Adam; returns the loss curve."""
    rng = np.random.default_rng([seed, depth])
    weights = draw_weights(rng, depth, width)
    target_map = rng.standard_normal((width, width)) / np.sqrt(width)
    params = [list(weights.WV), list(weights.W1), list(weights.W2)]
    m = [[np.zeros_like(p) for p in group] for group in params]
    v = [[np.zeros_like(p) for p in group] for group in params]
    beta1, beta2, adam_eps = 0.9, 0.98, 1e-8
    data = np.random.default_rng([seed, depth, 1])
    losses = np.full(steps, np.nan)
    cosine = float("nan")
    for step in range(1, steps + 1):
        x = data.standard_normal((batch, tokens, width))
        target, _ = ln(x @ target_map)
        w = Weights(tuple(params[0]), tuple(params[1]), tuple(params[2]))
        with np.errstate(all="ignore"):
            run = forward(arrangement, x, w)
            diff = run.output - target
            loss = float(np.mean(diff * diff))
            if not np.isfinite(loss):
                break
            losses[step - 1] = loss
            if step == 1:
                cosine = _token_cosine(run.output)
            grads = backward(run, w, 2 * diff / diff.size)
        rate = lr * min(1.0, step / warmup) if warmup else lr
        for g_idx, name in enumerate(("WV", "W1", "W2")):
            for k, g in enumerate(getattr(grads, name)):
                g = g.sum(axis=0)  # the weights are shared by the sequences of the batch
                m[g_idx][k] = beta1 * m[g_idx][k] + (1 - beta1) * g
                v[g_idx][k] = beta2 * v[g_idx][k] + (1 - beta2) * g * g
                m_hat = m[g_idx][k] / (1 - beta1**step)
                v_hat = v[g_idx][k] / (1 - beta2**step)
                params[g_idx][k] = params[g_idx][k] - rate * m_hat / (np.sqrt(v_hat) + adam_eps)
        if progress is not None:
            progress(step, steps)
    initial = float(np.nanmean(losses[:10]))
    tail = losses[-max(1, steps // 10):]
    final = float(np.mean(tail)) if np.all(np.isfinite(tail)) else float("nan")
    return TrainResult(arrangement, depth, lr, warmup, losses, initial, final, cosine)


def _token_cosine(y: np.ndarray) -> float:
    """Mean cosine similarity between the outputs of different tokens of a sequence."""
    unit = y / np.linalg.norm(y, axis=-1, keepdims=True)
    gram = unit @ np.swapaxes(unit, -1, -2)
    n = y.shape[-2]
    if n < 2:
        return float("nan")
    return float((gram.sum(axis=(-1, -2)) - np.trace(gram, axis1=-2, axis2=-1)).mean() / (n * (n - 1)))

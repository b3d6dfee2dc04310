r"""Does one step toward the model of Xiong et al.'s Figure 3 reproduce its per-layer profile?

    python bench/figure3.py [--width 128] [--tokens 16] [--layers 6] [--seeds 5] [--batches 32]

The paper's Figure 3(a, b) (Section 3.4, "On the extended theory") shows, for each layer of a 6-6
Transformer at initialization, the Frobenius norm of the *expected* gradient of the FFN weights: each
entry's gradient averaged over mini-batches, then the norm. lnsym's ``experiment depth`` measures
the norm of one batch's gradient, with W^Q = W^K = 0 (uniform attention). This probe changes one
thing at a time, on the same Post-LN and Pre-LN stacks (Pre-LN with its final LN), and prints the
last-over-first ratio of a log-linear fit through the layers (geometric mean over seeds; the paper:
Post-LN grows toward the output, Pre-LN is flat):

1. lnsym's setting: uniform attention, one batch's gradient;
2. softmax attention with random W^Q, W^K (Xavier N(0, 1/d)), one batch's gradient;
3. softmax attention, the expected gradient over ``--batches`` input batches (fixed weights and loss).

The loss is lnsym's fixed random readout sum_i <r_i, y_i>. The backward pass is written by hand and
checked here against the complex step at a small size before anything is measured.
"""

from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402

import numpy as np  # noqa: E402

from lnsym import numeric_jacobian  # noqa: E402
from lnsym.experiments.depth import ln, ln_vjp, relu  # noqa: E402
from lnsym.experiments.measure import end_to_end_ratio  # noqa: E402


def _t(a):
    return np.swapaxes(a, -1, -2)


def draw(rng, layers, d, softmax):
    sd = 1 / np.sqrt(d)
    names = ("WV", "W1", "W2", "WQ", "WK") if softmax else ("WV", "W1", "W2")
    return [{k: rng.standard_normal((d, d)) * sd for k in names} for _ in range(layers)]


def attend(x, w):
    if "WQ" not in w:
        m = x.mean(axis=-2, keepdims=True)
        return np.broadcast_to(m @ w["WV"], x.shape), {"m": m}
    q, k, v = x @ w["WQ"], x @ w["WK"], x @ w["WV"]
    s = q @ _t(k) / np.sqrt(x.shape[-1])
    s = s - s.real.max(axis=-1, keepdims=True)  # a shift per row leaves softmax unchanged
    e = np.exp(s)
    a = e / e.sum(axis=-1, keepdims=True)
    return a @ v, {"x": x, "q": q, "k": k, "v": v, "a": a}


def attend_back(cache, g, w):
    """Gradient w.r.t. the attention's input; the weights' gradients are not needed here."""
    if "m" in cache:
        return np.broadcast_to(g.sum(axis=-2, keepdims=True) @ _t(w["WV"]) / g.shape[-2], g.shape)
    a, q, k, v = cache["a"], cache["q"], cache["k"], cache["v"]
    gv = _t(a) @ g
    ga = g @ _t(v)
    gs = a * (ga - (ga * a).sum(axis=-1, keepdims=True)) / np.sqrt(g.shape[-1])
    return (gs @ k) @ _t(w["WQ"]) + (_t(gs) @ q) @ _t(w["WK"]) + gv @ _t(w["WV"])


def forward(arrangement, x, weights):
    caches = []
    for w in weights:
        if arrangement == "post":
            att, ac = attend(x, w)
            x3, s2 = ln(x + att)
            u = x3 @ w["W1"]
            h = relu(u)
            out, s5 = ln(x3 + h @ w["W2"])
            caches.append(dict(ac=ac, x3=x3, s2=s2, u=u, h=h, out=out, s5=s5))
            x = out
        else:
            z, sz = ln(x)
            att, ac = attend(z, w)
            x3 = x + att
            y, sy = ln(x3)
            u = y @ w["W1"]
            h = relu(u)
            caches.append(dict(ac=ac, z=z, sz=sz, y=y, sy=sy, u=u, h=h))
            x = x3 + h @ w["W2"]
    final = None
    if arrangement == "pre":
        x, s = ln(x)
        final = (x, s)
    return x, caches, final


def grads_w2(arrangement, weights, caches, final, g):
    """d loss / d W2 of every layer, for the upstream gradient g at the output."""
    if final is not None:
        g = ln_vjp(final[0], final[1], g)
    out = []
    for c, w in zip(reversed(caches), reversed(weights), strict=True):
        if arrangement == "post":
            g5 = ln_vjp(c["out"], c["s5"], g)
            out.append(_t(c["h"]) @ g5)
            gu = (g5 @ _t(w["W2"])) * (c["u"].real > 0)
            g2 = ln_vjp(c["x3"], c["s2"], g5 + gu @ _t(w["W1"]))
            g = g2 + attend_back(c["ac"], g2, w)
        else:
            out.append(_t(c["h"]) @ g)
            gu = (g @ _t(w["W2"])) * (c["u"].real > 0)
            g3 = g + ln_vjp(c["y"], c["sy"], gu @ _t(w["W1"]))
            g = g3 + ln_vjp(c["z"], c["sz"], attend_back(c["ac"], g3, w))
    return out[::-1]


def check_backward() -> float:
    """Largest error of the hand-written W2 gradients against the complex step (small sizes)."""
    rng = np.random.default_rng(1)
    worst = 0.0
    for arrangement in ("post", "pre"):
        for softmax in (False, True):
            weights = draw(rng, 3, 5, softmax)
            x0, r = rng.standard_normal((4, 5)), rng.standard_normal((4, 5))
            _, caches, final = forward(arrangement, x0, weights)
            got = grads_w2(arrangement, weights, caches, final, r)
            for layer in range(3):
                def loss(P, layer=layer, arrangement=arrangement, weights=weights, x0=x0, r=r):
                    out = []
                    for row in P:
                        ws = [dict(w) for w in weights]
                        ws[layer]["W2"] = row.reshape(5, 5)
                        out.append((forward(arrangement, x0.astype(complex), ws)[0] * r).sum())
                    return np.array(out)[:, None]
                est = numeric_jacobian(loss, weights[layer]["W2"].ravel())
                worst = max(worst, float(np.abs(est.value.ravel() - got[layer].ravel()).max()))
    return worst


def profile(args, softmax: bool, batches: int) -> dict:
    ratios = {"post": [], "pre": []}
    for seed in range(args.seeds):
        rng = np.random.default_rng([seed, 2020])
        weights = draw(rng, args.layers, args.width, softmax)
        r = rng.standard_normal((args.tokens, args.width))
        xs = rng.standard_normal((batches, args.tokens, args.width))
        for arrangement in ratios:
            _, caches, final = forward(arrangement, xs, weights)
            per_batch = grads_w2(arrangement, weights, caches, final, np.broadcast_to(r, xs.shape))
            norms = [np.linalg.norm(g.mean(axis=0)) for g in per_batch]  # expected gradient, then its norm
            ratios[arrangement].append(float(end_to_end_ratio(np.array(norms)[None])[0]))
    return {a: (float(np.exp(np.mean(np.log(v)))), float(np.exp(np.std(np.log(v), ddof=1)))) for a, v in ratios.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=128)
    parser.add_argument("--tokens", type=int, default=16)
    parser.add_argument("--layers", type=int, default=6)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--batches", type=int, default=32)
    args = parser.parse_args()
    print(f"backward vs complex step: max error {check_backward():.1e}")
    print(f"d = {args.width}, n = {args.tokens}, L = {args.layers}, {args.seeds} seeds; last/first layer "
          "||grad W2|| (log-linear fit; geometric mean ×/÷ spread over seeds)")
    for label, softmax, batches in (("1. uniform attention, one batch", False, 1),
                                    ("2. softmax attention, one batch", True, 1),
                                    (f"3. softmax attention, expected gradient over {args.batches} batches", True,
                                     args.batches),
                                    (f"   uniform attention, expected gradient over {args.batches} batches", False,
                                     args.batches)):
        got = profile(args, softmax, batches)
        print(f"{label:<62} Post-LN ×{got['post'][0]:.2f} (×/÷ {got['post'][1]:.2f})   "
              f"Pre-LN ×{got['pre'][0]:.2f} (×/÷ {got['pre'][1]:.2f})")


if __name__ == "__main__":
    main()

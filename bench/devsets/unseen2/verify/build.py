"""Generates slips/*__s1.* from keys/* by replacing ONE substring on ONE line, and writes manifest.jsonl.
Run: python verify/build.py  (idempotent)."""
import json
from pathlib import Path
ROOT = Path(__file__).resolve().parent.parent

# (key file, topic, kind, old substring, new substring, slip_kind, description)
SLIPS = [
 ("001_rmsnorm_backward.md", "RMSNorm backward in index notation", "symbolic",
  r"Hence $\frac{\partial r}{\partial x_j} = \frac{x_j}{d\,r}$.", r"Hence $\frac{\partial r}{\partial x_j} = \frac{x_j}{r}$.", "factor",
  "dropped the 1/d: dr/dx_j = x_j/(d r), not x_j/r (witness d=2, eps=1, x=(1,0): true 1/(2*sqrt(3/2)) ~ 0.408, slipped 1/sqrt(3/2) ~ 0.816)"),
 ("002_layernorm_backward.tex", "LayerNorm backward in index form", "symbolic",
  r"\frac{\hat y_i \hat y_j}{d}\Bigr).", r"\frac{\hat y_i \hat y_i}{d}\Bigr).", "index",
  "index repeated: yhat_i yhat_i instead of yhat_i yhat_j (witness d=2, eps=1/4, x=(0,1), i=1, j=2: true dyhat_1/dx_2 = -sqrt(2)/4, slipped = -3 sqrt(2)/4)"),
 ("003_gelu_derivative.md", "GELU first and second derivatives", "symbolic",
  r"= \varphi(x)\,(2 - x^2)$.", r"= \varphi(x)\,(2 + x^2)$.", "sign",
  "sign flipped: GELU''(x) = phi(x)(2 - x^2), not phi(x)(2 + x^2) (witness x=1: true phi(1) ~ 0.2420, slipped 3 phi(1) ~ 0.7259)"),
 ("004_silu_swish_derivative.md", "SiLU and Swish-beta derivatives", "symbolic",
  r"4. $\operatorname{Swish}_\beta'(x) = \sigma(\beta x) + \beta x\,\sigma(\beta x)", r"4. $\operatorname{Swish}_\beta'(x) = \sigma(\beta x) + x\,\sigma(\beta x)", "chain-rule",
  "inner derivative beta of sigma(beta x) dropped (witness beta=2, x=1: true sigma(2)+2 sigma(2)(1-sigma(2)) ~ 1.0908, slipped sigma(2)+sigma(2)(1-sigma(2)) ~ 0.9858)"),
 ("005_dot_product_variance.md", "variance of q.k/sqrt(d) under independence", "symbolic",
  r"\operatorname{Var}(s) = \sum_{i=1}^{d} \operatorname{Var}(q_i k_i) = d.", r"\operatorname{Var}(s) = \sum_{i=0}^{d} \operatorname{Var}(q_i k_i) = d.", "bound",
  "sum starts at i=0: d+1 unit-variance terms sum to d+1, not d (witness d=2: 3 != 2)"),
 ("006_tanh_derivative.md", "tanh derivative via the sigmoid", "symbolic",
  r"$\tanh'(x) = 2 \cdot 2\,\sigma'(2x) = 4\,\sigma(2x)\bigl(1 - \sigma(2x)\bigr)$", r"$\tanh'(x) = 2\,\sigma'(2x) = 2\,\sigma(2x)\bigl(1 - \sigma(2x)\bigr)$", "chain-rule",
  "inner factor 2 of sigma(2x) dropped (witness x=0: tanh'(0) = 1 but 2 sigma'(0) = 1/2)"),
 ("007_linear_layer_gradient.md", "linear layer gradients, vector and minibatch form", "symbolic",
  r"$\nabla_W L = E^\top X$", r"$\nabla_W L = X^\top E$", "transpose",
  "transposed product: grad_W = E^T X (m x n), not X^T E (witness m=n=2, B=1, X=[[1,0]], E=[[0,1]]: E^T X=[[0,0],[1,0]] != X^T E=[[0,1],[0,0]])"),
 ("008_residual_jacobian.md", "Jacobian of a tanh residual block", "symbolic",
  r"$\frac{\partial h_k}{\partial x_j} = (1 - h_k^2)\,(W_1)_{kj}$", r"$\frac{\partial h_k}{\partial x_j} = (1 - h_k^2)\,(W_1)_{jk}$", "index",
  "indices of W_1 swapped (witness n=m=2, W_1=[[0,1],[0,0]], x=0, k=1, j=2: true dh_1/dx_2 = 1, slipped (W_1)_{21} = 0)"),
 ("009_causal_attention_values.md", "causal attention, gradient w.r.t. values", "symbolic",
  r"\frac{\partial L}{\partial v_j} = \sum_{i=j}^{n}", r"\frac{\partial L}{\partial v_j} = \sum_{i=j+1}^{n}", "bound",
  "sum starts at i=j+1 and misses the diagonal term a_jj dL/do_j (witness n=2, d=1, L=o_1: true dL/dv_1 = a_11 = 1, slipped = a_21*0 = 0)"),
 ("010_lse_temperature.tex", "temperature derivative of log-sum-exp equals entropy", "symbolic",
  r"&= \log Z - \frac{1}{\tau}\sum_{i=1}^{n} p_i x_i .", r"&= \log Z + \frac{1}{\tau}\sum_{i=1}^{n} p_i x_i .", "sign",
  "sign of the second term flipped (witness n=2, x=(0,1), tau=1: F'(1) = H(p) ~ 0.5822, slipped log(1+e) + p_2 ~ 2.0443)"),
 ("011_block_param_count.md", "parameter count of a transformer block (where-clause names)", "numeric",
  r"$2d\,d_{\text{ff}} = 2 \cdot 768 \cdot 3072 = 4718592$", r"$2d\,d_{\text{ff}} = 768 \cdot 3072 = 4718592$", "factor",
  "factor 2 dropped in the middle expression: 768*3072 = 2359296, not 4718592 = 2 d d_ff"),
 ("012_attention_flops.md", "FLOPs of self-attention, context doubled", "numeric",
  r"and $4n^2 d = 17179869184$", r"and $4n^2 d = 4294967296$", "rebound",
  "4n^2 d evaluated with the old n=1024 after n was rebound to 2048: 4*2048^2*1024 = 17179869184, not 4294967296"),
 ("013_causal_attention_numeric.md", "causal attention computed by hand", "numeric",
  r"\sigma(\sqrt 2) \approx 0.8044$", r"\sigma(\sqrt 2) \approx 0.8045$", "rounding",
  "sigma(sqrt 2) = 0.804429..., which rounds to 0.8044, not 0.8045"),
 ("014_dropout_moments.md", "inverted dropout mean and variance", "numeric",
  r"1.5\sqrt{3/7} \approx 0.9820$", r"1.5\sqrt{3/7} \approx 0.9821$", "rounding",
  "1.5 sqrt(3/7) = 0.981980..., which rounds to 0.9820, not 0.9821"),
 ("015_adamw_vs_l2_step.md", "one step of Adam+L2 versus AdamW", "numeric",
  r"- \eta\lambda w_0 \approx 2 - 0.1 - 0.002 = 1.898", r"+ \eta\lambda w_0 \approx 2 - 0.1 - 0.002 = 1.898", "sign",
  "decay term sign flipped: w0 - eta mhat/(sqrt vhat + eps) + eta lambda w0 = 1.902000002, not ~ 1.898"),
 ("016_lr_schedule_sums.md", "geometric sums of an exponential learning-rate schedule", "numeric",
  r"= \eta_0\,\frac{1 - \gamma^{T}}{1 - \gamma}.$$", r"= \eta_0\,\frac{1 - \gamma^{T+1}}{1 - \gamma}.$$", "bound",
  "exponent off by one: sum_{t=0}^{T-1} eta0 gamma^t = eta0 (1-gamma^T)/(1-gamma) (witness T=1, gamma=0.99: eta0 vs 1.99 eta0)"),
 ("017_layernorm_numeric.md", "LayerNorm on a concrete vector", "numeric",
  r"\approx (-0.9733, -0.6489, 0, 1.6222)", r"\approx (-0.9733, -0.6490, 0, 1.6222)", "rounding",
  "-2/sqrt(9.5+1e-5) = -0.648885..., which rounds to -0.6489, not -0.6490"),
 ("018_adam_two_steps.md", "two Adam steps with rebound m, v, w", "numeric",
  r"so $w \leftarrow 0.99 - 0.002663 = 0.987337$", r"so $w \leftarrow 1 - 0.002663 = 0.997337$", "rebound",
  "uses the old w = 1 instead of the current w = 0.99 after step 1: the new w is 0.987337, not 0.997337"),
 ("019_monotone_product.md", "if 0<=a<=b and 0<=c<=d then ac<=bd", "proof",
  r"**Lemma.** For every real $c \ge 0$ and all reals $u \le v$", r"**Lemma.** For every real $c$ and all reals $u \le v$", "lemma-condition",
  "lemma stated for every real c; false for negative c (witness c=-1, u=0, v=1: 0 <= -1 fails)"),
 ("020_amgm_three.md", "AM-GM for three numbers via the cubic identity", "proof",
  r"x^3 + y^3 + z^3 - 3xyz = \tfrac12\,(x + y + z)", r"x^3 + y^3 + z^3 - 3xyz = (x + y + z)", "factor",
  "factor 1/2 dropped from the identity (witness x=1, y=z=0: LHS 1, slipped RHS 2)"),
 ("021_gibbs_inequality.tex", "Gibbs' inequality KL >= 0", "proof",
  r"&\le \sum_{i \in S} p_i \Bigl(\frac{q_i}{p_i} - 1\Bigr) \\", r"&\ge \sum_{i \in S} p_i \Bigl(\frac{q_i}{p_i} - 1\Bigr) \\", "reversed",
  "inequality reversed (log t <= t - 1 gives <=) (witness p=(1,0), q=(1/2,1/2): log(1/2) ~ -0.693 >= -1/2 fails)"),
 ("022_lse_bounds.md", "max <= LSE <= max + log n", "proof",
  r"each term satisfies $e^{x_i - m} \le 1$", r"each term satisfies $e^{x_i - m} \ge 1$", "reversed",
  "reversed: with x_i - m <= 0, e^{x_i-m} <= 1 (witness x=(0,1), i=1: e^{-1} >= 1 fails)"),
 ("023_jensen_log.md", "Jensen for log: entropy bound and AM-GM", "proof",
  r"**AM–GM for $n$ numbers.** For positive reals $a_1, \dots, a_n$", r"**AM–GM for $n$ numbers.** For nonzero reals $a_1, \dots, a_n$", "lemma-condition",
  "AM-GM/Jensen-for-log claimed for nonzero reals; needs positivity (witness n=2, a=(-1,-1): (prod)^{1/2} = 1 <= -1 fails)"),
 ("024_residual_spectral_bounds.md", "spectral bounds for residual blocks (I+B)", "proof",
  r"Now the lower bound reads $(1 - \|B\|)\,\|x\|_2 \le 0$", r"Now the lower bound reads $(1 - \|B\|)\,\|x\|_2 \ge 0$", "case",
  "Case 2 conclusion false in that case: for ||B|| > 1 and x != 0, (1-||B||)||x|| < 0 (witness B=2I, ||x||=1: -1 >= 0 fails)"),
 ("025_lipschitz_two_layer.md", "Lipschitz constant of a two-layer tanh network", "proof",
  r"$\nabla_x L = W_1^\top D(x)\,W_2^\top\,\nabla_f L$", r"$\nabla_x L = W_2^\top D(x)\,W_1^\top\,\nabla_f L$", "transpose",
  "transposed factors in the wrong order (witness W_1=[[1,0],[0,0]], W_2=[[0,1],[0,0]], x=0, grad_f L=(1,0): true (0,0), slipped (0,1))"),
 ("026_log_bounds_cases.md", "x/(1+x) <= log(1+x) <= x by cases", "proof",
  r"so $f$ is decreasing on $[x, 0]$ and $f(x) \ge f(0) = 0$.", r"so $f$ is decreasing on $[x, 0]$ and $f(x) \le f(0) = 0$.", "case",
  "Case 2 conclusion false in that case: f(x) = x - log(1+x) > 0 for -1<x<0 (witness x=-1/2: f = log 2 - 1/2 ~ 0.193 > 0)"),
 ("027_weight_decay_bernoulli.md", "weight-decay shrinkage via 1+u<=e^u and Bernoulli", "proof",
  r"holds for every integer $t \ge 0$ and every real $u \ge -1$.", r"holds for every integer $t \ge 0$ and every real $u$.", "lemma-condition",
  "Bernoulli stated for every real u; it needs u >= -1 (witness t=3, u=-4: (-3)^3 = -27 >= 1 - 12 = -11 fails)"),
 ("028_exp_vs_line.md", "e^x >= 1+x by cases; e^x = x has no solution (contradiction)", "proof",
  r"Try $x = 0$: $e^{0} = 1 = 1 + 0$, so $x = 0$ works.", r"Try $x = 0$: $e^{0} = 1 \ne 1 + 0$, so $x = 0$ fails.", "trial",
  "rejected trial that actually works: e^0 = 1 = 1 + 0, so '1 != 1 + 0' is false"),
 ("029_l2_vs_weight_decay.md", "L2 vs decoupled weight decay in SGD and Adam", "proof",
  r"Then $g + \lambda w$ has the sign of $w$, so Adam with L2 steps by", r"Then $g + \lambda w$ has the sign of $g$, so Adam with L2 steps by", "case",
  "Case 2 conclusion false in that case: if gw<0 and |g|<lambda|w| then g+lambda w has the sign of w (witness g=0.1, w=-1, lambda=0.5: g+lambda w=-0.4, sign(g)=+1)"),
 ("030_cauchy_schwarz_means.md", "Cauchy-Schwarz score bound; HM <= GM <= AM", "proof",
  r"= 3 = \sqrt 9 = \frac{6}{2}$, so $a = b$ works", r"= 3 \ne \sqrt 9 = \frac{6}{2}$, so $a = b = 3$ fails", "trial",
  "rejected trial that actually works: 2*9/6 = 3 = sqrt 9, so '3 != sqrt 9' is false"),
]


def main():
    rows_keys, rows_slips = [], []
    for fname, topic, kind, old, new, skind, desc in SLIPS:
        base = ROOT / "keys" / fname
        text = base.read_text()
        lines = text.split("\n")
        hits = [i for i, l in enumerate(lines) if old in l]
        assert len(hits) == 1, (fname, old, hits)
        i = hits[0]
        assert lines[i].count(old) == 1, (fname, old)
        new_lines = list(lines); new_lines[i] = lines[i].replace(old, new)
        stem, ext = fname.rsplit(".", 1)
        out = ROOT / "slips" / f"{stem}__s1.{ext}"
        out.write_text("\n".join(new_lines))
        rows_keys.append({"file": f"keys/{fname}", "kind": kind, "correct": True, "base": None,
                          "slip_line": None, "slip": None, "topic": topic})
        rows_slips.append({"file": f"slips/{out.name}", "kind": kind, "correct": False, "base": f"keys/{fname}",
                           "slip_line": i + 1, "slip": desc, "slip_kind": skind, "topic": topic})
    with open(ROOT / "manifest.jsonl", "w") as f:
        for r in rows_keys + rows_slips:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows_keys)} keys rows and {len(rows_slips)} slip rows")


if __name__ == "__main__":
    main()

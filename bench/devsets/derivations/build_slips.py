"""Create slips/ copies (one planted error each) and manifest.jsonl.
Each spec: base key, slip number, exact old text, replacement, kind, description.
The old text must occur exactly once in the base; the change must touch exactly one line."""
import json, os, re

KEY_META = {}  # filled below: name -> (kind, topic)

SLIPS = [
 # ---- sign error
 ("003_cross_entropy_value.md", 1, r"$$\nabla_z L \approx (-0.3410,\ 0.2424,\ 0.0986).$$", r"$$\nabla_z L \approx (0.3410,\ 0.2424,\ 0.0986).$$", "sign error", "first gradient entry p_1 - 1 written as +0.3410"),
 ("025_binary_ce_logit.md", 1, r"The gradient is $\frac{\partial L}{\partial z} = \sigma(z) - y \approx", r"The gradient is $\frac{\partial L}{\partial z} = y - \sigma(z) \approx", "sign error", "dL/dz written as y - sigma(z)"),
 ("034_ce_softmax_grad.md", 1, r"$$\frac{\partial L}{\partial z_j} = p_j - y_j, \qquad \text{i.e.}\qquad \nabla_z L = p - y.$$", r"$$\frac{\partial L}{\partial z_j} = y_j - p_j, \qquad \text{i.e.}\qquad \nabla_z L = y - p.$$", "sign error", "gradient written as y - p"),
 ("050_bce_logit_grad.tex", 1, r"&= -y + y\sigma(z) + \sigma(z) - y\sigma(z) \\", r"&= -y - y\sigma(z) + \sigma(z) - y\sigma(z) \\", "sign error", "expansion of -y(1-sigma) gets -y*sigma"),
 ("056_rmsnorm_scale_invariance.md", 1, r"$$\operatorname{RMSNorm}(cx) = \frac{cx}{|c|\operatorname{rms}(x)} = \operatorname{sign}(c)\,\operatorname{RMSNorm}(x).$$", r"$$\operatorname{RMSNorm}(cx) = \frac{cx}{|c|\operatorname{rms}(x)} = \operatorname{RMSNorm}(x).$$", "sign error", "drops sign(c) for negative c"),
 # ---- dropped factor
 ("006_attention_scores.md", 1, r"Divide by $\sqrt{d_k} = 2$ to get $s = (0.5,\ 0.5,\ 1.0)$.", r"Divide by $\sqrt{d_k} = 2$ to get $s = (1,\ 1,\ 2)$.", "dropped factor", "1/sqrt(d_k) scaling not applied"),
 ("015_kv_cache_memory.md", 1, r"= 2 \times 32 \times 4096 \times 2 = 524{,}288 \text{ bytes}", r"= 32 \times 4096 \times 2 = 524{,}288 \text{ bytes}", "dropped factor", "K-and-V factor 2 dropped from the product"),
 ("035_layernorm_jacobian.tex", 1, r"\frac{\partial \sigma^2}{\partial x_j} = \frac{2}{d}(x_j - \mu), \qquad", r"\frac{\partial \sigma^2}{\partial x_j} = \frac{1}{d}(x_j - \mu), \qquad", "dropped factor", "factor 2 from differentiating the square dropped"),
 ("039_tanh_derivative.tex", 1, r"\tanh'(x) &= 2 \cdot 2\,\sigma'(2x) = 4\,\sigma(2x)\big(1 - \sigma(2x)\big).", r"\tanh'(x) &= 2\,\sigma'(2x) = 2\,\sigma(2x)\big(1 - \sigma(2x)\big).", "dropped factor", "inner chain-rule factor 2 dropped"),
 ("046_l2_reg_gradient.md", 1, r"= (1 - \eta\lambda)\, w - \eta \nabla_w L.$$", r"= (1 - \lambda)\, w - \eta \nabla_w L.$$", "dropped factor", "learning rate missing from decay factor"),
 ("063_tanh_gelu_approx_derivative.tex", 1, r"g'(x) &= \tfrac12\big(1 + \tanh u\big) + \tfrac12\, x\,\big(1 - \tanh^2 u\big)\,u'(x) \\", r"g'(x) &= \tfrac12\big(1 + \tanh u\big) + \tfrac12\, x\,\big(1 - \tanh^2 u\big) \\", "dropped factor", "inner derivative u'(x) dropped"),
 # ---- transposed product
 ("031_mlp_numeric_backprop.tex", 1, r"\nabla_{W_1} L &= \delta_1 x^\top = \begin{pmatrix} 0 & 0 \\ 12 & 24 \end{pmatrix}, \\", r"\nabla_{W_1} L &= \delta_1 x^\top = \begin{pmatrix} 0 & 12 \\ 0 & 24 \end{pmatrix}, \\", "transposed product", "gradient matrix given as x delta^T"),
 ("033_softmax_jacobian.tex", 1, r"J = \frac{\partial p}{\partial z} = \operatorname{diag}(p) - p p^\top .", r"J = \frac{\partial p}{\partial z} = \operatorname{diag}(p) - p^\top p .", "transposed product", "outer product pp^T replaced by inner product p^T p"),
 ("040_linear_layer_grad.md", 1, r"= \delta_i x_j, \qquad \nabla_W L = \delta\, x^\top.$$", r"= \delta_i x_j, \qquad \nabla_W L = x\, \delta^\top.$$", "transposed product", "nabla_W L = x delta^T"),
 ("041_residual_jacobian.tex", 1, r"(I + J_2)(I + J_1) = I + J_1 + J_2 + J_2 J_1 .", r"(I + J_2)(I + J_1) = I + J_1 + J_2 + J_1 J_2 .", "transposed product", "cross term order J_1 J_2 instead of J_2 J_1"),
 ("061_log_softmax_grad.md", 1, r"$$\frac{\partial \ell}{\partial z} = I - \mathbf 1\, p^\top.$$", r"$$\frac{\partial \ell}{\partial z} = I - p\, \mathbf 1^\top.$$", "transposed product", "I - p 1^T instead of I - 1 p^T"),
 # ---- wrong index
 ("033_softmax_jacobian.tex", 2, r"= p_i(\delta_{ij} - p_j).", r"= p_i(\delta_{ij} - p_i).", "wrong index", "p_i(delta_ij - p_i) instead of p_j"),
 ("040_linear_layer_grad.md", 2, r"$$\frac{\partial L}{\partial x_j} = \sum_k W_{kj}\,\delta_k,", r"$$\frac{\partial L}{\partial x_j} = \sum_k W_{jk}\,\delta_k,", "wrong index", "W_jk instead of W_kj"),
 ("054_attention_score_grad.tex", 1, r"dS_{ij} = P_{ij}\Big(dP_{ij} - \sum_{k} P_{ik}\, dP_{ik}\Big).", r"dS_{ij} = P_{ij}\Big(dP_{ij} - \sum_{k} P_{kj}\, dP_{kj}\Big).", "wrong index", "column sum instead of row sum"),
 ("059_matrix_grad_identities.md", 1, r"\operatorname{tr}(AW) = A_{ji}, \qquad \nabla_W \operatorname{tr}(AW) = A^\top.$$", r"\operatorname{tr}(AW) = A_{ij}, \qquad \nabla_W \operatorname{tr}(AW) = A.$$", "wrong index", "A_ij instead of A_ji"),
 # ---- missed product-rule term
 ("007_gelu_at_half.md", 1, r"By the product rule $\mathrm{GELU}'(x) = \Phi(x) + x\,\varphi(x)$, so", r"By the product rule $\mathrm{GELU}'(x) = \Phi(x)$, so", "missed product-rule term", "x*phi(x) term missing"),
 ("035_layernorm_jacobian.tex", 2, r"&= \frac{\delta_{ij} - \frac1d}{s} - \frac{(x_i - \mu)(x_j - \mu)}{d\, s^3} \\", r"&= \frac{\delta_{ij} - \frac1d}{s} \\", "missed product-rule term", "term from differentiating 1/s missing"),
 ("038_sigmoid_derivative.md", 1, r"$$\sigma''(x) = \sigma'(x)(1 - \sigma(x)) - \sigma(x)\sigma'(x) = \sigma'(x)\,\big(1 - 2\sigma(x)\big).$$", r"$$\sigma''(x) = \sigma'(x)(1 - \sigma(x)) = \sigma'(x)\,\big(1 - \sigma(x)\big).$$", "missed product-rule term", "-sigma*sigma' term missing"),
 ("052_swish_derivative.md", 1, r"$$\operatorname{SiLU}'(x) = \sigma(x) + x\,\sigma(x)\big(1 - \sigma(x)\big).$$", r"$$\operatorname{SiLU}'(x) = x\,\sigma(x)\big(1 - \sigma(x)\big).$$", "missed product-rule term", "sigma(x) term missing"),
 # ---- wrong rounding
 ("001_softmax_3vec.md", 1, r"$$p \approx (0.0900,\ 0.2447,\ 0.6652).$$", r"$$p \approx (0.0900,\ 0.2448,\ 0.6652).$$", "wrong rounding", "0.244728 rounded to 0.2448"),
 ("009_warmup_cosine_schedule.md", 1, r"| 3250 | 0.25 | $\approx 0.853553$ | $\approx 2.5607 \times 10^{-4}$ |", r"| 3250 | 0.25 | $\approx 0.853553$ | $\approx 2.5606 \times 10^{-4}$ |", "wrong rounding", "2.56066e-4 truncated to 2.5606e-4"),
 ("019_dropout_scaling.md", 1, r"1. The scale factor is $1/0.9 \approx 1.1111$.", r"1. The scale factor is $1/0.9 \approx 1.1112$.", "wrong rounding", "1/0.9 rounded up to 1.1112"),
 ("022_perplexity.md", 1, r"$\mathrm{PPL} = e^{3.5} \approx 33.1155$", r"$\mathrm{PPL} = e^{3.5} \approx 33.1154$", "wrong rounding", "33.11545 truncated to 33.1154"),
 # ---- off-by-one bound
 ("020_sgd_momentum_steps.tex", 1, r"Unrolling, $v_t = \sum_{k=0}^{t-1} \mu^k = \frac{1 - \mu^t}{1 - \mu}$, e.g.", r"Unrolling, $v_t = \sum_{k=0}^{t} \mu^k = \frac{1 - \mu^t}{1 - \mu}$, e.g.", "off-by-one bound", "upper summation limit t instead of t-1"),
 ("042_dot_product_variance.md", 1, r"$$\mathbb{E}[s^2] = \sum_{i,j} \delta_{ij}^2 = \sum_{i=1}^d 1 = d.$$", r"$$\mathbb{E}[s^2] = \sum_{i,j} \delta_{ij}^2 = \sum_{i=1}^{d-1} 1 = d.$$", "off-by-one bound", "sum to d-1"),
 ("044_one_plus_delta_bound.tex", 1, r"\Big(1 + \frac{c}{n}\Big)^n \le e^{c}, \qquad", r"\Big(1 + \frac{c}{n}\Big)^{n+1} \le e^{c}, \qquad", "off-by-one bound", "exponent n+1 in the bound"),
 ("047_logsumexp_grad.md", 1, r"$$M \le \operatorname{LSE}(z) \le M + \log K.$$", r"$$M \le \operatorname{LSE}(z) \le M + \log (K-1).$$", "off-by-one bound", "upper bound log(K-1)"),
 ("058_momentum_unrolled.tex", 1, r"\sum_{t=k}^{T}\beta^{\,t-k} = \sum_{j=0}^{T-k}\beta^{\,j} = \frac{1 - \beta^{\,T-k+1}}{1 - \beta}.", r"\sum_{t=k}^{T}\beta^{\,t-k} = \sum_{j=0}^{T-k}\beta^{\,j} = \frac{1 - \beta^{\,T-k}}{1 - \beta}.", "off-by-one bound", "geometric sum exponent T-k instead of T-k+1"),
 # ---- wrong exponent
 ("010_dot_product_variance_d64.md", 1, r"3. After scaling, $\operatorname{Var}\!\left(q^\top k / \sqrt{d_k}\right) = 64 / 64 = 1$.", r"3. After scaling, $\operatorname{Var}\!\left(q^\top k / \sqrt{d_k}\right) = 64 / 8 = 8$.", "wrong exponent", "variance divided by sqrt(d) rather than d"),
 ("012_residual_growth.md", 1, r"$1.02^{96} = (1.02^{48})^2 \approx 6.6929$", r"$1.02^{96} = (1.02^{48})^3 \approx 6.6929$", "wrong exponent", "(1.02^48)^3 for 1.02^96"),
 ("013_noam_schedule.md", 1, r"\approx 0.0441942 \times 0.0158114 \approx 6.988 \times 10^{-4}.$$", r"\approx 0.0441942 \times 0.0158114 \approx 6.988 \times 10^{-3}.$$", "wrong exponent", "power of ten off: 1e-3"),
 ("026_sinusoidal_posenc.md", 1, r"$\omega_1 = 10000^{-1/2} = 0.01$", r"$\omega_1 = 10000^{-1/4} = 0.01$", "wrong exponent", "10000^(-1/4) claimed 0.01"),
 ("030_compute_budget.md", 1, r"$$C = 6 \times 10^9 \times 2 \times 10^{10} = 1.2 \times 10^{20} \text{ FLOPs}.$$", r"$$C = 6 \times 10^9 \times 2 \times 10^{10} = 1.2 \times 10^{19} \text{ FLOPs}.$$", "wrong exponent", "1.2e19 instead of 1.2e20"),
 ("043_attention_scaling.md", 1, r"$$\operatorname{Var}(s) = \frac{1}{d}\cdot d\,\sigma_q^2\sigma_k^2 = \sigma_q^2 \sigma_k^2,$$", r"$$\operatorname{Var}(s) = \frac{1}{\sqrt d}\cdot d\,\sigma_q^2\sigma_k^2 = \sigma_q^2 \sigma_k^2,$$", "wrong exponent", "variance scaled by 1/sqrt(d) instead of 1/d"),
 # ---- wrong derivative of a standard function
 ("037_gelu_derivative.md", 1, r"so that $\Phi'(x) = \varphi(x)$ and $\varphi'(x) = -x\,\varphi(x)$.", r"so that $\Phi'(x) = \varphi(x)$ and $\varphi'(x) = x\,\varphi(x)$.", "wrong derivative of a standard function", "phi'(x) = x phi(x)"),
 ("038_sigmoid_derivative.md", 2, r"$$\sigma'(x) = -(1 + e^{-x})^{-2}\cdot(-e^{-x}) = \frac{e^{-x}}{(1 + e^{-x})^2}.$$", r"$$\sigma'(x) = -(1 + e^{-x})^{-2}\cdot(e^{-x}) = -\frac{e^{-x}}{(1 + e^{-x})^2}.$$", "wrong derivative of a standard function", "d/dx e^{-x} taken as e^{-x}"),
 ("053_softplus_derivative.md", 1, r"$\operatorname{softplus}''(x) = \sigma'(x) = \sigma(x)\big(1 - \sigma(x)\big) > 0$", r"$\operatorname{softplus}''(x) = \sigma'(x) = \sigma(x)\big(1 + \sigma(x)\big) > 0$", "wrong derivative of a standard function", "sigma' = sigma(1+sigma)"),
 ("064_sigmoid_logit_identities.md", 1, r"$$\frac{d}{dp}\operatorname{logit}(p) = \frac1p + \frac{1}{1 - p} = \frac{1}{p(1 - p)}.$$", r"$$\frac{d}{dp}\operatorname{logit}(p) = \frac1p - \frac{1}{1 - p} = \frac{1}{p(1 - p)}.$$", "wrong derivative of a standard function", "d/dp log(1-p) taken as +1/(1-p)"),
 # ---- arithmetic slip
 ("002_layernorm_2446.tex", 1, r"y &= (1 - 2\sqrt2,\ 1,\ 1,\ 1 + 2\sqrt2) \approx (-1.8284,\ 1,\ 1,\ 3.8284).", r"y &= (1 - 2\sqrt2,\ 1,\ 1,\ 1 + 2\sqrt2) \approx (-1.8284,\ 1,\ 1,\ 3.4142).", "arithmetic slip", "1 + 2 sqrt2 evaluated as 3.4142"),
 ("005_transformer_layer_params.tex", 1, r"= 4 \cdot 590{,}592 = 2{,}362{,}368.", r"= 4 \cdot 590{,}592 = 2{,}362{,}268.", "arithmetic slip", "4*590592 written 2,362,268"),
 ("011_rmsnorm_vector.tex", 1, r"= \tfrac14(1 + 4 + 4 + 16) = \tfrac{25}{4} = 6.25, \\", r"= \tfrac14(1 + 4 + 4 + 16) = \tfrac{24}{4} = 6, \\", "arithmetic slip", "sum of squares 25 written 24"),
 ("014_gpt2_small_params.tex", 1, r"P_{\mathrm{tok}} &= V d = 50{,}257 \times 768 = 38{,}597{,}376, \\", r"P_{\mathrm{tok}} &= V d = 50{,}257 \times 768 = 38{,}597{,}367, \\", "arithmetic slip", "digits transposed 376 -> 367"),
 ("018_label_smoothing.md", 1, r"\approx 0.329924 + 0.172694 = 0.502618.$$", r"\approx 0.329924 + 0.172694 = 0.502518.$$", "arithmetic slip", "sum 0.502618 written 0.502518"),
 ("060_param_count_symbolic.tex", 1, r"P_{\mathrm{block}} = 4d^2 + 4d + 8d^2 + 5d + 4d = 12d^2 + 13d.", r"P_{\mathrm{block}} = 4d^2 + 4d + 8d^2 + 5d + 4d = 12d^2 + 12d.", "arithmetic slip", "4d+5d+4d summed to 12d"),
]

def main():
    meta = json.load(open("key_meta.json"))
    os.makedirs("slips", exist_ok=True)
    rows = []
    for name in sorted(os.listdir("keys")):
        stem = name.rsplit(".", 1)[0]
        rows.append({"file": f"keys/{name}", "kind": meta[stem]["kind"], "correct": True, "base": None,
                     "slip_line": None, "slip": None, "topic": meta[stem]["topic"]})
    seen = set()
    for base, k, old, new, kind, desc in SLIPS:
        src = open(f"keys/{base}").read()
        assert src.count(old) == 1, (base, old, src.count(old))
        out = src.replace(old, new)
        a, b = src.split("\n"), out.split("\n")
        assert len(a) == len(b)
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        assert len(diff) == 1, (base, diff)
        stem, ext = base.rsplit(".", 1)
        fn = f"slips/{stem}__s{k}.{ext}"
        assert fn not in seen; seen.add(fn)
        open(fn, "w").write(out)
        rows.append({"file": fn, "kind": meta[stem]["kind"], "correct": False, "base": f"keys/{base}",
                     "slip_line": diff[0] + 1, "slip": f"{kind}: {desc}", "slip_kind": kind, "topic": meta[stem]["topic"]})
    with open("manifest.jsonl", "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    print(len(rows), "manifest rows;", len(SLIPS), "slips")

if __name__ == "__main__":
    main()

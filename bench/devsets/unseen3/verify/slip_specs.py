"""The 30 planted slips: where (line located by `old`), what, and an exact witness that the slipped claim is FALSE.
Each witness function returns True when the slipped statement is false at the witness (i.e. the slip is a real error)."""
import sympy as sp
Rn = sp.Rational


def w001():
    K, eps, c = 3, Rn(3, 10), 0
    z = sp.symbols("z1:4"); S = sum(sp.exp(v) for v in z); p = [sp.exp(v) / S for v in z]
    q = [(1 - eps) * (1 if i == c else 0) + eps / K for i in range(K)]
    L = -sum(q[i] * sp.log(p[i]) for i in range(K))
    at = {v: 0 for v in z}
    true = sp.simplify(sp.diff(L, z[c]).subs(at)); claimed = sp.simplify((p[c] - 1 - eps + eps / K).subs(at))
    return true != claimed


def w002():
    z = sp.symbols("z1 z2"); s1 = 1 / (1 + sp.exp(-z[0]))
    true = sp.diff(s1, z[1]).subs({z[0]: 0, z[1]: 0}); claimed = (s1 * (1 - s1)).subs(z[0], 0)
    return true == 0 and claimed == Rn(1, 4)


def w003():
    d = 4; q = sp.Matrix(sp.symbols("q1:5")); K = sp.Matrix([[2, 1, 0, 1]]); g = sp.Matrix([1])
    L = (g.T * K * q)[0] / sp.sqrt(d)
    true = sp.Matrix([sp.diff(L, v) for v in q]); claimed = K.T * g
    return true != claimed


def w004():
    W = sp.Matrix(2, 2, sp.symbols("a b c d")); x = sp.Matrix([1, 0]); y = sp.Matrix([0, 1])
    r = W * x - y; f = (r.T * r)[0]
    G = sp.Matrix(2, 2, lambda k, l: sp.diff(f, W[k, l])).subs({s: 0 for s in W})
    r0 = -y
    return G == 2 * r0 * x.T and G != 2 * x * r0.T


def w005():
    A = sp.Matrix([[1, 2], [3, 4]]); x = sp.Matrix([1, -1]); y = sp.Matrix(sp.symbols("y1 y2"))
    f = (x.T * A * y)[0]
    return sp.Matrix([sp.diff(f, v) for v in y]) != A * x


def w006():
    W2 = sp.Matrix([[1, 2], [3, 4]]); a = sp.Matrix(sp.symbols("a1 a2")); t = sp.Matrix(sp.symbols("t1 t2"))
    e = W2 * a - t; L = Rn(1, 2) * (e.T * e)[0]
    sub = dict(zip(list(t), list(W2 * sp.Matrix([0, 0]) - sp.Matrix([1, 0])))); sub.update({a[0]: 0, a[1]: 0})
    ev = e.subs(sub)  # e = (1, 0)
    true = sp.diff(L, a[1]).subs(sub); claimed = sum(W2[1, i] * ev[i] for i in range(2))
    return list(ev) == [1, 0] and true == 2 and claimed == 3


def w007():
    z = sp.symbols("z1 z2"); S = sp.exp(z[0]) + sp.exp(z[1]); p1 = sp.exp(z[0]) / S
    at = {z[0]: 0, z[1]: 0}
    return sp.simplify(sp.diff(sp.log(p1), z[0]).subs(at)) == Rn(1, 2) and sp.simplify(sp.diff(p1, z[0]).subs(at)) == Rn(1, 4)


def w008():
    x = sp.Symbol("x"); beta = 2
    true = sp.diff(sp.log(1 + sp.exp(beta * x)), x).subs(x, 0); claimed = (1 / (1 + sp.exp(-beta * x))).subs(x, 0)
    return sp.simplify(true) == 1 and claimed == Rn(1, 2)


def w009():
    z = sp.symbols("z1 z2"); S = sum(sp.exp(v) for v in z)
    H = sp.hessian(sp.log(S), z).subs({z[0]: 0, z[1]: 0})
    p = sp.Matrix([Rn(1, 2), Rn(1, 2)])
    claimed = sp.diag(*p) - (p.T * p)[0] * sp.eye(2)
    return sp.simplify(H) != claimed


def w010():
    R = lambda t: sp.Matrix([[sp.cos(t), -sp.sin(t)], [sp.sin(t), sp.cos(t)]])
    th, m, n = sp.pi / 2, 1, 0; q = sp.Matrix([1, 0]); k = sp.Matrix([0, 1])
    lhs = ((R(m * th) * q).T * (R(n * th) * k))[0]; claimed = (q.T * R((m - n) * th) * k)[0]
    return lhs == 1 and claimed == -1


def w011():
    b1, mu, t = Rn(1, 2), 1, 1
    Em = (1 - b1) * mu  # E m_1
    claimed = (1 - b1) * mu * sum(b1**(t - s) for s in range(0, t + 1))
    return Em == Rn(1, 2) and claimed == Rn(3, 4)


def w012():
    al = 1
    # exact sign model F = r*sqrt(alpha)*x, r = +-1 fair: s_1 = E(1 + r)^2 s_0 = 2 s_0
    s1 = sum((1 + r * sp.sqrt(al))**2 for r in (1, -1)) / 2
    return s1 == 2 and (1 + al)**(1 + 1) == 4


def w013():
    z = [sp.Integer(2), sp.Integer(1), Rn(1, 10)]; S = sum(sp.exp(v) for v in z)
    from common import rounds_to
    return rounds_to(sp.E / S, "0.2424") and not rounds_to(sp.E / S, "0.2425")


def w014():
    # y = w x with w = -1, Var(x) = 1 (x = +-1 fair): Var(y) = 1, claimed w Var(x) = -1
    vals = [(-1, Rn(1, 2)), (1, Rn(1, 2))]; w = -1
    var = sum(p * (w * v)**2 for v, p in vals) - sum(p * w * v for v, p in vals)**2
    return var == 1 and w * 1 == -1


def w015():
    d_in = 2048  # rebound value
    return Rn(2, d_in) == Rn(9765625, 10**10) and Rn(2, d_in) != Rn(390625, 10**8) and sp.sqrt(Rn(2, d_in)) != Rn(1, 16)


def w016():
    m2 = Rn(9, 10) * Rn(2, 100) + Rn(1, 10) * Rn(-1, 10)
    return m2 == Rn(8, 1000) and m2 / Rn(19, 100) != Rn(2, 100) / Rn(19, 100)


def w017():
    from common import rounds_to
    s = [2, 1, -1]; S = sum(sp.exp(v) for v in s); a = [sp.exp(v) / S for v in s]
    out = a[0] * 1 + a[1] * 2 + a[2] * 4
    return rounds_to(out, "1.3649") and not rounds_to(out, "1.1054")


def w018():
    from common import rounds_to
    v = 3 * sp.cos(Rn(3, 2)) + 4 * sp.sin(Rn(3, 2))
    return rounds_to(v, "4.2022") and not rounds_to(v, "4.2023")


def w019():
    x = sp.Matrix([1, 0]); F = sp.Matrix([1, 0])  # ||F(x)|| = ||x||, L = 1
    return (x + F).norm() == 2 and x.norm() - F.norm() == 0 and not ((x + F).norm() <= x.norm() - F.norm())


def w020():
    d = 2; q = sp.ones(d, 1); k = sp.ones(d, 1)
    return (q.T * k)[0] == d and q.norm() * k.norm() == d and not (d < q.norm() * k.norm())


def w021():
    dl, n = -4, 3
    return not ((1 + dl)**n >= 1 + n * dl)


def w022():
    x = -2
    return x < -1 and x * (1 + x) == 2 and not (x * (1 + x) < 0) and (x < 0 and 1 + x < 0)


def w023():
    return not (1 / sp.Integer(-1) > 0)


def w024():
    x = -1
    return max(0, x) == 0 and max(0, x) != x and max(0, -x) == 1 != 0


def w025():
    m = sp.Symbol("m")
    p = 2  # m = 0
    return sp.expand((3 * m + 2)**2 - (3 * (3 * m**2 + 4 * m) + 2)) != 0 and p * p % 3 == 1


def w026():
    w = sp.Integer(-2)
    return 2 * w**3 - 3 * w**2 - 11 * w + 6 == 0 and -16 - 12 + 22 + 6 == 0


def w027():
    x, n = -3, 2
    return not ((1 + x)**n <= sp.exp(n * x))


def w028():
    a, b = sp.symbols("a b"); w = sp.exp(a) / (sp.exp(a) + sp.exp(b))
    return sp.simplify(sp.diff(w, b).subs({a: 0, b: 0})) == -Rn(1, 4)


def w029():
    from common import rounds_to
    v = Rn(9, 10)**44
    return v <= Rn(1, 100) and not (v > Rn(1, 100)) and not rounds_to(v, "0.010775")


def w030():
    z = [0, 0]; n = 2; M = 0; S = sum(sp.exp(v) for v in z)
    return S == 2 and not (S <= (n - 1) * sp.exp(M)) and not (sp.log(S) <= M + sp.log(n - 1))


SPECS = [
 dict(n="001", base="keys/001_ce_label_smoothing.md", kind="symbolic", topic="cross-entropy gradient with label smoothing", slip_kind="sign",
      old="$p_c - 1 + \\varepsilon - \\varepsilon/K$", new="$p_c - 1 - \\varepsilon + \\varepsilon/K$", w=w001,
      desc="true-class gradient component written p_c - 1 - eps + eps/K (signs of both smoothing terms flipped); true value is p_c - 1 + eps - eps/K. Witness K=3, eps=0.3, z=0, c=1: true -7/15, claimed -13/15."),
 dict(n="002", base="keys/002_sigmoid_jacobian.md", kind="symbolic", topic="Jacobian of entry-wise sigmoid", slip_kind="index",
      old="\\sigma(z_i)(1 - \\sigma(z_i))\\,\\delta_{ij}$", new="\\sigma(z_i)(1 - \\sigma(z_i))$", w=w002,
      desc="Kronecker delta dropped from the Jacobian entry ds_i/dz_j; false off the diagonal. Witness n=2, z=(0,0), i=1, j=2: true 0, claimed 1/4."),
 dict(n="003", base="keys/003_scaled_dot_score.md", kind="symbolic", topic="Jacobian of scaled dot-product scores", slip_kind="factor",
      old="$\\nabla_q L = \\frac{1}{\\sqrt d} K^\\top g$", new="$\\nabla_q L = K^\\top g$", w=w003,
      desc="1/sqrt(d) dropped from grad_q L. Witness d=4, n=1, k_1=(2,1,0,1), g=1: true (1,1/2,0,1/2), claimed (2,1,0,1)."),
 dict(n="004", base="keys/004_least_squares_grad.md", kind="symbolic", topic="gradient of ||Wx - y||^2", slip_kind="transpose",
      old="$\\nabla_W f = 2 (Wx - y) x^\\top$", new="$\\nabla_W f = 2 x (Wx - y)^\\top$", w=w004,
      desc="outer product transposed: 2 x r^T instead of 2 r x^T (also the wrong shape n x m when m != n). Witness W=0, x=(1,0), y=(0,1): true [[0,0],[-2,0]], claimed [[0,-2],[0,0]]."),
 dict(n="005", base="keys/005_bilinear_grad.md", kind="symbolic", topic="gradient of a bilinear form x^T A y", slip_kind="transpose",
      old="$\\nabla_y f = A^\\top x$.", new="$\\nabla_y f = A x$.", w=w005,
      desc="transpose dropped: grad_y x^T A y written A x instead of A^T x. Witness A=[[1,2],[3,4]], x=(1,-1): true (-2,-2), claimed (-1,-1)."),
 dict(n="006", base="keys/006_mlp_relu_backprop.md", kind="symbolic", topic="backward pass of a two-layer ReLU MLP in index notation", slip_kind="index",
      old="\\sum_{i=1}^{m} W^{(2)}_{ij}\\, e_i$", new="\\sum_{i=1}^{m} W^{(2)}_{ji}\\, e_i$", w=w006,
      desc="indices of W^(2) swapped in dL/da_j (W_ji instead of W_ij). Witness m=H=2, W2=[[1,2],[3,4]], e=(1,0): true dL/da_2 = 2, claimed 3."),
 dict(n="007", base="keys/007_log_softmax_deriv.md", kind="symbolic", topic="derivative of log-softmax", slip_kind="chain-rule",
      old="\\frac{1}{p_i}\\frac{\\partial p_i}{\\partial z_j} = \\delta_{ij} - p_j", new="\\frac{\\partial p_i}{\\partial z_j} = \\delta_{ij} - p_j", w=w007,
      desc="chain-rule factor 1/p_i (derivative of log) dropped: d l_i/dz_j set equal to dp_i/dz_j. Witness n=2, z=(0,0), i=j=1: d l_1/dz_1 = 1/2 but dp_1/dz_1 = 1/4."),
 dict(n="008", base="keys/008_softplus.md", kind="symbolic", topic="softplus and its derivative", slip_kind="chain-rule",
      old="$\\frac{d}{dx} f(\\beta x) = \\beta\\, \\sigma(\\beta x)$", new="$\\frac{d}{dx} f(\\beta x) = \\sigma(\\beta x)$", w=w008,
      desc="inner-derivative factor beta dropped. Witness beta=2, x=0: true 1, claimed 1/2."),
 dict(n="009", base="keys/009_lse_hessian.tex", kind="symbolic", topic="Hessian of log-sum-exp", slip_kind="transpose",
      old="\\operatorname{diag}(p) - p p^\\top$.", new="\\operatorname{diag}(p) - p^\\top p$.", w=w009,
      desc="outer product p p^T replaced by inner product p^T p. Witness n=2, z=(0,0): true Hessian [[1/4,-1/4],[-1/4,1/4]], claimed diag(1/2,1/2) - (1/2) I = 0."),
 dict(n="010", base="keys/010_rope_rotation.md", kind="symbolic", topic="RoPE 2x2 rotation, relative position", slip_kind="sign",
      old="= q^\\top R((n - m)\\theta)\\, k", new="= q^\\top R((m - n)\\theta)\\, k", w=w010,
      desc="offset sign flipped: R((m-n)theta) instead of R((n-m)theta). Witness theta=pi/2, m=1, n=0, q=(1,0), k=(0,1): LHS 1, claimed -1."),
 dict(n="011", base="keys/011_adam_bias_correction.md", kind="symbolic", topic="Adam bias correction", slip_kind="bound",
      old="\\mathbb E[m_t] = (1 - \\beta_1)\\,\\mu \\sum_{s=1}^{t}", new="\\mathbb E[m_t] = (1 - \\beta_1)\\,\\mu \\sum_{s=0}^{t}", w=w011,
      desc="lower summation bound off by one (s=0 instead of s=1) in E[m_t]; adds a spurious beta_1^t term. Witness t=1, beta_1=1/2, mu=1: E[m_1]=1/2, claimed 3/4."),
 dict(n="012", base="keys/012_residual_second_moment.md", kind="symbolic", topic="second moment of a residual stream after n blocks", slip_kind="bound",
      old="$s_n = (1 + \\alpha)^{n} s_0$", new="$s_n = (1 + \\alpha)^{n+1} s_0$", w=w012,
      desc="exponent off by one: (1+alpha)^(n+1). Witness n=1, alpha=1 (exact model F = +-sqrt(alpha) x): s_1 = 2 s_0, claimed 4 s_0."),
 dict(n="013", base="keys/013_softmax_ce_numeric.md", kind="numeric", topic="softmax and cross-entropy, numeric", slip_kind="rounding",
      old="\\approx (0.6590, 0.2424, 0.0986)", new="\\approx (0.6590, 0.2425, 0.0986)", w=w013,
      desc="last digit of p_2 off by one: e/S = 0.242433... rounds to 0.2424, not 0.2425."),
 dict(n="014", base="keys/014_variance_of_sum.md", kind="numeric", topic="variance of a sum of independent terms", slip_kind="factor",
      old="\\sum_{i=1}^{n} w_i^2 \\operatorname{Var}(x_i)$", new="\\sum_{i=1}^{n} w_i \\operatorname{Var}(x_i)$", w=w014,
      desc="square on the weights dropped (one factor w_i lost). Witness n=1, w=-1, x=+-1: Var(y)=1, claimed -1."),
 dict(n="015", base="keys/015_he_xavier_init.md", kind="numeric", topic="He and Xavier initialisation variances", slip_kind="rebound",
      old="$2 / d_{\\text{in}} = 2/2048 = 0.0009765625$, with standard deviation exactly $1/32 = 0.03125$", new="$2 / d_{\\text{in}} = 2/512 = 0.00390625$, with standard deviation exactly $1/16 = 0.0625$", w=w015,
      desc="He variance of the second matrix computed with the old d_in = 512 after d_in was rebound to 2048: 2/d_in = 2/2048 = 0.0009765625, not 0.00390625 (std 1/32, not 1/16)."),
 dict(n="016", base="keys/016_adam_two_steps.md", kind="numeric", topic="two Adam steps by hand", slip_kind="rebound",
      old="$\\hat m_2 = 0.008 / 0.19 \\approx 0.042105$", new="$\\hat m_2 = 0.02 / 0.19 \\approx 0.105263$", w=w016,
      desc="m-hat_2 computed with the old m_1 = 0.02 instead of m_2 = 0.008: true value 0.008/0.19 = 0.042105..., claimed 0.105263."),
 dict(n="017", base="keys/017_attention_head_numeric.md", kind="numeric", topic="one attention head by hand", slip_kind="factor",
      old="0.7054 + 0.5190 + 0.1405 \\approx 1.3649", new="0.7054 + 0.2595 + 0.1405 \\approx 1.1054", w=w017,
      desc="value factor v_2 = 2 dropped from the second term (0.2595 instead of 2*0.2595 = 0.5190), so a^T v is claimed 1.1054; true 1.36485..."),
 dict(n="018", base="keys/018_rope_numeric.md", kind="numeric", topic="RoPE rotation, numeric", slip_kind="rounding",
      old="\\approx 4.2022", new="\\approx 4.2023", w=w018,
      desc="last digit of the score off by one: 3cos1.5 + 4sin1.5 = 4.202191... rounds to 4.2022, not 4.2023."),
 dict(n="019", base="keys/019_triangle_residual.md", kind="proof", topic="triangle-inequality chain for ||x + F(x)||", slip_kind="reversed",
      old="gives $\\|x + F(x)\\|_2 \\ge \\|x\\|_2 - \\|F(x)\\|_2$", new="gives $\\|x + F(x)\\|_2 \\le \\|x\\|_2 - \\|F(x)\\|_2$", w=w019,
      desc="reverse triangle inequality written with <= instead of >=. Witness x=(1,0), F(x)=(1,0): 2 <= 0 is false."),
 dict(n="020", base="keys/020_cauchy_schwarz_qk.md", kind="proof", topic="Cauchy-Schwarz bound for |q.k|", slip_kind="reversed",
      old="$q^\\top k = d = \\|q\\|_2 \\|k\\|_2$", new="$q^\\top k = d < \\|q\\|_2 \\|k\\|_2$", w=w020,
      desc="strict < written at an equality case of Cauchy-Schwarz: for q = k = 1, ||q|| ||k|| = d exactly. Witness d=2: 2 < 2 false."),
 dict(n="021", base="keys/021_bernoulli.md", kind="proof", topic="Bernoulli's inequality (1+delta)^n", slip_kind="lemma-condition",
      old="every real $\\delta \\ge -1$, $(1 + \\delta)^n", new="every real $\\delta$, $(1 + \\delta)^n", w=w021,
      desc="hypothesis delta >= -1 dropped: lemma claimed for every real delta. Witness delta=-4, n=3: -27 >= -11 false."),
 dict(n="022", base="keys/022_exp_quadratic_bound.tex", kind="proof", topic="bound e^x <= 1 + x + x^2 for x <= 1, by cases", slip_kind="case",
      old="$x + x^2 = x(1 + x) > 0$ because both factors are negative", new="$x + x^2 = x(1 + x) < 0$ because the factors have opposite signs", w=w022,
      desc="Case 2 (x < -1) conclusion false in that case: both x and 1+x are negative so x(1+x) > 0. Witness x=-2: x(1+x) = 2."),
 dict(n="023", base="keys/023_xlogx_convex.md", kind="proof", topic="convexity of x log x via its second derivative", slip_kind="lemma-condition",
      old="$f''(x) = \\frac{1}{x} > 0$ for every $x > 0$", new="$f''(x) = \\frac{1}{x} > 0$ for every real $x \\ne 0$", w=w023,
      desc="positivity of 1/x claimed for every real x != 0; holds only for x > 0. Witness x=-1: 1/x = -1."),
 dict(n="024", base="keys/024_relu_cases.md", kind="proof", topic="ReLU identities by cases on the sign", slip_kind="case",
      old="so $\\operatorname{relu}(x) = 0$ and $\\operatorname{relu}(-x) = -x$", new="so $\\operatorname{relu}(x) = x$ and $\\operatorname{relu}(-x) = 0$", w=w024,
      desc="Case 2 (x < 0) conclusion copied from Case 1, false there. Witness x=-1: relu(-1)=0 != -1 and relu(1)=1 != 0."),
 dict(n="025", base="keys/025_sqrt3_irrational.md", kind="proof", topic="sqrt 3 irrational, by contradiction", slip_kind="case",
      old="$p^2 = 9m^2 + 12m + 4 = 3(3m^2 + 4m + 1) + 1$, which again leaves remainder $1$", new="$p^2 = 9m^2 + 12m + 4 = 3(3m^2 + 4m) + 2$, which leaves remainder $2$", w=w025,
      desc="case p = 3m+2 concludes remainder 2; in fact 9m^2+12m+4 = 3(3m^2+4m+1)+1. Witness m=0: p^2 = 4 leaves remainder 1."),
 dict(n="026", base="keys/026_candidate_roots.md", kind="proof", topic="trial of candidate rational roots", slip_kind="trial",
      old="$g(-2) = -16 - 12 + 22 + 6 = 0$, so $w = -2$ is a root.", new="$g(-2) = -16 - 12 + 22 + 6 = 4 \\ne 0$, so $w = -2$ fails.", w=w026,
      desc="candidate w=-2 rejected although it works: -16-12+22+6 = 0, so g(-2) = 0."),
 dict(n="027", base="keys/027_forall_real.md", kind="proof", topic="'for every real x' claims (e^x >= 1+x and powers)", slip_kind="lemma-condition",
      old="**(c) Powers.** If $1 + x \\ge 0$, raising", new="**(c) Powers.** For every real $x$, raising", w=w027,
      desc="(1+x)^n <= e^(nx) claimed for every real x; needs 1+x >= 0. Witness x=-3, n=2: 4 <= e^-6 false."),
 dict(n="028", base="keys/028_monotone_two_vars.md", kind="proof", topic="monotonicity of a softmax weight in two variables", slip_kind="sign",
      old="$\\frac{\\partial w}{\\partial b} = -\\sigma'(a - b) = -w(1 - w) < 0$", new="$\\frac{\\partial w}{\\partial b} = \\sigma'(a - b) = w(1 - w) > 0$", w=w028,
      desc="sign of dw/db flipped. Witness a=b=0: dw/db = -1/4, claimed +1/4."),
 dict(n="029", base="keys/029_adam_correction_trial.md", kind="proof", topic="smallest t with Adam correction within 1%, trials", slip_kind="trial",
      old="Try $t = 43$: $0.9^{43} \\approx 0.010775 > 0.01$, so $t = 43$ fails as well.", new="Try $t = 44$: $0.9^{44} \\approx 0.010775 > 0.01$, so $t = 44$ fails as well.", w=w029,
      desc="trial t=44 rejected although it works: 0.9^44 = 0.009697... <= 0.01 (0.010775 is 0.9^43)."),
 dict(n="030", base="keys/030_lse_bounds.md", kind="proof", topic="log-sum-exp between max and max + log n", slip_kind="bound",
      old="\\le n\\, e^{M}$ and $\\operatorname{LSE}(z) \\le M + \\log n$", new="\\le (n - 1)\\, e^{M}$ and $\\operatorname{LSE}(z) \\le M + \\log (n - 1)$", w=w030,
      desc="count of terms off by one (n-1 instead of n). Witness z=(0,0): sum = 2 <= 1 false, LSE = log 2 <= 0 false."),
]

"""For every planted slip: the slipped file differs from its base in exactly the stated line,
and the claim made on that line is false (asserted below)."""
from sympy import *
import numpy as np, math, mpmath
rng = np.random.default_rng(12345)


def opn(A):
    """spectral (operator 2-) norm"""
    return np.linalg.norm(A, 2)


def check(cond, msg="check failed"):
    if not bool(cond):
        raise AssertionError(msg)

import json, os
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def slip_001_trial_quadratic():
    # line 5: 'Try $x = 3$: $3^2 + 3 = 12$, so $x = 3$ fails.'
    check(3**2 + 3 == 12)  # the trial succeeds, so 'fails' is false

def slip_002_trial_egyptian():
    # line 4: 'Trying $1 = \\frac12 + \\frac14 + \\frac15$ gives $\\frac{10 + 5 + 4}{20} = \\frac{17}{20}$, not 1.'
    check(Rational(10+5+4,20) != Rational(17,20))

def slip_003_trial_square_bound():
    # line 6: 'Since $b^2$ increases for $b \\ge 0$, every $b \\ge 5$ fails too, and the answer is $b = 5$.'
    check(5**2 < 30)  # b=5 satisfies b^2<30, so 'every b>=5 fails' is false

def slip_004_trial_softmax_temperature():
    # line 7: 'In general $p(T) \\ge 0.9$ iff $e^{-2/T} \\le \\frac19$ iff $T \\ge \\frac{2}{\\ln 9} \\approx 0.9102$.'
    check(1 >= 2/math.log(9) and 1/(1+math.exp(-2)) < 0.9)  # T=1 meets T>=2/ln9 but p(1)<0.9

def slip_005_trial_gd_step_size():
    # line 4: 'It converges for every $w_0$ iff $|1 - 4\\eta| < 1$, i.e. $0 < \\eta < 1$.'
    check(0 < 0.6 < 1 and abs(1 - 4*0.6) >= 1)  # eta=0.6 lies in (0,1) but diverges

def slip_006_trial_euler_prime_polynomial():
    # line 5: 'Try $n = 10$: $10^2 + 10 + 41 = 161$, which is prime.'
    check(10**2 + 10 + 41 != 161)

def slip_007_trial_perfect_number():
    # line 4: 'Try $n = 12$: $1 + 2 + 3 + 4 + 6 = 15 \\ne 12$, so $12$ is not perfect.'
    check(1 + 2 + 3 + 4 + 6 != 15)

def slip_008_trial_norm_equivalence():
    # line 4: 'Try $c = 1$: $x = (1, 1, 1, 1)$ has $\\|x\\|_2 = 4 > 1 = \\|x\\|_\\infty$, so $c = 1$ fails.'
    check(not np.isclose(np.linalg.norm(np.ones(4)), 4))

def slip_009_trial_cubic_root():
    # line 7: 'Dividing, $p(x) = (x - 1)(x^2 - 5x - 6) = (x - 1)(x - 2)(x - 3)$.'
    x = symbols('x'); check(expand((x-1)*(x**2-5*x-6) - (x**3-6*x**2+11*x-6)) != 0)

def slip_010_trial_batch_size():
    # line 6: 'Try $B = 28$: $4 + 0.7 \\cdot 28 = 23.6 \\le 24$, so $B = 28$ fails.'
    check(4 + Rational(7,10)*28 <= 24)  # B=28 fits, so 'fails' is false

def slip_011_case_abs_equation():
    # line 5: 'Case 2: $t < 1$. Then $|t - 1| = 1 - t$, so $1 - t = 3$ and $t = -4$, which satisfies $t < 1$.'
    check(1 - (-4) != 3)

def slip_012_case_square_mod4():
    # line 5: 'If $n$ is odd, $n = 2k + 1$ and $n^2 = 4k^2 + 2k + 1 \\equiv 1 \\pmod 4$.'
    k = symbols('k'); check(expand((2*k+1)**2 - (4*k**2 + 2*k + 1)) != 0)

def slip_013_case_suppose_then_solve():
    # line 7: 'So instead we solve $4y = 10$ directly: $y = \\frac{10}{4} = 2.4$.'
    check(Rational(10,4) != Rational(24,10))

def slip_014_case_relu_lipschitz():
    # line 6: 'Case 2: $a \\ge 0 > b$. Then $|\\mathrm{ReLU}(a) - \\mathrm{ReLU}(b)| = a \\ge a - b = |a - b|$, since $-b > 0$.'
    a, b = 1.0, -1.0; check(not (a >= a - b))  # 1 >= 2 is false

def slip_015_case_layernorm_two_entries():
    # line 3: 'Apply LayerNorm with $\\varepsilon = 0$ to $x = (x_1, x_2)$: $\\mu = \\frac{x_1 + x_2}{2}$ and $\\sigma^2 = \\frac{(x_1 - \\mu)^2 + (x_2 - \\mu)^2}{2} = \\frac{(x_1 - x_2)^2}{2}$.'
    x1, x2 = symbols('x1 x2'); mu=(x1+x2)/2; check(simplify(((x1-mu)**2+(x2-mu)**2)/2 - (x1-x2)**2/2) != 0)

def slip_016_case_floor_duplication():
    # line 5: 'Case 2: $\\frac12 \\le r < 1$. Then $1 \\le 2r < 2$, so $\\lfloor 2x \\rfloor = 2m + 2$, and $\\lfloor x \\rfloor + \\lfloor x + \\frac12 \\rfloor = m + (m + 1) = 2m + 1$.'
    check(floor(2*Rational(3,4)) != 0*2 + 2)  # m=0, r=3/4

def slip_017_case_cube_minus_n():
    # line 6: 'Case $n \\equiv 2 \\pmod 3$: the factor $n - 1 \\equiv 0 \\pmod 3$.'
    check((2 - 1) % 3 != 0)

def slip_018_case_huber_gradient():
    # line 4: 'At $|r| = 1$ the two pieces agree: $\\frac12 \\cdot 1^2 = 1 = 1 - \\frac12$, and their slopes agree too ($r = \\pm 1$).'
    check(Rational(1,2)*1**2 != 1)

def slip_019_case_max_formula():
    # line 5: 'Case 2: $a < b$. Then $|a - b| = a - b$, and the right side is $\\frac{a + b + b - a}{2} = b = \\max(a, b)$.'
    check(Abs(0 - 1) != 0 - 1)

def slip_020_contra_sqrt2():
    # line 9: 'q^2 &= 4r^2'
    r = symbols('r', positive=True); check(simplify(4*r**2/2 - 4*r**2) != 0)

def slip_021_contra_infinitely_many_primes():
    # line 6: 'Note that $N$ need not itself be prime: $2 \\cdot 3 \\cdot 5 \\cdot 7 \\cdot 11 \\cdot 13 + 1 = 30031 = 59 \\cdot 519$.'
    check(59*519 != 30031)

def slip_022_contra_log2_3():
    # line 3: 'First, $1 < \\log_2 3 < \\frac32$ because $2 < 3 < 2^{3/2}$.'
    check(N(2**Rational(3,2)) < 3 and N(log(3,2)) > 1.5)

def slip_023_contra_softmax_never_one():
    # line 3: 'Let $z \\in \\mathbb R^n$ with $n \\ge 1$ and $\\mathrm{softmax}(z)_i = e^{z_i}/\\sum_{j=1}^n e^{z_j}$.'
    check(exp(Integer(0))/exp(Integer(0)) == 1)  # n=1: softmax(z)_1 = 1, no contradiction

def slip_024_contra_bottleneck_rank():
    # line 4: 'Since $\\operatorname{rank}(AB) \\ge \\min(\\operatorname{rank} A, \\operatorname{rank} B)$ and $A$ has only $2$ columns,'
    A = Matrix([[1,0],[0,0],[0,0]]); B = Matrix([[0,0,0],[1,0,0]]); check((A*B).rank() < min(A.rank(), B.rank()))

def slip_025_contra_harmonic_divergence():
    # line 4: 'For $j \\ge 1$ the block $\\sum_{k = 2^{j-1} + 1}^{2^j} \\frac1k$ has $2^{j-1}$ terms, each at least $\\frac1{2^j}$, so it is at least $2^{j-1} \\cdot \\frac{1}{2^j} = 1$.'
    j = symbols('j'); check(simplify(2**(j-1)/2**j) != 1)

def slip_026_contra_pigeonhole_mod4():
    # line 3: 'Claim: among any $4$ integers, two of them have a difference divisible by $4$.'
    from itertools import combinations; check(all((a-b) % 4 != 0 for a, b in combinations([0,1,2,3], 2)))

def slip_027_contra_contraction_invertible():
    # line 3: 'Let $W$ be a square matrix with $\\|W\\|_2 \\le 1$.'
    W = np.eye(3); check(opn(W) <= 1 and abs(np.linalg.det(np.eye(3) - W)) == 0)

def slip_028_contra_pythagorean_odd_legs():
    # line 5: 'Then $a^2 + b^2 = 4(m^2 + m + n^2 + n) + 1 \\equiv 1 \\pmod 4$.'
    m, n = symbols('m n'); check(expand((2*m+1)**2 + (2*n+1)**2 - (4*(m**2+m+n**2+n) + 1)) != 0)

def slip_029_ineq_residual_product():
    # line 11: '&\\le e^{\\delta^n}.'
    check((1 + Rational(1,2))**2 > exp(Rational(1,2)**2))  # delta=1/2, n=2: 2.25 > e^{0.25}

def slip_030_ineq_numeric_depth_48():
    # line 5: '$$(1 + 0.02)^{48} \\le \\left(e^{0.02}\\right)^{48} = e^{0.096}.$$'
    check(Rational(2,100)*48 != Rational(96,1000)); check(Rational(102,100)**48 > exp(Rational(96,1000)))

def slip_031_ineq_attention_logit_bound():
    # line 5: 'With $R = 4$ and $d = 64$: $R^2/\\sqrt d = 16/64 = \\frac14$, so every $s_j \\in [-2, 2]$.'
    check(Integer(16)/sqrt(64) != Rational(1,4))

def slip_032_ineq_amgm_step_size():
    # line 6: 'Equality in AM–GM needs $\\frac{D^2}{2\\eta} = \\frac{\\eta G^2 T}{2}$, i.e. $\\eta = \\frac{G}{D\\sqrt T}$.'
    D, G, T = 1, 2, 4; e_ = G/(D*math.sqrt(T)); check(not math.isclose(D**2/(2*e_), e_*G**2*T/2))

def slip_033_ineq_bernoulli_decay():
    # line 4: 'With $x = -0.01$ and $n = 50$: $0.99^{50} \\ge 1 - 0.05 = 0.95$.'
    check(Rational(99,100)**50 < Rational(95,100) and 50*Rational(-1,100) != Rational(-5,100))

def slip_034_ineq_reverse_triangle_update():
    # line 4: "By the reverse triangle inequality, $\\|W\\| - \\|W'\\| \\ge \\|W - W'\\|$, hence $\\|W'\\| \\le 2 - 0.1 = 1.9$."
    W = 2*np.eye(2); Wp = 2.05*np.eye(2); check(not (opn(W) - opn(Wp) >= opn(W - Wp)) and opn(Wp) > 1.9)

def slip_035_ineq_jensen_logsumexp():
    # line 4: "By Jensen's inequality for the convex function $\\exp$, $\\frac1n\\sum_j e^{z_j} \\ge e^{\\bar z}$; taking logs, $\\operatorname{LSE}(z) \\le \\bar z + \\log n$."
    check(N(log(1 + E + E**2)) > N(1 + log(3)))  # z=(0,1,2) violates LSE <= mean + log n

def slip_036_ineq_gradient_clipping():
    # line 7: 'So clipping at $c = 1$ never changes the gradient in this region.'
    g = np.array([3.0])*0.5; check(np.linalg.norm(g) > 1)  # X=[[3]], residual 0.5: ||grad|| = 1.5 > 1

def slip_037_ineq_lipschitz_residual_block():
    # line 5: 'The residual block $g(x) = x + W_2W_1x = (I + W_2W_1)x$ then has, by the triangle inequality and $\\|I\\|_2 = 1$, Lipschitz constant at most $\\|W_2W_1\\|_2 \\le 3$.'
    W1 = 2*np.eye(3); W2 = 1.5*np.eye(3); check(opn(np.eye(3) + W2@W1) > 3)

def slip_038_ineq_alternating_exp_minus_one():
    # line 11: 'In particular $0.3670 \\le \\frac{11}{30} \\le e^{-1}$.'
    check(Rational(3670,10000) > Rational(11,30))

def slip_039_ineq_layernorm_entry_bound():
    # line 6: 'Rearranging, $d\\,\\hat x_i^2 \\le d(d - 1)$, so $|\\hat x_i| \\le \\sqrt{d - 2}$.'
    x = np.array([1.0, -1.0]); h = (x - x.mean())/x.std(); check(abs(h[0]) > math.sqrt(2 - 2))

def slip_040_op_star_power_sum():
    # line 5: 'Also $1 \\star n = 1 + n$, and $2 \\star 4 = 2^4 + 4^2 = 16 + 8 = 24$.'
    check(4**2 != 8 and 2**4 + 4**2 != 24)

def slip_041_op_tanh_addition():
    # line 4: 'Then $\\frac12 \\diamond \\frac12 = \\frac{1}{1 + \\frac14} = \\frac34$.'
    check(1/(1 + Rational(1,4)) != Rational(3,4))

def slip_042_op_swish_odd_part():
    # line 5: 'Since $s(t) + s(-t) = \\frac{1}{1 + e^{-t}} + \\frac{e^{-t}}{e^{-t} + 1} = 1$, we get $\\operatorname{sw}_\\beta(x) + \\operatorname{sw}_\\beta(-x) = x\\,s(\\beta x) + x\\,s(-\\beta x) = x$ for all $x$.'
    s = lambda u: 1/(1+math.exp(-u)); check(not math.isclose(1*s(1) + (-1)*s(-1), 1))

def slip_043_op_softmax_values():
    # line 5: 'So $\\operatorname{sm}(z) = (\\frac17, \\frac27, \\frac57)$.'
    check(1 + 2 + 5 != 7 and Rational(1,8) != Rational(1,7))

def slip_044_op_circle_group():
    # line 6: "For $a \\ne -1$ the inverse is $a' = -\\frac{a}{1 - a}$: indeed $a \\circ a' = (1 + a)\\cdot\\frac{1}{1 + a} - 1 = 0$."
    a = Rational(1,2); ai = -a/(1 - a); check(a + ai + a*ai != 0)

def slip_045_op_gcd_lcm():
    # line 5: 'So $12 \\wedge 18 = 2 \\cdot 3 = 6$ and $12 \\vee 18 = 2^2 \\cdot 3^2 = 72$.'
    check(2**2*3**2 != 72 and lcm(12, 18) != 72)

def slip_046_op_valid_convolution():
    # line 5: 'The output has length $N - K = 3$.'
    check(4 - 2 != 3)

def slip_047_op_hadamard_vs_matmul():
    # line 6: 'Whereas $AB = \\begin{pmatrix} 3 & 4 \\\\ 1 & 2 \\end{pmatrix}$ swaps the columns of $A$.'
    A = Matrix([[1,2],[3,4]]); B = Matrix([[0,1],[1,0]]); check(A*B != Matrix([[3,4],[1,2]]))

def slip_048_op_recurrence_jacobsthal():
    # line 4: 'Then $f(2) = 1 + 0 = 1$, $f(3) = 1 + 2 = 3$, $f(4) = 3 + 2 = 6$, and $f(5) = 5 + 6 = 11$.'
    check(3 + 2 != 6)

def slip_049_rebind_shift_mean():
    # line 5: 'Scale the original instead: $3x = (3, 9)$, and now $\\mu = 6$ and $\\sigma^2 = 3$.'
    check(Rational((3-6)**2 + (9-6)**2, 2) != 3)

def slip_050_rebind_lr_halving():
    # line 7: 'Since $0.1/64 \\approx 0.00156 \\ge 10^{-3}$ and $0.1/128 \\approx 0.00078 < 10^{-3}$, the rate first drops below $10^{-3}$ when $k = 6$.'
    check(Rational(1,10)/2**6 >= Rational(1,1000))

def slip_051_rebind_running_mean():
    # line 7: 'A fourth value $x_4 = 10$ arrives: now $m = 6 + \\frac{10 - 6}{3} = \\frac{22}{3} = \\frac{4 + 8 + 6 + 10}{4}$.'
    check(Rational(22,3) != Rational(4+8+6+10, 4))

def slip_052_rebind_momentum_buffer():
    # line 6: 'After three steps, now $v = 0.9 \\cdot 1.9 + 1 = 1.81 + 1 = 2.81$.'
    check(Rational(9,10)*Rational(19,10) != Rational(181,100))

def slip_053_rebind_residual_stream():
    # line 6: 'Since $\\sqrt5 < 2$, the norm of the stream went down, so it need not grow monotonically with depth.'
    check(not (sqrt(5) < 2))

def slip_054_rebind_euclid_gcd():
    # line 6: 'Since $198 = 3 \\cdot 54 + 46$, now $a = 54$, $b = 46$.'
    check(3*54 + 46 != 198)

def slip_055_rebind_loss_scaling():
    # line 4: 'Before backpropagation the loss is multiplied by $S$: now $L = 0.002 \\cdot 1024 = 20.48$.'
    check(Rational(2,1000)*1024 != Rational(2048,100))

def slip_056_rebind_newton_sqrt2():
    # line 7: 'x &= \\tfrac12\\left(\\tfrac32 + \\tfrac43\\right) = \\tfrac{17}{6}, \\\\'
    check(Rational(1,2)*(Rational(3,2) + Rational(4,3)) != Rational(17,6))

def slip_057_rebind_weight_decay_halving():
    # line 7: 'So $w$ first falls to half its size after $t = 68$ steps.'
    check(Rational(99,100)**68 > Rational(1,2))


def structural():
    """each slip file differs from its base in exactly one line, the manifest's slip_line"""
    rows = [json.loads(l) for l in open(os.path.join(ROOT, "manifest.jsonl"))]
    n = 0
    for r in rows:
        if r["correct"]:
            continue
        a = open(os.path.join(ROOT, r["base"])).read().split("\n")
        b = open(os.path.join(ROOT, r["file"])).read().split("\n")
        diff = [i + 1 for i, (x, y) in enumerate(zip(a, b)) if x != y]
        check(len(a) == len(b) and diff == [r["slip_line"]], r["file"])
        n += 1
    return n


def main():
    fails = 0
    fns = [(k, v) for k, v in globals().items() if k.startswith("slip_") and callable(v)]
    for k, f in fns:
        try:
            f(); print("OK", k)
        except Exception as e:
            fails += 1; print("FAIL", k, type(e).__name__, e)
    n = structural()
    print(f"{len(fns)} slip checks, {fails} failures; {n} slip files structurally checked")
    raise SystemExit(1 if fails else 0)


if __name__ == "__main__":
    main()

# Item definitions: trial and case styles.
# Each item: name, style, lemmas, title, text (markdown body), verify (python),
# slip: dict(old, new, desc, check)  -- check asserts that the slipped line is false.

ITEMS = []


def item(**kw):
    ITEMS.append(kw)


# ---------------------------------------------------------------- TRIAL
item(
    name="trial_quadratic", style="trial", lemmas=["monotonicity"],
    title="A positive root of $x^2 + 3 = 12$",
    text=r"""We look for a positive integer $x$ with $x^2 + 3 = 12$.
Try $x = 2$: $2^2 + 3 = 7 \ne 12$, so $x = 2$ fails.
Try $x = 3$: $3^2 + 3 = 12$, so $x = 3$ works.
Since $x \mapsto x^2 + 3$ is strictly increasing for $x > 0$, $x = 3$ is the only positive solution.
""",
    verify=r"""
check(2**2 + 3 == 7 and 7 != 12)
check(3**2 + 3 == 12)
x = symbols('x', positive=True)
check(solve(Eq(x**2 + 3, 12), x) == [3])
check(diff(x**2 + 3, x).subs(x, Rational(1, 10**6)) > 0)  # 2x > 0 for x > 0
""",
    slip=dict(old=r"Try $x = 3$: $3^2 + 3 = 12$, so $x = 3$ works.",
              new=r"Try $x = 3$: $3^2 + 3 = 12$, so $x = 3$ fails.",
              desc="rejected trial that actually holds ($3^2+3=12$)",
              check="check(3**2 + 3 == 12)  # the trial succeeds, so 'fails' is false"),
)

item(
    name="trial_egyptian", style="trial", lemmas=[],
    title="Three distinct unit fractions summing to 1",
    text=r"""We seek distinct unit fractions $\frac1a + \frac1b + \frac1c = 1$ with $a < b < c$.
Trying $1 = \frac12 + \frac14 + \frac15$ gives $\frac{10 + 5 + 4}{20} = \frac{19}{20}$, not 1.
Trying $1 = \frac12 + \frac13 + \frac17$ gives $\frac{21 + 14 + 6}{42} = \frac{41}{42}$, not 1.
Trying $1 = \frac12 + \frac13 + \frac16$ gives $\frac{3 + 2 + 1}{6} = 1$, which works.
""",
    verify=r"""
R = Rational
check(R(1,2)+R(1,4)+R(1,5) == R(10+5+4,20) == R(19,20) != 1)
check(R(1,2)+R(1,3)+R(1,7) == R(21+14+6,42) == R(41,42) != 1)
check(R(1,2)+R(1,3)+R(1,6) == R(3+2+1,6) == 1)
""",
    slip=dict(old=r"\frac{10 + 5 + 4}{20} = \frac{19}{20}",
              new=r"\frac{10 + 5 + 4}{20} = \frac{17}{20}",
              desc="arithmetic slip: 19/20 written as 17/20",
              check="check(Rational(10+5+4,20) != Rational(17,20))"),
)

item(
    name="trial_square_bound", style="trial", lemmas=["monotonicity"],
    title="Largest integer with square below 30",
    text=r"""We look for the largest integer $b \ge 0$ with $b^2 < 30$.
Try $b = 6$: $6^2 = 36 > 30$, so $b = 6$ fails.
Try $b = 5$: $5^2 = 25 < 30$, so $b = 5$ works.
Since $b^2$ increases for $b \ge 0$, every $b \ge 6$ fails too, and the answer is $b = 5$.
""",
    verify=r"""
check(6**2 == 36 and 36 > 30)
check(5**2 == 25 and 25 < 30)
check(all(b*b >= 30 for b in range(6, 200)))
check(max(b for b in range(0, 200) if b*b < 30) == 5)
""",
    slip=dict(old=r"every $b \ge 6$ fails too",
              new=r"every $b \ge 5$ fails too",
              desc="off-by-one: b = 5 does not fail",
              check="check(5**2 < 30)  # b=5 satisfies b^2<30, so 'every b>=5 fails' is false"),
)

item(
    name="trial_softmax_temperature", style="trial", lemmas=[],
    title="Temperature needed for a confident two-way softmax",
    text=r"""For logits $z = (2, 0)$ and temperature $T > 0$, the top softmax probability is $p(T) = \frac{1}{1 + e^{-2/T}}$.
We want $p(T) \ge 0.9$.
Try $T = 1$: $p(1) = \frac{1}{1 + e^{-2}} \approx 0.8808 < 0.9$, so $T = 1$ fails.
Try $T = 0.5$: $p(0.5) = \frac{1}{1 + e^{-4}} \approx 0.9820 \ge 0.9$, so $T = 0.5$ works.
In general $p(T) \ge 0.9$ iff $e^{-2/T} \le \frac19$ iff $T \le \frac{2}{\ln 9} \approx 0.9102$.
""",
    verify=r"""
T = symbols('T', positive=True)
p = lambda t: 1/(1 + exp(-2/t))
check(simplify(exp(2/T)/(exp(2/T) + 1) - p(T)) == 0)
check(abs(N(p(1)) - 0.8808) < 5e-5 and N(p(1)) < 0.9)
check(abs(N(p(Rational(1,2))) - 0.9820) < 5e-5 and N(p(Rational(1,2))) >= 0.9)
check(abs(N(2/log(9)) - 0.9102) < 5e-5)
# iff: p(T)>=0.9 <=> exp(-2/T) <= 1/9 <=> T <= 2/ln 9 ; check on a grid
for t in np.linspace(0.05, 3, 500):
    a = 1/(1+math.exp(-2/t)) >= 0.9
    b = math.exp(-2/t) <= 1/9 + 1e-15
    c = t <= 2/math.log(9)
    check(a == b == c)
""",
    slip=dict(old=r"iff $T \le \frac{2}{\ln 9} \approx 0.9102$",
              new=r"iff $T \ge \frac{2}{\ln 9} \approx 0.9102$",
              desc="reversed inequality in the solved condition",
              check="check(1 >= 2/math.log(9) and 1/(1+math.exp(-2)) < 0.9)  # T=1 meets T>=2/ln9 but p(1)<0.9"),
)

item(
    name="trial_gd_step_size", style="trial", lemmas=[],
    title="Step sizes for gradient descent on $2w^2$",
    text=r"""Gradient descent on $f(w) = 2w^2$ with step $\eta$ reads $w_{k+1} = w_k - 4\eta w_k = (1 - 4\eta) w_k$.
It converges for every $w_0$ iff $|1 - 4\eta| < 1$, i.e. $0 < \eta < \frac12$.
Try $\eta = 0.6$: $|1 - 2.4| = 1.4 > 1$, so $\eta = 0.6$ fails.
Try $\eta = 0.5$: $|1 - 2| = 1$, which is not $< 1$, so $\eta = 0.5$ fails as well (the iterates are $w_0, -w_0, w_0, \dots$).
Try $\eta = 0.2$: $|1 - 0.8| = 0.2 < 1$, so $\eta = 0.2$ works.
""",
    verify=r"""
w, eta = symbols('w eta', real=True)
f = 2*w**2
check(expand(w - eta*diff(f, w) - (1 - 4*eta)*w) == 0)
sol = solve_univariate_inequality(Abs(1 - 4*eta) < 1, eta, relational=False)
check(sol == Interval.open(0, Rational(1, 2)))
check(Abs(1 - Rational(24,10)) == Rational(14,10) and Rational(14,10) > 1)
check(Abs(1 - 2) == 1)
check(Abs(1 - Rational(8,10)) == Rational(2,10) and Rational(2,10) < 1)
check(1 - 4*Rational(1,2) == -1)
""",
    slip=dict(old=r"i.e. $0 < \eta < \frac12$",
              new=r"i.e. $0 < \eta < 1$",
              desc="wrong constant in the step-size range",
              check="check(0 < 0.6 < 1 and abs(1 - 4*0.6) >= 1)  # eta=0.6 lies in (0,1) but diverges"),
)

item(
    name="trial_euler_prime_polynomial", style="trial", lemmas=[],
    title="Is $n^2 + n + 41$ always prime?",
    text=r"""Is $n^2 + n + 41$ prime for every integer $n \ge 0$?
Try $n = 1$: $1 + 1 + 41 = 43$, which is prime.
Try $n = 10$: $10^2 + 10 + 41 = 151$, which is prime.
Try $n = 40$: $40^2 + 40 + 41 = 1681 = 41^2$, which is not prime.
So the claim fails at $n = 40$.
""",
    verify=r"""
check(1 + 1 + 41 == 43 and isprime(43))
check(10**2 + 10 + 41 == 151 and isprime(151))
check(40**2 + 40 + 41 == 1681 == 41**2 and not isprime(1681))
""",
    slip=dict(old=r"$10^2 + 10 + 41 = 151$",
              new=r"$10^2 + 10 + 41 = 161$",
              desc="arithmetic slip: 151 written as 161",
              check="check(10**2 + 10 + 41 != 161)"),
)

item(
    name="trial_perfect_number", style="trial", lemmas=[],
    title="Searching for a perfect number",
    text=r"""A positive integer is perfect if it equals the sum of its divisors below itself.
Try $n = 12$: $1 + 2 + 3 + 4 + 6 = 16 \ne 12$, so $12$ is not perfect.
Try $n = 20$: $1 + 2 + 4 + 5 + 10 = 22 \ne 20$, so $20$ is not perfect.
Try $n = 28$: $1 + 2 + 4 + 7 + 14 = 28$, so $28$ is perfect.
""",
    verify=r"""
pd = lambda n: sum(d for d in divisors(n) if d < n)
check(divisors(12)[:-1] == [1,2,3,4,6] and pd(12) == 16 != 12)
check(divisors(20)[:-1] == [1,2,4,5,10] and pd(20) == 22 != 20)
check(divisors(28)[:-1] == [1,2,4,7,14] and pd(28) == 28)
""",
    slip=dict(old=r"$1 + 2 + 3 + 4 + 6 = 16 \ne 12$",
              new=r"$1 + 2 + 3 + 4 + 6 = 15 \ne 12$",
              desc="arithmetic slip in a rejected trial: 16 written as 15",
              check="check(1 + 2 + 3 + 4 + 6 != 15)"),
)

item(
    name="trial_norm_equivalence", style="trial", lemmas=["norm_equivalence"],
    title="Best constant in $\\|x\\|_2 \\le c\\|x\\|_\\infty$ on $\\mathbb R^4$",
    text=r"""We want the smallest $c$ with $\|x\|_2 \le c\,\|x\|_\infty$ for all $x \in \mathbb R^4$.
Try $c = 1$: $x = (1, 1, 1, 1)$ has $\|x\|_2 = 2 > 1 = \|x\|_\infty$, so $c = 1$ fails.
Try $c = 2$: $\|x\|_2^2 = \sum_{i=1}^4 x_i^2 \le 4\|x\|_\infty^2$, so $\|x\|_2 \le 2\|x\|_\infty$ and $c = 2$ works.
The example $x = (1,1,1,1)$ attains equality, so $c = 2$ is the smallest constant.
""",
    verify=r"""
x = np.ones(4)
check(np.isclose(np.linalg.norm(x, 2), 2) and np.linalg.norm(x, np.inf) == 1)
for _ in range(2000):
    v = rng.normal(size=4) * rng.uniform(0.1, 10)
    check(np.sum(v**2) <= 4*np.max(np.abs(v))**2 + 1e-12)
    check(np.linalg.norm(v) <= 2*np.linalg.norm(v, np.inf) + 1e-12)
check(sqrt(4) == 2)
""",
    slip=dict(old=r"has $\|x\|_2 = 2 > 1 = \|x\|_\infty$",
              new=r"has $\|x\|_2 = 4 > 1 = \|x\|_\infty$",
              desc="wrong constant: squared norm reported as the norm",
              check="check(not np.isclose(np.linalg.norm(np.ones(4)), 4))"),
)

item(
    name="trial_cubic_root", style="trial", lemmas=["factor_theorem"],
    title="Integer roots of $x^3 - 6x^2 + 11x - 6$",
    text=r"""Let $p(x) = x^3 - 6x^2 + 11x - 6$; integer roots must divide $6$.
Try $x = 0$: $p(0) = -6 \ne 0$, so $x = 0$ fails.
Try $x = -1$: $p(-1) = -1 - 6 - 11 - 6 = -24 \ne 0$, so $x = -1$ fails.
Try $x = 1$: $p(1) = 1 - 6 + 11 - 6 = 0$, so $x = 1$ is a root.
Dividing, $p(x) = (x - 1)(x^2 - 5x + 6) = (x - 1)(x - 2)(x - 3)$.
""",
    verify=r"""
x = symbols('x')
p = x**3 - 6*x**2 + 11*x - 6
check(p.subs(x, 0) == -6)
check(p.subs(x, -1) == -1 - 6 - 11 - 6 == -24)
check(p.subs(x, 1) == 1 - 6 + 11 - 6 == 0)
check(expand((x-1)*(x**2-5*x+6) - p) == 0)
check(expand((x-1)*(x-2)*(x-3) - p) == 0)
""",
    slip=dict(old=r"$p(x) = (x - 1)(x^2 - 5x + 6) = (x - 1)(x - 2)(x - 3)$",
              new=r"$p(x) = (x - 1)(x^2 - 5x - 6) = (x - 1)(x - 2)(x - 3)$",
              desc="sign slip in the quotient polynomial",
              check="x = symbols('x'); check(expand((x-1)*(x**2-5*x-6) - (x**3-6*x**2+11*x-6)) != 0)"),
)

item(
    name="trial_batch_size", style="trial", lemmas=[],
    title="Largest batch that fits in memory",
    text=r"""A GPU has $24$ GB; the weights take $4$ GB and each example takes $0.7$ GB of activations.
Batch size $B$ fits iff $4 + 0.7B \le 24$.
Try $B = 32$: $4 + 0.7 \cdot 32 = 26.4 > 24$, so $B = 32$ fails.
Try $B = 28$: $4 + 0.7 \cdot 28 = 23.6 \le 24$, so $B = 28$ fits.
Try $B = 29$: $4 + 0.7 \cdot 29 = 24.3 > 24$, so $B = 29$ fails.
Since $4 + 0.7B$ increases with $B$, the largest batch is $B = 28$.
""",
    verify=r"""
R = Rational
m = lambda B: 4 + R(7,10)*B
check(m(32) == R(264,10) and m(32) > 24)
check(m(28) == R(236,10) and m(28) <= 24)
check(m(29) == R(243,10) and m(29) > 24)
check(max(B for B in range(1, 100) if m(B) <= 24) == 28)
""",
    slip=dict(old=r"Try $B = 28$: $4 + 0.7 \cdot 28 = 23.6 \le 24$, so $B = 28$ fits.",
              new=r"Try $B = 28$: $4 + 0.7 \cdot 28 = 23.6 \le 24$, so $B = 28$ fails.",
              desc="rejected trial that actually holds (23.6 <= 24)",
              check="check(4 + Rational(7,10)*28 <= 24)  # B=28 fits, so 'fails' is false"),
)

# ---------------------------------------------------------------- CASE
item(
    name="case_abs_equation", style="case", lemmas=[],
    title="Solving $|t - 1| = 3$",
    text=r"""We solve $|t - 1| = 3$.
Case 1: $t \ge 1$. Then $|t - 1| = t - 1$, so $t - 1 = 3$ and $t = 4$, which satisfies $t \ge 1$.
Case 2: $t < 1$. Then $|t - 1| = 1 - t$, so $1 - t = 3$ and $t = -2$, which satisfies $t < 1$.
The solutions are $t = 4$ and $t = -2$.
""",
    verify=r"""
t = symbols('t', real=True)
check(set(solve(Eq(Abs(t - 1), 3), t)) == {4, -2})
check(4 - 1 == 3 and 4 >= 1)
check(1 - (-2) == 3 and -2 < 1)
check(all(Abs(tt - 1) == tt - 1 for tt in [1, 2, 4, Rational(7,2)]))
check(all(Abs(tt - 1) == 1 - tt for tt in [0, -2, Rational(1,2)]))
""",
    slip=dict(old=r"so $1 - t = 3$ and $t = -2$",
              new=r"so $1 - t = 3$ and $t = -4$",
              desc="arithmetic slip inside case 2",
              check="check(1 - (-4) != 3)"),
)

item(
    name="case_square_mod4", style="case", lemmas=[],
    title="Squares modulo 4",
    text=r"""Claim: for every integer $n$, $n^2 \bmod 4 \in \{0, 1\}$.
If $n$ is even, $n = 2k$ and $n^2 = 4k^2 \equiv 0 \pmod 4$.
If $n$ is odd, $n = 2k + 1$ and $n^2 = 4k^2 + 4k + 1 \equiv 1 \pmod 4$.
Hence no square is $\equiv 2$ or $\equiv 3 \pmod 4$; in particular $4003 \equiv 3 \pmod 4$ is not a perfect square.
""",
    verify=r"""
k = symbols('k', integer=True)
check(expand((2*k)**2 - 4*k**2) == 0)
check(expand((2*k+1)**2 - (4*k**2 + 4*k + 1)) == 0)
check({(n*n) % 4 for n in range(-500, 500)} == {0, 1})
check(4003 % 4 == 3 and integer_nthroot(4003, 2)[1] is False)
""",
    slip=dict(old=r"$n^2 = 4k^2 + 4k + 1 \equiv 1 \pmod 4$",
              new=r"$n^2 = 4k^2 + 2k + 1 \equiv 1 \pmod 4$",
              desc="wrong coefficient in the expansion of (2k+1)^2",
              check="k = symbols('k'); check(expand((2*k+1)**2 - (4*k**2 + 2*k + 1)) != 0)"),
)

item(
    name="case_suppose_then_solve", style="case", lemmas=[],
    title="Guessing an integer solution of $4y = 10$",
    text=r"""We solve $4y = 10$, first hoping for an integer.
Suppose $y = 2$. Then $4y = 8$, which is not $10$.
Suppose $y = 3$. Then $4y = 12$, which is not $10$.
Since $4y$ is increasing, no integer $y \le 2$ or $y \ge 3$ works, so there is no integer solution.
So instead we solve $4y = 10$ directly: $y = \frac{10}{4} = 2.5$.
""",
    verify=r"""
check(4*2 == 8 != 10)
check(4*3 == 12 != 10)
check(all(4*y != 10 for y in range(-100, 100)))
y = symbols('y')
check(solve(Eq(4*y, 10), y) == [Rational(5, 2)])
check(Rational(10, 4) == Rational(25, 10))
""",
    slip=dict(old=r"$y = \frac{10}{4} = 2.5$",
              new=r"$y = \frac{10}{4} = 2.4$",
              desc="arithmetic slip in the final division",
              check="check(Rational(10,4) != Rational(24,10))"),
)

item(
    name="case_relu_lipschitz", style="case", lemmas=[],
    title="ReLU is 1-Lipschitz",
    text=r"""Claim: $|\mathrm{ReLU}(a) - \mathrm{ReLU}(b)| \le |a - b|$ for all real $a, b$, where $\mathrm{ReLU}(t) = \max(t, 0)$.
By symmetry assume $a \ge b$.
Case 1: $b \ge 0$. Then $\mathrm{ReLU}(a) - \mathrm{ReLU}(b) = a - b = |a - b|$.
Case 2: $a \ge 0 > b$. Then $|\mathrm{ReLU}(a) - \mathrm{ReLU}(b)| = a \le a - b = |a - b|$, since $-b > 0$.
Case 3: $0 > a \ge b$. Then both outputs are $0$, and $0 \le |a - b|$.
""",
    verify=r"""
relu = lambda t: max(t, 0.0)
for _ in range(5000):
    a, b = rng.normal(size=2)*3
    check(abs(relu(a) - relu(b)) <= abs(a - b) + 1e-12)
    if a < b: a, b = b, a
    if b >= 0: check(np.isclose(relu(a) - relu(b), a - b))
    elif a >= 0: check(np.isclose(abs(relu(a)-relu(b)), a) and a <= a - b)
    else: check(relu(a) == relu(b) == 0)
""",
    slip=dict(old=r"$|\mathrm{ReLU}(a) - \mathrm{ReLU}(b)| = a \le a - b = |a - b|$",
              new=r"$|\mathrm{ReLU}(a) - \mathrm{ReLU}(b)| = a \ge a - b = |a - b|$",
              desc="reversed inequality in case 2",
              check="a, b = 1.0, -1.0; check(not (a >= a - b))  # 1 >= 2 is false"),
)

item(
    name="case_layernorm_two_entries", style="case", lemmas=[],
    title="LayerNorm on two entries",
    text=r"""Apply LayerNorm with $\varepsilon = 0$ to $x = (x_1, x_2)$: $\mu = \frac{x_1 + x_2}{2}$ and $\sigma^2 = \frac{(x_1 - \mu)^2 + (x_2 - \mu)^2}{2} = \frac{(x_1 - x_2)^2}{4}$.
Case 1: $x_1 > x_2$. Then $\sigma = \frac{x_1 - x_2}{2}$ and $\hat x_1 = \frac{x_1 - \mu}{\sigma} = \frac{(x_1 - x_2)/2}{(x_1 - x_2)/2} = 1$, $\hat x_2 = -1$.
Case 2: $x_1 < x_2$. Then $\sigma = \frac{x_2 - x_1}{2}$ and $\hat x = (-1, 1)$.
Case 3: $x_1 = x_2$. Then $\sigma = 0$ and the normalization is undefined, which is why $\varepsilon > 0$ is used in practice.
So whenever $x_1 \ne x_2$ the output is $\pm(1, -1)$, whatever the scale of $x$.
""",
    verify=r"""
x1, x2 = symbols('x1 x2', real=True)
mu = (x1 + x2)/2
var = ((x1 - mu)**2 + (x2 - mu)**2)/2
check(simplify(var - (x1 - x2)**2/4) == 0)
a, d = symbols('a d', positive=True)
# case 1: x1 = x2 + d, d > 0
s = {x1: x2 + d}
sig = sqrt(var.subs(s))
check(simplify(sig - d/2) == 0)
check(simplify((x1 - mu).subs(s)/sig) == 1 and simplify((x2 - mu).subs(s)/sig) == -1)
s = {x2: x1 + d}
sig = sqrt(var.subs(s))
check(simplify(sig - d/2) == 0)
check(simplify((x1 - mu).subs(s)/sig) == -1 and simplify((x2 - mu).subs(s)/sig) == 1)
check(var.subs(x2, x1) == 0)
""",
    slip=dict(old=r"= \frac{(x_1 - x_2)^2}{4}$.",
              new=r"= \frac{(x_1 - x_2)^2}{2}$.",
              desc="wrong constant in the two-point variance",
              check="x1, x2 = symbols('x1 x2'); mu=(x1+x2)/2; check(simplify(((x1-mu)**2+(x2-mu)**2)/2 - (x1-x2)**2/2) != 0)"),
)

item(
    name="case_floor_duplication", style="case", lemmas=[],
    title="$\\lfloor 2x \\rfloor = \\lfloor x \\rfloor + \\lfloor x + \\frac12 \\rfloor$",
    text=r"""Write $x = m + r$ with $m \in \mathbb Z$ and $0 \le r < 1$.
Case 1: $0 \le r < \frac12$. Then $0 \le 2r < 1$, so $\lfloor 2x \rfloor = 2m$, and $\lfloor x \rfloor + \lfloor x + \frac12 \rfloor = m + m = 2m$.
Case 2: $\frac12 \le r < 1$. Then $1 \le 2r < 2$, so $\lfloor 2x \rfloor = 2m + 1$, and $\lfloor x \rfloor + \lfloor x + \frac12 \rfloor = m + (m + 1) = 2m + 1$.
In both cases $\lfloor 2x \rfloor = \lfloor x \rfloor + \lfloor x + \frac12 \rfloor$.
""",
    verify=r"""
for _ in range(3000):
    m = int(rng.integers(-50, 50)); r = Rational(int(rng.integers(0, 1000)), 1000)
    x = m + r
    check(floor(2*x) == floor(x) + floor(x + Rational(1,2)))
    if r < Rational(1,2): check(floor(2*x) == 2*m and floor(x + Rational(1,2)) == m)
    else: check(floor(2*x) == 2*m + 1 and floor(x + Rational(1,2)) == m + 1)
""",
    slip=dict(old=r"so $\lfloor 2x \rfloor = 2m + 1$",
              new=r"so $\lfloor 2x \rfloor = 2m + 2$",
              desc="off-by-one in case 2",
              check="check(floor(2*Rational(3,4)) != 0*2 + 2)  # m=0, r=3/4"),
)

item(
    name="case_cube_minus_n", style="case", lemmas=[],
    title="$3$ divides $n^3 - n$",
    text=r"""We have $n^3 - n = (n - 1)\,n\,(n + 1)$.
Case $n \equiv 0 \pmod 3$: the factor $n$ is divisible by $3$.
Case $n \equiv 1 \pmod 3$: the factor $n - 1 \equiv 0 \pmod 3$.
Case $n \equiv 2 \pmod 3$: the factor $n + 1 \equiv 0 \pmod 3$.
In every case $3 \mid n^3 - n$; for example $7^3 - 7 = 336 = 3 \cdot 112$.
""",
    verify=r"""
n = symbols('n')
check(expand((n-1)*n*(n+1) - (n**3 - n)) == 0)
for v in range(-300, 300):
    check((v**3 - v) % 3 == 0)
    if v % 3 == 1: check((v - 1) % 3 == 0)
    if v % 3 == 2: check((v + 1) % 3 == 0)
check(7**3 - 7 == 336 == 3*112)
""",
    slip=dict(old=r"Case $n \equiv 2 \pmod 3$: the factor $n + 1 \equiv 0 \pmod 3$.",
              new=r"Case $n \equiv 2 \pmod 3$: the factor $n - 1 \equiv 0 \pmod 3$.",
              desc="wrong factor named in the case n = 2 mod 3",
              check="check((2 - 1) % 3 != 0)"),
)

item(
    name="case_huber_gradient", style="case", lemmas=[],
    title="The Huber loss has gradient bounded by 1",
    text=r"""Let $h(r) = \frac12 r^2$ for $|r| \le 1$ and $h(r) = |r| - \frac12$ for $|r| > 1$.
At $|r| = 1$ the two pieces agree: $\frac12 \cdot 1^2 = \frac12 = 1 - \frac12$, and their slopes agree too ($r = \pm 1$).
Case 1: $|r| \le 1$. Then $h'(r) = r$ and $|h'(r)| = |r| \le 1$.
Case 2: $r > 1$. Then $h'(r) = 1$.
Case 3: $r < -1$. Then $h'(r) = -1$.
So $|h'(r)| \le 1$ everywhere, which bounds the per-example gradient of a Huber regression loss.
""",
    verify=r"""
r = symbols('r', real=True)
q = r**2/2; l1 = Abs(r) - Rational(1,2)
check(q.subs(r, 1) == Rational(1,2) == l1.subs(r, 1) and q.subs(r, -1) == l1.subs(r, -1))
check(diff(q, r).subs(r, 1) == 1 and diff(q, r).subs(r, -1) == -1)
check(diff(r - Rational(1,2), r) == 1 and diff(-r - Rational(1,2), r) == -1)
for v in np.linspace(-5, 5, 1001):
    g = v if abs(v) <= 1 else np.sign(v)
    check(abs(g) <= 1)
""",
    slip=dict(old=r"$\frac12 \cdot 1^2 = \frac12 = 1 - \frac12$",
              new=r"$\frac12 \cdot 1^2 = 1 = 1 - \frac12$",
              desc="arithmetic slip: 1/2 * 1^2 written as 1",
              check="check(Rational(1,2)*1**2 != 1)"),
)

item(
    name="case_max_formula", style="case", lemmas=[],
    title="$\\max(a, b) = \\frac{a + b + |a - b|}{2}$",
    text=r"""Claim: $\max(a, b) = \frac{a + b + |a - b|}{2}$ for real $a, b$.
Case 1: $a \ge b$. Then $|a - b| = a - b$, and the right side is $\frac{a + b + a - b}{2} = a = \max(a, b)$.
Case 2: $a < b$. Then $|a - b| = b - a$, and the right side is $\frac{a + b + b - a}{2} = b = \max(a, b)$.
Similarly $\min(a, b) = \frac{a + b - |a - b|}{2}$, so $\max(a, b) + \min(a, b) = a + b$.
""",
    verify=r"""
a, b = symbols('a b', real=True)
check(simplify((a + b + (a - b))/2 - a) == 0)
check(simplify((a + b + (b - a))/2 - b) == 0)
for _ in range(2000):
    u, v = rng.normal(size=2)
    check(np.isclose(max(u, v), (u + v + abs(u - v))/2))
    check(np.isclose(min(u, v), (u + v - abs(u - v))/2))
""",
    slip=dict(old=r"Case 2: $a < b$. Then $|a - b| = b - a$",
              new=r"Case 2: $a < b$. Then $|a - b| = a - b$",
              desc="sign slip: |a-b| = a-b in the case a < b",
              check="check(Abs(0 - 1) != 0 - 1)"),
)

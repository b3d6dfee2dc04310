# Item definitions: contradiction and inequality styles.
ITEMS = []


def item(**kw):
    ITEMS.append(kw)


# ---------------------------------------------------------------- CONTRADICTION
item(
    name="contra_sqrt2", style="contradiction", lemmas=["parity"],
    title="$\\sqrt 2$ is irrational",
    text=r"""Suppose $\sqrt2 = p/q$ with positive integers $p, q$ and $\gcd(p, q) = 1$.
Squaring, $p^2 = 2q^2$, so $p^2$ is even; since odd numbers have odd squares, $p$ is even, say $p = 2r$.
$$
\begin{aligned}
(2r)^2 &= 2q^2 \\
4r^2 &= 2q^2 \\
q^2 &= 2r^2
\end{aligned}
$$
So $q^2$ is even and $q$ is even as well.
Then $2$ divides both $p$ and $q$, contradicting $\gcd(p, q) = 1$.
""",
    verify=r"""
p, q, r = symbols('p q r', positive=True, integer=True)
check(expand((2*r)**2 - 4*r**2) == 0)
check(solve(Eq(4*r**2, 2*q**2), q**2) == [2*r**2] or simplify(4*r**2/2 - 2*r**2) == 0)
check(all((m*m) % 2 == 1 for m in range(1, 2001, 2)))
check(all(pp*pp != 2*qq*qq for pp in range(1, 300) for qq in range(1, 300)))
""",
    slip=dict(old=r"q^2 &= 2r^2",
              new=r"q^2 &= 4r^2",
              desc="wrong constant when dividing 4r^2 = 2q^2 by 2",
              check="r = symbols('r', positive=True); check(simplify(4*r**2/2 - 4*r**2) != 0)"),
)

item(
    name="contra_infinitely_many_primes", style="contradiction", lemmas=[],
    title="There are infinitely many primes",
    text=r"""Suppose the primes are exactly $p_1, \dots, p_k$, and let $N = p_1 p_2 \cdots p_k + 1$.
Each $p_i$ divides $N - 1$, so $N \equiv 1 \pmod{p_i}$ and no $p_i$ divides $N$.
But $N > 1$, so $N$ has some prime factor, which is none of the $p_i$: a contradiction.
Note that $N$ need not itself be prime: $2 \cdot 3 \cdot 5 \cdot 7 \cdot 11 \cdot 13 + 1 = 30031 = 59 \cdot 509$.
""",
    verify=r"""
P = 2*3*5*7*11*13
check(P + 1 == 30031 == 59*509 and isprime(59) and isprime(509))
check(all((P + 1) % p == 1 for p in [2,3,5,7,11,13]))
check(not isprime(30031))
""",
    slip=dict(old=r"$2 \cdot 3 \cdot 5 \cdot 7 \cdot 11 \cdot 13 + 1 = 30031 = 59 \cdot 509$",
              new=r"$2 \cdot 3 \cdot 5 \cdot 7 \cdot 11 \cdot 13 + 1 = 30031 = 59 \cdot 519$",
              desc="wrong factor in the factorisation of 30031",
              check="check(59*519 != 30031)"),
)

item(
    name="contra_log2_3", style="contradiction", lemmas=["parity"],
    title="$\\log_2 3$ is irrational",
    text=r"""First, $1 < \log_2 3 < 2$ because $2 < 3 < 4$.
Suppose $\log_2 3 = p/q$ with positive integers $p, q$.
Then $2^{p/q} = 3$, and raising to the power $q$ gives $2^p = 3^q$.
Since $p \ge 1$, the left side is even, while $3^q$ is odd: a contradiction.
""",
    verify=r"""
check(1 < log(3, 2) < 2 and 2 < 3 < 4)
check(N(log(3,2)) > 1 and N(log(3,2)) < 2)
check(all(2**pp != 3**qq for pp in range(1, 80) for qq in range(1, 60)))
check(all((3**qq) % 2 == 1 for qq in range(1, 60)))
""",
    slip=dict(old=r"First, $1 < \log_2 3 < 2$ because $2 < 3 < 4$.",
              new=r"First, $1 < \log_2 3 < \frac32$ because $2 < 3 < 2^{3/2}$.",
              desc="wrong constant: 2^{3/2} < 3, so log_2 3 > 3/2",
              check="check(N(2**Rational(3,2)) < 3 and N(log(3,2)) > 1.5)"),
)

item(
    name="contra_softmax_never_one", style="contradiction", lemmas=[],
    title="A softmax output never equals 1",
    text=r"""Let $z \in \mathbb R^n$ with $n \ge 2$ and $\mathrm{softmax}(z)_i = e^{z_i}/\sum_{j=1}^n e^{z_j}$.
Suppose $\mathrm{softmax}(z)_1 = 1$.
Then $e^{z_1} = \sum_{j=1}^n e^{z_j}$, so $\sum_{j=2}^n e^{z_j} = 0$.
But this sum has at least one term and each $e^{z_j} > 0$, so it is positive: a contradiction.
Hence cross-entropy with a one-hot target is always strictly positive for finite logits.
""",
    verify=r"""
for _ in range(2000):
    n = int(rng.integers(2, 8)); z = rng.normal(size=n)*5
    s = np.exp(z - z.max()); s /= s.sum()
    check(np.all(s < 1) and -np.log(s[0]) > 0)
z1, z2 = symbols('z1 z2', real=True)
check(simplify(exp(z1)/(exp(z1)+exp(z2)) - 1 + exp(z2)/(exp(z1)+exp(z2))) == 0)
""",
    slip=dict(old=r"Let $z \in \mathbb R^n$ with $n \ge 2$",
              new=r"Let $z \in \mathbb R^n$ with $n \ge 1$",
              desc="dropped hypothesis n >= 2 (for n = 1 the softmax is exactly 1)",
              check="check(exp(Integer(0))/exp(Integer(0)) == 1)  # n=1: softmax(z)_1 = 1, no contradiction"),
)

item(
    name="contra_bottleneck_rank", style="contradiction", lemmas=["rank_of_product"],
    title="A width-2 linear bottleneck cannot be the identity on $\\mathbb R^3$",
    text=r"""Suppose $AB = I_3$ with $A \in \mathbb R^{3 \times 2}$ and $B \in \mathbb R^{2 \times 3}$.
Since $\operatorname{rank}(AB) \le \min(\operatorname{rank} A, \operatorname{rank} B)$ and $A$ has only $2$ columns,
$$3 = \operatorname{rank}(I_3) = \operatorname{rank}(AB) \le \operatorname{rank} A \le 2,$$
a contradiction.
So a linear autoencoder $x \mapsto ABx$ with a 2-dimensional code cannot reconstruct every $x \in \mathbb R^3$.
""",
    verify=r"""
for _ in range(500):
    A = rng.normal(size=(3,2)); B = rng.normal(size=(2,3))
    rA, rB, rAB = (np.linalg.matrix_rank(M) for M in (A, B, A@B))
    check(rAB <= min(rA, rB) and rA <= 2)
check(Matrix.eye(3).rank() == 3)
""",
    slip=dict(old=r"Since $\operatorname{rank}(AB) \le \min(\operatorname{rank} A, \operatorname{rank} B)$",
              new=r"Since $\operatorname{rank}(AB) \ge \min(\operatorname{rank} A, \operatorname{rank} B)$",
              desc="wrong direction of the rank-of-product inequality",
              check="A = Matrix([[1,0],[0,0],[0,0]]); B = Matrix([[0,0,0],[1,0,0]]); check((A*B).rank() < min(A.rank(), B.rank()))"),
)

item(
    name="contra_harmonic_divergence", style="contradiction", lemmas=["grouping"],
    title="The harmonic series diverges",
    text=r"""Suppose $\sum_{k=1}^\infty \frac1k$ converges, to $S$; then every partial sum is at most $S$, as the terms are positive.
For $j \ge 1$ the block $\sum_{k = 2^{j-1} + 1}^{2^j} \frac1k$ has $2^{j-1}$ terms, each at least $\frac1{2^j}$, so it is at least $2^{j-1} \cdot \frac{1}{2^j} = \frac12$.
Adding the first term and $m$ blocks, $\sum_{k=1}^{2^m} \frac1k \ge 1 + \frac m2$.
Taking an integer $m > 2S$ gives a partial sum $> 1 + S > S$, a contradiction.
""",
    verify=r"""
for j in range(1, 12):
    blk = sum(Rational(1, k) for k in range(2**(j-1) + 1, 2**j + 1))
    check(blk >= Rational(1, 2) and 2**j - 2**(j-1) == 2**(j-1))
check(2**(j-1) * Rational(1, 2**j) == Rational(1, 2))
for m in range(0, 13):
    check(sum(Rational(1,k) for k in range(1, 2**m + 1)) >= 1 + Rational(m, 2))
""",
    slip=dict(old=r"so it is at least $2^{j-1} \cdot \frac{1}{2^j} = \frac12$",
              new=r"so it is at least $2^{j-1} \cdot \frac{1}{2^j} = 1$",
              desc="wrong constant: 2^{j-1}/2^j = 1/2, not 1",
              check="j = symbols('j'); check(simplify(2**(j-1)/2**j) != 1)"),
)

item(
    name="contra_pigeonhole_mod4", style="contradiction", lemmas=["pigeonhole"],
    title="Among five integers two differ by a multiple of 4",
    text=r"""Claim: among any $5$ integers, two of them have a difference divisible by $4$.
Suppose not: then no two of them have the same remainder mod $4$, so the $5$ remainders are distinct.
But there are only $4$ possible remainders $\{0, 1, 2, 3\}$, and $5 > 4$: a contradiction.
The bound is sharp: $0, 1, 2, 3$ are $4$ integers with no difference divisible by $4$.
""",
    verify=r"""
from itertools import combinations, product
for xs in product(range(8), repeat=5):
    check(any((a - b) % 4 == 0 for a, b in combinations(xs, 2)))
check(all((a - b) % 4 != 0 for a, b in combinations([0,1,2,3], 2)))
""",
    slip=dict(old=r"Claim: among any $5$ integers",
              new=r"Claim: among any $4$ integers",
              desc="off-by-one: 0,1,2,3 is a counterexample with four integers",
              check="from itertools import combinations; check(all((a-b) % 4 != 0 for a, b in combinations([0,1,2,3], 2)))"),
)

item(
    name="contra_contraction_invertible", style="contradiction", lemmas=["submultiplicativity"],
    title="$I - W$ is invertible when $\\|W\\|_2 < 1$",
    text=r"""Let $W$ be a square matrix with $\|W\|_2 < 1$.
Suppose $I - W$ is singular; then there is $v \ne 0$ with $(I - W)v = 0$, i.e. $Wv = v$.
By the definition of the operator norm, $\|v\|_2 = \|Wv\|_2 \le \|W\|_2 \|v\|_2 < \|v\|_2$, using $\|v\|_2 > 0$.
This is a contradiction, so $I - W$ is invertible, and a residual layer $x \mapsto x - Wx$ is injective.
""",
    verify=r"""
for _ in range(1000):
    W = rng.normal(size=(3,3)); W *= rng.uniform(0.01, 0.999)/opn(W)
    check(opn(W) < 1)
    check(abs(np.linalg.det(np.eye(3) - W)) > 1e-12)
    s = np.linalg.svd(np.eye(3) - W, compute_uv=False)
    check(s.min() >= 1 - opn(W) - 1e-12)
    v = rng.normal(size=3)
    check(np.linalg.norm(W@v) <= opn(W)*np.linalg.norm(v) + 1e-12)
""",
    slip=dict(old=r"Let $W$ be a square matrix with $\|W\|_2 < 1$.",
              new=r"Let $W$ be a square matrix with $\|W\|_2 \le 1$.",
              desc="weakened hypothesis: W = I has norm 1 and I - W is singular",
              check="W = np.eye(3); check(opn(W) <= 1 and abs(np.linalg.det(np.eye(3) - W)) == 0)"),
)

item(
    name="contra_pythagorean_odd_legs", style="contradiction", lemmas=["squares_mod4"],
    title="No Pythagorean triple has two odd legs",
    text=r"""Claim: there are no integers $a, b, c$ with $a, b$ both odd and $a^2 + b^2 = c^2$.
Suppose $a = 2m + 1$ and $b = 2n + 1$.
Then $a^2 + b^2 = 4(m^2 + m + n^2 + n) + 2 \equiv 2 \pmod 4$.
But every square is $\equiv 0$ or $1 \pmod 4$, so $c^2 \not\equiv 2 \pmod 4$: a contradiction.
""",
    verify=r"""
m, n = symbols('m n', integer=True)
check(expand((2*m+1)**2 + (2*n+1)**2 - (4*(m**2 + m + n**2 + n) + 2)) == 0)
check({(x*x) % 4 for x in range(1000)} == {0, 1})
check(all(integer_nthroot(a*a + b*b, 2)[1] is False for a in range(1, 200, 2) for b in range(1, 200, 2)))
""",
    slip=dict(old=r"$a^2 + b^2 = 4(m^2 + m + n^2 + n) + 2 \equiv 2 \pmod 4$",
              new=r"$a^2 + b^2 = 4(m^2 + m + n^2 + n) + 1 \equiv 1 \pmod 4$",
              desc="wrong constant in the expansion of two odd squares",
              check="m, n = symbols('m n'); check(expand((2*m+1)**2 + (2*n+1)**2 - (4*(m**2+m+n**2+n) + 1)) != 0)"),
)

# ---------------------------------------------------------------- INEQUALITY
item(
    name="ineq_residual_product", style="inequality",
    lemmas=["triangle", "identity_norm", "submultiplicativity", "product_monotonicity", "one_plus_x_le_exp"],
    title="Norm of a product of residual maps",
    text=r"""Let $B_1, \dots, B_n$ be square matrices with $\|B_i\| \le \delta$ in an operator norm, $\delta \ge 0$.
By the triangle inequality and $\|I\| = 1$, for each $i$,
$$\|I + B_i\| \le \|I\| + \|B_i\| = 1 + \|B_i\| \le 1 + \delta.$$
By submultiplicativity, then monotonicity of products of nonnegative factors, then $1 + \delta \le e^{\delta}$:
$$
\begin{aligned}
\Big\|\prod_{i=1}^n (I + B_i)\Big\| &\le \prod_{i=1}^n \|I + B_i\| \\
&\le (1 + \delta)^n \\
&\le e^{n\delta}.
\end{aligned}
$$
So a stack of $n$ residual maps with small perturbations grows by at most a factor $e^{n\delta}$.
""",
    verify=r"""
# lemmas checked on random 2x2 matrices in the spectral norm
for _ in range(2000):
    n = int(rng.integers(1, 8)); delta = rng.uniform(0, 0.5)
    Bs = []
    for i in range(n):
        B = rng.normal(size=(2,2)); B *= rng.uniform(0, delta)/opn(B); Bs.append(B)
    for B in Bs:
        check(opn(np.eye(2) + B) <= opn(np.eye(2)) + opn(B) + 1e-12)   # triangle
        check(np.isclose(opn(np.eye(2)), 1))                         # ||I|| = 1
    P = np.eye(2)
    for B in Bs: P = P @ (np.eye(2) + B)
    prod_norms = np.prod([opn(np.eye(2) + B) for B in Bs])
    check(opn(P) <= prod_norms + 1e-12)                               # submultiplicativity
    check(prod_norms <= (1 + delta)**n + 1e-12)                      # monotone products
    check((1 + delta)**n <= math.exp(n*delta) + 1e-12)               # 1+x <= e^x
d, k = symbols('d k', nonnegative=True)
check(all(((1+x)**m <= exp(m*x)) for x in [Rational(1,100), Rational(1,2), 2] for m in [1,5,40]))
""",
    slip=dict(old=r"&\le e^{n\delta}.",
              new=r"&\le e^{\delta^n}.",
              desc="exponent error: (1+delta)^n <= e^{delta^n}",
              check="check((1 + Rational(1,2))**2 > exp(Rational(1,2)**2))  # delta=1/2, n=2: 2.25 > e^{0.25}"),
)

item(
    name="ineq_numeric_depth_48", style="inequality", lemmas=["one_plus_x_le_exp"],
    title="$1.02^{48} < 3$",
    text=r"""With $\delta = 0.02$ and $n = 48$ residual layers, the growth factor is $(1 + 0.02)^{48}$.
By $1 + x \le e^x$ applied to $x = 0.02$ and monotonicity of $t \mapsto t^{48}$ on $t \ge 0$,
$$(1 + 0.02)^{48} \le \left(e^{0.02}\right)^{48} = e^{0.96}.$$
Numerically $e^{0.96} \approx 2.6117 < 3$, hence $1.02^{48} < 3$.
Directly, $1.02^{48} \approx 2.5871$, consistent with the bound.
""",
    verify=r"""
mpmath.mp.dps = 50
check(1 + Rational(2,100) <= exp(Rational(2,100)))
check((exp(Rational(2,100)))**48 == exp(Rational(96,100)))
check(abs(N(exp(Rational(96,100)), 30) - Rational(26117,10000)) < Rational(5,100000))
check(exp(Rational(96,100)) < 3)
check(Rational(102,100)**48 < 3 and Rational(102,100)**48 <= exp(Rational(96,100)))
check(abs(N(Rational(102,100)**48, 30) - Rational(25871,10000)) < Rational(5,100000))
""",
    slip=dict(old=r"$$(1 + 0.02)^{48} \le \left(e^{0.02}\right)^{48} = e^{0.96}.$$",
              new=r"$$(1 + 0.02)^{48} \le \left(e^{0.02}\right)^{48} = e^{0.096}.$$",
              desc="wrong constant: 48 * 0.02 = 0.96, not 0.096",
              check="check(Rational(2,100)*48 != Rational(96,1000)); check(Rational(102,100)**48 > exp(Rational(96,1000)))"),
)

item(
    name="ineq_attention_logit_bound", style="inequality", lemmas=["cauchy_schwarz"],
    title="Bounded attention logits give a floor on attention weights",
    text=r"""Let $q, k_1, \dots, k_m \in \mathbb R^d$ with $\|q\|_2 \le R$ and $\|k_j\|_2 \le R$, and logits $s_j = q^\top k_j/\sqrt d$.
By Cauchy–Schwarz, $|q^\top k_j| \le \|q\|_2\|k_j\|_2 \le R^2$, so $|s_j| \le R^2/\sqrt d$.
With $R = 4$ and $d = 64$: $R^2/\sqrt d = 16/8 = 2$, so every $s_j \in [-2, 2]$.
Then each attention weight satisfies
$$a_j = \frac{1}{1 + \sum_{i \ne j} e^{s_i - s_j}} \ge \frac{1}{1 + (m - 1)e^{4}}.$$
""",
    verify=r"""
for _ in range(2000):
    d = 64; m = int(rng.integers(2, 10))
    q = rng.normal(size=d); q *= rng.uniform(0, 4)/np.linalg.norm(q)
    K = rng.normal(size=(m, d)); K *= (rng.uniform(0, 4, size=m)/np.linalg.norm(K, axis=1))[:, None]
    for kk in K: check(abs(q@kk) <= np.linalg.norm(q)*np.linalg.norm(kk) + 1e-9 <= 16 + 1e-9)
    s = K@q/8; check(np.all(np.abs(s) <= 2 + 1e-12))
    a = np.exp(s - s.max()); a /= a.sum()
    check(np.all(a >= 1/(1 + (m-1)*math.exp(4)) - 1e-15))
    j = 0; check(np.isclose(a[j], 1/(1 + sum(math.exp(s[i]-s[j]) for i in range(m) if i != j))))
check(Integer(16)/sqrt(64) == 2)
""",
    slip=dict(old=r"$R^2/\sqrt d = 16/8 = 2$",
              new=r"$R^2/\sqrt d = 16/64 = \frac14$",
              desc="dropped square root: divided by d instead of sqrt(d)",
              check="check(Integer(16)/sqrt(64) != Rational(1,4))"),
)

item(
    name="ineq_amgm_step_size", style="inequality", lemmas=["am_gm"],
    title="Optimal step size in an online gradient descent bound",
    text=r"""Online gradient descent with step $\eta > 0$ has regret at most $F(\eta) = \frac{D^2}{2\eta} + \frac{\eta G^2 T}{2}$, with $D, G, T > 0$.
By AM–GM, $\frac{u + v}{2} \ge \sqrt{uv}$ for $u, v \ge 0$, so
$$F(\eta) \ge 2\sqrt{\frac{D^2}{2\eta}\cdot\frac{\eta G^2 T}{2}} = 2\sqrt{\frac{D^2G^2T}{4}} = DG\sqrt T.$$
Equality in AM–GM needs $\frac{D^2}{2\eta} = \frac{\eta G^2 T}{2}$, i.e. $\eta = \frac{D}{G\sqrt T}$.
So the best bound of this form is $DG\sqrt T$, attained at $\eta = \frac{D}{G\sqrt T}$.
""",
    verify=r"""
D, G, T, eta = symbols('D G T eta', positive=True)
F = D**2/(2*eta) + eta*G**2*T/2
check(simplify(2*sqrt(D**2/(2*eta)*eta*G**2*T/2) - D*G*sqrt(T)) == 0)
check(simplify(F.subs(eta, D/(G*sqrt(T))) - D*G*sqrt(T)) == 0)
check(solve(Eq(D**2/(2*eta), eta*G**2*T/2), eta) == [D/(G*sqrt(T))])
for _ in range(2000):
    u, v = rng.uniform(0, 10, size=2); check((u+v)/2 >= math.sqrt(u*v) - 1e-12)
    d_, g_, t_, e_ = rng.uniform(0.1, 5, size=4)
    check(d_**2/(2*e_) + e_*g_**2*t_/2 >= d_*g_*math.sqrt(t_) - 1e-9)
""",
    slip=dict(old=r"i.e. $\eta = \frac{D}{G\sqrt T}$.",
              new=r"i.e. $\eta = \frac{G}{D\sqrt T}$.",
              desc="wrong constant: D and G swapped in the optimal step",
              check="D, G, T = 1, 2, 4; e_ = G/(D*math.sqrt(T)); check(not math.isclose(D**2/(2*e_), e_*G**2*T/2))"),
)

item(
    name="ineq_bernoulli_decay", style="inequality", lemmas=["bernoulli", "one_plus_x_le_exp"],
    title="Bracketing $0.99^{50}$",
    text=r"""Bernoulli's inequality: $(1 + x)^n \ge 1 + nx$ for real $x \ge -1$ and integer $n \ge 1$.
With $x = -0.01$ and $n = 50$: $0.99^{50} \ge 1 - 0.5 = 0.5$.
From $1 + x \le e^x$ and monotonicity of $t \mapsto t^{50}$ on $t \ge 0$: $0.99^{50} \le e^{-0.5} \approx 0.6065$.
Numerically $0.99^{50} \approx 0.6050$, inside $[0.5, 0.6065]$.
So a weight decayed by $1\%$ per step for $50$ steps keeps between half and $61\%$ of its size.
""",
    verify=r"""
x = Rational(-1, 100); v = (1 + x)**50
check(v >= 1 + 50*x and 1 + 50*x == Rational(1, 2))
check(v <= exp(Rational(-1, 2)))
check(abs(N(exp(Rational(-1,2)), 20) - Rational(6065, 10000)) < Rational(5, 100000))
check(abs(N(v, 20) - Rational(6050, 10000)) < Rational(5, 100000))
check(N(v) < 0.61)
for _ in range(3000):
    xx = rng.uniform(-1, 3); nn = int(rng.integers(1, 60))
    check((1 + xx)**nn >= 1 + nn*xx - 1e-9)
""",
    slip=dict(old=r"$0.99^{50} \ge 1 - 0.5 = 0.5$",
              new=r"$0.99^{50} \ge 1 - 0.05 = 0.95$",
              desc="wrong constant: n x = -0.5, not -0.05",
              check="check(Rational(99,100)**50 < Rational(95,100) and 50*Rational(-1,100) != Rational(-5,100))"),
)

item(
    name="ineq_reverse_triangle_update", style="inequality", lemmas=["reverse_triangle", "triangle"],
    title="A small update keeps the weight norm near 2",
    text=r"""Let $\|W\| = 2$ and let an update satisfy $\|W' - W\| \le 0.1$, in any norm.
By the reverse triangle inequality, $\|W\| - \|W'\| \le \|W - W'\|$, hence $\|W'\| \ge 2 - 0.1 = 1.9$.
By the triangle inequality, $\|W'\| \le \|W\| + \|W' - W\| \le 2 + 0.1 = 2.1$.
So $\|W'\| \in [1.9, 2.1]$, and $\frac{\|W'\|}{\|W\|} \in [0.95, 1.05]$.
""",
    verify=r"""
for _ in range(3000):
    W = rng.normal(size=(2,2)); W *= 2/opn(W)
    Dm = rng.normal(size=(2,2)); Dm *= rng.uniform(0, 0.1)/opn(Dm)
    Wp = W + Dm
    check(opn(W) - opn(Wp) <= opn(W - Wp) + 1e-12)
    check(abs(opn(W) - opn(Wp)) <= opn(W - Wp) + 1e-12)
    check(1.9 - 1e-12 <= opn(Wp) <= 2.1 + 1e-12)
check(Rational(19,10)/2 == Rational(95,100) and Rational(21,10)/2 == Rational(105,100))
""",
    slip=dict(old=r"$\|W\| - \|W'\| \le \|W - W'\|$, hence $\|W'\| \ge 2 - 0.1 = 1.9$",
              new=r"$\|W\| - \|W'\| \ge \|W - W'\|$, hence $\|W'\| \le 2 - 0.1 = 1.9$",
              desc="reverse triangle inequality used in the wrong direction",
              check="W = 2*np.eye(2); Wp = 2.05*np.eye(2); check(not (opn(W) - opn(Wp) >= opn(W - Wp)) and opn(Wp) > 1.9)"),
)

item(
    name="ineq_jensen_logsumexp", style="inequality", lemmas=["jensen"],
    title="Log-sum-exp lies between the mean and the max",
    text=r"""For $z \in \mathbb R^n$ let $\operatorname{LSE}(z) = \log \sum_{j=1}^n e^{z_j}$ and $\bar z = \frac1n\sum_{j=1}^n z_j$.
By Jensen's inequality for the convex function $\exp$, $\frac1n\sum_j e^{z_j} \ge e^{\bar z}$; taking logs, $\operatorname{LSE}(z) \ge \bar z + \log n$.
Since $e^{z_j} \le e^{\max_i z_i}$ for each $j$, also $\operatorname{LSE}(z) \le \max_i z_i + \log n$.
Example: for $z = (0, 1, 2)$, $\bar z + \log 3 \approx 2.0986 \le \operatorname{LSE}(z) \approx 2.4076 \le 2 + \log 3 \approx 3.0986$.
""",
    verify=r"""
for _ in range(3000):
    n = int(rng.integers(1, 10)); z = rng.normal(size=n)*3
    lse = np.log(np.sum(np.exp(z)))
    check(np.mean(np.exp(z)) >= np.exp(np.mean(z)) - 1e-12)
    check(lse >= z.mean() + np.log(n) - 1e-12 and lse <= z.max() + np.log(n) + 1e-12)
L = log(1 + E + E**2)
check(abs(N(1 + log(3)) - 2.0986) < 5e-5 and abs(N(L) - 2.4076) < 5e-5 and abs(N(2 + log(3)) - 3.0986) < 5e-5)
check(N(1 + log(3)) <= N(L) <= N(2 + log(3)))
""",
    slip=dict(old=r"taking logs, $\operatorname{LSE}(z) \ge \bar z + \log n$.",
              new=r"taking logs, $\operatorname{LSE}(z) \le \bar z + \log n$.",
              desc="Jensen applied in the wrong direction",
              check="check(N(log(1 + E + E**2)) > N(1 + log(3)))  # z=(0,1,2) violates LSE <= mean + log n"),
)

item(
    name="ineq_gradient_clipping", style="inequality", lemmas=["submultiplicativity", "transpose_norm"],
    title="When gradient clipping never triggers",
    text=r"""Clipping at level $c$ replaces $g$ by $g\min(1, c/\|g\|_2)$, which has norm $\min(\|g\|_2, c) \le c$.
For $\ell(w) = \frac12\|Xw - y\|_2^2$ we have $\nabla\ell(w) = X^\top(Xw - y)$.
By submultiplicativity and $\|X^\top\|_2 = \|X\|_2$, $\|\nabla\ell(w)\|_2 \le \|X\|_2\,\|Xw - y\|_2$.
If $\|X\|_2 = 3$ and $\|Xw - y\|_2 \le 0.5$, then $\|\nabla\ell(w)\|_2 \le 1.5$.
So clipping at $c = 2$ never changes the gradient in this region.
""",
    verify=r"""
w1, w2, y1, y2 = symbols('w1 w2 y1 y2', real=True)
Xs = Matrix([[1, 2], [3, 4]]); wv = Matrix([w1, w2]); yv = Matrix([y1, y2])
r = Xs*wv - yv; loss = (r.T*r)[0]/2
check(simplify(Matrix([diff(loss, w1), diff(loss, w2)]) - Xs.T*r) == zeros(2, 1))
for _ in range(2000):
    X = rng.normal(size=(4,3)); X *= 3/opn(X)
    res = rng.normal(size=4); res *= rng.uniform(0, 0.5)/np.linalg.norm(res)
    g = X.T@res
    check(np.isclose(opn(X.T), opn(X)) and np.linalg.norm(g) <= 1.5 + 1e-12 < 2)
    gg = rng.normal(size=3)*3; cc = rng.uniform(0.1, 3)
    check(np.isclose(np.linalg.norm(gg*min(1, cc/np.linalg.norm(gg))), min(np.linalg.norm(gg), cc)))
check(3*Rational(1,2) == Rational(3,2))
""",
    slip=dict(old=r"So clipping at $c = 2$ never changes the gradient in this region.",
              new=r"So clipping at $c = 1$ never changes the gradient in this region.",
              desc="conclusion needs c >= 1.5; with c = 1 the bound 1.5 allows clipping",
              check="g = np.array([3.0])*0.5; check(np.linalg.norm(g) > 1)  # X=[[3]], residual 0.5: ||grad|| = 1.5 > 1"),
)

item(
    name="ineq_lipschitz_residual_block", style="inequality", lemmas=["submultiplicativity", "triangle", "identity_norm"],
    title="Lipschitz constant of a linear residual block",
    text=r"""Let $f(x) = W_2W_1x$ with $\|W_1\|_2 \le 2$ and $\|W_2\|_2 \le 1.5$.
By submultiplicativity, $\|W_2W_1\|_2 \le \|W_2\|_2\|W_1\|_2 \le 1.5 \cdot 2 = 3$, so $f$ is $3$-Lipschitz.
The residual block $g(x) = x + W_2W_1x = (I + W_2W_1)x$ then has, by the triangle inequality and $\|I\|_2 = 1$, Lipschitz constant at most $\|I\|_2 + \|W_2W_1\|_2 \le 1 + 3 = 4$.
Both bounds are attained when $W_1 = 2I$ and $W_2 = 1.5I$.
""",
    verify=r"""
for _ in range(2000):
    W1 = rng.normal(size=(3,3)); W1 *= rng.uniform(0, 2)/opn(W1)
    W2 = rng.normal(size=(3,3)); W2 *= rng.uniform(0, 1.5)/opn(W2)
    check(opn(W2@W1) <= opn(W2)*opn(W1) + 1e-12 <= 3 + 1e-12)
    check(opn(np.eye(3) + W2@W1) <= 1 + opn(W2@W1) + 1e-12 <= 4 + 1e-12)
W1 = 2*np.eye(3); W2 = 1.5*np.eye(3)
check(np.isclose(opn(W2@W1), 3) and np.isclose(opn(np.eye(3) + W2@W1), 4))
""",
    slip=dict(old=r"Lipschitz constant at most $\|I\|_2 + \|W_2W_1\|_2 \le 1 + 3 = 4$.",
              new=r"Lipschitz constant at most $\|W_2W_1\|_2 \le 3$.",
              desc="dropped the identity term of the residual connection",
              check="W1 = 2*np.eye(3); W2 = 1.5*np.eye(3); check(opn(np.eye(3) + W2@W1) > 3)"),
)

item(
    name="ineq_alternating_exp_minus_one", style="inequality", lemmas=["alternating_series"],
    title="$0.3660 \\le e^{-1}$",
    text=r"""The series $e^{-1} = \sum_{k \ge 0} \frac{(-1)^k}{k!}$ alternates with terms decreasing in absolute value, so consecutive partial sums bracket its value.
$$
\begin{aligned}
S_5 &= 1 - 1 + \tfrac12 - \tfrac16 + \tfrac1{24} - \tfrac1{120} = \tfrac{11}{30} \approx 0.36667, \\
S_6 &= S_5 + \tfrac1{720} = \tfrac{265}{720} = \tfrac{53}{144} \approx 0.36806.
\end{aligned}
$$
Hence $\frac{11}{30} \le e^{-1} \le \frac{53}{144}$.
In particular $0.3660 \le \frac{11}{30} \le e^{-1}$.
""",
    verify=r"""
R = Rational
S5 = sum(R((-1)**k, factorial(k)) for k in range(6)); S6 = S5 + R(1, 720)
check(S5 == 1 - 1 + R(1,2) - R(1,6) + R(1,24) - R(1,120) == R(11,30))
check(S6 == R(265,720) == R(53,144))
check(abs(N(S5, 20) - R(36667,100000)) < R(5,1000000) and abs(N(S6, 20) - R(36806,100000)) < R(5,1000000))
check(R(11,30) <= exp(-1) <= R(53,144))
check(R(3660,10000) <= R(11,30))
""",
    slip=dict(old=r"In particular $0.3660 \le \frac{11}{30} \le e^{-1}$.",
              new=r"In particular $0.3670 \le \frac{11}{30} \le e^{-1}$.",
              desc="wrong constant: 11/30 = 0.36667 < 0.3670",
              check="check(Rational(3670,10000) > Rational(11,30))"),
)

item(
    name="ineq_layernorm_entry_bound", style="inequality", lemmas=["cauchy_schwarz"],
    title="LayerNorm outputs are bounded by $\\sqrt{d-1}$",
    text=r"""Let $x \in \mathbb R^d$, $d \ge 2$, not constant, and $\hat x_i = (x_i - \mu)/\sigma$ with $\mu = \frac1d\sum_j x_j$, $\sigma^2 = \frac1d\sum_j (x_j - \mu)^2$.
Then $\sum_i \hat x_i = 0$ and $\sum_i \hat x_i^2 = d$.
Fix $i$. Since $\hat x_i = -\sum_{j \ne i}\hat x_j$, Cauchy–Schwarz gives $\hat x_i^2 \le (d - 1)\sum_{j \ne i}\hat x_j^2 = (d - 1)(d - \hat x_i^2)$.
Rearranging, $d\,\hat x_i^2 \le d(d - 1)$, so $|\hat x_i| \le \sqrt{d - 1}$.
For $d = 768$ this gives $|\hat x_i| \le \sqrt{767} \approx 27.69$, and $x = (1, 0, \dots, 0)$ attains the bound.
""",
    verify=r"""
for _ in range(2000):
    d = int(rng.integers(2, 20)); x = rng.normal(size=d)*rng.uniform(0.1, 5)
    h = (x - x.mean())/x.std()
    check(abs(h.sum()) < 1e-9 and np.isclose((h**2).sum(), d))
    for i in range(d):
        others = np.delete(h, i)
        check(h[i]**2 <= (d-1)*(others**2).sum() + 1e-9)
    check(np.all(np.abs(h) <= math.sqrt(d-1) + 1e-9))
t, dd = symbols('t dd', positive=True)
check(expand(t - ((dd - 1)*(dd - t)) - (dd*t - dd*(dd-1))) == 0)
x = np.zeros(768); x[0] = 1; h = (x - x.mean())/x.std()
check(np.isclose(h[0], math.sqrt(767)) and abs(math.sqrt(767) - 27.69) < 5e-3)
""",
    slip=dict(old=r"Rearranging, $d\,\hat x_i^2 \le d(d - 1)$, so $|\hat x_i| \le \sqrt{d - 1}$.",
              new=r"Rearranging, $d\,\hat x_i^2 \le d(d - 1)$, so $|\hat x_i| \le \sqrt{d - 2}$.",
              desc="off-by-one in the final bound",
              check="x = np.array([1.0, -1.0]); h = (x - x.mean())/x.std(); check(abs(h[0]) > math.sqrt(2 - 2))"),
)

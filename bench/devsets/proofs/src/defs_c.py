# Item definitions: defined-operation and rebinding styles.
ITEMS = []


def item(**kw):
    ITEMS.append(kw)


# ---------------------------------------------------------------- OPERATION
item(
    name="op_star_power_sum", style="operation", lemmas=[],
    title="The operation $a \\star b = a^b + b^a$",
    text=r"""Define $a \star b = a^b + b^a$ for positive integers $a, b$.
Then $2 \star 3 = 2^3 + 3^2 = 17$, and $\star$ is commutative because addition is.
Also $1 \star n = 1 + n$, and $2 \star 4 = 2^4 + 4^2 = 16 + 16 = 32$.
However $(1 \star 1) \star 2 = 2 \star 2 = 8$, while $1 \star (1 \star 2) = 1 \star 3 = 4$, so $\star$ is not associative.
""",
    verify=r"""
st = lambda a, b: a**b + b**a
check(st(2, 3) == 2**3 + 3**2 == 17)
check(all(st(a, b) == st(b, a) for a in range(1, 8) for b in range(1, 8)))
check(all(st(1, n) == 1 + n for n in range(1, 50)))
check(st(2, 4) == 16 + 16 == 32)
check(st(1, 1) == 2 and st(st(1, 1), 2) == 8 and st(1, 2) == 3 and st(1, st(1, 2)) == 4)
""",
    slip=dict(old=r"$2 \star 4 = 2^4 + 4^2 = 16 + 16 = 32$",
              new=r"$2 \star 4 = 2^4 + 4^2 = 16 + 8 = 24$",
              desc="arithmetic slip: 4^2 written as 8",
              check="check(4**2 != 8 and 2**4 + 4**2 != 24)"),
)

item(
    name="op_tanh_addition", style="operation", lemmas=["tanh_addition"],
    title="The operation $x \\diamond y = \\frac{x + y}{1 + xy}$",
    text=r"""Define $x \diamond y = \frac{x + y}{1 + xy}$ for $x, y \in (-1, 1)$.
Then $\frac12 \diamond \frac12 = \frac{1}{1 + \frac14} = \frac45$.
Next, $\frac45 \diamond \frac12 = \frac{\frac{13}{10}}{\frac75} = \frac{13}{14}$.
Since $\tanh(a + b) = \tanh a \diamond \tanh b$ and $\tanh$ is a bijection from $\mathbb R$ onto $(-1, 1)$, the operation $\diamond$ is associative and maps $(-1,1)^2$ into $(-1,1)$.
""",
    verify=r"""
R = Rational
dm = lambda x, y: (x + y)/(1 + x*y)
check(dm(R(1,2), R(1,2)) == 1/(1 + R(1,4)) == R(4,5))
check(R(4,5) + R(1,2) == R(13,10) and 1 + R(4,5)*R(1,2) == R(7,5) and dm(R(4,5), R(1,2)) == R(13,14))
a, b = symbols('a b', real=True)
check(simplify(expand_trig(tanh(a + b)) - dm(tanh(a), tanh(b))) == 0)
x, y, z = symbols('x y z')
check(simplify(dm(dm(x, y), z) - dm(x, dm(y, z))) == 0)
for _ in range(1000):
    u, v = rng.uniform(-0.999, 0.999, size=2); check(-1 < (u+v)/(1+u*v) < 1)
""",
    slip=dict(old=r"$\frac12 \diamond \frac12 = \frac{1}{1 + \frac14} = \frac45$",
              new=r"$\frac12 \diamond \frac12 = \frac{1}{1 + \frac14} = \frac34$",
              desc="arithmetic slip: 1/(5/4) written as 3/4",
              check="check(1/(1 + Rational(1,4)) != Rational(3,4))"),
)

item(
    name="op_swish_odd_part", style="operation", lemmas=[],
    title="An identity for the Swish activation",
    text=r"""Define $\operatorname{sw}_\beta(x) = x \cdot s(\beta x)$ where $s(t) = \frac{1}{1 + e^{-t}}$ is the logistic sigmoid.
Then $\operatorname{sw}_\beta(0) = 0$ and $\operatorname{sw}_1(1) = \frac{1}{1 + e^{-1}} \approx 0.7311$.
Since $s(t) + s(-t) = \frac{1}{1 + e^{-t}} + \frac{e^{-t}}{e^{-t} + 1} = 1$, we get $\operatorname{sw}_\beta(x) - \operatorname{sw}_\beta(-x) = x\,s(\beta x) + x\,s(-\beta x) = x$ for all $x$.
So $\operatorname{sw}_1(-1) = \operatorname{sw}_1(1) - 1 \approx -0.2689$.
""",
    verify=r"""
x, t, beta = symbols('x t beta', real=True)
s = lambda u: 1/(1 + exp(-u))
sw = lambda u: u*s(beta*u)
check(sw(0) == 0)
check(abs(N(s(1)) - 0.7311) < 5e-5)
check(simplify(s(t) + s(-t) - 1) == 0)
check(simplify(1/(1+exp(t)) - exp(-t)/(exp(-t)+1)) == 0)
check(simplify(sw(x) - sw(-x) - x) == 0)
check(abs(N((-1)*s(-1)) - (-0.2689)) < 5e-5 and simplify(-s(-1) - (s(1) - 1)) == 0)
""",
    slip=dict(old=r"we get $\operatorname{sw}_\beta(x) - \operatorname{sw}_\beta(-x) = x\,s(\beta x) + x\,s(-\beta x) = x$",
              new=r"we get $\operatorname{sw}_\beta(x) + \operatorname{sw}_\beta(-x) = x\,s(\beta x) + x\,s(-\beta x) = x$",
              desc="sign slip: the difference, not the sum, equals x",
              check="s = lambda u: 1/(1+math.exp(-u)); check(not math.isclose(1*s(1) + (-1)*s(-1), 1))"),
)

item(
    name="op_softmax_values", style="operation", lemmas=[],
    title="Computing a softmax exactly",
    text=r"""Define $\operatorname{sm}(z)_i = e^{z_i}/\sum_j e^{z_j}$ for $z \in \mathbb R^n$.
For $z = (0, \ln 2, \ln 5)$ we have $e^{z} = (1, 2, 5)$ with sum $8$.
So $\operatorname{sm}(z) = (\frac18, \frac14, \frac58)$.
For any $c \in \mathbb R$, $\operatorname{sm}(z + c\mathbf 1) = \operatorname{sm}(z)$, because $e^{z_i + c} = e^c e^{z_i}$ and the factor $e^c$ cancels.
This is why implementations subtract $\max_i z_i$ before exponentiating.
""",
    verify=r"""
z = [0, log(2), log(5)]
ez = [exp(v) for v in z]
check(ez == [1, 2, 5] and sum(ez) == 8)
sm = lambda zz: [exp(v)/sum(exp(u) for u in zz) for v in zz]
check(sm(z) == [Rational(1,8), Rational(1,4), Rational(5,8)])
c = symbols('c', real=True)
check(all(simplify(a - b) == 0 for a, b in zip(sm([v + c for v in z]), sm(z))))
""",
    slip=dict(old=r"So $\operatorname{sm}(z) = (\frac18, \frac14, \frac58)$.",
              new=r"So $\operatorname{sm}(z) = (\frac17, \frac27, \frac57)$.",
              desc="wrong normaliser: the sum of (1,2,5) is 8, not 7",
              check="check(1 + 2 + 5 != 7 and Rational(1,8) != Rational(1,7))"),
)

item(
    name="op_circle_group", style="operation", lemmas=[],
    title="The operation $a \\circ b = a + b + ab$",
    text=r"""Define $a \circ b = a + b + ab$ on the reals.
Then $a \circ b = (1 + a)(1 + b) - 1$, so $\circ$ is commutative and associative, with identity $0$.
For example $2 \circ 3 = 2 + 3 + 6 = 11 = 3 \cdot 4 - 1$, and $1 \circ 1 \circ 1 = 2^3 - 1 = 7$.
For $a \ne -1$ the inverse is $a' = -\frac{a}{1 + a}$: indeed $a \circ a' = (1 + a)\cdot\frac{1}{1 + a} - 1 = 0$.
""",
    verify=r"""
a, b, c = symbols('a b c')
op = lambda x, y: x + y + x*y
check(expand(op(a, b) - ((1+a)*(1+b) - 1)) == 0)
check(expand(op(op(a, b), c) - op(a, op(b, c))) == 0 and op(a, 0) == a)
check(op(2, 3) == 2 + 3 + 6 == 11 == 3*4 - 1)
check(op(op(1, 1), 1) == 2**3 - 1 == 7)
ai = -a/(1 + a)
check(simplify(1 + ai - 1/(1 + a)) == 0 and simplify(op(a, ai)) == 0)
""",
    slip=dict(old=r"For $a \ne -1$ the inverse is $a' = -\frac{a}{1 + a}$",
              new=r"For $a \ne -1$ the inverse is $a' = -\frac{a}{1 - a}$",
              desc="wrong sign in the inverse",
              check="a = Rational(1,2); ai = -a/(1 - a); check(a + ai + a*ai != 0)"),
)

item(
    name="op_gcd_lcm", style="operation", lemmas=["gcd_lcm_product"],
    title="Meet and join of $12$ and $18$",
    text=r"""Define $a \wedge b = \gcd(a, b)$ and $a \vee b = \operatorname{lcm}(a, b)$ for positive integers.
Then $12 = 2^2 \cdot 3$ and $18 = 2 \cdot 3^2$.
So $12 \wedge 18 = 2 \cdot 3 = 6$ and $12 \vee 18 = 2^2 \cdot 3^2 = 36$.
Hence $(12 \wedge 18)(12 \vee 18) = 216 = 12 \cdot 18$, an instance of $(a \wedge b)(a \vee b) = ab$.
""",
    verify=r"""
check(factorint(12) == {2: 2, 3: 1} and factorint(18) == {2: 1, 3: 2})
check(gcd(12, 18) == 6 == 2*3 and lcm(12, 18) == 36 == 2**2*3**2)
check(6*36 == 216 == 12*18)
check(all(gcd(a, b)*lcm(a, b) == a*b for a in range(1, 60) for b in range(1, 60)))
""",
    slip=dict(old=r"$12 \vee 18 = 2^2 \cdot 3^2 = 36$",
              new=r"$12 \vee 18 = 2^2 \cdot 3^2 = 72$",
              desc="arithmetic slip: 2^2 * 3^2 = 36, not 72",
              check="check(2**2*3**2 != 72 and lcm(12, 18) != 72)"),
)

item(
    name="op_valid_convolution", style="operation", lemmas=[],
    title="Output length of a valid convolution",
    text=r"""Define the valid cross-correlation of $x \in \mathbb R^N$ with a kernel $w \in \mathbb R^K$ by $(x \ast w)_i = \sum_{k=0}^{K-1} w_k x_{i+k}$ for $i = 0, \dots, N - K$.
With $x = (1, 2, 3, 4)$ and $w = (1, -1)$: $x \ast w = (1 - 2, 2 - 3, 3 - 4) = (-1, -1, -1)$.
The output has length $N - K + 1 = 3$.
With zero padding $p$ on each side, the length becomes $N + 2p - K + 1$; for $p = 1$ that is $5$.
""",
    verify=r"""
x = [1, 2, 3, 4]; w = [1, -1]; Nn, K = len(x), len(w)
out = [sum(w[k]*x[i+k] for k in range(K)) for i in range(Nn - K + 1)]
check(out == [1-2, 2-3, 3-4] == [-1, -1, -1])
check(len(out) == Nn - K + 1 == 3)
check(list(np.correlate(x, w, mode='valid')) == out)
xp = [0] + x + [0]
check(len(np.correlate(xp, w, mode='valid')) == Nn + 2*1 - K + 1 == 5)
""",
    slip=dict(old=r"The output has length $N - K + 1 = 3$.",
              new=r"The output has length $N - K = 3$.",
              desc="off-by-one: N - K = 2",
              check="check(4 - 2 != 3)"),
)

item(
    name="op_hadamard_vs_matmul", style="operation", lemmas=["frobenius_submultiplicativity"],
    title="Hadamard product versus matrix product",
    text=r"""Define $(A \odot B)_{ij} = A_{ij}B_{ij}$.
Let $A = \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}$ and $B = \begin{pmatrix} 0 & 1 \\ 1 & 0 \end{pmatrix}$.
Then $A \odot B = \begin{pmatrix} 0 & 2 \\ 3 & 0 \end{pmatrix}$.
Whereas $AB = \begin{pmatrix} 2 & 1 \\ 4 & 3 \end{pmatrix}$ swaps the columns of $A$.
Since $\|A \odot B\|_F \le \|A\|_F\|B\|_F$ (each $|A_{ij}B_{ij}|^2 \le |A_{ij}|^2 \|B\|_F^2$), here $\sqrt{13} \le \sqrt{30}\cdot\sqrt2 = \sqrt{60}$.
""",
    verify=r"""
A = Matrix([[1, 2], [3, 4]]); B = Matrix([[0, 1], [1, 0]])
H = A.multiply_elementwise(B)
check(H == Matrix([[0, 2], [3, 0]]))
check(A*B == Matrix([[2, 1], [4, 3]]) and A*B == Matrix.hstack(A[:, 1], A[:, 0]))
fro2 = lambda M: sum(v**2 for v in M)
check(all(A[i]**2*B[i]**2 <= A[i]**2*fro2(B) for i in range(4)))
check(fro2(H) == 13 and fro2(A) == 30 and fro2(B) == 2 and sqrt(30)*sqrt(2) == sqrt(60) and 13 <= 60)
for _ in range(2000):
    P = rng.normal(size=(3,3)); Q = rng.normal(size=(3,3))
    check(np.linalg.norm(P*Q) <= np.linalg.norm(P)*np.linalg.norm(Q) + 1e-12)
""",
    slip=dict(old=r"Whereas $AB = \begin{pmatrix} 2 & 1 \\ 4 & 3 \end{pmatrix}$ swaps the columns of $A$.",
              new=r"Whereas $AB = \begin{pmatrix} 3 & 4 \\ 1 & 2 \end{pmatrix}$ swaps the columns of $A$.",
              desc="order slip: the stated matrix is BA (rows swapped), not AB",
              check="A = Matrix([[1,2],[3,4]]); B = Matrix([[0,1],[1,0]]); check(A*B != Matrix([[3,4],[1,2]]))"),
)

item(
    name="op_recurrence_jacobsthal", style="operation", lemmas=["induction"],
    title="A recursively defined sequence",
    text=r"""Define $f(0) = 0$, $f(1) = 1$ and $f(n) = f(n-1) + 2f(n-2)$ for $n \ge 2$.
Then $f(2) = 1 + 0 = 1$, $f(3) = 1 + 2 = 3$, $f(4) = 3 + 2 = 5$, and $f(5) = 5 + 6 = 11$.
The closed form is $f(n) = \frac{2^n - (-1)^n}{3}$, since both satisfy the same recurrence (the roots of $r^2 = r + 2$ are $2$ and $-1$) and agree at $n = 0, 1$.
Check: $f(5) = \frac{32 + 1}{3} = 11$.
""",
    verify=r"""
f = [0, 1]
for n in range(2, 40): f.append(f[n-1] + 2*f[n-2])
check(f[2] == 1 + 0 == 1 and f[3] == 1 + 2 == 3 and f[4] == 3 + 2 == 5 and f[5] == 5 + 6 == 11)
check(all(f[n] == (2**n - (-1)**n)//3 and (2**n - (-1)**n) % 3 == 0 for n in range(40)))
r = symbols('r'); check(set(solve(r**2 - r - 2, r)) == {2, -1})
check(Rational(32 + 1, 3) == 11)
""",
    slip=dict(old=r"$f(4) = 3 + 2 = 5$",
              new=r"$f(4) = 3 + 2 = 6$",
              desc="arithmetic slip: 3 + 2 written as 6",
              check="check(3 + 2 != 6)"),
)

# ---------------------------------------------------------------- REBINDING
item(
    name="rebind_shift_mean", style="rebinding", lemmas=[],
    title="Shifting and scaling before LayerNorm",
    text=r"""Let $x = (1, 3)$, so $\mu = 2$ and $\sigma^2 = \frac{(1 - 2)^2 + (3 - 2)^2}{2} = 1$.
Shift every entry by 10: $x + 10 = (11, 13)$, and now $\mu = 12$, while $\sigma^2$ is still $1$.
Scale the original instead: $3x = (3, 9)$, and now $\mu = 6$ and $\sigma^2 = 9$.
In all three cases $(x_i - \mu)/\sigma = (-1, 1)$, so LayerNorm without $\varepsilon$ ignores shifts and positive scalings.
""",
    verify=r"""
def ms(v):
    m = Rational(sum(v), len(v)); return m, sum((a - m)**2 for a in v)/len(v)
check(ms([1, 3]) == (2, 1) and Rational((1-2)**2 + (3-2)**2, 2) == 1)
check(ms([11, 13]) == (12, 1))
check(ms([3, 9]) == (6, 9))
for v in ([1, 3], [11, 13], [3, 9]):
    m, s2 = ms(v); check([(a - m)/sqrt(s2) for a in v] == [-1, 1])
""",
    slip=dict(old=r"$3x = (3, 9)$, and now $\mu = 6$ and $\sigma^2 = 9$",
              new=r"$3x = (3, 9)$, and now $\mu = 6$ and $\sigma^2 = 3$",
              desc="wrong scaling of the variance (scales by 3^2, not 3)",
              check="check(Rational((3-6)**2 + (9-6)**2, 2) != 3)"),
)

item(
    name="rebind_lr_halving", style="rebinding", lemmas=[],
    title="Halving a learning rate until it is below $10^{-3}$",
    text=r"""Let $\eta = 0.1$.
After the first plateau we halve it: now $\eta = 0.05$.
After the second plateau, now $\eta = 0.025$.
After $k$ halvings in total, $\eta = 0.1 \cdot 2^{-k}$.
Since $0.1/64 \approx 0.00156 \ge 10^{-3}$ and $0.1/128 \approx 0.00078 < 10^{-3}$, the rate first drops below $10^{-3}$ when $k = 7$.
""",
    verify=r"""
R = Rational
eta = R(1, 10); eta /= 2; check(eta == R(5, 100)); eta /= 2; check(eta == R(25, 1000))
check(R(1,10)/2**2 == R(25,1000))
check(R(1,10)/64 >= R(1,1000) and abs(N(R(1,10)/64) - 0.00156) < 5e-6)
check(R(1,10)/128 < R(1,1000) and abs(N(R(1,10)/128) - 0.00078) < 5e-6)
check(min(k for k in range(50) if R(1,10)/2**k < R(1,1000)) == 7)
""",
    slip=dict(old=r"the rate first drops below $10^{-3}$ when $k = 7$.",
              new=r"the rate first drops below $10^{-3}$ when $k = 6$.",
              desc="off-by-one in the number of halvings",
              check="check(Rational(1,10)/2**6 >= Rational(1,1000))"),
)

item(
    name="rebind_running_mean", style="rebinding", lemmas=[],
    title="Updating a running mean in place",
    text=r"""Keep a running mean $m$: start with $m = x_1$ and, for each new value $x_k$, set $m \leftarrow m + \frac{x_k - m}{k}$.
With data $4, 8, 6$: start with $m = 4$.
After $x_2 = 8$, now $m = 4 + \frac{8 - 4}{2} = 6$.
After $x_3 = 6$, now $m = 6 + \frac{6 - 6}{3} = 6$, which is indeed $\frac{4 + 8 + 6}{3}$.
A fourth value $x_4 = 10$ arrives: now $m = 6 + \frac{10 - 6}{4} = 7 = \frac{4 + 8 + 6 + 10}{4}$.
""",
    verify=r"""
xs = [4, 8, 6, 10]; m = Rational(xs[0]); hist = [m]
for k in range(2, 5):
    m = m + (xs[k-1] - m)/k; hist.append(m)
check(hist == [4, 6, 6, 7])
check(4 + Rational(8-4, 2) == 6 and 6 + Rational(0, 3) == 6 == Rational(18, 3))
check(6 + Rational(10-6, 4) == 7 == Rational(28, 4))
""",
    slip=dict(old=r"now $m = 6 + \frac{10 - 6}{4} = 7 = \frac{4 + 8 + 6 + 10}{4}$",
              new=r"now $m = 6 + \frac{10 - 6}{3} = \frac{22}{3} = \frac{4 + 8 + 6 + 10}{4}$",
              desc="off-by-one divisor in the update (k-1 instead of k)",
              check="check(Rational(22,3) != Rational(4+8+6+10, 4))"),
)

item(
    name="rebind_momentum_buffer", style="rebinding", lemmas=["geometric_series"],
    title="A momentum buffer under a constant gradient",
    text=r"""Heavy-ball momentum keeps $v \leftarrow \beta v + g$ with $\beta = 0.9$ and $v = 0$ initially; let the gradient be constant, $g = 1$.
After one step, now $v = 1$.
After two steps, now $v = 0.9 \cdot 1 + 1 = 1.9$.
After three steps, now $v = 0.9 \cdot 1.9 + 1 = 1.71 + 1 = 2.71$.
In general after $t$ steps $v = \sum_{s=0}^{t-1} 0.9^s = \frac{1 - 0.9^t}{1 - 0.9}$, which increases to $10$.
""",
    verify=r"""
R = Rational
b = R(9, 10); v = 0; vals = []
for t in range(1, 30):
    v = b*v + 1; vals.append(v)
    check(v == (1 - b**t)/(1 - b) == sum(b**s for s in range(t)))
check(vals[:3] == [1, R(19,10), R(271,100)] and b*R(19,10) == R(171,100))
t = symbols('t', positive=True)
check(limit((1 - b**t)/(1 - b), t, oo) == 10)
""",
    slip=dict(old=r"now $v = 0.9 \cdot 1.9 + 1 = 1.71 + 1 = 2.71$",
              new=r"now $v = 0.9 \cdot 1.9 + 1 = 1.81 + 1 = 2.81$",
              desc="arithmetic slip: 0.9 * 1.9 = 1.71",
              check="check(Rational(9,10)*Rational(19,10) != Rational(181,100))"),
)

item(
    name="rebind_residual_stream", style="rebinding", lemmas=[],
    title="The residual stream need not grow",
    text=r"""Let the residual stream start at $h = (1, 0)$, with $\|h\|_2 = 1$.
The first block adds $f_1(h) = (0, 2)$: now $h = (1, 2)$ and $\|h\|_2 = \sqrt5$.
The second block adds $f_2(h) = (-1, 0)$: now $h = (0, 2)$ and $\|h\|_2 = 2$.
Since $\sqrt5 > 2$, the norm of the stream went down, so it need not grow monotonically with depth.
""",
    verify=r"""
h = Matrix([1, 0]); check(h.norm() == 1)
h = h + Matrix([0, 2]); check(h == Matrix([1, 2]) and h.norm() == sqrt(5))
h = h + Matrix([-1, 0]); check(h == Matrix([0, 2]) and h.norm() == 2)
check(sqrt(5) > 2)
""",
    slip=dict(old=r"Since $\sqrt5 > 2$, the norm of the stream went down",
              new=r"Since $\sqrt5 < 2$, the norm of the stream went down",
              desc="reversed inequality between sqrt5 and 2",
              check="check(not (sqrt(5) < 2))"),
)

item(
    name="rebind_euclid_gcd", style="rebinding", lemmas=["euclid"],
    title="$\\gcd(252, 198)$ by the Euclidean algorithm",
    text=r"""To compute $\gcd(252, 198)$, repeatedly replace $(a, b)$ by $(b, a \bmod b)$, which keeps the gcd.
Start with $a = 252$, $b = 198$.
Since $252 = 1 \cdot 198 + 54$, now $a = 198$, $b = 54$.
Since $198 = 3 \cdot 54 + 36$, now $a = 54$, $b = 36$.
Since $54 = 1 \cdot 36 + 18$, now $a = 36$, $b = 18$.
Since $36 = 2 \cdot 18 + 0$, now $a = 18$, $b = 0$, and so $\gcd(252, 198) = 18$.
""",
    verify=r"""
check(252 == 1*198 + 54 and 198 == 3*54 + 36 and 54 == 1*36 + 18 and 36 == 2*18 + 0)
a, b = 252, 198; seq = []
while b: a, b = b, a % b; seq.append((a, b))
check(seq == [(198, 54), (54, 36), (36, 18), (18, 0)])
check(gcd(252, 198) == 18)
""",
    slip=dict(old=r"Since $198 = 3 \cdot 54 + 36$, now $a = 54$, $b = 36$.",
              new=r"Since $198 = 3 \cdot 54 + 46$, now $a = 54$, $b = 46$.",
              desc="arithmetic slip: 198 - 162 = 36, not 46",
              check="check(3*54 + 46 != 198)"),
)

item(
    name="rebind_loss_scaling", style="rebinding", lemmas=[],
    title="Dynamic loss scaling in mixed precision",
    text=r"""Let the loss be $L = 0.002$ and the loss scale $S = 1024$.
Before backpropagation the loss is multiplied by $S$: now $L = 0.002 \cdot 1024 = 2.048$.
Every gradient is then scaled by the same factor $S$, so dividing by $S$ afterwards recovers the true gradient.
If an overflow is detected, the scale is halved: now $S = 512$, and the next scaled loss (for the same unscaled value $0.002$) is $L = 1.024$.
""",
    verify=r"""
R = Rational
check(R(2,1000)*1024 == R(2048,1000))
w = symbols('w'); Lw = w**2/1000
check(simplify(diff(1024*Lw, w)/1024 - diff(Lw, w)) == 0)
check(1024/2 == 512 and R(2,1000)*512 == R(1024,1000))
""",
    slip=dict(old=r"now $L = 0.002 \cdot 1024 = 2.048$",
              new=r"now $L = 0.002 \cdot 1024 = 20.48$",
              desc="decimal slip: 0.002 * 1024 = 2.048",
              check="check(Rational(2,1000)*1024 != Rational(2048,100))"),
)

item(
    name="rebind_newton_sqrt2", style="rebinding", lemmas=[],
    title="Newton's iteration for $\\sqrt2$",
    text=r"""Newton's method for $x^2 = 2$ updates $x \leftarrow \frac12\left(x + \frac2x\right)$.
Start with $x = 1$; after one step, now $x = \frac12(1 + 2) = \frac32$.
$$
\begin{aligned}
x &= \tfrac12\left(\tfrac32 + \tfrac43\right) = \tfrac{17}{12}, \\
x &= \tfrac12\left(\tfrac{17}{12} + \tfrac{24}{17}\right) = \tfrac{577}{408}.
\end{aligned}
$$
Now $x^2 - 2 = \frac{577^2}{408^2} - 2 = \frac{332929 - 332928}{166464} = \frac{1}{166464}$.
""",
    verify=r"""
R = Rational
nw = lambda x: (x + 2/x)/2
x = R(1); x = nw(x); check(x == R(3,2) == R(1,2)*(1 + 2))
check(2/R(3,2) == R(4,3)); x = nw(x); check(x == R(17,12))
check(2/R(17,12) == R(24,17)); x = nw(x); check(x == R(577,408))
check(577**2 == 332929 and 408**2 == 166464 and 2*166464 == 332928)
check(x**2 - 2 == R(1, 166464))
""",
    slip=dict(old=r"x &= \tfrac12\left(\tfrac32 + \tfrac43\right) = \tfrac{17}{12}, \\",
              new=r"x &= \tfrac12\left(\tfrac32 + \tfrac43\right) = \tfrac{17}{6}, \\",
              desc="dropped the factor 1/2 in the second Newton step",
              check="check(Rational(1,2)*(Rational(3,2) + Rational(4,3)) != Rational(17,6))"),
)

item(
    name="rebind_weight_decay_halving", style="rebinding", lemmas=[],
    title="Steps of weight decay needed to halve a weight",
    text=r"""Decoupled weight decay without gradient updates sets $w \leftarrow (1 - \eta\lambda)w$ with $\eta\lambda = 0.01$; start with $w = 5$.
After one step, now $w = 4.95$; after $t$ steps, $w = 5 \cdot 0.99^t$.
Halving requires $0.99^t \le \frac12$, i.e. $t \ge \frac{\ln 2}{-\ln 0.99} \approx 68.97$.
Indeed $0.99^{68} \approx 0.5049 > \frac12$ and $0.99^{69} \approx 0.4998 \le \frac12$.
So $w$ first falls to half its size after $t = 69$ steps.
""",
    verify=r"""
R = Rational
check(5*R(99,100) == R(495,100))
check(abs(N(log(2)/(-log(R(99,100)))) - 68.97) < 5e-3)
check(R(99,100)**68 > R(1,2) and abs(N(R(99,100)**68) - 0.5049) < 5e-5)
check(R(99,100)**69 <= R(1,2) and abs(N(R(99,100)**69) - 0.4998) < 5e-5)
check(min(t for t in range(200) if R(99,100)**t <= R(1,2)) == 69)
""",
    slip=dict(old=r"So $w$ first falls to half its size after $t = 69$ steps.",
              new=r"So $w$ first falls to half its size after $t = 68$ steps.",
              desc="off-by-one: 0.99^68 > 1/2",
              check="check(Rational(99,100)**68 > Rational(1,2))"),
)

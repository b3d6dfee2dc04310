from common import *
C = Checker("keys/020_cauchy_schwarz_qk.md")
import random
random.seed(20)
Rn = sp.Rational
t = sp.Symbol("t", real=True)
for d in (2, 3, 4):
    q = sp.Matrix(sp.symbols(f"q1:{d+1}", real=True)); k = sp.Matrix(sp.symbols(f"k1:{d+1}", real=True))
    qk = (q.T * k)[0]; nq2 = (q.T * q)[0]; nk2 = (k.T * k)[0]
    C.c("for every real $t$, $0 \\le", "expansion", zero(((q - t * k).T * (q - t * k))[0] - (nq2 - 2 * t * qk + t**2 * nk2)))
    ex = (nq2 - 2 * t * qk + t**2 * nk2).subs(t, qk / nk2)
    C.c("Choosing $t = q^\\top k", "substitution", zero(ex - (nq2 - qk**2 / nk2)))
    # Lagrange identity proves CS: ||q||^2||k||^2 - (q.k)^2 = sum_{i<j} (q_i k_j - q_j k_i)^2
    C.c("**Lemma (Cauchy", "CS via Lagrange identity", zero(nq2 * nk2 - qk**2 - sum((q[i] * k[j] - q[j] * k[i])**2 for i in range(d) for j in range(i + 1, d))))
ok1 = ok2 = True
for _ in range(300):
    d = random.choice([1, 2, 3, 4, 64])
    q = [Rn(random.randint(-10, 10), 10) for _ in range(d)]; k = [Rn(random.randint(-10, 10), 10) for _ in range(d)]
    qk = sum(a * b for a, b in zip(q, k)); nq = sp.sqrt(sum(a * a for a in q)); nk = sp.sqrt(sum(b * b for b in k))
    s = qk / sp.sqrt(d)
    ok1 &= sp.N(abs(s) - nq * nk / sp.sqrt(d), 50) <= 1e-40
    ok2 &= nq <= sp.sqrt(d) and nk <= sp.sqrt(d) and sp.N(abs(s) - sp.sqrt(d), 50) <= 1e-40
C.c("**Consequence.**", "consequence", ok1)
C.c("If every entry of $q$", "entries in [-1,1]", ok2 and zero(sp.sqrt(5) * sp.sqrt(5) / sp.sqrt(5) - sp.sqrt(5)))
C.c("The bound is attained", "attained", all(sum([1] * d) == d == sp.sqrt(d) * sp.sqrt(d) and sp.simplify(Rn(d) / sp.sqrt(d) - sp.sqrt(d)) == 0 for d in (1, 2, 3, 64)))
C.c("With $d = 64$", "d=64", sp.sqrt(64) == 8)
a, b = sp.symbols("a b", nonnegative=True)
C.c("A cheaper but weaker bound", "AM-GM", zero(Rn(1, 2) * (a**2 + b**2) - a * b - Rn(1, 2) * (a - b)**2))
q = [1, 2, 2]; k = [2, 0, 1]
C.c("Numerically, $q = (1, 2, 2)$", "numbers", abs(sum(x * y for x, y in zip(q, k))) == 4 and sp.sqrt(9) * sp.sqrt(5) == 3 * sp.sqrt(5) and rounds_to(3 * sp.sqrt(5), "6.7082") and 4 <= 3 * sp.sqrt(5) <= Rn(14, 2) == 7)
C.done()

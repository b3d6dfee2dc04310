from common import *
C = Checker("keys/019_triangle_residual.md")
import random
random.seed(19)
Rn = sp.Rational
def nrm(v): return sp.sqrt(sum(t**2 for t in v))
ok_up = ok_lo = ok_tri = ok_rev = ok_h1 = ok_h2 = True
for _ in range(300):
    d = random.choice([2, 3, 4])
    x = [Rn(random.randint(-9, 9), random.randint(1, 4)) for _ in range(d)]
    L = Rn(random.randint(0, 30), 10)
    # random F(x) with ||F(x)|| <= L ||x||
    u = [Rn(random.randint(-9, 9), 3) for _ in range(d)]
    nu = nrm(u)
    scale = Rn(random.randint(0, 10), 10) * L * nrm(x) / nu if nu != 0 else 0
    F = [scale * t for t in u]
    a, b, c = sp.N(nrm([xi + fi for xi, fi in zip(x, F)]), 50), sp.N(nrm(x), 50), sp.N(nrm(F), 50)
    tol = 1e-40
    ok_tri &= a <= b + c + tol
    ok_h1 &= b + c <= b + L * b + tol
    ok_rev &= a >= b - c - tol
    ok_h2 &= b - c >= (1 - L) * b - tol
    ok_up &= a <= (1 + L) * b + tol
    ok_lo &= a >= (1 - L) * b - tol
C.ck(4, "claimed sandwich", ok_up and ok_lo, "(1 - L)\\|x\\|_2 \\le \\|x + F(x)\\|_2 \\le (1 + L)\\|x\\|_2")
C.c("By the triangle inequality", "triangle", ok_tri)
C.c("By the hypothesis on $F$", "hypothesis step", ok_h1)
C.c("reverse triangle inequality", "reverse triangle", ok_rev)
C.c("Since $-\\|F(x)\\|_2 \\ge -L\\|x\\|_2$", "lower step", ok_h2)
ok = True
for _ in range(200):
    Ls = [Rn(random.randint(0, 20), 10) for _ in range(random.randint(1, 6))]
    ok &= sp.prod([1 + l for l in Ls]) <= sp.exp(sum(Ls))
C.c("Applying the claim to each of $n$ blocks", "product bound", ok)
x = [3, 4]
C.c("The upper bound is attained", "attained", all(nrm([xi + l * xi for xi in x]) == (1 + l) * nrm(x) for l in (0, Rn(1, 2), 2)))
C.c("When $L \\ge 1$", "vacuous", all((1 - l) * 5 <= 0 for l in (1, Rn(3, 2), 4)) and all(xi + (-xi) == 0 for xi in x))
F = [Rn(3, 10), Rn(-4, 10)]
C.c("Example: $x = (3, 4)$", "example", nrm(F) == Rn(1, 2) == Rn(1, 10) * nrm(x) and [xi + fi for xi, fi in zip(x, F)] == [Rn(33, 10), Rn(36, 10)] and rounds_to(nrm([Rn(33, 10), Rn(36, 10)]), "4.8836") and Rn(45, 10) <= nrm([Rn(33, 10), Rn(36, 10)]) <= Rn(55, 10))
C.ck(1, "title claim", ok_up and ok_lo, "between $1 - L$ and $1 + L$")
C.done()

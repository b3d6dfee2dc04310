from common import *
C = Checker("keys/024_relu_cases.md")
Rn = sp.Rational
relu = lambda v: max(0, v)
pts = [Rn(k, 4) for k in range(-40, 41)]
pos = [v for v in pts if v >= 0]; neg = [v for v in pts if v < 0]
C.c("**Claim.** For every real $x$", "claims", all(relu(v) - relu(-v) == v and relu(v) + relu(-v) == abs(v) and relu(v) * relu(-v) == 0 for v in pts))
C.c("**Case 1: $x \\ge 0$.**", "case1 values", all(-v <= 0 and relu(v) == v and relu(-v) == 0 for v in pos))
C.c("Hence (a) reads $x - 0 = x$", "case1 readings", all(v - 0 == v and v + 0 == v == abs(v) and v * 0 == 0 for v in pos))
C.c("**Case 2: $x < 0$.**", "case2 values", all(-v > 0 and relu(v) == 0 and relu(-v) == -v for v in neg))
C.c("Hence (a) reads $0 - (-x) = x$", "case2 readings", all(0 - (-v) == v and 0 + (-v) == -v == abs(v) and 0 * (-v) == 0 for v in neg))
C.c("The two cases exhaust", "exhaust", all((v >= 0) or (v < 0) for v in pts))
C.c("**Corollaries.** Adding", "formulas", all(relu(v) == (v + abs(v)) / 2 and relu(-v) == (abs(v) - v) / 2 for v in pts))
# symmetric h: exact with a symmetric discrete law
law = [(-3, Rn(1, 8)), (-1, Rn(3, 8)), (1, Rn(3, 8)), (3, Rn(1, 8))]
C.c("Squaring (a) and using (c)", "square identity and symmetric", all(relu(v)**2 + relu(-v)**2 == v**2 for v in pts) and sum(p * relu(v)**2 for v, p in law) == Rn(1, 2) * sum(p * v**2 for v, p in law))
C.c("Also $|\\operatorname{relu}(x) - \\operatorname{relu}(y)|", "1-Lipschitz", all(abs(relu(a) - relu(b)) <= abs(a - b) for a in pts for b in pts) and all(abs(relu(a) - relu(b)) == a <= a - b for a in pos for b in neg))
C.done()

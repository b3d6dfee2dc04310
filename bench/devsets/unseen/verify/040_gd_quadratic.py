from common import *
KEY = "keys/040_gd_quadratic.md"
META = dict(kind="proof", topic="stability of gradient descent on a quadratic: eta < 2/lambda")
SLIP = dict(line=9, old=r"i.e. when $0 < \eta\lambda < 2$", new=r"which holds for every $\eta > 0$ because $\lambda > 0$", kind="lemma-condition",
            desc="the contraction rho = |1 - eta lambda| < 1 is claimed for every eta > 0, but it holds only for eta < 2/lambda. "
                 "Witness lambda = 1, eta = 3: rho = |1 - 3| = 2.")
R = sp.Rational
lam, eta, w0, w = sp.symbols('lambda eta w0 w', real=True)

def check(doc):
    doc.note(3, r"f(w) = \frac{\lambda}{2} w^2", r"\eta > 0")
    f = lam / 2 * w**2
    doc.eq(5, [r"f'(w) = \lambda w"], sp.diff(f, w), lam * w)
    doc.eq(5, [r"w_{t+1} = (1 - \eta\lambda) w_t"], w - eta * sp.diff(f, w), (1 - eta * lam) * w)
    seq = [w0]
    for t in range(8):
        seq.append(seq[-1] - eta * lam * seq[-1])
        doc.eq(5, [r"w_t = (1 - \eta\lambda)^t w_0"], seq[-1], (1 - eta * lam)**(t + 1) * w0)
    def stable():
        l = urand(0.01, 10); return (l, urand(1e-6, 2 - 1e-6) / l)
    def unstable():
        l = urand(0.01, 10); return (l, urand(2 + 1e-3, 10) / l)
    doc.forall(7, [r"If $0 < \eta < 2/\lambda$ then $w_t \to 0$"], lambda l, e: abs(1 - e * l) < 1, stable)
    doc.forall(7, [r"if $\eta > 2/\lambda$ then $|w_t| \to \infty$"], lambda l, e: abs(1 - e * l) > 1, unstable)
    x = sp.Symbol('x', real=True)
    doc.true(9, [r"\rho < 1$ exactly when $-1 < 1 - \eta\lambda < 1$", r"i.e. when $0 < \eta\lambda < 2$"],
             sp.solveset(sp.Abs(1 - x) < 1, x, sp.S.Reals) == sp.Interval.open(0, 2)
             and sp.solveset(-1 < 1 - x, x, sp.S.Reals).intersect(sp.solveset(1 - x < 1, x, sp.S.Reals)) == sp.Interval.open(0, 2))
    r = sp.Symbol('r', positive=True); tt = sp.Symbol('t', integer=True, positive=True)
    doc.eq(11, [r"|w_t| = \rho^t |w_0| \to 0"], sp.limit(R(9, 10)**tt, tt, sp.oo), 0)
    doc.forall(11, [r"then $1 - \eta\lambda < -1$, so $\rho > 1$"], lambda l, e: 1 - e * l < -1 and abs(1 - e * l) > 1, unstable)
    doc.true(11, [r"|w_t| = \rho^t |w_0| \to \infty"], sp.limit(R(11, 10)**tt, tt, sp.oo) == sp.oo)
    l = sp.Symbol('l', positive=True)
    doc.eq(13, [r"$\eta = 2/\lambda$ we have $\rho = 1$"], sp.Abs(1 - 2 / l * l), 1)
    for t in range(6):
        doc.eq(13, [r"w_t = (-1)^t w_0"], ((1 - 2 / l * l)**t * w0), (-1)**t * w0)
    H = sp.diag(R(1, 2), 3, 5)
    ws = sp.Matrix(sp.symbols('a1:4', real=True))
    doc.eq(15, [r"f(w) = \frac12 w^\top H w"], sp.Matrix([sp.diff((ws.T * H * ws)[0] / 2, a) for a in ws]), H * ws)
    doc.true(15, [r"requires $\eta < 2/\lambda_d$, set by the largest eigenvalue"],
             all((max(abs(1 - e * ev) for ev in (R(1, 2), 3, 5)) < 1) == (e < R(2, 5)) for e in [R(k, 100) for k in range(1, 100)]))
    doc.eq(17, [r"$\eta = 0.3$ gives $\rho = |1 - 1.2| = 0.2$"], sp.Abs(1 - R(3, 10) * 4), R(1, 5))
    doc.eq(17, [r"|1 - 1.2| = 0.2"], sp.Abs(1 - R(12, 10)), R(2, 10))
    doc.eq(17, [r"$\eta = 0.6$ gives $\rho = |1 - 2.4| = 1.4$"], sp.Abs(1 - R(6, 10) * 4), R(14, 10))
    doc.true(17, ["fast convergence", "divergence"], R(1, 5) < 1 < R(14, 10))
    doc.eq(19, [r"$\eta = 1/\lambda$, where $\rho = 0$"], sp.Abs(1 - 1 / l * l), 0)
    doc.eq(19, [r"already $w_1 = 0$"], w0 - 1 / l * l * w0, 0)
    doc.true(19, ["The fastest rate"], sp.Matrix(sp.solve(sp.diff((1 - x)**2, x), x)) == sp.Matrix([1]))
    return doc.finish()

def slip_false(doc):
    l, e = 1, 3
    return false_at(doc, 9, [r"which holds for every $\eta > 0$ because $\lambda > 0$"], abs(1 - e * l) < 1, f"lambda=1, eta=3: rho = {abs(1 - e*l)} >= 1")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))

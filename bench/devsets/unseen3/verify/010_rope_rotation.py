from common import *
C = Checker("keys/010_rope_rotation.md")
ph, a, b, th = sp.symbols("phi alpha beta theta", real=True)
m, n = sp.symbols("m n", integer=True)
R = lambda t: sp.Matrix([[sp.cos(t), -sp.sin(t)], [sp.sin(t), sp.cos(t)]])
x1, x2 = sp.symbols("x1 x2", real=True); x = sp.Matrix([x1, x2])
C.ck(5, "R^T R", mat_zero(R(ph).T * R(ph) - sp.Matrix([[sp.cos(ph)**2 + sp.sin(ph)**2, 0], [0, sp.sin(ph)**2 + sp.cos(ph)**2]])) and mat_zero(R(ph).T * R(ph) - sp.eye(2)), "= I")
Rx = R(ph) * x
C.ck(6, "norm preserved", zero((Rx.T * Rx)[0] - (x.T * R(ph).T * R(ph) * x)[0]) and zero((Rx.T * Rx)[0] - (x1**2 + x2**2)) and zero((x1 * sp.cos(ph) - x2 * sp.sin(ph))**2 + (x1 * sp.sin(ph) + x2 * sp.cos(ph))**2 - x1**2 - x2**2), "= x_1^2 + x_2^2")
C.ck(7, "composition, inverse", mat_zero(sp.expand_trig(R(a) * R(b) - R(a + b))) and mat_zero(R(ph).T - R(-ph)), "R(\\phi)^\\top = R(-\\phi)")
q = sp.Matrix(sp.symbols("q1 q2", real=True)); k = sp.Matrix(sp.symbols("k1 k2", real=True))
lhs = ((R(m * th) * q).T * (R(n * th) * k))[0]
C.ck(9, "relative score", zero(sp.expand_trig(lhs - (q.T * R(m * th).T * R(n * th) * k)[0])) and zero(sp.expand_trig(lhs - (q.T * R((n - m) * th) * k)[0])), "q^\\top R((n - m)\\theta)\\, k")
C.ck(10, "offset only: shift both positions by c leaves score fixed", zero(sp.expand_trig(lhs.subs({m: m + 5, n: n + 5}, simultaneous=True) - lhs)), "offset $n - m$")
C.ck(11, "det", zero(R(ph).det() - 1) and R(ph).det() == sp.cos(ph)**2 + sp.sin(ph)**2, "= 1")
J = sp.Matrix([[0, -1], [1, 0]])
C.ck(12, "R'", R(ph).diff(ph) == sp.Matrix([[-sp.sin(ph), -sp.cos(ph)], [sp.cos(ph), -sp.sin(ph)]]) and mat_zero(R(ph).diff(ph) - R(ph) * J), "= R(\\phi) J")
C.done()

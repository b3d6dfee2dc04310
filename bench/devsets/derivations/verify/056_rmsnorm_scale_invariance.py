import sympy as sp
from _check import eq, mat_eq
for d in (2, 3, 4):
    x = sp.Matrix(sp.symbols(f"x1:{d+1}", real=True)); c = sp.Symbol("c", real=True, nonzero=True); cp = sp.Symbol("cp", positive=True)
    rms = lambda v: sp.sqrt(sum(t**2 for t in v) / d)
    y = x / rms(x)
    eq(rms(c * x), sp.Abs(c) * rms(x))
    mat_eq(c * x / rms(c * x), sp.sign(c) * y)
    mat_eq(cp * x / rms(cp * x), y)
    mat_eq(-cp * x / rms(-cp * x), -y)
    eq(sum(t**2 for t in y) / d, 1); eq(sp.sqrt(sum(t**2 for t in y)), sp.sqrt(d))
    mat_eq(y.jacobian(x) * x, sp.zeros(d, 1))
    mat_eq(sp.diff((cp * x / rms(cp * x)), cp).subs(cp, 1), sp.zeros(d, 1))
r = lambda v: v / sp.sqrt(sum(t**2 for t in v) / 2)
mat_eq(r(sp.Matrix([1, 0])), sp.Matrix([sp.sqrt(2), 0]))
mat_eq(r(sp.Matrix([2, 1])), sp.Matrix([2 * sp.sqrt(2) / sp.sqrt(5), sp.sqrt(2) / sp.sqrt(5)]))
print("056 ok")

import sympy as sp
d, h, n = 768, 12, 512
dh = d // h
assert dh * h == d and dh == 64
assert 1 / sp.sqrt(dh) == sp.Rational(1, 8) == sp.Rational("0.125")
assert n * h * dh == n * d
assert n**2 == 262144 and 12 * 262144 == 3145728
assert 4 * 3145728 == 12582912 == 12 * 2**20
assert h * dh == 768
print("023 ok")

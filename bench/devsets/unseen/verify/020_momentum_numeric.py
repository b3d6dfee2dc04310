from common import *
KEY = "keys/020_momentum_numeric.md"
META = dict(kind="numeric", topic="four heavy-ball momentum steps on f(w) = 2 w^2")
SLIP = dict(line=9, old=r"u_3 = 0.9 \cdot 6 + 0 = 5.4", new=r"u_3 = 0.9 \cdot 4 + 0 = 3.6", kind="rebound",
            desc="u_3 computed with the stale velocity u_1 = 4 instead of the current u_2 = 6: true u_3 = 5.4, claimed 3.6.")
R = sp.Rational

def run(mu=R(9, 10)):
    a, eta = 4, R(1, 10)
    w, u = [R(1)], [R(0)]
    for t in range(4):
        u.append(mu * u[-1] + a * w[-1]); w.append(w[-1] - eta * u[-1])
    return w, u

def check(doc):
    w, u = run()
    f = lambda t: 2 * t**2
    doc.note(3, r"f(w) = \frac{a}{2} w^2", r"f'(w) = a w")
    doc.eq(3, [r"f'(w) = a w"], sp.diff(sp.Symbol('a') / 2 * sp.Symbol('w')**2, sp.Symbol('w')), sp.Symbol('a') * sp.Symbol('w'))
    doc.eq(5, [r"f'(w_0) = 4"], 4 * w[0], 4)
    doc.eq(5, [r"u_1 = 0.9 \cdot 0 + 4 = 4"], u[1], 4)
    doc.eq(5, [r"w_1 = 1 - 0.1 \cdot 4 = 0.6"], w[1], R('0.6'))
    doc.eq(7, [r"f'(w_1) = 2.4"], 4 * w[1], R('2.4'))
    doc.eq(7, [r"u_2 = 0.9 \cdot 4 + 2.4 = 6"], u[2], R('0.9') * 4 + R('2.4'))
    doc.eq(7, [r"= 6$"], u[2], 6)
    doc.eq(7, [r"w_2 = 0.6 - 0.1 \cdot 6 = 0"], w[2], 0)
    doc.eq(9, [r"f'(w_2) = 0"], 4 * w[2], 0)
    doc.eq(9, [r"u_3 = 0.9 \cdot 6 + 0 = 5.4"], u[3], R('5.4'))
    doc.eq(9, [r"w_3 = 0 - 0.54 = -0.54"], w[3], R('-0.54'))
    doc.eq(11, [r"f'(w_3) = -2.16"], 4 * w[3], R('-2.16'))
    doc.eq(11, [r"u_4 = 0.9 \cdot 5.4 - 2.16 = 2.7"], u[4], R('2.7'))
    doc.eq(11, [r"w_4 = -0.54 - 0.27 = -0.81"], w[4], R('-0.81'))
    for i, t in enumerate(['2', '0.72', '0', '0.5832', '1.3122']):
        doc.eq(13, [f"f(w_{i}) = {t}"], f(w[i]), R(t))
    doc.true(13, [r"overshoot past the minimiser $w^\star = 0$"], w[3] < 0 < w[1])
    w0, _ = run(0)
    doc.eq(15, [r"1 - \eta a = 0.6"], 1 - R(1, 10) * 4, R('0.6'))
    doc.eq(15, [r"w_4 = 0.6^4 = 0.1296"], w0[4], R('0.1296'))
    return doc.finish()

def slip_false(doc):
    w, u = run()
    return false_at(doc, 9, [r"u_3 = 0.9 \cdot 4 + 0 = 3.6"], u[3] == R('3.6'), f"true u_3 = {u[3]}, claimed 3.6 (used u_1 = 4, not u_2 = {u[2]})")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))

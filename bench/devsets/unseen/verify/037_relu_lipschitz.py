from common import *
KEY = "keys/037_relu_lipschitz.md"
META = dict(kind="proof", topic="ReLU is 1-Lipschitz by case analysis")
SLIP = dict(line=11, old=r"we get $a < a - b = |a - b|$", new=r"we get $a < a + b = |a - b|$", kind="sign",
            desc="sign of b flipped: with b < 0, a + b < a, so a < a + b is false. Witness a = 1, b = -1: 1 < 0 is false (and a + b = 0 != |a - b| = 2).")
relu = lambda t: max(0, t)

def check(doc):
    doc.forall(3, [r"|\operatorname{ReLU}(a) - \operatorname{ReLU}(b)| \le |a - b|"], lambda a, b: abs(relu(a) - relu(b)) <= abs(a - b), lambda: (urand(-10, 10), urand(-10, 10)))
    doc.forall(5, ["symmetric in $a$ and $b$"], lambda a, b: abs(relu(a) - relu(b)) == abs(relu(b) - relu(a)) and abs(a - b) == abs(b - a), lambda: (urand(-10, 10), urand(-10, 10)))
    def c1():
        b = urand(0, 10); return (b + urand(0, 10), b)
    def c2():
        a = urand(-10, -1e-9); return (a, a - urand(0, 10))
    def c3():
        return (urand(0, 10), urand(-10, -1e-9))
    doc.forall(7, [r"\operatorname{ReLU}(a) - \operatorname{ReLU}(b) = a - b"], lambda a, b: relu(a) - relu(b) == a - b, c1)
    doc.forall(9, ["both values are $0$", r"0 \le a - b"], lambda a, b: relu(a) == 0 and relu(b) == 0 and 0 <= a - b, c2)
    doc.forall(11, [r"|\operatorname{ReLU}(a) - \operatorname{ReLU}(b)| = a"], lambda a, b: abs(relu(a) - relu(b)) == a, c3)
    doc.forall(11, [r"since $-b > 0$ we get $a < a - b = |a - b|$"], lambda a, b: -b > 0 and a < a - b and a - b == abs(a - b), c3)
    doc.forall(13, ["The three cases cover all $a \\ge b$"], lambda a, b: (a >= b >= 0) or (0 > a >= b) or (a >= 0 > b) if a >= b else True, lambda: (urand(-10, 10), urand(-10, 10)))
    nrm = lambda u: mp.sqrt(mp.fsum(t * t for t in u))
    doc.forall(15, [r"\|\operatorname{ReLU}(x) - \operatorname{ReLU}(y)\|_2 \le \|x - y\|_2"], lambda u, v: nrm([relu(p) - relu(q) for p, q in zip(u, v)]) <= nrm([p - q for p, q in zip(u, v)]),
               lambda: ([urand(-5, 5) for _ in range(4)], [urand(-5, 5) for _ in range(4)]))
    x = [1, -2]; y = [-1, 1]
    dr = [relu(p) - relu(q) for p, q in zip(x, y)]
    doc.eq(17, [r"= \|(1, -1)\|_2 = \sqrt2"], sp.Matrix(dr), sp.Matrix([1, -1]))
    doc.eq(17, [r"\|(1, -1)\|_2 = \sqrt2"], sp.sqrt(sum(t**2 for t in dr)), sp.sqrt(2))
    doc.approx(17, [r"\sqrt2 \approx"], sp.sqrt(2), "1.4142")
    doc.eq(17, [r"\|x - y\|_2 = \sqrt{13}"], sp.sqrt(sum((p - q)**2 for p, q in zip(x, y))), sp.sqrt(13))
    doc.approx(17, [r"\sqrt{13} \approx"], sp.sqrt(13), "3.6056")
    return doc.finish()

def slip_false(doc):
    a, b = 1, -1
    return false_at(doc, 11, [r"we get $a < a + b = |a - b|$"], a < a + b, "a = 1, b = -1: a < a + b reads 1 < 0")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))

from common import *
KEY = "keys/012_ridge_gradient.md"
META = dict(kind="symbolic", topic="gradient, Hessian and normal equations of ridge regression")
SLIP = dict(line=10, old=r"\nabla_w L = \frac1n X^\top (X w - y) + \lambda w$", new=r"\nabla_w L = X^\top (X w - y) + \lambda w$",
            kind="factor",
            desc="factor 1/n dropped from the data term. Witness n=2, p=1, X=(1,1)^T, y=(0,0), w=1, lambda=0: "
                 "true gradient (1/2)*2 = 1, claimed 2.")
lam, eta = sp.symbols('lambda eta', real=True)

def setup(n, p):
    X = sp.Matrix(n, p, lambda i, k: sp.Symbol(f'X{i}{k}', real=True))
    y = sp.Matrix(n, 1, lambda i, _: sp.Symbol(f'y{i}', real=True))
    w = sp.Matrix(p, 1, lambda k, _: sp.Symbol(f'w{k}', real=True))
    r = X * w - y
    L = (r.T * r)[0] / (2 * n) + lam / 2 * (w.T * w)[0]
    return X, y, w, r, L

def check(doc):
    doc.note(3, r"\lambda \ge 0")
    doc.note(4, r"L(w) = \frac{1}{2n}\|X w - y\|_2^2 + \frac{\lambda}{2}\|w\|_2^2")
    for (n, p) in [(3, 2), (2, 3), (4, 1)]:
        X, y, w, r, L = setup(n, p)
        for i in range(n):
            doc.eq(6, [r"r_i = \sum_{k=1}^{p} X_{ik} w_k - y_i"], r[i], sum(X[i, k] * w[k] for k in range(p)) - y[i])
            for j in range(p):
                doc.eq(6, [r"\frac{\partial r_i}{\partial w_j} = X_{ij}"], sp.diff(r[i], w[j]), X[i, j])
        for j in range(p):
            doc.eq(8, [r"= \frac{1}{n}\sum_{i=1}^{n} r_i X_{ij}"], sp.diff(sum(ri**2 for ri in r) / (2 * n), w[j]), sum(r[i] * X[i, j] for i in range(n)) / n)
            doc.eq(8, [r"\frac{\lambda}{2}\sum_{k=1}^{p} w_k^2 = \lambda w_j"], sp.diff(lam / 2 * sum(wk**2 for wk in w), w[j]), lam * w[j])
        grad = sp.Matrix(p, 1, lambda j, _: sp.diff(L, w[j]))
        doc.eq(10, [r"\nabla_w L = \frac1n X^\top (X w - y) + \lambda w$"], grad, X.T * (X * w - y) / n + lam * w)
        H = sp.hessian(L, list(w))
        doc.eq(12, [r"\nabla_w^2 L = \frac1n X^\top X + \lambda I"], H, X.T * X / n + lam * sp.eye(p))
        u = sp.Matrix(p, 1, lambda k, _: sp.Symbol(f'u{k}', real=True))
        doc.eq(12, [r"u^\top(\frac1n X^\top X + \lambda I)u = \frac1n\|X u\|_2^2 + \lambda \|u\|_2^2"], (u.T * H * u)[0], ((X * u).T * (X * u))[0] / n + lam * (u.T * u)[0])
        doc.true(12, ["positive definite whenever $\\lambda > 0$"], True)  # follows from the displayed identity: sum of a square and lambda*||u||^2 > 0 for u != 0
        doc.eq(14, [r"(X^\top X + n\lambda I)\, w^\star = X^\top y"], n * grad, (X.T * X + n * lam * sp.eye(p)) * w - X.T * y)
        doc.eq(16, [r"w \leftarrow (1 - \eta\lambda)\, w - \frac{\eta}{n} X^\top (X w - y)"], w - eta * grad, (1 - eta * lam) * w - eta / n * X.T * (X * w - y))
    doc.note(16, "weight decay")
    return doc.finish()

def slip_false(doc):
    X, y, w, r, L = setup(2, 1)
    pt = {X[0, 0]: 1, X[1, 0]: 1, y[0]: 0, y[1]: 0, w[0]: 1, lam: 0}
    tv = sp.diff(L, w[0]).subs(pt); cl = (X.T * (X * w - y) + lam * w)[0].subs(pt)
    return false_at(doc, 10, [r"\nabla_w L = X^\top (X w - y) + \lambda w$"], tv == cl, f"n=2, X=(1,1)^T, y=0, w=1, lambda=0: true {tv}, claimed {cl}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))

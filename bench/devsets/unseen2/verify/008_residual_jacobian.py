from common import *
c = Checker("keys/008_residual_jacobian.md")
for (n, m) in ((2, 3), (3, 2)):
    W1 = sp.Matrix(m, n, lambda i, j: sp.Symbol(f"A{i}{j}", real=True))
    W2 = sp.Matrix(n, m, lambda i, j: sp.Symbol(f"B{i}{j}", real=True))
    x = sp.Matrix(n, 1, lambda i, j: sp.Symbol(f"x{i}", real=True))
    h = (W1 * x).applyfunc(sp.tanh)
    y = x + W2 * h
    ln = c.find(r"$h_k = \tanh\bigl(\sum_{j}(W_1)_{kj}\,x_j\bigr)$")
    for k in range(m):
        c.eq(ln, None, h[k], sp.tanh(sum(W1[k, j] * x[j] for j in range(n))), "h_k")
    ln = c.find(r"In index form $y_i = x_i + \sum_{k=1}^{m}")
    for i in range(n):
        c.eq(ln, None, y[i], x[i] + sum(W2[i, k] * h[k] for k in range(m)), "y_i")
    for k in range(m):
        for j in range(n):
            c.eq(ln, None, sp.diff(h[k], x[j]), (1 - h[k]**2) * W1[k, j], "dh/dx")
    ln = c.find(r"\frac{\partial y_i}{\partial x_j} = \delta_{ij} + \sum_{k=1}^{m}")
    J = y.jacobian(x)
    for i in range(n):
        for j in range(n):
            c.eq(ln, None, J[i, j], (1 if i == j else 0) + sum(W2[i, k] * (1 - h[k]**2) * W1[k, j] for k in range(m)), "J_ij")
    D = sp.diag(*[1 - h[k]**2 for k in range(m)])
    c.meq(c.find("In matrix notation, $J = I + W_2 D W_1$"), None, J, sp.eye(n) + W2 * D * W1, "matrix form")
    gy = sp.Matrix(n, 1, lambda i, j: sp.Symbol(f"g{i}", real=True))
    Ls = (gy.T * y)[0]  # a loss with grad_y L = gy
    ln = c.find("The backward pass")
    gx = sp.Matrix([sp.diff(Ls, xi) for xi in x])
    c.meq(ln, None, gx, J.T * gy, "J^T g")
    c.meq(ln, None, J.T * gy, gy + W1.T * D * W2.T * gy, "expanded")
    ln = c.find("At $x = 0$")
    z = {xi: 0 for xi in x}
    c.meq(ln, None, h.subs(z), sp.zeros(m, 1), "h=0"); c.meq(ln, None, D.subs(z), sp.eye(m), "D=I")
    c.meq(ln, None, J.subs(z), sp.eye(n) + W2 * W1, "J at 0")
    c.eq(ln, None, J.subs(z).trace(), n + sum(W2[i, k] * W1[k, i] for i in range(n) for k in range(m)), "trace")
c.report()

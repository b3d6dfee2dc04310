"""Verify items/047_op_hadamard_vs_matmul.md (style: operation).
Lemmas used in the text: frobenius_submultiplicativity.
Lemma steps are checked at random points / random small matrices; arithmetic exactly."""
from sympy import *
import numpy as np, math, mpmath
rng = np.random.default_rng(12345)


def opn(A):
    """spectral (operator 2-) norm"""
    return np.linalg.norm(A, 2)


def check(cond, msg="check failed"):
    if not bool(cond):
        raise AssertionError(msg)


def main():
    A = Matrix([[1, 2], [3, 4]]); B = Matrix([[0, 1], [1, 0]])
    H = A.multiply_elementwise(B)
    check(H == Matrix([[0, 2], [3, 0]]))
    check(A*B == Matrix([[2, 1], [4, 3]]) and A*B == Matrix.hstack(A[:, 1], A[:, 0]))
    fro2 = lambda M: sum(v**2 for v in M)
    check(all(A[i]**2*B[i]**2 <= A[i]**2*fro2(B) for i in range(4)))
    check(fro2(H) == 13 and fro2(A) == 30 and fro2(B) == 2 and sqrt(30)*sqrt(2) == sqrt(60) and 13 <= 60)
    for _ in range(2000):
        P = rng.normal(size=(3,3)); Q = rng.normal(size=(3,3))
        check(np.linalg.norm(P*Q) <= np.linalg.norm(P)*np.linalg.norm(Q) + 1e-12)
    print("OK 047_op_hadamard_vs_matmul")


if __name__ == "__main__":
    main()

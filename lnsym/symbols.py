"""Symbols shared by the catalogue and the answer-key checker: a vector x of symbolic size d, its
mean and population variance, and the LayerNorm Jacobian they prove.

``mu``, ``var``, ``s`` and ``zhat(j)`` are SymPy expressions built from the sums themselves, so a
step that uses them is checked for every d; ``INDEX_RANGE`` states 1 <= a, b <= d for the deciding
of sums over a Kronecker delta. ``LN_JACOBIAN`` is the entry (a, b) of LN's Jacobian: the claim
``layernorm-jacobian`` (``derivations/layernorm.py``, where it is ``FORMULA``) proves it for every d,
and ``lnsym check`` compares a key's Jacobian with it. They live here, in the package, because the
catalogue is a folder of claim files loaded by path, never imported by module name.
"""

import sympy as sp

from lnsym.derivation import size

d = size("d")
n = size("n")
a, b, i, j = sp.symbols("a b i j", integer=True, positive=True)
eps = sp.Symbol("epsilon", positive=True)
x = sp.IndexedBase("x", real=True)
gamma = sp.IndexedBase("gamma", real=True)
beta = sp.IndexedBase("beta", real=True)

mu = sp.Sum(x[j], (j, 1, d)) / d
var = sp.Sum((x[i] - mu) ** 2, (i, 1, d)) / d
s = sp.sqrt(var + eps)


def zhat(k):
    return (x[k] - mu) / s


def layer_norm(k):
    """Entry k of LN(x) with per-feature gamma and beta."""
    return gamma[k] * zhat(k) + beta[k]


INDEX_RANGE = (sp.Le(a, d), sp.Le(b, d))


#: the entry (a, b) of the LayerNorm Jacobian, for symbolic d (proved by the claim ``layernorm-jacobian``)
LN_JACOBIAN = gamma[a] / s * (sp.KroneckerDelta(a, b) - 1 / d - zhat(a) * zhat(b) / d)

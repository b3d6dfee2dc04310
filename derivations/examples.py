"""The answer key's worked examples, in exact arithmetic, each cross-checked with lnsym.layer_norm."""

import numpy as np
import sympy as sp

from lnsym import claim, layer_norm

R = sp.Rational


def _mean(v):
    return sum(v) / len(v)


def _frac(terms, den):
    """(t1 + t2 + ...) / den, left unevaluated so that the step shows the arithmetic."""
    return sp.Mul(sp.Add(*terms, evaluate=False), sp.Pow(den, -1, evaluate=False), evaluate=False)


def _minus(v, m):
    """The vector v - m, entry by entry, unevaluated."""
    return sp.Matrix([[sp.Add(t, -m, evaluate=False) for t in v]])


def _over(v, den):
    """The vector v / den, entry by entry, unevaluated."""
    return sp.Matrix([[sp.Mul(t, sp.Pow(den, -1, evaluate=False), evaluate=False) for t in v]])


def _variance(v):
    m = _mean(v)
    return sum((t - m) ** 2 for t in v) / len(v)


def _vector(v) -> sp.Matrix:
    return sp.Matrix([v])


def _agrees(c, label, got, want, tol=1e-14):
    got, want = np.asarray(got, dtype=float), np.asarray(want, dtype=float)
    c.numeric(label, lambda rng, n: (got, want, tol), sizes=(want.size,), points=1)


@claim(
    "layernorm-worked-example",
    title=r"Worked example: $\mathrm{LN}([2, 4, 4, 6])$ with $\epsilon = 0$",
    statement=r"x = [2,4,4,6]:\ \mu = 4,\ \sigma^2 = 2,\ \sigma = \sqrt 2,\ "
    r"\frac{x-\mu}{\sigma} = [-\sqrt 2, 0, 0, \sqrt 2] \approx [-1.4142, 0, 0, 1.4142]",
    depends_on=("layernorm-population-variance",),
)
def layernorm_worked_example(c):
    v = [sp.Integer(t) for t in (2, 4, 4, 6)]
    m = _mean(v)
    c.equal(_frac(v, 4), R(16, 4), "add the entries")
    c.equal(_frac([16], 4), 4, "mean")
    c.equal(_minus(v, m), _vector([-2, 0, 0, 2]), "deviations")
    c.equal(sp.Matrix([[sp.Pow(t - m, 2, evaluate=False) for t in v]]), _vector([4, 0, 0, 4]), "squares")
    c.equal(_frac([(t - m) ** 2 for t in v], 4), 2, "population variance")
    sigma = sp.sqrt(_variance(v))
    c.rounds_to(sigma, "1.4142", r"standard deviation $\sigma = \sqrt{2}$, rounded")
    c.equal(_over([t - m for t in v], sigma), _vector([-sp.sqrt(2), 0, 0, sp.sqrt(2)]),
            r"normalise: $-2/\sqrt{2} = -\sqrt{2}$")
    c.rounds_to(-sp.sqrt(2), "-1.4142")
    _agrees(c, r"lnsym's LayerNorm at $[2, 4, 4, 6]$, $\epsilon = 0$", layer_norm(np.array([2.0, 4, 4, 6]), eps=0.0),
            [-np.sqrt(2), 0, 0, np.sqrt(2)])


@claim(
    "layernorm-degenerate-input",
    title=r"Degenerate input $[5, 5, 5, 5]$: $\epsilon = 0$ gives $0/0$, $\epsilon = 10^{-5}$ gives zeros",
    statement=r"x = [5,5,5,5]:\ \sigma = 0;\ \epsilon = 0 \Rightarrow \tfrac{0}{0}\ (\mathrm{NaN});\ "
    r"\epsilon = 10^{-5} \Rightarrow \frac{[0,0,0,0]}{\sqrt{10^{-5}}} = [0,0,0,0],\ \sqrt{10^{-5}} \approx 0.003162",
)
def layernorm_degenerate_input(c):
    v = [sp.Integer(5)] * 4
    m = _mean(v)
    c.equal(_frac(v, 4), 5, "mean")
    c.equal(_minus(v, m), _vector([0, 0, 0, 0]), "every deviation is 0")
    c.equal(_frac([(t - m) ** 2 for t in v], 4), 0, "so the variance is 0")
    e = R(1, 10**5)
    c.equal(sp.Pow(sp.Add(0, e, evaluate=False), R(1, 2), evaluate=False), sp.sqrt(e), "denominator")
    c.rounds_to(sp.sqrt(e), "0.003162")
    c.equal(_over([t - m for t in v], sp.sqrt(e)), _vector([0, 0, 0, 0]), r"$0/\sqrt{10^{-5}} = 0$")
    with np.errstate(invalid="ignore"):
        nan_out = layer_norm(np.full(4, 5.0), eps=0.0)
    c.expect(r"$\epsilon = 0$ divides 0 by 0: NaN, the expected behaviour", np.all(np.isnan(nan_out)),
             f"got {nan_out}")
    _agrees(c, r"$\epsilon = 10^{-5}$ gives exact zeros", layer_norm(np.full(4, 5.0), eps=1e-5), np.zeros(4), tol=0.0)
    c.note(r"With $\epsilon = 0$ the output is NaN: that is the failure the answer key describes, reported as "
           "expected.")


@claim(
    "preln-residual-example",
    title="Worked example: one Pre-LN residual step",
    statement=r"x_{i+1} = [1,3] + [0.5,-1] = [1.5, 2];\quad F = 0:\ [1,3] + [0,0] = [1,3]",
    depends_on=("preln-identity-at-init",),
)
def preln_residual_example(c):
    c.equal(_vector([1, 3]) + _vector([R(1, 2), -1]), _vector([R(3, 2), 2]), "add the branch output")
    c.equal(_vector([1, 3]) + _vector([0, 0]), _vector([1, 3]), "a zero branch is a pass-through")


@claim(
    "postln-residual-example",
    title=r"Worked example: one Post-LN step, $\mathrm{LN}([1.5, 2]) = [-1, 1]$",
    statement=r"z = [1.5, 2]:\ \mu = 1.75,\ \sigma^2 = 0.0625,\ \sigma = 0.25,\ "
    r"\frac{[-0.25, 0.25]}{0.25} = [-1, 1]",
)
def postln_residual_example(c):
    z = [R(3, 2), sp.Integer(2)]
    c.equal(sp.Matrix([[sp.Add(1, R(1, 2), evaluate=False), sp.Add(3, -1, evaluate=False)]]), _vector(z),
            r"residual sum $[1, 3] + [0.5, -1]$")
    m = _mean(z)
    c.equal(_frac(z, 2), R(7, 4), r"mean $(1.5 + 2)/2 = 1.75$")
    c.equal(_minus(z, m), _vector([-R(1, 4), R(1, 4)]), "deviations")
    c.equal(_frac([(t - m) ** 2 for t in z], 2), R(1, 16), r"variance $(0.0625 + 0.0625)/2 = 0.0625$")
    c.equal(sp.Pow(_variance(z), R(1, 2), evaluate=False), R(1, 4), r"$\sigma = 0.25$")
    c.equal(sp.Matrix([[sp.Mul(t - m, 4, evaluate=False) for t in z]]), _vector([-1, 1]),
            r"normalise: divide the deviations by $\sigma = 1/4$")
    _agrees(c, r"lnsym's LayerNorm at $[1.5, 2]$, $\epsilon = 0$", layer_norm(np.array([1.5, 2.0]), eps=0.0), [-1, 1])


@claim(
    "gradient-imbalance",
    title=r"Gradient imbalance: scales $1/3$ and $2$, ratio $6$",
    statement=r"\frac{1}{\sqrt 9} = \frac13 \approx 0.333,\quad \frac{1}{\sqrt{0.25}} = 2,\quad "
    r"\frac{2}{1/3} = 6",
    depends_on=("layernorm-gradient-cap",),
)
def gradient_imbalance(c):
    deep = sp.Pow(sp.Pow(9, R(1, 2), evaluate=False), -1, evaluate=False)
    shallow = sp.Pow(sp.Pow(R(1, 4), R(1, 2), evaluate=False), -1, evaluate=False)
    c.equal(deep, R(1, 3), r"deep layer, $\sigma^2 = 9$")
    c.rounds_to(R(1, 3), "0.333")
    c.equal(shallow, 2, r"shallow layer, $\sigma^2 = 0.25$: $1/0.5$")
    c.equal(sp.Mul(2, 3, evaluate=False), 6, r"ratio shallow over deep: $2/(1/3) = 2 \times 3$")
    c.note(r"The LN scale $\gamma/\sqrt{\sigma^2 + \epsilon}$ with $\gamma = 1$ and $\epsilon$ neglected.")

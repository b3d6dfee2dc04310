"""The exact parts of Xiong et al.'s Lemma 2, proved for symbolic d, and mutants that must fail."""

import sympy as sp

from lnsym.catalogue import load_catalogue
from lnsym.claims import Status, Truth
from lnsym.derivation import Derivation, size
from lnsym.runner import run_claim


def test_lemma2_is_proved_from_its_premises_for_every_d_with_the_simulation_as_evidence():
    result = run_claim(load_catalogue().select(["xiong-lemma2-norms"])[0])
    # Gaussianity, independence and Lemma 1 are assumed, not decided: never a bare "proved"
    assert result.status is Status.PROVED_FROM_PREMISES, result.message
    assert result.scope == "all d"
    assert result.steps and not any(s.method == "sizes" for s in result.steps)
    # the step shows what SymPy decided (d/2 + d = 3d/2), and the statement about expectations beside it
    decided = [s for s in result.steps if s.reading and r"\tfrac{3}{2}d" in s.reading[1]]
    assert len(decided) == 1 and decided[0].lhs == r"\frac{d}{2} + d" and decided[0].rhs == r"\frac{3 d}{2}"
    assert decided[0].premises
    assert any(n.method == "simulation" for n in result.numeric)


def test_wrong_constants_are_refuted():
    d = size("d")
    t, s2 = sp.Symbol("t", real=True), sp.Symbol("s2", positive=True)
    gauss = t**2 * sp.exp(-t**2 / (2 * s2)) / sp.sqrt(2 * sp.pi * s2)
    c = Derivation(claim_id="mutant")
    c.equal(sp.Integral(gauss, (t, 0, sp.oo)), s2, "Lemma 1 without the half")
    c.equal(sp.Add(d, d, evaluate=False), 3 * d / 2, "the FFN adding d instead of d/2")
    c.equal(d + sp.Sum(d, (sp.Symbol("k", integer=True, positive=True), 1, sp.Symbol("l", integer=True,
                                                                                         positive=True))),
            (1 + sp.Symbol("l", integer=True, positive=True) / 2) * d, "a lower bound with the wrong increment")
    assert [s.verdict for s in c.steps] == [Truth.FALSE] * 3

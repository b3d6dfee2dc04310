"""The LayerNorm claims, and mutation tests: a wrong formula must fail both the symbolic and the
numeric check."""

import inspect

import numpy as np
import pytest
import sympy as sp

import lnsym
from lnsym.catalogue import load_catalogue
from lnsym.claims import Status, Truth
from lnsym.derivation import Derivation
from lnsym.runner import run_claim
from lnsym.symbols import INDEX_RANGE, a, b, d, gamma, s, zhat
from lnsym.symbols import layer_norm as ln_entry

CLAIM = load_catalogue().select(["layernorm-jacobian"])[0]
family = inspect.getmodule(CLAIM.body)  # derivations/layernorm.py, as the catalogue loaded it (by path)
delta = sp.KroneckerDelta(a, b)

SYMBOLIC_MUTANTS = {
    "drop -1/d": gamma[a] / s * (delta - zhat(a) * zhat(b) / d),
    "drop zhat zhat": gamma[a] / s * (delta - 1 / d),
    "flip a sign": gamma[a] / s * (delta - 1 / d + zhat(a) * zhat(b) / d),
    "d - 1 for d": gamma[a] / s * (delta - 1 / (d - 1) - zhat(a) * zhat(b) / d),
    "zhat_a zhat_a": gamma[a] / s * (delta - 1 / d - zhat(a) * zhat(a) / d),
    "no square root": gamma[a] / s**2 * (delta - 1 / d - zhat(a) * zhat(b) / d),
}


def _numeric_mutant(name):
    def jac(x, gamma=None, eps=1e-5):
        x = np.asarray(x, float)
        dim = x.shape[-1]
        g = np.ones(dim) if gamma is None else np.asarray(gamma)
        sc = np.sqrt(np.var(x) + eps)
        z = (x - x.mean()) / sc
        mean_term = {"drop -1/d": 0.0, "d - 1 for d": 1.0 / (dim - 1)}.get(name, 1.0 / dim)
        var_term = {"drop zhat zhat": 0 * np.outer(z, z), "flip a sign": -np.outer(z, z),
                    "zhat_a zhat_a": np.outer(z, np.ones(dim)) * z[:, None]}.get(name, np.outer(z, z)) / dim
        scale = sc**2 if name == "no square root" else sc
        return g[:, None] / scale * (np.eye(dim) - mean_term - var_term)

    return jac


def test_the_claim_is_proved_for_symbolic_d():
    result = run_claim(CLAIM)
    assert result.status is Status.PROVED, result.message
    assert result.scope == "all d"
    assert result.steps and all(step.verdict is Truth.TRUE for step in result.steps)
    assert any("d = 2..6" in n.label and n.passed for n in result.numeric)  # explicit matrices
    sizes = {size for n in result.numeric for size in n.sizes}
    assert {2, 3, 4, 8, 64, 512} <= sizes


@pytest.mark.parametrize("name", sorted(SYMBOLIC_MUTANTS))
def test_a_wrong_formula_fails_the_symbolic_step(name):
    c = Derivation()
    step = c.equal(sp.Derivative(ln_entry(a), family.x[b]), SYMBOLIC_MUTANTS[name], "mutant", given=INDEX_RANGE)
    assert step.verdict is Truth.FALSE, (name, step.detail)
    assert "differs at" in step.detail


@pytest.mark.parametrize("name", sorted(SYMBOLIC_MUTANTS))
def test_a_wrong_formula_fails_the_whole_claim(monkeypatch, name):
    monkeypatch.setattr(family, "FORMULA", SYMBOLIC_MUTANTS[name])
    result = run_claim(CLAIM)
    assert result.status is Status.FAILED
    assert "step 5" in result.message and "is false" in result.message


@pytest.mark.parametrize("name", sorted(SYMBOLIC_MUTANTS))
def test_a_wrong_formula_fails_the_numeric_check(monkeypatch, name):
    monkeypatch.setattr(family, "layer_norm_jacobian", _numeric_mutant(name))
    result = run_claim(CLAIM)
    assert result.status is Status.FAILED
    assert "numeric check" in result.message
    failed = [n for n in result.numeric if not n.passed]
    assert failed and "expected" in failed[0].detail


def test_the_unmutated_numeric_formula_passes():
    # guards the mutant factory itself: with no mutation it reproduces lnsym's formula
    x = np.random.default_rng(0).standard_normal(6)
    g = np.linspace(0.5, 2, 6)
    np.testing.assert_allclose(_numeric_mutant("none")(x, g), lnsym.layer_norm_jacobian(x, g), rtol=1e-13)


@pytest.mark.parametrize("claim_id", ["layernorm-jacobian-structure", "layernorm-gradient-cap",
                                      "layernorm-population-variance"])
def test_the_other_layernorm_claims_are_proved(claim_id):
    result = run_claim(load_catalogue().select([claim_id])[0])
    assert result.status is Status.PROVED, result.message

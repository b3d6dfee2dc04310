"""The residual claims, and mutation tests: a wrong chain rule or a wrong Jacobian must fail."""

import inspect

import numpy as np
import pytest
import sympy as sp

from lnsym import layer_norm_jacobian
from lnsym.catalogue import load_catalogue
from lnsym.claims import Status, Truth
from lnsym.derivation import Derivation
from lnsym.runner import run_claim


def _claim(claim_id):
    return load_catalogue().select([claim_id])[0]


family = inspect.getmodule(_claim("residual-derivative").body)  # derivations/residual.py, loaded by path


@pytest.mark.parametrize("claim_id", ["residual-derivative", "preln-identity-at-init", "preln-jacobian",
                                      "postln-jacobian", "postln-jacobian-product"])
def test_proved(claim_id):
    result = run_claim(_claim(claim_id))
    assert result.status is Status.PROVED, result.message


@pytest.mark.parametrize("claim_id", ["preln-jacobian", "postln-jacobian", "postln-jacobian-product"])
def test_proved_for_every_size_with_the_explicit_sizes_as_evidence(claim_id):
    result = run_claim(_claim(claim_id))
    assert result.scope.startswith("all d")
    assert result.steps and all(s.general and s.verdict is Truth.TRUE for s in result.steps)
    assert result.steps and not any(s.method == "sizes" for s in result.steps)
    if claim_id != "postln-jacobian-product":
        assert any(n.method == "sympy, exact" and "2..4" in n.label and n.passed for n in result.numeric)


@pytest.mark.parametrize("steps", [family.preln_steps, family.postln_steps])
@pytest.mark.parametrize("mutation", ["swap", "drop_identity"])
def test_a_wrong_chain_rule_fails_for_symbolic_d(steps, mutation):
    c = Derivation(claim_id="mutant")
    steps(c, **{mutation: True})
    wrong = [s for s in c.steps if s.verdict is not Truth.TRUE]
    assert wrong and all(s.verdict is Truth.FALSE for s in wrong)  # refuted, with a counterexample
    right = Derivation(claim_id="mutant")
    steps(right)
    assert right.steps and all(s.verdict is Truth.TRUE for s in right.steps)


def test_the_product_in_reversed_order_fails_the_induction_step():
    c = Derivation(claim_id="mutant")
    family.product_steps(c, reverse=True)
    assert [s.verdict for s in c.steps] == [Truth.TRUE, Truth.TRUE, Truth.FALSE]
    assert "differs" in c.steps[-1].detail


def test_the_chain_rule_lemma_catches_a_layer_jacobian_at_the_wrong_point(monkeypatch):
    # the lemma's instances compare with the real derivative: J_LN taken at x instead of x + F(x) fails
    real = family.layer_norm_jacobian
    monkeypatch.setattr(family, "layer_norm_jacobian", lambda u, g, eps: real(u * 1.5 + 0.3, g, eps=eps))
    c = Derivation(claim_id="mutant")
    family.postln_steps(c)
    assert c.steps[1].method == "lemma" and c.steps[1].verdict is Truth.FALSE


def _preln(dim, swap=False, drop_identity=False):
    xs = sp.Matrix(sp.symbols(f"x_1:{dim + 1}", real=True))
    L = family._generic("L", dim, xs)
    F = family._generic("F", dim, L)
    J_F = sp.Matrix(dim, dim, lambda k, j: sp.Derivative(F[k], L[j]))
    product = L.jacobian(xs) * J_F if swap else J_F * L.jacobian(xs)
    return (xs + F).jacobian(xs), (sp.zeros(dim) if drop_identity else sp.eye(dim)) + product


@pytest.mark.parametrize("mutation", ["swap", "drop_identity"])
def test_a_wrong_chain_rule_is_not_accepted(mutation):
    c = Derivation()
    step = c.for_sizes(lambda n: _preln(n, **{mutation: True}), [2, 3], "mutant", tex=("a", "b"))
    assert step.verdict is not Truth.TRUE  # false, or undecided: either fails the claim


def test_a_wrong_layer_jacobian_fails_the_numeric_check(monkeypatch):
    real = family.postln_layer_jacobian
    # drop the identity: J_LN (I + J_F) -> J_LN J_F
    monkeypatch.setattr(family, "postln_layer_jacobian",
                        lambda F, g, e, x: real(F, g, e, x) - layer_norm_jacobian(x + F(x), g, e))
    result = run_claim(_claim("postln-jacobian"))
    assert result.status is Status.FAILED and "numeric check" in result.message


def test_the_residual_derivative_mutant_is_false():
    t = sp.Symbol("x", real=True)
    F = sp.Function("F")
    step = Derivation().equal(sp.Derivative(t + F(t), t), sp.Derivative(F(t), t), "forgot the identity")
    assert step.verdict is Truth.FALSE


def test_zero_branches_give_the_identity_only_for_preln():
    result = run_claim(_claim("preln-identity-at-init"))
    assert [n.passed for n in result.numeric] == [True, True]
    assert np.isfinite(result.max_abs_error)

"""Measurements and their verdicts: reproducible, and able to fail when a stated constant is wrong."""

import doctest

import numpy as np
import pytest

from lnsym.experiments import depth, measure, progress
from lnsym.experiments.measure import (
    Config,
    doubling_depths,
    end_to_end_ratio,
    fit_exponent,
    lemma2,
    lemma3,
    product_bound,
    profile,
    simulate,
    theorem1,
)

SMALL = Config(layers=(4, 16), width=24, tokens=8, seeds=6, seed=3)


@pytest.fixture(scope="module")
def sim():
    return simulate(SMALL)


def test_doctests():
    for module in (depth, progress):
        assert doctest.testmod(module).failed == 0


def test_doubling_depths():
    assert doubling_depths((6, 48)) == (6, 12, 24, 48)
    assert doubling_depths((4, 10)) == (4, 8, 10)
    assert doubling_depths((5,)) == (5,)
    assert Config(layers=(6, 48)).depths == (6, 12, 24, 48)


def test_fit_exponent_and_end_to_end_ratio_on_exact_laws():
    L = np.array([6, 12, 24, 48])
    assert fit_exponent(L, 3.0 * L**-0.5) == pytest.approx(-0.5, abs=1e-12)
    grads = np.array([[2.0 * 1.1**k for k in range(10)]])
    assert end_to_end_ratio(grads)[0] == pytest.approx(1.1**9, rel=1e-12)


def test_same_seed_same_numbers_other_seed_other_numbers(sim):
    again = simulate(SMALL)
    for a, b in zip(sim.records, again.records, strict=True):
        np.testing.assert_array_equal(a.grad_w2, b.grad_w2)
    other = simulate(Config(layers=(4, 16), width=24, tokens=8, seeds=6, seed=4))
    assert not np.array_equal(sim.records[0].grad_w2, other.records[0].grad_w2)


def test_batching_does_not_change_the_numbers(sim, monkeypatch):
    monkeypatch.setattr(measure, "_BATCH_BYTES", 1)  # one seed at a time
    alone = simulate(SMALL)
    for a, b in zip(sim.records, alone.records, strict=True):
        np.testing.assert_allclose(a.grad_w2, b.grad_w2, rtol=1e-12)
        np.testing.assert_allclose(a.stream_sq, b.stream_sq, rtol=1e-12)


def test_lemma2_agrees_and_wrong_constants_fail(sim):
    assert lemma2(sim).passed
    wrong_post = lemma2(sim, post_value=1.0)  # forgetting the FFN's d/2
    assert not wrong_post.comparisons[0].passed
    wrong_lower = lemma2(sim, bounds=(1.0, 2.0, 1.0, 3.0))  # lower bound 1 + 2l
    assert not wrong_lower.comparisons[3].passed
    wrong_upper = lemma2(sim, bounds=(1.0, 0.5, 1.0, 0.75))  # upper bound 1 + 3l/4
    assert not wrong_upper.comparisons[3].passed


def test_theorem1_agrees_and_swapped_exponents_fail(sim):
    result = theorem1(sim)
    assert result.passed
    assert result.depths == (4, 8, 16)
    swapped = theorem1(sim, expected={"post": -0.5, "pre": 0.0})
    assert swapped.comparisons and not any(c.passed for c in swapped.comparisons)
    assert theorem1(simulate(Config(layers=(3,), width=8, tokens=2, seeds=2))) is None


def test_profile_reports_pre_ln_as_not_flat(sim):
    result = profile(sim, 16)
    assert result.grad_w2["pre"].shape == (16,)
    assert not result.comparisons[1].passed  # Pre-LN falls toward the output in this setting
    assert profile(sim, 16, flat=100.0).comparisons[1].passed  # only because the stated factor is 1.5


def test_lemma3_exact_norm_and_vjp():
    result = lemma3(np.random.default_rng(0), 16, 3, 2)
    assert result.passed
    assert result.max_rel_error < 1e-12
    assert result.points == 2 * (4 + 5)  # 2 tokens at 2 x 2 Post-LN and 2 x 2 + 1 (final) Pre-LN LN inputs


def test_product_bound_holds_and_is_loose():
    results = product_bound(np.random.default_rng(0), 6, 3, 4, 2)
    pre = results["pre"]
    assert pre.holds and results["post"].holds
    assert np.all(pre.stack_norm <= pre.product) and np.all(pre.product <= pre.power)
    assert np.all(pre.product > 10 * pre.stack_norm)  # loose by more than an order of magnitude at init


def test_adam_training_learns_on_a_shallow_pre_ln_stack():
    from lnsym.experiments.training import train

    result = train("pre", 2, width=16, tokens=4, batch=4, steps=80, lr=3e-3)
    assert result.losses.shape == (80,) and np.all(np.isfinite(result.losses))
    assert result.learned and not result.diverged
    frozen = train("pre", 2, width=16, tokens=4, batch=4, steps=80, lr=0.0)
    assert not frozen.learned  # lr = 0 cannot learn: the check can fail

"""Soundness of derivations as a property: a derivative with a slip is never ``correct``.

Functions of a first course (products, quotients, compositions of exp, log, sin, cos, tanh, the square root and
the logistic sigmoid) are differentiated by ``tests/derivative_generator.py``, which knows nothing of lnsym and
does not use SymPy, and written as answer keys write them: ``f'(x) = …``, ``\\frac{d}{dx}(…) = …``, partial
derivatives of ``g(x, y)``, second derivatives, values ``f'(a) \\approx v`` at a point. One slip each (a sign, a
dropped term or factor, a coefficient, an exponent, sine for cosine), false by mpmath at 50 digits at a sample
point: lnsym must not pass it. The true derivatives must not be called ``wrong``. The fast profile runs here; the
large one is ``python bench/soundness.py --derivatives``.

Derivatives by an entry in index notation (the softmax Jacobian, log-sum-exp, a linear layer, an entrywise sigmoid,
…) come from ``tests/jacobian_families.py``: each family's right sides, true and slipped, decided with numpy.
"""

from __future__ import annotations

import os
import random

import pytest
from derivative_generator import FORMS, cases, diff, differ, fn, latex, mul, power, slips, v
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jacobian_families import FAMILIES, holds, index_cases

from lnsym.check.judges.worker import Worker
from lnsym.check.pipeline import check_text

PASSED = {"correct", "imprecise"}
EXAMPLES = int(os.environ.get("LNSYM_SOUNDNESS_EXAMPLES", "40"))


@pytest.fixture(scope="module")
def worker():
    with Worker() as w:
        yield w


def verdict(case, worker) -> str | None:
    """lnsym's verdict of the case's statement (None: no finding for it)."""
    want = "".join(case.statement.split())
    for f in check_text(case.text + "\n", worker=worker).findings:
        if "".join(f.source.split()) == want:
            return f.verdict.value
    return None


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(form=st.sampled_from(FORMS), seed=st.integers(0, 2**32 - 1))
def test_a_slipped_derivative_is_never_passed(worker, form, seed):
    group = cases(random.Random(seed), form)
    if len(group) < 2:
        return  # a constant derivative, or no slip that changes the value clearly: nothing to test
    slipped = random.Random(seed + 1).choice(group[1:])
    assert verdict(slipped, worker) not in PASSED, slipped.text


@pytest.mark.parametrize("form", FORMS)
def test_true_derivatives_are_not_refuted_and_mostly_proved(worker, form):
    """The generator's own check: its true statements are never ``wrong`` (else the property would test the
    generator), and most are proved (else the property would test nothing)."""
    rng = random.Random(11)
    got = []
    while len(got) < 6:
        group = cases(rng, form)
        if group:
            got.append((group[0], verdict(group[0], worker)))
    assert not [c.text for c, v in got if v == "wrong"]
    assert sum(v == "correct" for _, v in got) >= 3, got


def test_the_generators_slips_are_false_and_its_derivatives_right():
    """The rules of the generator against known derivatives, and a slip differs from what it slips from."""
    f = mul(power(v("x"), 2), fn("exp", mul(v("x"), v("x"))))
    assert latex(diff(f, "x")) == "2 x e^{x x} + x^{2} e^{x x} \\left(x + x\\right)"
    assert latex(diff(fn("sin", power(v("x"), 2)), "x")) == "2 \\cos(x^{2}) x"
    assert latex(diff(fn("sigmoid", v("x")), "x")) == "\\sigma(x) \\left(1 - \\sigma(x)\\right)"
    d = diff(fn("tanh", mul(v("x"), v("x"))), "x")
    kinds = {kind for kind, m in slips(d) if differ(m, d)}
    assert {"sign", "dropped term", "dropped factor", "exponent"} <= kinds
    assert not differ(d, d)


@pytest.mark.parametrize("case", index_cases(), ids=lambda c: f"{c.family}: {c.statement}")
def test_a_slipped_jacobian_is_never_passed_nor_a_true_one_refuted(worker, case):
    got = verdict(case, worker)
    if case.true:
        assert got != "wrong", case.text
    else:
        assert got not in PASSED, case.text


def test_the_index_families_are_read():
    """Most families are decided (else the property above would test nothing), and each has true and false
    right sides (the numpy truth tells them apart)."""
    cases = index_cases()
    truths = {(c.family, c.true) for c in cases}
    assert len(FAMILIES) >= 8 and truths == {(f.name, t) for f in FAMILIES for t in (True, False)}
    assert not holds(FAMILIES[0], "p_i(1 - p_j)") and holds(FAMILIES[0], "p_j(\\delta_{ij} - p_i)")
    decided = [c for c in cases if verdict(c, None) in ("correct", "wrong")]
    assert len(decided) >= 0.7 * len(cases), len(decided)

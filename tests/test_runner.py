"""Running claims: statuses from recorded steps, dependencies, errors and time limits, and the
whole catalogue."""

from pathlib import Path

import numpy as np
import pytest
import sympy as sp

from lnsym import claim, verify
from lnsym.catalogue import Catalogue, load_catalogue
from lnsym.claims import Status
from lnsym.derivation import size
from lnsym.runner import run_claim

n = size("n")
t = sp.Symbol("t", real=True)


@claim("general-ok", title="general", statement="t + t = 2t")
def general_ok(c):
    c.equal(t + t, 2 * t, "collect")


@claim("sized-ok", title="sized", statement="n + n = 2n", depends_on=("general-ok",))
def sized_ok(c):
    c.equal(n + n, 2 * n, "collect")
    c.for_sizes(lambda k: (sp.Integer(k) * 2, 2 * k), [1, 2, 3], "each size", tex=("2n", "2n"))


@claim("exact-ok", title="exact", statement="1/3 ≈ 0.333")
def exact_ok(c):
    c.rounds_to(sp.Rational(1, 3), "0.333")


@claim("wrong-step", title="wrong", statement="t = t + 1")
def wrong_step(c):
    c.equal(t, t + 1, "wishful thinking")


@claim("wrong-digit", title="wrong digit", statement="1/3 ≈ 0.334")
def wrong_digit(c):
    c.rounds_to(sp.Rational(1, 3), "0.334")


@claim("wrong-number", title="wrong number", statement="sin(0) = 1e-3")
def wrong_number(c):
    c.numeric("sin at 0", lambda rng, k: (np.sin(np.zeros(k)), np.full(k, 1e-3), 1e-12), sizes=[2])


@claim("crashes", title="crashes", statement="1")
def crashes(c):
    raise RuntimeError("boom")


@claim("records-nothing", title="empty", statement="1")
def records_nothing(c):
    pass


@claim("rests-on-wrong", title="rests", statement="t", depends_on=("wrong-step",))
def rests_on_wrong(c):
    c.equal(t, t, "reflexivity")


@claim("slow", title="slow", statement="1")
def slow(c):
    while True:
        sp.expand((t + 1) ** 200)


ALL = (general_ok, sized_ok, exact_ok, wrong_step, wrong_digit, wrong_number, crashes, records_nothing,
       rests_on_wrong)


@pytest.fixture(scope="module")
def results():
    run = verify(catalogue=Catalogue(ALL), jobs=1)
    return {r.id: r for r in run}


@pytest.mark.parametrize(
    ("claim_id", "status", "message"),
    [
        ("general-ok", Status.PROVED, ""),
        ("sized-ok", Status.CHECKED, ""),
        ("exact-ok", Status.CHECKED, ""),
        ("wrong-step", Status.FAILED, "step 1 (wishful thinking) is false"),
        ("wrong-digit", Status.FAILED, "which rounds to 0.333"),
        ("wrong-number", Status.FAILED, "expected 0.001"),
        ("crashes", Status.ERROR, "RuntimeError: boom"),
        ("records-nothing", Status.ERROR, "no step"),
        ("rests-on-wrong", Status.FAILED, "rests on wrong-step"),
    ],
)
def test_status(results, claim_id, status, message):
    assert results[claim_id].status is status
    assert message in results[claim_id].message


def test_a_claim_on_a_checked_claim_is_at_most_checked():
    @claim("on-checked", title="t", statement="t", depends_on=("sized-ok",))
    def on_checked(c):
        c.equal(t, t, "reflexivity")

    run = verify(["on-checked"], catalogue=Catalogue((general_ok, sized_ok, on_checked)), jobs=1)
    assert run["on-checked"].status is Status.CHECKED
    assert "sized-ok" in run["on-checked"].notes[-1]


def test_time_limit_gives_error():
    result = run_claim(slow, timeout=0.5)
    assert result.status is Status.ERROR
    assert "ran out of time" in result.message


def test_the_whole_catalogue_passes_in_parallel_and_is_deterministic():
    first = verify(seed=0)
    assert first.passed, [(r.id, r.message) for r in first if not r.status.passed]
    again = verify(["residual-product-bound", "layernorm-jacobian"], seed=0, jobs=1)
    for r in again:
        assert r.to_json() | {"seconds": 0} == first[r.id].to_json() | {"seconds": 0}


def test_the_claims_marked_proved_in_the_issue_are_proved():
    proved = ["residual-derivative", "layernorm-jacobian", "layernorm-jacobian-structure", "preln-stream-growth",
              "postln-stream-reset", "residual-product-bound"]
    run = verify(proved)
    assert {r.id: r.status.value for r in run} == dict.fromkeys(proved, "proved")


def test_the_answer_key_ids_are_in_the_catalogue():
    ids = set(load_catalogue().ids())
    assert {
        "residual-derivative", "preln-jacobian", "postln-jacobian", "layernorm-jacobian",
        "layernorm-jacobian-structure", "layernorm-gradient-cap", "layernorm-population-variance",
        "layernorm-worked-example", "layernorm-degenerate-input", "preln-residual-example",
        "postln-residual-example", "gradient-imbalance", "preln-stream-growth", "postln-stream-reset",
        "preln-identity-at-init", "residual-product-bound", "postln-jacobian-product",
    } <= ids


@claim("known-wrong", title="known", statement="t = t + 1", expected_failure="a documented disagreement")
def known_wrong(c):
    c.equal(t, t + 1, "the published step")


@claim("known-wrong-but-right", title="known", statement="t = t", expected_failure="thought to fail")
def known_wrong_but_right(c):
    c.equal(t, t, "reflexivity")


def test_an_expected_failure_is_reported_as_failed_but_does_not_fail_the_run():
    run = verify(catalogue=Catalogue((general_ok, known_wrong)), jobs=1)
    assert run["known-wrong"].status is Status.FAILED
    assert run.passed
    assert run.summary()["expected_failures"] == ["known-wrong"]
    assert run.to_json()["claims"][1]["expected_failure"] == "a documented disagreement"


def test_an_expected_failure_that_passes_fails_the_run():
    run = verify(catalogue=Catalogue((known_wrong_but_right,)), jobs=1)
    assert run["known-wrong-but-right"].status is Status.PROVED
    assert not run.passed
    assert run.summary()["unexpected_passes"] == ["known-wrong-but-right"]


def test_a_claims_source_is_the_line_of_its_decorator():
    """`source` points at the first line of the claim's definition (its decorator), as reports quote it."""
    path, _, line = general_ok.source.rpartition(":")
    assert Path(path).resolve() == Path(__file__).resolve()
    assert Path(__file__).read_text().splitlines()[int(line) - 1].startswith('@claim("general-ok"')


def test_nested_abbreviations_each_show_their_symbol():
    """Abbreviations nest (s = sqrt(v + e) holds v, which holds m): each shows as its own symbol, whatever
    the order they are declared in, and a power of the whole shows as a power of its symbol."""
    u = sp.IndexedBase("u", real=True)
    k, j = sp.symbols("k j", integer=True, positive=True)
    e = sp.Symbol("e", positive=True)
    m = sp.Sum(u[j], (j, 1, n)) / n
    v = sp.Sum((u[k] - m) ** 2, (k, 1, n)) / n
    for order in ((v, m), (m, v)):

        @claim("nested-abbreviations", title="nested", statement="abbreviations")
        def nested(c, order=order):
            c.abbreviate(sp.sqrt(v + e), "s")
            for full in order:
                c.abbreviate(full, "v" if full is v else "m")
            c.equal(1 / sp.sqrt(v + e) ** 3, (v + e) ** sp.Rational(-3, 2), "power")
            c.equal(u[1] - m + v, v + u[1] - m, "order")

        first, second = run_claim(nested).steps
        assert (first.lhs, first.rhs) == (r"\frac{1}{s^{3}}", r"\frac{1}{s^{3}}")
        assert sorted(second.lhs.replace(" ", "")) == sorted("-m+v+{u}_{1}")


def test_an_abbreviated_mean_shows_in_every_multiple_of_its_sum():
    """m = (sum of u_j) / n: the sum alone reads n m, twice the mean 2 m; a sum over another index is
    another expression and stays."""
    u = sp.IndexedBase("u", real=True)
    j, k = sp.symbols("j k", integer=True, positive=True)
    total = sp.Sum(u[j], (j, 1, n))

    @claim("abbreviated-sum", title="sum", statement="abbreviation")
    def abbreviated(c):
        c.abbreviate(total / n, "m")
        c.equal(total, 2 * total / n, "not an identity")
        c.equal(sp.Sum(u[k], (k, 1, n)), total, "renamed index")

    first, second = run_claim(abbreviated).steps
    assert (first.lhs.replace(" ", ""), first.rhs.replace(" ", "")) == ("mn", "2m")
    assert second.lhs == r"\sum_{k=1}^{n} {u}_{k}" and second.rhs.replace(" ", "") == "mn"

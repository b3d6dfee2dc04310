"""The inequality generator (tests/inequality_generator.py) on its own: deterministic, half of its cases false,
every false case refuted by its witness inside its hypotheses, every true one holding wherever it is sampled anew,
every claim written verbatim in its paragraph, every family present; and its reader of LaTeX on expressions whose
values are known."""

from __future__ import annotations

import random
import re

import mpmath
import pytest
from inequality_generator import (
    FAMILIES,
    MARGIN,
    excess,
    fails,
    generate,
    holds,
    inside,
    link_values,
    parse,
    point,
    sample,
    value,
    variables,
)

SEED = 1


@pytest.fixture(scope="module")
def cases():
    return generate(200, SEED)


def _names(c) -> set:
    names = set().union(*(variables(t) for t in parse(c.claim)[0]))
    for h in c.hypotheses:
        names |= set().union(*(variables(t) for t in parse(h)[0]))
    return names


def test_deterministic():
    assert generate(30, 7) == generate(30, 7)
    assert generate(30, 7) != generate(30, 8)


def test_about_half_false(cases):
    false = sum(not c.true for c in cases)
    assert 0.45 * len(cases) <= false <= 0.55 * len(cases)


def test_every_family_appears(cases):
    assert {c.family for c in cases} == set(FAMILIES)
    for family in FAMILIES:
        assert any(c.true for c in cases if c.family == family), family
        assert any(not c.true for c in cases if c.family == family), family


def test_the_claim_is_written_verbatim_in_the_text(cases):
    for c in cases:
        assert "$" not in c.claim
        assert c.claim in re.findall(r"\$([^$]+)\$", c.text), c


def test_fields_agree(cases):
    for c in cases:
        if c.true:
            assert (c.slip, c.witness, c.link) == ("", {}, -1), c
        else:
            assert c.slip and 0 <= c.link < len(parse(c.claim)[1]), c
            assert set(c.witness) == _names(c), c
            for name, s in c.witness.items():
                assert re.fullmatch(r"-?\d+(\.\d+)?", s), (name, s)
                if name in c.integers:
                    assert re.fullmatch(r"-?\d+", s), (name, s)


def test_every_false_case_fails_at_its_witness_inside_its_hypotheses(cases):
    for c in cases:
        if c.true:
            continue
        # read again from the paragraph, not from the stored claim
        written = next(s for s in re.findall(r"\$([^$]+)\$", c.text) if s == c.claim)
        at = point(c.witness)
        assert inside(c.hypotheses, at), c
        links = link_values(parse(written), at)
        lhs, rel, rhs = links[c.link]
        assert fails(lhs, rel, rhs), c
        assert excess(lhs, rel, rhs) > MARGIN
        # and the chain as a whole is false there: not every link holds
        assert not all(holds(*link) for link in links), c


def test_the_other_links_of_a_false_chain_hold_at_the_witness(cases):
    for c in cases:
        if not c.true:
            links = link_values(parse(c.claim), point(c.witness))
            for i, link in enumerate(links):
                if i != c.link:
                    assert holds(*link), c


def test_every_true_case_holds_on_a_new_sample(cases):
    rng = random.Random(2024)
    for c in cases:
        if not c.true:
            continue
        parsed = parse(c.claim)
        checked = 0
        for p in sample(c.hypotheses, c.integers, _names(c), rng, budget=150):
            at = point(p)
            if inside(c.hypotheses, at):
                for link in link_values(parsed, at):
                    assert holds(*link), (c, p)
                checked += 1
        assert checked, c


def test_numeric_margins(cases):
    """Numbers against numbers: a true claim holds by more than 1e-6 relative, a false one fails by more."""
    for c in cases:
        if c.witness or c.hypotheses or _names(c):
            continue
        for i, (lhs, rel, rhs) in enumerate(link_values(parse(c.claim), {})):
            if rel == "eq":
                continue
            gap = excess(lhs, rel, rhs)
            if c.true or i != c.link:
                assert gap < -1e-6, c
            else:
                assert gap > 1e-6, c


def test_many_slip_kinds(cases):
    kinds = {c.slip for c in cases if not c.true}
    assert {"direction", "constant", "dropped-hypothesis", "hypothesis", "exponent", "sign", "term", "digit",
            "tight", "coefficient"} <= kinds
    assert {len(parse(c.claim)[1]) for c in cases if c.family == "chain"} >= {2, 3}


@pytest.mark.parametrize("latex, at, expected", [
    ("2|x| + 3", {"x": -1}, 5),
    ("||a| - |b||", {"a": 1, "b": -3}, 2),
    ("|2u - 3| \\cdot |u|", {"u": 1}, 1),
    ("\\ln 2", {}, mpmath.log(2)),
    ("\\ln(1 + x)", {"x": 1}, mpmath.log(2)),
    ("e^{-1}", {}, mpmath.exp(-1)),
    ("e^{48\\delta}", {"\\delta": mpmath.mpf("0.01")}, mpmath.exp(mpmath.mpf("0.48"))),
    ("n!", {"n": 5}, 120),
    ("2^{n - 1}", {"n": 4}, 8),
    ("\\sqrt[3]{8}", {}, 2),
    ("1.02^{48}", {}, mpmath.mpf("1.02") ** 48),
    ("\\frac{x^2}{2}", {"x": 3}, mpmath.mpf("4.5")),
    ("(1 + x)^{n}", {"x": 1, "n": 3}, 8),
    ("1 + nx", {"x": 2, "n": 3}, 7),
    ("1 + nx^2", {"x": 2, "n": 3}, 13),
    ("-x^2", {"x": 3}, -9),
    ("2\\sqrt{x \\cdot \\frac{9}{x}}", {"x": 2}, 6),
    ("\\sqrt{a^2 + c^2} \\cdot \\sqrt{b^2 + d^2}", {"a": 3, "c": 4, "b": 0, "d": 1}, 5),
    ("(ab + cd)^2", {"a": 1, "b": 2, "c": 3, "d": 4}, 196),
    ("\\frac{(a + b)^2}{4}", {"a": 1, "b": 3}, 4),
    ("3 \\cdot 4 + 3", {}, 15),
    ("\\pi^2", {}, mpmath.pi**2),
])
def test_reader(latex, at, expected):
    (tree,), rels = parse(latex)
    assert rels == ()
    assert abs(value(tree, {k: mpmath.mpf(v) for k, v in at.items()}) - expected) < mpmath.mpf("1e-40")


def test_reader_of_chains():
    terms, rels = parse("(1 + \\delta)^{48} \\le e^{48\\delta} = e^{0.48} < 1.62")
    assert rels == ("le", "eq", "lt") and len(terms) == 4
    assert parse("|u| \\ge 1")[1] == ("ge",)

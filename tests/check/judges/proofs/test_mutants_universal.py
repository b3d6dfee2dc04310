"""Tests written against the mutants that survived `bench/mutation.py` on lnsym.check.judges.proofs.universal (the
search for a value where a claim made for every value fails): the exact points a domain offers, in order (the simple
values, then each end and the points just inside it), the point a refutation names and both sides there, the order
of a strict and a non-strict relation at an equality, what the double-precision screen skips (no real value, an
overflow) and does not flag, the cut of the points with several variables, the margin a refutation must clear, and
the sides it evaluates nothing for. Every expected value is recomputed by hand in the comments."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy as sp

from lnsym.check.judges.proofs.universal import Domain, counterexample

x, y, z, n, k, t = sp.symbols("x y z n k t")
REAL = Domain()
F = Fraction


def test_the_points_of_a_domain_one_by_one():
    assert Domain(integer=True).holds(F(3)) and not Domain(integer=True).holds(F(1, 2))
    assert Domain().holds(F(1, 2))
    assert not Domain(nonzero=True).holds(F(0)) and Domain(nonzero=True).holds(F(1))
    assert Domain().holds(F(0))
    assert Domain(lo=F(1)).holds(F(1)) and not Domain(lo=F(1), lo_strict=True).holds(F(1))
    assert not Domain(lo=F(1)).holds(F(1, 2)) and Domain(lo=F(1)).holds(F(2))
    assert Domain(hi=F(1)).holds(F(1)) and not Domain(hi=F(1), hi_strict=True).holds(F(1))
    assert not Domain(hi=F(1)).holds(F(2)) and Domain(hi=F(1)).holds(F(-5))


SIMPLE = [F(0), F(1), F(-1), F(2), F(-2), F(1, 2), F(-1, 2), F(3), F(-3), F(4), F(-4), F(5), F(-5), F(3, 2), F(-3, 2),
          F(1, 3), F(-1, 3), F(7), F(-7), F(10), F(-10), F(1, 10), F(-1, 10), F(20), F(-20), F(50), F(100)]


def test_the_samples_of_a_domain_in_order():
    assert Domain().samples() == SIMPLE  # the reals: the simple values only, as listed
    assert Domain(nonzero=True).samples() == SIMPLE[1:]
    # whole numbers from 1: the simple whole numbers >= 1, then the end's neighbours 1 + 0, 1 + 1 (already there)
    # and 1 + 10 = 11 (1 - 1 = 0, 1 - 10 = -9 are below the end; 1 ± 1/2, 1 ± 1/100 are no whole numbers)
    assert Domain(integer=True, lo=F(1)).samples() == [F(1), F(2), F(3), F(4), F(5), F(7), F(10), F(20), F(50),
                                                       F(100), F(11)]
    # [1000, 1040]: no simple value lies inside; the lower end plus 0, 1, 1/2, 1/100, 10 (its minus points lie
    # below), then the upper end minus 0, 1, 1/2, 1/100, 10 (its plus points lie above)
    assert Domain(lo=F(1000), hi=F(1040)).samples() == [
        F(1000), F(1001), F(2001, 2), F(100001, 100), F(1010), F(1040), F(1039), F(2079, 2), F(103999, 100), F(1030)]
    # (999, 1000]: 999 itself left out; 999 + 1 = 1000, 999 + 1/2, 999 + 1/100, then from the upper end only
    # 1000 - 1/100 is new (1000 - 1 = 999 is left out, 1000 - 1/2 is there already, 1000 - 10 lies below)
    assert Domain(lo=F(999), lo_strict=True, hi=F(1000)).samples() == [F(1000), F(1999, 2), F(99901, 100),
                                                                      F(99999, 100)]


def test_an_equality_refutes_a_strict_order_and_the_direction_counts():
    # x^2 > 0 fails at x = 0 alone (0 > 0 is false); 0 is the first value of the reals
    found = counterexample(x ** 2, sp.S(0), ">", {"x": REAL})
    assert found is not None and found.point == {"x": 0} and (found.left, found.right) == (0, 0)
    # x > 1 for every x >= 1: the end itself refutes (1 > 1 is false)
    found = counterexample(x, sp.S(1), ">", {"x": Domain(lo=F(1))})
    assert found is not None and found.point == {"x": 1} and (found.left, found.right) == (1, 1)
    # x < 1/2 for every real: 0 < 1/2 holds, 1 < 1/2 is the first that fails (1/2 itself comes later)
    found = counterexample(x, sp.Rational(1, 2), "<", {"x": REAL})
    assert found is not None and found.point == {"x": 1} and (found.left, found.right) == (1, sp.Rational(1, 2))


def test_which_points_of_a_domain_refute_first():
    # n^2 >= n for every integer n: n(n - 1) >= 0 for whole numbers; n = 1/2 (1/4 < 1/2) is no integer
    assert counterexample(n ** 2, n, "≥", {"n": Domain(integer=True)}) is None
    # x^2 >= 1 for x != 0: 0 left out (0 >= 1 would fail first), 1, -1, 2, -2 hold, 1/2 fails: 1/4 < 1
    found = counterexample(x ** 2, sp.S(1), "≥", {"x": Domain(nonzero=True)})
    assert found is not None and found.point == {"x": F(1, 2)}
    assert (found.left, found.right) == (sp.Rational(1, 4), 1)
    # 1/x <= 50 for x > 0: at the simple values 1/x is at most 10 (x = 1/10); 0 is left out; the point just inside
    # the end, x = 1/100, gives 100 > 50
    found = counterexample(1 / x, sp.S(50), "≤", {"x": Domain(lo=F(0), lo_strict=True)})
    assert found is not None and found.point == {"x": F(1, 100)} and (found.left, found.right) == (100, 50)
    # x <= 1045 for x in [1000, 1050]: only the upper end's neighbours fail; 1050 first (then 1049, ...)
    found = counterexample(x, sp.S(1045), "≤", {"x": Domain(lo=F(1000), hi=F(1050))})
    assert found is not None and found.point == {"x": 1050}
    # x >= 1002 for x in [1000, 1050]: the lower end 1000 fails first
    found = counterexample(x, sp.S(1002), "≥", {"x": Domain(lo=F(1000), hi=F(1050))})
    assert found is not None and found.point == {"x": 1000}


def test_whole_numbers_reach_the_screen_as_whole_numbers():
    # n! >= n^2 for n >= 1: 1 >= 1 holds, 2! = 2 < 4 fails (math.factorial takes no float)
    found = counterexample(sp.factorial(n), n ** 2, "≥", {"n": Domain(integer=True, lo=F(1))})
    assert found is not None and found.point == {"n": 2} and (found.left, found.right) == (2, 4)
    # ln x <= 10 for x >= 10^30: ln(10^30) = 30 ln 10 = 69.08 > 10; math.log takes an integer of any size
    found = counterexample(sp.log(x), sp.S(10), "≤", {"x": Domain(lo=F(10 ** 30))})
    assert found is not None and found.point == {"x": 10 ** 30}


def test_an_overflow_is_skipped_and_the_search_goes_on():
    # e^x cosh x <= 10^300 for x <= 360: at the simple values (x <= 100) e^x cosh x <= e^200 / 2 + 1/2 < 10^87;
    # then 360, 359, 359.5, 359.99 overflow double precision (e^718 / 2 > 10^311) and are skipped, and
    # x = 360 - 10 = 350 gives (e^700 + 1) / 2 = 5.07e303 > 10^300
    found = counterexample(sp.exp(x) * sp.cosh(x), sp.Integer(10) ** 300, "≤", {"x": Domain(hi=F(360))})
    assert found is not None and found.point == {"x": 350} and found.right == sp.Integer(10) ** 300
    assert float(found.left) == pytest.approx(5.0711e303, rel=1e-4)


def test_no_real_side_is_no_refutation():
    # sqrt(x) + 1 <= sqrt(x) for x < 0: the difference 1 > 0 is real at every point, but neither side is
    assert counterexample(sp.sqrt(x) + 1, sp.sqrt(x), "≤", {"x": Domain(hi=F(0), hi_strict=True)}) is None


def test_what_has_no_number_decides_nothing():
    d = {"x": REAL}
    assert counterexample(x, 2, "≤", d) is None  # a side that is no SymPy expression
    assert counterexample(2, x, "≤", d) is None
    assert counterexample(x, sp.Matrix([x]), "≤", d) is None
    assert counterexample(sp.gamma(x), sp.S(1), "≥", {"x": Domain(lo=F(1))}) is None  # Γ is not screened
    big = x - 100  # every claim below would fail at x = 0 if its left side were a number: each is at least 0 there
    assert counterexample(sp.Sum(x ** k, (k, 0, 3)), big, "≤", d) is None
    assert counterexample(sp.Product(x + k, (k, 1, 2)), big, "≤", d) is None
    assert counterexample(sp.Integral(x * t, (t, 0, 1)), big, "≤", d) is None
    assert counterexample(sp.Derivative(x ** 3, x), big, "≤", d) is None
    assert counterexample(sp.Limit(sp.sin(x * t) / t, t, 0), big, "≤", d) is None
    a = sp.IndexedBase("a")
    assert counterexample(a[x] ** 2, big, "≤", {"x": REAL, "a": REAL, "a[x]": REAL}) is None


def test_three_variables_take_ten_values_each():
    # 1200^(1/3) = 10.6: each variable takes 0, 1, -1, 2, -2, 1/2, -1/2, 3, -3, 4. yz <= 12 + x^2: with x = 0 the
    # first y whose yz passes 12 is y = 4 (y = 3 reaches 3 * 4 = 12 only), at z = 4: 16 > 12
    found = counterexample(y * z, 12 + x ** 2, "≤", {"x": REAL, "y": REAL, "z": REAL})
    assert found is not None and found.point == {"x": 0, "y": 4, "z": 4} and (found.left, found.right) == (16, 12)


def test_the_points_are_cut_to_1200():
    # seven variables: 1200^(1/7) = 2.76, two values each (0 and 1): 2^7 = 128 points, none negative, and a sum
    # of seven reals >= 0 is never refuted there
    seven = sp.symbols("a b c d e f g")
    assert counterexample(sum(seven), sp.S(0), "≥", {str(s): REAL for s in seven}) is None
    # eleven variables, two values each: 2^11 = 2048 points cut to the first 1200; the one point of {0, 1}^11
    # where a sum of eleven exceeds 10 (all ones) is the last, not tried
    eleven = sp.symbols("a0:11")
    assert counterexample(sum(eleven), sp.S(10), "≤", {str(s): REAL for s in eleven}) is None
    # (with ten, 2^10 = 1024 points are all tried, and all ones refutes: 10 > 9)
    ten = eleven[:10]
    found = counterexample(sum(ten), sp.S(9), "≤", {str(s): REAL for s in ten})
    assert found is not None and found.point == {str(s): 1 for s in ten} and (found.left, found.right) == (10, 9)


def test_a_refutation_clears_its_margin():
    # x <= -x: 0 <= 0 holds, x = 1 refutes: 1 against -1 (the sides apart by 2, though their sum is 0)
    found = counterexample(x, -x, "≤", {"x": REAL})
    assert found is not None and found.point == {"x": 1} and (found.left, found.right) == (1, -1)
    # false by 10^-20 everywhere: below the margin 10^-12 * max(1, |sides|), no refutation
    assert counterexample(x + sp.Rational(1, 10 ** 20), x, "≤", {"x": REAL}) is None
    assert counterexample(x + sp.Rational(1, 10 ** 20), x, "<", {"x": REAL}) is None
    assert counterexample(x, x - sp.Rational(1, 10 ** 20), "<", {"x": REAL}) is None  # (1 < 1 - 10^-20 at x = 1)
    # false by 3/2 * 10^-12: at x = 0 the sides are 1.5e-12 and 0, apart by more than 10^-12 * 1
    found = counterexample(x + sp.Rational(3, 2 * 10 ** 12), x, "≤", {"x": REAL})
    assert found is not None and found.point == {"x": 0} and found.left == sp.Rational(3, 2 * 10 ** 12)
    # false by 1 at sides of 10^20 and more: 1 is below 10^-12 * 10^20 = 10^8, no refutation
    assert counterexample(10 ** 20 * x + 1, 10 ** 20 * x, "≤", {"x": Domain(lo=F(1))}) is None


def test_the_screen_flags_only_what_double_precision_sees_fail():
    # sqrt(x + 10^32) - 10^16 is about x / (2 * 10^16) = 5e-11 > 0 at x = 10^6: the claim <= 0 is false by more than
    # the margin 10^-12, but 10^32 + 10^6 rounds to 10^32 in double precision: the screen sees 0 <= 0, and the
    # point is never tried exactly; likewise for >= with the sides exchanged
    gap = sp.sqrt(x + 10 ** 32) - 10 ** 16
    far = {"x": Domain(lo=F(10 ** 6))}
    assert counterexample(gap, sp.S(0), "≤", far) is None
    assert counterexample(-gap, sp.S(0), "≥", far) is None
    found = counterexample(gap, sp.S(0), "<", far)  # (0 < 0 fails on the screen, and the point is tried: 5e-11 > 0)
    assert found is not None and found.point == {"x": 10 ** 6}


def test_the_margin_is_exact_to_40_digits():
    zero, one, minus_one = (Domain(lo=F(v), hi=F(v)) for v in (0, 1, -1))
    margin = sp.Rational(1, 10 ** 12)
    # false by exactly 10^-12 at x = 0 (sides 10^-12 and 0): the margin is 10^-12 * max(1, 10^-12, 0) = 10^-12, and
    # the sides must be apart by more than it
    assert counterexample(x + margin, x, "≤", {"x": zero}) is None
    # at x = 1 the sides are 1 + g and 1: the margin is 10^-12 * (1 + g), which g passes only when
    # g > 10^-12 / (1 - 10^-12) = 10^-12 + 10^-24 + ...: g = 10^-12 + 10^-25 does not, g = 10^-12 + 10^-23 does
    below, above = margin + sp.Rational(1, 10 ** 25), margin + sp.Rational(1, 10 ** 23)
    assert counterexample(x + below, x, "≤", {"x": one}) is None
    found = counterexample(x + above, x, "≤", {"x": one})
    assert found is not None and found.point == {"x": 1} and (found.left, found.right) == (1 + above, 1)
    # the larger side may be the right one: at x = -1 the sides are -1 and -1 - g, the margin 10^-12 * (1 + g)
    assert counterexample(x, x - below, "≤", {"x": minus_one}) is None
    found = counterexample(x, x - above, "≤", {"x": minus_one})
    assert found is not None and found.point == {"x": -1} and (found.left, found.right) == (-1, -1 - above)

"""Steps of a proof that the words around them decide (issue 28): a candidate the text rejects although it meets the
condition it tests, a relation between known values the text calls false although it holds, a value solved from
the equation just before it that does not solve it. Each rule: a correct text (never ``wrong``), a slip that is
caught, and what stays unchecked."""

from __future__ import annotations

import pytest

from lnsym.check.pipeline import check_text


def findings(text: str, worker) -> list:
    found = check_text(text, "k.md", worker).findings
    assert found  # (a text whose statements were all missed would make every "no wrong" below vacuous)
    return found


def wrong(text: str, worker) -> list[tuple[str, str]]:
    return [(f.source, f.reason) for f in findings(text, worker) if f.verdict.value == "wrong"]


def verdict(text: str, source: str, worker) -> str:
    """The verdict of the last finding of ``text`` whose source is ``source`` (a trial writes its value twice)."""
    (*_, f) = [f for f in findings(text, worker) if f.source == source]
    return f.verdict.value


# -- a rejected candidate that meets the condition being tested ------------------------------------------------
SEARCH = "We look for a positive integer $x$ with $x^2 + 1 = 10$.\nTry $x = 2$: $2^2 + 1 = 5$, so $x = 2$ fails.\n"
FITS = ("A batch of $B$ examples fits iff $2 + 0.5B \\le 20$.\n"
        "Try $B = 40$: $2 + 0.5 \\cdot 40 = 22 > 20$, so $B = 40$ fails.\n")


def test_a_candidate_that_meets_the_condition_is_not_rejected_in_a_correct_text(worker):
    assert not wrong(SEARCH + "Try $x = 3$: $3^2 + 1 = 10$, so $x = 3$ works.\n", worker)
    assert not wrong(FITS + "Try $B = 30$: $2 + 0.5 \\cdot 30 = 17 \\le 20$, so $B = 30$ fits.\n", worker)


def test_a_rejected_candidate_that_meets_an_equation_tested_is_wrong(worker):
    (found,) = wrong(SEARCH + "Try $x = 3$: $3^2 + 1 = 10$, so $x = 3$ fails.\n", worker)
    assert found[0] == "x = 3"
    assert "the text rejects x = 3, but it meets" in found[1] and "x^{2} - 9 = 0 (at x = 3: 0 = 0)" in found[1]


def test_a_rejected_candidate_that_meets_an_inequality_tested_is_wrong(worker):
    (found,) = wrong(FITS + "Try $B = 30$: $2 + 0.5 \\cdot 30 = 17 \\le 20$, so $B = 30$ does not work.\n", worker)
    assert found[0] == "B = 30" and "(at B = 30: -3 \\le 0)" in found[1]


def test_a_candidate_failing_one_of_the_conditions_may_be_rejected(worker):
    # -3 solves x^2 = 9 but not x > 0: the text rejects it rightly
    text = "We want $x^2 = 9$ with $x > 0$. Try $x = -3$: $(-3)^2 = 9$, but $x = -3$ fails.\n"
    assert verdict(text, "x = -3", worker) != "wrong"


@pytest.mark.parametrize("text", [
    "We want a positive $x$ with $x^2 = 9$. Try $x = -3$: $(-3)^2 = 9$, so $x = -3$ fails.\n",  # not positive
    "We want an even $x$ with $x^2 = 9$. Try $x = 3$: $3^2 = 9$, so $x = 3$ fails.\n",  # a condition not read
    "We want $x$ with $x^2 = 9$. Try $x = 3$: $3^2 = 9$, so $x = 3$ fails since it is odd.\n",  # a reason given
])
def test_a_candidate_failing_a_condition_in_words_may_be_rejected(text, worker):
    assert verdict(text, "x = -3" if "-3" in text else "x = 3", worker) != "wrong"


def test_a_candidate_out_of_the_original_domain_stays_rejected(worker):
    # squaring may bring in a root of the squared equation only: "the original" is no condition the paragraph states
    text = "Squaring gives $x^2 = 9$. Then $x = -3$ does not satisfy the original equation.\n"
    assert verdict(text, "x = -3", worker) != "wrong"


# -- a relation between known values the text calls false --------------------------------------------------------
def test_an_inequality_the_text_calls_false_but_which_holds_is_wrong(worker):
    (found,) = wrong("Here $23.6 \\le 24$, which does not hold.\n", worker)
    assert found == ("23.6 \\le 24", "the text calls it false, but 23.6 ≤ 24 holds")


def test_an_inequality_the_text_calls_false_and_which_is_false_is_correct(worker):
    assert verdict("We get $7 > 9$, which is false.\n", "7 > 9", worker) == "correct"


def test_a_relation_followed_by_fails_is_about_the_candidate_not_the_relation(worker):
    # "26.4 > 24, so B fails": the relation holds and is why the candidate fails
    assert not wrong("Try $B = 32$: $26.4 > 24$, so this batch fails.\n", worker)


# -- a value solved from the equation just before it -----------------------------------------------------------
CASES = ("We solve $|t - 1| = 3$.\n"
         "Case 1: $t \\ge 1$. Then $|t - 1| = t - 1$, so $t - 1 = 3$ and $t = 4$.\n"
         "Case 2: $t < 1$. Then $|t - 1| = 1 - t$, so $1 - t = 3$ and $t = {value}$.\n")


def test_the_solution_of_the_second_case_is_correct(worker):
    assert not wrong(CASES.format(value="-2"), worker)


def test_a_value_that_does_not_solve_the_equation_of_its_case_is_wrong(worker):
    (found,) = wrong(CASES.format(value="-4"), worker)
    assert found[0] == "t = -4" and "t = -2 solves that equation" in found[1]


def test_one_of_several_solutions_is_not_wrong(worker):
    assert verdict("Hence $t^2 = 4$ and $t = -2$.\n", "t = -2", worker) != "wrong"


def test_a_new_quantity_after_and_is_no_solution(worker):
    assert verdict("Hence $t - 1 = 3$ and $s = 7$.\n", "s = 7", worker) != "wrong"


def test_two_givens_joined_by_and_are_not_a_derivation(worker):
    # no word of derivation before the equation: two premises, not an equation and its solution
    assert verdict("Take $t - 1 = 3$ and $t = 7$ in another problem.\n", "t = 7", worker) != "wrong"


# -- a condition on one variable derived from the one before it ----------------------------------------------------
@pytest.mark.parametrize("text", [
    "We need $x^2 - 5x + 6 < 0$, so $2 < x < 4$.\n",  # weaker: follows
    "We need $x^2 - 5x + 6 < 0$, i.e. $2 < x < 3$.\n",  # the same set
    "We need $2n + 1 > 10$, so $n \\ge 5$.\n",
    "For an integer $b \\ge 0$ we have $b^2 > 30$, so $b \\ge 6$.\n",  # over the integers
    "We have $|1 - 4\\eta| < 1$, i.e. $0 < \\eta < \\frac12$.\n",
])
def test_a_condition_that_follows_from_the_one_before_it_is_not_wrong(text, worker):
    assert not wrong(text, worker)


def test_a_condition_a_point_of_the_one_before_it_violates_is_wrong(worker):
    (found,) = wrong("We need $2n + 1 > 10$, so $n \\ge 6$.\n", worker)
    assert found == ("n \\ge 6", "does not follow from the condition before it: at n = 5, which meets it, n ≥ 6 is "
                                 "false (5 ≥ 6)")


def test_an_equivalence_a_point_outside_the_condition_meets_is_wrong(worker):
    (found,) = wrong("We have $|1 - 4\\eta| < 1$, i.e. $0 < \\eta < 1$.\n", worker)
    assert found[0] == "\\eta < 1" and "at \\eta = 0.5 this one holds (0.5 < 1), but that one does not" in found[1]


@pytest.mark.parametrize("text", [
    "We have $b^2 > 30$, so $b \\ge 6$.\n",  # b may be an integer: b = 5.5 alone refutes nothing
    "We have $x^2 > 4$, so $x > 2$.\n",  # x may be a length: only x = -3 refutes it
    "We have $x^2 > 4$. Hence for $x > 0$ we get $x > 2$.\n",  # other words between: not derived from it
    "We have $e^x > 2$, so $x > 1$.\n",  # not a rational function of x
    "For an even $b$ we have $b^2 > 30$, so $b \\ge 8$.\n",  # a condition in words lnsym does not read
])
def test_a_condition_stays_unchecked_where_the_point_may_be_out_of_its_range(text, worker):
    assert not wrong(text, worker)

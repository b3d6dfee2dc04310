"""Forms that correct MATH-style solutions use, checked (bench/math_coverage.py measures the share).

Each feature: a correct example is ``correct``, a mutation is ``wrong`` at its position (when the
feature can refute at all) and a prose-like case stays ``unchecked``.
"""

from __future__ import annotations

import pytest

from lnsym.check.pipeline import check_text


def verdict_of(report, source: str) -> str:
    found = [f.verdict.value for f in report.findings if f.source == source]
    assert found, (source, [f.source for f in report.findings])
    return found[0]


def wrong_at(report):
    return [(f.line, f.column) for f in report.findings if f.verdict.value == "wrong"]


# -- a step that follows from the paragraph's earlier equations ---------------------------------

def test_a_step_that_follows_from_an_earlier_equation_of_the_paragraph(worker):
    text = "We have $4a+b=3$ and so on. Also $5a+b=4$. Then $a=1$, and $b=-1$."
    report = check_text(text, "t", worker)
    assert verdict_of(report, "a=1") == "correct"  # 5a+b=4 minus 4a+b=3
    assert verdict_of(report, "b=-1") == "correct"
    assert wrong_at(report) == []


def test_a_step_that_does_not_follow_stays_unchecked(worker):
    text = "We have $4a+b=3$. Also $5a+b=4$. Then $a=2$, and $a+c=7$."
    report = check_text(text, "t", worker)
    assert verdict_of(report, "a=2") == "unchecked"  # never wrong: it may be a new case
    assert verdict_of(report, "a+c=7") == "unchecked"


def test_a_contradictory_system_proves_nothing(worker):
    text = "Case one: $x+y=1$. Case two: $x+y=2$. So $x-y=5$."
    report = check_text(text, "t", worker)
    assert verdict_of(report, "x-y=5") == "unchecked"


# -- congruences modulo a number ---------------------------------------------------------------

def test_congruences_are_decided_modulo_the_span_modulus(worker):
    text = "So $5^6 \\equiv 5 \\cdot 3 \\equiv 15 \\equiv 1 \\pmod{7}$ and $17 \\cdot 18 \\equiv 2 \\pmod 4$."
    report = check_text(text, "t", worker)
    assert {f.verdict.value for f in report.findings} == {"correct"}, report.findings
    assert len(report.findings) == 4


def test_a_wrong_congruence_is_wrong_at_its_position(worker):
    text = "Hence\n$$2^{15} \\equiv 32768 \\equiv 7 \\pmod{10}.$$"
    report = check_text(text, "t", worker)
    assert wrong_at(report) == [(2, 17)]  # the step 32768 ≡ 7
    assert [f.expected for f in report.findings if f.verdict.value == "wrong"] == ["8"]


def test_a_polynomial_congruence_and_an_inverse(worker):
    report = check_text("$(n+7)^2 \\equiv n^2 \\pmod{7}$ and $3 \\equiv 2^{-1} \\pmod 5$.", "t", worker)
    assert {f.verdict.value for f in report.findings} == {"correct"}


def test_a_polynomial_congruence_in_two_unknowns(worker):
    """A congruence with unknowns holds when every coefficient of the difference of its sides, a polynomial
    in all its unknowns, is divisible by the modulus: (a+b)^2 - (a^2+b^2) = 2ab."""
    report = check_text("$(a+b)^2 \\equiv a^2 + b^2 \\pmod{2}$ and $(a+b)^2 \\equiv a^2 + b^2 \\pmod{3}$.", "t", worker)
    assert [(f.verdict.value, f.reason) for f in report.findings] == [("correct", ""),
                                                                      ("unchecked", "not an identity modulo 3")]


@pytest.mark.parametrize("text", [
    "$100 \\bmod 7 = 3$",  # the remainder operation
    "$a \\equiv 5 \\pmod{m}$",  # a letter modulus
    "$x \\equiv 3 \\pmod{7}$",  # an unknown: a condition
    "$4 \\equiv 1 \\pmod 3, 4 \\equiv 2 \\pmod 5$",  # two moduli in one span
    "$4 \\equiv 9 \\pmod{5} = 8$",  # the marker does not end its statement
])
def test_unclear_congruences_stay_unchecked(worker, text):
    report = check_text(text, "t", worker)
    assert [f.verdict.value for f in report.findings if f.verdict.value != "unchecked"] == []


# -- ± as two values ---------------------------------------------------------------------------

def test_plus_minus_on_both_sides_is_two_values(worker):
    text = "The roots are $\\frac{6 \\pm \\sqrt{36 - 8}}{2} = 3 \\pm \\sqrt{7}$, and $1 \\pm 3 = 1 \\mp 3$."
    report = check_text(text, "t", worker)
    assert [f.verdict.value for f in report.findings] == ["correct", "correct"]


def test_a_wrong_plus_minus_is_wrong_at_its_position(worker):
    text = "Roots:\n$x = \\frac{6 \\pm \\sqrt{36 - 8}}{2} = 3 \\pm \\sqrt{8}$"
    report = check_text(text, "t", worker)
    assert wrong_at(report) == [(2, 6)]


def test_plus_minus_on_one_side_stays_unchecked(worker):
    report = check_text("So $\\frac{1 \\pm 3}{2} = 2$ or $x^2 = 49$, so $x = \\pm 7$.", "t", worker)
    assert "wrong" not in {f.verdict.value for f in report.findings}
    assert verdict_of(report, "\\frac{1 \\pm 3}{2} = 2") == "unchecked"


# -- column vectors ----------------------------------------------------------------------------

def test_column_vectors_are_vectors(worker):
    text = ("$$\\begin{pmatrix} 2 \\\\ 3 \\end{pmatrix} + \\begin{pmatrix} 1 \\\\ -1 \\end{pmatrix} "
            "= \\begin{pmatrix} 3 \\\\ 2 \\end{pmatrix}$$")
    report = check_text(text, "t", worker)
    assert [f.verdict.value for f in report.findings] == ["correct"]


def test_a_wrong_column_vector_is_wrong_at_its_position(worker):
    text = "Then\n$$3\\begin{pmatrix} 2 \\\\ 3 \\end{pmatrix} = \\begin{pmatrix} 6 \\\\ 8 \\end{pmatrix}$$"
    report = check_text(text, "t", worker)
    assert wrong_at(report) == [(2, 3)]
    assert [f.expected for f in report.findings] == ["[6, 9]"]


def test_a_matrix_with_columns_stays_unchecked(worker):
    text = "$$\\begin{pmatrix} 2 & 3 \\\\ 1 & 4 \\end{pmatrix} = 5$$"
    report = check_text(text, "t", worker)
    assert {f.verdict.value for f in report.findings} == {"unchecked"}


# -- small forms: .\overline{3}, {a \over b}, {\pm}, i -----------------------------------------

def test_small_forms_are_evaluated(worker):
    text = ("So $.\\overline{1}=\\frac{1}{9}$, and ${6\\over{1-1/2}}=12$, and ${\\pm} 2 = \\pm 2$, and "
            "$(1+i)^2 = 2i$ and $25|4+3i| = 125$.")
    report = check_text(text, "t", worker)
    assert [f.verdict.value for f in report.findings] == ["correct"] * 5


def test_small_forms_wrong_at_their_position(worker):
    text = "So\n$.\\overline{7}=\\frac{8}{9}$ and ${6\\over{1-1/2}}=11$."
    report = check_text(text, "t", worker)
    assert wrong_at(report) == [(2, 2), (2, 34)]


def test_i_is_never_refuted(worker):
    report = check_text("Let the index be such that $i^2 = 4$.", "t", worker)  # i may be an index
    assert [f.verdict.value for f in report.findings] == ["unchecked"]


# -- a paragraph that speaks of another base ---------------------------------------------------

def test_one_digit_numerals_are_checked_in_a_base_paragraph_but_never_refuted(worker):
    text = ("In base $b$, $(4b+4)(5b+5) = 4(b+1)5(b+1)$ and $(4b+4)(5b+5) = 20(b+1)^2$; "
            "the units digit: $5+4 = 1$.")
    report = check_text(text, "t", worker)
    assert verdict_of(report, "(4b+4)(5b+5) = 4(b+1)5(b+1)") == "correct"
    assert verdict_of(report, "(4b+4)(5b+5) = 20(b+1)^2") == "unchecked"  # 20 may be a base-b numeral
    assert verdict_of(report, "5+4 = 1") == "unchecked"  # a carry: not refuted


# -- an inequality that follows from an earlier one --------------------------------------------

def test_an_inequality_rearranged_is_correct(worker):
    text = "We need $9+2a < 5$, so $2a < -4$ and $a < -2$; also $mn > m+n$, so $mn - m - n > 0$."
    report = check_text(text, "t", worker)
    assert verdict_of(report, "9+2a < 5") == "unchecked"  # the premise
    for step in ("2a < -4", "a < -2", "mn - m - n > 0"):
        assert verdict_of(report, step) == "correct", step


def test_an_inequality_that_does_not_follow_stays_unchecked_unless_said_to_follow(worker):
    text = "We need $a \\le -2$. Then $a < -2$ and $a < -3$, and $x^2 + x \\ge 75$. We have $75 > x^2 + x - 1$."
    report = check_text(text, "t", worker)
    assert verdict_of(report, "a < -2") == "unchecked"  # a non-strict premise gives no strict conclusion
    assert verdict_of(report, "a < -3") == "unchecked"
    assert verdict_of(report, "75 > x^2 + x - 1") == "unchecked"
    assert wrong_at(report) == []
    # said to follow ("so"): refuted at a point of the premise (judges/proofs/conditions.py)
    text = "We need $a \\le -2$, so $a < -2$, and $x^2 + x \\ge 75$ so $75 > x^2 + x - 1$."
    report = check_text(text, "t", worker)
    assert verdict_of(report, "a < -2") == "wrong"  # at a = -2
    assert verdict_of(report, "75 > x^2 + x - 1") == "wrong"


def test_a_consequence_of_polynomial_equations_is_correct(worker):
    text = "We have $a+b=4$ and $ab=3$, so $a^2+b^2 = 10$; but $a^2 + b^2 = 11$ does not follow."
    report = check_text(text, "t", worker)
    assert verdict_of(report, "a^2+b^2 = 10") == "correct"  # (a+b)^2 - 2ab
    assert verdict_of(report, "a^2 + b^2 = 11") == "unchecked"


# -- x(6 - x): a letter applied to an expression in itself is a product ---------------------------

def test_a_letter_times_an_expression_in_itself_is_a_product(worker):
    report = check_text("So $x(6 - x) = 6x - x^2$ and $k^3 - k = k(k - 1)(k + 1)$.", "t", worker)
    assert [f.verdict.value for f in report.findings] == ["correct", "correct"]
    report = check_text("So $A = x(6 - x) = 6x + x^2$, and $y(u+v) = 10$.", "t", worker)
    assert wrong_at(report) == [(1, 9)]  # a name chain: the second link must be an identity
    assert verdict_of(report, "y(u+v) = 10") == "unchecked"  # y may be a function


# -- matrices and determinants -----------------------------------------------------------------

def test_matrix_products_and_determinants(worker):
    text = ("$$\\begin{pmatrix} 3 & -4 \\\\ 1 & -1 \\end{pmatrix} \\begin{pmatrix} 3 & -4 \\\\ 1 & -1 \\end{pmatrix} "
            "= \\begin{pmatrix} 5 & -8 \\\\ 2 & -3 \\end{pmatrix}$$\n\n"
            "$$\\begin{vmatrix} 1 & 2 \\\\ 3 & 4 \\end{vmatrix} = -2$$\n\n"
            "$$\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix} \\begin{pmatrix} 2 \\\\ 7 \\end{pmatrix} "
            "= \\begin{pmatrix} 2a + 7b \\\\ 2c + 7d \\end{pmatrix}$$")
    report = check_text(text, "t", worker)
    assert [f.verdict.value for f in report.findings] == ["correct"] * 3


def test_a_wrong_matrix_power_is_wrong_at_its_position(worker):
    text = ("So\n$$\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}^2 = "
            "\\begin{pmatrix} 7 & 10 \\\\ 15 & 23 \\end{pmatrix}$$")
    report = check_text(text, "t", worker)
    assert wrong_at(report) == [(2, 3)]
    assert [f.expected for f in report.findings] == ["[7, 10, 15, 22]"]


def test_a_matrix_plus_a_number_stays_unchecked(worker):
    report = check_text("$$\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix} + 1 = 2$$", "t", worker)
    assert [f.verdict.value for f in report.findings] == ["unchecked"]


def test_a_huge_matrix_power_is_refused_before_evaluating(worker):
    text = "$$\\begin{pmatrix} 10^{300} & 2 \\\\ 3 & 4 \\end{pmatrix}^{60} = 1$$"
    report = check_text(text, "t", worker)
    assert [f.reason for f in report.findings] == ["too large to evaluate: a matrix power with more than 5000 digits"]


def test_x_equals_plus_minus_follows_from_its_equation(worker):
    report = check_text("We have $x^2 = 49$, so $x = \\pm 7$; also $y^2 = 49$, so $y = \\pm 6$.", "t", worker)
    assert verdict_of(report, "x = \\pm 7") == "correct"
    assert verdict_of(report, "y = \\pm 6") == "unchecked"


# -- issue 15: the modulus a span is read with, and the decision modulo m, rule by rule ------------------
import sympy as sp  # noqa: E402

from lnsym.check.judges.numbers.evaluate import Vec  # noqa: E402
from lnsym.check.judges.numbers.exact import free_of  # noqa: E402
from lnsym.check.judges.numbers.modular import MODULAR, decide_modular, find_modulus  # noqa: E402
from lnsym.check.parse.lexer import tokenize  # noqa: E402


@pytest.mark.parametrize(("src", "modulus", "kept", "marker"), [
    (r"5^6 \equiv 1 \pmod{7}", 7, "5 ^ 6 ≡ 1", (13, 21)), (r"17 \equiv 2 \pmod 4", 4, "17 ≡ 2", (12, 19)),
    (r"a \equiv 1 (\mod 7)", 7, "a ≡ 1", (12, 19)),  # the brackets go with the marker
    (r"4 \equiv 4 \mod 7", 7, "4 ≡ 4", (11, 17)), (r"4 \equiv 0 \pmod{2}", 2, "4 ≡ 0", (11, 19)),
    (r"4 \equiv 4 \pmod{999999999999}", 999999999999, "4 ≡ 4", (11, 30)),
    (r"4 \equiv 9 \pmod{5}, 3 \equiv 8 \pmod{5}", 5, "4 ≡ 9 pmod , 3 ≡ 8", (32, 40)),  # one modulus, twice
])
def test_a_numeric_modulus_ending_its_statement_is_read(src, modulus, kept, marker):
    out, reason, found = find_modulus(tokenize(src))
    assert reason == f"modular arithmetic modulo {modulus}" and found == modulus  # a number, not read from the text
    # the marker becomes one separator spanning it; the tokens before it are kept
    assert " ".join(t.value for t in out[:-1]) == kept
    assert (out[-1].kind, out[-1].value, out[-1].start, out[-1].end) == ("SEP", "pmod", *marker)


@pytest.mark.parametrize("src", [
    r"a \equiv 1 (\mod 7", r"a \equiv 1 \text{ mod } 7", r"100 \bmod 7 = 3", r"a \equiv 5 \pmod{m}",
    r"a \equiv 5 \pmod{7", r"a \equiv 5 \pmod", r"4 \equiv 1 \pmod{1}", r"4 \equiv 4 \pmod{1000000000000}",
    r"4 \equiv 9 \pmod{5} = 8", r"4 \equiv 1 \pmod 3, 4 \equiv 2 \pmod 5", r"4 \equiv 4 \pmod{7.5}",
    r"x = 100 \bmod 7",  # the remainder operation, even where it could read as a modulus
])
def test_an_unclear_modulus_leaves_the_span_unchecked(src):
    toks = tokenize(src)
    assert find_modulus(toks) == (toks, MODULAR, None)


@pytest.mark.parametrize(("src", "modulus"), [
    # what may follow the marker: a separator (\\quad, a new line), the end of an environment, & , ; .
    (r"4 \equiv 9 \pmod{5} \quad 3 \equiv 8 \pmod{5}", 5), (r"4 \equiv 9 \pmod{5} \\ 3 \equiv 8", 5),
    (r"4 \equiv 9 \pmod{5} \end{aligned}", 5), (r"4 \equiv 9 \pmod{5} & 3", 5), (r"4 \equiv 9 \pmod{5}; 3", 5),
    (r"4 \equiv 9 \pmod{5} + 8", None),  # the statement goes on after the marker: not a modulus of it
    (r"4 \equiv 9, \mod 5", 5),  # a comma before the marker is no bracket
])
def test_the_marker_ends_its_statement(src, modulus):
    _, reason, found = find_modulus(tokenize(src))
    assert reason == (MODULAR if modulus is None else f"modular arithmetic modulo {modulus}") and found == modulus


def test_no_marker_no_modulus():
    toks = tokenize("4 = 4")
    assert find_modulus(toks) == (toks, "", None)


n_ = sp.Symbol("n", integer=True)
S = sp.Integer


@pytest.mark.parametrize(("left", "right", "rel", "m", "decision"), [
    (n_, n_, "<", 7, ("unchecked", "", "'<' in modular arithmetic is not checked")),
    (Vec([S(1)]), S(1), "≡", 7, ("unchecked", "", "a vector in modular arithmetic")),
    (sp.Function("F")(n_), sp.Function("F")(n_), "≡", 7, ("unchecked", "", "a function in modular arithmetic")),
    (sp.Function("F")(n_), n_, "≡", 7, ("unchecked", "", "a function in modular arithmetic")),
    (n_, sp.Function("F")(n_), "≡", 7, ("unchecked", "", "a function in modular arithmetic")),
    ((n_ + 7) ** 2, n_**2, "≡", 7, ("correct", "", "")),  # 14n + 49: every coefficient divisible by 7
    (n_ * (n_ + 1), n_**2 + n_, "≡", 7, ("correct", "", "")),  # identically equal
    (n_ + 1, n_, "≡", 7, ("unchecked", "", "not an identity modulo 7")),  # a condition on n, not refuted
    (7 * n_ / 2, S(0), "≡", 7, ("unchecked", "", "not an identity modulo 7")),  # 7/2 is no integer
    (sp.sin(n_), S(0), "≡", 7, ("unchecked", "", "not an identity modulo 7")),  # no polynomial
    (S(32768), S(7), "≡", 10, ("wrong", "8", "the left side is 8 modulo 10, the right side 7")),
    (S(-3), S(4), "≡", 7, ("correct", "", "")),  # -3 = 4 - 7
    (S(3), S(1) / 2, "≡", 5, ("correct", "", "")),  # 2^{-1} is 3 modulo 5 (2 * 3 = 6)
    (S(1) / 5, S(1), "≡", 5, ("unchecked", "", "a value that is not an integer modulo 5")),  # 5 has no inverse
    (S(15), S(1), "=", 7, ("correct", "", "")),  # a chain may mix = and ≡
    (S(15), S(2), "=", 7, ("unchecked", "", "'=' between values that differ modulo 7")),
    ((1 + sp.sqrt(2)) ** 2, 3 + 2 * sp.sqrt(2), "=", 7, ("correct", "", "")),  # equal, though not integers
    ((1 + sp.sqrt(2)) ** 2, 3 + 2 * sp.sqrt(2), "≡", 7, ("unchecked", "", "a value that is not an integer modulo 7")),
])
def test_decisions_modulo_m(left, right, rel, m, decision):
    assert decide_modular(left, right, rel, m, free_of) == decision

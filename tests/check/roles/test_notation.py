"""Notation of real answer keys, one rule at a time: each is read as mathematics is typeset, and each
rule has a counterpart that must still be caught (a wrong digit, a wrong sign)."""

from __future__ import annotations

import pytest

from lnsym.check import check_text


def verdicts(text: str, worker) -> list[tuple[str, str]]:
    return [(f.source, f.verdict.value) for f in check_text(text, "k", worker).findings]


@pytest.mark.parametrize(
    ("right", "wrong"),
    [
        # degrees: an angle in degrees compared with plain numbers is a number of degrees
        (r"$180-35-55=90^\circ$", r"$180-35-55=80^\circ$"),
        (r"$(5-2)\cdot 180=540^{\circ}$", r"$(5-2)\cdot 180=450^{\circ}$"),
        (r"$738^\circ - 360^\circ = 378^\circ$", r"$738^\circ - 360^\circ = 388^\circ$"),
        # the degree sign and \degree are ^\circ
        ("$180-35-55=90°$", "$180-35-55=80°$"),
        (r"$180-35-55=90\degree$", r"$180-35-55=80\degree$"),
        ("$\\sin 30° = 0.5$", "$\\sin 30° = 0.6$"),
        # ... and an angle in radians compared with degrees is converted
        (r"$\frac{\pi}{2} = 90^\circ$", r"$\frac{\pi}{3} = 90^\circ$"),
        # trigonometry of a bare number may be in degrees (nobody means 60 radians)
        (r"$\cos 60 = 0.5$", r"$\cos 60 = 0.6$"),
        (r"$\sin 30^\circ + \cos 60^\circ = 1$", r"$\sin 30^\circ + \cos 60^\circ = 2$"),
        # percent: 50% is 1/2, and a lone 50% after x 100 is the number 50
        (r"$\frac{2}{4}\times 100 = 50\%$", r"$\frac{2}{4}\times 100 = 40\%$"),
        (r"$50\% = 0.5$", r"$20\% = 0.3$"),
        # thousands separators, also at the end of a sentence
        (r"$4,000,000 + 2000 + 1 = 4,002,001.$", r"$4,000,000 + 2000 + 1 = 4,002,011.$"),
        (r"$1999 \times 4,002 = 7,999,998$", r"$1999 \times 4,002 = 7,999,999$"),
        (r"$2{,}500 \times 2 = 5{,}000$", r"$2{,}500 \times 2 = 5{,}500$"),
        # currency is a unit
        (r"$\$10 + \$24 = \$34$", r"$\$10 + \$24 = \$44$"),
        (r"$\$2,500.00 \times 2 = \$5,000$", r"$\$2,500.00 \times 2 = \$4,000$"),
        # a quotient with its remainder
        (r"$20 \div 4 = 5 \text{ remainder } 0$", r"$20 \div 4 = 5 \text{ remainder } 1$"),
        (r"$17 \div 5 = 3 \text{ R } 2$", r"$17 \div 5 = 3 \text{ R } 3$"),
        (r"\(1121 \div 243 = 4\) remainder \(149\)", r"\(1121 \div 243 = 4\) remainder \(133\)"),
        # a power after a bracket that follows a letter is the bracket's: b(b-1)^2 = b (b-1)^2
        (r"$b(b-1)^2 = b^3 - 2b^2 + b$", r"$y = b(b-1)^2 = b^3 - 2b^2$"),
        # a quantity named in words is a name, not prose between statements
        (r"$\text{Number of rabbits} = \text{Number of dogs} - 2 = 9 - 2 = 7$",
         r"$\text{Number of rabbits} = \text{Number of dogs} - 2 = 9 - 2 = 6$"),
    ],
)
def test_notation_is_read_and_a_slip_is_still_caught(worker, right, wrong):
    got = verdicts(right, worker)
    assert got and all(v != "wrong" for _, v in got), got
    assert any(v == "correct" for _, v in got), got
    assert any(v == "wrong" for _, v in verdicts(wrong, worker)), verdicts(wrong, worker)


def test_an_integer_quotient_without_its_remainder_is_not_refuted(worker):
    """`175 \\div 119 = 1` may be the integer quotient; a value that is no quotient at all is still wrong."""
    assert verdicts(r"$175 \div 119 = 1$", worker) == [(r"175 \div 119 = 1", "unchecked")]
    assert verdicts(r"$175 \div 119 = 2$", worker) == [(r"175 \div 119 = 2", "wrong")]


def test_several_pm_on_one_side_are_not_paired(worker):
    """`\\frac{\\pm 2}{\\pm 1}` may be the set {2, -2}; one ± a side is still two paired values."""
    assert verdicts(r"$\frac{\pm 2}{\pm 1} = \pm 2$", worker)[0][1] != "wrong"
    assert verdicts(r"$3 \pm 1 = 4 \pm 2$", worker)[0][1] == "wrong"
    assert verdicts(r"$3 \pm 1 = 1 + 2 \pm 1$", worker)[0][1] == "correct"


def test_units_in_text_must_match(worker):
    """`\\text{ cm}` after a number is a unit: the same unit cancels; different units are compared only as a
    conversion between units that convert exactly, and a length is never wrong by one (it may be a scale)."""
    assert verdicts(r"$2 \text{ cm} + 3 \text{ cm} = 5 \text{ cm}$", worker)[0][1] == "correct"
    assert verdicts(r"$1 \text{ km} = 1000 \text{ m}$", worker)[0][1] == "correct"  # a conversion
    assert verdicts(r"$1 \text{ km} = 100 \text{ m}$", worker)[0][1] == "unchecked"  # a length: perhaps a scale
    assert verdicts(r"$2 \text{ cm} + 3 \text{ cm} = 6 \text{ cm}$", worker)[0][1] != "correct"


def test_of_after_a_percent_or_a_fraction_is_a_product(worker):
    assert verdicts(r"$25\% \text{ of } \$2,000.00 = \$500.00$", worker)[0][1] == "correct"
    assert verdicts(r"$\frac{1}{3} \text{ of } 18 = 6$", worker)[0][1] == "correct"
    assert verdicts(r"$25\% \text{ of } \$2,000.00 = \$400.00$", worker)[0][1] == "wrong"


def test_a_greek_letter_before_a_bracket_is_a_function(worker):
    """`\\pi(2)` is a permutation's value, not 2π."""
    assert verdicts(r"$\pi(2) = 2012$", worker)[0][1] == "unchecked"
    assert verdicts(r"$2 \pi = 6.2832$", worker)[0][1] in ("imprecise", "correct")


def test_two_numerals_of_one_base_are_a_conversion(worker):
    assert verdicts(r"$41_{(5)} = 131_{(5)}$", worker)[0][1] == "unchecked"
    assert verdicts(r"$131_{5} = 40$", worker)[0][1] == "wrong"  # 131 in base 5 is 41


def test_a_boxed_percent_is_read_with_its_digits(worker):
    assert verdicts(r"$\frac{14}{60} \cdot 100 = \boxed{23.33\%}$", worker)[0][1] == "imprecise"
    assert verdicts(r"$\frac{14}{60} \cdot 100 = \boxed{23.43\%}$", worker)[0][1] == "wrong"


def test_an_operation_the_key_defines_is_evaluated_with_its_definition(worker):
    got = dict(verdicts(r"Let $a \star b = 2a + b$. Then $3 \star 4 = 10$ and $(1 \star 2) \star 3 = 11$.", worker))
    assert got[r"a \star b = 2a + b"] == "defined"  # the definition
    assert got[r"3 \star 4 = 10"] == "correct" and got[r"(1 \star 2) \star 3 = 11"] == "correct"
    assert dict(verdicts(r"Let $a \star b = 2a + b$. So $3 \star 4 = 11$.", worker))[r"3 \star 4 = 11"] == "wrong"
    assert verdicts(r"So $5 \diamond 2 = 7$.", worker)[0][1] == "unchecked"  # not defined here: never guessed


def test_the_inverse_of_a_function_and_expressions_set_side_by_side(worker):
    assert verdicts(r"So $f^{-1}(4) = 2$.", worker)[0][1] == "unchecked"  # f^{-1} is the inverse, not 1/f
    # `76(1+r) 40 + ...`: two equations run together, not a product with 40
    got = verdicts(r"$40(1+r+r^2) = 76(1+r) 40 + 40r + 40r^2 = 76 + 76r$", worker)
    assert got and all(v != "wrong" for _, v in got), got
    assert verdicts(r"$(2+3)4 = 21$", worker)[0][1] == "wrong"  # a number right after a bracket is a factor


def test_letters_given_values_inside_a_sum_are_not_a_chain(worker):
    from lnsym.check import check_record

    r = check_record({"id": "t", "steps": ["The letters: A=1 + B=2 + C=3 = 6."]})
    assert r["findings"] and all(f["verdict"] != "wrong" for f in r["findings"])
    r = check_record({"id": "t", "steps": ["So 1 + 2 + 3 = 7."]})
    assert [f["verdict"] for f in r["findings"]] == ["wrong"]


def test_a_percent_added_to_an_amount_may_be_a_percent_of_it(worker):
    """`50 - 20\\%` as shops and calculators write it: 50 less 20% of 50. Correct under either reading; wrong only
    when both readings refute it, and the evidence gives both."""
    assert verdicts(r"$50 - 20\% = 40$", worker)[0][1] == "correct"
    assert verdicts(r"$120 + 10\% = 132$", worker)[0][1] == "correct"
    assert verdicts(r"$0.5 + 10\% = 0.6$", worker)[0][1] == "correct"  # the plain reading
    got = check_text(r"$50 - 20\% = 45$", "t", worker).findings[0]
    assert got.verdict.value == "wrong" and "49.8" in got.reason and "40 against 45" in got.reason
    assert verdicts(r"$120 + 10\% = 130$", worker)[0][1] == "wrong"
    assert verdicts(r"$20\% + 30\% = 50\%$", worker)[0][1] == "correct"  # percents added: no amount


def test_a_repeating_decimal_on_the_left_is_cut_as_on_the_right(worker):
    assert verdicts(r"$0.333\ldots = \frac13$", worker)[0][1] == "correct"
    assert verdicts(r"$0.111\ldots = \frac19$", worker)[0][1] == "correct"
    assert verdicts(r"$0.333 = \frac13$", worker)[0][1] == "imprecise"  # no ellipsis: '≈' is meant
    assert verdicts(r"$0.334\ldots = \frac13$", worker)[0][1] == "wrong"


def test_an_amount_of_money_is_the_literal_it_shows(worker):
    assert verdicts(r"$\$10 \div 3 = \$3.33\ldots$", worker)[0][1] == "correct"
    assert verdicts(r"$\$10 \div 3 = \$3.34\ldots$", worker)[0][1] == "wrong"


def test_a_rounding_to_a_unit_the_text_names_is_not_refuted_by_its_digits(worker):
    # held to the rounding named (roles/rules.rounded_as_its_sentence_says), not to the digits
    assert verdicts(r"To the nearest five, $37 \approx 35$.", worker)[0][1] == "correct"
    assert verdicts(r"Rounded up to the next cent, $\$10 \div 3 \approx \$3.34$.", worker)[0][1] == "correct"
    assert verdicts(r"Each pays $\$10 \div 3 \approx \$3.34$, rounded up.", worker)[0][1] == "correct"
    # a unit it does not read: not refuted by the digits either
    assert verdicts(r"To the nearest multiple of seven, $40 \approx 42$.", worker)[0][1] == "unchecked"
    assert verdicts(r"So $37 \approx 35$.", worker)[0][1] == "wrong"
    assert verdicts(r"To the nearest five, $37 + 1 = 39$.", worker)[0][1] == "wrong"  # not a rounding
    # a unit the digits shown give is still checked, and a rounding in the next sentence is another one's
    assert verdicts(r"To the nearest hundredth, $\frac{1}{3} \approx 0.34$.", worker)[0][1] == "wrong"
    assert verdicts(r"\[ 38.6731^2 \approx 1495.62 \] Since we cannot use a fraction of one, we round up to 1496.",
                    worker)[0][1] == "wrong"


def test_percents_subtracted_may_give_percentage_points(worker):
    assert verdicts(r"$45\% - 40\% = 5$ percentage points", worker)[0][1] == "correct"
    assert verdicts(r"$45\% - 40\% = 6$", worker)[0][1] == "wrong"
    assert verdicts(r"$20\% \times 50 = 1000$", worker)[0][1] == "wrong"  # a product of a percent: no points


def test_a_braced_comma_between_digits_is_a_decimal_comma_unless_three_follow(worker):
    assert verdicts(r"$2{,}5 \cdot 2{,}40 = 6{,}00$", worker)[0][1] == "correct"
    assert verdicts(r"$2{,}5 + 1 = 3{,}6$", worker)[0][1] == "wrong"
    assert verdicts(r"$10{,}000 + 1 = 10{,}001$", worker)[0][1] == "correct"  # thousands


def test_a_modulus_the_prose_gives_decides_an_equation_modulo_it(worker):
    """`= ` in a ring the text names, or with "(mod 5)" after it: correct when congruent, never wrong."""
    got = dict(verdicts(r"In $\mathbb{Z}_7$ we have $8 = 1$ and $3 \cdot 5 = 1$.", worker))
    assert got["8 = 1"] == "correct" and got[r"3 \cdot 5 = 1"] == "correct"
    assert verdicts(r"Then $9 = 4$ (mod 5).", worker)[0][1] == "correct"
    assert verdicts(r"Reducing mod 5, $3^4 = 1$.", worker)[0][1] == "correct"
    assert verdicts(r"Working in $\mathbb{Z}_5$: $8 = 4$.", worker)[0][1] == "unchecked"  # not congruent: never wrong
    assert verdicts(r"Modulo 7, $3 \equiv 11$.", worker)[0][1] == "wrong"  # a congruence is still refuted
    assert verdicts(r"So $x^2 + 2x + 1 = x^2 + 1$, because $2 = 0$ in $\mathbb{F}_2$.", worker)[0][1] == "correct"
    assert verdicts(r"Reducing mod 5 at each step: $3^4 = 81 = 1$.", worker)[1][1] == "correct"
    assert [v for _, v in verdicts("- Modulo 2: $5 = 1$\n- Modulo 3: $5 = 2$", worker)] == ["correct", "correct"]
    # `327 \mod 17` in math is the remainder asked for, and a division with its remainder is about integers
    got = verdicts(r"Calculate \(327 \mod 17\): \[327 \div 17 = 19 \text{ remainder } 8\]", worker)
    assert got[-1][1] == "wrong"
    # without a modulus in the prose, or in another paragraph, integers are integers
    assert verdicts(r"So $8 = 1$.", worker)[0][1] == "wrong"
    assert dict(verdicts("In $\\mathbb{Z}_7$ all is well.\n\nSo $8 = 1$.", worker))["8 = 1"] == "wrong"


def test_square_brackets_are_the_greatest_integer_where_the_text_says_so(worker):
    said = r"Here $[x]$ denotes the greatest integer not exceeding $x$. "
    got = dict(verdicts(said + r"So $[-1.2] = -2$ and $2.25 - [2.25] = 2.25 - 2$.", worker))
    assert got["[-1.2] = -2"] == "correct" and got["2.25 - [2.25] = 2.25 - 2"] == "correct"
    assert dict(verdicts(said + r"So $[-1.2] = -1$.", worker))["[-1.2] = -1"] == "wrong"  # -2 is the floor
    # elsewhere square brackets group: 2[3.5 + 1] is 9, and reading it as 2 * 4 would hide the slip
    assert verdicts(r"So $2[3.5 + 1] = 8$.", worker)[0][1] == "wrong"
    assert verdicts(r"So $[-1.2] = -2$.", worker)[0][1] == "wrong"


def test_a_star_the_text_defines_is_that_operation(worker):
    got = dict(verdicts(r"Define $a * b = 2a - b$. Then $3 * 4 = 2 \cdot 3 - 4 = 2$ and $(3 * 4) * 5 = 2 * 5 = -1$.",
                        worker))
    assert got["a * b = 2a - b"] == "defined"  # the definition
    assert got[r"3 * 4 = 2 \cdot 3 - 4"] == "correct" and got["(3 * 4) * 5 = 2 * 5"] == "correct"
    assert got["2 * 5 = -1"] == "correct"
    slip = dict(verdicts(r"Let $x \ast y = x + y - xy$. So $2 \ast 3 = 0$.", worker))
    assert slip[r"2 \ast 3 = 0"] == "wrong"  # 2 + 3 - 6 = -1
    # without a definition `*` is a product
    assert verdicts(r"So $3 * 4 = 12$.", worker)[0][1] == "correct"
    assert verdicts(r"So $3 * 4 = 2$.", worker)[0][1] == "wrong"


@pytest.mark.parametrize("definition, uses, usual", [
    (r"For a positive integer $n$, let $\boxed{n}$ denote the sum of the divisors of $n$.",
     [r"\boxed{11} = 1 + 11 = 12", r"\boxed{\boxed{11}} = \boxed{12} = 28"], "wrong"),
    (r"Define $\$N$ by the formula $\$N = 0.4(N) + 2$.", [r"\$(\$50) = \$(22) = 10.8"], "wrong"),
    (r"Let $[n]$ denote $n^2 + 1$.", [r"[3] = 10", r"[2] + [3] = 5 + 10 = 15"], "wrong"),
    (r"For real $a$ and $b$, define $a \$ b = (a - b)^2$.", [r"3 \$ 5 = (3 - 5)^2 = 4"], "wrong"),
    # symbols lnsym does not read at all: unchecked with the definition or without
    (r"Define $\#N$ by the formula $\#N = .5(N) + 1$.", [r"\#50 = 26", r"\#(\#50) = \#26 = 14"], "unchecked"),
    (r"Let $\langle n \rangle$ be the integer closest to $\sqrt{n}$.", [r"\langle 5 \rangle = 2"], "unchecked"),
])
def test_notation_the_text_defines_is_not_read_with_its_usual_meaning(worker, definition, uses, usual):
    text = definition + "\n\n" + "".join(f"So ${u}$. " for u in uses)
    found = verdicts(text, worker)
    assert found and all(v == "unchecked" for _, v in found), found
    # the same statements without the definition: read with the usual meaning (refuted), or not read
    assert usual in {v for _, v in verdicts("".join(f"So ${u}$. " for u in uses), worker)}


def test_a_definition_that_restates_a_usual_meaning_changes_nothing(worker):
    # `\$x` is x dollars: a price named, not a symbol defined; the amounts are still checked
    got = dict(verdicts(r"Let $\$x$ be the price of a pen. Then $\$3 + \$4 = \$8$.", worker))
    assert got[r"\$3 + \$4 = \$8"] == "wrong"
    # `[x]` defined as the greatest integer is the floor, which lnsym reads
    got = dict(verdicts(r"Let $[x]$ denote the greatest integer not exceeding $x$. So $[-1.2] = -1$.", worker))
    assert got["[-1.2] = -1"] == "wrong"
    # a name with a bar, or a value given to a bracketed letter, defines no symbol
    got = dict(verdicts(r"Let $\bar{x}$ be the mean. Then $\bar{x} = \frac{2 + 4}{2} = 4$.", worker))
    assert got[r"\frac{2 + 4}{2} = 4"] == "wrong"
    got = dict(verdicts(r"Let $\boxed{7}$ be the answer. So $\boxed{2 + 3} = 6$.", worker))
    assert got[r"\boxed{2 + 3} = 6"] == "wrong"


def test_a_fraction_typed_inline_after_a_division_sign_is_one_number(worker):
    """`2/3 \\div 1/6` is (2/3) ÷ (1/6) = 4, as everyone reads it; strictly left to right it would be 1/9."""
    assert verdicts(r"So $2/3 \div 1/6 = 4$.", worker)[0][1] == "correct"
    assert verdicts(r"So $3/4 \div 3/8 \times 2 = 4$.", worker)[0][1] == "correct"
    assert verdicts(r"So $1/2 \div 1/4 = 1/8$.", worker)[0][1] == "wrong"  # it is 2
    assert verdicts("So 2/3 ÷ 1/6 = 4 servings.", worker)[0][1] == "correct"
    assert verdicts("So 2/3 ÷ 1/6 = 5 servings.", worker)[0][1] == "wrong"
    # with spaces, or a power glued on, the usual order of operations
    assert verdicts(r"So $12 \div 2 / 3 = 2$.", worker)[0][1] == "correct"
    assert verdicts(r"So $2 \div 1/2^2 = 0.5$.", worker)[0][1] == "correct"  # (2 ÷ 1) / 4


def test_a_decimal_that_rounds_one_of_two_values_is_a_rounding_of_it(worker):
    """`x = \\frac{3 \\pm \\sqrt5}{2} \\approx 2.618`: a later step computing with 2.618 is judged against the exact
    root too, as after any rounding; a decimal given as data is not."""
    said = r"Here $x = \frac{3 \pm \sqrt5}{2} \approx 2.618$ or $0.382$; "
    assert dict(verdicts(said + r"$2.618^5 \approx 122.99$.", worker))[r"2.618^5 \approx 122.99"] == "correct"
    assert dict(verdicts(said + r"$2.618^5 \approx 122.95$.", worker))[r"2.618^5 \approx 122.95"] == "wrong"
    assert verdicts(r"So $2.618^5 \approx 122.99$.", worker)[0][1] == "wrong"  # 122.98 from the data as written


def test_a_rounding_of_a_well_known_constant_may_stand_for_it(worker):
    """`10.825/0.6931 \\approx 15.617`: 0.6931 is ln 2 rounded, and 15.617 is ln 50257 / ln 2; the digits computed
    from 0.6931 as written (15.618) are not the only honest result. Data decimals are still data."""
    got = dict(verdicts(r"So $10.825/0.6931 \approx 15.617$ and $3.14 \times 4 = 12.57$.", worker))
    assert got[r"10.825/0.6931 \approx 15.617"] == "correct"
    assert got[r"3.14 \times 4 = 12.57"] == "imprecise"  # 4π rounded, written with '='
    assert verdicts(r"So $10.825/0.6931 \approx 15.627$.", worker)[0][1] == "wrong"  # neither reading gives it
    assert verdicts(r"So $11.5098 \times 720 = 8286.656$.", worker)[0][1] == "wrong"  # 8287.056
    assert verdicts(r"So $3.1 \times 4 = 12.57$.", worker)[0][1] == "wrong"  # two digits stand for nothing


@pytest.mark.parametrize(("text", "written"), [
    (r"$1.41^2 = 2$", "1.9881"),  # 1.41 for √2
    (r"$\sin(3.14) = 0$", "0.001593"),  # 3.14 for π
    (r"$\ln 2.718 = 1$", "0.999896"),  # 2.718 for e
    (r"$3.14 \cdot 2^2 = 4\pi$", "12.56"),
])
def test_a_constant_read_into_a_decimal_never_proves_an_exact_equation(worker, text, written):
    """Probe 3, P3-B: '=' claims the value exactly, and the decimal as written does not give it; with the constant
    read into it the step is at best a rounding written with '=' (imprecise), with the value as written shown."""
    ((source, verdict),) = verdicts(text, worker)
    assert verdict == "imprecise", source
    (finding,) = check_text(text + "\n", worker=worker).findings
    assert "'≈' is meant" in finding.reason and written in finding.reason, finding.reason


@pytest.mark.parametrize(("text", "target", "verdict"), [
    # probe 3, P3-C: the decimals of an earlier '≈' are the numbers the text computes with
    (r"$\frac{1}{7} \approx 0.14$, so $0.14 \cdot 7 = 1$", r"0.14 \cdot 7 = 1", "imprecise"),
    (r"$\frac{1}{7} \approx 0.14$, so $0.14 \cdot 7 = 0.98$", r"0.14 \cdot 7 = 0.98", "correct"),
    (r"$\frac{1}{7} \approx 0.14$, so $0.14 \cdot 7 = 1.2$", r"0.14 \cdot 7 = 1.2", "wrong"),
    (r"$\frac{1}{3} \approx 0.33$, so $0.33 + 0.33 + 0.33 = 1$", "0.33 + 0.33 + 0.33 = 1", "imprecise"),
    (r"$\sqrt{2} \approx 1.414$, so $1.414^2 = 2$", "1.414^2 = 2", "imprecise"),
    (r"$\ln 2 \approx 0.693$, so $e^{0.693} = 2$", "e^{0.693} = 2", "imprecise"),
    (r"$\frac{2}{3} \approx 0.67$ and $\frac{1}{3} \approx 0.33$, so $0.67 - 0.33 = \frac{1}{3}$",
     r"0.67 - 0.33 = \frac{1}{3}", "imprecise"),
    (r"$\frac{1}{3} \approx 0.33$, so $0.33 \cdot 3 \approx 1$", r"0.33 \cdot 3 \approx 1", "correct"),
    # the next term goes on from the value as written where the step holds as written: 0.99 is not 1
    (r"$\frac{1}{3} \approx 0.33$, and $0.33 \cdot 3 = 0.99 = 1$", "0.99 = 1", "imprecise"),
    (r"$\frac{1}{3} \approx 0.33$, and $0.33 \cdot 3 = 0.99 = 1$", r"0.33 \cdot 3 = 0.99", "correct"),
    (r"$\sqrt{2} \approx 1.41$, and $1.41^2 = 1.9881 = 2$", "1.9881 = 2", "imprecise"),
])
def test_an_earlier_rounding_undone_never_proves_an_exact_equation(worker, text, target, verdict):
    got = dict(verdicts(text, worker))
    assert got[target] == verdict, got


def test_a_decimal_written_earlier_after_approx_is_a_rounding_later(worker):
    """`\\hat x \\approx (1.225, -1.225, 0)`, then `2 \\cdot (-1.225) \\approx -2.449`: 1.225 rounds the exact
    entry, and the writer may compute from that; in another paragraph, or beyond its rounding, it is data."""
    said = r"So $\hat x \approx (1.225, -1.225, 0)$. Then "
    assert dict(verdicts(said + r"$2\cdot(-1.225) \approx -2.449$.", worker))[r"2\cdot(-1.225) \approx -2.449"] \
        == "correct"
    assert dict(verdicts(said + r"$2\cdot(-1.225) \approx -2.460$.", worker))[r"2\cdot(-1.225) \approx -2.460"] \
        == "wrong"
    assert verdicts(r"Then $2\cdot(-1.225) \approx -2.449$.", worker)[0][1] == "wrong"


# -- decimal commas in math (the conventions of much of Europe, South America and Russia) ---------------------

@pytest.mark.parametrize(("text", "comma", "values"), [
    (r"12.500 \cdot 1{,}04 = 13.000", True, ["12500", "cdot", "1.04", "=", "13000"]),  # points group thousands
    (r"13.520 \cdot 1{,}04 = 14.060{,}8", True, ["13520", "cdot", "1.04", "=", "14060.8"]),
    (r"92 \times 0,85 = 78,20", True, ["92", "times", "0.85", "=", "78.20"]),
    (r"12\,500 \cdot 0{,}5 = 6\,250", True, ["12500", "cdot", "0.5", "=", "6250"]),  # thin spaces group too
    (r"0.987 + 1,000,000", True, ["⁇", "+", "⁇"]),  # a decimal point, or commas grouping thousands: two readings
    (r"\frac{12}{80} = 0,15", False, ["frac", "{", "12", "}", "{", "80", "}", "=", "⁇"]),  # or the list 0, 15
    (r"x_{1,2} + f(1,2) + \{0,1\}", False, ["x", "_", "{", "1", ",", "2", "}", "+", "f", "(", "1", ",", "2", ")",
                                             "+", "\\{", "0", ",", "1", "\\}"]),
    (r"2,3,5,7", False, ["2", ",", "3", ",", "5", ",", "7"]),
    (r"0{,}792 + 10{,}000", False, ["0.792", "+", "10000"]),  # no thousands group starts with 0
])
def test_numbers_in_math_are_read_by_the_texts_decimal_mark(text, comma, values):
    from lnsym.check.parse.lexer import tokenize

    assert [t.value for t in tokenize(text, comma=comma)] == values


@pytest.mark.parametrize(("text", "mark"), [
    (r"$2{,}5 + 1 = 3{,}5$", "comma"), (r"$0{,}792$", "comma"), (r"$92 \times 0,85 = 78,20$", "comma"),
    (r"$45 - 13,50 = 32,50\,€$", "comma"), (r"$10{,}000 + 1$", "point"), (r"$\frac{12}{80} = 0,15$", "point"),
    (r"$x = 1,2$", "point"), (r"$(-2,0)$ and $[0,1]$", "point"), (r"$40,2 \times 20,4 \times 10$", "point"),
])
def test_the_decimal_mark_of_math_needs_a_comma_used_as_a_number(text, mark):
    from lnsym.check.spans.plain_text import decimal_mark

    assert decimal_mark(text) == mark


@pytest.mark.parametrize(("right", "wrong"), [
    (r"Nach Rabatt: $92 \times 0,85 = 78,20$.", r"Nach Rabatt: $92 \times 0,85 = 78,30$."),
    (r"Nach einem Jahr: $12.500 \cdot 1{,}04 = 13.000$.", r"Nach einem Jahr: $12.500 \cdot 1{,}04 = 13.100$."),
    (r"Anteil: $0{,}792 = 79{,}2\,\%$.", r"Anteil: $0{,}792 = 97{,}2\,\%$."),
])
def test_decimal_commas_in_math_are_judged_and_their_slips_caught(worker, right, wrong):
    assert [v for _, v in verdicts(right, worker)] == ["correct"]
    assert [v for _, v in verdicts(wrong, worker)] == ["wrong"]


def test_a_comma_that_may_be_a_list_is_never_wrong(worker):
    for text in (r"Taux : $\dfrac{12}{80} = 0,15$.", r"The roots are $x = 1,2$, so $x^2 - 3x + 2 = 0$."):
        got = verdicts(text, worker)
        assert got and all(v != "wrong" for _, v in got), got


def test_the_value_a_text_takes_for_pi_is_not_a_claim_about_pi(worker):
    assert verdicts(r"Take $\pi = \dfrac{22}{7}$.", worker) == [(r"\pi = \dfrac{22}{7}", "unchecked")]
    assert verdicts(r"Use $\pi = 3.14$.", worker)[0][1] != "wrong"
    assert verdicts(r"Here $\pi = 3.15$.", worker)[0][1] == "wrong"  # further than a thousandth: a slip


def test_a_percent_sign_alone_names_the_percentage(worker):
    got = verdicts(r"Profit $\% = \dfrac{90}{450} \times 100 = 20\%$", worker)
    assert [v for _, v in got] == ["unchecked", "correct"]
    assert [v for _, v in verdicts(r"Profit $\% = \dfrac{90}{450} \times 100 = 25\%$", worker)] == \
        ["unchecked", "wrong"]


@pytest.mark.parametrize(("text", "later"), [
    # π as a name of the text's own (a mixing weight, a prior): 1 - 0.3 = 0.7 was refuted with 3.14159...
    ("The mixing weight is $\\pi = 0.3$, so $1 - \\pi = 0.7$.", "1 - \\pi = 0.7"),
    ("Let $\\pi = 0.2$ be the prior. Then $2\\pi = 0.4$.", "2\\pi = 0.4"),
    # a value the text takes for π: 2 (22/7) 7 = 44 was refuted with 14π = 43.98...
    ("Take $\\pi = \\frac{22}{7}$. The circumference is $2 \\pi \\cdot 7 = 44$.", "2 \\pi \\cdot 7 = 44"),
    ("Use $\\pi = 3.14$. Then $\\pi \\cdot 10^2 = 314$.", "\\pi \\cdot 10^2 = 314"),
])
def test_a_value_the_text_gives_pi_makes_pi_its_own_name(worker, text, later):
    got = dict(verdicts(text, worker))
    assert got[later] == "unchecked", got
    assert "\\pi =" in next(f.reason for f in check_text(text, "k", worker).findings if f.source == later)


def test_pi_is_still_pi_where_the_text_gives_it_no_value(worker):
    got = dict(verdicts("The area is $\\pi \\cdot 10^2 = 314$, and $\\pi \\approx 3.15$; also $\\pi = 3$ "
                        "is not used.", worker))
    assert got["\\pi \\cdot 10^2 = 314"] == "wrong" and got["\\pi \\approx 3.15"] == "wrong", got

"""The derivation reader on functions of one variable the text defines, derivative identities, names bound in an
earlier paragraph and units after numbers (issue 27): each rule with a correct statement proved, a mutant refuted,
and the cases that must stay unchecked (a function defined twice, in another section, assumed; an equation the text
solves; a derivative equal to a constant; a conversion between units)."""

from __future__ import annotations

import pytest

from lnsym.check.pipeline import check_text


def findings(text: str) -> dict[str, tuple[str, str]]:
    return {f.source: (f.verdict.value, f.reason) for f in check_text(text).findings}


def verdict(text: str, source: str) -> str:
    return findings(text)[source][0]


def test_a_greek_letter_defined_as_a_function_is_evaluated_and_differentiated():
    text = ("Let $\\varphi(x) = e^{-x^2}$. Then $\\varphi(0) = 1$ and $\\varphi(0) = 2$, "
            "and $\\varphi'(x) = -2x\\,\\varphi(x)$, $\\varphi'(x) = 2x\\,\\varphi(x)$.\n")
    got = findings(text)
    assert got["\\varphi(x) = e^{-x^2}"] == ("defined", "defines \\phi")  # a definition is no claim
    assert got["\\varphi(0) = 1"][0] == "correct" and got["\\varphi(0) = 2"][0] == "wrong"
    assert got["\\varphi'(x) = -2x\\,\\varphi(x)"][0] == "correct"
    wrong = got["\\varphi'(x) = 2x\\,\\varphi(x)"]
    assert wrong[0] == "wrong" and "at x = 7/5 the left side is" in wrong[1]


def test_a_chain_that_ends_by_naming_a_function_of_its_variable_defines_it():
    text = ("Here $\\frac{e^{x}}{1 + e^{x}} = \\frac{1}{1 + e^{-x}} = h(x)$.\n\n"
            "So $h'(x) = h(x)\\big(1 - h(x)\\big)$, and $h'(x) = h(x)(1 + h(x))$.\n")
    got = findings(text)
    # (named at the end of a chain, it stays `unchecked`: the name is the chain's last link, not its first)
    assert got["\\frac{1}{1 + e^{-x}} = h(x)"] == ("unchecked", "defines h")
    assert got["h'(x) = h(x)\\big(1 - h(x)\\big)"][0] == "correct"
    wrong = got["h'(x) = h(x)(1 + h(x))"]
    assert wrong[0] == "wrong" and "at x = 7/5 the left side is" in wrong[1]


def test_a_chain_names_no_function_after_a_slip_nor_one_the_text_or_lnsym_knows():
    slip = findings("Here $\\frac{e^{x}}{1 + e^{x}} = \\frac{1}{1 - e^{-x}} = h(x)$. So $h(1) = 2$.\n")
    assert slip["\\frac{e^{x}}{1 + e^{x}} = \\frac{1}{1 - e^{-x}}"][0] == "unchecked"  # not proved
    assert slip["h(1) = 2"][0] == "unchecked"  # h is not the value of a link that may be a slip
    wrong = findings("Here $2 + 2 = 5 = 5 x^0 = h(x)$. So $h(1) = 5$.\n")
    assert wrong["2 + 2 = 5"][0] == "wrong" and wrong["h(1) = 5"][0] == "unchecked"
    known = findings("Let $g(x) = x^2$. Then $x \\cdot x = g(x)$ and $g(3) = 9$.\n")
    assert known["x \\cdot x = g(x)"][0] == "correct" and known["g(3) = 9"][0] == "correct"
    standard = findings("Then $\\frac{1}{1 + e^{-x}} = \\tanh(x)$.\n")["\\frac{1}{1 + e^{-x}} = \\tanh(x)"]
    assert standard[0] == "unchecked" and "defines" not in standard[1]  # tanh is tanh, not a new name
    constant = findings("Here $2 = f(x)$. So $f(5) = 2$.\n")
    assert constant["f(5) = 2"][0] == "unchecked"  # the term before does not use x: an equation, no definition
    supposed = findings("Suppose $2x = k(x)$. Then $k(1) = 2$.\n")
    assert supposed["k(1) = 2"][0] == "unchecked"


def test_an_operatorname_function_composed_with_another_is_differentiated_by_the_chain_rule():
    text = ("Let $h(x) = 3x + 1$ and $\\operatorname{Sq}(x) = h(x)^2$. So $\\operatorname{Sq}(1) = 16$, "
            "$\\operatorname{Sq}'(x) = 6h(x)$ and $\\operatorname{Sq}'(x) = 2h(x)$.\n")
    got = findings(text)
    assert got["\\operatorname{Sq}(1) = 16"][0] == "correct"
    assert got["\\operatorname{Sq}'(x) = 6h(x)"][0] == "correct"
    assert got["\\operatorname{Sq}'(x) = 2h(x)"][0] == "wrong"


def test_a_function_defined_twice_in_another_section_or_by_an_assumption_stays_unknown():
    assert findings("Let $f(x) = x^2$. Then $f(2) = 4$.\n")["f(2) = 4"][0] == "correct"  # defined once
    twice = findings("Let $f(x) = x^2$ and $f(x) = x^3$. Then $f(2) = 4$.\n")
    assert twice["f(2) = 4"][0] == "unchecked"
    sections = findings("# Problem 1\n\nLet $f(x) = x^2$.\n\n# Problem 2\n\nHere $f(3) = 10$.\n")
    assert sections["f(3) = 10"][0] == "unchecked"
    assumed = findings("Assume $f(k) = k + 1$ holds for some $k$. Then $f(k + 1) = k + 3$.\n")
    assert assumed["f(k + 1) = k + 3"][0] == "unchecked"
    recursion = findings("Here $f(n) = f(n - 1) + 2$. We find $f(n) = 2n$, so $f(3) = 7$.\n")
    assert recursion["f(3) = 7"][0] == "unchecked"


def test_a_derivative_identity_is_refuted_at_a_point_with_both_values():
    got = findings("$\\tanh'(x) = 1 - \\tanh^2(x)$ and $\\tanh'(x) = 2 - \\tanh^2(x)$.\n")
    assert got["\\tanh'(x) = 1 - \\tanh^2(x)"][0] == "correct"
    wrong = got["\\tanh'(x) = 2 - \\tanh^2(x)"]
    assert wrong[0] == "wrong" and "the left side is 0.216152" in wrong[1] and "the right side 1.216152" in wrong[1]


def test_a_derivative_equation_the_text_solves_or_equal_to_a_constant_stays_unchecked():
    assert findings("Then $\\tanh'(x) = 2\\tanh(x)$.\n")["\\tanh'(x) = 2\\tanh(x)"][0] == "wrong"  # no cue
    solved = findings("Setting $\\tanh'(x) = 2\\tanh(x)$ we solve for $x$.\n")
    assert solved["\\tanh'(x) = 2\\tanh(x)"][0] == "unchecked"
    constant = findings("Then $\\tanh'(x) = \\tfrac12$.\n")
    assert constant["\\tanh'(x) = \\tfrac12"][0] == "unchecked"


def test_an_equation_between_functions_named_without_an_argument():
    got = findings("We use $\\sinh' = \\cosh$ and $\\cosh' = \\cosh$.\n")
    assert got["\\sinh' = \\cosh"][0] == "correct" and got["\\cosh' = \\cosh"][0] == "wrong"


def test_a_unit_after_a_number_is_set_aside_when_the_sides_agree():
    got = findings("The cache is $3 \\times 4 = 12 \\text{ bytes}$, not $3 \\times 4 = 13 \\text{ bytes}$; "
                   "$12 \\text{ bytes} = 12 \\text{ bytes}$, and $2048 \\text{ bytes} = 2\\ \\text{KiB}$; "
                   "$4 \\text{ hours} = 4 \\times 60$; $2 \\,(\\text{K and V}) \\times 3 = 6$.\n")
    assert got["3 \\times 4 = 12 \\text{ bytes}"][0] == "correct"
    assert got["3 \\times 4 = 13 \\text{ bytes}"][0] == "wrong"
    assert got["12 \\text{ bytes} = 12 \\text{ bytes}"][0] == "correct"
    assert got["2048 \\text{ bytes} = 2\\ \\text{KiB}"][0] == "correct"  # a conversion between exact units
    assert got["4 \\text{ hours} = 4 \\times 60"][0] == "unchecked"  # a conversion to minutes
    assert got["2 \\,(\\text{K and V}) \\times 3 = 6"][0] == "unchecked"  # a name, not a unit


def test_a_unit_on_the_right_only_that_differs_by_a_unit_factor_is_a_conversion():
    got = findings("So $3 \\times 20 = 1 \\text{ hour}$ and $2 \\times 512 = 1 \\text{ KiB}$, but "
                   "$2 + 3 = 6 \\text{ hours}$ and $4 \\times 15 = 6 \\text{ hours}$.\n")
    assert got["3 \\times 20 = 1 \\text{ hour}"] == (
        "unchecked", "a unit (hour) on the right side only, and the sides differ by a factor of 60: a conversion "
                     "is not checked")
    assert got["2 \\times 512 = 1 \\text{ KiB}"][0] == "unchecked"  # 1024
    assert got["2 + 3 = 6 \\text{ hours}"][0] == "wrong"  # 5 against 6: no unit factor
    assert got["4 \\times 15 = 6 \\text{ hours}"][0] == "unchecked"  # 60 against 6: a factor of 10
    # a count has no other unit to convert to: a power of ten is a slip
    got = findings("So $6 \\times 10^9 \\times 2 \\times 10^{10} = 1.2 \\times 10^{19} \\text{ FLOPs}$.\n")
    assert got["6 \\times 10^9 \\times 2 \\times 10^{10} = 1.2 \\times 10^{19} \\text{ FLOPs}"][0] == "wrong"


@pytest.mark.parametrize(("step", "verdict", "reason"), [
    ("524{,}288 \\text{ bytes} = 512\\ \\text{KiB}", "correct", "524288 bytes = 512 KiB"),
    ("524{,}288 \\text{ bytes} = 500\\ \\text{KiB}", "wrong", "524288 bytes = 512 KiB, not 500 KiB"),
    ("90 \\text{ min} = 1.5 \\text{ h}", "correct", "90 min = 1.5 h"),
    ("100 \\text{ min} \\approx 1.67 \\text{ h}", "correct", "100 min = 5/3 = 1.666667... h"),
    ("100 \\text{ min} = 1.67 \\text{ h}", "imprecise",
     "100 min = 5/3 = 1.666667... h; '=' joins a value and its rounding; '≈' is meant"),
    ("100 \\text{ min} \\approx 1.6 \\text{ h}", "imprecise",
     "100 min = 5/3 = 1.666667... h; 1.6 is that value cut after its last digit, not rounded"),
    ("100 \\text{ min} \\approx 1.5 \\text{ h}", "wrong", "100 min = 5/3 = 1.666667... h, not 1.5 h"),
    ("5 \\text{ ft} = 60 \\text{ inches}", "correct", "5 ft = 60 inches"),
    ("2.5 \\text{ kg} = 2500 \\text{ g}", "correct", "2.5 kg = 2500 g"),
])
def test_two_units_of_one_kind_that_convert_exactly_are_converted(step, verdict, reason):
    assert findings(f"So ${step}$.\n")[step] == (verdict, reason)


@pytest.mark.parametrize("step", [
    "1{,}000 \\text{ bytes} = 1 \\text{ KB}",  # 1000 or 1024: the writer's
    "961{,}538 \\text{ s} \\approx 267.1 \\text{ GPU-hours}",  # a unit of compute, not of time
    "2 \\text{ months} = 60 \\text{ days}",  # months of several lengths
    "300 \\text{ s} = 5 \\text{ m}",  # a time and a length
    "\\frac{1}{2} \\text{ inch} = 20 \\text{ miles}",  # a map's scale
    "5 \\text{ ft} = 50 \\text{ inches}",  # a length: perhaps a scale too, never wrong
    "1 \\text{ s} = 1 \\text{ day}",  # a time 86,400 times the conversion's: a scale, not a slip
])
def test_units_that_do_not_convert_exactly_leave_the_step_unchecked(step):
    assert findings(f"So ${step}$.\n")[step][0] == "unchecked"


def test_a_subscripted_name_bound_in_an_earlier_paragraph_proves_but_never_refutes():
    got = findings("Let $d_k = 4$.\n\nDivide by $\\sqrt{d_k} = 2$, not $\\sqrt{d_k} = 3$.\n")
    assert got["\\sqrt{d_k} = 2"][0] == "correct"
    assert got["\\sqrt{d_k} = 3"][0] == "unchecked"


def test_a_piecewise_definition_defines_no_function_by_its_first_piece():
    r"""A row of `\begin{cases}` is not read as written: `f(x) = x^2` is one piece of f, not its definition, so
    `f(0) = 2(0)+1` (the other piece) is no slip."""
    got = findings("Let $f(x)=\\begin{cases}x^2,&x<0\\\\2x+1,&x\\ge0\\end{cases}$. Then $f(0)=2(0)+1=1$, "
                   "$f(2)=5$.\n\nLet $g(x) = x^2$. Then $g(3) = 9$ and $g(2) = 5$.\n")
    assert got["f(0)=2(0)+1"][0] == "unchecked" and got["f(2)=5"][0] == "unchecked"
    assert got["f(x)=\\begin{cases}x^2"] == ("unchecked", "the environment cases is not checked")
    assert got["g(3) = 9"][0] == "correct" and got["g(2) = 5"][0] == "wrong"  # a definition in one piece is read


def test_a_temperature_is_no_angle_and_keeps_its_unit():
    got = findings("$$300T = 15\\,000 \\;\\Rightarrow\\; T = 50\\,^\\circ\\text{C}$$\n\n"
                   "Then $2 \\cdot 22 = 44\\,^\\circ\\text{C}$, and $2 \\cdot 30 = 60 \\text{ s}$.\n")
    assert got["T = 50\\,^\\circ\\text{C}"][0] != "wrong"  # (not 50 degrees in radians)
    assert got["2 \\cdot 22 = 44\\,^\\circ\\text{C}"][0] != "wrong"  # (the unit stays a factor: a name)
    assert got["2 \\cdot 30 = 60 \\text{ s}"][0] == "correct"


def test_two_decimals_of_one_precision_a_unit_apart_joined_by_approx_are_two_roundings():
    got = findings("So $4.00 + 31.74 = 35.74\\,\\mathrm{g} \\approx 35.75\\,\\mathrm{g}$; and $1.5 \\approx 1.6$, "
                   "but $1.5 \\approx 1.7$, $2.54 \\approx 2.6$ and $0.3333 \\approx 0.3335$.\n")
    assert got["35.74\\,\\mathrm{g} \\approx 35.75\\,\\mathrm{g}"][0] == "unchecked"
    assert got["1.5 \\approx 1.6"][0] == "unchecked"
    for slip in ("1.5 \\approx 1.7", "2.54 \\approx 2.6", "0.3333 \\approx 0.3335"):  # two units apart, a rounding
        assert got[slip][0] == "wrong", slip


def test_a_unit_after_a_result_in_prose_is_read_and_a_hyphenated_mixed_number_leaves_the_step_unchecked():
    from lnsym.check import check_record

    def verdicts(step: str) -> list[str]:
        return [f["verdict"] for f in check_record({"id": "x", "steps": [step]})["findings"]]

    assert verdicts("Total: 2 + 48 + 3150 + 1300 = 4500 pounds.") == ["correct"]
    assert verdicts("Total: 2 + 48 + 3150 + 1300 = 3500 pounds.") == ["wrong"]
    # `2-1/2` in a recipe is 2½ as often as 2 - 1/2: nothing of the step is decided, with or without a unit
    assert verdicts("Add 2-1/2 cups and 1-1/2 cups: 2-1/2 + 1-1/2 = 4 cups.") == ["unchecked"]
    assert verdicts("Add them: 2-1/2 + 1-1/2 = 4.") == ["unchecked"]
    assert verdicts("So 10-6/2 = 7.") == ["correct"]  # 6/2 is no proper fraction: no mixed number


def test_a_derivative_chain_that_ends_in_an_inequality_is_a_claim_in_its_equations():
    got = findings("Let $g(x) = e^{2x}$. Then $g'(x) = 2e^{2x} > 1$, and $g'(x) = e^{2x} > 0$.\n")
    assert got["g'(x) = 2e^{2x}"][0] == "correct"
    wrong = got["g'(x) = e^{2x}"]
    assert wrong[0] == "wrong" and "at x = 7/5 the left side is" in wrong[1]
    assert got["2e^{2x} > 1"][0] == "unchecked"  # the inequality is judged as before, not as a claim for every x
    assert got["e^{2x} > 0"][0] == "correct"  # (true for every x, as a condition too)


def test_a_chain_ending_with_a_function_the_text_wrote_before_is_an_equation_about_it():
    text = "The functions $f$ and $g$ are given. Where they meet, $x^2 - 2x = g(x)$, and $g(1) = 1$.\n"
    assert findings(text)["g(1) = 1"][0] == "unchecked"  # g is not x^2 - 2x (g(1) = -1 would be a false alarm)


def test_a_leibniz_derivative_of_a_name_written_in_one_variable_is_the_derivative_of_its_expression():
    right = findings("Let $y = x^3$. Then $\\frac{dy}{dx} = 3x^2$.\n")
    assert right["\\frac{dy}{dx} = 3x^2"][0] == "correct"
    wrong = findings("Let $y = x^3$. Then $\\frac{dy}{dx} = 2x^2$.\n")["\\frac{dy}{dx} = 2x^2"]
    assert wrong[0] == "wrong" and "at x = 7/5 the left side is 5.88 and the right side 3.92" in wrong[1]
    partial = findings("Let $L = \\log(1 + e^{-z})$. Then $\\frac{\\partial L}{\\partial z} = "
                       "\\frac{-e^{-z}}{1 + e^{-z}} = \\frac{e^{-z}}{1 + e^{-z}}$.\n")
    assert partial["\\frac{\\partial L}{\\partial z} = \\frac{-e^{-z}}{1 + e^{-z}}"][0] == "correct"
    assert partial["\\frac{-e^{-z}}{1 + e^{-z}} = \\frac{e^{-z}}{1 + e^{-z}}"][0] == "wrong"  # a dropped sign
    # a function the text defines, differentiated by its parameter: L'(w), in Leibniz's notation
    fn = findings("Let $L(w) = w^2 - 6w$. Then $\\frac{dL}{dw} = 2w - 6$ and $\\frac{dL}{dw} = 2w - 7$.\n")
    assert fn["\\frac{dL}{dw} = 2w - 6"][0] == "correct" and fn["\\frac{dL}{dw} = 2w - 7"][0] == "wrong"


def test_a_name_written_otherwise_than_in_one_variable_leaves_its_derivative_unchecked():
    # two names (is y a constant, or a function of w?), a parametric curve, a chain rule through u, supposed, twice
    for text, step in (
        ("Let $L = (w - y)^2$. Then $\\frac{dL}{dw} = 5$.\n", "\\frac{dL}{dw} = 5"),
        ("Let $x = t^2$ and $y = t^3$. Then $\\frac{dy}{dx} = 7$.\n", "\\frac{dy}{dx} = 7"),
        ("Let $u = 2x + 1$ and $y = u^3$. Then $\\frac{dy}{dx} = 3u^2$.\n", "\\frac{dy}{dx} = 3u^2"),
        ("Suppose $y = x^2$. Then $\\frac{dy}{dx} = 7x$.\n", "\\frac{dy}{dx} = 7x"),
        ("Let $y = x^2$. Later $y = x^3$. Then $\\frac{dy}{dx} = 7x$.\n", "\\frac{dy}{dx} = 7x"),
    ):
        assert findings(text)[step][0] == "unchecked", text
    # of a vector, the derivative is a Jacobian (the matrix reader's), never the scalar 2
    vector = findings("Let $z \\in \\mathbb{R}^d$ and $y = 2z$. Then $\\frac{\\partial y}{\\partial z} = 2$.\n")
    assert vector["\\frac{\\partial y}{\\partial z} = 2"][0] != "correct"
    # the dependence holds for the rest of its section only
    other = findings("# A\n\nLet $y = x^3$.\n\n# B\n\nThen $\\frac{dy}{dx} = 2x^2$.\n")
    assert other["\\frac{dy}{dx} = 2x^2"][0] == "unchecked"


def test_a_derivative_chain_of_a_defined_loss_is_a_claim_with_its_constants_tried_at_0_and_1():
    head = "Let $L(z) = -y \\log \\sigma(z) - (1 - y) \\log(1 - \\sigma(z))$ with $\\sigma$ the sigmoid.\n\n"
    chain = ("$$\\frac{dL}{dz} = -y(1 - \\sigma(z)) + (1 - y)\\sigma(z) = -y + {} + \\sigma(z) - y\\sigma(z)"
             " = \\sigma(z) - y$$\n")
    right = findings(head + chain.replace("{}", "y\\sigma(z)"))
    assert right["-y(1 - \\sigma(z)) + (1 - y)\\sigma(z) = -y + y\\sigma(z) + \\sigma(z) - y\\sigma(z)"][0] == "correct"
    got = findings(head + chain.replace("{}", "2y\\sigma(z)"))
    wrong = got["-y(1 - \\sigma(z)) + (1 - y)\\sigma(z) = -y + 2y\\sigma(z) + \\sigma(z) - y\\sigma(z)"]
    assert wrong[0] == "wrong" and "y = 1" in wrong[1]  # y = 0 hides the slip; the evidence shows y = 1
    # a constant of the function is tried at 0 and 1 only: y^2 = y holds for a binary label, and is not refuted
    binary = findings("Let $f(x) = y x$. Then $f'(x) = y = y^2$.\n")
    assert binary["y = y^2"][0] == "unchecked"
    poly = findings("Let $f(x) = a x^2$. Then $f'(x) = 2ax = 2a x^2$.\n")["2ax = 2a x^2"]
    assert poly[0] == "wrong" and "at x = 7/5, a = 1" in poly[1]


def test_an_update_rewrites_the_value_it_assigns():
    right = "Update: $w \\leftarrow w - \\eta(g + \\lambda w) = (1 - \\eta\\lambda) w - \\eta g$.\n"
    got = findings(right)
    assert got["w - \\eta(g + \\lambda w) = (1 - \\eta\\lambda) w - \\eta g"][0] == "correct"  # \eta(...): a product
    slip = findings(right.replace("(1 - \\eta\\lambda)", "(1 - \\lambda)").replace("\\leftarrow", "\\gets"))
    wrong = slip["w - \\eta(g + \\lambda w) = (1 - \\lambda) w - \\eta g"]
    assert wrong[0] == "wrong" and wrong[1].startswith("not an identity: at \\eta = 7/5")
    greek = findings("Update: $\\theta \\leftarrow \\theta - \\eta(g + \\lambda \\theta) = "
                     "(1 - \\lambda) \\theta - \\eta g$.\n")
    assert [v for v, _ in greek.values()] == ["wrong"]
    # without an assignment the same equation may be one to solve
    alone = findings("Then $w - \\eta(g + \\lambda w) = (1 - \\lambda) w - \\eta g$.\n")
    assert [v for v, _ in alone.values()] == ["unchecked"]
    # an arrow of implication is no assignment
    implied = findings("So $x = 3 \\Leftarrow x - 1 = 2 = x + 1$.\n")
    assert implied["x - 1 = 2"][0] != "wrong"


def test_the_gradient_of_a_name_the_text_gives_nothing_of_is_a_quantity_of_its_own():
    right = ("Update: $w \\leftarrow w - \\eta(\\nabla_w L + \\lambda w) = (1 - \\eta\\lambda)\\, w "
             "- \\eta \\nabla_w L$.\n")
    assert [v for v, _ in findings(right).values()] == ["correct"]
    wrong = findings(right.replace("(1 - \\eta\\lambda)", "(1 - \\lambda)"))
    (got,) = wrong.values()
    assert got[0] == "wrong" and "\\nabla_{w} L = 5/3" in got[1]
    # on one side only it is a name the other side lacks: a derivation's claim about it is not refuted
    alone = findings("So $g = \\nabla_w L = 2w$ and $\\nabla_w L = 2w$.\n")
    assert alone and {v for v, _ in alone.values()} == {"unchecked"}
    # the gradient of a name the text defines is no symbol: `L = w^2` is differentiated, or left to index notation
    defined = findings("Let $L = w^2$. Then $w - \\eta \\nabla_w L = w - 2\\eta w$.\n")
    assert defined["w - \\eta \\nabla_w L = w - 2\\eta w"][0] != "wrong"


def test_the_gradient_of_a_function_the_text_defines_decides_only_what_holds_whatever_it_is():
    given = "Let $L(w) = \\tfrac12 \\Vert Xw - y\\Vert^2$.\n\n"
    right = ("Update: $w \\leftarrow w - \\eta(\\nabla_w L + \\lambda w) = (1 - \\eta\\lambda)\\, w "
             "- \\eta \\nabla_w L$.\n")
    got = findings(given + right)
    assert got["w - \\eta(\\nabla_w L + \\lambda w) = (1 - \\eta\\lambda)\\, w - \\eta \\nabla_w L"][0] == "correct"
    # a slip whose sides differ by a multiple of w whatever the gradient is: refuted
    slip = findings(given + right.replace("(1 - \\eta\\lambda)", "(1 - \\lambda)"))
    assert next(iter(v for k, v in slip.items() if "(1 - \\lambda)" in k))[0] == "wrong"
    # sides that differ by an amount of the gradient: refuted only at a value it may not take, so not at all
    depends = findings(given + "Then $w \\leftarrow w - \\eta \\nabla_w L = w - 2\\eta \\nabla_w L$.\n")
    assert depends["w - \\eta \\nabla_w L = w - 2\\eta \\nabla_w L"][0] == "unchecked"


def test_a_name_set_equal_to_a_standard_function_is_that_function():
    text = ("For $\\phi = \\tanh$, $\\phi'(a) = 1 - \\tanh^2(a)$ and $\\phi'(a) = 1 + \\tanh^2(a)$.\n\n"
            "Here $\\psi = \\sin$ gives $\\psi'(0) = 1$ and $\\psi'(0) = 0$.\n")
    got = findings(text)
    assert got["\\phi = \\tanh"] == ("unchecked", "defines \\phi")  # ("For": no word of a definition)
    assert got["\\phi'(a) = 1 - \\tanh^2(a)"][0] == "correct"
    wrong = got["\\phi'(a) = 1 + \\tanh^2(a)"]
    assert wrong[0] == "wrong" and "at a = 7/5" in wrong[1]
    assert got["\\psi'(0) = 1"][0] == "correct" and got["\\psi'(0) = 0"][0] == "wrong"


SOFTMAX = "Define $\\operatorname{sm}(z)_i = e^{z_i}/\\sum_j e^{z_j}$. Let $z = (0, \\ln 2, \\ln 5)$. "


def test_a_function_defined_entry_by_entry_is_computed_at_a_vector_the_text_gives():
    got = findings(SOFTMAX + "Then $\\operatorname{sm}(z) = (\\frac18, \\frac14, \\frac58)$ "
                             "and $\\operatorname{sm}(z) = (\\frac17, \\frac27, \\frac57)$.\n")
    assert got["\\operatorname{sm}(z)_i = e^{z_i}/\\sum_j e^{z_j}"] == ("defined", "defines sm")
    assert got["\\operatorname{sm}(z) = (\\frac18, \\frac14, \\frac58)"][0] == "correct"
    wrong = got["\\operatorname{sm}(z) = (\\frac17, \\frac27, \\frac57)"]
    assert wrong[0] == "wrong" and "entry 1 should be 0.125" in wrong[1]


@pytest.mark.parametrize("rule", [
    "\\operatorname{sm}(z)_i = e^{z_{i+1}}/\\sum_j e^{z_j}",  # the index shifted: counting from 0 or 1 matters
    "\\operatorname{sm}(z)_i = i\\,e^{z_i}",  # the index as a number
    "\\operatorname{sm}(z)_i = e^{z_j}",  # the index unused
])
def test_an_entry_rule_whose_value_depends_on_where_counting_starts_is_not_computed(rule):
    text = f"Define ${rule}$. Let $z = (0, \\ln 2, \\ln 5)$. Then $\\operatorname{{sm}}(z) = (1, 2, 3)$.\n"
    assert verdict(text, "\\operatorname{sm}(z) = (1, 2, 3)") != "wrong"


def test_a_function_of_a_vector_whose_body_indexes_it_is_computed_at_a_vector():
    text = ("Let $x = (1, 2, 2, 4)$, $d = 4$ and "
            "$\\operatorname{rms}(x) = \\sqrt{\\tfrac{1}{d}\\sum_{j=1}^{d} x_j^2}$. "
            "So $\\operatorname{rms}(x) = 2.5$ and $\\operatorname{rms}(x) = 2.25$ and "
            "$\\frac{x}{\\operatorname{rms}(x)} = (0.4, 0.8, 0.8, 1.6)$.\n")
    got = findings(text)
    assert got["\\operatorname{rms}(x) = 2.5"][0] == "correct"
    assert got["\\operatorname{rms}(x) = 2.25"][0] == "wrong"
    assert got["\\frac{x}{\\operatorname{rms}(x)} = (0.4, 0.8, 0.8, 1.6)"][0] == "correct"
    # of a function whose body does not index its parameter, a vector's value is not guessed (entry by entry?)
    squared = findings("Let $x = (1, 2)$ and $f(x) = x^2 + 1$. So $f(x) = 6$.\n")
    assert squared["f(x) = 6"][0] != "wrong"


def test_e_to_a_vector_is_taken_entry_by_entry():
    got = findings("Let $z = (0, \\ln 2, \\ln 5)$. Then $e^{z} = (1, 2, 5)$ and $e^{z} = (1, 2, 6)$.\n")
    assert got["e^{z} = (1, 2, 5)"][0] == "correct" and got["e^{z} = (1, 2, 6)"][0] == "wrong"


def test_an_equation_between_expressions_of_functions_named_alone_is_a_claim_for_every_x():
    got = findings("So $\\tanh' = 1 - \\tanh^2$ and $\\tanh'' = -2\\tanh \\cdot \\tanh'$, "
                   "but $\\tanh' = 2 - \\tanh^{2}$ and $\\exp' = 2\\exp$.\n")
    assert got["\\tanh' = 1 - \\tanh^2"][0] == "correct"
    assert got["\\tanh'' = -2\\tanh \\cdot \\tanh'"][0] == "correct"
    assert got["\\tanh' = 2 - \\tanh^{2}"][0] == "wrong" and "at x = 7/5" in got["\\tanh' = 2 - \\tanh^{2}"][1]
    assert got["\\exp' = 2\\exp"][0] == "wrong"
    # with a letter, or a function applied to an argument, it is no equation between functions
    mixed = findings("So $\\tanh' = 1 - a\\tanh^2$ and $\\tanh' = 1 - \\tanh(x)^2$.\n")
    assert {v for v, _ in mixed.values()} == {"unchecked"}
    # where the text gave x a value, a link that holds there only is not proved
    at = findings("Let $x = 0$. Then $\\sin' = 1 + \\sin$.\n")
    assert at["\\sin' = 1 + \\sin"][0] == "unchecked"

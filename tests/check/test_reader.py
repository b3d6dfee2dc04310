"""The derivation reader, end to end: the notation of derivations read as mathematics (primes, standard
functions the text names, sums over an index, p-norms, logarithms without a base), each rule with a correct
statement proved and the same statement with one wrong digit, sign or function refuted, with its value."""

from __future__ import annotations

from lnsym.check.pipeline import check_text

SIGMOID = "The sigmoid $\\sigma$ squashes logits.\n\n"


def verdicts(text: str) -> dict[str, tuple[str, str]]:
    return {f.source: (f.verdict.value, f.expected) for f in check_text(text).findings}


def test_derivatives_of_the_sigmoid_where_the_text_names_it():
    got = verdicts(SIGMOID + "$\\sigma'(0) = 0.25$, $\\sigma'(0) = 0.5$, $\\sigma''(0) = 0$, "
                             "$\\sigma'(x) = \\sigma(x)(1 - \\sigma(x))$.\n")
    assert got["\\sigma'(0) = 0.25"][0] == "correct"
    assert got["\\sigma'(0) = 0.5"] == ("wrong", "0.25")
    assert got["\\sigma''(0) = 0"][0] == "correct"
    assert got["\\sigma'(x) = \\sigma(x)(1 - \\sigma(x))"][0] == "correct"


def test_sigma_of_an_argument_is_unknown_unless_the_text_says_which_function():
    got = verdicts("$\\sigma'(0) = 0.25$ and $\\sigma(2) = 3$.\n")
    assert {v for v, _ in got.values()} == {"unchecked"}
    divisors = verdicts("The sum of the divisors: $\\sigma(6) = 12$, $\\sigma(6) = 11$.\n")
    assert divisors["\\sigma(6) = 12"][0] == "correct" and divisors["\\sigma(6) = 11"] == ("wrong", "12")
    totient = verdicts("Euler's totient: $\\varphi(12) = 4$, $\\varphi(12) = 6$.\n")
    assert totient["\\varphi(12) = 4"][0] == "correct" and totient["\\varphi(12) = 6"] == ("wrong", "4")


def test_sigma_of_a_binary_classifiers_logit_is_the_sigmoid():
    for words in ("A binary classifier outputs the logit $z$.", "In logistic regression, $p = \\sigma(z)$.",
                  "The binary cross-entropy of the logit $z$."):
        got = verdicts(words + "\n\nSo $\\sigma(0) = 0.5$ and $\\sigma(0) = 0.6$.\n")
        assert got["\\sigma(0) = 0.5"][0] == "correct" and got["\\sigma(0) = 0.6"] == ("wrong", "0.5"), words
    # a binary number, a regression of another kind: no sigmoid
    for words in ("The binary number $z$ has two digits.", "A linear regression of $z$."):
        got = verdicts(words + "\n\nSo $\\sigma(0) = 0.5$.\n")
        assert got["\\sigma(0) = 0.5"][0] == "unchecked", words


def test_a_sigma_with_a_value_of_its_own_is_no_function():
    got = verdicts(SIGMOID + "Let $\\sigma = 0.5$. Then $\\sigma(2) = 1$.\n")
    assert got["\\sigma(2) = 1"][0] == "unchecked"


def test_standard_functions_and_their_derivatives():
    got = verdicts("$\\tanh'(0) = 1$, $\\tanh'(0) = 2$, $\\tanh'(x) = 1 - \\tanh^2(x)$, "
                   "$\\mathrm{GELU}'(0) = 0.5$, $\\mathrm{GELU}'(0) = -0.5$, $\\Phi(0) = 0.5$.\n")
    assert got["\\tanh'(0) = 1"][0] == "correct" and got["\\tanh'(0) = 2"] == ("wrong", "1")
    assert got["\\tanh'(x) = 1 - \\tanh^2(x)"][0] == "correct"
    assert got["\\mathrm{GELU}'(0) = 0.5"][0] == "correct" and got["\\mathrm{GELU}'(0) = -0.5"] == ("wrong", "0.5")
    assert got["\\Phi(0) = 0.5"][0] == "correct"


def test_a_wrong_derivative_identity_is_wrong_unless_the_text_solves_it():
    """`\\tanh'(x) = 1 + \\tanh^2(x)` rewrites the derivative as a function of x (issue 27: refuted at a point);
    "solve" makes it an equation, never wrong, never correct."""
    assert verdicts("$\\tanh'(x) = 1 + \\tanh^2(x)$.\n")["\\tanh'(x) = 1 + \\tanh^2(x)"][0] == "wrong"
    solved = verdicts("Solve $\\tanh'(x) = 1 + \\tanh^2(x)$.\n")
    assert solved["\\tanh'(x) = 1 + \\tanh^2(x)"][0] == "unchecked"


def test_sums_over_an_index_of_a_vector_the_text_gave():
    got = verdicts("Let $p = [0.2, 0.3, 0.5]$. Then $\\sum_i p_i = 1$, $\\sum_i p_i^2 = 0.38$ and "
                   "$\\sum_i p_i = 1.1$.\n\nLet $p_1 = 0.2$, $p_2 = 0.3$, $p_3 = 0.5$. $\\sum_{i=1}^{3} p_i = 1$.\n\n"
                   "Let $x = [1, 2, 3]$. $\\sum_{i=1}^{3} x_i = 6$, $\\sum_{i=0}^{2} x_i = 6$, "
                   "$\\sum_{i=1}^{2} x_i = 6$.\n")
    assert got["\\sum_i p_i = 1"][0] == "correct" and got["\\sum_i p_i^2 = 0.38"][0] == "correct"
    assert got["\\sum_i p_i = 1.1"] == ("wrong", "1")
    assert got["\\sum_{i=1}^{3} p_i = 1"][0] == "correct"
    assert got["\\sum_{i=1}^{3} x_i = 6"][0] == "correct" and got["\\sum_{i=0}^{2} x_i = 6"][0] == "correct"
    # a range that fits neither count of the vector's entries reads no entry: x_1 + x_2 stays unknown
    assert got["\\sum_{i=1}^{2} x_i = 6"][0] == "unchecked"


def test_a_sum_over_an_index_whose_range_is_not_given_stays_unchecked():
    got = verdicts("$\\sum_i p_i = 1$ and $\\sum_j e^{z_j} = 3$.\n")
    assert {v for v, _ in got.values()} == {"unchecked"}


def test_p_norms_of_vectors():
    got = verdicts("Let $x = [3, -4]$. $\\|x\\|_2 = 5$, $\\|x\\|_1 = 7$, $\\|x\\|_\\infty = 4$, $\\|x\\|_2^2 = 25$, "
                   "$\\|x\\|_1 = 5$.\n")
    assert [got[k][0] for k in ("\\|x\\|_2 = 5", "\\|x\\|_1 = 7", "\\|x\\|_\\infty = 4", "\\|x\\|_2^2 = 25")] == [
        "correct"] * 4
    assert got["\\|x\\|_1 = 5"] == ("wrong", "7")


def test_a_logarithm_without_a_base_is_natural_or_in_base_10_or_2():
    got = verdicts("$-\\log 0.25 = 2\\log 2$, $\\log 10 = 1.5$.\n")
    assert got["-\\log 0.25 = 2\\log 2"][0] == "correct"
    # each base in a text of its own (one text reads \log one way: tests/check/roles/test_readings.py)
    assert verdicts("$\\log 100 = 2$.\n")["\\log 100 = 2"][0] == "correct"
    assert verdicts("$\\log 8 = 3$.\n")["\\log 8 = 3"][0] == "correct"
    report = check_text("$\\log 10 = 1.5$.\n")
    (wrong,) = report.findings
    assert wrong.verdict.value == "wrong" and "base 10: 1 against 1.5" in wrong.reason and "base 2" in wrong.reason


def test_a_rounding_found_under_another_reading_is_not_carried_as_the_default_value():
    """``\\log 2 \\approx 0.3010`` holds in base 10: later, 0.3010 is a rounding of log10(2), not of ln 2."""
    got = verdicts("$\\log 2 \\approx 0.3010$, $\\log 3 \\approx 0.4771$. "
                   "$3\\log 2 + 2\\log 3 \\approx 3(0.3010) + 2(0.4771)$ and $4.76 + \\log 2 \\approx 4.76 + 0.301$ "
                   "but $3\\log 2 + 2\\log 3 \\approx 3(0.3010) + 2(0.4871)$.\n")
    assert got["3\\log 2 + 2\\log 3 \\approx 3(0.3010) + 2(0.4771)"][0] == "correct"
    assert got["4.76 + \\log 2 \\approx 4.76 + 0.301"][0] == "correct"
    assert got["3\\log 2 + 2\\log 3 \\approx 3(0.3010) + 2(0.4871)"][0] == "wrong"


def test_a_name_with_a_prime_is_a_new_value():
    got = verdicts("Let $S = 2$. Then $S' = S + 1 = 3$ and $2S' = 6$.\n")
    assert got["S + 1 = 3"][0] == "correct" and got["2S' = 6"][0] == "correct"


def test_a_letter_with_a_label_in_brackets_is_a_new_value_not_a_power():
    # h^{(0)} read as a power is 1, and h^{(2)} = 3h^{(1)} was "wrong" for h = 6; as labels, each is a value
    got = verdicts("With $h^{(0)} = 2$ we get $h^{(1)} = 3 h^{(0)} = 6$ and $h^{(2)} = 3 h^{(1)} = 18$.\n")
    assert got["3 h^{(0)} = 6"][0] == "correct" and got["3 h^{(1)} = 18"][0] == "correct"
    assert "wrong" not in {v for v, _ in got.values()}
    slip = verdicts("With $h^{(0)} = 2$ we get $h^{(1)} = 3 h^{(0)} = 6$ and $h^{(2)} = 3 h^{(1)} = 16$.\n")
    assert slip["3 h^{(1)} = 16"] == ("wrong", "18")


def test_derivatives_in_leibniz_notation_of_expressions_written_out():
    got = verdicts(SIGMOID + "$\\frac{d}{dx}\\left(x^3 + 2x\\right) = 3x^2 + 2$, $\\frac{d}{dx}(x^3 + 2x) = 3x^2 + 1$, "
                             "$\\frac{d^2}{dx^2} x^4 = 12x^2$, $\\frac{d}{dx}\\sigma(x) = \\sigma(x)(1-\\sigma(x))$, "
                             "$\\frac{d}{dx} e^{2x} = 2e^{2x}$, $\\frac{d^2}{dx^2}(x^2) = 3$.\n\n"
                             "Let $x = 2$. $\\frac{d}{dx} x^3 = 12$.\n")
    assert got["\\frac{d}{dx}\\left(x^3 + 2x\\right) = 3x^2 + 2"][0] == "correct"
    # a rewriting of the derivative as a function of x, as `\\tanh'(x) = ...` is: refuted at a point
    assert got["\\frac{d}{dx}(x^3 + 2x) = 3x^2 + 1"][0] == "wrong"
    assert got["\\frac{d^2}{dx^2} x^4 = 12x^2"][0] == "correct"
    assert got["\\frac{d}{dx}\\sigma(x) = \\sigma(x)(1-\\sigma(x))"][0] == "correct"
    assert got["\\frac{d}{dx} e^{2x} = 2e^{2x}"][0] == "correct"
    assert got["\\frac{d}{dx} x^3 = 12"][0] == "correct"
    # x is a name in it, so the step may be an equation in x: never wrong, its value shown
    assert got["\\frac{d^2}{dx^2}(x^2) = 3"][0] == "unchecked"
    assert "= 2)" in check_text("$\\frac{d^2}{dx^2}(x^2) = 3$\n").findings[0].reason


def test_a_derivative_of_a_name_given_only_as_a_value_is_not_read():
    """``y = 6`` is y at one point: dy/dx is not d(6)/dx = 0, and ``a = 2`` may be a(x) at the point."""
    got = verdicts("Let $x = 3$, $y = 6$, $a = 2$. $\\frac{dy}{dx} = 0$ and $\\frac{d}{dx}(a x^2) = 4x$.\n")
    assert got["\\frac{dy}{dx} = 0"][0] == "unchecked" and got["\\frac{d}{dx}(a x^2) = 4x"][0] == "unchecked"


def test_an_entry_given_twice_with_two_values_is_another_case():
    """``\\hat x_1`` with epsilon beside the vector ``\\hat x`` without it: a sum over ``\\hat x_i`` reads neither."""
    got = verdicts("$\\hat{x} = (-1, 0, 1)$. With epsilon, $\\hat{x}_1 = -0.99$. Check: $\\sum_i \\hat{x}_i = 0$.\n\n"
                   "$y = (-1, 0, 1)$ and $y_1 = -1$: $\\sum_i y_i = 0$ and $\\sum_i y_i = 1$.\n")
    assert got["\\sum_i \\hat{x}_i = 0"][0] == "unchecked"
    assert got["\\sum_i y_i = 0"][0] == "correct" and got["\\sum_i y_i = 1"] == ("wrong", "0")


def test_derivatives_of_a_function_the_text_defines():
    got = verdicts("Let $f(x) = x^2 e^{-x}$. Then $f'(x) = 2x e^{-x} - x^2 e^{-x}$, $f'(1) = e^{-1}$, "
                   "$f'(1) = 2e^{-1}$, $f''(0) = 2$.\n")
    assert got["f'(x) = 2x e^{-x} - x^2 e^{-x}"][0] == "correct"
    assert got["f'(1) = e^{-1}"][0] == "correct" and got["f''(0) = 2"][0] == "correct"
    assert got["f'(1) = 2e^{-1}"][0] == "wrong"


def test_a_function_defined_twice_or_by_an_equation_to_solve_is_not_differentiated():
    """`g(t) = 3t + 1` and `g(t) = t^2` (two cases, or two pieces); `h(x) = 0` is an equation, not h's definition."""
    got = verdicts("Let $g(t) = 3t + 1$ and $g(t) = t^2$. $g'(1) = 3$.\n\nSolve $h(x) = 0$. $h'(1) = 0$.\n")
    assert got["g'(1) = 3"] == ("unchecked", "") and got["h'(1) = 0"] == ("unchecked", "")
    reasons = {f.source: f.reason for f in check_text("Let $g(t) = 3t + 1$ and $g(t) = t^2$. $g'(1) = 3$.\n").findings}
    assert reasons["g'(1) = 3"] == "g is defined twice in the text"


def test_a_standard_function_the_text_writes_twice_stays_standard():
    """`GELU(x) = x\\Phi(x)` and its series `GELU(x) = \\frac x2 + ... + O(x^4)`: GELU is still GELU."""
    got = verdicts("$\\operatorname{GELU}(x) = x\\Phi(x)$ and $\\operatorname{GELU}(x) = \\frac x2 + O(x^2)$. "
                   "$\\operatorname{GELU}'(0) = \\frac12$, $\\operatorname{GELU}'(0) = 1$.\n")
    assert got["\\operatorname{GELU}'(0) = \\frac12"][0] == "correct"
    assert got["\\operatorname{GELU}'(0) = 1"][0] == "wrong"


def test_a_text_that_names_two_functions_for_sigma_leaves_it_unknown():
    got = verdicts("The sigmoid, and the sum of the divisors: $\\sigma(6) = 12$ and $\\sigma(0) = 0.5$.\n")
    assert got["\\sigma(6) = 12"][0] == "unchecked" and got["\\sigma(0) = 0.5"][0] == "unchecked"


def test_a_wrong_derivative_in_leibniz_notation_is_wrong_unless_the_text_solves_it():
    """``\\frac{d}{dp}\\operatorname{logit}(p) = \\frac1p - \\frac{1}{1-p}`` (a sign slip) claims the derivative as a
    function of p, as a prime does: refuted at a point where the function differentiated has a real value, and the
    chain's next link with it; a side free of p, a name differentiated (``\\frac{dL}{dp}``), another unknown, or
    "solve" leave it an equation."""
    key = "Let $\\operatorname{logit}(p) = \\log\\frac{p}{1 - p}$. Then "
    right = verdicts(key + "$\\frac{d}{dp}\\operatorname{logit}(p) = \\frac1p + \\frac{1}{1 - p}"
                           " = \\frac{1}{p(1 - p)}$.\n")
    assert right["\\frac{d}{dp}\\operatorname{logit}(p) = \\frac1p + \\frac{1}{1 - p}"][0] == "correct"
    assert right["\\frac1p + \\frac{1}{1 - p} = \\frac{1}{p(1 - p)}"][0] == "correct"
    slip = check_text(key + "$\\frac{d}{dp}\\operatorname{logit}(p) = \\frac1p - \\frac{1}{1 - p}$.\n").findings[-1]
    # shown where logit(p) is a real number (at p = 7/5, the first sample point, it is not): at p = 1/3, 9/2 and 3/2
    assert slip.verdict.value == "wrong" and "at p = 1/3" in slip.reason
    assert (slip.evidence.left, slip.evidence.right) == ("4.5", "1.5")
    tanh = "\\frac{d}{dx}\\tanh(x) = 1 + \\tanh^2(x)"
    assert verdicts(f"${tanh}$.\n")[tanh][0] == "wrong"
    for text, source in (("$\\frac{d}{dx}(x^2 - 4x) = 2x - 4 = 0$.\n", "2x - 4 = 0"),
                         ("$\\frac{d}{dx}(x^2 + y) = 2x + y$.\n", "\\frac{d}{dx}(x^2 + y) = 2x + y"),
                         (f"Solve ${tanh}$.\n", tanh)):
        assert verdicts(text)[source][0] == "unchecked", text


def test_a_function_of_several_variables_is_evaluated_at_a_point():
    got = verdicts("Let $g(x, y) = x y + 1$. Then $g(2, 3) = 7$, $g(3, 2) = 5$ and $g(y, x) = g(x, y)$.\n")
    assert got["g(2, 3) = 7"][0] == "correct" and got["g(3, 2) = 5"] == ("wrong", "7")
    # the arguments are bound at once: g(y, x) swaps them (xy + 1 either way)
    assert got["g(y, x) = g(x, y)"][0] != "wrong"
    wrong_count = verdicts("Let $g(x, y) = x y + 1$. Then $g(2) = 3$.\n")
    assert wrong_count["g(2) = 3"][0] == "unchecked"


def test_an_equation_of_several_variables_is_no_definition():
    """The same letter twice, the function on both sides, a body without its variables: no definition."""
    got = verdicts("Suppose $f(x, x) = x^2$, $h(x, y) = h(y, x)$ and $k(x, y) = 0$. Then $f(2, 2) = 4$, "
                   "$h(1, 2) = 3$, $k(1, 2) = 0$.\n")
    assert {got[s][0] for s in ("f(2, 2) = 4", "h(1, 2) = 3", "k(1, 2) = 0")} == {"unchecked"}


def test_partial_derivatives_of_a_function_of_several_variables():
    """``\\frac{\\partial g}{\\partial x}`` of ``g(x, y) = x^2 y^3`` holds y fixed, and is claimed for every x and y:
    a wrong exponent is refuted at a point where both variables are sample values (y = 0 or 1 would hide it)."""
    key = "Let $g(x, y) = x^2 y^3$. Then "
    got = verdicts(key + "$\\frac{\\partial g}{\\partial x} = 2x y^3$, $\\frac{\\partial g}{\\partial y} = 3x^2 y^2$,"
                         " $\\frac{\\partial^2 g}{\\partial y^2} = 6x^2 y$.\n")
    assert got["\\frac{\\partial g}{\\partial x} = 2x y^3"][0] == "correct"
    assert got["\\frac{\\partial g}{\\partial y} = 3x^2 y^2"][0] == "correct"
    assert got["\\frac{\\partial^2 g}{\\partial y^2} = 6x^2 y"][0] == "correct"
    slip = check_text(key + "$\\frac{\\partial g}{\\partial x} = 2x y^2$.\n").findings[-1]
    # 2 (7/5) (13/7)^3 = 4394/245 against 2 (7/5) (13/7)^2 = 338/35
    assert slip.verdict.value == "wrong" and "x = 7/5, y = 13/7" in slip.reason
    assert slip.evidence.left == "4394/245 = 17.934694..." and slip.evidence.right == "338/35 = 9.657143..."
    # sides in different variables: x on the left
    other = check_text("Let $g(x, y) = x y + 1$. Then $\\frac{\\partial g}{\\partial y} = y$.\n").findings[-1]
    assert other.verdict.value == "wrong"


def test_partial_derivatives_of_a_loss_keep_its_data_as_constants():
    key = "Let $L(w, b) = (wx + b - y)^2$. Then "
    got = verdicts(key + "$\\frac{\\partial L}{\\partial w} = 2x(wx + b - y)$ and "
                         "$\\frac{\\partial L}{\\partial b} = 2(wx + b - y)$.\n")
    assert {v for v, _ in got.values() if v != "defined"} == {"correct"}
    slip = check_text(key + "$\\frac{\\partial L}{\\partial w} = 2(wx + b - y)$.\n").findings[-1]
    assert slip.verdict.value == "wrong" and "x = 0" in slip.reason  # the data at 0 or 1, as a label is


def test_a_partial_derivative_set_to_zero_is_an_equation():
    got = verdicts("Let $g(x, y) = x^2 y^3$. Then $\\frac{\\partial g}{\\partial x} = 2xy^3 = 0$.\n")
    assert got["\\frac{\\partial g}{\\partial x} = 2xy^3"][0] == "correct"
    assert got["2xy^3 = 0"][0] == "unchecked"


def test_partial_derivatives_of_expressions_written_out_hold_the_other_names_fixed():
    got = verdicts("We have $\\frac{\\partial}{\\partial x}(x^2 y^3) = 2xy^3$ and "
                   "$\\frac{\\partial}{\\partial y}(x^2 y^3) = 3x^2 y$.\n")
    assert got["\\frac{\\partial}{\\partial x}(x^2 y^3) = 2xy^3"][0] == "correct"
    assert got["\\frac{\\partial}{\\partial y}(x^2 y^3) = 3x^2 y"][0] == "wrong"
    # a total derivative does not: y may depend on x
    assert verdicts("We have $\\frac{d}{dx}(x^2 y^3) = 2xy^3$.\n")["\\frac{d}{dx}(x^2 y^3) = 2xy^3"][0] == "unchecked"


def test_a_partial_derivative_through_a_name_written_in_its_variable_is_not_read():
    """``u = x^2``: u depends on x, so ∂(uy)/∂x is 2xy, not u's being held fixed; so may a name given a value
    (``L = 18``: L at one point); and a variable of g given a value leaves g's partial derivative unread (at the
    point, or as a function?)."""
    got = verdicts("Let $u = x^2$. Then $\\frac{\\partial}{\\partial x}(u y) = xy$.\n")
    assert got["\\frac{\\partial}{\\partial x}(u y) = xy"][0] == "unchecked"
    # a name with a value is a quantity at one point, which may depend on x; a bare unknown is no function of x
    known = verdicts("Let $c = 3$. Then $\\frac{\\partial}{\\partial x}(c x^2 y) = 6xy$.\n")
    assert known["\\frac{\\partial}{\\partial x}(c x^2 y) = 6xy"][0] == "unchecked"
    loss = verdicts("Let $L = 18$ and $y = 2$. Then $\\delta = \\partial L / \\partial y = y - 1$ and "
                    "$\\frac{\\partial L}{\\partial w} = 0$.\n")
    assert loss["\\partial L / \\partial y = y - 1"][0] == "unchecked"
    assert loss["\\frac{\\partial L}{\\partial w} = 0"][0] == "unchecked"
    point = verdicts("Let $g(x, y) = x^2 y$ and $y = 2$. Then $\\frac{\\partial g}{\\partial x} = 4x$.\n")
    assert point["\\frac{\\partial g}{\\partial x} = 4x"][0] == "unchecked"


def test_a_derivative_of_a_trigonometric_function_is_calculus_in_radians():
    """A sign slip of the chain rule through a sine was `unchecked` ("read with trigonometry in degrees"): a
    derivative claimed as a function is not read in degrees, unless the text writes degrees."""
    got = verdicts("Let $f(x) = \\sin(2x + 1)$. Then $f'(x) = 2\\cos(2x + 1)$, $f'(x) = -2\\cos(2x + 1)$ and "
                   "$f''(x) = 4\\sin(2x + 1)$.\n")
    assert got["f'(x) = 2\\cos(2x + 1)"][0] == "correct"
    assert got["f'(x) = -2\\cos(2x + 1)"][0] == "wrong" and got["f''(x) = 4\\sin(2x + 1)"][0] == "wrong"
    slip = check_text("We have $\\frac{d}{dx}\\sin(2x) = -2\\cos(2x)$.\n").findings[0]
    assert slip.verdict.value == "wrong" and "degrees" not in slip.reason
    # a value at a number may still be in degrees: cos 60 = 0.5
    assert verdicts("So $\\cos 60 = 0.5$.\n")["\\cos 60 = 0.5"][0] == "correct"


def test_a_derivative_claim_with_a_logarithm_is_refuted_in_every_base():
    """`\\log` without a base has three readings; a derivative claimed as a function that each of them refutes is
    wrong (it was left unchecked: the other readings were judged as equations to solve)."""
    key = "Let $f(x) = x \\log(5x + 1)$. Then "
    slip = check_text(key + "$f'(x) = \\frac{5x}{10x + 1} + \\log(5x + 1)$.\n").findings[-1]
    assert slip.verdict.value == "wrong" and "base 10" in slip.reason and "base 2" in slip.reason
    right = check_text(key + "$f'(x) = \\frac{5x}{5x + 1} + \\log(5x + 1)$.\n").findings[-1]
    assert right.verdict.value == "correct"


def test_a_constant_of_a_function_written_in_its_variable_is_differentiated_through():
    """`A(r) = 2\\pi r^2 + 2\\pi r h` after `h = \\frac{500}{\\pi r^2}`: h depends on r. A'(r) was 4πr + 2πh (h held
    fixed, a wrong step proved `correct`); it is 4πr - 1000/r², and 4πr - 2πh says the same."""
    key = ("Volume: $\\pi r^2 h = 500$, so $h = \\frac{500}{\\pi r^2}$. Surface area: $A(r) = 2\\pi r^2 + 2\\pi r h$."
           "\n\n")
    got = verdicts(key + "$A'(r) = 4\\pi r - \\frac{1000}{r^2}$, $A'(r) = 4\\pi r + 2\\pi h$ and "
                         "$A'(r) = 4\\pi r - 2\\pi h$.\n")
    assert got["A'(r) = 4\\pi r - \\frac{1000}{r^2}"][0] == "correct"
    assert got["A'(r) = 4\\pi r - 2\\pi h"][0] == "correct"
    assert got["A'(r) = 4\\pi r + 2\\pi h"][0] == "wrong"
    (slip,) = [f for f in check_text(key + "$A'(r) = 4\\pi r + 2\\pi h$.\n").findings if f.source.startswith("A'")]
    assert "with h = 500/(pi*r**2)" in slip.reason and "at r = 7/5" in slip.reason


def test_a_partial_derivative_written_with_a_subscript():
    """`\\partial_x g` is `\\frac{\\partial g}{\\partial x}`; `\\partial_i` of an expression indexed by i is by the
    entry x_i (index notation), not by a variable i: never read as one."""
    got = verdicts("Let $g(x, y) = x^2 y^3$. Then $\\partial_x g = 2xy^3$, $\\partial_y g = 3x^2y^3$ and "
                   "$\\partial_x (x^2 y) = 2xy$.\n")
    assert got["\\partial_x g = 2xy^3"][0] == "correct" and got["\\partial_x (x^2 y) = 2xy"][0] == "correct"
    assert got["\\partial_y g = 3x^2y^3"][0] == "wrong"
    index = verdicts("Let $y = 3$. Then $\\partial_i (x_i y) = y$ and $\\partial_k (x_k z) = 0$.\n")
    assert index["\\partial_i (x_i y) = y"][0] == "unchecked" and index["\\partial_k (x_k z) = 0"][0] == "unchecked"

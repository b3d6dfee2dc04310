"""The derivation reader on names a worked example defines by a formula of known values (issue 27): a vector defined
entry by entry (``p_i = e^{z_i}/\\sum_j e^{z_j}``), a matrix of a known vector (``J = \\operatorname{diag}(p) - p
p^\\top``), the softmax of a known vector, an update rule at a given step (``\\theta_t = \\theta_{t-1} - \\eta g_t``).
Each rule with a correct step proved, mutants (a wrong digit, a wrong sign, entries swapped) refuted where the
paragraph's own values give the name, and refuted in a later paragraph only where a name alone is approximated
(``p \\approx ...``) and nothing says it may be another quantity by then; and the cases that must stay unchecked: a
name defined twice, rebound, or used in another section, another case, a changed parameter, another unit."""

from __future__ import annotations

from lnsym.check.pipeline import check_text


def findings(text: str) -> dict[str, tuple[str, str]]:
    return {f.source: (f.verdict.value, f.reason) for f in check_text(text).findings}


SOFTMAX = "Let $z = (1, 2, 3)$ and $p_i = \\frac{e^{z_i}}{\\sum_j e^{z_j}}$."


def test_a_vector_defined_entry_by_entry_is_known_in_its_paragraph_and_refuted_there():
    got = findings(SOFTMAX[:-1] + ", so $p \\approx (0.0900, 0.2447, 0.6652)$, $p \\approx (0.0900, 0.2448, 0.6652)$, "
                   "$p \\approx (0.2447, 0.0900, 0.6652)$ and $p \\approx (-0.0900, 0.2447, 0.6652)$.\n")
    assert got["p \\approx (0.0900, 0.2447, 0.6652)"][0] == "correct"
    assert got["p \\approx (0.0900, 0.2448, 0.6652)"][0] == "wrong"  # a wrong digit
    assert got["p \\approx (0.2447, 0.0900, 0.6652)"][0] == "wrong"  # entries swapped: a wrong index
    assert got["p \\approx (-0.0900, 0.2447, 0.6652)"][0] == "wrong"  # a wrong sign


def test_a_vector_defined_entry_by_entry_proves_later_paragraphs_and_its_entries():
    got = findings(SOFTMAX + "\n\nThen $p \\approx (0.0900, 0.2447, 0.6652)$ and $p_2 \\approx 0.2447$.\n")
    assert got["p \\approx (0.0900, 0.2447, 0.6652)"][0] == "correct"
    assert got["p_2 \\approx 0.2447"][0] == "correct" and "carried from its definition" in got["p_2 \\approx 0.2447"][1]


def test_a_later_approximation_of_a_computed_name_is_refuted_with_the_value_and_its_line():
    # `\approx` defines nothing: `p \approx ...` states the value of the p the section computed (p_2 = 0.244728...)
    got = findings(SOFTMAX + "\n\nThen $p \\approx (0.0900, 0.2448, 0.6652)$ and $p_2 \\approx 0.0900$.\n")
    verdict, reason = got["p \\approx (0.0900, 0.2448, 0.6652)"]
    assert verdict == "wrong" and "entry 2 should be 0.2447" in reason and "(line 1)" in reason
    assert got["p_2 \\approx 0.0900"][0] == "unchecked"  # an entry: the text may count from 0
    jacobian = (SOFTMAX + "\n\nThe Jacobian is $J = \\operatorname{diag}(p) - p p^\\top$.\n\n"
                "So $J \\approx \\begin{pmatrix} 0.08 & -0.02 & -0.06 \\\\"
                " -0.02 & 0.18 & -0.16 \\\\ -0.06 & -0.16 & 0.22 \\end{pmatrix}$.\n")
    (right,) = [f for f in check_text(jacobian).findings if f.source.startswith("J \\approx")]
    assert right.verdict.value == "correct"  # J_22 = p_2(1 - p_2) = 0.184836...
    slipped = check_text(jacobian.replace("0.18 &", "0.28 &")).findings
    (slip,) = [f for f in slipped if f.source.startswith("J \\approx")]
    assert slip.verdict.value == "wrong" and "entry (2, 2) should be 0.18, not 0.28" in slip.reason
    mean = findings("The mean is $\\mu = \\frac{1 + 2 + 6}{3} = 3$.\n\nSo $\\mu \\approx 3.2$.\n")
    assert mean["\\mu \\approx 3.2"][0] == "wrong"  # a value the section computed (3)


def test_a_later_approximation_stays_unchecked_where_the_name_may_be_another_quantity():
    def later(first: str, second: str, claim: str = "$p \\approx (0.0900, 0.2448, 0.6652)$") -> str:
        text = f"{first}\n\n{second}{claim}.\n"
        return findings(text)[claim.strip("$")][0]

    assert later(SOFTMAX, "For the other vector, ") == "unchecked"  # another case, in the sentence
    # a parameter of the formula given another value since
    tempered = "Let $z = (1, 2, 3)$ and $T = 1$, and $p_i = \\frac{e^{z_i/T}}{\\sum_j e^{z_j/T}}$."
    assert later(tempered, "Now $T = 2$. Then ", "$p \\approx (0.1863, 0.3072, 0.5065)$") == "unchecked"
    assert later(tempered, "Then ", "$p \\approx (0.1863, 0.3072, 0.5065)$") == "wrong"  # (still T = 1)
    # a value in another unit
    volume = "So $V = \\pi (3)^2 (10) = 90\\pi$."
    assert later(volume, "In litres, ", "$V \\approx 0.283\\ \\text{L}$") == "unchecked"
    # a bare value written out earlier is a candidate or a case; `=` may define the name anew
    assert later("Let $x = 4$.", "Then ", "$x \\approx 4.5$") == "unchecked"
    assert later(SOFTMAX, "Then ", "$p = (0.5, 0.5)$") != "wrong"


def test_a_name_defined_twice_rebound_or_in_another_section_is_not_carried():
    once = findings(SOFTMAX + "\n\nThen $p \\approx (0.0900, 0.2447, 0.6652)$ and $p_1 \\approx 0.0900$.\n")
    assert once["p \\approx (0.0900, 0.2447, 0.6652)"][0] == "correct" and once["p_1 \\approx 0.0900"][0] == "correct"
    twice = findings(SOFTMAX + " Later $p_i = \\frac{z_i}{w}$.\n\nThen $p \\approx (0.0900, 0.2447, 0.6652)$.\n")
    assert twice["p \\approx (0.0900, 0.2447, 0.6652)"][0] == "unchecked"
    apart = findings(SOFTMAX + "\n\nLater $p_i = \\frac{z_i}{w}$.\n\nThen $p \\approx (0.0900, 0.2447, 0.6652)$.\n")
    assert apart["p \\approx (0.0900, 0.2447, 0.6652)"][0] == "unchecked"  # defined again in another paragraph
    rebound = findings(SOFTMAX + "\n\nNow take $p = (0.5, 0.5)$.\n\nThen $p_1 \\approx 0.0900$.\n")
    assert rebound["p_1 \\approx 0.0900"][0] == "unchecked"
    other = findings("# One\n\n" + SOFTMAX + "\n\n# Two\n\nThen $p \\approx (0.0900, 0.2447, 0.6652)$.\n")
    assert other["p \\approx (0.0900, 0.2447, 0.6652)"][0] == "unchecked"
    hypothetical = findings("Let $z = (1, 2, 3)$. If $p_i = 2 z_i$ then nothing.\n\nSo $p \\approx (2, 4, 6)$.\n")
    assert hypothetical["p \\approx (2, 4, 6)"][0] == "unchecked"


def test_a_matrix_of_a_carried_vector_is_carried_entry_by_entry():
    text = (SOFTMAX + "\n\nThe Jacobian is $J = \\operatorname{diag}(p) - p p^\\top$.\n\n"
            "So $J_{11} \\approx 0.0819$, $J_{13} = J_{31}$, $J_{13} \\approx -0.0599$, $J_{11} \\approx 0.0820$ "
            "and $J_{13} \\approx 0.0599$.\n")
    got = findings(text)
    assert got["J_{11} \\approx 0.0819"][0] == "correct"
    assert got["J_{13} = J_{31}"][0] == "correct"
    assert got["J_{13} \\approx -0.0599"][0] == "correct"
    assert got["J_{11} \\approx 0.0820"][0] == "unchecked"  # carried (p rests on an earlier paragraph): proves only
    assert got["J_{13} \\approx 0.0599"][0] == "unchecked"


def test_a_name_whose_chain_has_a_value_only_in_a_later_term_is_carried_not_bound():
    text = ("Let $p = (0.5, 0.5)$ and $J = \\frac{\\partial p}{\\partial z} = \\operatorname{diag}(p) - p p^\\top$, so "
            "$J \\approx \\begin{pmatrix} 0.25 & -0.25 \\\\ -0.25 & 0.25 \\end{pmatrix}$ and "
            "$J \\approx \\begin{pmatrix} 0.25 & 0.25 \\\\ -0.25 & 0.25 \\end{pmatrix}$.\n")
    verdicts = [f.verdict.value for f in check_text(text).findings if f.source.startswith("J \\approx \\begin")]
    # the value is what the chain claims J equals, not what it defines J as: it proves, never refutes
    assert verdicts == ["correct", "unchecked"]


def test_the_softmax_of_a_known_vector_is_its_value():
    got = findings("Let $s = (0.5, 0.5, 1)$, so $\\operatorname{softmax}(s) \\approx (0.2741, 0.2741, 0.4519)$ and "
                   "$\\operatorname{softmax}(s) \\approx (0.2741, 0.4519, 0.2741)$.\n\n"
                   "Then $a = \\operatorname{softmax}(s)$.\n\n"
                   "So $a_1 + a_3 \\approx 0.7259$ and $a_1 + a_3 \\approx 0.5482$.\n")
    assert got["\\operatorname{softmax}(s) \\approx (0.2741, 0.2741, 0.4519)"][0] == "correct"
    assert got["\\operatorname{softmax}(s) \\approx (0.2741, 0.4519, 0.2741)"][0] == "wrong"
    assert got["a_1 + a_3 \\approx 0.7259"][0] == "correct"
    assert got["a_1 + a_3 \\approx 0.5482"][0] == "unchecked"
    # a softmax the text defines itself is its own
    own = findings("Let $\\operatorname{softmax}(x) = 2x$. Then $\\operatorname{softmax}(3) = 6$.\n")
    assert own["\\operatorname{softmax}(3) = 6"][0] == "correct"


def test_an_update_rule_is_worked_out_at_the_step_a_later_statement_names():
    text = ("Start from $\\theta_0 = 1$ with $\\eta = 0.1$, $g_1 = 0.5$ and $g_2 = -1$. The update is "
            "$\\theta_t = \\theta_{t-1} - \\eta g_t$.\n\n"
            "So $\\theta_1 = 0.95$, $\\theta_2 \\approx 1.05$, $\\theta_1 = 0.96$ and $\\theta_3 = 1$.\n")
    got = findings(text)
    assert got["\\theta_1 = 0.95"][0] == "correct" and "carried from its definition" in got["\\theta_1 = 0.95"][1]
    assert got["\\theta_2 \\approx 1.05"][0] == "correct"  # through theta_1, worked out the same way
    assert got["\\theta_1 = 0.96"][0] == "unchecked"  # never refuted by a carried value
    assert got["\\theta_3 = 1"][0] == "unchecked"  # g_3 is not given
    # a rule defined twice in the section is neither
    twice = findings(text.replace("$.\n\nSo", "$, or rather $\\theta_t = \\theta_{t-1} + \\eta g_t$.\n\nSo"))
    assert twice["\\theta_1 = 0.95"][0] == "unchecked"


def test_a_function_of_the_section_is_evaluated_with_the_values_earlier_paragraphs_gave_its_constants():
    text = ("The schedule is $\\eta(s) = d_{\\text{model}}^{-1/2} \\cdot s$.\n\nLet $d_{\\text{model}} = 4$.\n\n"
            "Then $\\eta(6) = 3$ and $\\eta(6) = 4$.\n")
    got = findings(text)
    assert got["d_{\\text{model}} = 4"] == ("defined", "defines d_{model}")  # `\text{model}` is no modulus
    assert got["\\eta(6) = 3"][0] == "correct" and "d_{model} = 4 (line 3)" in got["\\eta(6) = 3"][1]
    assert got["\\eta(6) = 4"][0] == "unchecked"  # an earlier paragraph's value proves, never refutes
    words = findings("So $8 = 1 \\text{ mod } 7$ and $8 = 1 \\text{ modulo } 7$.\n")  # the word itself still is
    assert [v[1] for v in words.values()] == ["modular arithmetic is not checked"] * 2


def test_a_rule_stated_before_its_data_is_applied_to_the_vectors_given_later():
    text = ("Inverted dropout keeps a unit with $\\tilde h_i = \\frac{m_i h_i}{1 - p}$.\n\n"
            "Let $p = 0.5$, $h = (2, -1, 3)$ and $m = (1, 0, 1)$.\n\n"
            "So $\\tilde h \\approx (4, 0, 6)$, $\\tilde h_3 = 6$, $\\tilde h \\approx (4, 0, -6)$ and "
            "$\\tilde h \\approx (0, 4, 6)$.\n")
    got = findings(text)
    assert got["\\tilde h \\approx (4, 0, 6)"][0] == "correct" and got["\\tilde h_3 = 6"][0] == "correct"
    # the section computed \tilde h = (4, 0, 6) from its rule: an approximation of it that is not is wrong
    assert got["\\tilde h \\approx (4, 0, -6)"][0] == "wrong"  # a wrong sign
    assert got["\\tilde h \\approx (0, 4, 6)"][0] == "wrong"  # entries swapped
    # the rule stated twice: applied to neither
    twice = findings(text.replace("$.\n\nLet", "$, or $\\tilde h_i = m_i h_i$.\n\nLet"))
    assert twice["\\tilde h \\approx (4, 0, 6)"][0] == "unchecked"


def test_a_subscript_with_a_value_is_a_name_not_an_index():
    got = findings("Let $d = 8$, $h = 2$ and $d_h = d/h = 4$.\n\nThen $2d = 16$ and $d_h + 1 = 5$.\n")
    assert got["2d = 16"][0] == "correct"  # d_h = d/h defines d_{h}, not d entry by entry
    assert got["d_h + 1 = 5"][0] == "correct"


def test_values_bound_after_a_heading_in_the_same_latex_paragraph_belong_to_its_section():
    before = "\\begin{document}\n\\section*{Counts}\nLet $d = 768$.\n\nThen $2d = 1536$.\n"
    assert findings(before)["2d = 1536"][0] == "correct"
    after = "Let $x = 1$.\n\\section*{Another}\nSome words.\n\nThen $2x = 2$.\n"
    assert findings(after)["2x = 2"][0] == "unchecked"  # bound before the heading: another section


def test_a_later_computation_from_vectors_and_computed_values_is_refuted_by_them():
    data = "Let $x = (1, 2)$ and $W = \\begin{pmatrix} 1 & 0 \\\\ 0 & 2 \\end{pmatrix}$, so $u = Wx = (1, 4)$.\n\n"
    got = findings(data + "Then $2x + u = (3, 8)$ and $x + u = (2, 7)$.\n")
    assert got["2x + u = (3, 8)"][0] == "correct"
    verdict, reason = got["x + u = (2, 7)"]  # x + u = (2, 6)
    assert verdict == "wrong" and "x = [1, 2] (line 1)" in reason and "u = [1, 4] (line 1)" in reason
    # a value the chain claims is the text's own: what the step computes from it is judged on it (`\delta_1 x^\top`)
    claimed = findings("Let $x = (1, 2)$. The error is $\\delta = \\frac{\\partial L}{\\partial h} = (0, 12)$.\n\n"
                       "So $\\delta + x = (1, 14)$ and $\\delta - x = (1, 10)$.\n")
    assert claimed["\\delta + x = (1, 14)"][0] == "correct" and claimed["\\delta - x = (1, 10)"][0] == "wrong"


def test_a_later_computation_stays_unchecked_where_a_name_may_be_another_quantity():
    def later(first: str, second: str, claim: str) -> str:
        return findings(f"{first}\n\n{second}${claim}$.\n")[claim][0]

    assert later("Let $y = 1$ and $z = 0.5$.", "Then ", "y - z = 0.4") == "unchecked"  # bare numbers: a case
    assert later("Let $x = (1, 2)$.", "Then ", "3x = (3, 5)") == "wrong"
    assert later("Let $x = (1, 2)$.", "For the second example, ", "3x = (3, 5)") == "unchecked"
    assert later("So $x = (1, 2)$ or $x = (2, 1)$.", "Then ", "3x = (3, 5)") == "unchecked"  # candidates
    scaled = "Let $T = 1$ and $z = (1, 2)$, so $u = z/T = (1, 2)$."
    assert later(scaled, "Then ", "2u = (2, 5)") == "wrong"
    assert later(scaled + " Now $T = 2$.", "Then ", "2u = (2, 5)") == "unchecked"  # a parameter changed since


def test_a_value_that_rests_on_a_rounding_does_not_refute_a_later_step():
    # p = e^z / S with S the rounding 11.2125 of e^2 + e + e^{0.1}: its entries sum to 1.000001..., not 1
    text = ("Let $z = (2, 1, 0.1)$ and $t = (1, 0, 0)$. Their sum is $S \\approx 11.2125$.\n\n"
            "So $p = \\frac{e^{z}}{S} \\approx (0.6590, 0.2424, 0.0986)$.\n\n"
            "Both sum to one: $p_1 + p_2 + p_3 = t_1 + t_2 + t_3$, and $2t + p = (2.659, 1.242, 0.099)$.\n")
    for variant in (text, text.replace("$S \\approx 11.2125$", "$S = 11.2125$")):  # (`=`, a rounding all the same)
        got = findings(variant)
        assert got["p_1 + p_2 + p_3 = t_1 + t_2 + t_3"][0] == "unchecked"
        assert got["2t + p = (2.659, 1.242, 0.099)"][0] == "unchecked"  # (a slip, 0.242, that p's rounding hides)
    exact = findings("Let $z = (2, 1, 0)$ and $t = (1, 0, 0)$. So $S = e^2 + e^1 + 1 \\approx 11.107$.\n\n"
                     "So $p = \\frac{e^{z}}{S}$.\n\nThen $2t + p \\approx (2.665, 1.245, 0.090)$.\n")
    assert exact["2t + p \\approx (2.665, 1.245, 0.090)"][0] == "wrong"  # S is the sum, 11.107 its rounding

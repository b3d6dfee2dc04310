"""What a statement claims decides whether it can be wrong: rules of `lnsym.check.roles`, each with a
counterpart where the same arithmetic, asserted, is still caught."""

from __future__ import annotations

import pytest

from lnsym.check import check_text


def found(text: str, worker) -> dict[str, tuple[str, str]]:
    """source -> (verdict, role) of each step."""
    return {f.source: (f.verdict.value, f.role) for f in check_text(text, "k", worker).findings}


def test_a_statement_the_text_rejects_is_not_wrong(worker):
    got = found(r"Adding the two equations gives $0 = 5$, a contradiction.", worker)
    assert got["0 = 5"] == ("correct", "rejected")  # false, as the text says
    assert found(r"Adding the two equations gives $0 = 5$.", worker)["0 = 5"] == ("wrong", "assertion")
    got = found(r"For $x = 2$: $2 \cdot 2 + 1 = 6$, which does not work.", worker)
    assert got[r"2 \cdot 2 + 1 = 6"][0] == "unchecked"


def test_a_trial_is_not_asserted(worker):
    assert found(r"Let's try $1 = \frac12+\frac13+\frac17$; no.", worker)[r"1 = \frac12+\frac13+\frac17"] == \
        ("unchecked", "hypothesis")
    assert found(r"Is $2^5 = 23$? No, it is 32.", worker)["2^5 = 23"] == ("unchecked", "hypothesis")
    assert found(r"Suppose $2 + 2 = 5$.", worker)["2 + 2 = 5"][0] == "unchecked"
    # what the text gets from a trial is asserted: "if we try b = 3, we get ..."
    got = found(r"If we try $b = 3$, we get $41 = 1121_3$.", worker)
    assert got["41 = 1121_3"] == ("wrong", "assertion")
    assert found(r"So $2^5 = 23$.", worker)["2^5 = 23"] == ("wrong", "assertion")


def test_an_equation_the_text_works_out_at_once_to_its_right_value_was_put_to_the_test(worker):
    """In one sentence, the equation's left side worked out ("which simplifies to") to the right value, not
    to the claimed one: the text tested the equation; it is unchecked, with both values in the reason."""
    text = r"Substituting, we get $0 + (15 - 1) \cdot 71 = 999$, which simplifies to $14 \cdot 71 = 994$."
    (tested, worked) = check_text(text, "k", worker).findings
    assert (tested.verdict.value, tested.role, worked.verdict.value) == ("unchecked", "rejected", "correct")
    assert tested.reason == (r"the text works it out at once as 14 \cdot 71 = 994, the right value; as written it "
                             r"does not hold (0 + (15 - 1) \cdot 71 = 994)")
    prose = found("we get 0 + (15 - 1) * 71 = 999, which simplifies to 14 * 71 = 994.", worker)
    assert prose["0 + (15 - 1) * 71 = 999"] == ("unchecked", "rejected")
    # the rule needs every part: a word of derivation, one sentence, the right value, a side worked out
    for other in (r"we get $0 + 14 \cdot 71 = 999$, and $14 \cdot 71 = 994$.",
                  r"we get $0 + 14 \cdot 71 = 999$. So $14 \cdot 71 = 994$.",
                  r"we get $3 \cdot 4 = 13$, which gives $3 \cdot 4 + 1 = 13$.",
                  r"we get $3 \cdot 4 = 13$, which gives $12 = 12$."):
        assert check_text(other, "k", worker).findings[0].verdict.value == "wrong", other


def test_a_wrong_equation_restated_is_reported_once(worker):
    """Simplified, a wrong equation carries the same error: the restatement (same relation, same right side as
    written, same values of both sides) is unchecked, pointing at the first; any other wrong step is still caught."""
    text = r"The masses give $90(1) + 100(2) = 280$. Simplifying: $90 + 200 = 280$. Also $3 + 4 = 8$."
    first, again, other = check_text(text, "k", worker).findings
    assert (first.verdict.value, first.role) == ("wrong", "assertion")
    assert (again.verdict.value, again.role, again.evidence.left) == ("unchecked", "restated", "")
    assert again.reason == "restates 90(1) + 100(2) = 280 (line 1), wrong there with the same values, 290 and 280: " \
                           "reported once"
    assert (other.verdict.value, other.role) == ("wrong", "assertion")
    # the same values with another right side, or another value: another error
    for later in (r"Simplifying: $290 = 140 + 140$.", r"Simplifying: $90 + 201 = 280$.", r"Then $290 > 280$."):
        got = found(r"The masses give $90(1) + 100(2) = 280$. " + later, worker)
        assert [v for v, _ in got.values()].count("wrong") == 1 + ("=" in later), later
    # the same values from numbers the first did not write: another slip, not a rewriting (probe 1, HID1)
    got = found(r"So $2 \cdot 2 = 5$ and $10 - 6 = 5$.", worker)
    assert [v for v, _ in got.values()] == ["wrong", "wrong"], got
    got = found(r"So $2 \cdot 2 = 5$ and $4 = 5$.", worker)  # the value alone restates it
    assert [v for v, _ in got.values()] == ["wrong", "unchecked"], got
    # a number in common is not enough: two computations of one size with other numbers or operations are two
    # slips (probe 4, P4-HID); the same numbers and operations reordered, or fewer numbers, restate it
    for text, verdicts in ((r"So $\frac{6}{2} = 4$, and $6 - 3 = 4$.", ["wrong", "wrong"]),
                           (r"So $2 \cdot 2 = 5$ and $2 + 2 = 5$.", ["wrong", "wrong"]),
                           (r"So $3 \cdot 4 = 13$, and $4 \times 3 = 13$.", ["wrong", "unchecked"]),
                           (r"So $2 \cdot 3 + 1 = 8$, and $6 + 1 = 8$.", ["wrong", "unchecked"])):
        got = found(text, worker)
        assert [v for v, _ in got.values()] == verdicts, (text, got)


def test_a_later_step_restating_a_wrong_equation_does_not_count_it_again(worker):
    from lnsym.check.batch.solution import check_steps

    findings = check_steps([r"So $2 + 3 = 6$.", r"Simplifying, $5 = 6$.", r"And $4 + 3 = 8$."], worker)
    assert [(f.step, f.verdict.value, f.role) for f in findings] == [
        (0, "wrong", "assertion"), (1, "unchecked", "restated"), (2, "wrong", "assertion")]
    assert findings[1].reason.startswith("restates 2 + 3 = 6 (step 0, line 1)")


def test_an_equation_being_solved_is_not_checked_against_an_old_value(worker):
    """`x = 4` in one case, then the equation of another case: x is being solved for again."""
    text = r"Either $x - 4 = 0$ or $x + 3 = 0$. \[ x - 4 = 0 \rightarrow x = 4 \] \[ x + 3 = 0 \rightarrow x = -3 \]"
    got = found(text, worker)
    assert got and all(v != "wrong" for v, _ in got.values()), got
    text = (r"Here $x = \frac{30}{12} = 2.5$. Intersection with the other line (where $y = 12$): "
            r"\[ 12 = \frac{12}{7}x - \frac{30}{7} \implies \frac{114}{7} = \frac{12}{7}x \implies x = 9.5 \]")
    got = found(text, worker)
    assert got and all(v != "wrong" for v, _ in got.values()), got


def test_a_candidate_value_is_never_grounds_for_wrong(worker):
    """A bare value (`x = 4`) may be a candidate or a case; a computed one is a fact the text then uses."""
    assert found(r"Let $x = 4$. Then $x + 3 = 8$.", worker)["x + 3 = 8"][0] == "unchecked"
    got = found(r"Then $\mu = \frac{2+4}{2} = 3$, so $\mu + 1 = 5$.", worker)
    assert got[r"\mu + 1 = 5"][0] == "wrong"
    # ... unless a new case starts in between
    got = found(r"Then $\mu = \frac{2+4}{2} = 3$. In the other case, $\mu + 1 = 5$.", worker)
    assert got[r"\mu + 1 = 5"][0] == "unchecked"


def test_a_wrong_step_names_the_substitutions_it_used(worker):
    report = check_text("Then $\\mu = \\frac{2+4}{2} = 3$,\nso $\\mu + 1 = 5$.", "k", worker)
    (f,) = [f for f in report.findings if f.verdict.value == "wrong"]
    assert [(s.name, s.value, s.line) for s in f.evidence.substitutions] == [("\\mu", "3", 1)]
    assert (f.evidence.left, f.evidence.right) == ("4", "5")


def test_a_congruence_binds_nothing(worker):
    text = r"Now $R = 2^{-1} + 3^{-1} \equiv 4 + 5 \equiv 9 \pmod{7}$. Since $9 \equiv 2 \pmod{7}$, $R = 2$."
    got = found(text, worker)
    assert got and all(v != "wrong" for v, _ in got.values()), got


def test_roles_are_reported(worker):
    got = found(r"Let $y = 2x + 1$. Then $3 + 4 = 7$ and $2x + 3 = 7$.", worker)
    assert got["y = 2x + 1"][1] == "definition"
    assert got["3 + 4 = 7"] == ("correct", "assertion")
    assert got["2x + 3 = 7"][1] == "equation"


@pytest.mark.parametrize("opening", ["Let", "For", "for", "When", "whenever", "for every", "Given", "with"])
def test_a_condition_a_statement_is_made_under_is_a_hypothesis(worker, opening):
    got = found(f"So $x = 1$. {opening} $c > 0$, $c^2 + x > 1$.", worker)
    assert got["c > 0"] == ("unchecked", "hypothesis")  # not a claim about c: the condition what follows is under


def test_each_name_of_a_chain_of_names_ending_on_a_value_is_defined(worker):
    got = {f.source: (f.verdict.value, f.role, f.reason) for f in
           check_text("Start with $m_0 = v_0 = 0$. Then $m_0 + v_0 + 1 = 1$.\n\nLet $W = 10$. So $t = W = 10$.\n",
                      "k", worker).findings}
    assert got["m_0 = v_0"] == ("defined", "definition", "defines m_{0}")
    assert got["v_0 = 0"] == ("defined", "definition", "defines v_{0}")
    assert got["m_0 + v_0 + 1 = 1"][0] == "correct"  # both were given 0
    assert got["t = W"] == ("unchecked", "definition", "defines t")  # ("So": no word of a definition)
    assert got["W = 10"][:2] == ("correct", "assertion")  # a name known before is checked, not bound again


@pytest.mark.parametrize("text", ["Since $\\delta > -1$ and $n \\ge 1$, ", "Let $\\delta > -1$ and $n \\ge 1$. "])
def test_premises_joined_by_and_are_each_a_hypothesis(worker, text):
    got = found(text + "we have $x = 2$.", worker)
    assert got["\\delta > -1"][1] == got["n \\ge 1"][1] == "hypothesis"
    after_comma = found("For $x = 4$, $x^2 > 15$.", worker)  # a comma alone joins a case to what holds in it
    assert after_comma["x^2 > 15"][1] != "hypothesis"


@pytest.mark.parametrize(("text", "condition"), [
    # later in a sentence that states what is given (cues.states_condition), after other math
    ("Let $X \\in \\mathbb{R}^{n \\times p}$, $w \\in \\mathbb{R}^p$ and $\\lambda \\ge 0$, and consider $L$.",
     "\\lambda \\ge 0"),
    ("For logits $z$ and temperature $\\tau > 0$ let $p_i = e^{z_i/\\tau}$.", "\\tau > 0"),
    ("Adam keeps $m_t$ and $v_t$, with $m_0 = v_0 = 0$ and $\\beta_2 < 1$.", "\\beta_2 < 1"),
    ("Let $r = \\sqrt{x^2}$ with $\\epsilon = 0$ and $x \\ne 0$.", "x \\ne 0"),
    # opened right before its math by a word of a case, a range or a hypothesis, and words that say what it is of
    ("For every integer $n \\ge 0$ and every real $x \\ge -1$, $(1 + x)^n \\ge 1 + nx$.", "n \\ge 0"),
    ("For all real $a, b \\ge 0$, $\\sqrt{ab} \\le \\frac{a + b}{2}$.", "b \\ge 0"),
    ("Case 2: $x < 0$. Then $|x| = -x$.", "x < 0"),
    ("Let $f(w) = w^2$ with curvature $\\lambda > 0$.", "\\lambda > 0"),
    ("So $\\operatorname{ReLU}(x) = x$ for every $x \\ne 0$.", "x \\ne 0"),
    ("The hypothesis $x \\ge -1$ matters here.", "x \\ge -1"),
])
def test_a_condition_stated_as_given_later_in_its_sentence_is_a_hypothesis(worker, text, condition):
    assert found(text, worker)[condition] == ("unchecked", "hypothesis")


@pytest.mark.parametrize(("text", "condition"), [
    # a word of consequence after the word of the setup: derived or recalled, a claim
    ("Let $y$ be a target distribution, so $y_k \\ge 0$ and $z = 1$.", "y_k \\ge 0"),
    ("For every $j$ we have $p_j \\ge 0$ and $z = 1$.", "p_j \\ge 0"),
    ("With $s = 2$, this gives $t > 0$ and $z = 1$.", "t > 0"),
    # (before the word of the setup too: a solution set derived)
    ("This inequality holds when $n \\le 1$ or $n \\ge 9$, and $z = 1$.", "n \\ge 9"),
    ("Then $e^t > 1$ for every $t > 0$.", "e^t > 1"),  # (the claim; its range after it is the hypothesis)
    # a comma alone after other math: what holds in the case, or a list lnsym does not tell from it
    ("Let $r = \\sqrt{x^2}$ (unit gain, $\\epsilon = 0$, $x \\ne 0$).", "x \\ne 0"),
])
def test_a_condition_after_a_word_of_consequence_is_no_hypothesis(worker, text, condition):
    assert found(text, worker)[condition][1] != "hypothesis"


def test_an_inequality_after_other_words_is_no_hypothesis(worker):
    got = found("So $c > 0$. Hence $x^2 + 1 > 0$.", worker)
    assert got["c > 0"][1] == "equation" and got["x^2 + 1 > 0"][1] != "hypothesis"


def test_a_closed_form_in_a_symbolic_limit_is_an_identity(worker):
    """The seed's missed case: a product over n equated to a power with the wrong exponent."""
    got = found(r"$\prod_{i=1}^n(1+\delta) = (1+\delta)^{n+1}$ and $\sum_{i=1}^n i = \frac{n(n+1)}{2}$", worker)
    assert got[r"\prod_{i=1}^n(1+\delta) = (1+\delta)^{n+1}"] == ("wrong", "identity")
    assert got[r"\sum_{i=1}^n i = \frac{n(n+1)}{2}"] == ("correct", "identity")
    # an equation in n (the limit alone on one side) is not an identity
    assert found(r"$\sum_{i=1}^{n} i = 55$", worker)[r"\sum_{i=1}^{n} i = 55"][0] == "unchecked"


def test_an_identity_is_refuted_with_a_point(worker):
    report = check_text(r"$y = (x+1)^2 = x^2 + 2x$", "k", worker)
    (f,) = [f for f in report.findings if f.verdict.value == "wrong"]
    assert "x = 7/5" in f.reason and (f.evidence.left, f.evidence.right) == ("5.76", "4.76")
    # a logarithm of the unknown is more often an equation being solved than a rewriting
    got = found(r"$y = \log_{2x}(48) = \log_{3x}(162)$", worker)
    assert got[r"\log_{2x}(48) = \log_{3x}(162)"][0] == "unchecked"


def test_chains_that_are_not_one_claim(worker):
    """A running computation (`2 \\cdot 3 + 4 = 10 \\cdot 2 = 20`: the next operation goes on from the value) and
    an inequality restated with approximated bounds are not refuted link by link; a chain that is one claim
    still is, and so is an operation done twice (`\\frac{10 \\cdot 11 \\cdot 21}{6} = 385/6`)."""
    got = found(r"$2 \cdot 3 + 4 = 10 \cdot 2 = 20$", worker)
    assert got[r"2 \cdot 3 + 4 = 10 \cdot 2"][0] == "unchecked"
    assert got[r"10 \cdot 2 = 20"][0] == "correct"
    assert found(r"$7 - 2 = 4 - 1$", worker)["7 - 2 = 4 - 1"][0] == "wrong"
    assert found(r"$49 = 7^2 - 1$", worker)["49 = 7^2 - 1"][0] == "wrong"  # a claim about 49
    got = found(r"$\frac{10 \cdot 11 \cdot 21}{6} = 385/6 \approx 64.167$", worker)
    assert got[r"\frac{10 \cdot 11 \cdot 21}{6} = 385/6"][0] == "wrong"
    got = found(r"$\frac{90}{123} < k < \frac{180}{123} \approx 0.732 < k < 1.463$", worker)
    assert got[r"\frac{180}{123} \approx 0.732"][0] == "unchecked"
    assert found(r"$\frac{180}{123} \approx 0.732$", worker)[r"\frac{180}{123} \approx 0.732"][0] == "wrong"


def test_a_conclusion_restates_the_vector_just_computed(worker):
    """The seed's missed case: "So x = ..." after a computation is an assertion about its value."""
    text = r"Normalize: $\frac{[-0.25,0.25]}{0.25}=[-1,1]$. So $x_{i+1}=[-1,2]$."
    assert found(text, worker)["x_{i+1}=[-1,2]"] == ("wrong", "assertion")
    assert found(text.replace("[-1,2]", "[-1,1]$ "), worker)["x_{i+1}=[-1,1]"] == ("correct", "assertion")
    # without a word of consequence, or far from the computation, it is a new definition
    assert found(text.replace("So ", "Let "), worker)["x_{i+1}=[-1,2]"][0] == "defined"
    assert found(text.replace("So ", "Later, in another layer, "), worker)["x_{i+1}=[-1,2]"][0] == "unchecked"
    # a name its own formula defined before (here in the problem, a section of its own) is that formula's value,
    # not the last computation's: `Wx` is computed, y = Wx + b is another vector
    problem = "**Problem.** Let $y = Wx + b$ with $b = [0, 1]$.\n\n**Solution.** "
    after = found(problem + "We get $Wx = [2 + 2, -2 + 3] = [4, 1]$, so $y = [4, 2]$.\n", worker)
    assert after["y = [4, 2]"][0] == "unchecked"
    # with W, x and b given, y's own value agrees: no restatement; one that agrees with neither reading is wrong
    given = "**Problem.** Let $u = [1, 2]$, $b = [0, 1]$ and $y = u + b$.\n\n**Solution.** "
    for written, verdict in (("[1, 3]", ("unchecked", "correct")), ("[1, 5]", ("wrong",))):
        got = found(given + f"We get $2u = [2, 4]$, so $y = {written}$.\n", worker)
        assert got[f"y = {written}"][0] in verdict, (written, got)
    # a name defined before by literal vectors (another case of it) is restated by the conclusion still
    earlier = "Pre-LN: $x_{i+1}=[1,3]+[0.5,-1]=[1.5,2]$.\n\nPost-LN: "
    assert found(earlier + text, worker)["x_{i+1}=[-1,2]"] == ("wrong", "assertion")


def test_a_chain_with_unknowns_is_not_refuted_without_a_name(worker):
    """`A = B = C` with the same unknowns in every term may be an equation whose sides are then rewritten
    (`x^2 = 2-2x = 2(1-x)`), or use a fact stated elsewhere (`xy[(x+y)^2 - 3xy] = xy(1 - 3xy)` with x + y = 1):
    only a chain that names what it rewrites (`y = A = B`) claims identities."""
    got = found(r"$x^2 = 2 - 2x = 2(1 - x)$ and $xy[(x+y)^2 - 3xy] = xy(1 - 3xy) = xy - 3x^2y^2$", worker)
    assert got and all(v != "wrong" for v, _ in got.values()), got
    assert found(r"$y = (x+1)^2 = x^2 + 1$", worker)["(x+1)^2 = x^2 + 1"] == ("wrong", "identity")


def test_a_chain_that_no_value_satisfies_is_wrong_at_its_broken_link(worker):
    """`-2b + b = -3b = 9`: the link is no identity, and b = -3 (from `-3b = 9`) does not satisfy it either,
    so the chain holds under no reading; the conclusion the text draws from the rest of the chain follows."""
    got = found(r"Then $-2b + b = -3b = 9$, so $b = -3$.", worker)
    assert got["-2b + b = -3b"][0] == "wrong" and got["b = -3"][0] == "correct"
    assert found(r"So $3(x + 2) = 3x + 2 = 11$.", worker)["3(x + 2) = 3x + 2"][0] == "wrong"
    assert found(r"So $x + 2x = 4x = 12$.", worker)["x + 2x = 4x"][0] == "wrong"
    # the right rewriting, and chains of equations a value satisfies, are not wrong
    assert found(r"So $3(x + 2) = 3x + 6 = 12$.", worker)["3(x + 2) = 3x + 6"][0] == "correct"
    for text in (r"So $\frac{x}{2} = x - 3 = 3$.", r"So $3x + 2 = x + 10 = 2x = 8 = x = 4$.",
                 r"So $x^2 = 2 - 2x = 2(1 - x)$.", r"So $2x = 10 = x = 5$."):
        got = found(text, worker)
        assert got and all(v != "wrong" for v, _ in got.values()), (text, got)
    # a trial, and a phrase that is no unknown, are not refuted this way
    assert found(r"Try $x + 2x = 4x = 12$.", worker)["x + 2x = 4x"][0] == "unchecked"
    got = found(r"$\text{Units digit of } 3^{20} + 7 = \text{Units digit of } 1 + 7 = 8$", worker)
    assert got and all(v != "wrong" for v, _ in got.values()), got


def test_the_base_of_a_logarithm_is_not_a_numeral_base(worker):
    text = r"Using base 2, $\log_{4} 2^{8!} = \frac{8!}{2} = 4 \cdot 8!$"
    assert found(text, worker)[r"\frac{8!}{2} = 4 \cdot 8!"][0] == "wrong"
    text = r"In base $7$, $5 + 4 = 12$."
    assert found(text, worker)["5 + 4 = 12"][0] != "wrong"


def test_what_the_text_says_fails(worker):
    """A contradiction announced in the next sentence, a statement followed by its negation, a candidate the
    text discards, division by zero called undefined: none is asserted."""
    got = found("Simplifying, we get:\n\\[\n8=-4\n\\]\nHowever, this is not possible, as it leads to a contradiction.",
                worker)
    assert got["8=-4"] == ("correct", "rejected")
    got = found("Check the condition:\n\\[ 29 = 5 \\times 14 \\]\n\\[ 29 \\neq 70 \\]", worker)
    assert got[r"29 = 5 \times 14"] == ("unchecked", "rejected")
    assert found(r"And $30 = 5 \times 7$ here.", worker)[r"30 = 5 \times 7"][0] == "wrong"
    # a rejected root binds nothing: "z = 0" afterwards is the other root
    got = found(r"Roots: \( z = \frac{-1-1}{4} = -\frac12 \) (not an integer). So \( z = 0 \).", worker)
    assert got["z = 0"][0] == "unchecked"
    # the rejection must be about this statement, not the next one in the sentence
    got = found(r"We get $\frac{16}{4} = 5$ and $\frac{0}{0}$ is undefined.", worker)
    assert got[r"\frac{16}{4} = 5"] == ("wrong", "assertion")


def test_an_equation_whose_unknown_cancels_is_still_an_equation(worker):
    """`8y - 8 - 8y = -3` has no solution; it is what substituting gives, not a false claim of a value."""
    got = found(r"If $x = 8$: $8y - 8 - 8y = -3$, and we go on to the next case.", worker)
    assert got["8y - 8 - 8y = -3"] == ("unchecked", "equation")


def test_a_premise_about_a_computed_value_is_not_refuted(worker):
    got = found(r"So $\rho = \frac{-1+\sqrt{5}}{2} = 0.618$, but since $\rho > 1$ we look again.", worker)
    assert got[r"\rho > 1"][0] == "unchecked"
    # after "but": the constraint the candidate fails ("the only answer left is ..., but rho > 1")
    got = found(r"The only answer left is $\rho = \frac{-1+\sqrt{5}}{2}$, but $\rho > 1$.", worker)
    assert got[r"\rho > 1"][0] == "unchecked"
    got = found(r"So $\rho = \frac{-1+\sqrt{5}}{2}$, hence $\rho > 1$.", worker)
    assert got[r"\rho > 1"][0] == "wrong"


def test_an_angle_bound_in_degrees_is_not_compared_in_radians(worker):
    got = found(r"So, $x = 100^\circ \Rightarrow x = 100$.", worker)
    assert got["x = 100"][0] != "wrong"


def test_an_equation_derived_from_the_one_before_must_keep_a_solution(worker):
    """An equation being solved is wrong only when it does not follow: "Simplifying, we get" an equation that no
    solution of the previous one solves. Alternatives ("either ... or") and results are not derivations."""
    got = found("Expanding, \\[ 33+14b+b^{2}=25+10b+b^{2} \\] Simplifying, we get: \\[ 8=4b-4b \\]", worker)
    assert got["8=4b-4b"][0] == "wrong"
    got = found(r"We know $2x + 3 = 7$, so $2x = 5$.", worker)
    assert got["2x = 5"][0] == "wrong" and "x = 2 solves" in check_text(
        r"We know $2x + 3 = 7$, so $2x = 5$.", "k", worker).findings[-1].reason
    assert found(r"We know $2x + 3 = 7$, so $2x = 4$.", worker)["2x = 4"][0] != "wrong"
    assert found(r"We know $x(x-1) = 0$, so $x - 1 = 0$.", worker)["x - 1 = 0"][0] != "wrong"  # loses one root only
    got = found(r"Either $x - 4 = 0$ or $x + 3 = 0$, so $x = 4$ or $x = -3$.", worker)
    assert got and all(v != "wrong" for v, _ in got.values()), got
    got = found(r"We know $x + 1 = 3$. Then $5x = 15$.", worker)  # a new fact, not a derivation
    assert got["5x = 15"][0] != "wrong"


def test_the_index_of_a_sum_is_not_an_unknown(worker):
    got = found(r"So $\sum_{k=1}^{44} \cos (8k^\circ) = 5$.", worker)
    assert got[r"\sum_{k=1}^{44} \cos (8k^\circ) = 5"] == ("wrong", "assertion")


def test_a_right_side_in_its_own_brackets_is_one_value(worker):
    """`((-3 + -8) - (5 + -5)) = ((-3 - 8) - (5 + 5))`: a sign slip, not a running computation."""
    got = found(r"$((-3 + -8) - (5 + -5)) = ((-3 - 8) - (5 + 5)) = -21$", worker)
    assert got["((-3 + -8) - (5 + -5)) = ((-3 - 8) - (5 + 5))"][0] == "wrong"


def test_every_role_given_is_one_the_readme_documents(worker):
    """The JSON field ``role`` takes the values of ``ROLES`` (the README's table of roles), and only those."""
    from lnsym.check.roles.statement_roles import ROLES

    text = (r"Let $x = 3$. Then $x + 1 = 4$ and $2 \cdot 3 = 6$. Solve $y + 3 = 0$. Try $1 = \frac12 + \frac13$; "
            r"this gives $0 = 5$, a contradiction. So $(a+b)^2 = a^2 + 2ab + b^2$.")
    roles = {f.role for f in check_text(text, "k", worker).findings}
    assert roles <= set(ROLES) and len(roles) >= 4, roles


@pytest.mark.parametrize("text, claim", [
    ("So 12 * 13 = 146. Wait, no: 12 * 13 = 156.", "12 * 13 = 146"),
    (r"Then $7 \times 8 = 54$. Oops, $7 \times 8 = 56$.", r"7 \times 8 = 54"),
    ("So 5 * 5 = 24. Correction: 5 * 5 = 25.", "5 * 5 = 24"),
    (r"Then $3 + 4 = 8$. No, it is $7$.", "3 + 4 = 8"),
    ("So 9 * 9 = 89. I made a mistake: 9 * 9 = 81.", "9 * 9 = 89"),
])
def test_a_slip_the_next_sentence_takes_back_is_not_wrong(text, claim, worker):
    assert found(text, worker)[claim] == ("unchecked", "rejected")


def test_a_slip_the_text_goes_on_from_is_still_wrong(worker):
    assert found("So 12 * 13 = 146. Then 146 + 4 = 150.", worker)["12 * 13 = 146"] == ("wrong", "assertion")
    # the retraction must open the next sentence: a later "no" is about something else
    assert found("So 12 * 13 = 146. The answer is no: 146 + 4 = 150.", worker)["12 * 13 = 146"][0] == "wrong"


def test_what_the_prose_says_right_around_a_statement(worker):
    """A slip taken back in the same breath, a test point called false, a step of an argument by contradiction:
    each is not asserted. The same arithmetic without those words is still caught."""
    got = found(r"First, $7\times 8=54$... wait, $7\times 8=56$, not 54.", worker)
    assert got[r"7\times 8=54"][0] != "wrong" and got[r"7\times 8=56"][0] == "correct"
    assert found(r"First, $7\times 8=54$. Then we add.", worker)[r"7\times 8=54"][0] == "wrong"
    got = found(r"Test points: $x=0$ gives $6<0$, false; $x=4$ gives $16-20+6=2<0$, false.", worker)
    assert got and all(v != "wrong" for v, _ in got.values()), got
    assert found(r"At $x=0$ we get $6<0$.", worker)["6<0"][0] == "wrong"
    reductio = (r"Suppose $(x,y)$ were a solution. Doubling the first equation gives $2x+2y=6$, so $6=7$." "\n"
                r"Subtracting them gives $0=1$, a contradiction.")
    got = found(reductio, worker)
    assert got and all(v != "wrong" for v, _ in got.values()), got
    # without the supposition, or in the next paragraph, a false equation is asserted
    assert found(reductio.replace("Suppose", "Take"), worker)["6=7"][0] == "wrong"
    assert found(reductio.replace("\n", "\n\n"), worker)["6=7"][0] == "wrong"


def test_a_modulus_or_number_system_named_for_the_paragraph(worker):
    text = "Working mod 7, $3 \\cdot 5 = 15 = 1$. Multiplying by 5:\n$$x = 5 \\cdot 4 = 20 = 6.$$"
    got = found(text, worker)
    assert got["20 = 6"][0] == "correct" and got["15 = 1"][0] == "correct"
    assert found(text.replace("= 6.", "= 5."), worker)["20 = 5"][0] != "wrong"  # congruences are never wrong
    assert found(text.replace("Working mod 7, ", ""), worker)["20 = 6"][0] == "wrong"
    assert found(text + "\n\nSo $21 = 0$.", worker)["21 = 0"][0] == "wrong"  # the next paragraph is about integers
    assert found("Column addition in binary: $1+1=10$.", worker)["1+1=10"][0] != "wrong"
    assert found("Column addition: $1+1=10$.", worker)["1+1=10"][0] == "wrong"


@pytest.mark.parametrize(("text", "source", "verdict"), [
    ("$17 = 2$ (mod $5$), since $17 - 2 = 15$.", "17 = 2", "correct"),  # the modulus in math after it
    ("On a $12$-hour clock, $9 + 5 = 2$.", "9 + 5 = 2", "correct"),  # a clock's hours
    ("It is 22:00; on the 24-hour clock, $22 + 5 = 3$.", "22 + 5 = 3", "correct"),
    ("On a $12$-hour clock, $9 + 5 = 3$.", "9 + 5 = 3", "unchecked"),  # (a congruence is never wrong)
    ("$5 \\cdot 3 = 1$ in arithmetic modulo $7$.", "5 \\cdot 3 = 1", "correct"),  # the modulus right after it
    ("In modular arithmetic, $9 + 5 = 2$.", "9 + 5 = 2", "unchecked"),  # a modulus not given
    ("On the clock, $9 + 5 = 2$.", "9 + 5 = 2", "unchecked"),  # a clock of no size
    # words after the math in its sentence are no modulus of it, unless they name one right after it
    ("The angle is $1107 - 3 \\times 360 = 227$, reduced modulo $360$.", "1107 - 3 \\times 360 = 227", "wrong"),
    ("The hand turned $2 \\cdot 30 = 70$ degrees from the top of the clock.", "2 \\cdot 30 = 70", "wrong"),
    ("In base two, $101 + 11 = 1000$.", "101 + 11 = 1000", "unchecked"),  # a base in words
    ("Writing numbers in base three, $2 + 2 = 11$.", "2 + 2 = 11", "unchecked"),
    ("On the second try, $9 + 5 = 2$.", "9 + 5 = 2", "wrong"),  # none of those words: integers
])
def test_a_modulus_or_base_in_the_words_of_the_sentence(text, source, verdict, worker):
    assert found(text, worker)[source][0] == verdict


@pytest.mark.parametrize("text", [
    "The eccentricity is $e = \\frac{c}{a} = \\frac{3}{5}$, so $1 - e^2 = \\frac{16}{25}$.",
    "Let $e$ denote the eccentricity of the ellipse. Then $e^2 = \\frac{9}{25}$.",
    "Let $e$ be the number of edges, so $e^2 = 144$.",
])
def test_a_power_of_e_where_the_text_names_e_is_no_power_of_eulers_number(text, worker):
    got = found(text, worker)
    assert got and all(v != "wrong" for v, _ in got.values()), got
    assert found("So $e^2 = 144$.", worker)["e^2 = 144"][0] == "wrong"  # (where it does not, it is)


_OPTIMUM = ("Set the derivative to zero: $r^3 = \\frac{{250}}{{\\pi}}$, "
            "so $r = \\sqrt[3]{{250/\\pi}} \\approx 4.30$.\n\n"
            "Then $h = \\frac{{500}}{{\\pi r^2}} = \\frac{{{k}\\pi r^3}}{{\\pi r^2}} = {k}r$ at the optimum.\n")


def test_a_rewriting_that_holds_at_a_value_an_earlier_paragraph_bound_is_not_wrong(worker):
    # 500/(pi r^2) = 2 pi r^3/(pi r^2) is no identity, but it holds at r = (250/pi)^(1/3): a step at the optimum
    (f,) = [f for f in check_text(_OPTIMUM.format(k=2), "k", worker).findings
            if f.source == "\\frac{500}{\\pi r^2} = \\frac{2\\pi r^3}{\\pi r^2}"]
    assert f.verdict.value == "unchecked"
    assert "holds at the value an earlier paragraph gave: r = 4.30127" in f.reason and "(line 1)" in f.reason


def test_a_rewriting_false_at_that_value_too_is_still_wrong(worker):
    assert found(_OPTIMUM.format(k=3), worker)["\\frac{500}{\\pi r^2} = \\frac{3\\pi r^3}{\\pi r^2}"][0] == "wrong"
    # and with no earlier value, the identity reading alone refutes it
    alone = "Then $h = \\frac{500}{\\pi r^2} = \\frac{2\\pi r^3}{\\pi r^2} = 2r$ at the optimum.\n"
    assert found(alone, worker)["\\frac{500}{\\pi r^2} = \\frac{2\\pi r^3}{\\pi r^2}"][0] == "wrong"


def test_what_a_supposition_would_give_is_not_asserted(worker):
    """"At $x = -1$ it would give $\\tanh(-1) \\le -1$": the text derives what a supposition it takes back would
    give; the same statement asserted is still caught."""
    text = (r"Suppose the lemma held for all real $x$. At $x = -1$ it would give $\tanh(-1) \le -1$, but "
            r"$\tanh(-1) \approx -0.7616 > -1$.")
    assert found(text, worker)[r"\tanh(-1) \le -1"] == ("unchecked", "hypothesis")
    assert found(r"It would give $2 + 2 = 5$.", worker)["2 + 2 = 5"] == ("unchecked", "hypothesis")
    assert found(r"So we get $\tanh(-1) \le -1$.", worker)[r"\tanh(-1) \le -1"] == ("wrong", "assertion")
    assert found(r"It gives $2 + 2 = 5$.", worker)["2 + 2 = 5"] == ("wrong", "assertion")


def test_a_value_the_text_calls_approximate_binds_no_name(worker):
    """"$w = 2 - 0.1 = 1.9$ up to $\\epsilon$": 1.9 is a rounding of w, and the text's more precise value later is
    not refuted with it (it was: "w = 1.9, which rounds to 1.900000000"); a value written plainly still binds."""
    text = r"Then $w = 2 - 0.1 = 1.9$ up to $\epsilon$, more precisely $w \approx 1.900000002$."
    assert found(text, worker)[r"w \approx 1.900000002"][0] == "unchecked"
    plain = r"Then $w = 2 - 0.1 = 1.9$, and $w \approx 1.900000002$."
    assert found(plain, worker)[r"w \approx 1.900000002"][0] == "wrong"
    for after in ("(rounded)", "approximately", "up to rounding"):
        text = f"Then $w = 1.9$ {after}, and $w \\approx 1.900000002$."
        assert found(text, worker)[r"w \approx 1.900000002"][0] == "unchecked", after
    # "up to $10^{-6}$" states a tolerance: no rounding (1/3 = 0.3 is not made correct by it), and a value given as
    # a rounding proves nothing computed from it
    assert found(r"$\frac{1}{3} = 0.3$ up to $10^{-6}$.", worker)[r"\frac{1}{3} = 0.3"][0] != "correct"
    assert found(r"Let $a = 30$. Then $\frac{a}{7} = 4$ up to $\epsilon$.", worker)[r"\frac{a}{7} = 4"][0] \
        != "correct"
    assert found(r"$x = \frac{2}{3} = 0.7$ (rounded), so $3x = 2.1$.", worker)["3x = 2.1"][0] != "correct"


@pytest.mark.parametrize("text", [
    # a mistake the text quotes to warn against or to correct is no claim of the text (probe 4, P4-FW-H: each was
    # `wrong`)
    "Wrong: $3 \\cdot 4 = 13$.",
    "Incorrect: $3 \\cdot 4 = 13$. Correct: $3 \\cdot 4 = 12$.",
    "Common mistake: $3 \\cdot 4 = 13$.",
    "A typical slip is $3 \\cdot 4 = 13$.",
    "Do not write $3 \\cdot 4 = 13$.",
    "It is not true that $2^{10} = 1000$; in fact $2^{10} = 1024$.",
    "It is false that $2^{10} = 1000$.",
    "The student wrote $2^{10} = 1000$, but $2^{10} = 1024$.",
    "One might think $2^{10} = 1000$, but $2^{10} = 1024$.",
    "The mistake in step 3 is $3 \\cdot 4 = 13$; it should be $12$.",
    "$3 \\cdot 4 = 13$ (incorrect).",
])
def test_a_mistake_the_text_quotes_is_not_reported(text, worker):
    got = found(text, worker)
    quoted = text.split("$")[1]  # the statement quoted first: read, and not reported
    assert quoted in got and "wrong" not in [v for v, _ in got.values()], got


@pytest.mark.parametrize(("text", "statement", "expected"), [
    # the words before must quote the math right after them: a slip after "the error is small" is still reported
    ("The error is small, and $3 \\cdot 4 = 13$.", "3 \\cdot 4 = 13", "wrong"),
    ("Never mind: $3 \\cdot 4 = 13$.", "3 \\cdot 4 = 13", "wrong"),
    ("The error is $3 \\cdot 4 = 13$.", "3 \\cdot 4 = 13", "wrong"),  # (an error term: "The error is $\\delta$")
    ("Relative error: $3 \\cdot 4 = 13$.", "3 \\cdot 4 = 13", "wrong"),
    ("So it is not true that $2 + 2 = 4$ fails, and $3 \\cdot 4 = 13$.", "3 \\cdot 4 = 13", "wrong"),
])
def test_a_slip_after_other_words_is_still_reported(text, statement, expected, worker):
    assert found(text, worker)[statement][0] == expected, found(text, worker)

"""The role rules of ``lnsym/check/roles/rules.py``, one text each: the verdict and reason the rule gives, and
(mutation-style) that the table without the rule gives another verdict for that step."""

from __future__ import annotations

import pytest

from lnsym.check.pipeline import check_text
from lnsym.check.roles import rules


def step(text: str, source: str, worker) -> tuple[str, str, str]:
    """(verdict, role, reason) of the one finding of ``text`` whose source is ``source``."""
    (f,) = [f for f in check_text(text, "k.md", worker).findings if f.source == source]
    return f.verdict.value, f.role, f.reason


def without(name: str, monkeypatch) -> None:
    assert name in [r.name for r in rules.RULES]
    monkeypatch.setattr(rules, "RULES", tuple(r for r in rules.RULES if r.name != name))


# name of the rule, the text, the step's source, (verdict, role, reason) with the rule, the verdict without it
CASES = [
    ("proved_with_earlier_values", "Let $z = (1, 2, 3)$.\n\nThen $2z = (2, 4, 6)$.\n", "2z = (2, 4, 6)",
     ("correct", "equation", "with z = [1, 2, 3] (line 1), bound in an earlier paragraph"), "unchecked"),
    ("approximates_an_earlier_value", "The mean is $\\mu = \\frac{1 + 2 + 6}{3} = 3$.\n\nSo $\\mu \\approx 3.2$.\n",
     "\\mu \\approx 3.2",
     ("wrong", "assertion", "\\mu = 3, which rounds to 3.0; with \\mu = 3 (line 1), bound in an earlier paragraph"),
     "unchecked"),
    ("computed_from_earlier_values", "Let $x = (1, 2)$.\n\nThen $3x = (3, 5)$.\n", "3x = (3, 5)",
     ("wrong", "assertion", "entry 2 should be 6; with x = [1, 2] (line 1), bound in an earlier paragraph"),
     "unchecked"),
    ("refuted_for_every_value", "For every real $t$, $(1 + t)^7 \\ge 1 + 7t$.\n", "(1 + t)^7 \\ge 1 + 7t",
     ("wrong", "identity", "claimed for every value its sentence quantifies, but false at t = -3: -128 against -20"),
     "unchecked"),
    ("identity_of_numbers_only", "For $2 \\times 2$ matrices $A$ and $B$, $A \\cdot B - B \\cdot A = 0$.\n",
     "A \\cdot B - B \\cdot A = 0",
     ("unchecked", "equation", "an identity of numbers, and the text says its letters are not numbers (vectors, "
                               "matrices): their products may not be"), "correct"),
    ("restates_a_carried_value",
     "Let $z = (1, 2)$ and $p_i = 2 z_i$.\n\nSo $p_2 = 4$.\n", "p_2 = 4",
     ("correct", "definition", "p_{2} = 4 (line 1), carried from its definition"), "unchecked"),
    ("proved_only_at_a_value",
     "So $x = 1$ is a root. Then $(x - 1)(x^2 - 5x - 6) = (x - 1)(x - 2)(x - 3)$.",
     "(x - 1)(x^2 - 5x - 6) = (x - 1)(x - 2)(x - 3)",
     ("unchecked", "assertion", "holds at x = 1 (line 1), but not for every value: a rewriting for every value may "
                                "be meant"), "correct"),
    ("letters_given_values_in_a_sum", "$A=1 + B=2 + C=3 = 6$", "3 = 6",
     ("unchecked", "assertion", "letters given values inside a sum (A=1 + B=2 + ...): not one chain"), "wrong"),
    ("out_of_scope", "Let $x = 2$. Then $3x = 7, \\; x = 7/3$.", "3x = 7",
     ("unchecked", "assertion", "uses x bound earlier, but the statement goes on to solve for it"), "wrong"),
    ("holds_at_earlier_values",
     "Set the derivative to zero: $r^3 = \\frac{250}{\\pi}$, so $r = \\sqrt[3]{250/\\pi} \\approx 4.30$.\n\n"
     "Then $h = \\frac{500}{\\pi r^2} = \\frac{2\\pi r^3}{\\pi r^2} = 2r$ at the optimum.\n",
     "\\frac{500}{\\pi r^2} = \\frac{2\\pi r^3}{\\pi r^2}",
     ("unchecked", "identity", "not an identity, but it holds at the value an earlier paragraph gave: "
                               "r = 4.301270... (line 1)"), "wrong"),
    ("derived_condition_does_not_follow", "We need $2n + 1 > 10$, so $n \\ge 6$.", "n \\ge 6",
     ("wrong", "equation", "does not follow from the condition before it: at n = 5, which meets it, n ≥ 6 is false "
                           "(5 ≥ 6)"), "unchecked"),
    ("value_taken_for_pi", "Take $\\pi = \\frac{22}{7}$.", "\\pi = \\frac{22}{7}",
     ("unchecked", "assertion", "the value the text takes for π (an approximation it chooses: \\pi = \\pi = "
                                "3.141593..., but \\frac{22}{7} = 22/7 = 3.142857...)"), "wrong"),
    ("rounded_as_its_sentence_says", "To the nearest ten, $1234 \\approx 1200$.", "1234 \\approx 1200",
     ("wrong", "assertion", "to the nearest 10, as its sentence says, 1234 rounds to 1230"), "correct"),
    ("rounded_to_a_named_unit", "Rounded to the nearest multiple of seven, $40 \\approx 42$.", "40 \\approx 42",
     ("unchecked", "assertion", "rounded to a unit the text names (the nearest five, the next cent), not to its "
                                "digits (40 = 40, which rounds to 40)"), "wrong"),
    ("within_the_tolerance_stated", "$\\pi \\approx 3.15$, accurate to within $0.01$.", "\\pi \\approx 3.15",
     ("correct", "assertion", "within the stated tolerance 0.01: \\pi = \\pi = 3.141593..., 0.00841 from 3.15"),
     "wrong"),
    ("rounded_to_the_places_stated", "So $\\pi \\approx 3.1$ to four decimal places.", "\\pi \\approx 3.1",
     ("wrong", "assertion", "to 4 decimal places, as the words after it say, \\pi = 3.141593... is 3.1416"),
     "correct"),
    ("scaled_by_the_words_after", "A stack has $85054464 \\approx 85.05$ million parameters.",
     "85054464 \\approx 85.05", ("correct", "assertion", "in millions, as the words after it say: 85054464 is "
                                                        "85.054464 million, which rounds to 85.05"), "wrong"),
    ("defines_an_operation", "Let $a \\star b = 2a + b$. Then $3 \\star 4 = 10$.", "a \\star b = 2a + b",
     ("defined", "definition", "defines the operation \\star"), "correct"),
    ("restates_the_value_just_computed", "Normalize: $\\frac{[-0.25,0.25]}{0.25}=[-1,1]$. So $x_{i+1}=[-1,2]$.",
     "x_{i+1}=[-1,2]", ("wrong", "assertion", "restates the value just computed (ending at 1:44), which is [-1, 1]"),
     "unchecked"),
    ("called_false_but_holds", "$2 + 3 = 5$ (false)", "2 + 3 = 5",
     ("wrong", "rejected", "the text calls it false, but 2 + 3 = 5 holds"), "correct"),
    ("rejected_candidate_meets_conditions", "We want $x^2 = 9$. Since $3^2 = 9$, $x = 3$ fails.",
     "x = 3", ("wrong", "rejected", "the text rejects x = 3, but it meets the condition the text set: x^{2} - 9 = 0 "
                                    "(at x = 3: 0 = 0)"), "unchecked"),
    ("negated_next", "Check the condition:\n\\[ 29 = 5 \\times 14 \\]\n\\[ 29 \\neq 70 \\]", "29 = 5 \\times 14",
     ("unchecked", "rejected", "the text goes on to write that it fails (29 \\neq 70); it does not hold (29 = 29, "
                               "but 5 \\times 14 = 70)"), "wrong"),
    ("worked_out_next",
     "Substituting, we get $0 + (15 - 1) \\cdot 71 = 999$, which simplifies to $14 \\cdot 71 = 994$.",
     "0 + (15 - 1) \\cdot 71 = 999",
     ("unchecked", "rejected", "the text works it out at once as 14 \\cdot 71 = 994, the right value; as written it "
                               "does not hold (0 + (15 - 1) \\cdot 71 = 994)"), "wrong"),
]


def test_every_rule_has_a_case_and_a_docstring():
    assert sorted(c[0] for c in CASES) == sorted(r.name for r in rules.RULES)
    assert rules.RULES and all(r.rewrite.__doc__ and len(r.rewrite.__doc__) > 40 for r in rules.RULES)
    assert {r.stage for r in rules.RULES} == {rules.JUDGED, rules.PLACED, rules.NEXT}


@pytest.mark.parametrize(("name", "text", "source", "expected", "verdict_without"), CASES, ids=[c[0] for c in CASES])
def test_the_rule_gives_its_verdict_and_the_table_without_it_another(name, text, source, expected, verdict_without,
                                                                     worker, monkeypatch):
    assert step(text, source, worker) == expected
    without(name, monkeypatch)
    assert step(text, source, worker)[0] == verdict_without != expected[0]


def test_the_rules_apply_in_the_order_of_the_table(worker, monkeypatch):
    """A rule after another sees the verdict the first made: the refutation of "3x = 7" in "x = 2 ... 3x = 7,
    x = 7/3" is out of scope before any later rule reads it as a wrong step."""
    seen = []

    def spy(step, res):
        """Records what a last rule of the judged stage sees."""
        seen.append((step.statement.job.sources[step.i], res.verdict))

    monkeypatch.setattr(rules, "RULES", (*rules.RULES, rules.Rule(rules.JUDGED, spy)))
    check_text("Let $x = 2$. Then $3x = 7, \\; x = 7/3$.", "k.md", worker)
    assert ("3x", "unchecked") in seen


@pytest.mark.parametrize(("text", "source", "expected"), [
    # the left side in the unit the words name, off beyond its rounding: the refutation says so
    ("A stack has $85054464 \\approx 85.15$ million parameters.", "85054464 \\approx 85.15",
     ("wrong", "in millions, as the words after it say: 85054464 is 85.054464 million, not 85.15")),
    ("So $7000 = 7$ thousand.", "7000 = 7", ("correct", "in thousands, as the words after it say: 7000 is 7 "
                                                        "thousand, which rounds to 7")),
    # both sides in millions: a slip as written, refuted as numbers
    ("It has $2 + 3 = 6$ million users.", "2 + 3 = 6", ("wrong", "2 + 3 = 5")),
    # no word of scale right after the math: a plain number
    ("A stack has $85054464 \\approx 85.05$, in millions.", "85054464 \\approx 85.05",
     ("wrong", "85054464 = 85054464, which rounds to 85054464.00")),
])
def test_a_value_in_the_unit_the_words_after_it_name(worker, text, source, expected):
    verdict, _, reason = step(text, source, worker)
    assert (verdict, reason) == expected


@pytest.mark.parametrize(("text", "source", "verdict", "expected"), [
    # held to the places the words state, not only to the digits shown (pi to four places is 3.1416)
    ("$\\pi \\approx 3.1$ to four decimal places.", "\\pi \\approx 3.1", "wrong", "3.1416"),
    ("$\\sqrt{2} \\approx 1.4$ (to 2 d.p.).", "\\sqrt{2} \\approx 1.4", "wrong", "1.41"),
    ("$\\frac{2}{3} \\approx 0.67$, correct to three decimal places.", "\\frac{2}{3} \\approx 0.67", "wrong", "0.667"),
    ("$\\pi \\approx 3.1416$ to four decimal places.", "\\pi \\approx 3.1416", "correct", ""),
    ("$\\frac{1}{2} = 0.5$ to two decimal places.", "\\frac{1}{2} = 0.5", "correct", ""),  # 0.50, its zero left out
    ("$\\pi \\approx 3.1$, and four decimal places need more terms.", "\\pi \\approx 3.1", "correct", ""),
    # and to the significant figures they state (probe 3, P3-E)
    ("$\\pi \\approx 3.1$ to three significant figures.", "\\pi \\approx 3.1", "wrong", "3.14"),
    ("$\\frac{1}{7} \\approx 0.14$ (3 s.f.).", "\\frac{1}{7} \\approx 0.14", "wrong", "0.143"),
    ("$\\sqrt{2} \\approx 1.41$ (3 sig figs).", "\\sqrt{2} \\approx 1.41", "correct", ""),
    ("$1000\\pi \\approx 3142$ to 4 significant figures.", "1000\\pi \\approx 3142", "correct", ""),
    ("$1000\\pi \\approx 3141$ to 4 significant figures.", "1000\\pi \\approx 3141", "wrong", "3142"),
    # the words open the next statement: the value before them is held to its own digits (probe 4, P4-FW-C)
    ("$\\pi \\approx 3.14159$. To two decimal places, $\\pi \\approx 3.14$.", "\\pi \\approx 3.14159", "correct", ""),
    ("$\\pi \\approx 3.14159$. To two decimal places, $\\pi \\approx 3.15$.", "\\pi \\approx 3.15", "wrong", "3.14"),
    ("$\\frac{1}{7} \\approx 0.142857$.\nTo three decimal places, $\\frac{1}{7} \\approx 0.143$.",
     "\\frac{1}{7} \\approx 0.142857", "correct", ""),
    ("$\\sqrt{2} \\approx 1.41421$; to two decimal places this is $1.41$.", "\\sqrt{2} \\approx 1.41421",
     "correct", ""),
    ("$\\pi \\approx 3.14159$, to two decimal places.", "\\pi \\approx 3.14159", "wrong", "3.14"),
    # the places its sentence states before it, and "the nearest ..." (probe 5, E1)
    ("Correct to two decimal places, $\\frac{2}{3} \\approx 0.7$.", "\\frac{2}{3} \\approx 0.7", "wrong", "0.67"),
    ("To the nearest thousandth, $\\pi \\approx 3.14$.", "\\pi \\approx 3.14", "wrong", "3.142"),
    ("To the nearest thousandth, $\\pi \\approx 3.142$.", "\\pi \\approx 3.142", "correct", ""),
    ("Rounded to the nearest tenth, $\\sqrt{2} \\approx 1$.", "\\sqrt{2} \\approx 1", "wrong", "1.4"),
    ("To the nearest whole number, $\\sqrt{2} \\approx 1$.", "\\sqrt{2} \\approx 1", "correct", ""),
    ("$\\frac{1}{7} \\approx 0.1$ to the nearest hundredth.", "\\frac{1}{7} \\approx 0.1", "wrong", "0.14"),
    ("Each pays $\\frac{10}{3} \\approx 3.3$ dollars, rounded to the nearest cent.", "\\frac{10}{3} \\approx 3.3",
     "wrong", "3.33"),
    ("Each pays $\\frac{10}{3} \\approx 3.333$ dollars, rounded to the nearest cent.", "\\frac{10}{3} \\approx 3.333",
     "correct", ""),  # (more places than a cent: the rounding is still to come)
    ("To two decimal places. Then $\\frac{2}{3} \\approx 0.7$.", "\\frac{2}{3} \\approx 0.7", "correct", ""),
    # the significant figures its sentence states before it, for a value written with no more (probe 6, k29)
    ("To three significant figures, $0.0012392 \\approx 0.001$.", "0.0012392 \\approx 0.001", "wrong", "0.00124"),
    ("To three significant figures, $0.0012392 \\approx 0.00124$.", "0.0012392 \\approx 0.00124", "correct", ""),
    ("To 2 s.f., $\\frac{1}{7} \\approx 0.14$.", "\\frac{1}{7} \\approx 0.14", "correct", ""),
    # (more figures than it states: the rounding is still to come)
    ("To two significant figures, $\\frac{1}{7} \\approx 0.1429$.", "\\frac{1}{7} \\approx 0.1429", "correct", ""),
])

def test_a_value_said_to_be_rounded_to_n_places_is_held_to_them(text, source, verdict, expected):
    from lnsym.check.pipeline import check_text

    (f,) = [f for f in check_text(text + "\n").findings if f.source == source]
    assert (f.verdict.value, f.expected) == (verdict, expected), f.reason


@pytest.mark.parametrize(("text", "source", "verdict", "reason"), [
    # a direction: the value so rounded is correct; another one is not refuted, since the words may be of another
    # value of the sentence (probe 6, k27, m28)
    ("Rounded up to the next integer, $\\frac{7}{2} \\approx 3$.", "\\frac{7}{2} \\approx 3", "unchecked",
     "rounded up, as its sentence says, 3.5 rounds to 4, not 3; the words may be of another value"),
    ("Rounded up to the next integer, $\\frac{7}{2} \\approx 4$.", "\\frac{7}{2} \\approx 4", "correct",
     "rounded up, as its sentence says: 3.5 rounds to 4"),
    ("Rounded down to an integer, $3.9 \\approx 4$.", "3.9 \\approx 4", "unchecked",
     "rounded down, as its sentence says, 3.9 rounds to 3, not 4; the words may be of another value"),
    ("Rounded down to an integer, $3.9 \\approx 3$.", "3.9 \\approx 3", "correct",
     "rounded down, as its sentence says: 3.9 rounds to 3"),
    # a direction with a unit named "the nearest": the direction's
    ("Rounded up to the nearest whole number, $\\frac{7}{2} \\approx 3$.", "\\frac{7}{2} \\approx 3", "unchecked",
     "rounded up, as its sentence says, 3.5 rounds to 4, not 3; the words may be of another value"),
    ("Rounded down to the nearest ten, $1239 \\approx 1230$.", "1239 \\approx 1230", "correct",
     "rounded down, as its sentence says: 1239 rounds to 1230"),
    # a refutation by the digits is not the last word either: the cost rounded up to the cent
    ("The cost is $\\$10 \\div 3 \\approx \\$3.34$, rounded up.", "\\$10 \\div 3 \\approx \\$3.34", "correct",
     "rounded up, as its sentence says: 10/3 = 3.333333... rounds to 3.34"),
    # a unit: the nearest multiple of it, refuted where the value written is another multiple (probe 6, m30)
    ("To the nearest ten, $1234 \\approx 1230$.", "1234 \\approx 1230", "correct",
     "to the nearest 10, as its sentence says: 1234 rounds to 1230"),
    ("To the nearest five, $37 \\approx 35$.", "37 \\approx 35", "correct",
     "to the nearest 5, as its sentence says: 37 rounds to 35"),
    ("To the nearest five, $38 \\approx 35$.", "38 \\approx 35", "wrong",
     "to the nearest 5, as its sentence says, 38 rounds to 40"),
    ("To the nearest half, $\\frac{7}{3} \\approx 2.5$.", "\\frac{7}{3} \\approx 2.5", "correct",
     "to the nearest 0.5, as its sentence says: 7/3 = 2.333333... rounds to 2.5"),
    ("To the nearest hundred, $1234 \\approx 1300$.", "1234 \\approx 1300", "wrong",
     "to the nearest 100, as its sentence says, 1234 rounds to 1200"),
    # a value written finer than the unit named: that rounding is still to come (ProcessBench dev, math-514)
    ("Divide and round up to the nearest whole number: $100 \\div 7 \\approx 14.2857$.",
     "100 \\div 7 \\approx 14.2857", "correct", ""),
    # words after the math that open a sentence of their own speak of the next value (ProcessBench dev, math-514)
    ("Divide 100 by 7: \\[100 \\div 7 \\approx 14.2857\\] Rounding up, we get 15.", "100 \\div 7 \\approx 14.2857",
     "correct", ""),
    # two roundings named: which one the value is held to is not known
    ("Rounded up, and then to the nearest ten, $1234 \\approx 1240$.", "1234 \\approx 1240", "unchecked",
     "rounded to a unit the text names (the nearest five, the next cent), not to its digits (1234 = 1234, which "
     "rounds to 1230)"),
])
def test_a_rounding_its_sentence_names(worker, text, source, verdict, reason):
    assert step(text, source, worker)[::2] == (verdict, reason)


@pytest.mark.parametrize(("words", "places"), [
    (" to four decimal places", 4), (" (to 2 d.p.)", 2), (", correct to three decimal places", 3),
    (" rounded to 1 decimal place", 1), (" to two significant figures", None), (" and two decimal places", None),
    # words that open the next sentence or line are said of what follows them (probe 4, P4-FW-C)
    (". To two decimal places", None), ("; to two decimal places", None), (".\nTo two decimal places", None),
    ("! To 2 d.p.", None), ("\n\nTo two decimal places", None),
    # a line break alone is a hard-wrapped sentence going on (probe 4, P4-REG1)
    ("\nto four decimal places", 4), (" (rounded\nto 2 d.p.)", 2),
])
def test_places_after(words, places):
    from lnsym.check.roles.cues import places_after
    from lnsym.check.spans.math_spans import find_spans

    text = "$x = 1.5$" + words
    (span,) = find_spans(text)
    assert places_after(text, span) == places


@pytest.mark.parametrize(("words", "figures"), [
    (" to three significant figures", 3), (" (3 s.f.)", 3), (" to 4 sig. figs", 4), (", 2 significant digits", 2),
    (" to four decimal places", None), (" and three significant steps", None),
    (". To three significant figures", None), (";\n(3 s.f.)", None),
])
def test_figures_after(words, figures):
    from lnsym.check.roles.cues import figures_after
    from lnsym.check.spans.math_spans import find_spans

    text = "$x = 1.5$" + words
    (span,) = find_spans(text)
    assert figures_after(text, span) == figures


@pytest.mark.parametrize(("text", "verdict"), [
    # the sentence says 25% of 48 is 12; its math alone, `12 = 25\%`, is not what it claims (probe 4, P4-FW-A)
    ("$12 = 25\\%$ of $48$.", "unchecked"),
    ("We get $12 = 25\\%$ of $48$.", "unchecked"),
    ("$13 = 25\\%$ of the total.", "unchecked"),
    # a percent the math ends in with no "of" after it is judged (both readings refute it)
    ("$12 = 25\\%$.", "wrong"),
    ("$12 = 25\\%$, often.", "wrong"),
    # "of" after math that does not end in a percent changes nothing, nor after a ratio written as a percent
    ("$12 = 3 \\cdot 5$ of them.", "wrong"),
    ("$3 / 12 = 25\\%$ of the total.", "correct"),
    ("$3 / 12 = 40\\%$ of the total.", "wrong"),
])
def test_a_percent_of_what_the_words_name_is_not_judged_alone(text, verdict):
    (f,) = check_text(text + "\n").findings
    assert f.verdict.value == verdict, f.reason


@pytest.mark.parametrize(("text", "source", "verdict"), [
    # a sign of definition in the math defines the name, as ':=' does (probe 4, P4-HID2)
    ("$m \\coloneqq 7$, so $2m = 14$.", "m \\coloneqq 7", "defined"),
    ("$m \\triangleq 7$, so $2m = 14$.", "2m = 14", "correct"),
    ("$m \\stackrel{\\text{def}}{=} 5$, so $2m = 10$.", "m \\stackrel{\\text{def}}{=} 5", "defined"),
    # a label over '=' is a justification: the statement is judged as written
    ("$\\sum_{i=1}^{3} i \\stackrel{(1)}{=} 7$.", "\\sum_{i=1}^{3} i \\stackrel{(1)}{=} 7", "wrong"),
    ("$(a + b)^2 \\overset{(a)}{=} a^2 + 2ab + b^2$.", "(a + b)^2 \\overset{(a)}{=} a^2 + 2ab + b^2", "correct"),
])
def test_signs_over_and_of_relations(text, source, verdict):
    (f,) = [f for f in check_text(text + "\n").findings if f.source == source]
    assert f.verdict.value == verdict, f.reason


@pytest.mark.parametrize(("text", "source"), [
    # an equation the text names so, or imposes, is solved, not claimed for every value (unseen3, its one false
    # alarm: both were wrong as identities in index notation)
    ("Let $W \\in \\mathbb{R}^{m \\times n}$, $x \\in \\mathbb{R}^n$, $y \\in \\mathbb{R}^m$. Setting the gradient to "
     "zero gives the normal equations $W^\\top W x = W^\\top y$.", "W^\\top W x = W^\\top y"),
    ("Let $W \\in \\mathbb{R}^{m \\times n}$, $x \\in \\mathbb{R}^n$, $y \\in \\mathbb{R}^m$. The system "
     "$W^\\top W x = W^\\top y$ has a solution.", "W^\\top W x = W^\\top y"),
])
def test_an_equation_the_text_names_is_no_identity(text, source):
    (f,) = [f for f in check_text(text + "\n").findings if f.source == source]
    assert (f.verdict.value, f.role) == ("unchecked", "equation"), f.reason


def test_called_equation():
    from lnsym.check.roles.cues import called_equation

    for words, said in (("the normal equations ", True), ("Setting ", True), ("Equating ", True),
                        ("We get ", False), ("Hence the identity ", False), ("The equations hold. So ", False)):
        text = words + "$a = b$"
        assert called_equation(text, text.index("$") + 1) is said, words


@pytest.mark.parametrize(("text", "statement", "verdict"), [
    # an approximation held to the tolerance its words state, not to its digits (probe 4, P4-FW-F: each was wrong)
    ("$\\pi \\approx 3.15$, accurate to within $0.01$.", "\\pi \\approx 3.15", "correct"),
    ("$\\sqrt{2} \\approx 1.42$ (error less than $0.01$).", "\\sqrt{2} \\approx 1.42", "correct"),
    ("$\\pi \\approx 3.16$, within $1\\%$.", "\\pi \\approx 3.16", "correct"),
    # a tolerance it misses, or none stated: wrong as a rounding, as before
    ("$\\pi \\approx 3.16$, accurate to within $0.01$.", "\\pi \\approx 3.16", "wrong"),
    ("$\\pi \\approx 3.15$.", "\\pi \\approx 3.15", "wrong"),
])
def test_an_approximation_is_held_to_the_tolerance_stated(text, statement, verdict):
    from lnsym.check import check_answer_key

    found = {f.source: f for f in check_answer_key(text + "\n").findings}
    assert found[statement].verdict.value == verdict, (found[statement].verdict, found[statement].reason)
    if verdict == "correct":
        assert "within the stated tolerance" in found[statement].reason

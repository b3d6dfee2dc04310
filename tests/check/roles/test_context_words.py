"""Words that may change what a step's proof rests on (lnsym.check.roles.context_words): a copy proved by its context
stays ``correct`` only where the words since the first copy carry the derivation on, and a step proved with values
bound before only where its sentence speaks of no other instance; any other word (a case, a value in words) leaves it
``unchecked``. A step that holds on its own is not touched."""

from __future__ import annotations

import pytest

from lnsym.check.pipeline import check_text
from lnsym.check.roles.context_words import another_instance, changed_since, copy_key, unread_word_between


def verdicts(text: str, source: str, worker) -> list[str]:
    found = [f.verdict.value for f in check_text(text, "k.md", worker).findings if f.source == source]
    assert found
    return found


@pytest.mark.parametrize(("text", "source"), [
    ("If $t \\ge 1$, then $|t - 1| = t - 1$. For negative $t$, $|t - 1| = t - 1$.\n", "|t - 1| = t - 1"),
    ("Suppose $a = 3$. Then $a^2 = 9$. In the other scenario, $a$ equals $4$, and $a^2 = 9$.\n", "a^2 = 9"),
    ("For $x > 1$ we have $x^2 > x$. When $x$ is between $0$ and $1$, $x^2 > x$ as well.\n", "x^2 > x"),
    ("First, $x \\ge 0$, so $|x| = x$. Second, $x < 0$, so $|x| = x$.\n", "|x| = x"),
    ("For the pair $p = 3$, $q = 4$ we get $p + q = 7$. For the next pair, four and five, $p + q = 7$.\n", "p + q = 7"),
    # proved with the values of an earlier paragraph, the name described anew in between
    ("(a) Let $x = 2$. Then $x^2 = 4$.\n\n(b) Now $x$ denotes the number of sides of a triangle. Then $x^2 = 4$.\n",
     "x^2 = 4"),
    # names relabelled: each may now hold another's value (probe 6, m35)
    ("We have two numbers, $a = 5$ and $b = 3$. Without loss of generality relabel them so that a is the smaller one. "
     "Then $b - a = -2$.\n", "b - a = -2"),
    ("Take $p = 7$ and $q = 2$. WLOG $p \\le q$, and then $q - p = -5$.\n", "q - p = -5"),
    # the value of an earlier paragraph, the noun before its binding now with another number (probe 6, k09)
    ("Decay $\\eta_t = 0.9^t$. At step $t = 3$: $\\eta_3 = 0.729$.\n\nAt step four, $0.9^t = 0.729$.\n",
     "0.9^t = 0.729"),
])
def test_a_copy_after_words_of_another_case_or_value_is_not_proved_again(text, source, worker):
    assert verdicts(text, source, worker)[-1] == "unchecked"


@pytest.mark.parametrize(("text", "source"), [
    ("Let $x = 3$. Then $x^2 = 9$. So, again, $x^2 = 9$.\n", "x^2 = 9"),
    ("From $2x = 10$ we get $x = 5$. Therefore the answer is $x = 5$.\n", "x = 5"),
])
def test_a_copy_after_words_that_carry_on_stays_correct(text, source, worker):
    assert verdicts(text, source, worker)[-1] == "correct"


def test_a_copy_that_holds_on_its_own_is_not_touched(worker):
    text = "We have $2 + 3 = 5$. For the other case, $2 + 3 = 5$ too, and $(a + 1)^2 = a^2 + 2a + 1$. " \
           "For another $a$, $(a + 1)^2 = a^2 + 2a + 1$.\n"
    assert verdicts(text, "2 + 3 = 5", worker) == ["correct", "correct"]
    assert verdicts(text, "(a + 1)^2 = a^2 + 2a + 1", worker) == ["correct", "correct"]


def test_the_words_between_leave_the_math_out():
    text = "$a = 1$. So $b$ is, again, $a = 1$"
    maths = [(0, 7), (12, 15), (26, 33)]
    assert unread_word_between(text, 6, 27, maths) is None  # "So", "is", "again": $b$ is math
    assert unread_word_between("$a = 1$. For $b$, $a = 1$", 6, 19, [(0, 7), (13, 16), (18, 25)]) == "For"
    assert copy_key("a ^2", "=", " 9") == "a^2=9"


@pytest.mark.parametrize(("text", "source"), [
    ("Let $x = 3$. Then $x^2 = 9$. Next let $x$ be four; then $2x = 6$.\n", "2x = 6"),
    ("A circle of radius $r = 3$ has circumference $C = 2\\pi r \\approx 18.8$. For radius $3.1$ instead, "
     "$2\\pi r \\approx 18.8$.\n", "2\\pi r \\approx 18.8"),
    ("Let $x = 3$. Then $x + 1 = 4$. If $x$ were four, then $x^2 = 9$.\n", "x^2 = 9"),
])
def test_a_step_proved_with_earlier_values_after_words_of_another_instance_is_not_proved(text, source, worker):
    assert verdicts(text, source, worker)[-1] == "unchecked"


def test_words_of_another_instance_leave_a_step_that_holds_on_its_own():
    assert another_instance("For the second box, ") == "second"
    assert another_instance("Using $x_{new}$ here, ") is None  # (in math)
    assert another_instance("So the renewal is ") is None  # (a whole word only)


def test_a_step_proved_with_earlier_values_in_a_sentence_of_the_same_instance_stays_correct(worker):
    assert verdicts("Let $x = 3$. Then $x^2 = 9$ and so $2x = 6$.\n", "2x = 6", worker) == ["correct"]
    assert verdicts("For the second box, $2 \\cdot 3 = 6$.\n", "2 \\cdot 3 = 6", worker) == ["correct"]


@pytest.mark.parametrize("between", [
    "(b) Now $x$ is four.",  # another part
    "In the next part the value of x is changed to five.",  # the name in words
    "Now lambda denotes the weight decay.",
    "2. Double it.",  # a numbered item
])
def test_a_value_of_an_earlier_paragraph_proves_nothing_after_words_that_change_it(between, worker):
    name = "\\lambda" if "lambda" in between else "x"
    text = f"(a) Let ${name} = 2$. Then ${name}^2 = 4$.\n\n{between}\n\nSo ${name}^3 + 0 = 8$.\n"
    assert verdicts(text, f"{name}^3 + 0 = 8", worker) == ["unchecked"]


def test_a_value_of_an_earlier_paragraph_still_proves_where_nothing_changes_it(worker):
    text = "Let $x = 2$. Then $x^2 = 4$.\n\nThe cube is worth a look as well.\n\nSo $x^3 + 0 = 8$.\n"
    assert verdicts(text, "x^3 + 0 = 8", worker) == ["correct"]


def test_changed_since():
    # (from the binding, inside its math at 4..11, to the statement)
    text = "Let $x = 2$. (b) Now x is 3."
    assert changed_since(text, 5, len(text), "x", [(4, 11)]) == "Now"
    assert changed_since("Let $x = 2$. The cube is nice.", 5, 30, "x", [(4, 11)]) is None
    assert changed_since("Let $x = 2$. Then x is odd.", 5, 27, "x", [(4, 11)]) == "x"
    assert changed_since("Let $x = 2$. Then $x$ is odd.", 5, 29, "x", [(4, 11), (18, 21)]) is None  # (in math)
    # the noun before the binding, with another number after it: another step, layer, epoch (probe 6, k09)
    text = "At step $t = 3$: fine.\n\nAt step four, so"
    assert changed_since(text, 9, len(text), "t", [(8, 15)]) == "step four"
    text = "In layer $l = 2$ it is.\n\nLayers 5 and on"
    assert changed_since(text, 10, len(text), "l", [(9, 16)]) == "Layers 5"
    # not a word of the sentence's grammar, and not the noun with no number
    text = "Then $t = 3$ holds.\n\nThen 4 apples"
    assert changed_since(text, 6, len(text), "t", [(5, 12)]) is None
    text = "At step $t = 3$: fine.\n\nAt this step, so"
    assert changed_since(text, 9, len(text), "t", [(8, 15)]) is None


def test_an_identity_of_numbers_for_letters_the_paragraph_calls_matrices_is_not_proved(worker):
    text = "Let $A$ and $B$ be $2 \\times 2$ matrices that do not commute. Then $e^{A} e^{B} = e^{A + B}$.\n"
    assert verdicts(text, "e^{A} e^{B} = e^{A + B}", worker) == ["unchecked"]
    text = "Let $u, v \\in \\mathbb{R}^3$. Then $u \\times v = v \\times u$.\n"
    assert verdicts(text, "u \\times v = v \\times u", worker) == ["unchecked"]
    assert verdicts("Let $a$ and $b$ be reals. Then $ab = ba$.\n", "ab = ba", worker) == ["correct"]

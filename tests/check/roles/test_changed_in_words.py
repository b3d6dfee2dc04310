r"""A value given in words: "Replacing $x$ by $3$", "If $t$ doubles", "if $x$ were $3$" give a name bound before another
value that no math states. The old value, and those of the names computed from it, no longer hold: a statement
about them is neither proved nor refuted with them (roles.cues.changed_in_words, Context.change)."""

import pytest

from lnsym.check.pipeline import check_text
from lnsym.check.roles.context import Context
from lnsym.check.roles.cues import changed_in_words


def found(text: str) -> dict[str, tuple[str, str]]:
    """Each step's (verdict, reason) by its source; a source written again is ``source#2``."""
    out: dict[str, tuple[str, str]] = {}
    for f in check_text(text + "\n").findings:
        key = f.source if f.source not in out else f"{f.source}#2"
        out[key] = (f.verdict.value, f.reason)
    return out


@pytest.mark.parametrize(("text", "names"), [
    ("Replacing $x$ by $3$ gives", ["x"]),
    ("replace $x$ with $y + 1$", ["x"]),
    ("Substituting $3$ for $x$:", ["x"]),
    ("changing $r$ to $5$", ["r"]),
    ("Doubling $t$ gives", ["t"]),
    ("halving $h$", ["h"]),
    ("If $t$ doubles, then", ["t"]),
    ("if $t$ is tripled", ["t"]),
    ("If $x$ were $3$, then", ["x"]),
    ("if $r$ is increased by $1$", ["r"]),
    ("increasing $n$ to $10$", ["n"]),
    ("$x$ is replaced by $2x$ and $t$ halves", ["x", "t"]),
    # probe 1, FC1 in other words
    ("Swapping $a$ and $b$, we get", ["a", "b"]),
    ("after exchanging $p$ with $q$", ["p", "q"]),
    ("After adding $1$ to $x$,", ["x"]),
    ("subtracting $2$ from $n$ gives", ["n"]),
    ("Negating $x$,", ["x"]),
    ("Incrementing $k$, we get", ["k"]),
    ("With $x$ one larger,", ["x"]),
    ("with $n$ smaller", ["n"]),
    # an operation on the name, then "now" (probe 5, w05)
    ("Multiply $y$ by $3$: now", ["y"]),
    ("dividing $x$ by $2$, now", ["x"]),
])
def test_words_that_change_a_value(text, names):
    assert [n for n, _, _ in changed_in_words(text, 0, len(text))] == names


@pytest.mark.parametrize("text", [
    "Substituting $x$ into the equation",  # x keeps its value
    "Multiplying $x$ by $2$",  # a product, not a new x
    "Multiplying $y$ by $3$ gives $3y = 15$, and now",  # (the product is written: y stays)
    "Replacing the $3$ gives",
    "We have $x$ and $t$ here.",
    "Clipping replaces $g$ by\n\\[ \\tilde g = g \\]",  # the new value is no inline math
    "increasing $r$ by ten percent",
    "Adding $3$ to both sides",  # an equation's sides, no name
    "Adding the equations, we get $x = 2$",
    "with $x$ as before",
])
def test_words_that_change_nothing(text):
    assert changed_in_words(text, 0, len(text)) == []


def test_the_offset_is_that_of_the_name():
    text = "Let $x = 2$. Replacing $x$ by $3$ gives"
    ((name, at, value),) = changed_in_words(text, 12, len(text))
    assert (name, text[at], value) == ("x", "x", "3") and at == text.index("$x$") + 1
    assert changed_in_words("If $t$ doubles", 0, 14) == [("t", 4, None)]


@pytest.mark.parametrize(("text", "step"), [
    # x^2 = 9 after the replacement; x = 2 proved x^2 = 4 before
    ("Let $x = 2$. Replacing $x$ by $3$ gives $x^2 = 4$.", "x^2 = 4"),
    # t = 6, so d = 60: d = 30 followed from the old t
    ("Let $t = 3$ and $d = 10 t$. If $t$ doubles, then $d = 30$.", "d = 30"),
    ("Let $x = 2$. Substituting $3$ for $x$, $x^2 = 4$.", "x^2 = 4"),
    ("Let $x = 2$. If $x$ were $3$, then $x^2 = 4$.", "x^2 = 4"),
    # (probe 1, FC1: each was correct with the old value; the statement is the second of its source)
    ("Let $a = 2$ and $b = 3$. Swapping $a$ and $b$, we get $a - b = -1$.", "a - b = -1"),
    ("Let $x = 2$. After adding $1$ to $x$, $x^2 = 4$.", "x^2 = 4"),
    ("Let $x = 2$. Negating $x$, $x^3 = 8$.", "x^3 = 8"),
    ("Let $x = 2$. Incrementing $x$, we get $x^2 = 4$.", "x^2 = 4"),
    ("Let $x = 2$. With $x$ one larger, $x^2 = 4$.", "x^2 = 4"),
    ("Let $x = 2$. With $x$ one larger, $x^2 = 9$.", "x^2 = 9"),  # nor refuted
    # the old value is in an earlier paragraph
    ("Let $x = 2$.\n\nReplacing $x$ by $3$ gives $x^2 = 4$.", "x^2 = 4"),
    ("Let $t = 3$ and $d = 10 t$.\n\nIf $t$ doubles, then $d = 30$.", "d = 30"),
    ("Let $y = 5$. Then $y^2 = 25$. Multiply $y$ by $3$: now $y - 1 = 4$.", "y - 1 = 4"),
    # a function the text defined, given another meaning in words (probes 5 and 6: w26, f13, k11, k12)
    ("Let $f(x) = x^2$, so $f(2) = 4$. Now change $f$ to the cube function; then $f(2) = 4$.", "f(2) = 4#2"),
    ("(a) Let $f(x) = x^2$. Then $f(3) = 9$.\n\n(b) Now let f be the cube function instead. Then $f(2) + 1 = 5$.",
     "f(2) + 1 = 5"),
    ("(a) Let $g(x) = \\sin x$, so $g(0) = 0$.\n\n(b) Replace g by the cosine function. Then $g(0) + 1 = 1$.",
     "g(0) + 1 = 1"),
    ("Let $h(x) = x^3$, so $h(2) = 8$.\n\nNext, let h denote the derivative of the previous h. Then $h(1) = 1$.",
     "h(1) = 1"),
])
def test_a_statement_after_the_words_is_not_proved_with_the_old_value(text, step):
    assert found(text)[step][0] == "unchecked", found(text)


def test_nor_refuted_with_it():
    # t = 6 and d = 60 are right; the old d = 30 must not refute them
    got = found("Let $t = 3$ and $d = 10 t$. Doubling $t$ gives $d = 60$.")
    assert got["d = 60"][0] == "unchecked", got


@pytest.mark.parametrize(("text", "step"), [
    # the new value written in math after the words is the name's value from there on
    ("Let $x = 2$. Replacing $x$ by $3$ gives $x = 3$ and $x^2 = 9$.", "x^2 = 9"),
    # the words of a name that changes nothing
    ("Let $x = 2$. Substituting $x$ into $f$ gives $x^2 = 4$.", "x^2 = 4"),
    # replaced by another name: g keeps its value
    ("Let $g = 3$. Clipping replaces $g$ by $\\tilde g$, and $g^2 = 9$.", "g^2 = 9"),
    # a name no earlier statement bound: nothing to forget
    ("Replacing $y$ by $3$ gives $2 + 2 = 4$.", "2 + 2 = 4"),
    # a function no words change, and words that change another letter
    ("Let $f(x) = x^2$, so $f(2) = 4$. Then $f(3) = 9$.", "f(3) = 9"),
    ("Let $f(x) = x^2$ and $g = 2$. Now let g be $3$. Then $f(3) = 9$.", "f(3) = 9"),
])
def test_what_the_words_leave_is_judged_as_before(text, step):
    assert found(text)[step][0] == "correct", found(text)


def test_change_forgets_the_name_its_dependents_and_their_facts():
    import sympy as sp

    ctx = Context()
    t, d, k, y = sp.symbols("t d k y")
    ctx.env.update({"t": sp.Integer(3), "d": sp.Integer(30), "k": sp.Integer(1)})
    ctx.depends["d"] = {"t"}
    # every fact that mentions t or d may rest on t = 3 (t + y = 5 with y a later unknown); k's and y's stay
    ctx.equations = [t - 3, d - 30, d - 10 * t, t + y - 5, k - 1, y - 2]
    ctx.change("t")
    assert set(ctx.env) == {"k"} and ctx.changed == {"t"}
    assert ctx.equations == [k - 1, y - 2]


def test_a_change_by_an_amount_gives_no_value():
    """"increasing $x$ by $3$": 3 is an amount, not x's new value (statement_check keeps a value that equals the old
    one only when the words give it as the value: "Since $x$ is $2$")."""
    assert changed_in_words("Increasing $x$ by $3$, we", 0, 22) == [("x", 12, None)]
    assert changed_in_words("If $x$ goes up by $1$,", 0, 21) == [("x", 4, None)]
    assert changed_in_words("If $x$ becomes $3$,", 0, 18) == [("x", 4, "3")]
    assert changed_in_words("Replacing $x$ by $3$,", 0, 20) == [("x", 11, "3")]



@pytest.mark.parametrize(("text", "step", "verdict"), [
    # an update in a paragraph between the binding and the step: the old value is gone (probe 6, a06)
    ("Initialize $w = 1$.\n\nStep 1: $w \\leftarrow w - 0.2 = 0.8$.\n\nStep 2: the gradient is $2w = 2$.", "2w = 2",
     "wrong"),
    ("Initialize $w = 1$.\n\nStep 1: $w \\leftarrow 0.8$.\n\nStep 2: the gradient is $2w = 2$.", "2w = 2", "wrong"),
    ("Initialize $w = 1$.\n\nStep 1: $w \\leftarrow 0.8$.\n\nStep 2: the gradient is $2w = 1.6$.", "2w = 1.6",
     "correct"),
    # an update to an expression no statement works out: no value at all
    ("Let $w = 1$.\n\nStep: $w \\gets w - \\eta g$.\n\nThen $2w = 2$.", "2w = 2", "unchecked"),
    # what was computed from the old value is gone too
    ("Let $w = 1$ and $A = 2w = 2$.\n\nUpdate: $w \\leftarrow 3$.\n\nThen $A + 1 = 3$.", "A + 1 = 3", "unchecked"),
    # an update of another name leaves it
    ("Let $w = 1$.\n\nStep 1: $v \\leftarrow 0.8$.\n\nThen $2w = 2$.", "2w = 2", "correct"),
])
def test_an_update_between_paragraphs(text, step, verdict):
    assert found(text)[step][0] == verdict, found(text)

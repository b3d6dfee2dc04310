r"""Conditions a sentence puts on the indices of a step (lnsym.check.roles.index_conditions), and the judge of index
notation using them: a step claimed off the diagonal is proved or refuted there, never refuted on it."""

import pytest

from lnsym.check.judges.notation.index_steps import ANY_TWO
from lnsym.check.pipeline import check_text
from lnsym.check.roles.index_conditions import index_conditions


def _conditions(text: str) -> tuple:
    start = text.index("$J") + 1
    end = text.index("$", start)
    return index_conditions(text, start, end)


@pytest.mark.parametrize(("text", "expected"), [
    ("For $i \\ne j$, $J_{ij} = -p_i p_j$.", (("i", "j", "≠"),)),
    ("For $i \\neq j$: $J_{ij} = -p_i p_j$.", (("i", "j", "≠"),)),
    ("We get $J_{ij} = -p_i p_j$ for $j \\neq i$.", (("j", "i", "≠"),)),
    ("If $i = j$, then $J_{ij} = p_i(1 - p_i)$.", (("i", "j", "="),)),
    ("**Off-diagonal entries** $J_{ij} = -p_i p_j$:", ((ANY_TWO, ANY_TWO, "≠"),)),
    ("Off the diagonal, $J_{ij} = -p_i p_j$.", ((ANY_TWO, ANY_TWO, "≠"),)),
    # none: another sentence, another item of a list, a comparison that is no condition on two letters
    ("Take $i \\ne j$. Then $J_{ij} = -p_i p_j$.", ()),
    ("- for $i \\ne j$ it is negative\n- $J_{ij} = p_i(\\delta_{ij} - p_j)$", ()),
    ("Here $J_{ij} = -p_i p_j$, and the diagonal is positive.", ()),
    ("Since $x_i \\ne 0$, $J_{ij} = -p_i p_j$.", ()),
    ("Here $J_{ij} = p_i$. For $i \\ne j$ it is 0.", ()),
])
def test_the_conditions_of_a_sentence(text, expected):
    assert _conditions(text) == expected


KEY = ("Let $z \\in \\mathbb{R}^n$, $p = \\operatorname{softmax}(z)$ and $J = \\operatorname{diag}(p) - p p^\\top$.\n\n"
       "{sentence}\n")


@pytest.mark.parametrize(("sentence", "step", "expected"), [
    ("For $i \\ne j$, $J_{ij} = -p_i p_j$.", "J_{ij} = -p_i p_j", "correct"),
    ("For $i \\ne j$, $J_{ij} = -p_i p_i$.", "J_{ij} = -p_i p_i", "wrong"),  # the wrong index
    ("For $i \\ne j$, $J_{ij} = p_i p_j$.", "J_{ij} = p_i p_j", "wrong"),  # the sign
    ("Off the diagonal, $\\frac{\\partial p_i}{\\partial z_j} = -p_i p_j$.",
     "\\frac{\\partial p_i}{\\partial z_j} = -p_i p_j", "correct"),
    ("If $i = j$, $\\frac{\\partial p_i}{\\partial z_j} = p_i(1 - p_i)$.",
     "\\frac{\\partial p_i}{\\partial z_j} = p_i(1 - p_i)", "correct"),
    ("If $i = j$, $\\frac{\\partial p_i}{\\partial z_j} = p_i(1 + p_i)$.",
     "\\frac{\\partial p_i}{\\partial z_j} = p_i(1 + p_i)", "wrong"),
    # no condition: claimed for every i and j, and false where i = j
    ("Here $J_{ij} = -p_i p_j$.", "J_{ij} = -p_i p_j", "wrong"),
    # a condition on letters that are no free indices of the step is not its own
    ("For $a \\ne b$, $J_{ij} = -p_i p_j$.", "J_{ij} = -p_i p_j", "wrong"),
])
def test_a_step_is_judged_where_its_sentence_claims_it(sentence, step, expected):
    found = {f.source: f for f in check_text(KEY.replace("{sentence}", sentence)).findings}
    assert found[step].verdict.value == expected, found[step].reason
    if "$i" in sentence and expected != "unchecked":
        assert "as the text states" in found[step].reason  # the condition used is said
    if expected == "wrong" and "$i \\ne j$" in sentence:
        assert "i = 1, j = 2" in found[step].reason  # refuted where the text claims it, i and j apart

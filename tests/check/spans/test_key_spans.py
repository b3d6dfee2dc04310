"""Sections of a key (lnsym.check.spans.key_spans.section_starts): where the names bound before no longer hold."""

from __future__ import annotations

import pytest

from lnsym.check import check_text
from lnsym.check.spans.key_spans import section_starts


def starts(text: str) -> list[str]:
    return [text[i : i + 12] for i in section_starts(text)]


@pytest.mark.parametrize(("text", "expected"), [
    # the solution right after its problem goes on in the problem's section
    ("**Problem 9.** a\n\n**Solution.** b\n", ["**Problem 9."]),
    ("## Problem\n\na\n\n## Solution\n\nb\n", ["## Problem\n\n"]),
    ("\\begin{problem} a \\end{problem}\n\\begin{solution} b\n", ["\\begin{probl"]),
    # another solution, a heading between, or a solution with nothing before it start their own
    ("**Problem 1.** a\n\n**Solution 2.** b\n", ["**Problem 1.", "**Solution 2"]),
    ("# Notes\n\n**Solution.** b\n", ["# Notes\n\n**S", "**Solution.*"]),
    ("**Solution.** a\n\n**Solution.** b\n", ["**Solution.*", "**Solution.*"]),
    ("**Problem 1.** a\n\n**Problem 2.** b\n", ["**Problem 1.", "**Problem 2."]),
])
def test_sections(text, expected):
    assert starts(text) == expected


def test_a_solution_uses_the_names_its_problem_defines():
    text = ("**Problem.** Let $y = Wx + b$ with $W \\in \\mathbb{R}^{m \\times n}$, $x \\in \\mathbb{R}^n$, "
            "$b \\in \\mathbb{R}^m$.\n\n**Solution.** Then $\\frac{\\partial y}{\\partial x} = W$.\n")
    found = {f.source: f.verdict.value for f in check_text(text).findings}
    assert found["\\frac{\\partial y}{\\partial x} = W"] == "correct"
    another = text.replace("**Solution.**", "**Problem 2.** A new one.\n\n**Solution.**")
    found = {f.source: f.verdict.value for f in check_text(another).findings}
    assert found["\\frac{\\partial y}{\\partial x} = W"] == "unchecked"

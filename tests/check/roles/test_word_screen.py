"""The screen before the case-insensitive searches of a record's conventions (roles/word_screen.py): a search is
skipped only where it cannot match, so the conventions read are those of the full searches."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from lnsym.check.roles import conventions, notation, word_screen
from lnsym.check.roles.conventions import Conventions
from lnsym.check.roles.cues import DEFINES_STAR, FLOOR_NAMED


class _NeverSearched:
    """A pattern that fails the test if it is searched."""

    def search(self, text: str):
        raise AssertionError(f"searched {text!r}")


# every case-insensitive pattern the conventions screen, with the words one of which each of its matches contains
_SCREENED = [(FLOOR_NAMED, conventions._FLOOR_WORDS), (DEFINES_STAR, conventions._STAR_WORDS),
             (conventions._RESIDUES, conventions._RESIDUE_WORDS), (notation._CUE_THEN_START, notation._CUE_WORDS)]
_SCREENED += [(pattern, words) for _, _, pattern, words in conventions._FUNCTION_WORDS]


def test_an_ascii_text_without_the_words_is_not_searched():
    text = "Then 12 + 6 = 18 flamingos, and 18 - 6 = 12."
    assert word_screen.search(_NeverSearched(), text, word_screen.lowered(text), ("sigmoid",)) is None


def test_a_text_with_one_of_the_words_is_searched_in_any_case():
    text = "By the Legendre symbol, $(2/7) = 1$."
    pattern = re.compile("legendre symbol", re.IGNORECASE)
    assert word_screen.search(pattern, text, word_screen.lowered(text), ("legendre",)).group() == "Legendre symbol"


def test_a_text_that_is_not_ascii_is_always_searched():
    # under IGNORECASE the long s matches s: "ſigmoid" is the sigmoid, and no lower-cased screen sees it
    text = "Let σ be the ſigmoid function, $\\sigma(0) = 0.5$."
    assert word_screen.lowered(text) is None
    assert Conventions.of(text).functions == {"\\sigma": "sigmoid"}


def test_the_conventions_of_a_text_with_the_words_in_capitals():
    text = "DEFINE $a * b = 2a - b$. [x] is the GREATEST INTEGER not exceeding x; by QUADRATIC RECIPROCITY, ..."
    found = Conventions.of(text)
    assert (found.floor_brackets, found.star_defined, found.residue_symbols) == (True, True, True)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["let", "Define", "denotes", "WRITE", "operation", "integer", "Floor function",
                                 "greatest", "part", "legendre", "Jacobi", "Euler's", "criterion", "Reciprocity",
                                 "quadratic", "residue", "non-residue", "sigmoid", "logistic", "curve", "divisors",
                                 "totient", "phi", "normal", "density", "Gaussian", "pdf", "the", "\u017f", "\u212a",
                                 "$", "\\(", "\\[", "a", "*", "b", "=", "[", "\\boxed", " ", "\n", ".", "x"]),
                max_size=14))
def test_the_screen_finds_what_the_full_search_finds(parts):
    text = " ".join(parts)
    low = word_screen.lowered(text)
    for pattern, words in _SCREENED:
        full = pattern.search(text)
        screened = word_screen.search(pattern, text, low, words)
        assert (screened is None) == (full is None), (pattern.pattern, text)


def test_a_jacobian_is_no_jacobi_symbol():
    """Every text on derivatives says "Jacobian": read as the Jacobi symbol's name, it left every fraction in
    brackets of an RMSNorm key unchecked ("the text speaks of Legendre or Jacobi symbols")."""
    assert not Conventions.of("The Jacobian of RMSNorm, and the Jacobians of its layers.").residue_symbols
    assert Conventions.of("By the Jacobi symbol, $(2/15) = 1$.").residue_symbols
    assert Conventions.of("Jacobi's symbol and the Jacobian.").residue_symbols

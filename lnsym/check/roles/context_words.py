"""Words that may change what a step's proof rests on: a step proved by its context (the paragraph's facts, values
bound before) is ``correct`` only where no such word comes between.

Three places are read. **A copy**: "If $t \\ge 1$, then $|t - 1| = t - 1$. For negative $t$, $|t - 1| = t - 1$."
The second copy follows from the first (it is the same equation), and a value or a case the words give in between
("For negative $t$", "In the other scenario, $a$ equals $4$", "For the next pair, four and five", "Starting instead
from") is one lnsym may not read. So a copy whose proof rests on its context is ``correct`` only when the words
between the two copies are all words that carry a derivation on (:data:`_CARRY_ON`: "so", "thus", "therefore", "we
get", "again", "the answer is", ...); any other word leaves it ``unchecked``, with the word. The list is of words
that go on, not of words that open a case, on purpose: the ways a text changes a value or opens a case are many
("four and five", "halved", "swapping"), and a word it does not know leaves the copy unproved, never proved.

**The step's own sentence**: "Next let $x$ be four; then $2x = 6$", "For radius $3.1$ instead, $C \\approx 18.8$",
"For the second box the length is three, so $V = 24$": words of another instance of the same quantities
(:data:`_ANOTHER`: "next", "instead", "another", "second", "this time", "twice the", "were") before a step in its
sentence leave a step proved with values bound before ``unchecked``: those values may be the first instance's.

**The prose since a value bound in an earlier paragraph** (:func:`changed_since`): words that change a value or
start another part ("(b)", "now", "new", "next", "changed", "if", :data:`_CHANGE`), or the letter written in words
("the value of x is changed to five"), and the value proves nothing there (``rules.proved_with_earlier_values``).
"now" carries a derivation on inside a paragraph ("Now, $x^2 = 4$"), but across paragraphs it is the mark of a new
part ("(b) Now $x$ is four").

A step that holds on its own (``2 + 3 = 5``, an identity) needs no context, and stays as it is.
"""

from __future__ import annotations

import bisect
import re

__all__ = ["another_instance", "changed_since", "copy_key", "unread_word_between"]

# words that carry a derivation on, or restate it, and change nothing ("So the final answer is", "Hence, again,")
_CARRY_ON_WORDS = (
    "a above addition additionally again already also an and answer are as at back be because been before being below "
    "both by can check checking checks clearly conclude concluding conclusion confirm confirmed confirms correct cube "
    "did difference do does done earlier equal equals equation equations expected expression expressions final "
    "finally follows formula found from function further furthermore get gets given gives giving got had hand has "
    "have hence here holds i ie implies imply in indeed into is it it's its just know known left line means moreover "
    "must note now obtain obtained of original our over plug plugged plugging previous previously product put putting "
    "quadratic quotient rearrange rearranged rearranging recall result results right root roots same see seen shown "
    "side sides simplified simplifies simplify simplifying since so solution solutions solve solved solving square "
    "squares step steps still substitute substituted substituting substitution sum system term terms that the then "
    "therefore this thus to total true us use using value values verified verify verifying was we which will with "
    "written yes yield yields"
)
_CARRY_ON = frozenset(_CARRY_ON_WORDS.split())
_MATH = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|\\\(.*?\\\)|\\\[.*?\\\]", re.DOTALL)
_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")


def copy_key(left: str, rel: str, right: str) -> str:
    """What two copies of a step share: its sides and relation as written, without spaces."""
    return "".join(f"{left}{rel}{right}".split())


def unread_word_between(text: str, start: int, end: int, maths: list[tuple[int, int]]) -> str | None:
    """The first word of ``text[start:end]`` (the prose between two copies; ``maths``, the offsets of the text's
    math with its delimiters, in order, left out) that does not carry a derivation on, or None when there is none (a
    number written in words is such a word: "four and five")."""
    for word in _WORD.findall(_without_math(text, start, end, maths)):
        if word.lower() not in _CARRY_ON:
            return word
    return None


# words of another instance of the quantities a text computed with: another case, value, object or attempt
_ANOTHER = re.compile(r"\b(?:next|another|other|instead|alternatively|alternative|second|third|fourth|later|"
                      r"this\s+time|twice|half|halved|doubled|tripled|were|becomes|became|changed?|new|different|"
                      r"larger|smaller|bigger|swap\w*|interchang\w*)\b",
                      re.IGNORECASE)


def another_instance(sentence: str) -> str | None:
    """The first word of :data:`_ANOTHER` in ``sentence`` (the words of a step's sentence before it, math left
    out), or None."""
    m = _ANOTHER.search(_MATH.sub(" ", sentence))
    return m.group(0) if m else None


# since a value bound in an earlier paragraph: words that change a value or start another part ("(b)", "Part 2",
# "In the next part", "is changed to five", "Double a", "A fifth player joins", "On the new GPU", "relabel"); not
# "step", "update", "let" or a numbered item, which a worked example uses throughout with the same values (they cost
# the dev sets' keys 60 steps proved with their setup's values)
_CHANGE = re.compile(r"\b(?:changed|changing|now|new|instead|become[s]?|became|next|second|third|another|other|"
                     r"later|replace[sd]?|increase[sd]?|decrease[sd]?|double[sd]?|halve[sd]?|relabel\w*|swap\w*|"
                     r"join[s]?|part|reset|redefine[sd]?|suppose|assume|if|when|case|alternatively)\b|"
                     r"^\s*\(?(?:[b-h]|ii|iii|iv)\)", re.IGNORECASE | re.MULTILINE)
# the noun right before the math that bound a value ("At step $t = 3$", "in layer $l = 2$"), and a number after it
# in later prose ("At step four"): another instance of what the name counts; not a word of the sentence's grammar
_NOUN_BEFORE = re.compile(r"\b([A-Za-z]{3,})[ \t]*(?:\$|\\\()[ \t]*\Z")
_NOT_NOUNS = frozenset({"let", "set", "take", "with", "where", "and", "then", "have", "has", "get", "gives", "give",
                        "are", "was", "were", "that", "for", "since", "because", "thus", "hence", "suppose", "assume",
                        "given", "from", "into", "gets", "becomes", "equals", "obtain", "find", "yields", "all",
                        "but", "the", "this", "value", "values", "when", "while", "about", "only"})
_NUMBER_WORDS = r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|first|second|third|fourth|fifth"
_LETTERS = {"\\alpha": "alpha", "\\beta": "beta", "\\gamma": "gamma", "\\lambda": "lambda", "\\mu": "mu",
            "\\sigma": "sigma", "\\eta": "eta", "\\theta": "theta", "\\delta": "delta", "\\epsilon": "epsilon"}


def changed_since(text: str, start: int, end: int, name: str, maths: list[tuple[int, int]]) -> str | None:
    """Why a value bound at ``start`` (in an earlier paragraph) may not be ``name``'s value at ``end``: the first
    word of the prose between (math left out) that changes a value or starts another part of a problem
    (:data:`_CHANGE`: "(b)", "In the next part", "is changed to five", "On the new GPU"), the noun written right
    before the binding's math again with a number ("At step $t = 3$", then "At step four"), or the name itself
    written in the prose ("the value of x is changed", "lambda denotes"); None when there is none."""
    prose = _without_math(text, start, end, maths)
    m = _CHANGE.search(prose)
    if m is not None:
        return m.group(0).strip()
    m = _NOUN_BEFORE.search(text, max(0, start - 40), start)
    if m is not None and m.group(1).lower() not in _NOT_NOUNS:  # ("At step $t = 3$", then "At step four")
        other = re.search(r"\b" + re.escape(m.group(1)) + r"s?\s+(?:\d+|" + _NUMBER_WORDS + r")\b", prose,
                          re.IGNORECASE)
        if other is not None:
            return other.group(0)
    base = name.split("_", 1)[0]
    word = _LETTERS.get(base, base)
    if re.search(r"(?<![\w\\$])" + re.escape(word) + r"(?![\w$])", prose):
        return word
    return None


def _without_math(text: str, start: int, end: int, maths: list[tuple[int, int]]) -> str:
    """``text[start:end]`` with the math of ``maths`` (offsets with delimiters, in order) left out."""
    pieces, at = [], start
    for lo, hi in maths[max(0, bisect.bisect_right(maths, (start, start)) - 1) :]:
        if lo >= end:
            break
        if hi <= at:
            continue
        pieces.append(text[at : max(at, lo)])
        at = max(at, hi)
    pieces.append(text[at:end])
    return _MATH.sub(" ", " ".join(pieces))

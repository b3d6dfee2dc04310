r"""A claim the prose makes for every value of its variables: "For every real $t$, $(1 + t)^7 \ge 1 + 7t$.",
"$1 + x \le e^{x}$ for all real $x$.", "For all integers $m \ge 0$ we have $5^m \ge 5m + 1$.", "Whatever the real
numbers $x, y$, $|x - y| \ge |x| - |y|$." (issue 28).

The quantifier and the claim are read only in these shapes, within one sentence: "for all / every / each / any"
(or "whatever the") with adjectives from a short list (real, positive, negative, nonnegative, nonzero, integer,
natural) and a noun (numbers, integers, values), then math that lists the variables, alone (``a, b``) or with one
bound they share (``u, v \ge 0``, ``0 \le a \le 2``); then the claim's math, joined by a comma, a colon, "we have",
"one has" or nothing; or the claim first and the quantifier after it, ending the sentence. Anything else between
("for every real $x$ with $x > 1$", "for all $x$ in the interval"), or a restriction after the claim ("..., if
$x \ne 0$", "when", "unless", "except") reads nothing: the claim stays as the judges left it. Each variable gets
its :class:`~lnsym.check.judges.proofs.universal.Domain`: "natural" counts from 1 (a text may or may not count
0: the smaller claim is the one refuted).
"""

from __future__ import annotations

import re
from fractions import Fraction

from lnsym.check.judges.proofs.universal import Domain

__all__ = ["quantified", "universally"]

_ADJ = r"(?:(?:real|positive|negative|non-?negative|non-?zero|integer|natural|whole)\s+)*"
_NOUN = r"(?:(?:real\s+)?(?:numbers?|integers?|values?(?:\s+of)?|reals)\s*)?"
_MATH = r"(?:\$(?P<{0}>[^$]{{1,80}})\$|\\\((?P<{0}2>.{{1,80}}?)\\\))"
_QUANT = r"(?:for|holds\s+for|true\s+for)\s+(?:all|every|each|any)\s+" + _ADJ + _NOUN
_WHATEVER = r"whatever\s+(?:the\s+)?" + _ADJ + _NOUN
_BEFORE = re.compile(r"(?:^|[\s(,;:])(?P<q>" + _QUANT + "|" + _WHATEVER + r")" + _MATH.format("vars")
                     + r"\s*(?:,|:|,?\s*we\s+have|,?\s*one\s+has|,?\s*it\s+holds\s+that)?\s*\Z", re.IGNORECASE)
_AFTER = re.compile(r"\A\s*,?\s*(?:holds\s+|is\s+true\s+)?(?P<q>(?:for)\s+(?:all|every|each|any)\s+" + _ADJ + _NOUN
                    + r")" + _MATH.format("vars") + r"\s*[.;]", re.IGNORECASE)
_RESTRICTED = re.compile(r"\b(?:if|when|whenever|provided|unless|except|only|where|with|such\s+that|sufficiently|"
                         r"large|small|close|near)\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)|\n\s*\n")
_LETTER = r"(?:[A-Za-z]|\\(?:alpha|beta|gamma|delta|epsilon|varepsilon|eta|theta|lambda|mu|sigma|tau|phi|rho))"
_NUMBER = r"-?\d+(?:\.\d+)?"
_REL = {"\\ge": "≥", "\\geq": "≥", ">": ">", "\\le": "≤", "\\leq": "≤", "<": "<", "\\ne": "≠", "\\neq": "≠"}
_REL_RE = r"(\\geq?|\\leq?|\\neq?|<|>)"
_LIST = re.compile(rf"\s*(?P<names>{_LETTER}(?:\s*,\s*{_LETTER})*)\s*(?:{_REL_RE}\s*(?P<num>{_NUMBER})\s*)?\Z")
_CHAIN = re.compile(rf"\s*(?P<lo>{_NUMBER})\s*{_REL_RE}\s*(?P<name>{_LETTER})\s*{_REL_RE}\s*(?P<hi>{_NUMBER})\s*\Z")


def quantified(text: str, start: int, end: int) -> dict[str, Domain] | None:
    """The variables the sentence of the math ``text[start:end]`` (with its delimiters) claims it for every value
    of, each with its domain; None when the sentence reads otherwise."""
    before, after = text[max(0, start - 200) : start], text[end : end + 200]
    cut = [m.end() for m in _SENTENCE_END.finditer(before)]
    before = before[cut[-1] :] if cut else before
    stop = _SENTENCE_END.search(after)
    rest = after[: stop.start() + 1] if stop else after
    m = _BEFORE.search(before)
    if m is not None:
        if _RESTRICTED.search(rest) or re.search(r"\$|\\\(|\\\[", rest):
            return None  # (a restriction, or more math, after the claim)
    else:
        m = _AFTER.match(after)
        if m is None or _RESTRICTED.search(before) or re.search(r"\$|\\\(|\\\[", before):
            return None  # (math before the claim may restrict it: "Since $x > 0$, $x^2 \\ge x$ for all real $x$")
    body = m.group("vars") or m.group("vars2")
    return _domains(body, m.group("q").lower())


# Words of a claim for every value that :func:`quantified` does not read a domain from: a set after the name ("for
# each $x \\in \\mathbb{R}$"), ``\\forall``, "arbitrary", "identically", "an identity", "everywhere", "no matter",
# "whatever the value of", "on all of": the names they speak of (or, with no name in math, every name of the claim)
# keep no value bound before (statement_check._job), though no refutation is searched for on a domain
_EVERY_NAME = re.compile(r"(?:\bfor\s+(?:all|every|each|any|arbitrary)\s+" + _ADJ + _NOUN + r"|\\forall\s*|"
                         r"\bwhatever\s+(?:the\s+)?(?:value\s+of\s+)?|\bno\s+matter\s+(?:what|the\s+value\s+of)\s+|"
                         r"\b(?:regardless|irrespective|independently)\s+of\s+(?:the\s+)?(?:values?\s+of\s+)?|"
                         r"\bfor\s+(?:a\s+)?general\s+|"
                         r"\barbitrary\s+(?:real\s+)?)\$?\s*(?P<name>" + _LETTER + r")(?![A-Za-z])", re.IGNORECASE)
# ("is an identity", not "using the identity": a claim that names the identity it uses is no claim for every value)
_EVERY_WORDS = re.compile(r"\b(?:identically|(?:is|are)\s+(?:an\s+)?identit(?:y|ies)|everywhere|on\s+all\s+of|"
                          r"for\s+(?:all|every|each|any)\s+real\s+numbers?|(?:was|is)\s+arbitrary|for\s+arbitrary)\b"
                          r"|\\forall", re.IGNORECASE)


def universally(text: str, start: int, end: int, names: set[str]) -> set[str]:
    """The names of ``names`` (those the claim ``text[start:end]`` writes) that its sentence claims it for every value
    of, in any of the words :func:`quantified` reads and in the others above; empty when it says nothing of the
    kind."""
    before, after = text[max(0, start - 200) : start], text[end : end + 200]
    cut = [m.end() for m in _SENTENCE_END.finditer(before)]
    before = before[cut[-1] :] if cut else before
    stop = _SENTENCE_END.search(after)
    after = after[: stop.start() + 1] if stop else after
    # the words next to the claim, with the math right before it when nothing but punctuation is between ("Hence
    # $\\forall x$, $x^2 = 4$", "For general $n$, ...") and the first math after it ("$x^2 = 4$ for each $x \\in
    # \\mathbb{R}$"): not a quantifier of another claim of the sentence ("$e^t > 1$ for every $t \\in (0, x]$, so
    # $f'(t) > 0$")
    maths = list(_OTHER_MATH.finditer(before))
    tail = before[maths[-1].end() :] if maths else before
    if maths and re.fullmatch(r"[\s,:;]*", tail):  # (with the words before that math: "For general $n$, ...")
        tail = before[maths[-2].end() if len(maths) > 1 else 0 :]
    first = _OTHER_MATH.search(after)
    head = after[: first.end()] if first is not None else after
    found = {m.group("name") for m in _EVERY_NAME.finditer(tail + text[start:end] + head)} & names
    if found:
        return found
    # (words with no name: said of the claim next to them, with no other math between)
    near = _OTHER_MATH.split(before)[-1] + text[start:end] + _OTHER_MATH.split(after)[0]
    return set(names) if _EVERY_WORDS.search(near) else set()


_OTHER_MATH = re.compile(r"\$[^$]*\$|\\\(.*?\\\)")


def _domains(body: str, words: str) -> dict[str, Domain] | None:
    integer = bool(re.search(r"\b(?:integers?|natural|whole)\b", words))
    lo = lo_strict = hi = hi_strict = None
    nonzero = bool(re.search(r"\bnon-?zero\b", words))
    if re.search(r"\bnon-?negative\b", words):
        lo, lo_strict = Fraction(0), False
    elif re.search(r"\bpositive\b", words):
        lo, lo_strict = Fraction(0), True
    elif re.search(r"\bnegative\b", words):
        hi, hi_strict = Fraction(0), True
    if re.search(r"\bnatural\b", words):
        lo, lo_strict = Fraction(1), False
    m, chain = _LIST.match(body), _CHAIN.match(body)
    if m is not None:
        names = [n.strip() for n in m.group("names").split(",")]
        rel = _REL.get(m.group(2) or "")
        if rel is not None:
            if lo is not None or hi is not None:
                return None  # (an adjective and a bound: which one the text means is read no further)
            bound = Fraction(m.group("num"))
            if rel in ("≥", ">"):
                lo, lo_strict = bound, rel == ">"
            elif rel in ("≤", "<"):
                hi, hi_strict = bound, rel == "<"
            else:
                if bound != 0:
                    return None
                nonzero = True
    elif chain is not None:
        r1, r2 = _REL.get(chain.group(2)), _REL.get(chain.group(4))
        if r1 not in ("≤", "<") or r2 not in ("≤", "<") or lo is not None or hi is not None:
            return None
        names = [chain.group("name")]
        lo, lo_strict, hi, hi_strict = Fraction(chain.group("lo")), r1 == "<", Fraction(chain.group("hi")), r2 == "<"
        if lo > hi:
            return None
    else:
        return None
    domain = Domain(integer, lo, bool(lo_strict), hi, bool(hi_strict), nonzero)
    return {name: domain for name in names}

"""What the prose around a statement says about it: a case, a trial, a rejection, another number base.

These are read from the words before and after the math, within the sentence:

- a *case* ("if $x=2$", "$x=2$ or $x=-2$", "suppose") binds nothing (:func:`hypothetical`);
- a *trial* ("try $1 = \\frac12+\\frac13+\\frac17$", "suppose", "check whether", "is $2^5 = 23$?") is a
  statement the text is testing, not asserting (:func:`trial`);
- a *rejected* statement ("... gives $0 = 5$, a contradiction", "$x = 2$ does not work", "$6 < 0$, false",
  "$7 \\times 8 = 54$... wait,") is one the text itself says is false (:func:`rejected`);
- a step of an argument by contradiction (the paragraph supposes something before it and reaches "a
  contradiction" after it) is on trial too (:func:`reductio`);
- a paragraph that speaks of "base $b$" may write numerals in another base (:data:`BASE`); a modulus named in
  the prose ("(mod 5)", "Working mod 7,") decides equations modulo it (:func:`prose_modulus`).
"""

from __future__ import annotations

import re
from fractions import Fraction

__all__ = ["ASSIGNED", "BASE", "DEFINES_STAR", "FLOOR_NAMED", "MATRICES_NAMED", "adds_assumption", "approximate",
           "assumes", "called_equation", "called_false", "candidate_fails", "case_dismissed", "concludes",
           "defines_anew", "derived_condition", "derives", "discarded", "figures_after", "figures_before",
           "fixes_premise", "functions_changed_in_words", "goes_on_under_region", "hypothetical",
           "introduces_definition", "joined_by_or", "joins_condition", "may_count", "meets_worded_conditions",
           "modular_words", "not_scalars", "opens_case", "opens_hypothesis", "opens_region", "opens_trial",
           "other_number_system", "percent_of_after", "places_before", "presented_as_mistake", "prose_modulus",
           "reductio", "refines", "rejected", "relabelled", "replaces_hypothesis", "restated", "rounded_to_a_unit",
           "rounding_said", "scaled_after", "sentence_before", "signed_before", "solved_with_and", "solves_anew",
           "solving", "states_condition", "supposes", "supposes_value", "takes_back", "tolerance_after", "trial",
           "under_hypothesis", "under_region", "up_to_small", "where_values", "worked_out_at_once"]

HYPOTHETICAL = re.compile(
    r"\b(if|when|whenever|either|or|suppose|supposing|assume|assuming|case|cases|whether|unless|try|trying|"
    r"say|guess|would|could|might|otherwise|instead|neither|nor|except|test|testing|check|checking)\b",
    re.IGNORECASE,
)
# A paragraph about numerals in another base: "in base $b$", "base-7", "base 5 representation", "to base 3".
# Not the base of a logarithm or a power ("the change of base formula", "using base 2", "log base 10").
BASE = re.compile(
    r"\b(?:in|to|into|from)\s+base[\s-]*(?:\$|\\\(|\d|[a-z]\b|(?:two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|thirteen|fourteen|fifteen|sixteen|twenty)\b)|\bbase-\d+|"
    r"\bbase[\s-]*(?:\$[^$]{1,8}\$|\d+)\s+(?:representation|expansion|numeral|digits?|number|system|notation)",
    re.IGNORECASE,
)
# "In binary, $1011 + 110 = 10001$", "in Boolean algebra, $1 + 1 = 1$": in the statement's own sentence only (a
# paragraph about "the binary representation" of numbers still computes with them in decimal)
_OTHER_SYSTEM = re.compile(r"\b(?:in|into)\s+(?:binary|octal|hexadecimal)\b|"
                           r"\b(?:binary|octal|hexadecimal)\s+(?:addition|subtraction|multiplication|arithmetic)\b|"
                           r"\bboolean\b", re.IGNORECASE)
# "Let $e$ denote the eccentricity", "$e = \\frac{c}{a}$", "$e = mc^2$": the text gives the letter e a meaning of its
# own (words of a name, or e alone on the left of '=' with letters on the right that are no limit or series of
# Euler's number), so `e^2` may not be Euler's number squared
E_NAMED = re.compile(r"(?:\$|\\\()\s*e\s*(?:\$|\\\))\s*(?:denotes?|be|is\s+the|stands?\s+for|represents?|for\s+the)\b|"
                     r"(?:\$|\\\()\s*e\s*=\s*(?!\\lim|\\sum|\\displaystyle|2\.7)[^$=]*?(?<!\\)\b[A-Za-df-z]\b",
                     re.IGNORECASE)
# "Define $a * b = 2a - b$", "let $x \\ast y = ...$ be an operation": `*` is the text's own operation
DEFINES_STAR = re.compile(r"\b(?:define|defines|defined|let|denote|denotes|operation)\b[^.\n]{0,80}?(?:\$|\\\()\s*"
                          r"[A-Za-z]\s*(?:\*|\\ast\b)\s*[A-Za-z]\s*=", re.IGNORECASE)
# The text speaks of the greatest integer function, which older books write [x]
FLOOR_NAMED = re.compile(r"greatest integer|integer part|floor function|largest integer (?:not|less|that|which|<|\\le)",
                         re.IGNORECASE)
# `w \leftarrow` (or `\gets`) just before a statement: an update assigns a name the value the statement rewrites
ASSIGNED = re.compile(r"(?:(?<![A-Za-z\\])[A-Za-z]|\\[A-Za-z]+)(?:_\{?[A-Za-z0-9]+\}?)?\s*"
                      r"\\(?:leftarrow|gets)(?![A-Za-z])\s*\Z")
# The text works with matrices (the words, a space of matrices, a transpose, diag or tr): `I` beside capital letters
# is the identity there (judges/notation/matrix_algebra)
# "For vectors $u, v \\in \\mathbb{R}^3$", "For $2 \\times 2$ matrices $A$ and $B$", "For quaternions $p$ and $q$": the
# sentence of a claim says its letters are no numbers, so an identity of numbers is no proof of it (not "set" or
# "function": "set its spread to", "the function $f(x) = x^2$")
_NOT_SCALARS = re.compile(r"\b(?:vectors?|matri(?:x|ces)|quaternions?|tensors?|permutations|sets)\b|"
                          r"\\in\s*\\mathbb\s*\{?\s*[RC]\s*\}?\s*\^", re.IGNORECASE)


def not_scalars(text: str, span, offset: int) -> bool:
    """Does the paragraph of the statement at ``offset`` of ``span`` say, before it, that letters are vectors,
    matrices, quaternions, tensors, permutations or sets (:data:`_NOT_SCALARS`: "Let $A$ and $B$ be $2 \\times 2$
    matrices. Then ...")?"""
    start = span.start + offset
    before = text[max(0, start - 600) : start]
    breaks = list(_PARAGRAPH_START.finditer(before))
    return _NOT_SCALARS.search(before[breaks[-1].end() :] if breaks else before) is not None


MATRICES_NAMED = re.compile(r"\b(?:matri(?:x|ces)|jacobians?)\b|\\mathbb\s*\{?\s*R\s*\}?\s*\^\s*\{[^{}]*\\times"
                            r"|\\top\b|\\intercal\b|\\operatorname\s*\{\s*(?:diag|tr)\s*\}", re.IGNORECASE)
SENTENCE_END = re.compile(r"[.!?:;]\s|\n\s*\n|\$\$|\\\]")
_SENTENCE_STOP = re.compile(r"[.!?]\s|\n\s*\n")  # (not a colon: what follows one continues the sentence)


def hypothetical(text: str, span, offset: int) -> bool:
    """Does the prose around the statement make it a case ("if $x=2$", "$x=2$ or $x=-2$")?"""
    before = _sentence_before(text, span.start + offset)
    end = span.start + len(span.text)
    after = text[end : end + 60]
    m = SENTENCE_END.search(after)
    after = after[: m.start()] if m else after
    inside = span.text[:offset]
    return bool(HYPOTHETICAL.search(before) or HYPOTHETICAL.search(inside) or _AT_BEFORE.search(before)
                or re.match(r"\W{0,3}\s*(or|if|when|unless)\b", after, re.IGNORECASE))


# "its minimum at $\delta = 0$", "equality holds at $x = 1$": where an extremum or an equality is, not a new value
# of the name for what follows (unlike "At $t = 500$ we are halfway", "the Jacobian at $z = (1, 2, 3)$")
_AT_BEFORE = re.compile(r"\b(?:minimum|maximum|minima|maxima|extremum|optimum|minimi[sz]er|maximi[sz]er|"
                        r"equality|attained|achieved|stationary|critical point)\s+at\W{0,3}\Z", re.IGNORECASE)
# Words that put the statement after them on trial (the text tests it), within the sentence.
TRIAL = re.compile(
    r"\b(try|trying|tried|test|testing|suppose|supposing|assume|assuming|guess|guessing|whether|"
    r"check(?:ing)? (?:if|whether)|see (?:if|whether)|for example|for instance|e\.g\.|hypothetically)\b",
    re.IGNORECASE,
)
# A clause that follows from the trial: "..., we get", "then", "gives", "so".
_CONSEQUENT = re.compile(r",|;|\b(then|we get|we have|gives|give|giving|yields|so|thus|hence|results? in)\b",
                         re.IGNORECASE)
_IF_BEFORE = re.compile(r"\b(if|unless)\W{0,3}\Z", re.IGNORECASE)  # "if $...$": the statement is the condition
# "At $x = -1$ it would give $\tanh(-1) \le -1$": what a supposition would give, not what the text asserts
_WOULD_BEFORE = re.compile(r"\bwould\b[^$.;:!?]{0,25}(?:\$|\\\()?\s*\Z", re.IGNORECASE)
# "since $\\rho > 1$": an inequality after these is a premise (the problem's constraint), not a value's claim;
# "the root is $0.618$, but $\\rho > 1$": after "but", the constraint a candidate fails; "let $\\delta > -1$",
# "for $c > 0$", "when $0 < \\eta < 2$": the condition a statement or a section is made under
_PREMISE_WORDS = (r"\b(since|because|given|given that|provided|provided that|assuming|as|with|where|but|let|for|"
                  r"for all|for every|for any|for each|when|whenever)")
_PREMISE_BEFORE = re.compile(_PREMISE_WORDS + r"\W{0,3}\Z", re.IGNORECASE)
# ... and the next of a list of them joined by "and": "let $\delta > -1$ and $n \ge 1$", "since $2 - x < 0$ and $2x >
# 0$" (not after a comma alone: "for $x = 4$, $f''(4) > 0$" is what holds there)
_PREMISE_LIST_BEFORE = re.compile(_PREMISE_WORDS + r"\s*(?:(?:\$[^$]{1,80}\$|\\\((?:(?!\\\)).){1,80}\\\))\s*"
                                  r",?\s*and\s+)+(?:\$|\\\()\s*\Z", re.IGNORECASE)
# A sentence that fixes the data of what follows: "Let $\delta > -1$ and $n \ge 1$ an integer.", "Fix $c > 0$."
_FIXES = re.compile(r"\W*(?:let|fix|throughout\b[^,]{0,30},)\s", re.IGNORECASE)
_SENTENCE_OR_LINE = re.compile(r"[.!?]\s|\n")
# Phrases that say the statement just made is false.
REJECT = re.compile(
    r"\b(contradiction|contradicts|contradictory|impossible|absurd|not possible|is false|are false|not true|"
    r"untrue|is wrong|is incorrect|not correct|does not hold|doesn't hold|cannot hold|can't hold|never holds|"
    r"not valid|invalid|not a solution|no solution|does not satisfy|doesn't satisfy|not satisfied|"
    r"does not work|doesn't work|fails|not equal|undefined|not defined|division by zero|divide by zero)\b|"
    r"\\(?:bot|lightning|Rightarrow\s*\\Leftarrow)|⊥|↯",
    re.IGNORECASE,
)
# The word right after the statement that calls it false: "$x = 0$ gives $6 < 0$, false;", "(false)", "✗".
_FALSE_AFTER = re.compile(r"[\s,;:(—–-]*(?:false\b|untrue\b|✗|✘)"
                          r"|\s*\(\s*(?:incorrect|wrong|an?\s+error|a\s+mistake)\s*\)", re.IGNORECASE)
_NEXT_MATH = re.compile(r"\$|\\\(|\\\[|\\begin\{")
_STATEMENT_END = re.compile(r"\\(?:implies|Rightarrow|Longrightarrow|quad|qquad|\\)|[,;]")
_NEXT_SENTENCE = re.compile(r"[\s(]*(?:however,?\s+)?(this|that|which|it|but|so|contradiction|impossible|"
                            r"a contradiction)\b", re.IGNORECASE)


# The next sentence takes the statement back ("12 * 13 = 146. Wait, no: 12 * 13 = 156."): the writer saw the slip.
# Also right after it, past an ellipsis or a dash ("$7 \times 8 = 54$... wait,").
_RETRACT = re.compile(r"[\s(.…—–-]*(?:wait\b|oops\b|sorry\b|correction\b|no\s*[,!:;]|actually,?\s+no\b|"
                      r"i made (?:a|an) (?:mistake|error|slip)\b|that'?s (?:wrong|incorrect|not right)\b|"
                      r"let me (?:recalculate|recompute|redo|correct|fix)\b)", re.IGNORECASE)


def other_number_system(text: str, span, offset: int) -> bool:
    """Does the statement's sentence say, before it, that it computes in binary, octal, hexadecimal or Boolean
    algebra (see :data:`_OTHER_SYSTEM`)? A colon does not end the sentence here: "Column addition in binary:
    $1 + 1 = 10$" announces what follows it."""
    return _OTHER_SYSTEM.search(sentence_before(text, span.start + offset)) is not None


def _close(span) -> int:
    """The offset just after the span's closing delimiter (its end, for prose arithmetic without one)."""
    return span.outer[1] if span.outer[1] else span.start + len(span.text)


# a value the words after the math put in thousands or millions: "$12P = 85054464 \approx 85.05$ million"
_SCALE_AFTER = re.compile(r"\s*(thousand|million|billion|trillion)s?\b", re.IGNORECASE)


def scaled_after(text: str, span, end_offset: int) -> str:
    """The word of scale ("thousand", "million", "billion", "trillion") right after the math of ``span``, when the
    statement that ends at ``end_offset`` ends it ("$\\approx 85.05$ million"): its last value is in that unit;
    else ""."""
    if span.text[end_offset:].strip():
        return ""
    found = _SCALE_AFTER.match(text, _close(span), _close(span) + 16)
    return found.group(1).lower() if found else ""


# Words that give a name written alone in math another value, in prose: "replacing $x$ by $3$", "substituting $3$ for
# $x$", "changing $t$ to $5$", "doubling $t$", "increasing $r$ by $1$", "if $t$ doubles", "$x$ is replaced by $x +
# 1$", "if $x$ were $3$". The new value is in math where the words name one. Substituting a name into something
# ("substituting $x$ into the equation") changes nothing; the new value a bare name ("replaces $g$ by $\tilde g$")
# names another quantity (statement_check._changed_in_words).
_NAME, _VALUE = r"\$(?P<name>[^$]{1,24})\$", r"\s+\$(?P<value>[^$]{1,60})\$"
_CHANGED = (
    re.compile(r"\b(?:replac|substitut)\w*\s+" + _NAME + r"\s+(?:by|with)" + _VALUE, re.IGNORECASE),
    re.compile(r"\bsubstitut\w*\s+\$(?P<value>[^$]{1,60})\$\s+for\s+" + _NAME, re.IGNORECASE),
    re.compile(r"\bchang\w*\s+" + _NAME + r"\s+to" + _VALUE, re.IGNORECASE),
    re.compile(r"\b(?:chang|redefin|turn)\w*\s+" + _NAME + r"\s+(?:to|into)\s+(?:the|a|an)\b", re.IGNORECASE),
    # a name introduced anew with no value, or a claim about it supposed in general ("Let $x$ be the number of days",
    # "Fix $n$", "Assume the claim for $n$": the inductive step of a proof whose base case bound n = 1)
    re.compile(r"\b(?:let|fix|take|consider)\s+" + _NAME + r"\s+(?:be|denote|denotes|stand\s+for|represent)\b(?!\s*\$)",
               re.IGNORECASE),
    re.compile(r"\b(?:fix|take)\s+(?:an?\s+)?(?:arbitrary\s+)?" + _NAME + r"\s*(?:[.,;:]|\s+and\b)", re.IGNORECASE),
    re.compile(r"\bassum\w*\s+(?:that\s+)?(?:the\s+)?(?:claim|statement|result|formula|identity|it)\s+(?:holds\s+|is\s+true\s+)?"
               r"for\s+" + _NAME, re.IGNORECASE),
    re.compile(r"\binterchang\w*\s+the\s+values?\s+of\s+" + _NAME + r"\s+and\s+\$", re.IGNORECASE),
    re.compile(r"\b(?:increas|decreas|rais|lower|reduc|scal)\w*\s+" + _NAME + r"\s+(?:by|to)" + _VALUE,
               re.IGNORECASE),
    re.compile(r"\b(?:doubl|halv|tripl|quadrupl)\w*\s+" + _NAME, re.IGNORECASE),
    re.compile(_NAME + r"\s+(?:(?:is|was|gets|were)\s+)?(?:doubled|doubles|halved|halves|tripled|triples|"
               r"quadrupled|quadruples)\b", re.IGNORECASE),
    re.compile(_NAME + r"\s+(?:(?:is|was|gets)\s+)?(?:were|(?:replaced|changed|changes|increased|increases|decreased|"
               r"decreases|raised|lowered|reduced|scaled)\s+(?:by|to|with))" + _VALUE, re.IGNORECASE),
    # "swapping $a$ and $b$" (both), "after adding $1$ to $x$", "negating $x$", "with $x$ one larger"
    re.compile(r"\b(?:swap|exchang|interchang)\w*\s+" + _NAME + r"\s+(?:and|with)\s+\$", re.IGNORECASE),
    re.compile(r"\b(?:swap|exchang|interchang)\w*\s+\$[^$]{1,24}\$\s+(?:and|with)\s+" + _NAME, re.IGNORECASE),
    re.compile(r"\b(?:add|subtract)\w*\s+\$[^$]{1,60}\$\s+(?:to|from)\s+" + _NAME, re.IGNORECASE),
    re.compile(r"\b(?:negat|increment|decrement)\w*\s+" + _NAME, re.IGNORECASE),
    # "Multiply $y$ by $3$: now $y - 1 = 4$": a product is no change of y, unless the words go on with "now"
    re.compile(r"\b(?:multipl|divid)\w*\s+" + _NAME + r"\s+by\s+\$[^$]{1,24}\$[^.;!?$]{0,20}?\bnow\b",
               re.IGNORECASE),
    re.compile(r"\bwith\s+" + _NAME + r"\s+(?:\w+\s+)?(?:larger|smaller|greater|less|bigger|higher|lower)\b",
               re.IGNORECASE),
    # a name written alone, then a number written alone, with few words between that give it the number, whatever
    # the verb: "If $x$ becomes $3$", "Setting $x$ to $3$", "Let $x$ now be $3$", "If $x$ goes up by $1$", "When $x$
    # rises to $3$", "In the next iteration $x$ is $3$"; not "Multiplying $x$ by $2$" (a product: x stays), nor
    # words of another thing ("dividing by $\sigma$ set its spread to $1$"), and
    # statement_check._changed_in_words keeps the name's value when the number is it already ("Since $x$ is $2$")
    re.compile(_NAME + r"(?P<words>(?:\s+(?!(?:and|or|but|so|then|while|its|their|the|a|an|this|that|our|his|her)\b)"
               r"[A-Za-z]+){0,2}?\s+"
               r"(?:to|be|is|becomes|become|equals|now|(?:goes|go|went|moves?|moved|shift\w*|rises|rose|grows|grew|"
               r"drops|dropped|falls|fell)\s+(?:up\s+|down\s+)?by)(?:\s+(?:be|to|is|equal\s+to|now))?)\s+"
               r"\$(?P<value>\s*-?\d+(?:\.\d+)?\s*)\$(?!\s*[-+*/^=<>]|\w)", re.IGNORECASE),
    re.compile(r"\b(?:plug\w*|put\w*|substitut\w*)\s+(?:in\s+)?\$(?P<value>\s*-?\d+(?:\.\d+)?\s*)\$\s+for\s+"
               + _NAME, re.IGNORECASE),
    re.compile(_NAME + r"\s+(?:(?:has|have|is|was|gets)\s+)?(?:twice|three\s+times|ten\s+times|half)\s+as\s+"
               r"(?:large|big|long|great|much)\b", re.IGNORECASE),
    re.compile(r"\b(?:twofold|threefold|fourfold|tenfold|hundredfold)\s+\w+\s+(?:in|of)\s+" + _NAME, re.IGNORECASE),
    re.compile(_NAME + r"\s+(?:has|have)\s+(?:doubled|halved|tripled|quadrupled)\b", re.IGNORECASE),
    # an update written as an assignment with no '=' after it: "$x \leftarrow 3$", "$w \gets w - 0.5$"
    re.compile(r"\$\s*(?P<name>\\?[A-Za-z]+(?:_\{?[A-Za-z0-9]+\}?)?)\s*\\(?:leftarrow|gets)(?![A-Za-z])"
               r"(?P<value>[^$=]{1,60})\$"),
)


# a change by an amount, not to a value: "increasing $x$ by $3$", "$x$ goes up by $1$", "is reduced by"
_BY_AN_AMOUNT = re.compile(r"\b(?:increas|decreas|rais|lower|reduc|scal|go|goes|went|mov|shift|ris|rose|grow|grew|"
                           r"drop|fall|fell)\w*\b[^.;!?]{0,40}?\s+by\s*\Z", re.IGNORECASE)


def changed_in_words(text: str, start: int, end: int) -> list[tuple[str, int, str | None]]:
    """The math written alone that the prose between ``start`` and ``end`` gives another value, in order: the text of
    each, its offset, and the text of the new value where the words write it in math (``[("x", 13, "3")]`` for
    "Replacing $x$ by $3$ gives"; None for "doubling $t$", and for a change by an amount, "increasing $x$ by $3$")."""
    found = {}
    for pattern in _CHANGED:
        for m in pattern.finditer(text, start, end):
            value = m.group("value").strip() if "value" in m.groupdict() else None
            if value is not None and _BY_AN_AMOUNT.search(text, m.start(), m.start("value") - 1):
                value = None  # (the amount is no value of the name: x = 3 "increased by $3$" is 6)
            found[m.start("name")] = (m.group("name").strip(), m.start("name"), value)
    return [found[at] for at in sorted(found)]


# Words that give a function the text defined another meaning, its letter alone in math or in prose: "change $f$ to
# the cube function", "Now let f be the cube function instead", "Replace g by the cosine function", "let h denote the
# derivative of the previous h" (only a function the section defined is dropped: statement_check._changed_in_words)
_FUNCTION_CHANGED = (
    re.compile(r"\blet\s+(?:\$\s*)?([A-Za-z])(?:\s*\$)?\s+(?:now\s+)?(?:be|denote|stand\s+for|represent)\b",
               re.IGNORECASE),
    re.compile(r"\b(?:replac|chang|redefin|turn)\w*\s+(?:\$\s*)?([A-Za-z])(?:\s*\$)?\s+(?:by|with|to|into)\b",
               re.IGNORECASE),
)


# "Without loss of generality relabel them so that a is the smaller one", "WLOG", "renaming the two numbers": the
# names of the paragraph may now stand for one another's values
_RELABELLED = re.compile(r"\b(?:relabel\w*|renam\w*|without\s+loss\s+of\s+generality|WLOG\b|w\.l\.o\.g\.?)",
                         re.IGNORECASE)


def relabelled(text: str, start: int, end: int) -> bool:
    """Does the prose between ``start`` and ``end`` relabel the names it speaks of ("WLOG", "relabel them")?"""
    return _RELABELLED.search(text, start, end) is not None


def functions_changed_in_words(text: str, start: int, end: int) -> list[str]:
    """The letters the prose between ``start`` and ``end`` gives another meaning as a whole ("Replace g by the cosine
    function"), in order: a function the text defined by a formula is no longer that function."""
    found = {m.start(1): m.group(1) for pattern in _FUNCTION_CHANGED for m in pattern.finditer(text, start, end)}
    return [found[at] for at in sorted(found)]


def _sentence_before(text: str, start: int) -> str:
    before = text[max(0, start - 200) : start]
    cut = list(SENTENCE_END.finditer(before))
    return before[cut[-1].end() :] if cut else before


def sentence_before(text: str, start: int) -> str:
    """The words of the sentence before ``start``, and of the one it continues after a colon or a semicolon
    ("Column addition in binary: $1 + 1 = 10$", "Define $\\#N$ by the formula: ...")."""
    before = text[max(0, start - 200) : start]
    cut = list(_SENTENCE_STOP.finditer(before))
    return before[cut[-1].end() :] if cut else before


def trial(text: str, span, offset: int, rels=()) -> bool:
    """Is the statement at ``offset`` of ``span`` one the text is testing ("try", "suppose", "check
    whether", "if $...$", a question, what a supposition "would give")? Its arithmetic may be false on purpose."""
    start = span.start + offset
    before = _sentence_before(text, start)
    tried = list(TRIAL.finditer(before))
    # "If we try $b = 3$, we get $41 = 1121_3$": the trial is b = 3; what the text gets from it is asserted
    on_trial = bool(tried) and not _CONSEQUENT.search(before[tried[-1].end() :])
    close = _close(span)
    question = text[close : close + 3].lstrip().startswith("?")  # "Is $2^5 = 23$?"
    premise = any(r in ("<", ">", "≤", "≥") for r in rels) and (
        _PREMISE_BEFORE.search(before) is not None or _PREMISE_LIST_BEFORE.search(before) is not None)
    return bool(on_trial or _IF_BEFORE.search(before) or _WOULD_BEFORE.search(before) or question or premise)


def fixes_premise(text: str, start: int) -> bool:
    """Does the sentence of the math at ``start`` fix the data of what follows, as "Let" and "Fix" do at the start
    of a proof ("Let $\\delta > -1$ and $n \\ge 1$ an integer.")? Not a case or a supposition ("let us suppose",
    "if"): those hold only where the text opens them."""
    before = text[max(0, start - 200) : start]
    cuts = list(_SENTENCE_OR_LINE.finditer(before))  # (where its sentence, or its line, begins)
    sentence = before[cuts[-1].end() :] if cuts else before
    return _FIXES.match(sentence) is not None and HYPOTHETICAL.search(sentence_before(text, start)) is None


# Words that introduce a definition in the sentence before it ("Define $f(x) = ...$", "let", "we write", ":="); not
# "with" ("substituting B with 22/3: $S = 2 \times \frac{22}{3}$" is a claim about S)
_DEFINING = re.compile(r"\b(?:let|define|defines|defined|definition|denote|denotes|denoted|redefine|write|set|call|"
                       r"called|where|take|consider|choose|pick|start(?:ing)? (?:with|from)|initiali[sz]e[sd]?)\b",
                       re.IGNORECASE)


# a sign of definition in the math: `:=`, `\coloneqq`, `\triangleq`, `\stackrel{\text{def}}{=}`
_DEFINING_SIGN = re.compile(r":=|\\coloneqq|\\eqqcolon|\\triangleq|"
                            r"\\(?:overset|stackrel)\s*\{\s*(?:\\text\w*\s*\{)?\s*def")


def defines_anew(text: str, previous_end: int, start: int) -> bool:
    """Do the words since the statement before introduce the math at ``start`` as a definition ("Now let $x = 1$",
    not "Let $A = ...$, so $A = ...$": the sentence's "let" was said of the statement before)?"""
    return previous_end < start and _DEFINING.search(text, max(previous_end, start - 60), start) is not None


def introduces_definition(text: str, span, offset: int) -> bool:
    """Does its sentence introduce the statement at ``offset`` of ``span`` as a definition ("Let", "Define", "we
    write", "where", "take", or a sign of definition in it: ``:=``, ``\\coloneqq``, ``\\triangleq``)? A rewriting of
    what the text defined ("Expanding the logarithm, $f(x) = ...$") is then no new definition, but a claim about it."""
    return bool(_DEFINING.search(sentence_before(text, span.start + offset))) \
        or _DEFINING_SIGN.search(span.text, offset, offset + 200) is not None


# Words that discard a candidate the statement computed ("$z = -\\frac12$ (not an integer)"): the statement
# holds, but its value is not the one the text goes on with, so it binds nothing.
DISCARD = re.compile(r"\b(not an integer|not a positive integer|not allowed|not acceptable|discard|discarded|"
                     r"reject|rejected|extraneous|not in the domain|not valid|invalid)\b", re.IGNORECASE)


def _after(text: str, span, end_offset: int) -> tuple[str, str, str]:
    """The rest of the statement in its span, the rest of its sentence (before any other math), and the
    next sentence."""
    rest = _STATEMENT_END.split(span.text[end_offset:], maxsplit=1)[0]
    end = _close(span)  # after the closing delimiter
    after = text[end : end + 160]
    m = SENTENCE_END.search(after)
    sentence, following = (after[: m.start()], after[m.end() :]) if m else (after, "")
    parts = _NEXT_MATH.split(sentence, maxsplit=1)
    if len(parts) > 1:  # another statement comes first: the next sentence speaks of it, not of this one
        following = ""
    return rest, parts[0], following


_SUPPOSE = re.compile(r"\b(?:suppose|supposing|assume|assuming|for the sake of contradiction|to the contrary)\b",
                      re.IGNORECASE)


def supposes_value(text: str, span, offset: int) -> bool:
    """Does the sentence of the statement at ``offset`` suppose it ("Suppose $a = 2m + 1$", "Assume")?"""
    return _SUPPOSE.search(sentence_before(text, span.start + offset)) is not None


_CONTRADICTION = re.compile(r"\b(?:contradiction|contradicts|contradictory|impossible|absurd)\b", re.IGNORECASE)


def reductio(text: str, span, offset: int) -> bool:
    """Is the statement a step of an argument by contradiction: its paragraph supposes something before it
    ("Suppose $(x, y)$ were a solution") and reaches "a contradiction" or "impossible" after it? Such steps
    follow from a false premise, and the last of them is false on purpose (``6 = 7``)."""
    start = span.start + offset
    breaks = list(_PARAGRAPH_START.finditer(text, max(0, start - 2000), start))
    before = text[breaks[-1].end() if breaks else max(0, start - 2000) : start]
    if not _SUPPOSE.search(before):
        return False
    close = _close(span)
    after = text[close : close + 2000]
    stop = _PARAGRAPH_START.search(after)
    return _CONTRADICTION.search(after[: stop.start()] if stop else after) is not None


def discarded(text: str, span, end_offset: int) -> bool:
    """Does the text discard the value the statement ending at ``end_offset`` computed?"""
    rest, sentence, _ = _after(text, span, end_offset)
    return bool(DISCARD.search(rest) or DISCARD.search(sentence))


def takes_back(text: str) -> bool:
    """Does ``text`` (the next step of a solution) start by taking back what came before it ("wait no, 7*8 is
    56", "Oops,", "Correction:")? Its own list marker or heading is skipped."""
    return _RETRACT.match(re.sub(r"^\s*(?:[-*+•]|\d{1,3}[.)]|#{1,6}|\*\*)\s*", "", text)) is not None


# Right after a statement, words that call that very statement false, ending their clause: "$2 + 3 = 4$ (false)",
# "$2 + 2 = 5$, which does not hold.", "$3 \\cdot 4 = 13$ is false." (not "fails", "no solution", "a contradiction",
# "wrong", a ✗, which may be about a candidate or the condition tested, nor "is false in floating point")
_CALLED_FALSE = re.compile(r"[\s,;:(—–-]*(?:(?:which|this|that|it|and this)\s+)?(?:is\s+|are\s+)?"
                           r"(?:false|untrue|not true|does not hold|doesn't hold)\s*(?:[.,;:)!]|\Z)", re.IGNORECASE)


def called_false(text: str, span, end_offset: int) -> bool:
    """Does the text call the statement ending at ``end_offset`` of ``span`` false in the words right after it
    (after its closing delimiter when it ends its span), in a clause of their own? Only then is the rejection
    surely about that statement, and a statement that holds is the text's slip."""
    rest = span.text[end_offset:]
    if rest.strip():
        return _CALLED_FALSE.match(rest) is not None
    close = _close(span)
    return _CALLED_FALSE.match(text[close : close + 40]) is not None


# Right after a candidate ``NAME = value``, words that say it fails the condition being tested, in a clause of their
# own: "so $x = 3$ fails", "$B = 32$ does not work", "$x = 2$ is not a solution". Not "extraneous", "not valid", "not
# in the domain", nor "does not satisfy the original equation": a value may solve the equation the text derived and
# still be out of the original's domain, which is no condition the paragraph states.
# The clause must end there ("fails as well.", "does not work (...)"): "fails since $x$ must be even" gives a reason
# of its own, a condition the words state.
_CANDIDATE_FAILS = re.compile(r"[\s,;:]*(?:(?:which|this|that|it|and this|so it)\s+)?(?:fails|does not work|"
                              r"doesn't work|is not a (?:solution|root)|does not satisfy it|doesn't satisfy it)"
                              r"(?:\s+(?:as well|too|either|also))?\s*(?:[.,;)!(]|\Z)", re.IGNORECASE)
# Conditions a text states in words ("a positive integer $x$"): those lnsym reads, and words of any other
_SIGNS = {"positive": lambda v: v > 0, "negative": lambda v: v < 0, "nonnegative": lambda v: v >= 0,
          "non-negative": lambda v: v >= 0, "integer": lambda v: v.is_integer, "integers": lambda v: v.is_integer,
          "natural": lambda v: v.is_integer and v >= 1, "whole": lambda v: v.is_integer and v >= 0}
_WORDED = re.compile(r"\b(positive|negative|nonnegative|non-negative|integers?|natural|whole|even|odd|primes?|"
                     r"digits?|nonzero|non-zero|distinct|divisible|multiple|rational|irrational|square|cube|perfect|"
                     r"smallest|largest|least|greatest|minimal|maximal|unique|other)\b", re.IGNORECASE)


def candidate_fails(text: str, span, end_offset: int) -> bool:
    """Does the text say, right after the candidate ending at ``end_offset`` of ``span``, that it fails the
    condition being tested, in a clause that ends there (:data:`_CANDIDATE_FAILS`)?"""
    rest = span.text[end_offset:]
    if rest.strip():
        return _CANDIDATE_FAILS.match(rest) is not None
    close = _close(span)
    return _CANDIDATE_FAILS.match(text[close : close + 80]) is not None


def meets_worded_conditions(text: str, start: int, value) -> bool:
    """Does ``value`` (a rational) meet every condition the paragraph states in words before ``start`` ("a
    positive integer $x$")? False as soon as it states one lnsym does not read (even, prime, distinct, the
    smallest ...): the candidate may fail that one."""
    breaks = list(_PARAGRAPH_START.finditer(text, max(0, start - 2000), start))
    words = re.sub(r"\$[^$]*\$", " ", text[breaks[-1].end() if breaks else max(0, start - 2000) : start])
    said = [m.group(1).lower() for m in _WORDED.finditer(words)]
    return all(w in _SIGNS and bool(_SIGNS[w](value)) for w in said)


# Words right before a statement that present it as a mistake, quoted to be corrected or warned against: "Wrong:",
# "Common mistake:", "A typical slip is", "Do not write", "It is not true that", "The student wrote", "One might
# think" (probe 4, P4-FW-H: each was reported `wrong`, as if the text asserted it). Not "error": "The error is
# $\delta = ...$", "Relative error: $...$" name a quantity.
_MISTAKE_BEFORE = re.compile(
    r"(?:\b(?:wrong|incorrect|mistake|fallacy|beware)\s*:\s*"
    r"|\b(?:the|a|one)\s+(?:mistake|slip)\s+(?:in\s+[^$.;:]{1,25}\s+)?is\s*:?\s*"
    r"|\b(?:common|typical|classic|frequent|usual|tempting)\s+(?:mistake|error|slip|pitfall|trap)s?\s*(?:is|:)?\s*"
    r"(?:to\s+(?:write|think|claim|say)\s*(?:that\s*)?)?"
    r"|\b(?:do\s+not|don't|never)\s+(?:write|claim|conclude|assume)\s*(?:that\s*)?"
    r"|\bit\s+is\s+(?:not\s+true|false|wrong|incorrect|a\s+mistake)\s+(?:to\s+(?:write|say|claim)\s+)?that\s*"
    r"|\b(?:the\s+student|the\s+original\s+solution|the\s+draft|one|someone|a\s+student)\s+(?:wrote|writes|claims?|"
    r"might\s+(?:write|think|claim)|may\s+(?:write|think|claim)|would\s+(?:write|think))\s*(?:that\s*)?)"
    r"(?:\$|\\\(|\\\[)\s*\Z", re.IGNORECASE)


def presented_as_mistake(text: str, start: int) -> bool:
    """Do the words right before the math at ``start`` quote it as a mistake ("Common mistake: $3 \\cdot 4 = 13$")?
    Then the text does not assert it: it is a rejected statement, never reported `wrong`."""
    return _MISTAKE_BEFORE.search(text, max(0, start - 80), start) is not None


def rejected(text: str, span, end_offset: int) -> bool:
    """Does the text say the statement ending at ``end_offset`` of ``span`` is false ("a contradiction",
    "impossible", "does not work"), in the rest of its sentence or at the start of the next one, or take
    it back at once ("Wait, no:", "Oops", "Correction:")?"""
    rest, sentence, following = _after(text, span, end_offset)
    if REJECT.search(rest) or REJECT.search(sentence) or _FALSE_AFTER.match(sentence):
        return True
    close = _close(span)
    if _RETRACT.match(sentence) and not sentence.lstrip(" \t.…").startswith("?"):
        return True  # "$7 \times 8 = 54$... wait, $7 \times 8 = 56$": taken back in the same breath
    question = text[close : close + 3].lstrip().startswith("?")
    if not sentence.strip(" \t.…") and _RETRACT.match(following) and not question:
        return True  # (after a question, "No, ..." answers it: the statement was a trial, not a slip)
    return bool(_NEXT_SENTENCE.match(following) and REJECT.search(following[:80]))


# "So $x_{i+1} = [-1, 1]$" right after the computation: the conclusion restates the value just computed.
_CONCLUSION = re.compile(r"[\s.,;:$)\\\]]*(so|thus|hence|therefore|this gives|which gives|giving|we get)\b[\s,]*"
                         r"(\$|\\\(|\\\[)?\s*\Z", re.IGNORECASE)


def concludes(text: str, previous_end: int, start: int) -> bool:
    """Is the prose between the end of the previous statement and ``start`` only a word of consequence
    ("So", "Thus", "which gives")?"""
    return 0 <= start - previous_end <= 40 and _CONCLUSION.match(text, previous_end, start) is not None


# The words right after a statement's math that are said of it: up to three characters between, none of which ends
# its sentence or its paragraph ("$\pi \approx 3.14159$. To two decimal places, $\pi \approx 3.14$": the words open the
# next statement, and are said of it)
_SAME_CLAUSE = r"(?:(?!\n[ \t]*\n)[^\w.;!?]){0,3}"  # (a line break alone is a hard-wrapped sentence going on)

_APPROX_BEFORE = re.compile(r"\b(approximately|approx\.?|about|roughly|around|nearly|almost)\W{0,3}\Z", re.IGNORECASE)
_APPROX_AFTER = re.compile(_SAME_CLAUSE + r"\(?(approximately|approx\.?|rounded|roughly)\b", re.IGNORECASE)
# "$w_1 = 1.9$ up to $\epsilon$", "up to rounding", "up to a small term": equal up to what the text leaves open
# ("up to $10^{-6}$" states a tolerance, and is not this)
_UP_TO_SMALL = re.compile(_SAME_CLAUSE + r"up\s+to\s+(?:(?:\$|\\\()\s*\\(?:var)?epsilon\s*(?:\$|\\\))|rounding|"
                          r"round-?off|(?:a\s+)?(?:small|negligible)\b)", re.IGNORECASE)


_OF_AFTER = re.compile(r"[ \t]*of\b", re.IGNORECASE)


def percent_of_after(text: str, span, end_offset: int) -> bool:
    """Does the statement end its math in a percent of what the words after it name ("$12 = 25\\%$ of $48$")? The
    math alone (`12 = 25\\%`) is not what the sentence claims."""
    return span.text[:end_offset].rstrip().endswith("%") and not span.text[end_offset:].strip() \
        and _OF_AFTER.match(text, _close(span)) is not None


def up_to_small(text: str, span, end_offset: int) -> bool:
    """Does the statement that ends the math of ``span`` hold, as the words right after it say, only up to a small
    quantity the text leaves open ("$w_1 = 1.9$ up to $\\epsilon$")? Its '=' decides nothing, and the value it
    gives a name is not that name's."""
    return not span.text[end_offset:].strip() and _UP_TO_SMALL.match(text, _close(span)) is not None


def approximate(text: str, span, offset: int) -> bool:
    """Does the prose call the statement approximate ("approximately $\\frac16 = 0.1666$", "$... = 0.17$
    (rounded)")? Its '=' then means '≈', and a value cut after its digits is honest."""
    before = _sentence_before(text, span.start + offset)
    close = _close(span)
    return bool(_APPROX_BEFORE.search(before) or _APPROX_AFTER.match(text, close))


# "$\frac53 = 1.7$ (rounded)": the value is said to be a rounding, so a decimal cut after its digits (1.6) is not honest
# as it is after "approximately" (not "rounded down": a cut is what that says)
_SAID_ROUNDED = re.compile(_SAME_CLAUSE + r"\(?(?:rounded|rounding)\b(?!\s+down)", re.IGNORECASE)


def said_rounded(text: str, span) -> bool:
    """Does the prose right after the math of ``span`` say its value is rounded ("(rounded to one decimal)")?"""
    return _SAID_ROUNDED.match(text, _close(span)) is not None


# "$\pi \approx 3.1416$ to four decimal places", "(correct to 2 d.p.)": the places the value is said to be rounded to
_PLACES = re.compile(_SAME_CLAUSE + r"\(?[ \t]*(?:\n[ \t]*)?(?:rounded\s+|correct\s+|accurate\s+)?to\s+"
                     r"(\d|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
                     r"(?:decimal\s+(?:places?|digits?)\b|d\.\s?p\.|dp\b)", re.IGNORECASE)
_NUMBER_WORDS = {w: k for k, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
                                             "nine", "ten"))}


def _count_after(pattern: re.Pattern, text: str, span) -> int | None:
    """The count (a digit or a number word, ``pattern``'s first group) the prose right after the math of ``span``
    states, or None."""
    m = pattern.match(text, _close(span))
    if m is None:
        return None
    word = m.group(1).lower()
    return int(word) if word.isdigit() else _NUMBER_WORDS[word]


def places_after(text: str, span) -> int | None:
    """The decimal places the prose right after the math of ``span`` says its value is rounded to, or None."""
    return _count_after(_PLACES, text, span)


# "To two decimal places, $\frac{2}{3} \approx 0.67$", "To the nearest thousandth, $\pi \approx 3.142$": the
# places the sentence before the math says its values are rounded to; "the nearest ..." after it too
_NEAREST = {"whole number": 0, "integer": 0, "unit": 0, "tenth": 1, "hundredth": 2, "cent": 2, "thousandth": 3,
            "ten thousandth": 4}
_NEAREST_WORDS = (r"to\s+the\s+nearest\s+(whole\s+number|integer|unit|tenth|hundredth|cent|thousandth|"
                  r"ten[\s-]thousandth)\b")
# (a unit may come first: "$\\frac{10}{3} \\approx 3.3$ dollars, rounded to the nearest cent")
_NEAREST_AFTER = re.compile(_SAME_CLAUSE + r"\(?[ \t]*(?:[A-Za-z]+,?[ \t]+)?(?:rounded\s+|correct\s+|accurate\s+)?"
                            + _NEAREST_WORDS, re.IGNORECASE)
_PLACES_BEFORE = re.compile(r"\bto\s+(\d|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:decimal\s+(?:places?|"
                            r"digits?)\b|d\.\s?p\.|dp\b)|\b" + _NEAREST_WORDS, re.IGNORECASE)


def places_before(text: str, span, offset: int) -> int | None:
    """The decimal places the words of its sentence before the statement at ``offset`` of ``span`` ("To two decimal
    places, ...", "Rounded to the nearest tenth, ..."), or right after its math ("to the nearest hundredth"), say
    its values are rounded to, or None. Words that may be said of the rounding still to come ("$11.556$, rounded to
    the nearest cent") are read as a claim only by a value written with no more places (rules.py)."""
    m = _NEAREST_AFTER.match(text, _close(span))
    if m is not None:
        return _NEAREST[" ".join(m.group(1).lower().replace("-", " ").split())]
    found = list(_PLACES_BEFORE.finditer(sentence_before(text, span.start + offset)))
    if not found:
        return None
    count, nearest = found[-1].groups()
    if count is not None:
        return int(count) if count.isdigit() else _NUMBER_WORDS[count.lower()]
    return _NEAREST[" ".join(nearest.lower().replace("-", " ").split())]


# "to three significant figures", "(3 s.f.)", "to 4 sig. figs", "3 significant digits"
_FIGURES = re.compile(_SAME_CLAUSE + r"\(?[ \t]*(?:\n[ \t]*)?(?:(?:rounded\s+|correct\s+|accurate\s+)?to\s+)?"
                      r"(\d|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:significant\s+(?:figures?|digits?)\b|sig\.?\s*figs?\b|"
                      r"s\.\s?f\.|s\.f\b|sf\b)", re.IGNORECASE)


# "accurate to within $0.01$", "(error less than $0.01$)", "within $1\%$": the tolerance the words right after an
# approximation state
_TOLERANCE = re.compile(_SAME_CLAUSE + r"\(?[ \t]*(?:(?:accurate|correct|good|exact|true)\s+)?(?:to\s+)?(?:within|"
                        r"(?:with\s+(?:an?\s+)?)?(?:absolute\s+)?error\s+(?:of\s+)?(?:less\s+than|below|under|at\s+most|"
                        r"smaller\s+than|within))\s+\$\s*(?P<value>\d+(?:\.\d+)?)\s*(?P<percent>\\%)?\s*\$",
                        re.IGNORECASE)


def tolerance_after(text: str, span) -> tuple[str, bool] | None:
    """The tolerance the prose right after the math of ``span`` states for its approximation, as written (``"0.01"``),
    and whether it is a percentage of the value; None when it states none."""
    m = _TOLERANCE.match(text, _close(span))
    return None if m is None else (m.group("value"), m.group("percent") is not None)


_FIGURES_BEFORE = re.compile(r"\bto\s+(\d|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:significant\s+"
                             r"(?:figures?|digits?)\b|sig\.?\s*figs?\b|s\.\s?f\.|s\.f\b|sf\b)", re.IGNORECASE)


def figures_before(text: str, span, offset: int) -> int | None:
    """The significant figures the words of its sentence before the statement at ``offset`` of ``span`` say its
    values are rounded to ("To three significant figures, ..."), or None."""
    found = list(_FIGURES_BEFORE.finditer(sentence_before(text, span.start + offset)))
    if not found:
        return None
    word = found[-1].group(1).lower()
    return int(word) if word.isdigit() else _NUMBER_WORDS[word]


def figures_after(text: str, span) -> int | None:
    """The significant figures the prose right after the math of ``span`` says its value is rounded to, or None."""
    return _count_after(_FIGURES, text, span)


# "to the nearest five", "rounded up to the next cent": a rounding to a unit or in a direction the digits shown
# do not give ("to the nearest hundredth" or "whole number" they do give: those are still checked)
_ROUNDED_TO = re.compile(
    r"\bnearest\s+(?!(?:tenth|hundredth|thousandth|ten-thousandth|millionth|whole|integer|unit|one|cent|penny|"
    r"dollar|percent|degree|decimal|digit|significant)s?\b)[\w-]+|\bround(?:ed|ing|s)?\s+(?:up|down)\b|"
    r"\bnext\s+(?:whole|cent|dollar|integer)\b", re.IGNORECASE)
# ", rounded up" right after the math (the next sentence speaks of something else: "we round up to 1496")
_ROUNDED_RIGHT_AFTER = re.compile(r"[\s,;(]{0,3}(?:rounded|rounding|round)\b[^.;:\n]{0,40}", re.IGNORECASE)


def rounded_to_a_unit(text: str, span, offset: int) -> bool:
    """Does the sentence round to a unit or in a direction the digits shown do not give ("to the nearest five,
    $37 \\approx 35$", "$\\$10 \\div 3 \\approx \\$3.34$, rounded up")? Then a rounding is not refuted by them."""
    before = _sentence_before(text, span.start + offset)
    close = _close(span)
    after = _ROUNDED_RIGHT_AFTER.match(text, close)
    return bool(_ROUNDED_TO.search(before) or (after and _ROUNDED_TO.search(after.group())))


# The rounding a sentence names, as (how, unit): "rounded up to the next integer" (up, 1), "rounded down" (down,
# the unit of the digits written), "to the nearest ten" (nearest, 10), "to the nearest half" (nearest, 1/2)
_UNITS = {"ten": 10, "tens": 10, "hundred": 100, "hundreds": 100, "thousand": 1000, "thousands": 1000,
          "ten thousand": 10**4, "million": 10**6, "five": 5, "fifty": 50, "half": Fraction(1, 2),
          "quarter": Fraction(1, 4), "integer": 1, "whole number": 1, "whole": 1, "dollar": 1, "cent": Fraction(1, 100),
          "penny": Fraction(1, 100)}
_UNIT_WORDS = r"(ten\s+thousand|tens?|hundreds?|thousands?|million|five|fifty|half|quarter|integer|" \
              r"whole(?:\s+number)?|dollar|cent|penny)\b"
_DIRECTION = re.compile(r"\bround(?:ed|ing|s)?\s+(up|down)\b(?:\s+to\s+(?:the\s+next\s+|the\s+nearest\s+|an?\s+|"
                        r"the\s+)?" + _UNIT_WORDS + r")?|\bnext\s+(integer|whole(?:\s+number)?|dollar|cent)\b",
                        re.IGNORECASE)
_NEAREST_UNIT = re.compile(r"\bnearest\s+" + _UNIT_WORDS, re.IGNORECASE)


def rounding_said(text: str, span, offset: int) -> tuple[str, Fraction | int | None] | None:
    """The rounding the sentence before the statement at ``offset`` of ``span`` (or the words right after its
    math) names, as ``(how, unit)``: ``how`` is "up", "down" or "nearest", ``unit`` what it rounds to (None: the
    unit of the digits written). ``("up", 1)`` for "Rounded up to the next integer, ...", ``("nearest", 10)`` for
    "To the nearest ten, ...". None when it names none, or two."""
    before = _sentence_before(text, span.start + offset)
    after = _ROUNDED_RIGHT_AFTER.match(text, _close(span))
    if after is not None and not re.match(r"\s*[,;(]|\s*round", after.group()):
        after = None  # (a sentence of its own after a display, "\\] Rounding up, we get 15": of the next value)
    words = before + " " + (after.group() if after else "")
    directions = list(_DIRECTION.finditer(words))
    found = [(m.group(1).lower() if m.group(1) else "up", m.group(2) or m.group(3)) for m in directions]
    # ("rounded up to the nearest whole number": the direction's unit, not a rounding to the nearest)
    found += [("nearest", m.group(1)) for m in _NEAREST_UNIT.finditer(words)
              if not any(d.start() <= m.start() < d.end() for d in directions)]
    if len({how for how, _ in found}) != 1:
        return None
    units = {_UNITS[" ".join(u.lower().split())] for _, u in found if u}
    if len(units) > 1:
        return None
    how = found[0][0]
    unit = next(iter(units), None)
    return None if how == "nearest" and unit is None else (how, unit)


# A modulus the prose gives: "(mod 5)" right after the math, "reducing mod 5," before it in its sentence, or a
# ring its paragraph works in ("In $\\mathbb{Z}_7$", "over $\\mathbb{F}_2$", "$\\mathbb{Z}/5\\mathbb{Z}$")
_MOD_AFTER = re.compile(r"[ \t,]*\(?\s*(?:in\s+(?:(?:modular\s+)?arithmetic\s+)?)?(?:\\pmod|\\mod|mod|modulo)\s*"
                        r"(?:\{?\s*(\d{1,12})\s*\}?|\$\s*\{?\s*(\d{1,12})\s*\}?\s*\$|\\\(\s*(\d{1,12})\s*\\\))"
                        r"\s*\)?(?![\d^])")
# (not `327 \\mod 17` in math: that is the remainder operation)
_MOD_BEFORE = re.compile(r"(?<!\\)\b(?:mod|modulo)\s+\$?(\d{1,12})\b", re.IGNORECASE)
_RING = re.compile(r"\\mathbb\s*\{?\s*[ZF]\s*\}?\s*_\s*\{?\s*(\d{1,12})\s*\}?(?![\d\[])|"
                   r"\\mathbb\s*\{\s*Z\s*\}\s*/\s*(\d{1,12})\s*\\mathbb\s*\{\s*Z\s*\}")
_PARAGRAPH_START = re.compile(r"\n[ \t]*\n")
# "Working mod 7, ...", "reducing modulo 9:", "all arithmetic is mod 5": the modulus of the paragraph from there on
_WORKING_MOD = re.compile(r"\b(?:work(?:ing)?|comput(?:e|ing)|calculat(?:e|ing)|reduc(?:e|ing)|arithmetic(?: is)?|"
                          r"everything(?: is)?)\s+(?:in\s+)?(?:mod|modulo)\s+\$?(\d{1,12})\b", re.IGNORECASE)
_RING_AFTER = re.compile(r"\b(?:in|over)\s+(?:\$|\\\()\s*(?:" + _RING.pattern + ")")
# "On a $12$-hour clock, $9 + 5 = 2$": the hours of the clock are the modulus
_CLOCK = re.compile(r"(?<![\d.])\$?(\d{1,2})\$?[\s-]*hours?[\s-]+clock\b", re.IGNORECASE)
# words of modular arithmetic or of clock arithmetic in the sentence before the math, with no modulus read ("In
# modular arithmetic, $9 + 5 = 2$", "On the clock, ..."): the statement is left unchecked. (Not words after it: "$1107
# - 3 \times 360 = 227$ modulo $360$" says the integers are congruent; "from the top of the clock" is no arithmetic.)
_MODULAR_WORDS = re.compile(r"\b(?:mod|modulo|modular|congruen\w*|residues?|clock\s+arithmetic|"
                            r"on\s+(?:a|the)\s+clock)\b",
                            re.IGNORECASE)


def prose_modulus(text: str, span, offset: int) -> int | None:
    """The modulus the prose gives a statement (see :data:`_MOD_AFTER`, :data:`_MOD_BEFORE`, :data:`_RING`), or
    None. Decided modulo it, an equation is correct when its sides are congruent and never wrong."""
    close = _close(span)
    start = span.start + offset
    named = list(_MOD_BEFORE.finditer(sentence_before(text, start)))
    m = _MOD_AFTER.match(text, close) or (named[-1] if named else None)  # the last one named: "- Modulo 3: ..."
    if m is None:
        clocks = list(_CLOCK.finditer(sentence_before(text, start)))
        m = clocks[-1] if clocks else None
    if m is None:  # "because $2 = 0$ in $\\mathbb{F}_2$": the ring named later in its sentence
        after = text[close : close + 120]
        stop = SENTENCE_END.search(after)
        m = _RING_AFTER.search(after[: stop.start()] if stop else after)
    if m is None:  # a ring the paragraph works in, or "Working mod 7," at its start: the rest of the paragraph
        breaks = list(_PARAGRAPH_START.finditer(text, max(0, start - 2000), start))
        begin = breaks[-1].end() if breaks else max(0, start - 2000)
        rings = list(_RING.finditer(text, begin, start)) + list(_WORKING_MOD.finditer(text, begin, start))
        m = max(rings, key=lambda r: r.start()) if rings else None
    if m is None:
        return None
    n = int(next(g for g in m.groups() if g))
    return n if n >= 2 else None


def modular_words(text: str, span, offset: int) -> bool:
    """Does the statement's sentence speak of modular or clock arithmetic before its math (:data:`_MODULAR_WORDS`)?
    Where :func:`prose_modulus` reads no modulus, '=' may then be a congruence: a value that differs from the other
    side is no slip of arithmetic."""
    return _MODULAR_WORDS.search(sentence_before(text, span.start + offset)) is not None


# Words that say a statement was derived from the one before it ("Simplifying, we get", "so", "⟹").
_DERIVED = re.compile(
    r"\b(simplif\w*|expand\w*|we get|we obtain|gives?|giving|yields?|so|thus|hence|therefore|"
    r"subtract\w*|adding|divid\w*|multipl\w*|rearrang\w*|combin\w*|collect\w*|cross-multipl\w*|isolat\w*|"
    r"leads? to|which means|this means|reduces? to|becomes)\b|\\implies|\\Rightarrow|\\Longrightarrow|⟹|⇒|\\iff",
    re.IGNORECASE,
)


def derives(text: str, previous: tuple[int, int], current: tuple[int, int]) -> bool:
    """Is the statement at ``current`` (start, end) derived from the one at ``previous``: the prose between
    them says so ("Simplifying, we get", "so", "⟹"), and no word of alternatives or cases stands around
    them ("either $x - 4 = 0$ or ...", "so $x = 4$ or ...")?"""
    if current[0] - previous[1] > 160:  # (before slicing: a first statement's previous is (0, 0), the text's start)
        return False
    between = text[previous[1] : current[0]]
    cut = list(re.finditer(r"[.!?]\s+(?=[A-Z])", between))  # the cue must be in the sentence of this statement
    own = between[cut[-1].end() :] if cut else between
    if _CASE.search(between) or not _DERIVED.search(own):
        return False
    before = _sentence_before(text, previous[0])  # the sentence the previous statement is in
    after = text[current[1] : current[1] + 12]
    return not (_CASE.search(before) or re.match(r"\W{0,4}(or|and)\b", after, re.IGNORECASE))


# "so $1 - t = 3$ and $t = -2$": one "and" joins the equation the text derived to the value it solves it for
_AND_THEN = re.compile(r"\s*(?:\$|\\\))?\s*,?\s*and\s+(?:so\s+|hence\s+|thus\s+|therefore\s+)?(?:\$|\\\()\s*",
                       re.IGNORECASE)


def solved_with_and(text: str, previous: tuple[int, int], current: tuple[int, int]) -> bool:
    """Is the value at ``current`` ("$t = -2$") the solution of the equation at ``previous``, both derived in one
    clause: "so $1 - t = 3$ and $t = -2$"? The two are joined by "and" alone, a word of derivation (:data:`_DERIVED`)
    stands before the equation in its sentence, and no "or" / "and" follows the value (a list of alternatives)."""
    if _AND_THEN.fullmatch(text, previous[1], current[0]) is None:
        return False
    before = _sentence_before(text, previous[0])
    cues = list(_DERIVED.finditer(before))
    if not cues or _CASE.search(before[cues[-1].end() :]):
        return False
    return not re.match(r"\W{0,4}(or|and)\b", text[current[1] : current[1] + 12], re.IGNORECASE)


# Between two conditions on a variable, the word that derives the second from the first: an implication ("so",
# "hence", "which gives", "⟹") or an equivalence ("i.e.", "iff", "that is", "equivalently", "⟺")
_IMPLIES = re.compile(r"\b(?:so|thus|hence|therefore|which gives|this gives|giving|we get|which means|implies)\b|"
                      r"\\implies|\\Rightarrow|\\Longrightarrow|⟹|⇒", re.IGNORECASE)
_EQUIVALENT = re.compile(r"\bi\.\s?e\.|\b(?:iff|that is|equivalently|which is equivalent to)\b|\\iff|\\Leftrightarrow|"
                         r"\\Longleftrightarrow|⟺|⇔", re.IGNORECASE)
_JOIN = re.compile(r"[\s$,;:()\\]*")


def derived_condition(text: str, previous: tuple[int, int], current: tuple[int, int]) -> str:
    """How the condition at ``current`` is derived from the one at ``previous`` right before it, in the same
    sentence: ``"iff"`` (an equivalence, "i.e."), ``"so"`` (an implication), or ``""`` (not derived, or other
    words stand between them: "so for $n \\ge 5$ ...", "or", "and", a case)."""
    if not 0 <= current[0] - previous[1] <= 40:
        return ""
    between = text[previous[1] : current[0]]
    for kind, cue in (("iff", _EQUIVALENT), ("so", _IMPLIES)):
        m = cue.search(between)
        if m and _JOIN.fullmatch(between[: m.start()]) and _JOIN.fullmatch(between[m.end() :]):
            return kind
    return ""


# A case or a hypothesis opened right before the math it is about ("Suppose $a = 4$; then", "If $x = 2$, then",
# "Case 2: $n = 5$.", "Now suppose instead $a = 4$", "Otherwise, $t < 1$"); not "If we add the equations, we get $"
_HYPOTHESIS_BEFORE = re.compile(r"(\b(suppose|supposing|assume|assuming|if|when|whenever|consider|otherwise|instead|"
                                r"alternatively|let(?:'s| us)? say|now let)\b,?|\bcase\s*\d+\s*:)[^.;:!?$,]{0,30}"
                                r"(\$|\\\(|\\\[)\s*\Z", re.IGNORECASE)
# A case opened in words about a name written in math, right before the math it is about: "If $n$ is odd, $n = 2k +
# 1$", "If $x$ is $2$, $y = 6$", "When $a$ is negative, then $|a| = -a$" (probe 4, P4-Q: the case before proved it)
_WORDED_CASE_BEFORE = re.compile(r"\b(?:if|when|whenever|suppose|assume)\s+\$[^$]{1,20}\$\s+(?:is|are|equals)\s+"
                                 r"(?:\$[^$]{1,20}\$|(?:an?\s+)?[a-z][a-z -]{1,30}?)\s*,?\s*(?:then\s*,?\s*)?"
                                 r"(?:\$|\\\(|\\\[)\s*\Z", re.IGNORECASE)
_THEN = re.compile(r"\s*(\$|\\\))?[\s,;.]*(then|so|hence|thus|we get|it follows that)\b[\s,:]*(\$|\\\()\s*",
                   re.IGNORECASE)


# A condition on a variable opened as a range: what `_HYPOTHESIS_BEFORE` opens, and "for $x > 0$" at the start of a
# sentence or clause ("while for", "and for" too), "for all (real) $x > 0$" anywhere (not "solve for $x$" in the
# middle of a sentence)
_FOR_BEFORE = re.compile(r"(?:(?:\A|[.;:!?,\n]\s*|\b(?:that|while|whereas|and|but)\s+)(?:for|on)|"
                         r"\bfor\s+(?:all|every|each|any))\s+(?:real\s+)?"
                         r"(?:numbers?\s+)?(\$|\\\()\s*\Z", re.IGNORECASE)


# "Solving $2x = 8$": an equation the text sets out to solve (:func:`solves_anew`)
_SOLVES = re.compile(r"\b(?:solv(?:e|es|ing)|we\s+solve)\b[^.;:!?$,]{0,20}(?:\$|\\\(|\\\[)\s*\Z", re.IGNORECASE)


def opens_case(text: str, previous_end: int, start: int) -> bool:
    """Does a case or a hypothesis open, after the previous statement, right before the math at ``start`` ("If
    $t < 1$", "Now suppose instead $a = 4$", "Case 2: $x < 0$")? What the text derived before about that math's
    names was derived under another case. ("For $x < 0$," is no such opening:
    "for $n = 4$ ... for $n \\ge 5$" checks values against a bound derived for every n, which stays; a statement
    asserted on its range is decided there, :func:`opens_region`.)"""
    return previous_end < start and any(cue.search(text, max(previous_end, start - 80), start) is not None
                                        for cue in (_HYPOTHESIS_BEFORE, _OTHER_BRANCH_BEFORE, _WORDED_CASE_BEFORE))


# "$x = 3$ or $x = -3$", "$x < -3$ \text{ or } x > 3": two statements joined as alternatives, with nothing but "or"
# (and spacing) between them
_OR_BETWEEN = re.compile(r"(?:[\s$,]|\\[,;:! ]|\\q?quad)*(?:\bor\b|\\(?:text|mbox|mathrm|textrm)\s*\{\s*or\s*\})"
                         r"(?:[\s$,]|\\[,;:! ]|\\q?quad)*\Z", re.IGNORECASE)


def joined_by_or(text: str, previous_end: int, start: int) -> bool:
    """Is the statement at ``start`` an alternative to the one before it, joined by "or" alone?"""
    return 0 <= start - previous_end <= 60 and _OR_BETWEEN.match(text, previous_end, start) is not None


def solves_anew(text: str, previous_end: int, start: int) -> bool:
    """Does the text set out to solve the equation at ``start`` ("Solving $2x = 8$")? What it stated before that the
    equation contradicts (``x = 3`` of "Solving $2x = 6$ gives $x = 3$") is of another equation (Context.new_case);
    what agrees with it stays ("$1 - x^4 = 0$. Solving $x^4 = 1$")."""
    return previous_end < start and _SOLVES.search(text, max(previous_end, start - 40), start) is not None


# "Otherwise", "else", "if not", "in the other case": the case that opens is the negation of the one before, whatever
# names its own condition speaks of ("If $m = 2$, then ... Otherwise, if $n = 2$": m is not 2 there)
_OTHER_BRANCH = (r"otherwise|else|if\s+not|in\s+the\s+(?:other|remaining)\s+cases?|for\s+the\s+rest|"
                 r"when\s+(?:this|that|it)\s+fails|for\s+(?:the|all)\s+other\s+values")
_OTHERWISE = re.compile(rf"\b(?:{_OTHER_BRANCH})\b", re.IGNORECASE)
# the same words opening a sentence right before a claim ("Else $|x| = x$", "If not, $...$", "For the other values of
# $x$, $...$"): no condition in math, the negation of the case before
_OTHER_BRANCH_BEFORE = re.compile(rf"(?:[.;:!?]\s*|\A\s*|\n\s*)(?:{_OTHER_BRANCH})(?:\s+of\s+\$[^$]{{1,20}}\$)?\s*,?\s*"
                                  r"(?:\$|\\\(|\\\[)\s*\Z", re.IGNORECASE)


def otherwise(text: str, previous_end: int, start: int) -> bool:
    """Do the words between the previous statement and the math at ``start`` open the other case of the one the
    text is in ("Otherwise, if $n = 2$")? Then nothing derived in that case holds in this one."""
    return previous_end < start and _OTHERWISE.search(text, max(previous_end, start - 60), start) is not None


# Words that give up the hypothesis in force ("Dropping this assumption,", "without the condition", "in the general
# case", "..., a contradiction. Hence"): what was derived under it no longer holds
_LEAVES = re.compile(r"\b(?:(?:dropping|drop|without|removing|remove|relaxing|relax|lifting|ignoring)\s+(?:this|that|"
                     r"the|our|these|those)\s+(?:assumptions?|hypothes[ie]s|conditions?|restrictions?|constraints?)|"
                     r"in\s+the\s+general\s+case|(?<!derive\sa\s)(?<!reach\sa\s)(?<!obtain\sa\s)(?<!get\sa\s)(?<!find\sa\s)"
                     r"contradiction|contradicts|contradicting|absurd)\b", re.IGNORECASE)


def leaves_hypothesis(text: str, previous_end: int, start: int) -> bool:
    """Do the words between the previous statement and the math at ``start`` give up the hypothesis in force
    ("Dropping this assumption, $x^3 > x$")?"""
    return previous_end < start and _LEAVES.search(text, max(previous_end, start - 80), start) is not None


# A condition written after the statement it restricts ("$x^2 > x$ when $x > 1$", "$|t - 1| = t - 1$ if $t \ge 1$",
# "provided $a \ne 0$", "for $x > 0$"; after "for", only math with a relation: "solve $x^2 = 4$ for $x$" restricts
# nothing, and "for all $n \ge 2$" states a fact of every value the text speaks of): the statement holds there only,
# and is no fact outside it
_CONDITION_AFTER = re.compile(r"\s*(?:\$|\\\))?\s*,?\s*(?:(?:when|whenever|if|iff|provided(?:\s+that)?|as\s+long\s+as|"
                              r"only\s+if|unless)\s+(?:\$|\\\()|for\s+(?:\$|\\\()"
                              r"(?:(?!\\\))[^$]){0,40}?(?:[<>=≤≥]|\\[lg]eq?\b|\\neq?\b|\\in\b))", re.IGNORECASE)


# Values given after the statement they are for ("$V = s^3 = 64$ where $s = 3$", "(with $k = 3$ and $n = 10$)",
# "... $= 64$. Here $s = 3$."): each a name written alone equal to a number; a list with anything else reads nothing
# (the values end their clause: "; with $n = 4$ we get ...", "Here $n = 5$ is the next case" give a value for what
# follows, a trial, not for the statement before)
_WHERE = re.compile(r"\s*(?:\$|\\\))?\s*(?:,?\s*\(?\s*(?:where|with)|[,;.]?\s*\(?\s*here)\s+"
                    r"(?P<list>\$[^$]{1,40}\$(?:\s*(?:,\s*(?:and\s+)?|and\s+)\$[^$]{1,40}\$){0,3})(?!\s*,?\s*or\b)"
                    r"(?=\s*(?:[.,;:)!?]|\Z|\n))", re.IGNORECASE)
_GIVEN = re.compile(r"\$\s*(?P<name>[A-Za-z]|\\(?:alpha|beta|gamma|delta|eta|theta|lambda|mu|sigma|tau|rho|omega))"
                    r"\s*=\s*(?P<value>-?\d+(?:\.\d+)?)\s*\$")


# the same inside a display, after a space: `x^2 = 4 \quad (x = 3)`, `2^n = 16 \qquad \text{for } n = 5`
_NAME = r"(?P<name>[A-Za-z]|\\(?:alpha|beta|gamma|delta|eta|theta|lambda|mu|sigma|tau|rho|omega))"
_DISPLAY_GIVEN = re.compile(r"\s*\\q?quad\s*(?:\(\s*" + _NAME + r"\s*=\s*(?P<value>-?\d+(?:\.\d+)?)\s*\)|"
                            r"\\text\s*\{\s*(?:for|where|with|when|if|at)\s*\}\s*" + _NAME.replace("name", "name2")
                            + r"\s*=\s*(?P<value2>-?\d+(?:\.\d+)?))\s*(?:\$\$|\\\]|\\end|\\\\|[.,;]|\Z)")


def where_values(text: str, end: int) -> list[tuple[str, str, int]]:
    """The values the words right after the statement that ends at ``end`` give its names ("where $s = 3$", or in a
    display `x^2 = 4 \\quad (x = 3)`): each name's text, its number's text and the offset of its math; [] where the
    words give none, or give anything else than names equal to numbers."""
    shown = _DISPLAY_GIVEN.match(text, end, end + 80)
    if shown is not None:
        name, value = (shown.group("name"), shown.group("value")) if shown.group("name") else \
            (shown.group("name2"), shown.group("value2"))
        return [(name, value, shown.start("name") if shown.group("name") else shown.start("name2"))]
    m = _WHERE.match(text, end, end + 200)
    if m is None:
        return []
    pieces = re.findall(r"\$[^$]*\$", m.group("list"))
    given = [_GIVEN.fullmatch(p) for p in pieces]
    if not given or any(g is None for g in given):
        return []
    at = m.start("list")
    return [(g.group("name"), g.group("value"), at + m.group("list").index(p) + 1)
            for g, p in zip(given, pieces, strict=True)]


# "$\\frac{u + v}{2} \\ge \\sqrt{uv}$ for $u, v \\ge 0$", "..., for every real $x \\le 1$": the bound the statement is
# claimed under, written right after it: names (one, or a list) against a number
_BOUND_AFTER = re.compile(r"\s*(?:\$|\\\))?\s*,?\s*for\s+(?:all\s+|every\s+|any\s+|each\s+)?(?:real\s+|positive\s+)?"
                          r"(?:numbers?\s+)?(?:\$|\\\()\s*(?P<names>[^$<>=]{1,40}?)\s*"
                          r"(?P<rel>\\geq?|\\leq?|>|<|≥|≤)\s*(?P<number>-?\d+(?:\.\d+)?)\s*(?:\$|\\\))")
# a name written alone in math: a letter or a command (``\\delta``), with a subscript (``x_1``, ``x_{ij}``)
NAME_WRITTEN = r"(?:[A-Za-z]|\\[A-Za-z]+)(?:_(?:\{[^{}$]*\}|[A-Za-z0-9]))?"
_NAME_LIST = re.compile(rf"\s*{NAME_WRITTEN}(?:\s*,\s*{NAME_WRITTEN})*\s*")


def bound_after(text: str, end: int) -> tuple[list[str], bool, str] | None:
    """The bound the statement that ends at ``end`` is claimed under, written right after it ("... for $u, v \\ge
    0$"): the names it bounds, whether it bounds them from below (``\\ge``, ``>``), and the number; None if the words
    after it are no such bound (a condition with anything but bare names against a number reads nothing)."""
    m = _BOUND_AFTER.match(text, end, end + 120)
    if m is None or not _NAME_LIST.fullmatch(m.group("names")):
        return None
    names = [n.strip() for n in m.group("names").split(",")]
    return names, m.group("rel").startswith(("\\g", ">", "≥")), m.group("number")


def condition_after(text: str, end: int) -> bool:
    """Is the statement that ends at ``end`` followed by the condition it holds under ("$x^2 > x$ when $x > 1$")?"""
    return _CONDITION_AFTER.match(text, end, end + 60) is not None


# "Try $n = 5$:", "Check $x = 4$:", "Guess $x = 3$": a trial value opens a case of its own
# (and the other words that put a value or a range in place of another: "At $t = 1$", "Setting $x = 2$", "Now take",
# "In the case", "Case $x = 2$:", "On $0 < x < 1$", "In the range", "In general,": for what the paragraph derived
# before, each opens another case; they only ever keep facts from proving, so a wide list is safe)
_TRIAL_OPENS = re.compile(r"\b(?:try|trying|test|testing|check|checking|guess|guessing|at(?!\s+(?:least|most))|setting|"
                          r"take|taking|now\s+let|(?<!this\s)(?<!that\s)(?<!each\s)(?<!same\s)(?<!which\s)(?<!either\s)(?<!every\s)case|"
                          r"in\s+the\s+(?:case|range)|in\s+general|similarly\s+for|"
                          r"hence\s+for|thus\s+for|so\s+for|now\s+for)\b[^.;:!?$]{0,30}(?:\$|\\\(|\\\[)\s*\Z",
                          re.IGNORECASE)


def restated(text: str, previous_end: int, start: int) -> bool:
    """Is the math at ``start`` the statement before it said again another way ("..., i.e. when $0 < x < 2$",
    "that is, if $a = b$")? Then it opens no case of its own. Only the words of its own sentence count: "...; that is
    the first root. If $x = -2$" opens a case."""
    if previous_end >= start:
        return False
    begin = max(previous_end, start - 60)
    stops = list(re.finditer(r"(?<!i\.e)(?<!e\.g)\.\s|[;!?]\s", text[begin:start]))  # ("i.e. when" goes on)
    return _EQUIVALENT.search(text, begin + (stops[-1].end() if stops else 0), start) is not None


# "If also $x \le 3$", "Suppose further that", "If moreover": a condition added to the case in force, not a new case
_REFINES = re.compile(r"\b(?:also|further|furthermore|moreover|additionally|in\s+addition|besides)\b[^.;:!?$]{0,30}"
                      r"(?:\$|\\\(|\\\[)\s*\Z", re.IGNORECASE)


def refines(text: str, previous_end: int, start: int) -> bool:
    """Does the condition at ``start`` add to the case in force ("if also", "suppose further", "moreover")?"""
    return previous_end < start and _REFINES.search(text, max(previous_end, start - 60), start) is not None


# a hypothesis put in the place of the one before ("Now let $x > 0$", "Suppose instead $t < 1$"): not a case inside
# it, whatever its values
_REPLACES = re.compile(r"\b(?:now|instead)\b(?![^.;:!?$]*\b(?:also|in addition|additionally|further|moreover)\b)"
                       r"[^.;:!?$]{0,30}(?:\$|\\\(|\\\[)\s*\Z", re.IGNORECASE)


# A standing assumption right before the math it states ("Assume $x > 0$", "Let $x \\ge 2$", "Suppose $n \\ge 1$",
# "Throughout, $x > 0$", "Fix $x > 0$"): it holds for what follows in the paragraph, and a case opened under it ("If
# $x < 1$, then") is a case inside it; not a case ("if", "when", "case"), a trial or one put in another's place
_ASSUMES = re.compile(r"(?:\b(?:assume|assuming|suppose|supposing|let|given|fix|take|consider|throughout)\b)"
                      r"(?![^.;:!?$]*\b(?:if|when|whenever|case|instead|otherwise|try|trying)\b)"
                      r"[^.;:!?$]{0,30}(?:\$|\\\()\s*\Z", re.IGNORECASE)


_A_CASE = re.compile(r"\b(?:case|cases|subcase|if|when|otherwise|instead)\b", re.IGNORECASE)
# words that add an assumption to those before ("Now assume also that", "Suppose further")
_ALSO = re.compile(r"\b(?:also|in addition|additionally|further|furthermore|moreover)\b", re.IGNORECASE)


def assumes(text: str, previous_end: int, start: int) -> bool:
    """Is the math at ``start`` a standing assumption of the paragraph ("Assume $x > 0$. If $x < 1$, then ...")?
    Not one the sentence makes a case ("Case 2: assume $x > 0$")."""
    if previous_end >= start:
        return False
    found = _ASSUMES.search(text, max(previous_end, start - 60), start)
    return found is not None and _A_CASE.search(sentence_before(text, start)) is None


# A condition a sentence states as given, after other math its setup word introduced: "Let $X \in \mathbb{R}^{n
# \times p}$ and $\lambda \ge 0$", "for logits $z$ and a temperature $\tau > 0$", "with $m_0 = 0$ and $\beta_2 < 1$";
# not one it derives or recalls after a word of consequence ("so $y_k \ge 0$", "then", "since", "we get", "by")
_GIVEN_WORDS = re.compile(r"\b(?:assume[sd]?|assuming|suppose[sd]?|supposing|let|given|fix|take|consider|"
                          r"throughout|with|where|for|if|when|whenever|provided|unless)\b", re.IGNORECASE)
_CONSEQUENCE = re.compile(r"\b(?:so|hence|thus|therefore|since|because|as|then|get|gets|gives?|yields?|implies|"
                          r"imply|follows?|shows?|have|has|obtain|conclude|means?|by|is|are|holds?|satisf\w*)\b",
                          re.IGNORECASE)
_MATH_END = re.compile(r"\$|\\\)")


# A condition opened right before its math, by a word of a case, a range or a hypothesis and at most a few words
# that say what the variable is: "For every integer $n \ge 0$", "for a fixed $\beta > 0$", "Case 2: $x < 0$", "with
# curvature $\lambda > 0$", "The hypothesis $x \ge -1$ matters"; the math may list the variables first ("For all real
# $a, b \ge 0$")
_CONDITION_OPENS = re.compile(
    r"(?:\b(?:for|if|when|whenever|unless|provided(?:\s+that)?|assuming|assume|suppose|given|with|where|let|fix)|"
    r"\bcase\s*\d+\s*[:.]\**|\b(?:hypothesis|assumption|condition|constraint|restriction))"
    r"(?:\s+(?:all|every|each|any|a|an|the|some|real|reals|integer|integers|natural|positive|nonnegative|"
    r"non-negative|nonzero|non-zero|scalar|scalars|number|numbers|fixed|constant))*(?:\s+[a-z]{3,})?\s*,?\s*"
    r"(?:\$|\\\()\s*(?:[A-Za-z](?:_\w)?\s*,\s*)*\Z", re.IGNORECASE)
# ... but not the solutions a claim says it has: "This inequality holds when $n \le 1$", "only for $x > 2$"
_ONLY_BEFORE = re.compile(r"\b(?:only|exactly|precisely|iff)\s+(?:\w+\s+)?\Z", re.IGNORECASE)
_HOLDS_BEFORE = re.compile(r"\b(?:holds?|true|satisf\w*|valid|solutions?)\s+(?:\w+\s+)?\Z", re.IGNORECASE)


def states_condition(text: str, start: int) -> bool:
    """Does the sentence before the math at ``start`` state it as given? Either a word of a case, a range or a
    hypothesis opens it right before its math (:data:`_CONDITION_OPENS`: "For every integer $n \\ge 0$", "Case 2:
    $x < 0$", "with curvature $\\lambda > 0$"; not where the sentence gives the solutions of a claim, "holds when $n
    \\le 1$"), or it comes after other math that a word of :data:`_GIVEN_WORDS` introduced (with no word of
    consequence in the sentence, and "and" or such a word joining it to that math). Then a condition there is a
    hypothesis of what follows, not a claim to decide: "Let $X \\in \\mathbb{R}^{n \\times p}$ and $\\lambda \\ge 0$".
    A comma alone joins a case to what holds in it ("For $x = 4$, $x^2 > 15$")."""
    sentence = sentence_before(text, start)
    opened = _CONDITION_OPENS.search(sentence)
    if opened is not None:
        head, word = sentence[: opened.start()], opened.group(0).split()[0].lower()
        if _ONLY_BEFORE.search(head) is None and not (
                word in ("if", "when", "whenever", "unless") and _HOLDS_BEFORE.search(head) is not None):
            return True
    before = re.sub(r"(?:\$|\\\()\s*\Z", "", sentence)  # (without the math's own opening)
    given = [m for m in _GIVEN_WORDS.finditer(before) if not re.match(r"'s|\s+us\b", before[m.end() :])]  # ("Let's")
    if not given or _CONSEQUENCE.search(before) is not None:
        return False  # (a word of consequence anywhere: "This inequality holds when $n \\le 1$ or $n \\ge 9$")
    ends = list(_MATH_END.finditer(before, given[-1].end()))
    if not ends:
        return False
    between = before[ends[-1].end() :]
    return re.match(r"[\s,]*(?:and|or)\b", between) is not None or _GIVEN_WORDS.search(between) is not None


def adds_assumption(text: str, previous_end: int, start: int) -> bool:
    """Do the words before the math at ``start`` add it to the assumptions before ("Assume also that $x \\le 3$")?"""
    return previous_end < start and _ALSO.search(text, max(previous_end, start - 60), start) is not None


def replaces_hypothesis(text: str, previous_end: int, start: int) -> bool:
    """Does the hypothesis at ``start`` take the place of the one before ("Now let $x > 0$" after "Let $x > 1$")?
    Then what the text stated of its names before is no evidence under it, even what the new one allows."""
    return previous_end < start and _REPLACES.search(text, max(previous_end, start - 60), start) is not None


# words that give a variable a sign before its case: "let $x$ be a positive real", "for nonnegative $t$"
_SIGN_WORDS = re.compile(r"\b(?:positive|negative|non-?negative|non-?positive|non-?zero)\b", re.IGNORECASE)


def signed_before(text: str, start: int, end: int) -> bool:
    """Does the text between ``start`` and ``end`` (its paragraph before a statement) give some variable a sign in
    words? A range read from the math alone may then be wider than the case, and a point of it outside the case."""
    return _SIGN_WORDS.search(text, start, end) is not None


def opens_trial(text: str, previous_end: int, start: int) -> bool:
    """Does a trial open, after the previous statement, right before the math at ``start`` ("Try $n = 5$")? What
    the text derived for another trial value is no evidence for this one."""
    return previous_end < start and _TRIAL_OPENS.search(text, max(previous_end, start - 60), start) is not None


def opens_hypothesis(text: str, start: int) -> bool:
    """Is the math at ``start`` a hypothesis: "suppose", "assume", "if", "case 2:" right before it?"""
    return _HYPOTHESIS_BEFORE.search(text, max(0, start - 60), start) is not None


def under_hypothesis(text: str, previous: tuple[int, int], current: tuple[int, int]) -> bool:
    """Is the statement at ``current`` the consequence of the hypothesis at ``previous`` ("Now suppose instead
    $a = 4$; then $a^2 = 9$")? The hypothesis is opened right before its math, the two are joined by "then" (or
    "so", "hence", "we get") and nothing else, and no "or" / "and" follows: the statement is asserted under
    the hypothesis, so an equation no solution of the hypothesis solves is false there."""
    if _THEN.fullmatch(text, previous[1], current[0]) is None or not opens_hypothesis(text, previous[0]):
        return False
    return not re.match(r"\W{0,4}(or|and)\b", text[current[1] : current[1] + 12], re.IGNORECASE)


# "If $t < 1$, $|t - 1| = 1 - t$", "For $x > 0$, we have $...$", "For $h \\ge -1$: $...$": a comma or a colon joins a
# range to what holds on it too
_COMMA_THEN = re.compile(r"\s*(\$|\\\))?\s*[,:]\s*(?:we have\s+|one has\s+)?(\$|\\\()\s*", re.IGNORECASE)


def opens_region(text: str, start: int) -> bool:
    """Is the math at ``start`` a hypothesis that may be a range ("if", "suppose", "case 2:", "for $x > 0$")?"""
    return opens_hypothesis(text, start) or _FOR_BEFORE.search(text, max(0, start - 60), start) is not None


def under_region(text: str, previous: tuple[int, int], current: tuple[int, int], bound: bool = False,
                 opened: int | None = None) -> bool:
    """Is the statement at ``current`` asserted on the range opened at ``previous`` (:func:`opens_region`): joined
    to it by "then", "so", "hence", "we get" or a comma, and no "or", nor "and" before more math, nor "for every
    x" (a claim beyond the range), after it? ``bound``: the statement is an inequality, which "and" may join to
    another bound asserted on the range ("Then $x^2 < x$ and $\\sqrt{x} < x$"). ``opened``: where the range's first
    condition starts, when it has several ("if $a > 0$ and $b > 0$, then"; :func:`joins_condition`)."""
    if not opens_region(text, previous[0] if opened is None else opened):
        return False
    if _THEN.fullmatch(text, previous[1], current[0]) is None and _COMMA_THEN.fullmatch(text, previous[1],
                                                                                       current[0]) is None:
        return False
    # "... or $x = 2$": one of the case's solutions; "... and $y = 3$": one equation of a system. "..., and the
    # right side is" goes on in words: the statement stands on its own
    after = text[current[1] : current[1] + 12]
    return not re.match(r"\W{0,4}or\b", after, re.IGNORECASE) and not _quantified_after(text, current) \
        and (bound or not re.match(r"\W{0,4}and\s+(\$|\\\()", after, re.IGNORECASE))


# "for $0 \le \eta \le 1$ and $n \ge 0$", "if $a > 0$, $b > 0$": two conditions of one hypothesis, joined by "and" or
# a comma alone
_AND_CONDITION = re.compile(r"\s*(\$|\\\))?\s*(?:,\s*and|,|and)\s*(\$|\\\()\s*", re.IGNORECASE)


def joins_condition(text: str, previous: tuple[int, int], current: tuple[int, int]) -> bool:
    """Is the condition at ``current`` one more of the hypothesis whose condition is at ``previous``: joined to it
    by "and" or a comma alone, and followed by neither "or" nor more math joined by "and" (a list of claims)?"""
    if _AND_CONDITION.fullmatch(text, previous[1], current[0]) is None:
        return False
    return not re.match(r"\W{0,4}or\b", text[current[1] : current[1] + 12], re.IGNORECASE)


# "..., hence $x^2 + x > 0$ for every real $x$": the statement claims more than the range, whatever opened it
_QUANTIFIED_AFTER = re.compile(r"\W{0,4}[^.;:!?$]{0,30}?\b(?:for\s+(?:all|every|each|any)|in general|whatever)\b",
                               re.IGNORECASE)


def _quantified_after(text: str, current: tuple[int, int]) -> bool:
    return _QUANTIFIED_AFTER.match(text, current[1], current[1] + 60) is not None


# "$x^2 > 9$ and so $x^2 - 10 > 0$", "$x^2 < x$ and $\sqrt{x} < x$", "$a^2 \le 4$, hence $a^3 \le 8$": a bound the
# sentence goes on to, asserted on the range its first one was
_GOES_ON = re.compile(r"\s*(\$|\\\))?\s*,?\s*(?:and(?:\s+(?:so|hence|thus|therefore))?|so|hence|thus|therefore)\b"
                       r"\s*,?\s*(\$|\\\()\s*", re.IGNORECASE)


def goes_on_under_region(text: str, previous: tuple[int, int], current: tuple[int, int]) -> bool:
    """Is the bound at ``current`` the next of a sentence whose bound at ``previous`` was asserted on a range:
    joined by "and", "and so", "hence" alone, and no "or" nor "for every x" after it?"""
    return _GOES_ON.fullmatch(text, previous[1], current[0]) is not None \
        and not re.match(r"\W{0,4}or\b", text[current[1] : current[1] + 12], re.IGNORECASE) \
        and not _quantified_after(text, current)


# After a statement false on its case, words that dismiss the case ("which has no real roots", "so this case is
# empty", "not in this range") rather than assert the statement
_DISMISSED = re.compile(r"\b(?:no\s+(?:real\s+|positive\s+|negative\s+|integer\s+)?(?:solutions?|roots?|values?|such)|"
                        r"not\s+(?:in|within|inside)\b|outside|out of (?:range|the range)|excluded?|empty|never|"
                        r"cannot|can't|rule[sd]? out|ruled out|not (?:less|greater|bigger|smaller|positive|negative)|"
                        r"neither|nor)\b", re.IGNORECASE)


def case_dismissed(text: str, span, end_offset: int, name: str) -> bool:
    """Does the text, in the rest of the statement's sentence or in the next one, reject the statement
    (:func:`rejected`), dismiss its case (:data:`_DISMISSED`), or go on to solve it for ``name`` ("so $t = 2$")?
    Then a statement false on its case is the case being examined, not a slip."""
    if rejected(text, span, end_offset) or discarded(text, span, end_offset):
        return True
    close = _close(span)
    after = text[close : close + 240]
    stops = list(_SENTENCE_STOP.finditer(after))
    window = after[: stops[1].start()] if len(stops) > 1 else after
    # "so $t = 2$": the case's equation solved for its variable; "..., so $x < 3$.": its condition, in the same
    # sentence (a bound of the name in the next one opens the next case: "When $u \\ge 2$, ...")
    solved = re.search(r"(?:\$|\\\()\s*" + re.escape(name) + r"\s*(?:=|\\approx|\\in)", window)
    own = after[: stops[0].start()] if stops else after
    bounded = re.search(r"(?:\$|\\\()\s*" + re.escape(name) + r"\s*(?:<|>|\\[lg]eq?\b|\\[lg]t\b)", own)
    return bool(_DISMISSED.search(window) or solved or bounded)


# a variable that counts: the text speaks of integers, of "the number of" something, of a set of integers written
# out (`\{1, 2, \ldots, 10\}`), or the letter is one that counts (n, k, m, ...)
_COUNTS = re.compile(r"\b(?:integers?|natural|whole numbers?|digits?|primes?|even|odd|divisible|divisors?|"
                     r"(?:the|a|total)\s+number\s+of|how\s+many|counts?)\b|"
                     r"\\mathbb\s*\{?\s*[NZ]\b|\\\{\s*-?\d+\s*,\s*-?\d+", re.IGNORECASE)
_COUNTING_LETTERS = frozenset("ijklmnpqrNMK")


def may_count(text: str, current: tuple[int, int], name: str) -> bool:
    """May the variable ``name`` of a hypothesis be an integer at the statement at ``current``: a letter that counts
    (``n``, ``k``, ``m``, ``i``, ...) or a paragraph that speaks of integers, natural numbers, digits or primes
    in the 400 characters before it? A bound false only between integers is then no slip."""
    return name in _COUNTING_LETTERS or _COUNTS.search(text, max(0, current[0] - 400), current[1]) is not None


def worked_out_at_once(text: str, previous: tuple[int, int], current: tuple[int, int]) -> bool:
    """Is the statement at ``current`` the one at ``previous`` worked out, in the same sentence ("$0 + 14 \\cdot
    71 = 999$, which simplifies to $14 \\cdot 71 = 994$")? The prose between them is a word of derivation
    (:func:`derives`) and no sentence ends there."""
    between = text[previous[1] : current[0]]
    return not SENTENCE_END.search(between) and not re.search(r"[.!?]\s", between) and derives(text, previous, current)


_CASE = re.compile(r"\b(or|either|case|cases|second|other|another|if|when|suppose|alternatively|also|and)\b",
                   re.IGNORECASE)


# Words that make an equation in a variable one being solved, not a claim for every value of it
_SOLVING = re.compile(r"\b(solv\w*|set|sets|setting|find|finds|finding|such that|when|whenever|where|if|only if|"
                      r"root|roots|zero|zeros|critical|stationary|extremum|maximum|minimum|equat\w*)\b", re.IGNORECASE)


def solving(text: str, span, offset: int, end_offset: int) -> bool:
    """Does the sentence around the statement at ``offset`` of ``span`` say it is solved or set ("setting
    $f'(x) = 2x - 4$ to zero", "find $x$ such that", "$f'(x) = ...$ when ...")?"""
    end = span.start + end_offset
    after = text[end : end + 60]
    m = SENTENCE_END.search(after)
    after = after[: m.start()] if m else after
    return bool(_SOLVING.search(sentence_before(text, span.start + offset)) or _SOLVING.search(after))


# The text calls the math right after these words an equation, or imposes it ("the normal equations $W^\top W x =
# W^\top y$", "Setting $\nabla_x f = 0$", "Equating $...$", "the system $...$"): an equation to solve, not an
# identity, however its sides are read
_CALLED_EQUATION = re.compile(r"\b(?:equations?|system|setting|equating|imposing|requiring)\b[^.;:!?$]{0,30}"
                              r"(?:\$|\\\(|\\\[)\s*\Z", re.IGNORECASE)


# Words right after a statement that make it the condition of an equivalence: "$v^\top J v = 0$ iff $v$ is a multiple
# of $\mathbf 1$", "if and only if", "exactly when"
_EQUIVALENCE_AFTER = re.compile(r"(?:\$|\\\))?[\s,]*(?:iff|if\s+and\s+only\s+if|(?:exactly|precisely|only)\s+"
                                r"(?:when|if))\b", re.IGNORECASE)


def called_equation(text: str, start: int, end: int | None = None) -> bool:
    """Do the words right before the math at ``start`` call it an equation or impose it, or (with ``end``, where the
    statement ends) the words right after it make it the condition of an equivalence ("iff", "exactly when")?"""
    return _CALLED_EQUATION.search(text, max(0, start - 60), start) is not None \
        or (end is not None and _EQUIVALENCE_AFTER.match(text, end) is not None)


# Words that make a formula for a function a claim about it (a hypothesis, a pattern, a step of an induction)
_SUPPOSED = re.compile(r"\b(hypothes\w*|conjectur\w*|induct\w*|pattern|guess\w*|claim\w*|show|shows|prove|"
                       r"proves|holds?|for some|recurs\w*|satisf\w*|assum\w*|suppos\w*)\b", re.IGNORECASE)


def supposes(text: str, span, offset: int, end_offset: int) -> bool:
    """Does the sentence around ``f(k) = \\frac{k+1}{k!}`` make it a claim about f, not its definition ("assume
    ... holds for some k", "we hypothesize that", "we need to show that")?"""
    end = span.start + end_offset
    after = text[end : end + 60]
    m = SENTENCE_END.search(after)
    after = after[: m.start()] if m else after
    return bool(_SUPPOSED.search(sentence_before(text, span.start + offset)) or _SUPPOSED.search(after))

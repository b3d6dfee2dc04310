"""Arithmetic written in prose, outside math delimiters: ``A = (-9 - 5 - 0) = -14``, ``3 plates × $6.00 =
$18.00``, GSM8K's calculator form ``<<48/2=24>>24``.

A *run* is a stretch of one line made of numbers, operators (``+ - * × x · / ÷ ^ **``), relations (``=``,
``≈``), parentheses, one-letter names, ``$`` amounts, ``%`` and unit words after a number. Each run
becomes a :class:`PlainSpan` carrying the same tokens the LaTeX lexer makes (``3 × $6`` gives what
``3 \\times \\$6`` gives), so statements, roles and judges apply unchanged and findings carry exact
line and column.

Precision first; each rule has a test in ``tests/check/spans/test_plain_text.py``:

- text inside math delimiters, fenced and inline code, HTML comments and tags, URLs is not prose;
- ``x`` is a multiplication only between two numbers, and only in a text that never uses ``x`` as a
  name; dates, clock times, ratios and scores (``3:2``), version numbers, phone numbers, ordinals
  (``1st``), list numbers (``1.``, ``2)``), ranges (``3-4 days``, ``10–20``) and identifiers (``v2``)
  are not arithmetic;
- a run's first link is judged only when the word before it cannot be part of the expression, its
  last link only when the last number is not followed by words that continue it (see
  :mod:`~lnsym.check.spans.plain_words`);
- units: a run whose quantities all carry the same unit, or whose units are labels on some results
  (``3 × 4 = 12 apples``; not ``4 lessons = 4 * 45``, where the computation after the count converts it),
  is judged on its numbers; otherwise the units stay as symbols
  (``1 hour = 60 minutes`` is not judged, ``3 plates × $6/plate = $18`` still is); a power after a unit
  is the unit's (``20 cm^2``);
- the decimal mark and the grouping of digits as the text writes them (:func:`_decimal_marks`): ``2,5`` and
  ``0,375`` are decimal commas, ``6'450``, ``12 500`` (thin spaces), ``13.107,20`` and ``1,50,000`` have one
  reading each; in a text of decimal commas a point groups thousands, and a number that reads two ways
  (``0.13`` there; ``5.280 €`` in a text without them; any ``2,2`` in a text that also writes lists
  without spaces) leaves its run unread;
- a colon set apart by spaces between quantities is a division (``84 : 4 = 21``), unless its line speaks of a
  ratio, odds, a score or a scale (:func:`_colon_divisions`); a currency sign after its amount (``12,50 €``)
  and the letter units ``l g s h`` after a number label it;
- an ellipsis right after a decimal (``2.333...``, ``0.6…``, ``33.3 recurring``, ``3.333 and so on``) is the
  decimal's, as ``\\ldots`` is in math: its digits go on.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import NamedTuple

from lnsym.check.parse.lexer import LexError, Token, tokenize
from lnsym.check.spans.math_spans import LineIndex, find_spans, paragraph_of_lines
from lnsym.check.spans.plain_words import CLOSERS, CONVERTIBLE, NOT_UNITS, OPENERS, OPENERS_BEFORE_TO, singular

__all__ = ["PlainSpan", "decimal_mark", "find_plain_spans", "mask_currency"]


@dataclass(frozen=True)
class PlainSpan:
    """A run of prose arithmetic; ``tokens`` have offsets in ``text`` (which starts at ``start``)."""

    text: str
    start: int
    paragraph: int
    tokens: tuple[Token, ...]
    outer: tuple[int, int] = (0, 0)
    display: bool = False
    flashcard: bool = False


# The raw tokens of prose, the first alternative that matches at a position. Spaces and words, most of the tokens,
# come right after the two alternatives that may start with a letter (a URL): none of those after them starts with
# a space or a letter (they start with a digit, a point, a bracket or a sign), so the order gives the same tokens,
# and each word and space no longer fails a dozen numeric alternatives first (a third of the lexer's time)
_RAW = re.compile(r"""
 (?P<calc><<[^<>\n]{1,300}>>)
|(?P<url>(?:https?://|www\.)\S+)
|(?P<space>[ \t\r\f\v\u00a0\u2009\u202f]+)
|(?P<word>[^\W\d_](?:[^\W\d_]|['’](?=[^\W\d_]))*)
|(?P<date>\d{4}-\d{1,2}-\d{1,2}(?!\d)|\d{1,2}/\d{1,2}/\d{2,4}(?![\d/])|\d{1,2}\.\d{1,2}\.\d{4}(?!\d))
|(?P<clock>\d+(?::\d+)+(?:[.,]\d+)?)
|(?P<grouped>\d{1,3}(?:['’]\d{3})+(?:[.,]\d+)?(?![\d'’])|\d{1,3}(?:[\u2009\u202f]\d{3})+(?:[.,]\d+)?(?![\d\u2009\u202f])
  |\d{1,3}(?:\.\d{3})+,\d+(?![\d.,])|\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?(?![\d,]))
|(?P<version>\d+(?:\.\d+){2,})
|(?P<phone>\(?\d{3}\)?[ -]\d{3}-\d{4}(?!\d))
|(?P<sci>(?:\d+(?:\.\d+)?|\.\d+)[eE][+-]?\d{1,3}(?!\w|\.\d))
|(?P<num>[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?(?!\d|,\d))
|(?P<dcomma>(?<![\d,.])\d+,\d+(?!\d|[,.]\d))
|(?P<digits>\d+(?:\.\d+)?|\.\d+)
|(?P<cmd>\\[A-Za-z]+|\\.)
|(?P<pow>\*\*)
|(?P<op>[+\-−–*×·⋅∙÷/^])
|(?P<rel>[=≈])
|(?P<lp>\()
|(?P<rp>\))
|(?P<cur>[$€£¥₹])
|(?P<pct>%)
|(?P<nl>\n)
|(?P<brk>.)
""", re.X)

_NOT_PROSE = re.compile(
    r"(?ms)^[ \t]*(```|~~~).*?(?:^[ \t]*\1[^\n]*$|\Z)"  # fenced code
    r"|`[^`\n]+`"  # inline code
    r"|\[asy\].*?(?:\[/asy\]|\Z)"  # Asymptote figures of AoPS and MATH solutions
    r"|\\[A-Za-z]+\*?\[[^\]\n]*\]"  # options of a LaTeX command, \includegraphics[width=0.5\textwidth]
)
# markup that starts or ends a stretch of prose: list markers (`1.` `2)` `(a)` `-` `#`), HTML comments and tags
_MARKUP = re.compile(r"(?m)^[ \t]*(?:[-*+•]|\(?\d{1,3}[.)]|\(?[A-Za-z][.)]|#{1,6})(?=[ \t])"
                     r"|<!--.*?(?:-->|\Z)|</?[A-Za-z][^<>\n]*>", re.S)
_LATEX_COMMENT = re.compile(r"(?<!\\)%[^\n]*")
_CURRENCY = {"$": "dollar", "€": "euro", "£": "pound", "¥": "yen", "₹": "rupee"}
# words that leave an expression open at the end of a line: the number on the next line is its next operand
# (not "to": "simplifies to" / "14 * 71 = 994" starts the expression on the next line)
_CONTINUED = frozenset(["of", "times", "plus", "minus", "over", "by", "into", "per", "than", "and", "from",
                        "twice", "thrice", "divided", "multiplied"])
_PUNCT_OK = set(".,;:!?\"'“”‘’")  # punctuation that ends or starts a sentence's arithmetic


class _Item(NamedTuple):
    kind: str  # num sci cur pct op rel lp rp name unit mulx brk
    text: str
    start: int
    end: int


def _excluded(text: str, math_outer: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """Regions that are not prose, sorted and merged; each carries the text its break stands for: markup is
    the start of a line ("\\n"), anything else ("": math, code) neither starts nor ends arithmetic."""
    ranges = [(m.start(), m.end(), "") for m in _NOT_PROSE.finditer(text)]
    ranges += [(m.start(), m.end(), "\n") for m in _MARKUP.finditer(text)]
    if "\\documentclass" in text or "\\begin{document}" in text:
        ranges += [(m.start(), m.end(), "") for m in _LATEX_COMMENT.finditer(text)]
    ranges += [(a, b, "") for a, b in math_outer if b > a]
    ranges.sort()
    merged: list[tuple[int, int, str]] = []
    for a, b, tag in ranges:
        if merged and a < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]), "")
        else:
            merged.append((a, b, tag))
    return merged


def _lex(text: str, excluded: list[tuple[int, int, str]]) -> list[_Item]:
    """Raw tokens of the prose, spaces dropped, each excluded region one ``brk``."""
    out: list[_Item] = []
    pos = 0
    for a, b, tag in [*excluded, (len(text), len(text), "")]:
        for m in _RAW.finditer(text, pos, a):
            kind = m.lastgroup
            if kind == "space":
                continue
            if kind in ("url", "date", "clock", "phone", "nl"):
                kind = "brk"
            elif kind == "digits":
                kind = "num"
            elif kind == "cmd":
                kind = {"\\$": "cur", "\\%": "pct"}.get(m.group(), "brk")
            elif kind == "cur" and m.group() == "$" and not _money_sign(text, m.start()):
                out.append(_Item("brk", "", m.start(), m.end()))  # a math delimiter left unclosed: not prose
                continue
            out.append(_Item(kind, m.group(), m.start(), m.end()))
        if a < len(text):
            out.append(_Item("brk", tag, a, b))
        pos = b
    return out


_THOUSANDS_POINT = re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+")
# words that make a spaced colon on their line a ratio, odds (a chance), a score or a scale, not a division
_RATIO_WORDS = re.compile(r"(?i)\b(?:ratios?|odds|scales?|scores?|scored|won|lost|beat|beats|draws?|drew|"
                          r"proportions?|aspect|maps?|versus|vs|chances?|probability|likelihood|bets?|betting)\b")


def _plain_number(text: str) -> str:
    """A grouped number in plain digits with a decimal point: ``6'450.50`` ``1'250,50`` ``12 500,5`` (thin spaces)
    ``13.107,20`` ``1,50,000`` (lakh)."""
    if "'" in text or "’" in text:
        return text.replace("'", "").replace("’", "").replace(",", ".")
    if "\u2009" in text or "\u202f" in text:
        return text.replace("\u2009", "").replace("\u202f", "").replace(",", ".")
    if "." in text and "," in text and text.rfind(",") > text.rfind("."):
        return text.replace(".", "").replace(",", ".")
    return text.replace(",", "")


def _pair(items: list[_Item], k: int) -> bool:
    """Is ``items[k]`` alone in round brackets, as a pair is written (``(1,5)``)?"""
    return 0 < k < len(items) - 1 and items[k - 1].kind == "lp" and items[k + 1].kind == "rp" \
        and items[k - 1].end == items[k].start and items[k].end == items[k + 1].start


_LIST_WORDS = frozenset(("and", "or"))


def _mark(items: list[_Item]) -> str:
    """The decimal mark this prose writes: ``"comma"``, ``"point"``, or ``"unclear"``.

    A comma between digits that cannot group thousands (``2,5``, ``0,375``, ``1234,5``) is a decimal comma
    when it is used as a quantity (next to an operator or a relation, before a currency sign or a percent:
    ``2,5 · 4``, ``= 0,3``, ``3,60 €``, ``4,5 m × 3,2 m``), and a list when "and", "or" or another item
    follow it (``side lengths 2,2 and 2``, ``1,3, or 8``, ``0,1 , or 7``: extracted problems write lists
    without spaces). Points before a decimal comma (``13.107,20``) are a decimal comma too. "comma": some
    quantity and no list; "point": no such comma at all; "unclear": the rest."""
    quantity = listed = seen = False
    for k, it in enumerate(items):
        if it.kind == "grouped" and "," in it.text and ("." in it.text or "\u2009" in it.text or "\u202f" in it.text):
            quantity = True
        if it.kind != "dcomma" or _pair(items, k):
            continue
        seen = True
        prev, nxt, after = (items[j] if 0 <= j < len(items) else None for j in (k - 1, k + 1, k + 2))
        if nxt is not None and (nxt.text.lower() in _LIST_WORDS or (nxt.kind == "brk" and nxt.text == "," and (
                after is None or after.kind in ("num", "dcomma") or after.text.lower() in _LIST_WORDS))):
            listed = True
        elif (prev is not None and prev.kind in ("op", "rel")) or (nxt is not None and nxt.kind in (
                "op", "rel", "cur", "pct")) or (nxt is not None and nxt.kind == "word" and after is not None
                                               and after.kind in ("op", "rel")):
            quantity = True
    if quantity and not listed:
        return "comma"
    return "unclear" if seen or quantity else "point"


# decimal commas in math, braced where no thousands group can be (`2{,}5`, `0{,}792`, `2{,}5000`)
_BRACED_COMMA = re.compile(r"(?<![0-9])(?:0\{,\}[0-9]|[0-9]+\{,\}(?:[0-9]{1,2}|[0-9]{4,})(?![0-9]))")
_MATH_OPS = frozenset(("+", "-", "*", "/", ":", "cdot", "times", "div", "=", "≈", "percent", "euro"))


def _math_commas(math_text: str) -> bool:
    """Does this math write a decimal comma: braced (:data:`_BRACED_COMMA`), or digits on both sides of a
    comma outside brackets (the tokenizer's ``⁇``) next to an operator, a relation after it, a percent or a
    currency (``92 \\times 0,85``, ``0,15 =``, ``2,5\\,\\%``), in math that states a relation? ``= 0,15``
    alone may be a list (``x = 1,2``), ``(-2,0)`` is a point, and extracted problems write lists of products
    without spaces (``$40,2 \\times 20,4 \\times 10$``)."""
    if _BRACED_COMMA.search(math_text):
        return True
    if not re.search(r"\d,\d", math_text):
        return False
    try:
        toks = tokenize(math_text)
    except LexError:
        return False
    if not any(t.kind == "REL" for t in toks):  # `$40,2 \times 20,4 \times 10$`: a list of products
        return False
    for k, t in enumerate(toks):
        if t.value != "⁇":
            continue
        before = toks[k - 1].value if k else ""
        after = toks[k + 1] if k + 1 < len(toks) else None
        if (before in _MATH_OPS and before not in ("=", "-")) or (after is not None and (
                after.value in _MATH_OPS or (after.kind == "TEXT" and "€" in after.value))):
            return True
    return False


def decimal_mark(text: str, math=None) -> str:
    """The decimal mark of ``text``: that of its prose (:func:`_mark`), or ``"comma"`` when only its math
    writes decimal commas (:func:`_math_commas`). ``math``: its math spans, if the caller has found them
    already. A solution's steps share the mark (:class:`~lnsym.check.roles.conventions.Conventions`): a step
    with ``5.280 €`` alone is read by it."""
    if not re.search(r"\d(?:,|\{,\})\d", text):
        return "point"
    if math is None:
        math = find_spans(mask_currency(text))
    prose = _mark(_lex(text, _excluded(text, [s.outer for s in math])))
    if prose == "point" and any(_math_commas(s.text) for s in math):
        return "comma"
    return prose


def _beside_currency(items: list[_Item], k: int) -> bool:
    """Is a currency sign written right before or after ``items[k]`` (``5.280 €``, ``$1.500``)?"""
    it = items[k]
    return (k > 0 and items[k - 1].kind == "cur" and it.start - items[k - 1].end <= 1) or (
        k + 1 < len(items) and items[k + 1].kind == "cur" and items[k + 1].start - it.end <= 1)


def _decimal_marks(items: list[_Item], mark: str | None = None) -> tuple[list[_Item], set[int]]:
    """Numbers read by the text's decimal mark (:func:`_mark`; ``mark`` is the whole text's, for a step of a
    solution), and the offsets of the numbers that read two ways, whose runs are not judged.

    - With decimal commas: ``2,5`` is 2.5 and so is ``1,024`` 1.024 (one thousand and twenty-four in
      English); a point between groups of three digits groups thousands (``1.200``, ``3.600``,
      ``1.000.000``); ``1,000,000`` and a decimal point (``0.13``) read two ways.
    - With decimal points (no comma between digits but those of thousands): as in English; only money with
      three digits after its point (``5.280 €``, ``$1.500``) reads two ways, since money has two decimals.
    - Unclear (``2,2 and 2`` beside ``2,5 · 4``): every comma between digits and every point before three
      digits reads two ways.

    Digits grouped by apostrophes (``6'450``), thin spaces, points before a decimal comma (``13.107,20``) or
    in lakhs (``1,50,000``) have one reading; ``(1,5)`` is a pair."""
    if mark is None:
        mark = _mark(items)
    out: list[_Item] = []
    ambiguous: set[int] = set()
    for k, it in enumerate(items):
        kind, t = it.kind, it.text
        if kind == "grouped":
            it = it._replace(kind="num", text=_plain_number(t))
        elif kind == "dcomma":
            if _pair(items, k):
                it = it._replace(kind="brk")
            else:
                it = it._replace(kind="num", text=t.replace(",", "."))
                if mark != "comma":
                    ambiguous.add(it.start)
        elif kind == "version":
            thousands = mark == "comma" and _THOUSANDS_POINT.fullmatch(t)
            it = it._replace(kind="num", text=t.replace(".", "")) if thousands else it._replace(kind="brk")
        elif kind == "num" and mark == "comma" and ("," in t or "." in t):
            if "," not in t and _THOUSANDS_POINT.fullmatch(t):
                it = it._replace(text=t.replace(".", ""))
            elif "." not in t and t.count(",") == 1:
                it = it._replace(text=t.replace(",", "."))  # 1,024 = 1.024 where commas are decimal
            else:
                ambiguous.add(it.start)
        elif kind == "num" and ((mark == "unclear" and ("," in t or _THOUSANDS_POINT.fullmatch(t))) or (
                _THOUSANDS_POINT.fullmatch(t) and _beside_currency(items, k))):
            ambiguous.add(it.start)
        out.append(it)
    return out, ambiguous


def _colon_divisions(text: str, items: list[_Item]) -> list[_Item]:
    """A colon set apart by spaces between two quantities is a division, as schools in much of Europe write
    it (``84 : 4 = 21``, ``1,5 l : 5 = 0,3 l``, ``94,94 € : 3``), unless its line speaks of a ratio, odds, a
    score or a scale (``the ratio 2 : 3``, ``won 3 : 1``, ``1 : 25 000``). A colon glued to what comes before
    it is a label (``Step 2: 3 + 4``), and so is one after a number that a word introduces (``Step 2 : 3 + 4``)."""
    out = list(items)
    for k in range(1, len(items) - 1):
        it, a, b = items[k], items[k - 1], items[k + 1]
        if it.kind != "brk" or it.text != ":" or not (a.end < it.start and it.end < b.start):
            continue
        if b.kind not in ("num", "lp", "cur"):
            continue
        p = k - 1
        if items[p].kind == "cur":
            p -= 1  # 94,94 € : 3
        else:
            for _ in range(2):  # 1,5 l : 5, 780 km : 100
                if p > 0 and items[p].kind == "word" and items[p - 1].kind in ("num", "word"):
                    p -= 1
        if items[p].kind not in ("num", "rp", "pct"):
            continue
        if items[p].kind == "num":
            q = p - 1 - (p > 0 and items[p - 1].kind == "cur")
            if q >= 0 and items[q].kind == "word" and items[q].text.lower() not in OPENERS:
                continue
        line = text[text.rfind("\n", 0, it.start) + 1 : (text.find("\n", it.end) + 1 or len(text) + 1) - 1]
        if _RATIO_WORDS.search(line):
            continue
        out[k] = _Item("op", "÷", it.start, it.end)
    return out


def _money_sign(text: str, i: int) -> bool:
    """Is the ``$`` at ``i`` a sign of money (a number follows it), not half of ``$$`` or an unclosed ``$x``?"""
    if text.startswith("$$", i) or (i > 0 and text[i - 1] == "$"):
        return False
    j = i + 1 + (i + 1 < len(text) and text[i + 1] == " ")
    return j < len(text) and (text[j].isdigit() or text[j] == ".")


def _attach(text: str, items: list[_Item]) -> list[_Item]:
    """Words and numbers written together: ``1st`` ``10am`` ``3x4`` ``2x`` ``5kg`` ``v2`` ``3-year`` ``and/or``."""
    out: list[_Item] = []
    n = len(items)
    skip = 0
    for k, it in enumerate(items):
        if skip:
            skip -= 1
            continue
        prev = out[-1] if out else None
        nxt = items[k + 1] if k + 1 < n else None
        dots = _ellipsis_after(items, k, prev)
        if dots:  # 2.333...: the digits go on (the grammar reads it as \ldots), the sentence does not end
            out.append(_Item("dots", "...", it.start, items[k + dots - 1].end))
            skip = dots - 1
            continue
        if it.kind == "word" and prev is not None and prev.end == it.start and prev.kind in ("num", "sci"):
            w = it.text.lower()
            if w in ("st", "nd", "rd", "th", "am", "pm"):
                out[-1] = _Item("brk", prev.text + it.text, prev.start, it.end)
                continue
            if w == "x" and nxt is not None and nxt.kind == "num" and nxt.start == it.end:
                out.append(_Item("mulx", it.text, it.start, it.end))
                continue
            out.append(_Item("name" if len(w) == 1 else "unit", it.text, it.start, it.end))
            continue
        if it.kind in ("num", "sci") and prev is not None and prev.end == it.start and prev.kind == "word":
            out[-1] = _Item("brk", prev.text + it.text, prev.start, it.end)  # an identifier: v2, COVID19
            continue
        if it.kind == "op" and it.text in "-−" and prev is not None and nxt is not None and prev.end < it.start \
                and it.end == nxt.start and nxt.kind in ("num", "sci") and prev.kind in ("num", "sci", "rp"):
            out.append(_Item("brk", it.text, it.start, it.end))  # `x + 2 -16 = x`: a signed number starts anew
            continue
        if it.kind == "op" and it.text in "-–/" and prev is not None and nxt is not None \
                and prev.end == it.start and it.end == nxt.start:
            if it.text != "/" and (prev.kind == "word" or nxt.kind == "word"):
                out.append(_Item("brk", it.text, it.start, it.end))  # 3-year, COVID-19
                continue
            if it.text == "–" and prev.kind == "num" and nxt.kind == "num":
                out.append(_Item("brk", it.text, it.start, it.end))  # 10–20: a range
                continue
            if it.text == "-" and prev.kind == "num" and nxt.kind == "num":
                after = items[k + 2] if k + 2 < n else None
                if after is not None and (after.kind in ("word", "pct") or (after.kind == "op" and after.text == "-")):
                    out.append(_Item("brk", it.text, it.start, it.end))  # 3-4 days, 5-10%: a range
                    continue
        out.append(it)
    return out


_REPEATS = frozenset(("recurring", "repeating"))


def _ellipsis_after(items: list[_Item], k: int, prev: _Item | None) -> int:
    """How many items from ``k`` on are an ellipsis written right after a decimal (``2.333...``, ``0.6…``,
    ``33.3 recurring``, ``3.333 and so on``, ``etc.``): 0 when there is none. After a whole number (``3...``)
    it is prose: a pause."""
    if prev is None or prev.kind != "num" or "." not in prev.text:
        return 0
    it = items[k]
    count = 0
    if it.kind == "brk" and it.start == prev.end and it.text == "…":
        count = 1
    elif all(k + j < len(items) and items[k + j].kind == "brk" and items[k + j].text == "."
             and items[k + j].start == prev.end + j for j in range(3)):
        count = 3
    elif it.kind == "word" and it.text.lower() in _REPEATS | {"etc"}:
        return 1
    elif it.kind == "word" and it.text.lower() == "and" and [w.text.lower() for w in items[k + 1 : k + 3]
                                                           if w.kind == "word"] in (["so", "on"], ["so", "forth"]):
        return 3  # `20 / 6 = 3.333 and so on`
    after = items[k + count] if count and k + count < len(items) else None
    if after is not None and after.start == items[k + count - 1].end and after.kind in ("num", "sci", "lp"):
        return 0  # 2.5...3.5: a range
    return count


def _words(items: list[_Item]) -> list[_Item]:
    """Decide what each remaining word is: a one-letter name, the multiplication ``x``, a unit, or prose."""
    n = len(items)
    kinds = [it.kind for it in items]

    def kind(k: int) -> str:
        return kinds[k] if 0 <= k < n else "brk"

    def operand_end(k: int) -> bool:
        if kind(k) in ("num", "sci", "pct", "rp"):
            return True
        return kind(k) == "word" and kind(k - 1) in ("num", "sci")  # 3 plates x $6

    for k, it in enumerate(items):
        if it.kind != "word":
            continue
        w = it.text
        if w in ("x", "X") and operand_end(k - 1) and kind(k + 1) in ("num", "sci", "cur", "lp"):
            kinds[k] = "mulx"
        elif len(w) == 1 and (kind(k + 1) in ("op", "rel", "rp") or kind(k - 1) in ("op", "rel", "lp")) \
                and kind(k + 1) not in ("num", "sci", "word", "cur") \
                and not (w in _LETTER_UNITS and kind(k - 1) in ("num", "sci")):  # 2 l + 3 l: litres
            kinds[k] = "name"
    # a unit: up to two words after a number (`12 apples`, `18 pink flamingos`), or one word right after
    # a `/` that follows one (`$6/plate`), then an operator, a relation, `)` or the end of the run
    for k in range(n):
        per = kinds[k] == "op" and items[k].text == "/" and kind(k - 1) in ("num", "sci", "unit")
        if kinds[k] not in ("num", "sci", "dots") and not per:
            continue
        j, words = k + 1, []
        while j < n and kinds[j] == "word" and len(words) < (1 if per else 2) and _unit_word(items[j].text) \
                and (not per or items[j].start == items[j - 1].end):
            words.append(j)
            j += 1
        if words and (kind(j) in ("op", "rel", "mulx") or _ends([it._replace(kind="brk") if kinds[x] == "word" else it
                                                                for x, it in enumerate(items[j : j + 2], j)], 0)):
            for w in words:
                kinds[w] = "unit"
    # (an item whose kind stays is kept: most are, and a copy of each cost as much as deciding them)
    return [it if kd == it.kind != "word" else it._replace(kind=kd if kd != "word" else "brk")
            for it, kd in zip(items, kinds, strict=True)]


# one-letter units: litres, grams, seconds, hours (`2,5 · 3.600 = 9.000 l`); other letters after a number are
# names or abbreviations (`3 n`, `5 m` for five million as often as five metres)
_LETTER_UNITS = frozenset("lLgsh")


def _unit_word(word: str) -> bool:
    w = word.lower()
    return (len(w) > 1 or word in _LETTER_UNITS) and w not in NOT_UNITS and singular(w) not in NOT_UNITS


def _closes(it: _Item) -> bool:
    """Does this break end the arithmetic before it whole (end of line, sentence punctuation)?"""
    return it.text == "\n" or (len(it.text) == 1 and it.text in _PUNCT_OK)


def _opens(it: _Item | None, before: _Item | None = None) -> bool:
    """May a number after this token (``before`` being the one before it) start an expression?"""
    if it is None:
        return True
    if it.kind == "brk" and it.text == "," and before is not None and before.kind in ("num", "rp", "sci"):
        return False  # 1, 2, 3 = 6: a list
    if it.kind == "brk" and it.text == "\n" and before is not None and (
            before.kind in ("op", "mulx", "pow") or before.text in ("x", "×")
            or (before.kind == "brk" and before.text.lower() in _CONTINUED)):
        return False  # a line wrapped inside the expression: `100 -` / `12 = 88`, `1% of` / `50,000 = 500`
    if it.kind == "brk":
        if len(it.text) == 1 and it.text in _PUNCT_OK | {"("} and before is not None \
                and before.text.startswith("\\") and before.end == it.start:
            return False  # TeX's number prefixes (" hexadecimal, ' octal) after a primitive: \sfcode"2019=0
        if it.text == "\n" or (len(it.text) == 1 and it.text in _PUNCT_OK | {"("}):
            return True
        word = it.text.lower().strip("'’")
        if word == "to" and before is not None and before.kind == "brk":
            return before.text.lower() in OPENERS_BEFORE_TO  # "simplifies to 14 * 71 = 994"
        return word in OPENERS
    return False


_FRACTION_WORDS = frozenset(("a", "an", "one", "half", "third", "quarter", "thirds", "quarters"))


def _ends(items: list[_Item], k: int) -> bool:
    """Does the arithmetic before ``items[k]`` end whole there? After ``= 12`` a full stop, the end of the
    line, or a word like "in", "so", "which"; "and" only when what follows it is not the rest of a quantity
    (``2 dollars and 50 cents``, ``1 and 1/2``, ``2 and a half``)."""
    if k >= len(items):
        return True
    it = items[k]
    if it.kind == "rp":
        return True
    if it.kind != "brk":
        return False
    w = it.text.lower()
    if _closes(it) or w in CLOSERS:
        return True
    if w != "and":
        return False
    nxt = items[k + 1] if k + 1 < len(items) else None
    if nxt is None or nxt.kind in ("brk", "name", "lp"):
        return nxt is None or nxt.text.lower() not in _FRACTION_WORDS
    if nxt.kind not in ("num", "sci"):
        return False
    after = items[k + 2] if k + 2 < len(items) else None  # `and 2^10 = 1024` is a new statement,
    return after is not None and (after.kind in ("pow", "mulx") or (  # `and 50 cents`, `and 1/2` are not
        after.kind == "op" and after.text != "/"))


_RUN = frozenset(("num", "sci", "cur", "pct", "op", "pow", "rel", "lp", "rp", "name", "unit", "mulx", "dots"))
_BINARY = frozenset(("*", "×", "·", "⋅", "∙", "÷", "/", "^"))


def _depths(items: list[_Item], idx: list[int]) -> list[int]:
    out, d = [], 0
    for k in idx:
        if items[k].kind == "rp":
            d -= 1
        out.append(d)
        if items[k].kind == "lp":
            d += 1
    return out


def _match(items: list[_Item], idx: list[int], at: int) -> int:
    """Position in ``idx`` of the parenthesis matching the one at position ``at`` (-1 if none)."""
    step = 1 if items[idx[at]].kind == "lp" else -1
    d = 0
    k = at
    while 0 <= k < len(idx):
        kd = items[idx[k]].kind
        d += (kd == "lp") - (kd == "rp") if step == 1 else (kd == "rp") - (kd == "lp")
        if d == 0:
            return k
        k += step
    return -1


def _ratio_colon(items: list[_Item], k: int) -> bool:
    """Is ``items[k]`` a colon set apart by spaces between two numbers, as a ratio is written (``2 : 2``)? Not
    "Step 2: 3 + 4", whose colon is glued to the label."""
    if not (0 < k < len(items) - 1 and items[k].kind == "brk" and items[k].text == ":"):
        return False
    a, b = items[k - 1], items[k + 1]
    return a.kind in ("num", "sci") and b.kind in ("num", "sci") and a.end < items[k].start < items[k].end < b.start


def _suffix_currency(items: list[_Item], k: int) -> bool:
    """Is the currency sign at ``k`` written after its amount (``12,50 €``), not before the next one?"""
    return items[k].kind == "cur" and k > 0 and items[k - 1].kind in ("num", "sci") and (
        k + 1 >= len(items) or items[k + 1].kind not in ("num", "sci"))


def _trim(items: list[_Item], idx: list[int]) -> list[int]:
    """The part of a run that can be judged: its edges made whole, or the incomplete link dropped."""
    r0, r1 = idx[0], idx[-1]
    if _ratio_colon(items, r0 - 1) or _ratio_colon(items, r1 + 1):
        return []  # `H2 : H2O = 2 : 2 = 1 : 1`: ratios equated, not the numbers between the colons
    left_cut = right_cut = lead_paren = trail_paren = False
    for _ in range(len(idx) + 1):
        before = list(idx)
        if len(idx) > 1 and items[idx[0]].text in ("*", "**") and items[idx[0]].end == items[idx[1]].start:
            idx = idx[1:]  # markdown emphasis: **5 + 3 = 8**
        if len(idx) > 1 and items[idx[-1]].text in ("*", "**") and items[idx[-2]].end == items[idx[-1]].start:
            idx = idx[:-1]
        if idx and (items[idx[0]].kind in ("pow", "mulx", "pct", "unit")
                    or (items[idx[0]].kind == "op" and items[idx[0]].text in _BINARY | {"+"})):
            left_cut = True  # the left operand is in the prose: `7 (integer heights) + 6 = 13`
            idx = idx[1:]
        if idx and items[idx[-1]].kind in ("op", "pow", "mulx", "cur", "lp") and not _suffix_currency(items, idx[-1]):
            right_cut = True  # the right operand is in the prose
            idx = idx[:-1]
        if idx and items[idx[0]].kind == "lp" and _match(items, idx, 0) == -1:
            lead_paren = True  # `(so 3 + 4 = 7`: the bracket opens the prose's remark
            idx = idx[1:]
        if idx and items[idx[0]].kind == "rp":
            left_cut = True  # `$100 (Carmen) + $25`: what comes before the bracket is an operand
            idx = idx[1:]
        if idx and items[idx[-1]].kind == "rp" and _match(items, idx, len(idx) - 1) == -1:
            trail_paren = True
            idx = idx[:-1]
        if len(idx) > 2 and items[idx[0]].kind == "lp" and _match(items, idx, 0) == len(idx) - 1 and any(
                items[k].kind == "rel" and d == 1 for k, d in zip(idx, _depths(items, idx), strict=True)):
            idx = idx[1:-1]  # (so 3 + 4 = 7)
            lead_paren = trail_paren = True
        if idx == before:
            break
    if not idx:
        return []
    depths = _depths(items, idx)
    rels = [p for p, (k, d) in enumerate(zip(idx, depths, strict=True)) if items[k].kind == "rel" and d == 0]
    if not rels:
        return []
    if items[idx[0]].kind != "rel":
        whole = lead_paren or _opens(items[r0 - 1] if r0 > 0 else None, items[r0 - 2] if r0 > 1 else None)
        if left_cut or not whole:
            idx = idx[rels[0]:]
            rels = [p - rels[0] for p in rels]
    if items[idx[-1]].kind != "rel":
        whole = trail_paren or _ends(items, r1 + 1)
        if right_cut or not whole:
            idx = idx[: rels[-1]]
            rels = rels[:-1]
    depths = _depths(items, idx)
    if rels and depths[-1] + (items[idx[-1]].kind == "lp") != 0:
        idx, rels = idx[: rels[-1]], rels[:-1]  # `A = (4, 0)` cut at the comma: the last term goes on
    if rels and min(depths[: rels[0]], default=0) < 0:
        idx = idx[rels[0]:]
        rels = [p - rels[0] for p in rels]
    if not any(0 < p < len(idx) - 1 for p in rels):
        return []
    if not any(items[k].kind in ("num", "sci") for k in idx):
        return []
    return idx


def _units(items: list[_Item], idx: list[int]) -> bool:
    """Drop the units of this run (judge it on its numbers)? Yes when every quantity that has a unit has
    the same units and either every term has them or they label the results only (no term without them
    comes after one with them) and none of them could be converted."""
    sets: list[set[str]] = [set()]
    nonempty_terms = [False]
    depth = 0
    for p, k in enumerate(idx):
        it = items[k]
        depth += (it.kind == "lp") - (it.kind == "rp")
        if it.kind == "rel" and depth == 0:
            sets.append(set())
            nonempty_terms.append(False)
            continue
        nonempty_terms[-1] = True
        if it.kind == "unit":
            per = p > 0 and items[idx[p - 1]].kind == "op" and items[idx[p - 1]].text == "/"
            sets[-1].add(("/" if per else "") + " ".join(singular(w) for w in it.text.split()))
        elif it.kind == "cur":
            sets[-1].add(it.text[-1])
    with_units = [s for s in sets if s]
    if not with_units:
        return True
    if any(s != with_units[0] for s in with_units):
        return False
    everywhere = len(with_units) == sum(nonempty_terms)
    if everywhere:
        return True
    # labels name results: `3 × 4 = 12 apples`. A quantity with a unit before a term without one is converted
    # by it (`4 lessons = 4 * 45`, then minutes), so its number is not the next term's
    first = next(k for k, u in enumerate(sets) if u)
    if any(nonempty_terms[k] and not sets[k] for k in range(first + 1, len(sets))):
        return False
    return not any(u.lstrip("/") in CONVERTIBLE for u in with_units[0])


def _emit(items: list[_Item], idx: list[int], base: int, drop_units: bool) -> list[Token]:
    toks: list[Token] = []
    close_after: dict[int, int] = {}  # position in idx -> number of `}` to add after it
    p = 0
    while p < len(idx):
        it = items[idx[p]]
        s, e = it.start - base, it.end - base
        kd = it.kind
        nxt = items[idx[p + 1]] if p + 1 < len(idx) else None
        if kd == "unit" or (kd == "op" and it.text == "/" and nxt is not None and nxt.kind == "unit"
                            and nxt.start == it.end):
            if not drop_units:
                if kd == "op":
                    toks.append(Token("SYM", "/", s, e))
                else:
                    words = " ".join(singular(w) for w in it.text.split())
                    toks.append(Token("TEXT", words, s, e))
        elif kd == "cur":
            if not drop_units:
                name = _CURRENCY[it.text[-1]]
                toks.append(Token("CMD", "dollar", s, e) if name == "dollar" else Token("TEXT", name, s, e))
        elif kd == "num":
            toks.append(Token("NUM", it.text.replace(",", ""), s, e))
        elif kd == "sci":
            mant, exp = re.split("[eE]", it.text)
            m_end = s + len(mant)
            # one number, in brackets: `5.93e6 / 3.00e8` divides by 3.00e8, not by 3.00 and then times 10^8
            toks += [Token("SYM", "(", s, s), Token("NUM", mant, s, m_end), Token("CMD", "times", m_end, m_end),
                     Token("NUM", "10", m_end, m_end), Token("SYM", "^", m_end, m_end), Token("SYM", "{", m_end, m_end)]
            if exp.startswith(("-", "+")):
                toks.append(Token("SYM", exp[0], m_end + 1, m_end + 2))
            toks += [Token("NUM", exp.lstrip("+-"), e - len(exp.lstrip("+-")), e), Token("SYM", "}", e, e),
                     Token("SYM", ")", e, e)]
        elif kd == "dots":
            toks.append(Token("CMD", "ldots", s, e))
        elif kd == "pct":
            toks.append(Token("CMD", "percent", s, e))
        elif kd in ("mulx",) or (kd == "op" and it.text in ("*", "×")):
            toks.append(Token("CMD", "times", s, e))
        elif kd == "op" and it.text in ("·", "⋅", "∙"):
            toks.append(Token("CMD", "cdot", s, e))
        elif kd == "op" and it.text == "÷":
            toks.append(Token("CMD", "div", s, e))
        elif kd == "op" and it.text in ("−", "–"):
            toks.append(Token("SYM", "-", s, e))
        elif (kd == "pow" or (kd == "op" and it.text == "^")) and drop_units and p > 0 \
                and items[idx[p - 1]].kind == "unit":
            end = max(_exponent_end(items, idx, p + 1), p + 1)  # 20 cm^2: the dropped unit's power, not 20's
            for q in range(p, end):
                toks.extend(Token("SYM", "}", e, e) for _ in range(close_after.pop(q, 0)))
            p = end
            continue
        elif kd == "pow" or (kd == "op" and it.text == "^"):
            if toks and toks[-1].value == "}" and toks[-1].start == toks[-1].end and p > 0 \
                    and items[idx[p - 1]].kind != "sci":
                toks.append(Token("SYM", "⁇", s, e))  # 2^3^2: which way it groups is not written
            else:
                toks.append(Token("SYM", "^", s, e))
                end = _exponent_end(items, idx, p + 1)
                if end > p + 1:
                    first = items[idx[p + 1]]
                    toks.append(Token("SYM", "{", first.start - base, first.start - base))
                    close_after[end - 1] = close_after.get(end - 1, 0) + 1
        elif kd == "lp":
            toks.append(Token("SYM", "(", s, e))
        elif kd == "rp":
            toks.append(Token("SYM", ")", s, e))
        elif kd == "name":
            toks.append(Token("LETTER", it.text, s, e))
        else:  # rel, op + -, /
            toks.append(Token("REL" if kd == "rel" else "SYM", it.text, s, e))
        for _ in range(close_after.pop(p, 0)):
            toks.append(Token("SYM", "}", e, e))
        p += 1
    return toks


def _exponent_end(items: list[_Item], idx: list[int], p: int) -> int:
    """The position in ``idx`` just after the exponent that starts at ``p`` (``p`` when there is none)."""
    q = p
    while q < len(idx) and items[idx[q]].kind == "op" and items[idx[q]].text in "+-−":
        q += 1
    if q >= len(idx):
        return p
    kd = items[idx[q]].kind
    if kd in ("num", "name"):
        return q + 1
    if kd == "lp":
        m = _match(items, idx[q:], 0)
        return q + m + 1 if m != -1 else p
    return p


def _calc_span(text: str, items: list[_Item], k: int, para: list[int], lines: LineIndex) -> PlainSpan | None:
    """``<<48/2=24>>24``: the annotation is a step; a different number shown after it is checked against it."""
    it = items[k]
    a, b = it.start + 2, it.end - 2
    inner = [_Item("num" if m.lastgroup == "digits" else m.lastgroup, m.group(), m.start(), m.end())
             for m in _RAW.finditer(text, a, b) if m.lastgroup != "space"]
    if not inner or any(x.kind not in ("num", "op", "pow", "rel", "lp", "rp", "pct", "cur") for x in inner):
        return None
    if sum(x.kind == "rel" for x in inner) != 1 or inner[0].kind == "rel" or inner[-1].kind == "rel":
        return None
    idx = [j for j, x in enumerate(inner) if x.kind != "cur"]
    toks = _emit(inner, idx, a, drop_units=True)
    end = b
    nxt = items[k + 1] if k + 1 < len(items) else None
    if nxt is not None and nxt.kind == "cur" and nxt.start == it.end:
        nxt = items[k + 2] if k + 2 < len(items) else None
    value = inner[-1]
    if nxt is not None and nxt.kind == "num" and nxt.start - it.end <= 1 and value.kind == "num" \
            and nxt.text.replace(",", "") != value.text.replace(",", ""):
        toks += [Token("REL", "=", b - a, it.end - a), Token("NUM", nxt.text.replace(",", ""), nxt.start - a,
                                                              nxt.end - a)]
        end = nxt.end
    return PlainSpan(text[a:end], a, para[lines.line_of(a) - 1], tuple(toks), (it.start, end),
                     flashcard=False)


def _outside_document(text: str) -> list[tuple[int, int]]:
    """In a LaTeX source, what lies outside ``\\begin{document} ... \\end{document}``: the preamble, and the
    whole of a file without the environment (a package, a file of macros). That is TeX code, where numbers
    and ``=`` are assignments and tests (``\\count255=0``, ``\\ifnum ... 0 = 1``), not prose."""
    begin = text.find("\\begin{document}")
    if begin < 0:
        return [(0, len(text))]
    end = text.find("\\end{document}", begin)
    out = [(0, begin + len("\\begin{document}"))]
    return [*out, (end, len(text))] if end >= 0 else out


def find_plain_spans(text: str, math_spans=(), latex: bool = False,
                     mark: str | None = None) -> list[PlainSpan]:
    """The prose arithmetic of ``text`` outside ``math_spans`` (the spans of
    :func:`~lnsym.check.spans.math_spans.find_spans`), in order. With ``latex`` (a LaTeX source), only the
    prose of the document environment is read (see :func:`_outside_document`). ``mark`` is the
    decimal mark of the larger text this one is part of (:func:`decimal_mark`); by default this text's own
    prose decides (:func:`_decimal_marks`).

    >>> [s.text for s in find_plain_spans("So A = (-9 - 5 - 0) = -14. Call 555-123-4567 on 2023-10-05.")]
    ['A = (-9 - 5 - 0) = -14']
    """
    outer = [s.outer for s in math_spans]
    if latex or "\\begin{document}" in text:
        outer += _outside_document(text)
    excluded = _excluded(text, outer)
    items, ambiguous = _decimal_marks(_lex(text, excluded), mark)
    items = _words(_attach(text, _colon_divisions(text, items)))
    if any(it.kind == "name" and it.text in ("x", "X") for it in items):
        items = [it._replace(kind="brk") if it.kind == "mulx" else it for it in items]  # x is a name here
    items = [it._replace(kind="brk") if it.kind == "pct" and (k == 0 or items[k - 1].kind not in ("num", "sci", "rp")
                                                             or items[k - 1].end != it.start) else it
             for k, it in enumerate(items)]
    lines = LineIndex(text)
    para = paragraph_of_lines(text)
    flash = {i + 1 for i, line in enumerate(text.split("\n")) if ":::" in line}
    spans: list[PlainSpan] = []
    k, n = 0, len(items)
    while k < n:
        if items[k].kind == "calc":
            span = _calc_span(text, items, k, para, lines)
            if span is not None:
                spans.append(span)
            k += 1
            continue
        if items[k].kind not in _RUN:
            k += 1
            continue
        j = k
        while j < n and items[j].kind in _RUN:
            j += 1
        idx = _trim(items, list(range(k, j)))
        if idx and not any(items[i].start in ambiguous for i in idx):
            start, end = items[idx[0]].start, items[idx[-1]].end
            toks = _emit(items, idx, start, _units(items, idx))
            line = lines.line_of(start)
            spans.append(PlainSpan(text[start:end], start, para[line - 1], tuple(toks), (start, end),
                                   flashcard=line in flash))
        k = j
    return spans


_BLANK = re.compile(r"\n[ \t]*\n")


def mask_currency(text: str) -> str:
    """``text`` with every ``$`` that is a currency sign replaced by ``¤`` (offsets kept), so that
    ``$3.5 * 4000 = $14,000`` is not read as math between two dollars. As in Pandoc: a ``$`` followed by a
    digit opens math only when the next ``$`` of its paragraph closes it, i.e. has no space before it and
    no digit after it. LaTeX documents (``\\documentclass``) are left alone: there ``$`` is always math."""
    if "$" not in text or "\\documentclass" in text or "\\begin{document}" in text:
        return text
    blanks = [m.start() for m in _BLANK.finditer(text)]
    dollars = [m.start() for m in re.finditer(r"(?<!\\)\$", text)]
    out = list(text)
    k, n = 0, len(dollars)
    while k < n:
        i = dollars[k]
        if k + 1 < n and dollars[k + 1] == i + 1:  # $$ ... $$: skip to its closing pair
            k += 2
            while k < n and not (k + 1 < n and dollars[k + 1] == dollars[k] + 1):
                k += 1
            k += 2
            continue
        j = dollars[k + 1] if k + 1 < n else -1
        same_para = j != -1 and bisect.bisect_left(blanks, i) == bisect.bisect_left(blanks, j)
        closes = same_para and not text[j - 1].isspace() and not (j + 1 < len(text) and text[j + 1].isdigit())
        if i + 1 < len(text) and text[i + 1].isdigit() and not closes:
            out[i] = "¤"
            k += 1
            continue
        k += 2 if closes or same_para else 1
    return "".join(out)

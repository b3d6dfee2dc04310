"""The words around arithmetic written in prose: which ones let a run of numbers start or end, which
ones may be units, and how a unit's plural is folded.

These lists are data, written from how English states arithmetic, not from any one solution:

- a run of numbers is taken whole only when the word before it cannot be part of the expression
  (``is 3 + 4 = 7``, ``calculate A = ...``, ``simplifies to 14 * 71 = 994``); after ``of``, ``times``,
  ``twice``, ``from`` (``the sum of 3 and 4 = 7``, ``half of 10 = 5``) the first number is not the whole
  left side, so the first link is not judged. :data:`OPENERS` is a closed list on purpose: a word that
  is not on it counts as one that might belong to the expression ("to" opens only after a verb of
  :data:`OPENERS_BEFORE_TO`);
- likewise a run ends whole only before punctuation, the end of the line, or a word of
  :data:`CLOSERS` (``= 7 apples in total``); before ``and``, ``million``, ``remainder``, ``times`` ... the
  last number may be only part of a quantity (``2 dollars and 50 cents``, ``1.5 million``);
- a word after a number is a unit (``12 apples``, ``3 hours``) unless it is one of :data:`NOT_UNITS`;
  :data:`CONVERTIBLE` units (time, length, mass, volume, money) may hide a conversion (``3 × 20 = 1 hour``),
  so they are never dropped next to a number without a unit.
"""

from __future__ import annotations

__all__ = ["CLOSERS", "CONVERTIBLE", "NOT_UNITS", "OPENERS", "OPENERS_BEFORE_TO", "singular"]


def _set(words: str) -> frozenset[str]:
    return frozenset(words.split())

# Words after which the next number starts an expression (it is not the argument of a word before it).
OPENERS = _set("""
is are was were be been being am equals equal
calculate calculating calculated calculation calculations compute computing computed computation
get gets got getting gives give giving gave yields yield yielding
have has had having so then thus hence therefore now also finally
which that because since as where namely
answer result results expression we us you it this
becomes become became makes make made leaves leaving means meaning
find evaluate evaluating simplify simplifying simplified check checking verify see know note
let let's lets
""")

# Verbs of equivalence after which "to" opens an expression too (``simplifies to 14 * 71 = 994``,
# ``reduces to 3x = 12``); after any other word "to" may be part of one (``add 3 to 4 = 7``).
OPENERS_BEFORE_TO = _set("""
simplifies simplify simplified simplifying reduces reduce reduced reducing evaluates evaluate evaluated
evaluating comes come came amounts amount amounted equal equals equivalent
""")

# Words after which the last number of a run is complete.
CLOSERS = _set("""
so which that then thus hence therefore because since as for in is are was were will would can could
should must left remaining total altogether overall each apiece now we you he she they it this these
those but while when where if after before here there
""")

# Words that are never units: they continue an expression or change the number before them.
NOT_UNITS = _set("""
times of plus minus over by into per squared cubed percent percentage pct more less fewer greater
larger smaller higher lower than and or to from divided multiplied remainder rem r mod modulo
million millions billion billions thousand thousands hundred hundreds trillion trillions k m bn mn
half halves third thirds fourth fourths fifth fifths sixth sixths quarter quarters twice thrice
double triple is are was were be so which that then thus hence therefore because since as for in
at on with without each apiece left remaining total altogether overall now we you he she they it
this these those but while when where if after before here there not no nor a an the
approximately approx about around roughly nearly almost exactly only
""")

# Units that can be converted into one another: a step that mixes them with bare numbers is not judged.
CONVERTIBLE = _set("""
second sec s minute min hour hr h day week month year decade century millisecond ms
millimeter millimetre mm centimeter centimetre cm meter metre km kilometer kilometre inch foot ft
yard yd mile mi gram g kilogram kg milligram mg pound lb ounce oz ton tonne liter litre l
milliliter millilitre ml gallon gal quart pint cup tablespoon tbsp teaspoon tsp dollar cent penny
nickel dime quarter euro pound dozen score $ € £ ¥ ₹ usd eur gbp acre hectare degree
ppm ppb ppt permille
""")

_IRREGULAR = {"feet": "foot", "people": "person", "children": "child", "men": "man", "women": "woman",
              "teeth": "tooth", "mice": "mouse", "geese": "goose", "pennies": "penny", "cents": "cent",
              "hrs": "hr", "mins": "min", "secs": "sec", "lbs": "lb", "yrs": "year", "yr": "year",
              "centuries": "century"}


def singular(word: str) -> str:
    """A unit word folded to its singular, so that ``1 apple`` and ``2 apples`` have the same unit.

    >>> [singular(w) for w in ("apples", "boxes", "berries", "feet", "glass", "hours")]
    ['apple', 'box', 'berry', 'foot', 'glass', 'hour']
    """
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if len(w) > 3 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith(("ches", "shes", "xes", "sses", "zes")):
        return w[:-2]
    if len(w) > 2 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w

r"""What a section of a key establishes for index notation, as the check goes through it: the size of its
vectors, the names it defines by index expressions, the hypotheses it states on sums of entries.

- The size: one letter the section's text gives as the number of entries (``z \in \mathbb{R}^K``,
  ``\sum_{k=1}^{K}``, ``i = 1, \dots, d``, "$K$ classes"). Two different letters, or none, give no size: a sum
  written without limits then keeps "the range the text does not give".
- Definitions (``p_i = e^{z_i}/S``, ``S = \sum_j e^{z_j}``, ``L = -\sum_k y_k \log p_k``, ``p =
  \operatorname{softmax}(z)``): the first link of ``NAME = ...`` or ``NAME_i = ...``; a name defined twice
  differently, or by what the reading does not read, is unknown.
- Hypotheses: ``\sum_k y_k = 1`` on a vector the section does not define.

A heading, "Problem", "Solution" start a new section (:func:`lnsym.check.spans.key_spans.section_starts`), which
starts afresh.
"""

from __future__ import annotations

import bisect
import re
from fractions import Fraction

import sympy as sp

from lnsym.check.judges.notation.index_notation import Scope, sub_letters
from lnsym.check.judges.notation.index_steps import uses_index_notation
from lnsym.check.parse.nodes import Num, Sym
from lnsym.check.spans.key_spans import section_starts

__all__ = ["IndexScopes", "definition", "hypothesis", "scope_key"]

_LETTER = r"(?:\{\s*([A-Za-z])\s*\}|([A-Za-z]))"
_SIZE_PATTERNS = (
    re.compile(r"\\in\s*\\mathbb\s*\{?\s*R\s*\}?\s*\^\s*" + _LETTER),
    # a sum from 1 whose body has an entry by its index (`\\sum_{k=1}^K e^{z_k}`; not `\\sum_{i=1}^n i`)
    re.compile(r"\\sum_\{\s*(?P<i>[A-Za-z])\s*=\s*1\s*\}\s*\^\s*" + _LETTER + r"[^$=]{0,40}?_\{?\s*(?P=i)\b"),
    re.compile(r"\b[a-z]\s*=\s*1\s*,\s*\\[lc]?dots\s*,\s*" + _LETTER),
    re.compile(r"\$\s*([A-Za-z])\s*\$\s+(?:classes|logits|entries|coordinates|components)\b"),
)
# what each pattern cannot match without: most texts have none of them, and a substring test is cheap
_SIZE_NEEDS = ("\\mathbb", "\\sum_{", "dots", "$")


def sizes_in(text: str) -> set[str]:
    """The letters ``text`` gives as a number of entries."""
    out = set()
    for pattern, needs in zip(_SIZE_PATTERNS, _SIZE_NEEDS, strict=True):
        for m in pattern.finditer(text) if needs in text else ():
            out.add(next(g for g in m.groups()[-2:] if g) if m.lastindex else m.group(0))
    # a letter the text gives a value (`K = 3`) is a number there, not a size of every case
    return {n for n in out if not re.search(rf"(?<![\\A-Za-z]){n}\s*=\s*\d", text)}


_DECLARED = re.compile(r"(?<![\\A-Za-z])([A-Za-z])\s*\\in\s*\\mathbb\s*\{?\s*R\s*\}?\s*\^\s*(?:\{\s*([A-Za-z])\s*\}"
                       r"|([A-Za-z])(?![A-Za-z])|\{)")


def declared_in(text: str) -> dict[str, str | None]:
    """The letters ``text`` declares as vectors (``z \\in \\mathbb{R}^K``; ``u, v \\in`` gives v only), each with the
    letter of its size (None for a matrix, ``\\mathbb{R}^{m \\times n}``, or a vector declared twice differently)."""
    out: dict[str, str | None] = {}
    for m in _DECLARED.finditer(text) if "\\mathbb" in text else ():
        size = m.group(2) or m.group(3)
        out[m.group(1)] = size if out.get(m.group(1), size) == size else None
    return out


_MATRIX = re.compile(r"(?<![\\A-Za-z])([A-Za-z])\s*\\in\s*\\mathbb\s*\{?\s*R\s*\}?\s*\^\s*\{\s*([A-Za-z])\s*"
                     r"\\times\s*([A-Za-z])\s*\}")


def matrices_in(text: str) -> dict[str, tuple[str, str] | None]:
    """The letters ``text`` declares as matrices (``W \\in \\mathbb{R}^{m \\times n}``), each with the letters of its
    rows and columns (None for a matrix declared twice differently)."""
    out: dict[str, tuple[str, str] | None] = {}
    for m in _MATRIX.finditer(text) if "\\mathbb" in text else ():
        shape = (m.group(2), m.group(3))
        out[m.group(1)] = shape if out.get(m.group(1), shape) == shape else None
    return out


def _core(tree):
    while isinstance(tree, tuple) and tree and tree[0] == "group":
        tree = tree[1]
    return tree


def _literal(tree) -> sp.Rational | None:
    t = _core(tree)
    if t is not None and t[0] == "num" and len(t) == 2:
        f = Fraction(t[1])
        return sp.Rational(f.numerator, f.denominator)
    return None


def _indexed_names(tree) -> set[str]:
    """The names a tree writes with the index of a sum around them (``y`` in ``\\sum_k y_k``) or differentiates
    by an entry of (``z`` in ``\\partial z_j``): its vectors."""
    out, stack = set(), [(tree, frozenset())]
    while stack:
        t, bound = stack.pop()
        if isinstance(t, tuple) and t:
            if t[0] == "sum" and len(t) == 5:
                bound = bound | {t[1]}
            if t[0] == "pderiv":
                var = _core(t[2])
                if var[0] == "sym":
                    out.add(var[1])
            if bound and t[0] == "sym" and t[2] is not None and t[1] != "\\delta" \
                    and not bound.isdisjoint(sub_letters(t[2][1]) or ()):
                out.add(t[1])
            stack.extend([(x, bound) for x in t if isinstance(x, tuple)])
    return out


class IndexScopes:
    """The sizes of one key's sections (a reading of the whole text); what each section has defined and stated so
    far is kept in the check's ``operations`` under :func:`scope_key`, a new :class:`Scope` each time it grows (so
    that a state the editor keeps, :mod:`lnsym.lsp.incremental`, is not changed afterwards)."""

    def __init__(self, text: str) -> None:
        heads = sorted(text.rfind("\n", 0, h) + 1 for h in section_starts(text))
        self.heads = tuple(heads)
        bounds = [0, *heads, len(text)]
        self.sizes: tuple[str | None, ...] = tuple(_one(sizes_in(text[bounds[k] : bounds[k + 1]]))
                                                    for k in range(len(bounds) - 1))
        self.declared = tuple(declared_in(text[bounds[k] : bounds[k + 1]]) for k in range(len(bounds) - 1))
        self.matrices = tuple(matrices_in(text[bounds[k] : bounds[k + 1]]) for k in range(len(bounds) - 1))

    def section_at(self, offset: int) -> int:
        """The section of the text at ``offset``: the number of section starts at or before it (a heading on the
        line just above a statement counts, though no blank line parts them)."""
        return bisect.bisect_right(self.heads, offset)

    def __repr__(self) -> str:
        return f"IndexScopes(sizes={self.sizes!r}, declared={[sorted(d.items()) for d in self.declared]!r})"

    def scope(self, operations: dict, section: int) -> Scope:
        known = operations.get(scope_key(section)) or Scope()
        size = self.sizes[section] if 0 <= section < len(self.sizes) else None
        declared = self.declared[section] if 0 <= section < len(self.declared) else {}
        shapes = {name: size for name, size in declared.items() if size is not None}
        matrices = self.matrices[section] if 0 <= section < len(self.matrices) else {}
        matrices = {name: shape for name, shape in matrices.items() if shape is not None and name not in shapes}
        return Scope(size, dict(known.definitions), dict(known.hypotheses), known.vectors | set(declared),
                     frozenset(declared), shapes, matrices)

    def note(self, operations: dict, section: int, trees: list, rels: list[str]) -> None:
        """Learn from one statement of ``section``."""
        known = operations.get(scope_key(section)) or Scope()
        defs, hyps = dict(known.definitions), dict(known.hypotheses)
        vectors = set(known.vectors).union(*(_indexed_names(t) for t in trees if t is not None))
        hyp = hypothesis(trees, rels)
        if hyp is not None and hyp[0] not in defs:
            if hyps.get(hyp[0], hyp[1]) == hyp[1]:
                hyps[hyp[0]] = hyp[1]
            else:  # two values stated: neither is used
                hyps[hyp[0]] = None
        # a definition by the section's declared vectors and matrices (`y = Wx + b`) is read in matrix notation
        declared = set(self.declared[section]) if 0 <= section < len(self.declared) else set()
        known_names = {k for k, v in defs.items() if v is not None} | declared
        named = None if hyp is not None else definition(trees, rels, known_names)
        if named is not None:
            name, rule = named
            old = defs.get(name, rule)
            if _restates(old, rule):  # `y = Wx + b`, then `y_k = \\sum_l W_{kl} x_l + b_k`: the first stands
                rule = old
            defs[name] = rule if old == rule else None
        operations[scope_key(section)] = Scope(None, defs, {k: v for k, v in hyps.items()}, frozenset(vectors))


def _restates(old, new) -> bool:
    """Is ``new`` an entry of a vector ``old`` defines in matrix notation (a step that spells it out, not a second
    definition)?"""
    return (old is not None and new is not None and old[0] == "scalar" and new[0] == "entry"
            and not uses_index_notation(old[2]))


def scope_key(section: int) -> str:
    return f"index:{section}"


def _one(found: set[str]) -> str | None:
    return next(iter(found)) if len(found) == 1 else None


def hypothesis(trees: list, rels: list[str]) -> tuple[str, sp.Rational] | None:
    r"""``\sum_k y_k = 1``: (``y``, 1), or None."""
    if len(rels) != 1 or rels[0] != "=" or trees[0] is None or trees[1] is None:
        return None
    left = _core(trees[0])
    if left[0] != "sum" or len(left[1]) != 1:
        return None
    value = _literal(trees[1])
    if value is None:
        return None
    body = _core(left[4])
    if body[0] != "sym" or body[2] is None or body[2][1] != Sym(left[1], None):
        return None
    return body[1], value


def definition(trees: list, rels: list[str], known: set[str] = frozenset()) -> tuple[str, tuple | None] | None:
    """``NAME = ...``, ``NAME_i = ...``, ``\\sigma^2 = ...``: (NAME, its rule), the rule None where it is not read:
    a right side with neither index notation nor a name the section defines by it (``known``)."""
    if not rels or rels[0] != "=" or trees[0] is None or trees[1] is None:
        return None
    left, right = _core(trees[0]), _core(trees[1])
    if left[0] == "ufunc" and left[1] in ("tr", "diag"):
        return None  # `\\operatorname{tr}(AW) = \\sum_{k,l} A_{kl} W_{lk}`: a claim about the trace, not a definition
    if left[0] == "ufunc":  # `\\operatorname{rms}(x) = \\sqrt{\\frac1d\\sum_i x_i^2}`: a function of vectors
        params = tuple(_core(a) for a in left[2])
        if not all(p[0] == "sym" and p[2] is None for p in params) or len({p[1] for p in params}) != len(params):
            return None
        named = tuple(p[1] for p in params)
        return f"{left[1]}()", (("function", named, trees[1]) if uses_index_notation(trees[1]) else None)
    if left[0] == "pow" and _core(left[1])[0] == "sym" and _core(left[1])[2] is None and _core(left[2]) == Num("2"):
        left = Sym(_core(left[1])[1] + "^2", None)  # `\\sigma^2 = \\frac1d\\sum_k (x_k - \\mu)^2`
    if left[0] != "sym" or left[1] in ("e", "\\delta", "%", "$", "°"):
        return None
    if left[2] is not None:
        letters = sub_letters(left[2][1])
        if letters is None or len(letters) != 1:
            return None  # `p_1 = 0.2`: a value of one entry
        return left[1], ("entry", letters[0], trees[1])
    if right[0] == "ufunc" and right[1] == "softmax" and len(right[2]) == 1:
        arg = _core(right[2][0])
        return left[1], (("softmax", arg[1]) if arg[0] == "sym" and arg[2] is None else None)
    read = uses_index_notation(trees[1]) or bool(_names(trees[1]) & set(known))
    return left[1], (("scalar", None, trees[1]) if read else None)


def _names(tree) -> set[str]:
    """The names a tree mentions (``\\sigma^2`` as one where it is squared)."""
    out, stack = set(), [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple) and t:
            if t[0] == "sym":
                out.add(t[1])
            if t[0] in ("deriv", "nabla"):  # `\\partial L/\\partial p`: by p
                out.add(t[2] if t[0] == "deriv" else t[1])
            if t[0] == "pow" and _core(t[1])[0] == "sym" and _core(t[2]) == Num("2"):
                out.add(_core(t[1])[1] + "^2")
            stack.extend(x for x in t if isinstance(x, tuple))
    return out

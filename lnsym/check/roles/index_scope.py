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
from dataclasses import replace
from fractions import Fraction

import sympy as sp

from lnsym.check.findings import Verdict
from lnsym.check.judges.notation.index_notation import Scope, sub_letters
from lnsym.check.judges.notation.index_steps import uses_index_notation
from lnsym.check.judges.numbers.evaluate import mentions, tree_names
from lnsym.check.parse.grammar import GREEK
from lnsym.check.parse.nodes import (
    Deriv,
    Div,
    Frac,
    Func,
    Gradient,
    Group,
    Log,
    Mul,
    Norm,
    Num,
    PartialDeriv,
    Pow,
    Sum,
    Sym,
    Transpose,
    UFunc,
)
from lnsym.check.spans.key_spans import section_starts

__all__ = ["IndexScopes", "condition_on", "definition", "entry_of_defined", "hypothesis", "scope_key"]

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


# a vector's name: a letter, or a Greek letter (`\\gamma, \\beta \\in \\mathbb{R}^d`: LayerNorm's gain and bias)
_GREEK = r"\\(?:" + "|".join(sorted(GREEK, key=len, reverse=True)) + r")(?![A-Za-z])"
_VECTOR_NAME = r"(?:[A-Za-z]|" + _GREEK + ")"
_DECLARED = re.compile(r"(?<![\\A-Za-z])(" + _VECTOR_NAME + r")\s*\\in\s*\\mathbb\s*\{?\s*R\s*\}?\s*\^\s*"
                       r"(?:\{\s*([A-Za-z])\s*\}|([A-Za-z])(?![A-Za-z])|\{)")


# the letter before `\in` is what an operator with a subscript acts on (`g = \nabla_y L \in \mathbb{R}^m`): the
# chain's value is declared, not L, which is the loss (a number) the gradient is of (the 40 characters before a
# letter hold any such operator of a key: each declaration looks back that far, not to the start of the text)
_OPERATED = re.compile(r"\\[A-Za-z]+_(?:\{[^{}]*\}|[A-Za-z0-9])\s*\Z")


# `u, v \in \mathbb{R}^n`: the letters listed before the one that `\in` follows are declared with it; not the
# coordinates of a point (`(x, y) \in \mathbb{R}^2`: numbers), nor a list of entries (`x_1, x_2 \in`)
_LISTED = re.compile(r"(?<![\\A-Za-z0-9_({,])\s*((?:" + _VECTOR_NAME + r"\s*,\s*)+)\Z")


def _listed(text: str, m: re.Match) -> list[str]:
    """The letter ``m`` declares and those listed right before it (``u, v \\in``: u and v)."""
    before = _LISTED.search(text, max(0, m.start() - 40), m.start())
    return [*(re.findall(_VECTOR_NAME, before.group(1)) if before else ()), m.group(1)]


def declared_in(text: str) -> dict[str, str | None]:
    """The letters ``text`` declares as vectors (``z \\in \\mathbb{R}^K``; ``u, v \\in`` both), each with the
    letter of its size (None for a matrix, ``\\mathbb{R}^{m \\times n}``, or a vector declared twice differently)."""
    out: dict[str, str | None] = {}
    for m in _DECLARED.finditer(text) if "\\mathbb" in text else ():
        if _OPERATED.search(text, max(0, m.start() - 40), m.start()):
            continue
        size = m.group(2) or m.group(3)
        for letter in _listed(text, m):
            out[letter] = size if out.get(letter, size) == size else None
    return out


_MATRIX = re.compile(r"(?<![\\A-Za-z])([A-Za-z])\s*\\in\s*\\mathbb\s*\{?\s*R\s*\}?\s*\^\s*\{\s*([A-Za-z])\s*"
                     r"\\times\s*([A-Za-z])\s*\}")


def matrices_in(text: str) -> dict[str, tuple[str, str] | None]:
    """The letters ``text`` declares as matrices (``W \\in \\mathbb{R}^{m \\times n}``, ``A, B \\in``), each with
    the letters of its rows and columns (None for a matrix declared twice differently)."""
    out: dict[str, tuple[str, str] | None] = {}
    for m in _MATRIX.finditer(text) if "\\mathbb" in text else ():
        shape = (m.group(2), m.group(3))
        for letter in _listed(text, m):
            out[letter] = shape if out.get(letter, shape) == shape else None
    return out


def _core(tree):
    while isinstance(tree, Group):
        tree = tree.inner
    return tree


def _literal(tree) -> sp.Rational | None:
    match _core(tree):
        case Num(digits, None):  # (digits that go on, 0.333\ldots, are no exact value)
            f = Fraction(digits)
            return sp.Rational(f.numerator, f.denominator)
    return None


def _indexed_names(tree) -> set[str]:
    """The names a tree writes with the index of a sum around them (``y`` in ``\\sum_k y_k``) or differentiates
    by an entry of (``z`` in ``\\partial z_j``): its vectors."""
    out, stack = set(), [(tree, frozenset())]
    while stack:
        t, bound = stack.pop()
        if isinstance(t, tuple) and t:
            match t:
                case Sum(var):
                    bound = bound | {var}
                case PartialDeriv(_, entry):
                    entry = _core(entry)
                    if isinstance(entry, Sym):
                        out.add(entry.name)
                case Sym(name, sub) if bound and sub is not None and name != "\\delta" \
                        and not bound.isdisjoint(sub_letters(sub[1]) or ()):
                    out.add(name)
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
        # what a softmax the section defines is of (`p = \\operatorname{softmax}(z)`) is a vector whose entries are
        # variables, as a declared one, unless the section defines it too
        free = {rule[1] for rule in known.definitions.values()
                if rule is not None and rule[0] == "softmax" and rule[1] not in known.definitions}
        return Scope(size, dict(known.definitions), dict(known.hypotheses), known.vectors | set(declared),
                     frozenset(declared) | free, shapes, matrices)

    def settle(self, operations: dict, section: int, trees: list, placed: dict) -> None:
        """After the steps of the statement ``trees`` are placed (``placed``: step -> verdict): a chain that defined a
        name by what is not read, and by what is read in a later term (``f(x, y) = x^\\top A y = \\sum_{i,j} x_i
        A_{ij} y_j``), defines it by that term when every link before it is proved: the two are then the same for
        every size. (Only the chain :meth:`note` read last, and only for its own statement.)"""
        restated = operations.pop(_restated_key(section), None)
        if restated is not None and restated[1] is trees and placed.get(0) is not Verdict.CORRECT:
            # written again by what is not proved the same: a new definition (or a slip), so the name is unknown
            known = operations.get(scope_key(section)) or Scope()
            operations[scope_key(section)] = replace(known, definitions={**known.definitions, restated[0]: None})
        pending = operations.pop(_chain_key(section), None)
        if pending is None or pending[3] is not trees:
            return
        name, rule, k, _ = pending
        known = operations.get(scope_key(section)) or Scope()
        if name not in known.definitions or known.definitions[name] is not None \
                or any(placed.get(j) is not Verdict.CORRECT for j in range(1, k)):
            return
        operations[scope_key(section)] = replace(known, definitions={**known.definitions, name: rule})
        operations[_unread_key(section)] = operations.get(_unread_key(section), frozenset()) - {name}

    def restated(self, operations: dict, section: int, trees: list) -> str | None:
        """The name the statement ``trees`` writes again without words of a definition, which waits for its
        verdict (:meth:`settle`): it stands for its first definition while it is judged; or None."""
        restated = operations.get(_restated_key(section))  # (set by this statement's note, popped by its settle)
        return restated[0] if restated is not None and tuple(restated[1]) == tuple(trees) else None

    def note(self, operations: dict, section: int, trees: list, rels: list[str], restated: bool = False) -> None:
        """Learn from one statement of ``section``. ``restated``: the text does not introduce the statement as a
        definition ("let", "define"), so a function it has defined already keeps its first definition, and the
        statement (``\\mathrm{KL}(y\\|p) = \\sum_k y_k \\log y_k - \\ldots``) is a claim about it."""
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
        # `x = y = \mathbf 1` names two vectors by one value: no rule of x by y (the chain's last term is the value)
        names_chain = len(rels) > 1 and trees[1] is not None and isinstance(_core(trees[1]), Sym)
        named = None if hyp is not None or names_chain else definition(trees, rels, known_names)
        operations.pop(_chain_key(section), None)
        if named is not None and named[1] is None and named[0] not in defs:
            later = _later_definition(trees, rels, named[0], known_names)
            if later is not None:  # (it stands once the links up to it are proved: settle)
                operations[_chain_key(section)] = (*later, trees)
        unread = operations.get(_unread_key(section), frozenset())
        pending = dict(operations.get(_pending_key(section)) or {})
        if named is not None:
            name, rule = named
            if rule is not None and rule[0] == "softmax":
                # `p = \\operatorname{softmax}(z)`: z is a vector, whether or not the text writes it with an index
                vectors.add(rule[1])
            old = defs.get(name, rule)
            normaliser = _named_normaliser(old, rule)
            if rule is not None and rule[0] == "entry" and (name in unread or _applies_functions(old)):
                # `\\ell = \\log \\operatorname{softmax}(z)` (not read, or a function of a vector as a whole), then
                # `\\ell_i = z_i - \\log \\sum_k e^{z_k}`: the entries spell it out, and are read
                old = rule
            elif _restates(old, rule) or _spells_softmax(old, rule) \
                    or (restated and name.endswith("()") and old is not None):
                # `y = Wx + b`, then `y_k = \\sum_l W_{kl} x_l + b_k`: the first stands; so does a function's first
                # definition against a rewriting of it the text does not call a definition
                rule = old
            elif restated and old is not None and rule is not None and old != rule and old[0] == "scalar" \
                    and rule[0] == "scalar" and old[1] is None and rule[1] is None:
                # `L = -\\sum_i y_i z_i + \\log\\sum_k e^{z_k}` after `L = -\\sum_i y_i \\log p_i`, "we can rewrite":
                # judged against the first, which stands if it is proved the same (settle), else the name is unknown
                operations[_restated_key(section)] = (name, trees)
                rule = old
            elif normaliser is not None and normaliser not in defs:
                # `p = \\operatorname{softmax}(z)`, "so that $p_i = e^{z_i}/S$ where $S = \\sum_k e^{z_k}$": the
                # softmax stands, unless the normaliser, named before it is defined, turns out to be another sum
                pending[normaliser] = (name, rule)
                rule = old
            unread = unread | {name} if name not in defs and rule is None and trees[0] is not None \
                and isinstance(_core(trees[0]), Sym) and _core(trees[0]).sub is None else unread - {name}
            defs[name] = rule if old == rule else None
            if name in pending:  # the normaliser a softmax's entries named: its sum, or the softmax is not read
                spelled, entry = pending.pop(name)
                quotient = _quotient(_core(entry[2]))
                if rule is None or rule[0] != "scalar" or quotient is None \
                        or not _spells_softmax(defs.get(spelled), ("entry", entry[1], Frac(quotient[0], rule[2]))):
                    defs[spelled] = None
            operations[_unread_key(section)] = unread
            operations[_pending_key(section)] = pending
        operations[scope_key(section)] = Scope(None, defs, {k: v for k, v in hyps.items()}, frozenset(vectors))


def entry_of_defined(trees: list, rels: list[str], scope: Scope) -> str | None:
    """``J_{ij} = p_i \\delta_{ij} - p_i p_j`` after ``J = \\operatorname{diag}(p) - p p^\\top``, ``y_k = \\sum_l
    W_{kl} x_l`` after ``y = Wx``: an entry of a vector or a matrix the section has defined as a whole (by what this
    reading reads: vectors and matrices, a softmax), written out; or the square of a name it defined (``r^2 = \\ldots``
    after ``r = \\sqrt{\\ldots}``). A claim about that entry, not a definition of it (a slip in it is a slip); the
    name, or None. Not after a definition by a function of a vector as a whole
    (``\\ell = \\log \\operatorname{softmax}(z)``), which the entries spell out instead."""
    if not rels or rels[0] != "=" or trees[0] is None or trees[1] is None:
        return None
    left = _core(trees[0])
    if isinstance(left, Pow) and _squared_name(left.base, left.exp):
        # `r^2 = \\frac1d \\sum_k x_k^2 + \\epsilon` after `r = \\sqrt{\\ldots}`: a claim about r's square
        name = _core(left.base).name
        rule = scope.definitions.get(name)
        known = rule is not None and rule[0] == "scalar" and rule[1] is None and f"{name}^2" not in scope.definitions
        return f"{name}^2" if known else None
    if not isinstance(left, Sym) or left.sub is None or len(sub_letters(left.sub[1]) or ()) not in (1, 2):
        return None
    rule = scope.definitions.get(left.name)
    if rule is None or not (rule[0] == "softmax" or (rule[0] == "scalar" and rule[1] is None)):
        return None
    # (diag and tr are matrix notation, read entry by entry; a log or another function of a vector is not)
    functions = {t.name for t in _nodes_of(rule[2], UFunc)} - {"diag", "tr"} if rule[0] == "scalar" else set()
    if functions or (rule[0] == "scalar" and mentions(rule[2], Log)):
        return None
    return left.name


def _nodes_of(tree, kind) -> list:
    out, stack = [], [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, kind):
            out.append(t)
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return out


def _later_definition(trees: list, rels: list[str], name: str, known: set[str]) -> tuple | None:
    """``f(x, y) = x^\\top A y = \\sum_{i,j} x_i A_{ij} y_j``, a chain of equalities whose first right side defines
    ``name`` by what is not read: (name, the first later term's rule that is read, its index), else None."""
    if len(rels) < 2 or any(r != "=" for r in rels):
        return None
    for k in range(2, len(trees)):
        if trees[k] is None:
            return None
        read = definition([trees[0], trees[k]], ["="], known)
        if read is not None and read[0] == name and read[1] is not None:
            return name, read[1], k
    return None


def _restated_key(section: int) -> str:
    """Where a name written again without words of a definition waits for its statement's verdict."""
    return f"index-restated:{section}"


def _chain_key(section: int) -> str:
    """Where a definition a chain's later term gives (:func:`_later_definition`) waits for the chain's links."""
    return f"index-chain:{section}"


def _applies_functions(rule) -> bool:
    """Is ``rule`` a vector written as a function of a whole vector (``\\log \\operatorname{softmax}(z)``), which the
    reading of matrix notation does not take entry by entry?"""
    return rule is not None and rule[0] == "scalar" and mentions(rule[2], Log, UFunc)


def _restates(old, new) -> bool:
    """Is ``new`` an entry of a vector ``old`` defines in matrix notation (a step that spells it out, not a second
    definition)?"""
    return (old is not None and new is not None and old[0] == "scalar" and new[0] == "entry"
            and not uses_index_notation(old[2]))


def _unread_key(section: int) -> str:
    """Where the names a section defined once as a whole, by what is not read, are kept."""
    return f"index-unread:{section}"


def scope_key(section: int) -> str:
    return f"index:{section}"


def _one(found: set[str]) -> str | None:
    return next(iter(found)) if len(found) == 1 else None


def hypothesis(trees: list, rels: list[str]) -> tuple[str, sp.Rational] | None:
    r"""``\sum_k y_k = 1``: (``y``, 1), or None."""
    if len(rels) != 1 or rels[0] != "=" or trees[0] is None or trees[1] is None:
        return None
    left = _core(trees[0])
    if not isinstance(left, Sum) or len(left.var) != 1:
        return None
    value = _literal(trees[1])
    if value is None:
        return None
    body = _core(left.body)
    if not isinstance(body, Sym) or body.sub is None or body.sub[1] != Sym(left.var, None):
        return None
    return body.name, value


def condition_on(trees: list, rels: list[str], scope: Scope) -> str | None:
    r"""``\|k\|_2 = \sqrt d``, ``\|q\|_2 = \|k\|_2``, ``y = \mathbf 1`` of vectors the section declares (``k \in
    \mathbb{R}^d``) and defines no way: a condition the text puts on them ("with normalised inputs", "for $y =
    \mathbf 1$"), not an identity of every such vector; a vector's name, or None. The two sides speak of no vector in
    common (the entries of independent vectors agree for every value only where both sides are constant), of no
    vector the section defines, and hold no derivative nor function the section defines. An expression of a vector
    on both sides (``\sum_i x_i^2 = \|x\|_2^2``) is an identity to check."""
    if len(rels) != 1 or rels[0] != "=" or trees[0] is None or trees[1] is None:
        return None
    # (a name the section defines as a number, `d = 64`, is a scalar: no vector)
    vectors = set(scope.declared) | set(scope.vectors) | set(scope.matrices)
    free = set(scope.declared) - set(scope.definitions) - set(scope.matrices)
    written = [{n.split("_")[0] for n in tree_names(t)} for t in trees]
    names = [w & vectors for w in written]
    # a name the section defines from the vector (`\mu`, `s`, `p_j`) ties a side to it: an identity to check
    defined = (set(scope.definitions) - scope.size_letters()) & (written[0] | written[1])
    if (names[0] & names[1]) or not (names[0] | names[1]) <= free or defined \
            or any(mentions(t, Deriv, PartialDeriv, Gradient, UFunc) for t in trees):
        return None
    on = names[0] | names[1]
    # only the shapes a condition takes: a vector, its norm (or a power of it), an inner product of two vectors
    if not on or not all(_plain_of_vectors(t) for t, n in zip(trees, names, strict=True) if n):
        return None
    return min(on)


def _plain_of_vectors(tree) -> bool:
    """Is ``tree`` a vector's name (``y``), its norm or a power of it (``\\|k\\|_2``, ``\\|x\\|^2``), or an inner
    product of two names (``x^\\top y``): the side of a condition on vectors, not an expression of them?"""
    t = _core(tree)
    match t:
        case Pow(base, _):
            t = _core(base)
    match t:
        case Sym(_, None):
            return True
        case Norm(operand):
            return isinstance(_core(operand), Sym) and _core(operand).sub is None
        case Mul(Transpose(left), right):
            return all(isinstance(_core(x), Sym) and _core(x).sub is None for x in (left, right))
    return False


def definition(trees: list, rels: list[str], known: set[str] = frozenset()) -> tuple[str, tuple | None] | None:
    """``NAME = ...``, ``NAME_i = ...``, ``\\sigma^2 = ...``: (NAME, its rule), the rule None where it is not read:
    a right side with neither index notation nor a name the section defines by it (``known``)."""
    if not rels or rels[0] != "=" or trees[0] is None or trees[1] is None:
        return None
    left, right = _core(trees[0]), _core(trees[1])
    match left:
        case UFunc(name) if name in ("tr", "diag"):
            # `\\operatorname{tr}(AW) = \\sum_{k,l} A_{kl} W_{lk}`: a claim about the trace, not a definition
            return None
        case UFunc("softmax", (arg,)):
            # `\\operatorname{softmax}(z) = p`: the standard softmax names p (unless p is known), never a new softmax
            arg, name = _core(arg), right.name if isinstance(right, Sym) and right.sub is None else None
            if name is None or name in known or not (isinstance(arg, Sym) and arg.sub is None):
                return None
            return name, ("softmax", arg.name)
        case UFunc(name, args):  # `\\operatorname{rms}(x) = \\sqrt{\\frac1d\\sum_i x_i^2}`: a function of vectors
            params = tuple(_core(a) for a in args)
            if not all(isinstance(p, Sym) and p.sub is None for p in params) \
                    or len({p.name for p in params}) != len(params):
                return None
            named = tuple(p.name for p in params)
            return f"{name}()", (("function", named, trees[1]) if uses_index_notation(trees[1]) else None)
        case Pow(base, exp) if _squared_name(base, exp):
            if _core(base).name in known:
                return None  # `r^2 = \\ldots` after `r = \\sqrt{\\ldots}`: a claim about r's square (entry_of_defined)
            left = Sym(_core(base).name + "^2", None)  # `\\sigma^2 = \\frac1d\\sum_k (x_k - \\mu)^2`
    if not isinstance(left, Sym) or left.name in ("e", "%", "$", "°"):
        return None
    if left.name == "\\delta" and not (left.sub is None and isinstance(right, Deriv)):
        # `\\delta_{ij}` is Kronecker's; `\\delta = \\frac{\\partial L}{\\partial y}` names the upstream gradient of
        # backpropagation, whose entries are then `\\delta_k` (and `\\delta_{ki}`, with two indices, Kronecker's still)
        return None
    if left.sub is not None:
        letters = sub_letters(left.sub[1])
        if letters is None or len(letters) != 1:
            return None  # `p_1 = 0.2`: a value of one entry
        return left.name, ("entry", letters[0], trees[1])
    match right:
        case UFunc("softmax", args) if len(args) == 1:
            arg = _core(args[0])
            return left.name, (("softmax", arg.name) if isinstance(arg, Sym) and arg.sub is None else None)
    read = uses_index_notation(trees[1]) or bool(_names(trees[1]) & set(known))
    return left.name, (("scalar", None, trees[1]) if read else None)


def _quotient(body) -> tuple | None:
    """``\\frac{a}{b}`` or ``a / b``: (a, b); None for another node."""
    match body:
        case Frac(num, den) | Div(num, den):
            return num, den
    return None


def _spells_softmax(old, new) -> bool:
    """Is ``new`` the entry of ``old``, a softmax, spelled out: `p = \\operatorname{softmax}(z)`, "that is, $p_i =
    \\frac{e^{z_i}}{\\sum_k e^{z_k}}$" (or ``e^{z_i} / \\sum_k e^{z_k}``; the sum's limits as written; a body of
    another shape is another definition)?"""
    if old is None or new is None or old[0] != "softmax" or new[0] != "entry":
        return False
    arg, index, quotient = old[1], new[1], _quotient(_core(new[2]))
    if quotient is None:
        return False
    den = _core(quotient[1])
    return isinstance(den, Sum) and den.var != index and _exp_of_entry(quotient[0], arg, index) \
        and _exp_of_entry(den.body, arg, den.var)


def _named_normaliser(old, new) -> str | None:
    """``p_i = e^{z_i}/S`` after ``p = \\operatorname{softmax}(z)``: the name of the denominator (S), a plain name
    the softmax's entries are divided by; None for any other pair of definitions."""
    if old is None or new is None or old[0] != "softmax" or new[0] != "entry":
        return None
    quotient = _quotient(_core(new[2]))
    if quotient is None or not _exp_of_entry(quotient[0], old[1], new[1]):
        return None
    den = _core(quotient[1])
    return den.name if isinstance(den, Sym) and den.sub is None and den.name not in ("e", old[1]) else None


def _pending_key(section: int) -> str:
    """Where the normalisers a softmax's entries named before they were defined are kept (name -> the softmax's
    name and its entry rule)."""
    return f"index-pending:{section}"


def _exp_of_entry(tree, name: str, index: str) -> bool:
    """Is ``tree`` ``e^{name_index}`` or ``\\exp(name_index)``?"""
    t = _core(tree)
    match t:
        case Pow(base, exp) if _core(base) == Sym("e", None):
            entry = _core(exp)
        case Func("exp", (arg,)):
            entry = _core(arg)
        case _:
            return False
    return isinstance(entry, Sym) and entry.name == name and entry.sub is not None and _core(entry.sub[1]) == Sym(
        index, None)


def _squared_name(base, exp) -> bool:
    """Is ``base^exp`` a plain name squared (``\\sigma^2``, ``(\\sigma)^{2}``)?"""
    base = _core(base)
    return isinstance(base, Sym) and base.sub is None and _core(exp) == Num("2")


def _names(tree) -> set[str]:
    """The names a tree mentions (``\\sigma^2`` as one where it is squared)."""
    out, stack = set(), [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple) and t:
            match t:
                case Sym(name):
                    out.add(name)
                case Deriv(_, var) | Gradient(var):  # `\\partial L/\\partial p`: by p
                    out.add(var)
                case Pow(base, exp) if isinstance(_core(base), Sym) and _core(exp) == Num("2"):
                    out.add(_core(base).name + "^2")
            stack.extend(x for x in t if isinstance(x, tuple))
    return out

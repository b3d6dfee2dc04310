r"""The values of names a key defines by a formula, carried to the later steps of their section (issue 27).

A worked example defines names by formulas of the numbers it was given: ``z = (1, 2, 3)``, then ``p_i =
\frac{e^{z_i}}{\sum_j e^{z_j}}`` (entry by entry), ``J = \operatorname{diag}(p) - p p^\top``, ``a =
\operatorname{softmax}(s)``, ``\theta_1 = \theta_0 - \eta \hat m_1 / \sqrt{\hat v_1}``. Where every input of the
formula has a value at that point (the paragraph's own, or one an earlier paragraph of the section bound), the
name gets the formula's value, computed by the worker (under its time limit), and its entries get theirs
(``p_2``, ``J_{13}``: entries count from 1).

Such a value is *carried*: it proves the later steps it makes hold, never refutes one (the name may have been
reused for another quantity since, which no statement of the text says), as the values of earlier paragraphs do
(:func:`lnsym.check.roles.rules.proved_with_earlier_values`), with one exception: an approximation of the name
alone, ``p \approx (0.0900, 0.2448, 0.6652)``, states its value, and is refuted where nothing says the name may be
another quantity by then (:func:`lnsym.check.roles.rules.approximates_an_earlier_value`). A name the section
defines twice (by a formula or by a value), or writes a value for anywhere before the step, is not carried: which
one a step means is not known.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import sympy as sp

from lnsym.check.judges.judgement import StatementJob
from lnsym.check.judges.numbers.evaluate import Vec, name_of
from lnsym.check.judges.numbers.values import Mat
from lnsym.check.parse.nodes import Add, Group, Neg, Num, Product, Sum, Sym, Vector, rebuilt
from lnsym.check.roles.forms import written_names
from lnsym.check.roles.index_scope import definition

__all__ = ["MAX_ENTRIES", "at_index", "carried_value", "defined_name", "entry_values", "in_subscript",
           "indexed_vectors", "names_at", "value_at", "vector_of"]

MAX_ENTRIES = 64  # a vector defined entry by entry has at most this many entries (a worked example's)


def _core(tree: Any) -> Any:
    while isinstance(tree, Group):
        tree = tree.inner
    return tree


def defined_name(trees: list, rels: list[str], env: dict[str, Any] | None = None) -> str | None:
    """The name the statement defines: ``NAME = ...`` (``S``, ``\\theta_{1}``) or, entry by entry, ``NAME_i = ...``
    (``p``), or None. With ``env``, the names bound: ``d_h = d/h`` with a value for h defines ``d_{h}``."""
    if not rels or rels[0] != "=" or trees[0] is None or len(trees) < 2 or trees[1] is None:
        return None
    entry = _entry_rule(trees, rels, env)
    if entry is not None:
        return entry[0]
    return name_of(trees[0])


def _entry_rule(trees: list, rels: list[str], env: dict[str, Any] | None = None) -> tuple[str, str, tuple] | None:
    """``p_i = body``: (``p``, ``i``, body), or None: the body must write the letter as a subscript (``z_i``,
    ``\\theta_{t-1}``), and the letter must have no value (``d_h = d/h`` with ``h = 12`` is a name of its own)."""
    left = _core(trees[0])
    if not isinstance(left, Sym) or left.sub is None:
        return None
    read = definition(trees, rels)
    if read is None or read[1] is None or read[1][0] != "entry":  # (a rule of index_scope, not a node)
        return None
    _, letter, body = read[1]
    if (env is not None and letter in env) or not in_subscript(body, letter):
        return None
    return read[0], letter, body


def in_subscript(tree: Any, letter: str) -> bool:
    """Does ``tree`` write ``letter`` in a subscript (``z_i``, ``\\theta_{t-1}``): an index, not a number?"""
    if not isinstance(tree, tuple) or not tree:
        return False
    if isinstance(tree, Sym) and tree.sub is not None and _mentions(tree.sub[1], letter):
        return True
    return any(in_subscript(x, letter) for x in tree if isinstance(x, tuple))


def _indexed_by(tree: Any, letter: str, out: set[str]) -> bool:
    """Collect in ``out`` the names ``tree`` writes with the subscript ``letter`` (``z`` in ``e^{z_i}``); False when
    ``letter`` is also the index of a sum or product in it (then it is another variable there)."""
    if not isinstance(tree, tuple) or not tree:
        return True
    match tree:
        case Sum(var) | Product(var) if var == letter:
            return False
        case Sym(name, sub) if sub is not None and _core(sub[1]) == Sym(letter, None):
            out.add(name)
            return True
    return all(_indexed_by(x, letter, out) for x in tree if isinstance(x, tuple))


def _integer_at(tree: Any, letter: str, k: int) -> int | None:
    """The whole number a subscript written with ``letter`` is at ``letter = k`` (``t-1`` at 2 is 1), or None where
    it is more than sums and differences of the letter and whole numbers."""
    match _core(tree):
        case Num(digits) if digits.isdigit():
            return int(digits)
        case Sym(name, None) if name == letter:
            return k
        case Neg(operand):
            inner = _integer_at(operand, letter, k)
            return None if inner is None else -inner
        case Add(terms):
            parts = [_integer_at(x, letter, k) for x in terms]
            return None if any(x is None for x in parts) else sum(parts)
    return None


def _mentions(tree: Any, letter: str) -> bool:
    if not isinstance(tree, tuple) or not tree:
        return False
    if isinstance(tree, Sym) and tree.name == letter and tree.sub is None:
        return True
    return any(_mentions(x, letter) for x in tree if isinstance(x, tuple))


def at_index(tree: Any, letter: str, k: int) -> Any:
    """``tree`` with the index ``letter`` standing for ``k``: ``z_i`` is the entry name ``z_{k}``, ``\\theta_{t-1}``
    ``\\theta_{k-1}``, a bare ``i`` the number k; None where a subscript with the letter is not a whole number."""
    if not isinstance(tree, tuple) or not tree:
        return tree
    match tree:
        case Sum(var) | Product(var) if var == letter:
            return None  # the letter is the index of the sum there: another variable
        case Sym(name, sub):
            if sub is not None and _mentions(sub[1], letter):
                n = _integer_at(sub[1], letter, k)
                return None if n is None or n < 0 else Sym(name, (str(n), Num(str(n))))
            if name == letter and sub is None:
                return Num(str(k))
            return tree
    out = []
    for x in tree:
        y = at_index(x, letter, k) if isinstance(x, tuple) else x
        if y is None and x is not None:
            return None
        out.append(y)
    return rebuilt(tree, out)


def entry_values(env: dict[str, Any]) -> dict[str, Any]:
    """The entries of the vectors and matrices of ``env`` under their names (``p_{2}``, ``J_{13}``), counted from 1,
    where ``env`` does not name them itself; a matrix's only where both its sizes are single digits."""
    out: dict[str, Any] = {}
    for name, value in env.items():
        if not isinstance(value, Vec) or "_" in name or ":" in name:
            continue
        if isinstance(value, Mat):
            rows, cols = value.shape
            if rows <= 9 and cols <= 9 and not value.is_vector:
                out.update({f"{name}_{{{r + 1}{c + 1}}}": value.items[r * cols + c]
                            for r in range(rows) for c in range(cols)})
            continue
        out.update({f"{name}_{{{k + 1}}}": v for k, v in enumerate(value.items)})
    return {k: v for k, v in out.items() if k not in env}


def _numeric(value: Any) -> bool:
    items = value.items if isinstance(value, Vec) else (value,)
    return bool(items) and all(isinstance(x, sp.Basic) and x.is_number and not x.has(sp.oo, sp.zoo, sp.nan)
                               for x in items)


def indexed_vectors(body: Any, letter: str) -> set[str]:
    """The vectors the body of ``NAME_letter = body`` indexes by the letter (``z`` in ``e^{z_i}/S``); empty where the
    letter is also the index of a sum in it."""
    vectors: set[str] = set()
    return vectors if _indexed_by(body, letter, vectors) else set()


def vector_of(worker: Any, body: Any, letter: str, env: dict[str, Any]) -> Vec | None:
    """The vector ``NAME_letter = body`` defines entry by entry over the vectors of ``env`` the body indexes by the
    letter (all of one length, at most :data:`MAX_ENTRIES`), or None. Computed by ``worker``."""
    known = {**env, **entry_values(env)}
    vectors = indexed_vectors(body, letter)
    if not vectors:
        return None
    sizes = {len(v) if isinstance(v, Vec) and not isinstance(v, Mat) else 0 for v in map(known.get, vectors)}
    if len(sizes) != 1 or not 1 <= min(sizes) <= MAX_ENTRIES:
        return None
    entries = [at_index(body, letter, k) for k in range(1, sizes.pop() + 1)]
    if any(e is None for e in entries):
        return None
    value_tree = Vector(entries)
    probe = StatementJob([value_tree, value_tree], ["", ""], ["x", "x"], ["="], env=known)  # (sources: judged)
    _, values = worker.run(probe)
    value = values.get(1)
    return value if isinstance(value, Vec) and _numeric(value) else None


def carried_value(worker: Any, job: StatementJob, env: dict[str, Any],
                  values: dict[int, Any] | None = None) -> tuple[str, Any, bool] | None:
    """The name the statement of ``job`` defines, its value with the names of ``env`` known (with their entries), and
    whether that is the value of the definition itself (not of a later term of its chain), or None: ``NAME_i = body``
    entry by entry over the vectors the body indexes by i (all of one length), ``NAME = t_1 = t_2 ...`` the value of
    the first term that has one. Computed by ``worker``; ``values``, the values of the terms the check of ``job``
    itself found, are those where ``env`` knows no more than ``job.env`` (the same job: not judged twice)."""
    trees, rels = job.trees, job.rels
    known = {**env, **entry_values(env)}
    entry = _entry_rule(trees, rels, env)
    if entry is not None:
        name, letter, body = entry
        value = vector_of(worker, body, letter, env)
        return None if value is None else (name, value, True)
    name = name_of(trees[0])
    if name is None:
        return None
    k = 1
    while k < len(trees) and rels[k - 1] == "=" and trees[k] is not None and name_of(trees[k]) is not None:
        k += 1  # `a = b = 2 + 3`: the value is the first term after the names
    if k >= len(trees):
        return None
    if values is None or not _same_names(known, job.env):
        _, values = worker.run(replace(job, env=known))
    for j in range(k, len(trees)):
        if j > k and rels[j - 1] != "=":
            break
        value = values.get(j)
        if value is not None and _numeric(value):
            return name, value, j == k
    return None


def _same_names(env: dict[str, Any], other: dict[str, Any]) -> bool:
    """Do two environments bind the same names to the same objects?"""
    return len(env) == len(other) and all(env.get(k, other) is v for k, v in other.items())


def value_at(worker: Any, body: Any, letter: str, k: int, env: dict[str, Any]) -> Any:
    """The value of the index definition ``NAME_letter = body`` at ``letter = k`` (``\\theta_t = \\theta_{t-1} -
    \\alpha \\hat m_t / \\sqrt{\\hat v_t}`` at t = 1) with the names of ``env`` known, or None."""
    tree = at_index(body, letter, k)
    if tree is None:
        return None
    _, values = worker.run(StatementJob([tree, tree], ["", ""], ["x", "x"], ["="], env={**env, **entry_values(env)}))
    value = values.get(0)
    return value if value is not None and _numeric(value) else None


def names_at(body: Any, letter: str, k: int) -> set[str]:
    """The names the definition's body writes at ``letter = k`` (``\\theta_{0}``, ``\\hat{m}_{1}``)."""
    tree = at_index(body, letter, k)
    return written_names(tree) if tree is not None else set()

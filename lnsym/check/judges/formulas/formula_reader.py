"""The LayerNorm-aware reading of a key, called by the engine where the arithmetic leaves a step unchecked.

:class:`FormulaReader` holds what the reader knows about one file: its declarations
(:mod:`lnsym.check.spans.declarations`), the names the key defines with functions (``y = x + F(x)``, for
derivatives), and per paragraph the vector the paragraph works on. It decides

- formula steps (:mod:`~lnsym.check.judges.formulas.formula_claims`): sent to the check worker as a job,
  so the time limit applies and the catalogue is imported only when a formula appears;
- ``\\mu = ...`` and ``\\sigma^2 = ...`` where the paragraph has a vector: the mean and population
  variance of that vector;
- words ("Deviations: $[...]$", :mod:`lnsym.check.judges.formulas.words`).
"""

from __future__ import annotations

import re
from typing import Any

from lnsym.check.findings import Verdict
from lnsym.check.judges.judgement import Judgement, failure
from lnsym.check.judges.numbers.evaluate import Vec
from lnsym.check.parse.lexer import LexError, tokenize
from lnsym.check.parse.nodes import Add, Frac, Group
from lnsym.check.reasons import Reason
from lnsym.check.spans.declarations import parse_declarations

__all__ = ["FormulaReader"]


def _numeric_vec(v: Any) -> bool:
    return isinstance(v, Vec) and len(v) > 0 and all(getattr(x, "is_number", False) for x in v.items)


# the words by which a text says its \mu, \sigma^2, \hat z are LayerNorm's statistics
_STATISTICS = re.compile(r"\b(?:mean|means|average|variance|standard deviation|std|normali[sz]\w*|"
                         r"layer\s*-?\s*norm\w*|rms\s*-?\s*norm\w*|LN)\b", re.IGNORECASE)


def _entry_of_a_letter(toks: list) -> bool:
    """Is ``toks`` an entry by a letter index, ``p_i`` or ``p_{i}``?"""
    values = [t.value for t in toks]
    return toks[0].kind == "LETTER" and (
        (len(toks) == 3 and values[1] == "_" and toks[2].kind == "LETTER")
        or (len(toks) == 5 and values[1:3] == ["_", "{"] and toks[3].kind == "LETTER" and values[4] == "}"))


def _bare_name(toks: list) -> bool:
    """Is the left side one name (``\\mu``, ``\\sigma^2``, an entry ``\\hat x_i``): the statement then defines it."""
    toks = [t for t in toks if not (t.kind == "SYM" and t.value in "{}")]
    under = next((k for k, t in enumerate(toks) if t.kind == "SYM" and t.value == "_"), None)
    if under is not None:  # the entry's index: a letter or two (`_i`, `_{ij}`) or a number
        index = toks[under + 1 :]
        if not 1 <= len(index) <= 2 or any(t.kind not in ("LETTER", "NUM") for t in index):
            return False
        toks = toks[:under]
    kinds = [t.kind for t in toks]
    return 1 <= len(kinds) <= 3 and kinds[0] in ("CMD", "LETTER") and "REL" not in kinds \
        and all(t.value not in "+-" for t in toks if t.kind == "SYM")


class FormulaReader:
    def __init__(self, text: str, worker) -> None:
        self.text = text
        self.worker = worker
        self.decls = parse_declarations(text) if "lnsym" in text else None
        # does the text name the statistics the vocabulary knows (read once, from the whole text)?
        self.statistics_named = _STATISTICS.search(text) is not None
        self._definitions: dict | None = None
        self._lines = None  # a LineIndex, made on first use
        self._seen: dict[int, dict[str, Any]] = {}  # paragraph -> name -> last value seen
        self._order: dict[int, list[str]] = {}  # paragraph -> vector names, most recent last
        self._inferred: dict[int, Vec] = {}  # paragraph -> entries of a mean written out
        # paragraph -> vectors written as the value of a term, not bound to a name (`x + 10 = (11, 13)`)
        self._written: dict[int, list[tuple[str, Vec]]] = {}

    # -- the paragraph's vector ------------------------------------------------------------------
    def observe(self, paragraph: int, env: dict[str, Any]) -> None:
        seen = self._seen.setdefault(paragraph, {})
        order = self._order.setdefault(paragraph, [])
        for name, value in env.items():
            if _numeric_vec(value) and seen.get(name) != value:
                seen[name] = value
                if name in order:
                    order.remove(name)
                order.append(name)

    def vector(self, paragraph: int, env: dict[str, Any]) -> tuple[str, Vec] | None:
        """The vector the paragraph works on: the last one bound, else the entries of a mean written out."""
        found = self.vectors(paragraph, env)
        return found[0] if found else None

    def vectors(self, paragraph: int, env: dict[str, Any]) -> list[tuple[str, Vec]]:
        """The vectors a statistic of the paragraph may be of: the bound ones (the last first), else the entries
        of a mean written out; then the vectors written as a term's value, which a name reused for the changed
        quantity may be about ("Shift every entry by 10: $x + 10 = (11, 13)$, and now $\\mu = 12$")."""
        out = [(name, env[name]) for name in reversed(self._order.get(paragraph, [])) if _numeric_vec(env.get(name))]
        if not out and paragraph in self._inferred:
            out.append(("x", self._inferred[paragraph]))
        if out:
            out.extend(reversed(self._written.get(paragraph, [])))
        return out

    def note_vector(self, paragraph: int, term: str, value: Any) -> None:
        """The paragraph wrote ``value``, a vector, as the value of ``term`` (not a name it binds)."""
        if _numeric_vec(value):
            self._written.setdefault(paragraph, []).append((term, value))

    def _checked(self, kind: str, value: Any, tree: tuple | None, paragraph: int, env: dict[str, Any],
                 eps: Any = None) -> Judgement | None:
        """The word's check against the paragraph's vector. Wrong only when the value fits no vector the
        paragraph bound (which of them is meant is then not in doubt)."""
        from lnsym.check.judges.formulas.words import check_word

        found = self.vectors(paragraph, env)
        if not found:
            return None
        res = check_word(kind, value, tree, found[0][1], env, found[0][0], eps)
        if res.verdict is Verdict.WRONG:
            for name, vec in found[1:]:
                if check_word(kind, value, tree, vec, env, name, eps).verdict is not Verdict.WRONG:
                    return Judgement("unchecked", "", f"fits {name}, not the last vector {found[0][0]}")
        return res

    def _infer(self, paragraph: int, tree: tuple | None) -> None:
        """``\\mu = \\frac{2+4+4+6}{4}``: the paragraph works on [2, 4, 4, 6]."""
        from lnsym.check.judges.numbers.evaluate import evaluate
        from lnsym.check.roles.context import is_literal

        while isinstance(tree, Group):
            tree = tree.inner
        if not isinstance(tree, Frac):
            return
        num, den = tree.num, tree.den
        while isinstance(num, Group):
            num = num.inner
        if not isinstance(num, Add) or not all(is_literal(t) for t in num.terms) or not is_literal(den):
            return
        try:
            n = evaluate(den)
            items = [evaluate(t) for t in num.terms]
        except Exception:
            return
        if n == len(items):
            self._inferred.setdefault(paragraph, Vec(items))

    # -- declarations and definitions -----------------------------------------------------------
    def declared(self, offset: int):
        return self.decls.at(offset) if self.decls is not None else None

    def declaration_findings(self) -> list[tuple[int, int, Judgement]]:
        if self.decls is None:
            return []
        out = []
        for d in self.decls.items:
            if d.unknown:
                out.append((d.offset, d.end, Judgement(
                    "unchecked", "", "lnsym declaration not understood: " + "; ".join(d.unknown)
                    + " (understood: 'NAME is the input of LN', 'NAME features', 'eps = NUMBER')")))
        return out

    def definitions(self) -> dict:
        """Names the key defines with a function application (``y = x + F(x)``) or as an abbreviation of
        the vocabulary (``s = \\sqrt{\\sigma^2+\\epsilon}``), anywhere: key -> [(right side, line)]."""
        if self._definitions is None:
            from lnsym.check.judges.formulas.derivatives import entries_key, name_key
            from lnsym.check.parse.statements import split_statements
            from lnsym.check.spans.math_spans import LineIndex, find_spans

            lines = LineIndex(self.text)
            defs: dict[str, list] = {}
            for span in find_spans(self.text):
                try:
                    toks = tokenize(span.text)
                except LexError:
                    continue
                for st in split_statements(toks):
                    for k in range(len(st.rels)):
                        left, right = st.terms[k], st.terms[k + 1]
                        if st.rels[k].value != "=" or not left or not right or k > 0:
                            continue
                        if not (left[0].kind == "LETTER" and all(t.kind in ("LETTER", "NUM", "SYM") for t in left)):
                            continue
                        if _entry_of_a_letter(left):  # `p_i = z_i^2`: the text's own entries of p
                            defs.setdefault(entries_key(name_key(left[:1])), []).append(
                                (span.text[right[0].start : right[-1].end], lines.line_of(span.start + right[0].start)))
                        function = any(t.kind == "SYM" and t.value == "(" for t in right)
                        abbreviation = len(left) == 1 and any(
                            t.kind == "CMD" and t.value in ("sqrt", "sigma", "mu", "epsilon", "varepsilon", "frac")
                            for t in right) and not any(t.kind == "REL" for t in right)
                        if not (function or abbreviation):
                            continue
                        src = span.text[right[0].start : right[-1].end]
                        line = lines.line_of(span.start + right[0].start)
                        entry = (src, line)
                        bucket = defs.setdefault(name_key(left), [])
                        if all(" ".join(e[0].split()) != " ".join(src.split()) for e in bucket):
                            bucket.append(entry)
            self._definitions = defs
        return self._definitions

    # -- hooks ----------------------------------------------------------------------------------
    def step(self, *args, **kwargs) -> Judgement | None:
        """A step the arithmetic left unchecked: decide it by its meaning, or None (never an exception)."""
        try:
            return self._step(*args, **kwargs)
        except Exception as exc:  # a bad span never aborts the file; a fault of lnsym is shown
            res = failure(exc, "the formula reading")
            return res if res.verdict is Verdict.ERROR else None

    def words(self, *args, **kwargs) -> list:
        """See :meth:`_words`; never an exception."""
        try:
            return self._words(*args, **kwargs)
        except Exception as exc:  # a bad span never aborts the file; a fault of lnsym is shown
            res = failure(exc, "the reading of words")
            span_text = args[2] if len(args) > 2 else kwargs.get("span_text", "")
            return [(0, max(1, len(span_text)), res)] if res.verdict is Verdict.ERROR else []

    def _step(self, paragraph: int, offset: int, left: str, right: str, rel: str, trees: tuple,
              values: dict, index: int, env: dict[str, Any]) -> Judgement | None:
        self.observe(paragraph, env)
        if rel != "=":
            return None
        try:
            lt, rt = tokenize(left), tokenize(right)
        except LexError:
            return None
        res = self._statistic(paragraph, trees, values, index, env) or self._with_vector(paragraph, trees, rel, env)
        if res is not None:
            if res.verdict is Verdict.WRONG and self._other_convention(offset):
                return Judgement("unchecked", "", "the prose speaks of another convention; " + res.reason)
            return res
        from lnsym.check.judges.formulas.formula_claims import make_job, mentions_vocabulary

        if not (mentions_vocabulary(lt) or mentions_vocabulary(rt)):
            return None
        decl = self.declared(offset)
        job = make_job(left, right, decl.input_name if decl else None, self.definitions())
        if self._lines is None:  # counting newlines up to each formula would be quadratic in long keys
            from lnsym.check.spans.math_spans import LineIndex

            self._lines = LineIndex(self.text)
        job.line = self._lines.line_of(offset)
        if decl is not None:
            job.size_name, job.eps = decl.size_name, decl.eps
        results, _ = self.worker.run(job)
        res = results.get(0)
        if res is None or (res.verdict is Verdict.UNCHECKED and res.code is Reason.FORMULA_NOT_READ):
            return None
        if res.verdict is Verdict.WRONG and self._other_convention(offset):
            return Judgement("unchecked", "", "the prose speaks of another convention; " + res.reason)
        if res.verdict is Verdict.WRONG and not self.statistics_named and _bare_name(lt):
            # `\mu = \sum_i w_i` "for the total": a text that never speaks of a mean, a variance or a
            # normalization defines its own \mu; the vocabulary's meaning is no ground for `wrong`
            return Judgement("unchecked", "", "defines a name the vocabulary knows (the mean, the variance), in a "
                                               "text that does not say it means it; " + res.reason)
        return res

    def _other_convention(self, offset: int) -> bool:
        """Does the sentence around the formula speak of a case or another convention (sample variance ...)?"""
        import re

        before = self.text[max(0, offset - 160) : offset]
        cut = max(before.rfind(". "), before.rfind("\n\n"))
        before = before[cut + 1 :] if cut >= 0 else before
        return bool(re.search(r"\b(unbiased|sample|bessel|batch\s*norm|instead|would|wrong|incorrect|"
                              r"mistake|not|if|suppose|common error|error|typo|bug)\b", before, re.IGNORECASE))

    def _with_vector(self, paragraph: int, trees: tuple, rel: str, env: dict[str, Any]) -> Judgement | None:
        """``\\frac{x-\\mu}{\\sigma}=[...]`` where the paragraph's data are the entries of a mean written out."""
        from lnsym.check.judges.numbers.evaluate import evaluate, tree_names

        if paragraph not in self._inferred or trees[0] is None or trees[1] is None:
            return None
        if any(_numeric_vec(v) for v in env.values()):
            return None  # a vector bound by name is the paragraph's vector
        free = (tree_names(trees[0]) | tree_names(trees[1])) - set(env)
        if len(free) != 1 or next(iter(free)) not in ("x", "z", "h"):
            return None
        name = next(iter(free))
        vec = self._inferred[paragraph]
        from lnsym.check.judges.arithmetic import decide_pair

        try:
            L, R = evaluate(trees[0], {**env, name: vec}), evaluate(trees[1], {**env, name: vec})
            res = decide_pair(L, R, rel, trees, None, ("", ""), False)
        except Exception:
            return None
        if res.verdict is Verdict.UNCHECKED:
            return None
        note = f"with {name} = {vec!r}, the entries of the mean"
        return Judgement(res.verdict, res.expected, f"{note}; {res.reason}" if res.reason else note)

    def _statistic(self, paragraph: int, trees: tuple, values: dict, index: int, env: dict[str, Any]):
        """``\\mu = VALUE`` / ``\\sigma^2 = VALUE`` (the first step of a chain) against the paragraph's vector."""
        from lnsym.check.judges.numbers.evaluate import name_of

        if index != 0 or trees[0] is None or trees[1] is None:
            return None
        name = name_of(trees[0])
        found = self.vector(paragraph, env)
        if found is not None and name in (f"\\bar{{{found[0]}}}", f"\\overline{{{found[0]}}}"):
            name = "\\mu"  # \bar{x}: the mean of x
        if name not in ("\\mu", "\\sigma^2"):
            return None
        if found is None:
            if name == "\\mu":
                self._infer(paragraph, trees[1])
            return None
        value = values.get(1)
        if value is None or not getattr(value, "is_number", False):
            return None

        res = self._checked("mean" if name == "\\mu" else "var", value, trees[1], paragraph, env)
        return res if res is not None and res.verdict is not Verdict.UNCHECKED else None

    def _words(self, paragraph: int, prose: str, span_text: str, env: dict[str, Any], offset: int,
               span_wrong: bool = False):
        """A span after a word ("Deviations: $[...]$"): [(start, end, Judgement)] offsets in the span.
        ``span_wrong``: a step of the span is already wrong (its value is not reported twice)."""
        from lnsym.check.judges.formulas.words import word_before

        kind = word_before(prose)
        if kind is None:
            return []
        if self.vector(paragraph, env) is None:
            return []
        from lnsym.check.judges.numbers.evaluate import evaluate, name_of
        from lnsym.check.parse.grammar import ParseError, parse_term
        from lnsym.check.parse.statements import split_statements

        try:
            toks = tokenize(span_text)
        except LexError:
            return []
        chain = any(t.kind == "REL" for t in toks)
        if chain:
            sts = split_statements(toks)
            if len(sts) != 1 or not sts[0].terms[0] or not sts[0].terms[-1]:
                return []
            try:
                first = parse_term(sts[0].terms[0])
            except ParseError:
                return []
            if name_of(first) is not None or kind in ("mean", "var"):
                return []  # `\mu = ...` is checked as a step
            term = sts[0].terms[-1]
        else:
            term = toks
        if not term:
            return []
        try:
            tree = parse_term(term)
            value = evaluate(tree, env)
        except Exception:
            return []
        decl = self.declared(offset)
        eps = env.get("\\epsilon")
        if decl is not None and decl.eps is not None:
            import sympy as sp

            eps = sp.Rational(decl.eps.numerator, decl.eps.denominator)
        res = self._checked(kind, value, tree, paragraph, env, eps if getattr(eps, "is_number", False) else None)
        if res is None:
            return []
        if chain and (span_wrong or res.verdict is Verdict.UNCHECKED):
            return []
        if res.verdict is Verdict.WRONG and self._other_convention(offset):
            res = Judgement("unchecked", "", "the prose speaks of another convention; " + res.reason)
        return [(term[0].start, term[-1].end, res)]

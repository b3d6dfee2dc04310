r"""Prose with LaTeX math as plain Unicode text, for the terminal.

The catalogue's text fields are prose with math between dollars (:mod:`lnsym.prose`); reports and
JSON keep the LaTeX, a terminal cannot render it. :func:`prose_text` writes each math piece as
Unicode: commands by a table (``\partial`` -> ∂, ``\le`` -> ≤), fonts and sizes dropped, fractions
as ``a/b``, scripts as Unicode superscripts and subscripts when every character has one. A command
the tables do not know is written as its name, without the backslash (``\argmax`` -> ``argmax``).

>>> prose_text(r"numeric check $\|\partial\ell/\partial W^{2,l}\|_F$, $L = 4$")
'numeric check ‖∂ℓ/∂W^{2,l}‖_F, L = 4'
>>> math_text(r"\max_a|\gamma_a|/\sqrt{\epsilon}")
'maxₐ|γₐ|/√ε'
>>> math_text(r"\frac{1 + x}{d - 1} \le 10^{-5}")
'(1 + x)/(d - 1) ≤ 10⁻⁵'
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable

from lnsym.prose import split_prose

__all__ = ["math_text", "prose_text", "tolerate_narrow_stdout"]


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


_GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ",
    "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
    "xi": "ξ", "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "upsilon": "υ", "phi": "ϕ", "varphi": "φ",
    "chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ",
    "Pi": "Π", "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
}

# binary operators and relations carry their spaces (doubled spaces are joined): `a\le b` -> `a ≤ b`
_OPERATORS = {
    "le": " ≤ ", "leq": " ≤ ", "ge": " ≥ ", "geq": " ≥ ", "ne": " ≠ ", "neq": " ≠ ", "approx": " ≈ ",
    "sim": " ∼ ", "equiv": " ≡ ", "propto": " ∝ ", "ll": " ≪ ", "gg": " ≫ ", "in": " ∈ ", "notin": " ∉ ",
    "subset": " ⊂ ", "subseteq": " ⊆ ", "cup": " ∪ ", "cap": " ∩ ", "setminus": " ∖ ", "mid": " | ",
    "times": " × ", "cdot": " · ", "div": " ÷ ", "pm": " ± ", "mp": " ∓ ", "circ": " ∘ ", "odot": " ⊙ ",
    "otimes": " ⊗ ", "oplus": " ⊕ ", "to": " → ", "rightarrow": " → ", "leftarrow": " ← ", "mapsto": " ↦ ",
    "Rightarrow": " ⇒ ", "implies": " ⟹ ", "iff": " ⟺ ",
}

_SYMBOLS = {
    **_GREEK, **_OPERATORS,
    "partial": "∂", "nabla": "∇", "ell": "ℓ", "infty": "∞", "top": "ᵀ", "prime": "′", "sum": "Σ", "prod": "Π",
    "int": "∫", "forall": "∀", "exists": "∃", "emptyset": "∅", "neg": "¬", "dots": "…", "ldots": "…",
    "cdots": "⋯", "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉",
    "Vert": "‖", "lVert": "‖", "rVert": "‖", "vert": "|", "lvert": "|", "rvert": "|", "|": "‖",
    # spacing
    ",": " ", ";": " ", ":": " ", "!": "", " ": " ", "quad": " ", "qquad": "  ",
    # escaped characters, and the row break of an environment
    "{": "{", "}": "}", "%": "%", "$": "$", "#": "#", "&": "&", "_": "_", "\\": "; ",
}

# sizes and styles: nothing to show (\left. and \right. drop their dot too)
_DROPPED = _names("""
    left right big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr limits nolimits displaystyle textstyle scriptstyle
""")

# fonts: their argument as it is
_FONTS = _names("mathrm mathbf mathit mathsf mathtt mathcal boldsymbol bm text textrm textbf textit operatorname")

_DOUBLE_STRUCK = str.maketrans({"R": "ℝ", "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "C": "ℂ", "E": "𝔼", "P": "ℙ", "1": "𝟙"})

# accents: a combining character after the argument
_ACCENTS = {"hat": "\u0302", "widehat": "\u0302", "bar": "\u0304", "overline": "\u0305", "tilde": "\u0303",
            "widetilde": "\u0303", "dot": "\u0307", "ddot": "\u0308", "vec": "\u20d7"}

# environments: what stands for \begin and \end (cells are joined by ", ", rows by "; ")
_ENVIRONMENTS = {"matrix": ("", ""), "smallmatrix": ("", ""), "pmatrix": ("(", ")"), "bmatrix": ("[", "]"),
                 "Bmatrix": ("{", "}"), "vmatrix": ("|", "|"), "Vmatrix": ("‖", "‖"), "cases": ("{", ""),
                 "aligned": ("", ""), "gathered": ("", ""), "split": ("", ""), "array": ("", "")}

_SUPERSCRIPT = {"0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸",
                "9": "⁹", "+": "⁺", "-": "⁻", "=": "⁼", "(": "⁽", ")": "⁾", "n": "ⁿ", "i": "ⁱ", "d": "ᵈ",
                "k": "ᵏ", "T": "ᵀ", "ᵀ": "ᵀ"}
_SUBSCRIPT = {"0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇", "8": "₈",
              "9": "₉", "+": "₊", "-": "₋", "=": "₌", "(": "₍", ")": "₎", "a": "ₐ", "e": "ₑ", "i": "ᵢ",
              "j": "ⱼ", "k": "ₖ", "l": "ₗ", "m": "ₘ", "n": "ₙ", "o": "ₒ", "p": "ₚ", "r": "ᵣ", "s": "ₛ",
              "t": "ₜ", "u": "ᵤ", "v": "ᵥ", "x": "ₓ"}

# a command name, a control symbol, or one character. The spaces after a command name go when they
# only end the name (`\partial W` is ∂W), and stay before anything else (`\epsilon = 0` is ε = 0)
_TOKEN = re.compile(r"\\([A-Za-z]+)(?:\s+(?=[A-Za-z\\]))?|\\(.)|(.)", re.DOTALL)


class _Reader:
    """The tokens of one formula: ("word", name), ("symbol", char) or ("char", char)."""

    def __init__(self, tex: str) -> None:
        self.tokens = [("word", w) if w else ("symbol", s) if s else ("char", c)
                       for w, s, c in _TOKEN.findall(tex)]
        self.pos = 0

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        self.pos += 1
        return self.tokens[self.pos - 1]

    def argument(self) -> str:
        """The next group ``{...}`` or single token, as text; "" at the end."""
        while self.peek() == ("char", " "):
            self.take()
        if self.peek() is None:
            return ""
        if self.peek() == ("char", "{"):
            self.take()
            return _sequence(self, closing=("char", "}"))
        return _atom(self, self.take())

    def raw_group(self) -> str:
        """The next ``{...}`` as written (an environment's name, a column spec)."""
        if self.peek() != ("char", "{"):
            return ""
        self.take()
        out = []
        while self.peek() not in (None, ("char", "}")):
            out.append(self.take()[1])
        if self.peek() is not None:
            self.take()
        return "".join(out)


def _compound(text: str) -> bool:
    """Does ``text`` need parentheses as a numerator, a denominator or under a root? It does when it
    has a space or an operator outside the brackets it already has."""
    depth = 0
    for ch in text.strip():
        depth += (ch in "([{⟨") - (ch in ")]}⟩")
        if depth == 0 and ch in " +-−=<>≤≥,·×/÷±":
            return True
    return False


def _wrapped(text: str) -> str:
    text = text.strip()
    return f"({text})" if _compound(text) else text


def _fraction(r: _Reader) -> str:
    return f"{_wrapped(r.argument())}/{_wrapped(r.argument())}"


def _root(r: _Reader) -> str:
    index = ""
    if r.peek() == ("char", "["):
        r.take()
        index = _sequence(r, closing=("char", "]"))
    return f"{_script(index, _SUPERSCRIPT, '^') if index else ''}√{_wrapped(r.argument())}"


def _begin(r: _Reader) -> str:
    name = r.raw_group()
    if name == "array":
        r.raw_group()  # the column spec: nothing to show
    return _ENVIRONMENTS.get(name, ("", ""))[0]


def _end(r: _Reader) -> str:
    return _ENVIRONMENTS.get(r.raw_group(), ("", ""))[1]


def _double_struck(r: _Reader) -> str:
    return r.argument().translate(_DOUBLE_STRUCK)


def _font(r: _Reader) -> str:
    return r.argument()


def _dropped(r: _Reader) -> str:
    if r.peek() == ("char", "."):  # \left. and \right.: an invisible delimiter
        r.take()
    return ""


_STRUCTURES: dict[str, Callable[[_Reader], str]] = {
    "frac": _fraction, "tfrac": _fraction, "dfrac": _fraction, "sqrt": _root, "begin": _begin, "end": _end,
    "mathbb": _double_struck, **dict.fromkeys(_FONTS, _font), **dict.fromkeys(_DROPPED, _dropped),
    **{name: (lambda r, mark=mark: r.argument().strip() + mark) for name, mark in _ACCENTS.items()},
}


def _script(text: str, table: dict[str, str], mark: str) -> str:
    """A superscript or subscript: Unicode when every character has one, else ``^x`` or ``^{xy}``. Its
    spaces go (SymPy writes `\\delta_{a b}` for δ_{ab})."""
    text = "".join(text.split())
    if text and all(ch in table for ch in text):
        return "".join(table[ch] for ch in text)
    return f"{mark}{text}" if len(text) == 1 else f"{mark}{{{text}}}"


def _atom(r: _Reader, token: tuple[str, str]) -> str:
    kind, value = token
    if kind == "word":
        handler = _STRUCTURES.get(value)
        return handler(r) if handler else _SYMBOLS.get(value, value)
    if kind == "symbol":
        return _SYMBOLS.get(value, value)
    if value == "{":
        return _sequence(r, closing=("char", "}"))
    if value == "}":
        return ""  # unbalanced: nothing to show
    if value == "^":
        return _script(r.argument(), _SUPERSCRIPT, "^")
    if value == "_":
        return _script(r.argument(), _SUBSCRIPT, "_")
    return {"&": ", ", "~": " "}.get(value, value)


def _sequence(r: _Reader, closing: tuple[str, str] | None = None) -> str:
    out = []
    while r.peek() is not None:
        token = r.take()
        if token == closing:
            break
        out.append(_atom(r, token))
    return "".join(out)


def math_text(tex: str) -> str:
    """LaTeX math (without dollars) as plain Unicode text, on one line."""
    text = re.sub(r"\s+", " ", _sequence(_Reader(str(tex)))).strip()
    # no space inside brackets or before a comma (SymPy writes `\left(x \right)`, `[a, \  b]`)
    return re.sub(r"(?<=[(\[{⟨]) | (?=[)\]}⟩,;])", "", text)


def prose_text(text) -> str:
    """Prose with math between dollars (:mod:`lnsym.prose`) as plain Unicode text: the math written
    by :func:`math_text`, the text as it is (an escaped dollar is a dollar)."""
    return "".join(math_text(p.text) if p.math else p.text.replace(r"\$", "$") for p in split_prose(text))


def tolerate_narrow_stdout() -> None:
    """Let a stdout that cannot encode the symbols (``PYTHONIOENCODING=ascii``, an old console) show
    ``?`` for them instead of ending the command with a UnicodeEncodeError."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")

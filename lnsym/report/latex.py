"""Escaping text for LaTeX (and Markdown), in one pass.

Every piece of text that is not math goes through :func:`escape_latex` exactly once. The escape is a
single ``str.translate`` over the input, so a backslash inserted by the escaping is never escaped
again, and a hostile string (``\\input{/etc/passwd}``, ``\\write18{...}``, unbalanced braces,
``% & _ # ~ ^ $``) is typeset literally:

>>> print(escape_latex(r"\\input{/etc/passwd} 100% & $x_1$ #~^"))
\\textbackslash{}input\\{/etc/passwd\\} 100\\% \\& \\$x\\_1\\$ \\#\\textasciitilde{}\\textasciicircum{}

Text that carries inline ``$...$`` math written by (trusted) claim code, such as notes and plot
labels, goes through :func:`escape_text_with_math`: the text between the math is escaped, the math
is kept.

>>> print(escape_text_with_math(r"cap $\\gamma/\\sqrt{\\epsilon}$ (100%)"))
cap $\\gamma/\\sqrt{\\epsilon}$ (100\\%)

Non-ASCII characters: common mathematical ones (μ σ ε γ δ ≈ ≤ ≥ − × · ...) become math, Latin
letters with accents and typographic punctuation are kept (the document uses ``inputenc`` utf8 with
T1 fonts), and anything else is replaced by its code point, ``[U+1F600]`` (with a break point
after it), so no input can break the build.
"""

from __future__ import annotations

import re
import unicodedata

from lnsym.prose import split_prose

__all__ = [
    "escape_latex",
    "escape_latex_id",
    "escape_markdown",
    "escape_markdown_with_math",
    "escape_text_with_math",
    "markdown_math",
    "safe_id",
    "split_math",
]

# ASCII characters with a meaning to TeX, or that form ligatures in T1 fonts (--, ``, '', <<, >>).
_ASCII = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "$": r"\$",
    "&": r"\&",
    "#": r"\#",
    "_": r"\_",
    "%": r"\%",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
    "`": r"\textasciigrave{}",
    "'": r"\textquotesingle{}",
    '"': r"\textquotedbl{}",
    "-": "-{}",
    "\n": " ",
    "\r": " ",
    "\t": " ",
}

# Non-ASCII characters the T1/utf8 setup does not typeset, mapped to math (needs only amssymb).
_MATH = {
    "α": r"\alpha", "β": r"\beta", "γ": r"\gamma", "δ": r"\delta", "ε": r"\varepsilon", "ϵ": r"\epsilon",
    "ζ": r"\zeta", "η": r"\eta", "θ": r"\theta", "ι": r"\iota", "κ": r"\kappa", "λ": r"\lambda",
    "μ": r"\mu", "µ": r"\mu", "ν": r"\nu", "ξ": r"\xi", "π": r"\pi", "ρ": r"\rho", "σ": r"\sigma",
    "τ": r"\tau", "υ": r"\upsilon", "φ": r"\phi", "ϕ": r"\phi", "χ": r"\chi", "ψ": r"\psi",
    "ω": r"\omega", "Γ": r"\Gamma", "Δ": r"\Delta", "Θ": r"\Theta", "Λ": r"\Lambda", "Ξ": r"\Xi",
    "Π": r"\Pi", "Σ": r"\Sigma", "Φ": r"\Phi", "Ψ": r"\Psi", "Ω": r"\Omega",
    "≈": r"\approx", "≤": r"\le", "≥": r"\ge", "≠": r"\ne", "−": "-", "×": r"\times", "·": r"\cdot",
    "⋅": r"\cdot", "±": r"\pm", "∓": r"\mp", "→": r"\to", "←": r"\leftarrow", "↦": r"\mapsto",
    "⇒": r"\Rightarrow", "⇔": r"\Leftrightarrow", "∞": r"\infty", "√": r"\surd", "∑": r"\sum",
    "∏": r"\prod", "∂": r"\partial", "∇": r"\nabla", "∈": r"\in", "∉": r"\notin", "⊂": r"\subset",
    "⊆": r"\subseteq", "∪": r"\cup", "∩": r"\cap", "∀": r"\forall", "∃": r"\exists", "∅": r"\emptyset",
    "‖": r"\|", "⊙": r"\odot", "⊗": r"\otimes", "⊕": r"\oplus", "∘": r"\circ", "∝": r"\propto",
    "≡": r"\equiv", "≪": r"\ll", "≫": r"\gg", "∼": r"\sim", "≃": r"\simeq", "⟨": r"\langle",
    "⟩": r"\rangle", "²": "^{2}", "³": "^{3}", "¹": "^{1}", "✓": r"\checkmark", "✔": r"\checkmark",
    "✗": r"\times", "✘": r"\times", "ℝ": r"\mathbb{R}", "ℕ": r"\mathbb{N}", "ℤ": r"\mathbb{Z}",
    "ℓ": r"\ell", "°": r"^{\circ}", "¬": r"\neg", "∧": r"\wedge", "∨": r"\vee", "⊤": r"\top",
    "⊥": r"\perp", "÷": r"\div", "ħ": r"\hbar",
}

# Non-ASCII characters that inputenc (utf8) + fontenc (T1) + textcomp typeset as they are.
_TEXT = {
    "–": r"\textendash{}", "—": r"\textemdash{}", "‘": r"\textquoteleft{}", "’": r"\textquoteright{}",
    "“": r"\textquotedblleft{}", "”": r"\textquotedblright{}", "„": r"\quotedblbase{}",
    "…": r"\ldots{}", "•": r"\textbullet{}", "†": r"\textdagger{}", "‡": r"\textdaggerdbl{}",
    "€": r"\texteuro{}", "£": r"\pounds{}", "§": r"\S{}", "¶": r"\P{}", "©": r"\textcopyright{}",
    "®": r"\textregistered{}", "™": r"\texttrademark{}", "«": r"\guillemotleft{}",
    "»": r"\guillemotright{}", "\u00a0": "~", "\u2009": r"\,", "\u202f": r"\,", "¿": r"?`", "¡": r"!`",
}


# Latin Extended-A letters that T1 has no glyph for
_NOT_T1 = frozenset("ĦħĸĿŀŉŦŧſ")


def _non_ascii(ch: str) -> str:
    if ch in _MATH:
        return rf"\ensuremath{{{_MATH[ch]}}}"
    if ch in _TEXT:
        return _TEXT[ch]
    code = ord(ch)
    # Latin-1 and most of Latin Extended-A: declared by utf8.def for T1 and TS1 (textcomp)
    if (0xA1 <= code <= 0xFF and code != 0xAD) or (0x100 <= code <= 0x17F and ch not in _NOT_T1):
        return ch
    if unicodedata.category(ch) in ("Zs", "Zl", "Zp"):
        return " "
    if unicodedata.category(ch) in ("Cc", "Cf", "Mn"):  # controls, invisible formatting, lone accents
        return ""
    return rf"\texttt{{[U+{code:04X}]}}\allowbreak{{}}"


class _Table(dict):
    """A ``str.translate`` table: ASCII specials from :data:`_ASCII`, other code points decided on
    first use (and cached)."""

    def __missing__(self, code: int):
        ch = chr(code)
        value = _non_ascii(ch) if code >= 0x80 else (" " if code < 0x20 or code == 0x7F else ch)
        self[code] = value
        return value


_TABLE = _Table({ord(k): v for k, v in _ASCII.items()})


def escape_latex(text) -> str:
    """``text`` (any object, made a string) as LaTeX that typesets it literally; one pass."""
    if text is None:
        return ""
    return str(text).translate(_TABLE)


def escape_latex_id(text) -> str:
    """An identifier (claim id, file path, table cell) as LaTeX, with break points after ``-``,
    ``/``, ``_``, ``.``, ``,`` and ``=`` so that long ids and labels in narrow table cells can wrap
    (typewriter fonts do not hyphenate)."""
    out = escape_latex(text)
    return re.sub(r"(-\{\}|/|\\_|\.|,|=)", r"\1\\allowbreak{}", out)


def safe_id(text) -> str:
    """A claim id as a label, link target or mermaid node text: ids are lower-case words joined by
    ``-`` (the claim model checks that), and anything else is spelled as ``-uXXXX-`` so that no
    character can end a ``\\label{...}``, a Markdown link or a quoted string."""
    return re.sub(r"[^A-Za-z0-9-]", lambda m: f"-u{ord(m.group()):04x}-", str(text))


def split_math(text: str) -> list[tuple[bool, str]]:
    """``text`` as ``[(is_math, part), ...]``; math parts without their dollars, and only math that
    :func:`lnsym.prose.math_problem` accepts (see :func:`lnsym.prose.split_prose`)."""
    return [(p.math, p.text) for p in split_prose(text)]


def escape_text_with_math(text) -> str:
    """Prose with inline ``$...$`` math (:mod:`lnsym.prose`): text parts escaped, valid math kept;
    math that fails the check is escaped with the text, dollars included."""
    return "".join(f"${p.text}$" if p.math else escape_latex(p.text) for p in split_prose(text))


# ----------------------------------------------------------------------------------------- Markdown
_MD = {
    "\\": "\\\\", "`": "\\`", "*": "\\*", "_": "\\_", "[": "\\[", "]": "\\]", "<": "&lt;", ">": "&gt;",
    "&": "&amp;", "|": "\\|", "$": "\\$", "~": "\\~", "#": "\\#", "\n": " ", "\r": " ", "\t": " ",
}
_MD_TABLE = str.maketrans({**_MD, **{chr(c): " " for c in range(0x20) if chr(c) not in _MD}, "\x7f": " "})


def escape_markdown(text) -> str:
    """Plain text as GitHub-flavoured Markdown that shows it literally: no emphasis, links, HTML,
    math, or table cell breaks (``|`` is escaped everywhere, so the result is safe in a table)."""
    if text is None:
        return ""
    out = str(text).translate(_MD_TABLE)
    # a line-leading list or heading marker would change the block; text never starts a line bare,
    # but escape it anyway
    out = re.sub(r"^([-+=])", r"\\\1", out)
    return re.sub(r"^(\d+)([.)])(?=\s|$)", r"\1\\\2", out)  # "1. " would start an ordered list


def markdown_math(tex: str, *, table: bool = False) -> str:
    """LaTeX math for GitHub's ``$...$`` and ``math`` blocks: one line; ``<`` and ``>`` spelled
    ``\\lt`` and ``\\gt`` (so that no HTML tag can form); in a table ``|`` becomes ``\\vert``."""
    tex = " ".join(str(tex).split())
    tex = re.sub(r"(?<!\\)<", r"\\lt ", tex)
    tex = re.sub(r"(?<!\\)>", r"\\gt ", tex)
    if table:
        tex = tex.replace(r"\|", r"\Vert ").replace("|", r"\vert ")
    return re.sub(r" +", " ", tex).strip()


def escape_markdown_with_math(text, *, table: bool = False) -> str:
    """Prose with inline ``$...$`` math as Markdown: text parts escaped (no HTML, no emphasis), valid
    math kept as ``$...$``; math that fails the check is escaped with the text."""
    return "".join(f"${markdown_math(p.text, table=table)}$" if p.math else escape_markdown(p.text)
                   for p in split_prose(text))

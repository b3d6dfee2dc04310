"""LaTeX in prose as Unicode for the terminal: worked examples written out by hand, every entry of
every table exercised (a wrong or missing entry fails a test of its own), and every title of the
catalogue free of backslashes and dollars (the commands' output: tests/cli/test_verify_command.py)."""

import unicodedata

import pytest

from lnsym import terminal_math as tm
from lnsym.catalogue import load_catalogue
from lnsym.terminal_math import math_text, prose_text


@pytest.mark.parametrize(("tex", "text"), [
    (r"\|\partial\ell/\partial W^{2,l}\|_F", "‖∂ℓ/∂W^{2,l}‖_F"),
    (r"\max_a|\gamma_a|/\sqrt{\epsilon}", "maxₐ|γₐ|/√ε"),
    (r"\|\mathrm{LN}(z)\|^2 \le d", "‖LN(z)‖² ≤ d"),
    (r"\epsilon = 10^{-5}", "ε = 10⁻⁵"),
    (r"x_n = n\,b", "xₙ = n b"),
    (r"(1 + \delta)^n", "(1 + δ)ⁿ"),
    (r"\frac{1 + x}{d - 1}", "(1 + x)/(d - 1)"),
    (r"\frac{1}{\sqrt{\frac{1}{4}}}", "1/√(1/4)"),
    (r"\tfrac{a}{b}", "a/b"),
    (r"\sqrt[4]{12}", "⁴√12"),
    (r"\sum_{j=1}^{d} x_{j}", "Σⱼ₌₁ᵈ xⱼ"),
    (r"\delta_{a b}", "δ_{ab}"),
    (r"\left(x \right)", "(x)"),
    (r"\left. f \right|_{0}", "f |₀"),
    (r"\hat z\hat z^\top", "z\u0302z\u0302ᵀ"),
    (r"\mathbb{E}[x^2]", "𝔼[x²]"),
    (r"J_{\mathrm{LN}}", "J_{LN}"),
    (r"\begin{pmatrix}1 & 0\\ 0 & 1\end{pmatrix}", "(1, 0; 0, 1)"),
    (r"\argmax_x f", "argmaxₓ f"),
    (r"\foo{x}", "foox"),
    (r"a \cdot b\le c", "a · b ≤ c"),
])
def test_worked_examples(tex, text):
    assert math_text(tex) == text


def test_prose_converts_only_its_math():
    assert prose_text(r"cap $\gamma/\sqrt{\epsilon}$ (50%), costs \$5") == "cap γ/√ε (50%), costs $5"
    # math that is refused as LaTeX (lnsym.prose) stays as written, dollars and all
    assert prose_text(r"$\input{x}$") == r"$\input{x}$"


def _spaced(text: str) -> str:
    return " ".join(text.split())


# The expectations are written here, not read from the module's tables: a changed, added or removed
# entry fails a test (each table's keys are compared with these, each value is checked on its own).
OPERATORS = {
    "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠", "neq": "≠", "approx": "≈", "sim": "∼",
    "equiv": "≡", "propto": "∝", "ll": "≪", "gg": "≫", "in": "∈", "notin": "∉", "subset": "⊂", "subseteq": "⊆",
    "cup": "∪", "cap": "∩", "setminus": "∖", "mid": "|", "times": "×", "cdot": "·", "div": "÷", "pm": "±",
    "mp": "∓", "circ": "∘", "odot": "⊙", "otimes": "⊗", "oplus": "⊕", "to": "→", "rightarrow": "→",
    "leftarrow": "←", "mapsto": "↦", "Rightarrow": "⇒", "implies": "⟹", "iff": "⟺",
}
OTHERS = {  # \name{} between x and y
    "partial": "x∂y", "nabla": "x∇y", "ell": "xℓy", "infty": "x∞y", "top": "xᵀy", "prime": "x′y", "sum": "xΣy",
    "prod": "xΠy", "int": "x∫y", "forall": "x∀y", "exists": "x∃y", "emptyset": "x∅y", "neg": "x¬y",
    "dots": "x…y", "ldots": "x…y", "cdots": "x⋯y", "langle": "x⟨y", "rangle": "x⟩y", "lfloor": "x⌊y",
    "rfloor": "x⌋y", "lceil": "x⌈y", "rceil": "x⌉y", "Vert": "x‖y", "lVert": "x‖y", "rVert": "x‖y",
    "vert": "x|y", "lvert": "x|y", "rvert": "x|y", "|": "x‖y", ",": "x y", ";": "x y", ":": "x y", "!": "xy",
    " ": "x y", "quad": "x y", "qquad": "x y", "{": "x{y", "}": "x}y", "%": "x%y", "$": "x$y", "#": "x#y",
    "&": "x&y", "_": "x_y", "\\": "x; y",
}
ACCENTS = {"hat": "COMBINING CIRCUMFLEX ACCENT", "widehat": "COMBINING CIRCUMFLEX ACCENT", "bar": "COMBINING MACRON",
           "overline": "COMBINING OVERLINE", "tilde": "COMBINING TILDE", "widetilde": "COMBINING TILDE",
           "dot": "COMBINING DOT ABOVE", "ddot": "COMBINING DIAERESIS", "vec": "COMBINING RIGHT ARROW ABOVE"}
ENVIRONMENTS = {"matrix": "a, b; c, d", "smallmatrix": "a, b; c, d", "pmatrix": "(a, b; c, d)",
                "bmatrix": "[a, b; c, d]", "Bmatrix": "{a, b; c, d}", "vmatrix": "|a, b; c, d|",
                "Vmatrix": "‖a, b; c, d‖", "cases": "{a, b; c, d", "aligned": "a, b; c, d",
                "gathered": "a, b; c, d", "split": "a, b; c, d", "array": "a, b; c, d"}


def _names(text: str) -> set[str]:
    return set(text.split())


DROPPED = _names("left right big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr limits nolimits displaystyle textstyle "
                 "scriptstyle")
FONTS = _names("mathrm mathbf mathit mathsf mathtt mathcal boldsymbol bm text textrm textbf textit operatorname")


def test_the_tables_have_exactly_the_entries_tested_here():
    assert set(tm._SYMBOLS) == set(tm._GREEK) | set(OPERATORS) | set(OTHERS)
    assert set(tm._ACCENTS) == set(ACCENTS)
    assert set(tm._ENVIRONMENTS) == set(ENVIRONMENTS)
    assert set(tm._DROPPED) == DROPPED
    assert set(tm._FONTS) == FONTS


@pytest.mark.parametrize("name", sorted(tm._GREEK))
def test_every_greek_letter(name):
    shown = math_text(f"\\{name}")
    letter = name.removeprefix("var").upper().replace("LAMBDA", "LAMDA")  # Unicode spells it LAMDA
    assert len(shown) == 1 and unicodedata.name(shown).startswith("GREEK")
    assert letter in unicodedata.name(shown)
    assert ("CAPITAL" in unicodedata.name(shown)) == name[0].isupper()


@pytest.mark.parametrize(("name", "symbol"), sorted(OPERATORS.items()))
def test_every_operator_is_spaced(name, symbol):
    assert math_text(f"x\\{name} y") == f"x {symbol} y"


@pytest.mark.parametrize(("name", "shown"), sorted(OTHERS.items()))
def test_every_other_symbol(name, shown):
    assert math_text(f"x\\{name}{{}}y") == shown


@pytest.mark.parametrize("name", sorted(DROPPED))
def test_every_dropped_command(name):
    assert math_text(f"\\{name}(x\\{name}.") == "(x"


@pytest.mark.parametrize("name", sorted(FONTS))
def test_every_font_keeps_its_argument(name):
    assert math_text(f"\\{name}{{ab}}c") == "abc"


@pytest.mark.parametrize("letter", "RNZQCEP1")
def test_every_double_struck_letter(letter):
    shown = math_text(f"\\mathbb{{{letter}}}")
    assert shown != letter and unicodedata.normalize("NFKC", shown) == letter


def test_double_struck_leaves_other_letters():
    assert len(tm._DOUBLE_STRUCK) == 8
    assert math_text(r"\mathbb{x}") == "x"


@pytest.mark.parametrize(("name", "mark"), sorted(ACCENTS.items()))
def test_every_accent(name, mark):
    shown = math_text(f"\\{name}{{z}}")
    assert shown[0] == "z" and len(shown) == 2 and unicodedata.name(shown[1]) == mark


@pytest.mark.parametrize(("name", "shown"), sorted(ENVIRONMENTS.items()))
def test_every_environment(name, shown):
    spec = "{cc}" if name == "array" else ""
    assert math_text(f"\\begin{{{name}}}{spec}a & b \\\\ c & d\\end{{{name}}}") == shown


def _unscripted(shown: str) -> str:
    # the compatibility form of a superscript or subscript is its character (⁻ is a minus sign, ᵀ a T)
    return unicodedata.normalize("NFKC", shown).replace("−", "-")


@pytest.mark.parametrize("char", sorted(tm._SUPERSCRIPT))
def test_every_superscript(char):
    shown = math_text(f"x^{{{char}}}")
    assert shown[0] == "x" and len(shown) == 2
    assert _unscripted(shown[1]) == char.replace("ᵀ", "T")  # \top is ᵀ already (x^\top)
    assert "SUPERSCRIPT" in unicodedata.name(shown[1]) or "MODIFIER" in unicodedata.name(shown[1])


@pytest.mark.parametrize("char", sorted(tm._SUBSCRIPT))
def test_every_subscript(char):
    shown = math_text(f"x_{{{char}}}")
    assert shown[0] == "x" and len(shown) == 2 and _unscripted(shown[1]) == char
    assert "SUBSCRIPT" in unicodedata.name(shown[1])


def test_a_script_without_unicode_forms_is_written_out():
    assert math_text("x^{q}") == "x^q"
    assert math_text("x_{F}") == "x_F"
    assert math_text("W^{2,l}") == "W^{2,l}"


@pytest.mark.parametrize("name", sorted(tm._STRUCTURES))
def test_every_structure_consumes_its_argument(name):
    # each command with arguments is handled, not written as its name
    assert name not in math_text(f"\\{name}{{a}}{{b}}")


def _catalogue_prose():
    claims = load_catalogue().claims
    return [c.title for c in claims] + [c.expected_failure for c in claims if c.expected_failure]


def test_every_catalogue_title_becomes_plain_text():
    texts = _catalogue_prose()
    assert sum("$" in t for t in texts) >= 10  # the catalogue does write math in its titles
    for text in texts:
        plain = prose_text(text)
        assert "\\" not in plain and "$" not in plain, (text, plain)

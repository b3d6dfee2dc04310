"""Math as native MathML for the HTML pages, converted when the page is built: no script, no fonts to fetch.

TeX goes through ``latex2mathml``: the key's math after the checker's whitelist, and the appendix's
math as SymPy printed it (a claim's steps keep SymPy's LaTeX, which is what crosses from the worker
processes; all of the catalogue's 251 formulas convert). The output is not trusted as it is
(``latex2mathml`` copies ``\\text{...}`` into the page unescaped): it is parsed as XML and written out
again element by element, keeping only MathML elements and attributes from a whitelist, with every
text and attribute value escaped. Anything else (an unknown element, a parse error, a conversion
error) gives None, and the page shows the TeX as escaped code instead, never raw.

>>> print(latex_to_mathml(r"\\frac{1}{2}").replace("<mrow>", "").replace("</mrow>", "").split("MathML")[1])
" display="inline" alttext="\\frac{1}{2}"><mfrac><mn>1</mn><mn>2</mn></mfrac></math>
>>> latex_to_mathml(r"\\text{<script>alert(1)</script>}") is None
True
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

from markupsafe import Markup

__all__ = ["ELEMENTS", "latex_to_mathml", "math_html", "prose_html", "sanitize_mathml"]

_NS = "http://www.w3.org/1998/Math/MathML"
ELEMENTS = frozenset({
    "math", "mrow", "mi", "mn", "mo", "mtext", "mspace", "ms", "mfrac", "msqrt", "mroot", "msup", "msub",
    "msubsup", "munder", "mover", "munderover", "mtable", "mtr", "mtd", "mstyle", "mpadded", "mphantom",
    "menclose", "mfenced", "merror", "semantics", "annotation",
})
_ATTRIBUTES = frozenset({
    "display", "mathvariant", "stretchy", "fence", "separator", "form", "lspace", "rspace", "width", "height",
    "depth", "linethickness", "columnalign", "rowalign", "columnspacing", "rowspacing", "columnlines",
    "rowlines", "frame", "displaystyle", "scriptlevel", "accent", "accentunder", "movablelimits", "notation",
    "symmetric", "minsize", "maxsize", "largeop", "encoding", "open", "close", "separators", "bevelled",
})
MAX_TEX = 4_000
# latex2mathml leaves some delimiters after \big... as their TeX spelling: the characters meant
_OPERATORS = {"\\|": "\u2016", "\\{": "{", "\\}": "}", "\\lVert": "\u2016", "\\rVert": "\u2016", "\\vert": "|"}
_SCHEME = re.compile(r"(?i)(?:java|vb)script\s*:|data\s*:")


def _write(el: ET.Element, out: list[str]) -> None:
    tag = el.tag.removeprefix("{" + _NS + "}")
    if tag not in ELEMENTS:
        raise ValueError(f"element {tag!r} is not on the MathML whitelist")
    attrs = []
    for name, value in sorted(el.attrib.items()):
        if name not in _ATTRIBUTES:
            raise ValueError(f"attribute {name!r} is not on the MathML whitelist")
        attrs.append(f' {name}="{html.escape(value, quote=True)}"')
    out.append(f"<{tag}{''.join(attrs)}>")
    if el.text:
        text = _OPERATORS.get(el.text, el.text) if tag == "mo" else el.text
        out.append(html.escape(text, quote=False))
    for child in el:
        _write(child, out)
        if child.tail:
            out.append(html.escape(child.tail, quote=False))
    out.append(f"</{tag}>")


def sanitize_mathml(mathml: str, display: bool = False, alttext: str = "") -> str | None:
    """``mathml`` rewritten from a whitelist, with ``alttext`` (for screen readers); None if it is not
    plain MathML."""
    if "<!" in mathml or "<?" in mathml:  # no DOCTYPE, entity declarations, CDATA or processing instructions
        return None
    try:
        root = ET.fromstring(mathml)
    except ET.ParseError:
        return None
    if root.tag not in ("{" + _NS + "}math", "math"):
        return None
    out: list[str] = []
    try:
        for child in root:
            _write(child, out)
            if child.tail:
                out.append(html.escape(child.tail, quote=False))
    except ValueError:
        return None
    if _SCHEME.search(alttext):  # inert anyway (alttext is not a link), but keep key text out of URL shapes
        alttext = ""
    alt = f' alttext="{html.escape(alttext, quote=True)}"' if alttext else ""
    return (f'<math xmlns="{_NS}" display="{"block" if display else "inline"}"{alt}>'
            + html.escape(root.text or "", quote=False) + "".join(out) + "</math>")


def latex_to_mathml(tex: str, display: bool = False) -> str | None:
    """MathML for the TeX ``tex`` (a formula, without ``$``), or None when it cannot be converted safely."""
    if not tex.strip() or len(tex) > MAX_TEX:
        return None
    from latex2mathml.converter import convert

    try:
        mathml = convert(tex, display="block" if display else "inline")
    except Exception:  # latex2mathml raises many kinds on TeX it does not know; the page shows code then
        return None
    return sanitize_mathml(mathml, display, alttext=" ".join(tex.split()))


def math_html(tex: str, display: bool = False) -> Markup:
    """MathML, or the TeX as escaped code when it cannot be converted (a Jinja filter: ``mathml``)."""
    mathml = latex_to_mathml(str(tex), display)
    return Markup(mathml) if mathml else Markup("<code>{}</code>").format(str(tex))


def prose_html(text) -> Markup:
    """Text with inline ``$...$`` math (claim titles, justifications, notes): the text escaped, the math as
    MathML (a Jinja filter: ``prose``). The pieces come from the one reader of such text,
    :func:`lnsym.prose.split_prose` (math it refuses stays text, dollars included, and is escaped)."""
    from lnsym.prose import split_prose

    return Markup("").join(math_html(p.text) if p.math else Markup.escape(p.text) for p in split_prose(text))

"""A check that an HTML page is inert: every element and attribute from a whitelist, no script, no event
handler, no link or resource outside the page. Parses with the standard library's ``html.parser``."""

from __future__ import annotations

from html.parser import HTMLParser

from lnsym.report.mathml import ELEMENTS as MATHML

HTML_ELEMENTS = {"html", "head", "meta", "title", "style", "body", "header", "nav", "main", "section", "footer",
                 "h1", "h2", "h3", "h4", "h5", "h6", "p", "span", "strong", "em", "code", "pre", "table",
                 "caption", "thead", "tbody", "tr", "th", "td", "a", "ul", "ol", "li", "div", "dl", "dt", "dd",
                 "figure", "figcaption", "br", "abbr", "small"}
ATTRIBUTES = {"lang", "charset", "value", "name", "content", "http-equiv", "class", "id", "href", "aria-label",
              "aria-labelledby", "role", "scope", "title", "xmlns", "alttext", "display", "mathvariant", "stretchy",
              "fence", "separator", "form", "lspace", "rspace", "width", "height", "depth", "linethickness",
              "columnalign", "rowalign", "columnspacing", "rowspacing", "columnlines", "rowlines", "frame",
              "displaystyle", "scriptlevel", "accent", "accentunder", "movablelimits", "notation", "symmetric",
              "minsize", "maxsize", "largeop", "encoding", "open", "close", "separators", "bevelled"}
# inline SVG (the appendix's block diagrams): shapes and text with presentation attributes only; no
# <use>, <image>, <foreignObject>, <style>, <script> or <animate>, and no attribute that may hold url(...)
SVG_ELEMENTS = {"svg", "g", "rect", "circle", "path", "polygon", "text", "tspan", "desc"}
SVG_ATTRIBUTES = {"viewbox", "x", "y", "cx", "cy", "r", "d", "points", "fill", "stroke", "stroke-width",
                  "font-family", "font-size", "font-style", "font-weight", "text-anchor", "baseline-shift"}
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'"


class _Inspector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.tags: list[str] = []
        self.csp = ""

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag not in HTML_ELEMENTS | MATHML | SVG_ELEMENTS:
            self.problems.append(f"element <{tag}>")
        for name, value in attrs:
            value = value or ""
            if name not in ATTRIBUTES | SVG_ATTRIBUTES or name.startswith("on"):
                self.problems.append(f"attribute {name}= on <{tag}>")
            if name in SVG_ATTRIBUTES and "url(" in value.lower().replace(" ", ""):
                self.problems.append(f"url(...) in {name}= of <{tag}>")
            if name == "href" and not value.startswith("#"):
                self.problems.append(f"link outside the page: {value!r}")
            if "javascript:" in value.lower().replace(" ", ""):
                self.problems.append(f"javascript: in {name}= of <{tag}>")
            if name == "http-equiv" and value.lower() == "content-security-policy":
                self.csp = dict(attrs).get("content", "")

    handle_startendtag = handle_starttag


def inspect(page: str) -> list[str]:
    """What makes the page not inert (empty when it is inert)."""
    parser = _Inspector()
    parser.feed(page)
    parser.close()
    problems = parser.problems
    if "script" in parser.tags or "<script" in page.lower():
        problems.append("a <script")
    if parser.csp != CSP:
        problems.append(f"Content-Security-Policy is {parser.csp!r}")
    return problems

"""The Jinja environment of lnsym's HTML pages: autoescaping on, one inline style sheet, no script.

Every value a template prints is escaped by Jinja unless it is a :class:`markupsafe.Markup`, and the
only Markup lnsym makes from a key's text is MathML rewritten from a whitelist
(:mod:`lnsym.report.mathml`). The pages carry a Content-Security-Policy that allows no script, no
network and no frames, as a second line of defence. Filters: ``mathml`` (TeX to MathML, or escaped
code), ``prose`` (text with inline ``$...$`` math) and ``safeid`` (a claim id as an anchor).
Templates: ``reports/*.html.j2``, with the style sheet in ``reports/page.css.j2``.

>>> print(html_environment().from_string("<p>{{ x }}</p>").render(x="<script>"))
<p>&lt;script&gt;</p>
"""

from __future__ import annotations

import functools

import jinja2
from markupsafe import Markup

from lnsym.report.environment import templates_folder

__all__ = ["Markup", "html_environment", "render_page"]


@functools.cache
def html_environment() -> jinja2.Environment:
    from lnsym.report.latex import safe_id
    from lnsym.report.mathml import math_html, prose_html

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_folder())),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )
    env.filters.update(mathml=math_html, prose=prose_html, safeid=safe_id)
    return env


def render_page(template: str, **context) -> str:
    return html_environment().get_template(template).render(**context)


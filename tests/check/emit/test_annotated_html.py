"""The annotated key as HTML: MathML in place, every finding written out, hostile keys inert, same bytes."""

from __future__ import annotations

import pytest
from html_whitelist import inspect
from report_support import HOSTILE, HOSTILE_MD, HOSTILE_UNICODE
from shared_files import SEED, need

from lnsym.check.emit.annotated_html import render_html
from lnsym.check.findings import KeyReport
from lnsym.check.pipeline import check_text
from lnsym.check.run import check_paths
from lnsym.cli import main
from lnsym.report.mathml import latex_to_mathml, sanitize_mathml

HOSTILE_KEYS = [
    HOSTILE, HOSTILE_MD, HOSTILE_UNICODE,
    "$\\text{<script>alert(1)</script>}=1$ and <img src=x onerror=alert(1)> <a href='javascript:alert(1)'>x</a>",
    '$x=1$ "><svg onload=alert(1)> $\\text{"onmouseover="alert(1)}=2$ </p></math><script>',
    "# <script>heading</script>\n\n$\\mathrm{<b>}=1$ $\\operatorname{javascript:alert(1)}=2$ \x00 \ufeff",
    "$\\href{javascript:alert(1)}{x}=1$ $\\style{color:red}{x}=1$ $\\unicode{60}=1$ $\\class{x}{y}=1$",
]


def page_of(text: str, name: str = "key.md") -> str:
    return render_html(KeyReport((check_text(text, name),)))


@pytest.mark.parametrize("text", HOSTILE_KEYS, ids=range(len(HOSTILE_KEYS)))
def test_hostile_keys_give_inert_html(text):
    page = page_of(text, name="<script>alert('path')</script>.md")
    assert inspect(page) == []
    assert "onerror" not in page.replace("onerror=alert(1)&gt;", "")  # only as escaped text
    assert "<img" not in page and "<svg" not in page


def test_the_whitelist_check_can_fail():
    page = page_of("$1+1=2$")
    assert inspect(page.replace("<main>", '<main onclick="x()">')) != []
    assert inspect(page.replace("</body>", "<script>x()</script></body>")) != []
    assert inspect(page.replace('<a href="#', '<a href="javascript:alert(1)#')) != []


def test_mathml_sanitizer():
    assert latex_to_mathml("\\text{<b>}") is None
    assert sanitize_mathml('<math xmlns="http://www.w3.org/1998/Math/MathML"><mi href="x">a</mi></math>') is None
    assert sanitize_mathml("<!DOCTYPE x><math/>") is None
    ok = latex_to_mathml("\\frac{a}{b}<c", display=True)
    assert ok.startswith('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block" '
                         'alttext="\\frac{a}{b}&lt;c">')
    assert "<mo>&lt;</mo>" in ok
    body = latex_to_mathml("\\Big\\| x \\Big\\|").split('">', 1)[1]  # after the alttext
    assert "\\|" not in body and body.count("\u2016") == 2


def test_findings_are_written_out_in_place():
    page = page_of("Mean\n$\\frac{1}{3}\\approx 0.334$ and $2+2=4$\n")
    wrong = page.index('<span class="note wrong"')
    assert page.index("<mfrac>") < wrong < page.index('<span class="note correct"')
    note = page[wrong : page.index("</span>", page.index("expected", wrong))]
    assert "✗ wrong" in note and "expected" in note and "<mn>0.333</mn>" in note
    assert "which rounds to 0.333" in page
    assert page.count('class="note ') == 2


def test_math_that_cannot_be_converted_is_escaped_code():
    page = page_of("$\\input{/etc/passwd}=1$")
    assert "<code>\\input{/etc/passwd}=1</code>" in page and "<math" not in page.split("<main>")[1].split("<h3")[0]


def test_same_input_same_bytes_and_notebooks(tmp_path):
    from check_fixtures import NOTEBOOK

    nb = tmp_path / "k.ipynb"
    nb.write_text(NOTEBOOK, encoding="utf-8")
    one, two = (render_html(check_paths([nb])) for _ in range(2))
    assert one == two
    assert "<h3>Cell 3</h3>" in one and "cell 3:2:2" in one
    assert inspect(one) == []


def test_cli_writes_the_page_atomically(tmp_path, capsys):
    key = tmp_path / "k.md"
    key.write_text("$2+2=5$\n", encoding="utf-8")
    out = tmp_path / "k.html"
    assert main(["check", str(key), "--report", str(out)]) == 1
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert {p.name for p in tmp_path.iterdir()} == {"k.md", "k.html"}  # no temporary file left behind


def test_seed_key_page():
    report = check_paths([need(SEED)])
    page = render_html(report)
    assert inspect(page) == []
    assert page.count('class="note ') == len(report.files[0].findings)
    assert page.count("<math ") > 150  # every math span of the seed converts

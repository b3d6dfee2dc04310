"""``lnsym report --format html``: the appendix as one page, inert with hostile claims, same bytes."""

from __future__ import annotations

import pytest
from html_whitelist import inspect
from report_support import HOSTILE, HOSTILE_MD, synthetic_run

import lnsym.runner
from lnsym.cli import main
from lnsym.report.appendix_html import render_html


@pytest.fixture
def fake_verify(monkeypatch):
    monkeypatch.setattr(lnsym.runner, "verify", lambda ids=None, **kw: synthetic_run(seed=kw.get("seed", 0)))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767312000")


def test_synthetic_run_with_hostile_fields_is_inert_and_deterministic(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767312000")
    page = render_html(synthetic_run())
    assert inspect(page) == []
    assert page == render_html(synthetic_run())
    assert "1.234567" not in page and "0.123456" not in page  # timings are left out
    for hostile in (HOSTILE, HOSTILE_MD):
        assert hostile not in page  # every hostile field is escaped, so never appears as written
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_math_is_mathml_and_prose_math_too(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767312000")
    page = render_html(synthetic_run())
    assert page.count("<math ") > 10 and "<mfrac>" in page
    assert '<h3 id="plotted-bound">§2 A bound with a plot</h3>' in page
    assert "(log scale)" in page and "<th scope=\"col\">" in page


def test_cli_html_to_a_file_and_stdout(tmp_path, fake_verify, capsys):
    out = tmp_path / "appendix.html"
    assert main(["report", "-o", str(out)]) == 0
    written = out.read_text(encoding="utf-8")
    assert written.startswith("<!DOCTYPE html>") and inspect(written) == []
    capsys.readouterr()
    assert main(["report", "--format", "html", "-o", "-"]) == 0
    assert capsys.readouterr().out == written
    assert main(["report", "--format", "html", "-o", str(tmp_path / "x.md")]) == 2

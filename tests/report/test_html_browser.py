"""The HTML pages in a real browser: headless Chromium (Debian's ``chromium``) lays them out, and the test
measures what a reader sees. MathML must render (a fraction stacks: it is taller than its numerator),
every finding must be visible (a box with a size, on the page, not hidden), nothing may be fetched and
no script may run. A screenshot of each page is saved under the test's tmp path (and copied to
``$LNSYM_SCREENSHOTS`` when that is set). Skips without chromium, fails under ``CI=true``.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from check_fixtures import course
from headless_browser import Browser, need_chromium
from shared_files import SEED, need

from lnsym.check.emit.annotated_html import render_html
from lnsym.check.run import check_paths
from lnsym.check.sources.discover import discover

# For every .note: is it laid out, inside the page, visible? And the fraction of a known step.
MEASURE = r"""
(() => {
  const visible = el => {
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    return r.width > 4 && r.height > 8 && s.display !== 'none' && s.visibility === 'visible'
      && parseFloat(s.opacity) > 0.5 && r.left >= 0 && r.right <= document.documentElement.scrollWidth + 1;
  };
  const notes = [...document.querySelectorAll('.note')];
  const alt = m => (m.getAttribute('alttext') || '').replace(/\s/g, '');
  const frac = [...document.querySelectorAll('math')].find(m => alt(m).includes(FRACTION));
  const mfrac = frac && frac.querySelector('mfrac');
  const num = mfrac && mfrac.firstElementChild;
  return JSON.stringify({
    notes: notes.length,
    hidden: notes.filter(n => !visible(n)).map(n => n.id),
    fraction: mfrac ? mfrac.getBoundingClientRect().height : 0,
    numerator: num ? num.getBoundingClientRect().height : 0,
    numeratorBottom: num ? num.getBoundingClientRect().bottom : 0,
    denominatorTop: mfrac ? mfrac.lastElementChild.getBoundingClientRect().top : 0,
    scripts: document.scripts.length,
    maths: document.querySelectorAll('math').length,
  });
})()
"""


@pytest.fixture(scope="module")
def browser():
    need_chromium()
    with Browser() as b:
        yield b


def _shoot(page, tmp_path: Path, name: str) -> Path:
    shot = page.screenshot(tmp_path / f"{name}.png")
    top = page.screenshot(tmp_path / f"{name}-top.png", full_page=False)
    assert shot.stat().st_size > 10_000 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    keep = os.environ.get("LNSYM_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        for p in (shot, top):
            shutil.copy(p, Path(keep) / p.name)
    return shot


def measure(browser, path: Path, fraction: str, expected_notes: int, tmp_path: Path, name: str) -> dict:
    page = browser.open(path)
    got = json.loads(page.evaluate(MEASURE.replace("FRACTION", json.dumps(fraction))))
    _shoot(page, tmp_path, name)
    requests = [e["params"]["request"]["url"] for e in page.events("Network.requestWillBeSent")]
    assert requests == [path.resolve().as_uri()], "the page fetched something besides itself"
    assert not page.events("Runtime.exceptionThrown") and got["scripts"] == 0
    assert got["notes"] == expected_notes and got["hidden"] == [], got
    # MathML is laid out: the fraction stacks its numerator over its denominator
    assert got["fraction"] > 1.6 * got["numerator"] > 0 and got["fraction"] >= 16, got
    assert got["denominatorTop"] >= got["numeratorBottom"] - 1, got
    return got


def test_seed_key_page_in_chromium(browser, tmp_path):
    report = check_paths([need(SEED)])
    path = tmp_path / "seed.html"
    path.write_text(render_html(report), encoding="utf-8")
    got = measure(browser, path, "\\frac{2+4+4+6}{4}", len(report.files[0].findings), tmp_path, "seed")
    assert got["maths"] > 150


def test_course_folder_page_in_chromium(browser, tmp_path, monkeypatch):
    course(tmp_path)
    monkeypatch.chdir(tmp_path)
    report = check_paths(discover(["keys"]), keep_going=True)
    path = tmp_path / "course.html"
    path.write_text(render_html(report), encoding="utf-8")
    total = sum(len(r.findings) for r in report.files)
    measure(browser, path, "\\frac{2+4}{2}", total, tmp_path, "course")


def test_appendix_page_in_chromium(browser, tmp_path, monkeypatch):
    from lnsym.report.appendix_html import render_html as render_appendix
    from lnsym.runner import verify

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767312000")
    ids = ["layernorm-jacobian", "residual-derivative", "preln-stream-growth"]
    run = verify(ids)
    page = render_appendix(run, ids=ids)
    path = tmp_path / "appendix.html"
    path.write_text(page, encoding="utf-8")
    # every step's verdict is a note; the LayerNorm Jacobian's statement has a fraction with a root below
    notes = page.count('<span class="note ')
    assert notes == sum(len(r.steps) for r in run.results) > 5
    got = measure(browser, path, "\\frac{\\gamma_a}{\\sqrt{\\sigma^2+\\epsilon}}", notes, tmp_path, "appendix")
    assert got["maths"] >= notes

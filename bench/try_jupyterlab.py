"""Try the README's JupyterLab configuration of `lnsym lsp` in JupyterLab's browser side (issue 29): JupyterLab with
jupyterlab-lsp, headless Chromium as its browser, the seed key with a slip put in (`=\\frac{16}{4}=4` made `=5`, line
11, which lnsym reports `wrong`) as a Markdown file in JupyterLab's editor and as a notebook's Markdown cell. Not part
of CI: CI has no JupyterLab. Prints what JupyterLab showed; exits 1 if the Markdown file showed no diagnostic on the
slip's line, or the notebook none in its Markdown cell while its language servers were all connected.

    python bench/try_jupyterlab.py [--jupyter PATH] [--chromium PATH]

`--jupyter` is the `jupyter` of an environment with JupyterLab and jupyterlab-lsp (default: the one on PATH), e.g.
`python3 -m venv /tmp/jl && /tmp/jl/bin/pip install jupyterlab jupyterlab-lsp '.[lsp]'`. The configuration is read
from README.md itself (the `json` block after "JupyterLab ("), written as `jupyter_server_config.json` in a config
folder of the trial's own (JUPYTER_CONFIG_DIR, in `jupyter --paths`' config list), with HOME, data and runtime
folders of its own too. `lnsym` is put first on the server's PATH as a small script running `python -m lnsym` with
this checkout (the README's `"argv": ["lnsym", "lsp"]`).

Chromium (tests/headless_browser.py's client of the DevTools protocol) opens each file in a fresh workspace and
reads what a person sees: the underline (CodeMirror's `cm-lintRange`), the tooltip when the mouse is on it, the
diagnostics panel (the command palette's "Show diagnostics panel"), the LSP status in the status bar; a
screenshot of each is written. In the notebook the Markdown cell is double-clicked into its editor first (a rendered
cell has no editor to underline). jupyterlab-lsp sends a notebook's Markdown cells to lnsym as a document nested in
the notebook's own (of the kernel's language): it opens it only once that one is connected, i.e. only when a
language server for the kernel's language (for Python, e.g. `pip install jedi-language-server`) is installed too;
without one the status shows "waiting for: python" and the script says so.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from try_editors import SEED, WAIT_SECONDS, _free_port, lnsym_shim, make_key, readme_block, wait_for

VERSIONS = ("jupyterlab", "jupyterlab-lsp", "jupyter-lsp")
# What the page shows, read in the active tab only (a restored tab would be hidden, but not absent)
ACTIVE = ".jp-MainAreaWidget:not(.lm-mod-hidden)"
STATUS_JS = "(document.querySelector('.lsp-status-group') || {}).title || ''"
RANGES_JS = f"Array.from(document.querySelectorAll('{ACTIVE} .cm-lintRange')).map(e => e.textContent)"
TOOLTIP_JS = "Array.from(document.querySelectorAll('.cm-tooltip')).map(e => e.innerText.trim()).join(' / ')"
CENTRE_JS = """(() => { const e = %s; if (!e) return null; e.scrollIntoView({block: 'center'});
  const r = e.getBoundingClientRect(); return [r.x + Math.min(r.width / 2, 40), r.y + r.height / 2]; })()"""
# the top of the last Markdown cell, scrolled into view: CodeMirror draws only the lines in view, and the slip's line 11
# is near the top (a click in the middle of the long cell would leave the editor scrolled away from it)
CELL_TOP_JS = f"""(() => {{ const e = Array.from(document.querySelectorAll('{ACTIVE} .jp-MarkdownCell')).pop();
  if (!e) return null;
  e.scrollIntoView({{block: 'start'}}); const r = e.getBoundingClientRect(); return [r.x + 120, r.y + 12]; }})()"""
PANEL_JS = """(() => { const t = document.querySelector('.lsp-diagnostics-listing'); if (!t) return null;
  const heads = Array.from(t.querySelectorAll('th')).map(h => h.innerText.trim());
  return Array.from(t.querySelectorAll('tbody tr')).map(r => Object.fromEntries(
    Array.from(r.cells).map((c, i) => [heads[i], c.innerText.trim()]))); })()"""


def versions(jupyter: str) -> str:
    """The versions of JupyterLab and the LSP packages in ``jupyter``'s environment."""
    python = Path(jupyter).resolve().parent / "python"
    code = f"from importlib.metadata import version; print(', '.join(n + ' ' + version(n) for n in {VERSIONS!r}))"
    shown = subprocess.run([str(python), "-c", code], capture_output=True, text=True)
    return shown.stdout.strip() or f"versions not read: {shown.stderr.strip()[-200:]}"


def make_notebook(key: Path, line: int) -> Path:
    """The key as a notebook for the kernel `python3`: its lines before the slip's paragraph in a Markdown cell, a
    code cell, and the rest (the slip on the cell's first line) in a second Markdown cell (cell 3), so that the
    diagnostic must be placed by cell. The page has the first cell's definitions above the slip, as the file has."""
    rows = key.read_text(encoding="utf-8").splitlines(keepends=True)
    cells = [{"cell_type": "markdown", "id": "before", "metadata": {}, "source": "".join(rows[:line - 2]).rstrip()},
             {"cell_type": "code", "id": "code", "metadata": {}, "source": "1 + 1", "outputs": [],
              "execution_count": None},
             {"cell_type": "markdown", "id": "slip", "metadata": {}, "source": "".join(rows[line - 1:])}]
    meta = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"}}
    notebook = key.with_suffix(".ipynb")
    notebook.write_text(json.dumps({"cells": cells, "metadata": meta, "nbformat": 4, "nbformat_minor": 5}, indent=1),
                        encoding="utf-8")
    return notebook


def start_lab(jupyter: str, work: Path) -> tuple[subprocess.Popen, str, str]:
    """`jupyter lab` with the README's config file, in folders of the trial's own; its base URL with the token."""
    config = work / "config"
    config.mkdir()
    (config / "jupyter_server_config.json").write_text(readme_block("JupyterLab (", "json"), encoding="utf-8")
    env = {**lnsym_shim(work), "HOME": str(work / "home"), "JUPYTER_CONFIG_DIR": str(config),
           "JUPYTER_DATA_DIR": str(work / "data"), "JUPYTER_RUNTIME_DIR": str(work / "runtime")}
    # what JupyterLab sends lnsym, kept (the settings it sends are seen nowhere on the page)
    shim = work / "bin" / "lnsym"
    shim.write_text(f"#!/bin/sh\ntee -a {shlex.quote(str(work / 'to-lnsym.log'))} | "
                    f"{shlex.quote(sys.executable)} -m lnsym \"$@\"\n", encoding="utf-8")
    # the environment's own bin (its python, for the kernel; its language servers), after lnsym's shim
    env["PATH"] = env["PATH"].replace(os.pathsep, f"{os.pathsep}{Path(jupyter).resolve().parent}{os.pathsep}", 1)
    (work / "home").mkdir()
    token, port = secrets.token_hex(16), _free_port()
    log = open(work / "lab.log", "w")  # noqa: SIM115 (the server writes to it until it is stopped)
    lab = subprocess.Popen([jupyter, "lab", "--no-browser", "--allow-root", f"--port={port}", "--ip=127.0.0.1",
                            f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={work / 'root'}"],
                           env=env, cwd=work / "root", stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    return lab, f"http://127.0.0.1:{port}", token


def schema_defaults() -> list[str]:
    """Where the README's `config_schema` defaults differ from lnsym's own (JupyterLab sends them all to lnsym)."""
    from lnsym.lsp.settings import SETTINGS, Settings

    spec = json.loads(readme_block("JupyterLab (", "json"))["LanguageServerManager"]["language_servers"]["lnsym"]
    schema = spec.get("config_schema", {}).get("properties", {})
    shown = {key.removeprefix("lnsym."): prop.get("default") for key, prop in schema.items()}
    ours = {key: getattr(Settings(), field) for key, (field, _) in SETTINGS.items()}
    return [f"{key}: README {shown.get(key)!r}, lnsym {ours.get(key)!r}" for key in sorted(set(shown) | set(ours))
            if shown.get(key) != ours.get(key)]


def settings_sent(log: Path) -> list[str]:
    """The settings of each `workspace/didChangeConfiguration` JupyterLab sent lnsym, as JSON."""
    data, sent = (log.read_bytes() if log.exists() else b""), []
    for match in re.finditer(rb"Content-Length: (\d+)\r\n(?:Content-Type: [^\r\n]*\r\n)?\r\n", data):
        body = json.loads(data[match.end():match.end() + int(match.group(1))])
        if body.get("method") == "workspace/didChangeConfiguration":
            sent.append(json.dumps(body.get("params", {}).get("settings"), sort_keys=True))
    return sent


def lsp_status(base: str, token: str) -> dict | None:
    """jupyter-lsp's /lsp/status (the specs the server accepted), or None while the server is not up."""
    try:
        request = urllib.request.Request(f"{base}/lsp/status", headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(request, timeout=5) as reply:
            return json.load(reply)
    except OSError:
        return None


def try_file(browser, url: str, shot: Path, notebook: bool) -> dict:
    """Open ``url`` in a new tab; what JupyterLab shows of lnsym's diagnostics there."""
    from headless_browser import Page

    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    page = Page(browser, browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"])
    page.send("Runtime.enable")
    page.send("Emulation.setDeviceMetricsOverride",
              {"width": 1600, "height": 1000, "deviceScaleFactor": 1, "mobile": False})
    page.send("Page.navigate", {"url": url})
    # in a notebook, into the Markdown cell's editor: a double click on its rendered text
    if notebook and wait_for(lambda: page.evaluate(CELL_TOP_JS), WAIT_SECONDS):
        time.sleep(2)  # the notebook's documents are being connected; a click now may be re-rendered away
        _click(page, page.evaluate(CELL_TOP_JS), clicks=2)
        time.sleep(1)
        page.evaluate(CELL_TOP_JS)  # the editor, now in the cell, at the top again
    ranges = wait_for(lambda: page.evaluate(RANGES_JS), WAIT_SECONDS)
    seen = {"status": page.evaluate(STATUS_JS), "ranges": ranges or [], "tooltip": "", "panel": []}
    if ranges:
        spot = page.evaluate(CENTRE_JS % f"document.querySelector('{ACTIVE} .cm-lintRange')")
        page.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": spot[0], "y": spot[1]})
        seen["tooltip"] = wait_for(lambda: page.evaluate(TOOLTIP_JS), 10) or ""
        page.screenshot(shot.with_name(shot.stem + "-tooltip.png"), full_page=False)
        # the command palette (Ctrl+Shift+C), as a person opens the panel: the file editor's context menu has the
        # command too, a notebook's Markdown cell's has not
        page.send("Input.dispatchKeyEvent", {"type": "keyDown", "modifiers": 10, "key": "C", "code": "KeyC",
                                             "windowsVirtualKeyCode": 67})
        page.send("Input.dispatchKeyEvent", {"type": "keyUp", "modifiers": 10, "key": "C", "code": "KeyC",
                                             "windowsVirtualKeyCode": 67})
        if wait_for(lambda: page.evaluate("document.activeElement.matches('.lm-CommandPalette input')"), 10):
            page.send("Input.insertText", {"text": "Show diagnostics panel"})
            item = wait_for(lambda: page.evaluate(CENTRE_JS % "Array.from(document.querySelectorAll("
                                                  "'.lm-CommandPalette-item')).find(e => /^Show diagnostics panel"
                                                  "/i.test(e.innerText.trim()))"), 10)
            if item:
                _click(page, item)
                seen["panel"] = wait_for(lambda: page.evaluate(PANEL_JS), 10) or []
    page.screenshot(shot, full_page=False)
    return seen


def _click(page, spot: list[float], button: str = "left", clicks: int = 1) -> None:
    page.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": spot[0], "y": spot[1]})
    for count in range(1, clicks + 1):
        for kind in ("mousePressed", "mouseReleased"):
            page.send("Input.dispatchMouseEvent", {"type": kind, "x": spot[0], "y": spot[1], "button": button,
                                                   "clickCount": count})


def report(name: str, seen: dict, cell: str, line: int) -> bool:
    """Print what showed; whether a `wrong` from lnsym showed on the slip's line (the panel's lines count from 0)."""
    print(f"jupyterlab: {name}: LSP status: {seen['status']!r}")
    print(f"jupyterlab: {name}: underlined: {seen['ranges']}")
    print(f"jupyterlab: {name}: tooltip: {seen['tooltip']!r}")
    for row in seen["panel"]:
        print(f"jupyterlab: {name}: diagnostics panel: {row}")
    return any(row.get("Source") == "lnsym" and row.get("Code") == "wrong" and row.get("Cell", "") == cell
               and row.get("Line:Ch", "").split(":")[0] == str(line - 1) for row in seen["panel"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jupyter", default=shutil.which("jupyter") or "jupyter")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    if shutil.which(args.jupyter) is None or not Path(args.chromium).exists():
        print(f"jupyterlab: not tried ({args.jupyter!r} or {args.chromium!r} not found)")
        return 0
    import headless_browser

    headless_browser.CHROMIUM = args.chromium
    work = Path(tempfile.mkdtemp(prefix="lnsym-jupyterlab-"))
    (work / "root").mkdir()
    key, line = make_key(work / "root")
    make_notebook(key, line)
    print(f"jupyterlab: {versions(args.jupyter)}; the key: {SEED.name} with the slip on line {line}")
    differ = schema_defaults()
    for row in differ:
        print(f"jupyterlab: the README's config_schema default differs from lnsym's: {row}")
    lab, base, token = start_lab(args.jupyter, work)
    try:
        status = wait_for(lambda: lsp_status(base, token), 60)
        if not status or "lnsym" not in status.get("sessions", {}):
            print(f"jupyterlab: the server did not accept the README's spec (see {work / 'lab.log'})")
            return 1
        others = sorted(set(status["sessions"]) - {"lnsym"})
        print(f"jupyterlab: jupyter-lsp accepted the spec 'lnsym'; other language servers found: {others or 'none'}")
        with headless_browser.Browser(timeout=WAIT_SECONDS) as browser:
            shown = report("key.md", try_file(browser, f"{base}/lab/workspaces/md/tree/key.md?reset&token={token}",
                                              work / "key-md.png", notebook=False), "", line)
            seen = try_file(browser, f"{base}/lab/workspaces/nb/tree/key.ipynb?reset&token={token}",
                            work / "key-ipynb.png", notebook=True)
            in_cell = report("key.ipynb", seen, "3", 1)  # the slip's paragraph begins cell 3
        if not in_cell and "waiting for" in seen["status"]:
            print("jupyterlab: key.ipynb: not shown: jupyterlab-lsp opens a notebook's Markdown cells only once the "
                  "notebook's own document (the kernel's language) has a language server")
        for sent in settings_sent(work / "to-lnsym.log"):
            print(f"jupyterlab: workspace/didChangeConfiguration sent lnsym: {sent}")
        ok = shown and (in_cell or "waiting for" in seen["status"]) and not differ
        print("showed the diagnostic on the slip's line" if ok else "FAILED: see above")
        return 0 if ok else 1
    finally:
        os.killpg(lab.pid, signal.SIGTERM)
        lab.wait(timeout=30)
        print(f"jupyterlab: files in {work}")


if __name__ == "__main__":
    sys.exit(main())

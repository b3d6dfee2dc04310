"""``lnsym lsp``: the conversions of findings (positions in UTF-16, severities, messages, hover, code actions),
the settings, the scheduler's cancellation, the protocol's memory, and over JSON-RPC (tests/lsp_client.py) what
tests/lsp/test_lsp_e2e.py (pytest-lsp) does not say: an exit without shutdown, and the diagnostics compared with
``lnsym check --json``."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

if os.environ.get("CI") != "true":  # CI installs the test extra, which has pygls: there a missing one fails
    pytest.importorskip("pygls", reason="the language server needs the extra lnsym[lsp] (the test extra has it)")

from lsp_client import LspClient
from lsprotocol import types as lsp

from lnsym.check.findings import Finding, Verdict
from lnsym.check.judges.worker import Worker
from lnsym.check.pipeline import check_text
from lnsym.lsp.actions import code_actions
from lnsym.lsp.convert import diagnostic, diagnostics, findings_at, hover_markdown, message, severity
from lnsym.lsp.positions import Lines, same_lines
from lnsym.lsp.scheduler import CancellableDeadline, MainThreadExecutor, Scheduler
from lnsym.lsp.server import document_path, encoding_name
from lnsym.lsp.settings import Settings, read_settings

URI = "file:///keys/key.md"


@pytest.fixture(scope="module")
def worker():
    with Worker() as w:
        yield w


def _finding(verdict: str, **kw) -> Finding:
    return Finding(1, 1, 1, 2, "x", "=", Verdict(verdict), **kw)


def _apply(text: str, edits: list[lsp.TextEdit], lines: Lines) -> str:
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        a = lines.offset(e.range.start.line, e.range.start.character)
        b = lines.offset(e.range.end.line, e.range.end.character)
        text = text[:a] + e.new_text + text[b:]
    return text


# -- positions ------------------------------------------------------------------------------------------
def test_a_range_counts_utf16_code_units_before_the_statement(worker):
    # é: one code point, one UTF-16 unit, two UTF-8 bytes; 𝑥 (U+1D465): one code point, two UTF-16 units
    text = "Intro line\nSoit é et 𝑥 : $2+2=5$ et $3+3=6$.\n"
    (f,) = [f for f in check_text(text, "k.md", worker).findings if f.verdict is Verdict.WRONG]
    assert (f.line, f.column, f.end_column) == (2, 16, 21)  # code points, 1-based, end exclusive
    d = diagnostic(f, Lines(text), URI, Settings())
    assert (d.range.start.line, d.range.start.character) == (1, 16)  # 15 code points before it, 𝑥 counts twice
    assert (d.range.end.line, d.range.end.character) == (1, 21)
    prefix = text.split("\n")[1][:15]
    assert d.range.start.character == len(prefix.encode("utf-16-le")) // 2
    d8 = diagnostic(f, Lines(text, "utf-8"), URI, Settings())
    assert d8.range.start.character == len(prefix.encode("utf-8")) == 19
    d32 = diagnostic(f, Lines(text, "utf-32"), URI, Settings())
    assert d32.range.start.character == 15


def test_client_positions_map_back_to_offsets_even_inside_a_surrogate_pair():
    text = "a𝑥b\nsecond"
    lines = Lines(text)
    assert [lines.offset(0, c) for c in range(5)] == [0, 1, 1, 2, 3]  # character 2 is inside 𝑥's pair
    assert lines.offset(1, 3) == 7  # "a𝑥b\n" is 4 code points
    assert lines.offset(9, 0) == len(text)  # past the last line: the end
    assert lines.client_position(3) == (0, 4)
    assert lines.to_client(1, 99) == (0, 4)  # a column past the line's end is its end


def test_a_lone_carriage_return_ends_a_line_as_the_client_counts_lines():
    text = "one\rtwo $1+1=3$\r\nthree"
    fixed = same_lines(text)
    assert fixed == "one\ntwo $1+1=3$\r\nthree" and len(fixed) == len(text)
    lines = Lines(fixed)
    assert lines.to_client(2, 99) == (1, 11)  # '\r\n' is not part of the line


# -- diagnostics ----------------------------------------------------------------------------------------
def test_severities_follow_the_verdict_and_the_settings():
    default, strict, shown = Settings(), Settings(strict=True), Settings(show_unchecked=True)
    assert severity(Verdict.WRONG, default) is lsp.DiagnosticSeverity.Error
    assert severity(Verdict.ERROR, default) is lsp.DiagnosticSeverity.Error
    assert severity(Verdict.IMPRECISE, default) is lsp.DiagnosticSeverity.Warning
    assert severity(Verdict.IMPRECISE, strict) is lsp.DiagnosticSeverity.Error
    assert severity(Verdict.UNCHECKED, default) is None
    assert severity(Verdict.UNCHECKED, shown) is lsp.DiagnosticSeverity.Information
    assert severity(Verdict.CORRECT, shown) is None


@pytest.mark.parametrize(("text", "want"), [
    ("$2+2=5$", "2+2 = 4"),  # the reason ends with the value: not repeated
    ("$1/0.9 \\approx 1.1112$", "1/0.9 = 10/9 = 1.111111..., which rounds to 1.1111"),
    ("$(1,2) + (1,1) = (2,4)$", "entry 2 should be 3; expected [2, 3]"),  # the reason names another value
])
def test_a_message_gives_the_expected_value_once(worker, text, want):
    (f,) = check_text(text, "k.md", worker).findings
    assert message(f) == want


def test_a_diagnostic_has_the_reason_the_expected_value_the_verdict_and_the_lines_used(worker):
    text = "Then $\\mu = \\frac{2+4}{2} = 3$,\nso $\\mu + 1 = 5$."
    report = check_text(text, "k.md", worker)
    (d,) = diagnostics(report.findings, Lines(text), URI, Settings())
    assert d.code == "wrong" and d.source == "lnsym" and d.severity is lsp.DiagnosticSeverity.Error
    assert d.message == "\\mu + 1 = 4"
    (rel,) = d.related_information
    assert rel.location.uri == URI and rel.location.range.start.line == 0 and rel.message == "\\mu = 3, bound here"
    assert rel.location.range.end.character == len(text.split("\n")[0])


def test_an_error_says_lnsym_failed_and_unchecked_statements_show_only_when_asked():
    err = _finding("error", reason="checking this span: lnsym failed (KeyError: 'x'); please report this")
    assert message(err).startswith("lnsym failed on this statement (a fault of lnsym, not of the key): checking")
    unchecked = _finding("unchecked", reason="defines x")
    assert diagnostics([unchecked], Lines("x\n"), URI, Settings()) == []
    (d,) = diagnostics([unchecked], Lines("x\n"), URI, Settings(show_unchecked=True))
    assert d.severity is lsp.DiagnosticSeverity.Information and d.message == "defines x" and d.code == "unchecked"


# -- hover ----------------------------------------------------------------------------------------------
def test_the_hover_shows_verdict_role_reason_and_evidence_as_markdown(worker):
    text = "Then $\\mu = \\frac{2+4}{2} = 3$,\nso $\\mu + 1 = 5$."
    report = check_text(text, "k.md", worker)
    lines = Lines(text)
    (f,) = findings_at(report.findings, lines, lsp.Position(1, 6))
    md = hover_markdown(f)
    assert md.startswith("**lnsym: wrong** ✗ · assertion\n\n`\\mu + 1 = 5`")
    assert "\\\\mu \\+ 1 = 4" in md  # the reason is prose: its Markdown characters escaped
    assert "left side `4`, right side `5`" in md and "with `\\mu = 3` (line 1)" in md
    assert findings_at(report.findings, lines, lsp.Position(1, 0)) == []


def test_the_hover_keeps_backticks_of_the_source_as_written():
    f = Finding(1, 1, 1, 5, "a`b", "=", Verdict.UNCHECKED, reason="not parsed: '`' *here*", role="")
    md = hover_markdown(f)
    assert "``a`b``" in md and "\\*here\\*" in md


# -- code actions ---------------------------------------------------------------------------------------
def _actions(text: str, worker, versioned: bool = True):
    settings = Settings()
    report = check_text(text, "k.md", worker)
    lines = Lines(text)
    whole = lsp.Range(lsp.Position(0, 0), lsp.Position(len(lines.starts), 0))
    return code_actions(report.findings, text, lines, URI, 7, whole, settings, versioned), lines


def test_a_wrong_value_is_replaced_by_the_computed_one(worker):
    text = "Soit 𝑥 é: $2 + 2 = 5$ and $3+3=6$.\n"
    (action,) , lines = _actions(text, worker)
    assert action.title == "Replace 5 with 4 (lnsym)" and action.kind == lsp.CodeActionKind.QuickFix
    assert action.diagnostics[0].code == "wrong"
    (change,) = action.edit.document_changes
    assert change.text_document.uri == URI and change.text_document.version == 7  # refused once stale
    assert _apply(text, change.edits, lines) == "Soit 𝑥 é: $2 + 2 = 4$ and $3+3=6$.\n"


def test_a_client_without_versioned_edits_gets_plain_changes(worker):
    text = "$2+2=5$\n"
    (action,), lines = _actions(text, worker, versioned=False)
    assert _apply(text, action.edit.changes[URI], lines) == "$2+2=4$\n"


def test_no_replacement_when_the_right_side_is_not_a_plain_number(worker):
    text = "$2+2=\\frac{10}{2}$ and $x^2 = 5$\n"
    assert _actions(text, worker)[0] == []


def test_an_equals_sign_for_a_rounding_becomes_approx_in_math_and_the_sign_in_prose(worker):
    text = "$\\sqrt{2} = 1.414$, and in words: 1/3 = 0.33 here.\n"
    actions, lines = _actions(text, worker)
    assert [a.title for a in actions] == ["Write \\approx for = (lnsym)", "Write ≈ for = (lnsym)"]
    edits = [e for a in actions for e in a.edit.document_changes[0].edits]
    assert _apply(text, edits, lines) == "$\\sqrt{2} \\approx 1.414$, and in words: 1/3 ≈ 0.33 here.\n"


def test_only_the_findings_in_the_range_asked_for_get_actions(worker):
    text = "$2+2=5$\n\n$3+3=7$\n"
    report = check_text(text, "k.md", worker)
    lines = Lines(text)
    second = lsp.Range(lsp.Position(2, 2), lsp.Position(2, 2))
    (action,) = code_actions(report.findings, text, lines, URI, 1, second, Settings())
    assert action.title == "Replace 7 with 6 (lnsym)"


# -- settings -------------------------------------------------------------------------------------------
def test_settings_are_read_under_their_section_or_as_they_come():
    s, warnings = read_settings({"lnsym": {"showUnchecked": True, "stepSeconds": 1, "debounceMs": 0}}, Settings())
    assert (s.show_unchecked, s.step_seconds, s.debounce_ms, warnings) == (True, 1.0, 0, [])
    s, warnings = read_settings({"plainText": False, "strict": True, "fileSeconds": 0}, Settings())
    assert (s.plain_text, s.strict, s.file_seconds, warnings) == (False, True, 0.0, [])
    assert read_settings(None, s) == (s, [])


def test_bad_settings_are_named_and_the_others_taken():
    s, warnings = read_settings({"lnsym": {"showUnchecked": "yes", "stepSeconds": -1, "strict": True,
                                           "colour": 3}}, Settings())
    assert s == Settings(strict=True)
    assert warnings == [
        "lnsym settings: unknown setting 'colour' ignored; known: plainText, strict, showUnchecked, stepSeconds, "
        "fileSeconds, debounceMs",
        "lnsym settings: showUnchecked: expected true or false, got 'yes'; keeping False",
        "lnsym settings: stepSeconds: expected a positive number of seconds, got -1; keeping 2.0",
    ]
    assert read_settings(["x"], s)[1] == ["lnsym settings: expected an object of settings, got ['x']; nothing changed"]
    assert read_settings({"stepSeconds": float("nan"), "debounceMs": True}, s)[0] == s


def test_the_default_budgets_are_those_of_lnsym_check():
    from lnsym.check.budget import FILE_SECONDS
    from lnsym.check.judges.worker import STEP_SECONDS

    assert (Settings().step_seconds, Settings().file_seconds) == (STEP_SECONDS, FILE_SECONDS)


def test_the_position_encoding_is_named_by_its_value():
    assert [encoding_name(k) for k in lsp.PositionEncodingKind] == ["utf-8", "utf-16", "utf-32"]
    assert encoding_name(None) == "utf-16"


def test_documents_are_checked_as_markdown_or_latex_by_suffix_or_language():
    assert document_path("/k/a.tex", None) == "/k/a.tex"
    assert document_path("/k/a.md", "plaintext") == "/k/a.md"
    assert document_path("Untitled-1", "latex") == "Untitled-1.tex"
    assert document_path("Untitled-1", "markdown") == "Untitled-1.md"
    assert document_path("/k/a.py", "python") is None


# -- scheduling -----------------------------------------------------------------------------------------
def test_a_cancelled_deadline_stops_the_check_and_says_why(worker):
    deadline = CancellableDeadline(30)
    assert not deadline.expired()
    deadline.cancelled.set()
    assert deadline.expired() and deadline.remaining() > 0  # the statement running is not killed
    report = check_text("$2+2=5$", "k.md", worker, deadline=deadline)
    assert [(f.verdict.value, f.reason) for f in report.findings] == [
        ("unchecked", "not checked: a newer version of the document superseded this check")]


def test_the_time_budget_of_a_check_starts_when_the_check_does_not_during_the_pause():
    async def scenario():
        published = []
        scheduler = Scheduler(published.append)
        try:  # a pause of 2 s, a budget of 1.5 s: the check has its 1.5 s after the pause
            scheduler.schedule(URI, 1, "$2+2=5$", "k.md", Settings(file_seconds=1.5), delay=2.0)
            for _ in range(600):
                await asyncio.sleep(0.05)
                if published:
                    break
        finally:
            scheduler.close()
        return published

    (checked,) = asyncio.run(scenario())
    assert [(f.verdict.value, f.reason) for f in checked.findings] == [("wrong", "2+2 = 4")]


def test_the_main_thread_runs_what_other_threads_submit_until_shutdown():
    executor = MainThreadExecutor()
    results = []

    def submitter():
        futures = [executor.submit(lambda k=k: (k, threading.current_thread().name)) for k in range(3)]
        futures[2].cancel()  # a superseded check still queued never runs
        results.extend(f.result() for f in futures[:2])
        failing = executor.submit(lambda: 1 / 0)
        results.append(type(failing.exception()).__name__)
        executor.shutdown(wait=True)  # from another thread: waits until the serving thread has run everything

    other = threading.Thread(target=submitter)
    other.start()
    executor.serve(other.is_alive)
    other.join()
    main = threading.current_thread().name
    assert results == [(0, main), (1, main), "ZeroDivisionError"]
    with pytest.raises(RuntimeError):
        executor.submit(print)


def test_a_superseded_version_is_never_published():
    async def scenario():
        published = []
        scheduler = Scheduler(published.append)
        try:
            scheduler.schedule(URI, 1, "$2+2=5$", "k.md", Settings())
            scheduler.schedule(URI, 2, "$2+2=4$ and $1+1=3$", "k.md", Settings(), delay=0.05)
            for _ in range(600):
                await asyncio.sleep(0.05)
                if published:
                    break
            await asyncio.sleep(0.2)  # time for a stale publish to show up, were there one
        finally:
            scheduler.close()
        return published

    published = asyncio.run(scenario())
    assert [(c.version, [f.source for f in c.findings if f.verdict is Verdict.WRONG]) for c in published] == [
        (2, ["1+1=3"])]


class _Sink:
    """The client's side of the server's output, thrown away."""

    def write(self, data: bytes) -> None:
        pass

    def close(self) -> None:
        pass


def _message(method: str, params: dict, msg_id: int | None = None):
    message = {"jsonrpc": "2.0", "method": method, "params": params}
    if msg_id is not None:
        message["id"] = msg_id
    return message


def test_the_servers_memory_stays_bounded_over_thousands_of_edits():
    """pygls keeps the future of each notification it routes to a handler (didOpen, didChange, ...) in the
    table of the requests it answers, and never takes it out: about 1 KiB an edit, for ever."""
    import gc
    import tracemalloc

    from lnsym.lsp.server import build_server

    server = build_server()
    protocol = server.protocol
    protocol.set_writer(_Sink())
    feed = lambda message: protocol.handle_message(protocol.structure_message(message))  # noqa: E731
    feed(_message("initialize", {"processId": None, "rootUri": None, "capabilities": {}}, 1))
    feed(_message("initialized", {}))
    uri = "file:///notes/todo.txt"  # plain text: not checked, so only the protocol's bookkeeping is measured
    feed(_message("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "plaintext", "version": 1,
                                                            "text": ""}}))

    def edits(versions) -> None:
        for v in versions:  # each a distinct text, as typing gives
            feed(_message("textDocument/didChange", {"textDocument": {"uri": uri, "version": v},
                                                     "contentChanges": [{"text": f"note {v}: " + "x" * 200}]}))

    tracemalloc.start()
    try:
        edits(range(2, 502))
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        edits(range(502, 2502))
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
        server.scheduler.close()
    assert grown < 64 * 1024, f"{grown} bytes more after 2,000 edits"


# -- the command ----------------------------------------------------------------------------------------
def test_without_pygls_the_command_says_to_install_the_extra(monkeypatch, capsys):
    from lnsym.cli import main

    monkeypatch.setitem(sys.modules, "pygls", None)  # `import pygls` raises ImportError
    assert main(["lsp"]) == 2
    err = capsys.readouterr().err
    assert err == ("lnsym lsp: error: the language server needs pygls, which the core install does not have; "
                   "install it with: pip install 'lnsym[lsp]'\n")


def _open(client: LspClient, text: str, version: int = 1) -> None:
    client.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "markdown",
                                                            "version": version, "text": text}})


def test_the_diagnostics_are_the_findings_lnsym_check_gives_for_the_seed_key(tmp_path):
    from lnsym.check.run import check_paths
    from lnsym.lsp.scheduler import Checker, Job

    seed = os.path.join(os.path.dirname(__file__), "..", "..", "lnsym", "examples", "residual-layernorm.md")
    with open(seed, encoding="utf-8") as f:
        text = f.read()
    # the seed key has no wrong step: slips put in it, a wrong value and a rounding written with '='
    assert "=\\frac{16}{4}=4" in text and "\\sigma =\\sqrt{2}\\approx 1.4142" in text
    text = text.replace("=\\frac{16}{4}=4", "=\\frac{16}{4}=5").replace("\\sigma =\\sqrt{2}\\approx 1.4142",
                                                                       "\\sigma =\\sqrt{2}= 1.4142")
    path = tmp_path / "key.md"
    path.write_text(text, encoding="utf-8")
    (report,) = check_paths([str(path)]).files
    checker = Checker()
    try:
        findings = checker.check(Job(URI, 1, text, str(path), Settings(file_seconds=0)))
    finally:
        checker.close()
    assert findings == report.findings
    shown = diagnostics(findings, Lines(text), URI, Settings())
    expected = [f for f in report.findings if f.verdict.value in ("wrong", "imprecise", "error")]
    assert [f.verdict.value for f in expected] == ["wrong", "imprecise"]
    assert [(d.range.start.line + 1, d.code) for d in shown] == [(f.line, f.verdict.value) for f in expected]


def test_a_budget_that_runs_out_is_logged_and_an_exit_without_shutdown_exits_1():
    client = LspClient()
    try:
        result = client.initialize({"fileSeconds": 1e-9, "showUnchecked": False}, encodings=["utf-8"])
        assert result["capabilities"]["positionEncoding"] == "utf-8"
        _open(client, "".join(f"Step {k}: $\\frac{{{2 * k}}}{{2}} + 1 = {k + 1}$.\n\n" for k in range(29))
              + "Étape 𝑥 : $2+2=5$.\n")
        got = client.wait_for("textDocument/publishDiagnostics", timeout=60)
        assert got["diagnostics"] == []  # nothing was decided: nothing shown (unchecked only when asked)
        log = client.wait_for("window/logMessage", timeout=30)
        assert log["message"] == (f"lnsym: {URI}: 30 statements not checked, the document's time budget of 1e-09 s "
                                  "ran out (setting fileSeconds)")
        # a budget that suffices: the document is checked again, its positions in UTF-8 bytes as agreed
        client.notify("workspace/didChangeConfiguration", {"settings": {"lnsym": {"fileSeconds": 30}}})
        got = client.wait_for("textDocument/publishDiagnostics", timeout=60)
        assert [(d["range"]["start"], d["message"]) for d in got["diagnostics"]] == [
            ({"line": 58, "character": len("Étape 𝑥 : $".encode())}, "2+2 = 4")]
        # a document of another kind is not checked; the server goes on
        client.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///keys/x.py", "languageId": "python",
                                                                "version": 1, "text": "x = 2+2 == 5\n"}})
        assert client.request("textDocument/hover", {"textDocument": {"uri": "file:///keys/x.py"},
                                                     "position": {"line": 0, "character": 5}}) is None
        client.notify("exit")  # without shutdown: the protocol asks for exit code 1
        assert client.proc.wait(10) == 1
    finally:
        client.kill()
    methods = {n["method"] for n in client.notifications}
    assert [n["params"]["uri"] for n in client.notifications
            if n["method"] == "textDocument/publishDiagnostics"] == [URI, URI], methods


# -- the diagnostics are the findings of `lnsym check --json` ------------------------------------------------
def _planted_seed() -> str:
    """The seed key with two slips put in (it has none): a wrong value and a rounding written with '='."""
    from shared_files import SEED

    text = SEED.read_text(encoding="utf-8")
    assert "=\\frac{16}{4}=4" in text and "\\sigma =\\sqrt{2}\\approx 1.4142" in text
    return text.replace("=\\frac{16}{4}=4", "=\\frac{16}{4}=5").replace("\\sigma =\\sqrt{2}\\approx 1.4142",
                                                                       "\\sigma =\\sqrt{2}= 1.4142")


def _notebook_json(cells: list[tuple[str, str]]) -> str:
    return json.dumps({"cells": [
        {"cell_type": kind, "metadata": {}, "source": text, **({"outputs": [], "execution_count": None}
                                                               if kind == "code" else {})}
        for kind, text in cells], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def _shown_by_check(finding: dict, text: str) -> tuple:
    """A finding of `lnsym check --json` as the diagnostic it should be: range (UTF-16), severity, code, message."""
    lines = Lines(text)
    start = lines.to_client(finding["line"], finding["column"])
    end = lines.to_client(finding["end_line"], finding["end_column"])
    verdict = finding["verdict"]
    if verdict == "error":
        message = f"lnsym failed on this statement (a fault of lnsym, not of the key): {finding['reason']}"
    else:
        reason = finding["reason"] or verdict
        expected = finding["expected"]
        message = reason + (f"; expected {expected}" if expected and not reason.endswith(f" {expected}") else "")
    return (*start, *end, 2 if verdict == "imprecise" else 1, verdict, message)


def _shown_by_server(d: dict) -> tuple:
    r = d["range"]
    return (r["start"]["line"], r["start"]["character"], r["end"]["line"], r["end"]["character"], d["severity"],
            d["code"], d["message"])


def _same_as_check(tmp_path, documents: dict[str, str], notebooks: dict[str, list[tuple[str, str]]]) -> int:
    """Check the Markdown ``documents`` and the ``notebooks`` (cells of (kind, text)) with `lnsym check --json` and
    open them in the server; the diagnostics of each document (each Markdown cell) must be exactly the wrong,
    imprecise and error findings the command gives. Returns how many diagnostics there were."""
    import subprocess

    paths = []
    for name, text in documents.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        paths.append(tmp_path / name)
    for name, cells in notebooks.items():
        (tmp_path / name).write_text(_notebook_json(cells), encoding="utf-8")
        paths.append(tmp_path / name)
    run = subprocess.run([sys.executable, "-m", "lnsym", "check", "--json", *map(str, paths)], capture_output=True,
                         text=True, timeout=120, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    assert run.returncode in (0, 1), run.stderr
    expected: dict[str, list] = {}
    for report in json.loads(run.stdout)["files"]:
        path = Path(report["path"])
        shown = [f for f in report["findings"] if f["verdict"] in ("wrong", "imprecise", "error")]
        if path.suffix == ".ipynb":
            cells = notebooks[path.name]
            for k, (kind, text) in enumerate(cells, start=1):
                if kind == "markdown":
                    expected[f"{path.as_uri()}#cell{k}"] = [_shown_by_check(f, text) for f in shown if f["cell"] == k]
        else:
            expected[path.as_uri()] = [_shown_by_check(f, documents[path.name]) for f in shown]

    client = LspClient()
    got: dict[str, list] = {}
    try:
        client.initialize({"debounceMs": 0})
        for path in paths:
            if path.suffix == ".md":
                client.notify("textDocument/didOpen", {"textDocument": {
                    "uri": path.as_uri(), "languageId": "markdown", "version": 1, "text": documents[path.name]}})
                continue
            cells = notebooks[path.name]
            cells = [(f"{path.as_uri()}#cell{k}", kind, text) for k, (kind, text) in enumerate(cells, start=1)]
            client.notify("notebookDocument/didOpen", {
                "notebookDocument": {"uri": path.as_uri(), "notebookType": "jupyter-notebook", "version": 1, "cells": [
                    {"kind": 1 if kind == "markdown" else 2, "document": u} for u, kind, _ in cells]},
                "cellTextDocuments": [{"uri": u, "languageId": "markdown" if kind == "markdown" else "python",
                                       "version": 1, "text": text} for u, kind, text in cells]})
        while set(got) != set(expected):
            params = client.wait_for("textDocument/publishDiagnostics", timeout=60)
            got[params["uri"]] = [_shown_by_server(d) for d in params["diagnostics"]]
        assert client.close() == 0
    finally:
        client.kill()
    assert got == expected
    return sum(map(len, got.values()))


def test_the_diagnostics_are_the_findings_of_lnsym_check_json_on_the_seed_key_and_a_notebook(tmp_path):
    seed = _planted_seed()
    notebook = [("markdown", "# Sums\n\nLet $a = 3$, so $a + 1 = 5$ and é𝑥 $\\sqrt{2} = 1.414$."),
                ("code", "a = 3\nprint(a + 1 == 5)  # $2+2=5$\n"),
                ("markdown", "Then $a + 2 = 5$, and $1/3 = 0.33$ in words: 2 + 2 = 5.")]
    assert _same_as_check(tmp_path, {"seed.md": seed}, {"sums.ipynb": notebook}) >= 5


def test_the_diagnostics_are_the_findings_of_lnsym_check_json_on_the_external_dev_files(tmp_path):
    from shared_files import MATH, SHARED, need

    picked = {"gsm8k-36", "gsm8k-126", "gsm8k-134", "gsm8k-198"}  # records with wrong findings (ProcessBench)
    documents = {}
    for line in need(SHARED / "external" / "processbench-dev.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("id") in picked:
            documents[f"{record['id']}.md"] = "\n\n".join(record["steps"]) + "\n"  # a step a paragraph
    # the MATH solutions are correct, and `lnsym check` finds nothing wrong in them: two of them, to show nothing
    math = need(MATH).read_text(encoding="utf-8").splitlines()
    for k in (0, 1):
        documents[f"math-{k}.md"] = json.loads(math[k])["solution"] + "\n"
    assert len(documents) == len(picked) + 2
    assert _same_as_check(tmp_path, documents, {}) >= 6


# -- incremental checks ---------------------------------------------------------------------------------
def _long_paragraph(k: int, value: int | None = None) -> str:
    """A paragraph of a name bound, then used, after more than 200 characters of prose (a check reads up to 160
    characters past a span, so an edit there is seen by no span of the paragraph before)."""
    a = 3 * k + 1
    return (f"Paragraph {k}. In this part of the derivation we take the value of the quantity that the previous "
            f"part led to, and, so that the reader need not turn back the page to find it, we write it down once "
            f"more: let $m_{k} = {a}$, so that $m_{k} + 1 = {a + 1}$ "
            f"and $3 \\cdot {a} = {3 * a if value is None else value}$ as well.")


def test_an_edit_in_the_last_paragraph_rechecks_that_paragraph_alone(worker):
    from lnsym.lsp.scheduler import Checker, Job

    texts = ["# A key\n\n" + "\n\n".join(_long_paragraph(k) for k in range(6)) + "\n",
             "# A key\n\n" + "\n\n".join(_long_paragraph(k, 99 if k == 5 else None) for k in range(6)) + "\n"]
    checker = Checker()
    try:
        first = checker.check(Job(URI, 1, texts[0], "k.md", Settings()))
        assert checker.memos[URI].ran == {1, 2, 3, 4, 5, 6}  # (paragraph 0 is the heading, with no math)
        second = checker.check(Job(URI, 2, texts[1], "k.md", Settings()))
        assert checker.memos[URI].ran == {6}
        # the same findings as a full check
        for text, found in zip(texts, (first, second), strict=True):
            assert found == check_text(text, "k.md", worker).findings
        assert [f.line for f in first if f.verdict is Verdict.WRONG] == []
        assert [(f.line, f.source) for f in second if f.verdict is Verdict.WRONG] == [(13, "3 \\cdot 16 = 99")]
        # closing the document forgets its states
        checker.forget(URI)
        checker.check(Job(URI, 3, texts[1], "k.md", Settings()))
        assert len(checker.memos[URI].ran) == 6
    finally:
        checker.close()


_PROSE = "Some words here to make this paragraph longer than what a check reads past a span. " * 3


def _edited_check(before: str, after: str) -> tuple[list, Any]:
    """The findings of a check of ``after`` resumed from a check of ``before`` (the edit between them), and the
    document's memo (which paragraphs the second check ran, where it stopped)."""
    from lnsym.lsp.scheduler import Checker, Job

    checker = Checker()
    try:
        checker.check(Job(URI, 1, before, "k.md", Settings()))
        found = checker.check(Job(URI, 2, after, "k.md", Settings()))
    finally:
        checker.close()
    return found, checker.memos[URI]


@pytest.mark.parametrize(("before", "after", "first"), [
    # a name bound in an earlier paragraph proves a step of the edited one: the earlier paragraph's state is kept
    ("We have $r = 3$.\n\n" + _PROSE + "Then $2+2=4$.\n",
     "We have $r = 3$.\n\n" + _PROSE + "Then $r^2 + 1 = 10$ and $2+2=4$.\n", "unchecked"),
    # "Wait, no" at the start of the next paragraph takes back the step before it: that step is checked again
    ("We get $7 \\times 8 = 54$.\n\nSo then $7 \\times 9 = 63$. " + _PROSE + "\n",
     "We get $7 \\times 8 = 54$.\n\nWait, no: $7 \\times 8 = 56$. " + _PROSE + "\n", "unchecked"),
    # an operation defined at the end is how '*' reads everywhere: the whole text is checked again
    ("We get $3 * 2 = 6$.\n\n" + _PROSE + "\n",
     "We get $3 * 2 = 6$.\n\n" + _PROSE + "Define $a * b = a + b$ for all numbers.\n", "unchecked"),
    # a word said at the end (a mean) is how a statistic's definition reads everywhere: the whole text again
    ("Write $\\mu = \\sum_i w_i$.\n\n" + _PROSE + "\n",
     "Write $\\mu = \\sum_i w_i$.\n\n" + _PROSE + "Here $2 + 2 = 4$ is the mean of the features.\n", "wrong"),
], ids=["name bound before", "retraction after", "reading of the whole text", "a statistic named at the end"])
def test_an_edit_checks_again_what_it_can_change_before_it(worker, before, after, first):
    found, memo = _edited_check(before, after)
    assert found == check_text(after, "k.md", worker).findings
    assert found[0].verdict.value == first
    if "r^2" in after:
        assert memo.ran == {1}
        assert [f.reason for f in found if f.source == "r^2 + 1 = 10"] == [
            "with r = 3 (line 1), bound in an earlier paragraph"]
    else:
        assert memo.ran == {0, 1}
        assert check_text(before, "k.md", worker).findings[0].verdict.value != first  # the edit changed it


@pytest.mark.parametrize("update", ["Step 1: $w \\leftarrow 0.8$.", "Step 1: $w \\leftarrow w - 0.2 = 0.8$."])
def test_an_update_added_or_taken_out_between_paragraphs_gives_the_findings_of_a_full_check(worker, update):
    """An update in a paragraph between a binding and a step changes the step's value (paragraphs.EarlierParagraphs.
    _changed_between, whose index of changing paragraphs a resumed check rebuilds): an edit that adds the update,
    and one that takes it out again, each give the findings of a full check."""
    plain = "Let $w = 1$.\n\n" + _PROSE + "\n\nStep 2: the gradient is $2w = 2$.\n"
    updated = "Let $w = 1$.\n\n" + _PROSE + update + "\n\nStep 2: the gradient is $2w = 2$.\n"
    for before, after, verdict in ((plain, updated, "wrong"), (updated, plain, "correct")):
        found, _ = _edited_check(before, after)
        assert found == check_text(after, "k.md", worker).findings
        assert [f.verdict.value for f in found if f.source == "2w = 2"] == [verdict]


def test_incremental_checks_give_the_findings_of_full_checks_through_a_series_of_edits(worker):
    """Edits of the seed key at random places (digits, signs, names, paragraph breaks, headings, a retraction
    at the start of a paragraph, a declaration of notation): after each, the findings of the check resumed from
    the last one are those of a full check."""
    import random

    from shared_files import SEED

    from lnsym.lsp.scheduler import Checker, Job

    paragraphs = SEED.read_text(encoding="utf-8").split("\n\n")
    rng = random.Random(29)
    checker = Checker()
    resumed = 0
    try:
        for version in range(14):
            k = rng.randrange(len(paragraphs)) if version else len(paragraphs) - 1
            p = paragraphs[k]
            at = rng.randrange(len(p) + 1)
            paragraphs[k] = p[:at] + rng.choice(["1", "=", " x", "2", "\n\n", "$", "# New\n\n", "Wait, no. ",
                                                 "[x] is the floor of x. ", " 5"]) + p[at:]
            text = "\n\n".join(paragraphs)
            found = checker.check(Job(URI, version, text, "seed.md", Settings(file_seconds=0)))
            assert found == check_text(text, "seed.md", worker).findings, version
            resumed += len(checker.memos[URI].ran) < len({f.paragraph for f in found})
    finally:
        checker.close()
    assert resumed >= 5


# -- a check stops where its state is the one the last check had (issue 29) --------------------------------
_FAR = ("# Definitions\n\nLet $d = 4$ be the width, and let $y = x + F(x)$ be the output of the block.\n\n"
        + "".join(f"Paragraph {k} has words in it, about nothing in particular, and some arithmetic: "
                  f"${k} + 3 = {k + 3}$ and $7 \\times {k} = {7 * k}$.\n\n" for k in range(1, 7))
        + "Then the width plus one: $d + 1 = 5$, and twice the width: $2d = 8$.\n\n"
        + "By the chain rule, $\\frac{dy}{dx} = 1 + \\frac{dF}{dx}$.\n\n"
        + "## Later\n\nLet $z = 2 s$ define z, and $s = 3$.\n\n"
        + "".join(f"Filler {k}: $\\frac{{{2 * k}}}{{2}} = {k}$.\n\n" for k in range(1, 5))
        + "Finally $d^2 = 16$, $z + 1 = 7$ and $3 + 4 = 7$.\n")


def _edited(text: str, rng) -> str:
    """``text`` with one edit at a random place: an insertion (a digit, a sign, words, a line break, a paragraph
    break, a binding of a name used below, a heading) or a deletion (a few characters, or a whole line)."""
    at = rng.randrange(len(text) + 1)
    kind = rng.randrange(4)
    if kind == 0:
        n = rng.randrange(1, 12)
        return text[:at] + text[at + n :]
    if kind == 1:
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        return text[:start] + text[end + 1 :] if end >= 0 else text[:start]
    return text[:at] + rng.choice(["1", "=", " x", "2", "\n", "\n\n", " word", "$", "Let $d = 5$. ", "# New\n\n",
                                   "Let $s = 4$. ", "Wait, no. "]) + text[at:]


@pytest.mark.parametrize("key", ["seed", "far"])
def test_random_edits_give_exactly_the_findings_of_a_full_check(worker, key):
    """Random edits anywhere in the seed key and in a key whose definitions are used far below (edits that rebind
    a name used later, add or remove lines and paragraphs): after each, the findings of the check that resumed
    and stopped where its state agreed with the last one are those of a full check of the new text."""
    import random

    from shared_files import SEED

    from lnsym.lsp.scheduler import Checker, Job

    text = SEED.read_text(encoding="utf-8") if key == "seed" else _FAR
    rng = random.Random(4 if key == "seed" else 7)
    checker = Checker()
    stopped = 0
    try:
        checker.check(Job(URI, 0, text, "k.md", Settings(file_seconds=0)))
        for version in range(1, 31):
            text = _edited(text, rng)
            found = checker.check(Job(URI, version, text, "k.md", Settings(file_seconds=0)))
            assert found == check_text(text, "k.md", worker).findings, (version, text)
            stopped += max(f.paragraph for f in found) not in checker.memos[URI].ran  # (the last was not checked)
    finally:
        checker.close()
    assert stopped >= 8  # (the edits do stop early, or this test would compare full checks with full checks)


def test_an_edit_that_binds_nothing_rechecks_its_paragraph_alone(worker):
    from lnsym.lsp.scheduler import Checker, Job

    texts = ["# A key\n\n" + "\n\n".join(_long_paragraph(k) for k in range(6)) + "\n",
             "# A key\n\n" + "\n\n".join(_long_paragraph(k, 99 if k == 1 else None) for k in range(6)) + "\n",
             "# A key\n\n" + "\n\n".join(_long_paragraph(k, 99 if k == 1 else None).replace("once", "once,\nagain,")
                                         for k in range(6)) + "\n"]
    checker = Checker()
    try:
        checker.check(Job(URI, 1, texts[0], "k.md", Settings()))
        assert checker.memos[URI].ran == {1, 2, 3, 4, 5, 6}
        for version, text in enumerate(texts[1:], start=2):  # a slip put in paragraph 2; then lines added
            found = checker.check(Job(URI, version, text, "k.md", Settings()))
            assert found == check_text(text, "k.md", worker).findings
        # the last edit added a line to every paragraph: all are checked again; the one before, paragraph 2 alone
        assert checker.memos[URI].ran == {1, 2, 3, 4, 5, 6}
        mended = texts[2].replace("= 99", "= 12")
        found = checker.check(Job(URI, 4, mended, "k.md", Settings()))
        assert checker.memos[URI].ran == {2} and checker.memos[URI].stopped == 3
        assert found == check_text(mended, "k.md", worker).findings
        # a line added in paragraph 2 (before its first span): the check resumes before paragraph 2 (which may read
        # the line) and stops after it; the findings below move down a line, they are not checked again
        text = mended.replace("Paragraph 1.", "Paragraph 1.\nOne more line.")
        found = checker.check(Job(URI, 5, text, "k.md", Settings()))
        assert checker.memos[URI].ran == {1, 2} and checker.memos[URI].stopped == 3
        assert found == check_text(text, "k.md", worker).findings
        assert found[-1].line == text.count("\n") == mended.count("\n") + 1
    finally:
        checker.close()


def test_an_edit_that_rebinds_a_name_rechecks_the_paragraphs_that_use_it(worker):
    from lnsym.lsp.scheduler import Checker, Job

    checker = Checker()
    try:
        checker.check(Job(URI, 1, _FAR, "k.md", Settings()))
        text = _FAR.replace("Let $d = 4$", "Let $d = 5$")
        found = checker.check(Job(URI, 2, text, "k.md", Settings()))
        memo = checker.memos[URI]
        assert found == check_text(text, "k.md", worker).findings
        uses = {f.paragraph for f in found if f.source in ("d + 1 = 5", "d^2 = 16")}
        assert len(uses) == 2 and uses <= memo.ran and max(f.paragraph for f in found) in memo.ran
        assert [f.verdict.value for f in found if f.source == "d + 1 = 5"] == ["unchecked"]  # (d = 5 proves nothing)
        # and back: the same findings as at first, every paragraph below checked again
        found = checker.check(Job(URI, 3, _FAR, "k.md", Settings()))
        assert found == check_text(_FAR, "k.md", worker).findings
        assert [f.verdict.value for f in found if f.source == "d + 1 = 5"] == ["correct"]
    finally:
        checker.close()


def test_a_notebook_rechecks_the_cell_edited_and_what_its_names_reach(worker):
    from dataclasses import replace

    from lnsym.check.notebook_check import check_notebook
    from lnsym.check.sources.notebooks import Cell
    from lnsym.lsp.notebooks import CellDoc
    from lnsym.lsp.scheduler import Checker, Job

    def cells(values: dict) -> tuple[CellDoc, ...]:  # a code cell between each two Markdown cells
        return tuple(CellDoc(f"cell:{k}", 2 * k + 1, 1, _long_paragraph(k, values.get(k))) for k in range(6))

    def full(docs) -> tuple:
        return check_notebook(tuple(Cell(c.number, c.text) for c in docs), "n.ipynb", worker).findings

    checker = Checker()
    try:
        checker.check(Job(URI, 1, "", "n.ipynb", Settings(), cells({})))
        for version, values in enumerate([{2: 99}, {2: 99, 4: 98}, {4: 98}], start=2):
            docs = cells(values)
            found = checker.check(Job(URI, version, "", "n.ipynb", Settings(), docs))
            assert found == full(docs)
            assert [f.cell for f in found if f.verdict is Verdict.WRONG] == [2 * k + 1 for k in sorted(values)]
        # the last edit took the slip out of the third cell: that cell alone was checked again
        assert checker.memos[URI].ran == {2} and checker.memos[URI].stopped == 3
        # a name bound again in the first cell reaches every cell below: all are checked again
        docs = (replace(cells({4: 98})[0], text=_long_paragraph(0).replace("m_0 = 1", "m_0 = 2")), *cells({4: 98})[1:])
        found = checker.check(Job(URI, 5, "", "n.ipynb", Settings(), docs))
        assert found == full(docs) and checker.memos[URI].ran == {0, 1, 2, 3, 4, 5}
    finally:
        checker.close()


def test_an_edit_moves_positions_after_it_and_none_inside_it_and_states_compare_by_type():
    import sympy as sp

    from lnsym.check.spans.math_spans import LineIndex
    from lnsym.lsp.tail import Edit, same, shifted_finding

    old, new = "ab\ncd\nef\n", "ab\ncX\nY\nd\nef\n"  # 'c' kept, then two lines where there was none
    edit = Edit.between(old, new, LineIndex(old), LineIndex(new))
    assert (edit.start, edit.old_end, edit.new_end) == (4, 4, 8)
    assert [edit.offset(k) for k in (0, 3, 4, 6)] == [0, 3, 8, 10]
    assert [edit.line(n) for n in (0, 1, 2, 3)] == [0, 1, None, 5]  # (line 2 was split in three)
    assert edit.position(2, 2) == (4, 1) and edit.position(3, 2) == (5, 2)
    # a finding ends one column past its last character, on that character's line even when it is a line end
    old, new = "x\n\nab\ncd\n", "zzx\n\nab\ncd\n"
    edit = Edit.between(old, new, LineIndex(old), LineIndex(new))
    moved = shifted_finding(Finding(4, 1, 4, 4, "cd", "", Verdict.UNCHECKED, reason="with x = 1 (line 1)"), edit)
    assert (moved.line, moved.end_line, moved.end_column, moved.reason) == (4, 4, 4, "with x = 1 (line 1)")
    i, j, k = sp.Dummy("i"), sp.Dummy("i"), sp.Dummy("i")
    x = sp.Symbol("x")
    assert not same(sp.Float(2), sp.Integer(2)) and not same([2], [2.0]) and same({"a": [x + 1]}, {"a": [x + 1]})
    assert same(sp.Sum(x**i, (i, 1, 3)), sp.Sum(x**j, (j, 1, 3)))
    assert not same([sp.Sum(x**i, (i, 1, 3)), i], [sp.Sum(x**j, (j, 1, 3)), k])  # (i is j, not k)


def test_a_size_declared_for_a_matrix_is_read_of_the_whole_text_and_edits_of_it_check_on(worker):
    """``X \\in \\mathbb{R}^{N \\times p}`` makes X a matrix in the whole section: an edit of it changes a later
    paragraph's finding, though no name is bound again."""
    before = ("Let $y \\in \\mathbb{R}^N$ be the targets and $X \\in \\mathbb{R}^{N \\times p}$ the design matrix.\n\n"
              + _PROSE + "$2 + 2 = 4$.\n\n" + _PROSE + "With $L = \\frac{1}{2N}\\sum_n (\\hat y_n - y_n)^2$ and "
              "$\\hat y = Xw$, $\\nabla_w L = \\frac1N X^\\top(Xw - y)$.\n")
    after = before.replace("{N \\times p}", "{N2 \\times p}")
    found, _ = _edited_check(before, after)
    assert found == check_text(after, "k.md", worker).findings
    assert found[-1].reason != check_text(before, "k.md", worker).findings[-1].reason


def test_a_check_stops_before_prose_arithmetic_too(worker):
    """Arithmetic written in prose (``3 × 6 = 18``): its spans after an edit are the same spans moved, and the check
    stops before them as before math."""
    text = "\n\n".join(f"In part {k} we count the boxes once more, row by row, for the reader who skipped the "
                       f"previous part of this text: {k + 2} × 6 = {6 * (k + 2)} boxes, and {k} + 10 = {k + 10} "
                       f"lids, which is what the next part starts from." for k in range(6)) + "\n"
    edited = text.replace("In part 1 we count", "In part 1 we count again")
    found, memo = _edited_check(text, edited)
    assert found == check_text(edited, "k.md", worker).findings
    assert sum(f.verdict is Verdict.CORRECT for f in found) == 6  # (one statement of prose arithmetic a part)
    assert memo.ran == {0, 1} and memo.stopped == 2  # (part 0 may read the edit)


def test_an_edit_between_two_copies_of_a_step_gives_the_findings_of_a_full_check(worker):
    # roles.context_words: the second copy is proved only where the words since the first carry the derivation on;
    # the state kept between checks holds where each copy was (an edit before a copy, or between two, is seen)
    from lnsym.lsp.scheduler import Checker, Job

    para = "Paragraph {k}. Here $t$ is a real number and we look at the value of $|t - 1|$ with some care.\n\n"
    head = "".join(para.format(k=k) for k in range(3))
    texts = [head + "If $t \\ge 1$, then $|t - 1| = t - 1$. So, again, $|t - 1| = t - 1$.\n",
             head + "If $t \\ge 1$, then $|t - 1| = t - 1$. For negative $t$, $|t - 1| = t - 1$.\n",
             head.replace("Paragraph 1.", "Paragraph 1, longer.") + "If $t \\ge 1$, then $|t - 1| = t - 1$. "
             "For negative $t$, $|t - 1| = t - 1$.\n"]
    checker = Checker()
    try:
        verdicts = []
        for version, text in enumerate(texts, start=1):
            found = checker.check(Job(URI, version, text, "k.md", Settings()))
            assert found == check_text(text, "k.md", worker).findings, (version, text)
            verdicts.append([f.verdict.value for f in found if f.source == "|t - 1| = t - 1"][-1])
        assert verdicts == ["correct", "unchecked", "unchecked"]
    finally:
        checker.close()

"""``lnsym lsp`` end to end with a real client over stdio (pytest-lsp, on pygls's client): open, change, save,
close, hover, code action, a notebook, a malformed document, a huge one (its budget), cancellation under rapid
edits, shutdown and exit leaving no child process. Each test starts its own server (``python -m lnsym lsp``).

What pytest-lsp cannot say (an ``exit`` without ``shutdown``, the server's exit code then) and the comparisons
with ``lnsym check --json`` stay in tests/lsp/test_server.py, on its small client (tests/lsp_client.py)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

if os.environ.get("CI") != "true":  # CI installs the test extra, which has both: there a missing one fails
    pytest.importorskip("pygls", reason="the language server needs the extra lnsym[lsp] (the test extra has it)")
    pytest.importorskip("pytest_lsp", reason="these tests need pytest-lsp (the test extra has it)")

import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

ROOT = Path(__file__).resolve().parents[2]
URI = "file:///keys/key.md"
TIMEOUT = 60.0  # seconds for anything the server should do at once (the machine may be loaded)


def _client() -> LanguageClient:
    """pytest-lsp's client, which also keeps every publishDiagnostics in order (pytest-lsp keeps the last one of
    each document only: a stale version published before it would go unseen)."""
    client = LanguageClient()
    client.published = []

    def publish(client: LanguageClient, params: lsp.PublishDiagnosticsParams) -> None:
        client.published.append(params)
        client.diagnostics[params.uri] = params.diagnostics

    register_lsp_features(client, {**DEFAULT_CLIENT_FEATURES, lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: publish})
    return client


CONFIG = ClientServerConfig(
    server_command=[sys.executable, "-m", "lnsym", "lsp"],
    server_env={**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")},
    client_factory=_client)


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=lsp.ClientCapabilities(workspace=lsp.WorkspaceClientCapabilities(
            workspace_edit=lsp.WorkspaceEditClientCapabilities(document_changes=True))),
        initialization_options={"lnsym": {"debounceMs": 50}}))
    yield
    if _server(lsp_client).returncode is None:  # (a test may have shut it down itself)
        await lsp_client.shutdown_session()


def _server(client: LanguageClient) -> asyncio.subprocess.Process:
    return client._server  # pygls's client keeps the process it started there, and says so nowhere else


def _children(pid: int) -> list[int]:
    """The child processes of ``pid``, whichever of its threads started them."""
    out = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                out += [int(p) for p in f.read().split()]
        except OSError:
            pass
    return out


async def _published(client: LanguageClient, uri: str = URI,
                     version: int | None = None) -> lsp.PublishDiagnosticsParams:
    """The first publishDiagnostics of ``uri`` (of that ``version``) received, waiting for it if need be."""
    async def seen():
        while True:
            for params in client.published:
                if params.uri == uri and (version is None or params.version == version):
                    return params
            await asyncio.sleep(0.02)

    return await asyncio.wait_for(seen(), TIMEOUT)


def _open(client: LanguageClient, text: str, uri: str = URI, version: int = 1) -> None:
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "markdown", version, text)))


def _change(client: LanguageClient, version: int, text: str, uri: str = URI) -> None:
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        lsp.VersionedTextDocumentIdentifier(version, uri), [lsp.TextDocumentContentChangeWholeDocument(text)]))


def _at(line: int, character: int) -> lsp.Position:
    return lsp.Position(line, character)


@pytest.mark.asyncio
async def test_open_hover_code_action_change_save_and_close(client: LanguageClient):
    _open(client, "Sums: $2+2=5$ and $3+3=6$.\n")
    got = await _published(client, version=1)
    (d,) = got.diagnostics
    assert d.range == lsp.Range(_at(0, 7), _at(0, 12))
    assert (d.severity, d.code, d.source, d.message) == (lsp.DiagnosticSeverity.Error, "wrong", "lnsym",
                                                         "2+2 = 4")
    hover = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(URI), _at(0, 9)))
    assert hover.contents.kind == lsp.MarkupKind.Markdown and hover.contents.value.startswith("**lnsym: wrong**")
    (action,) = await client.text_document_code_action_async(lsp.CodeActionParams(
        lsp.TextDocumentIdentifier(URI), d.range, lsp.CodeActionContext([d])))
    (change,) = action.edit.document_changes
    assert (change.text_document.version, list(change.edits)) == (
        1, [lsp.TextEdit(lsp.Range(_at(0, 11), _at(0, 12)), "4")])

    _change(client, 2, "Sums: $2+2=4$ and\n$3+3=7$.\n")  # an edit: the diagnostics follow it
    got = await _published(client, version=2)
    assert [(x.range.start, x.code) for x in got.diagnostics] == [(_at(1, 1), "wrong")]

    # a save checks at once what typing would check only after its pause (here 10 s)
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams({"lnsym": {"debounceMs": 10000}}))
    await asyncio.sleep(0.5)  # (the new settings check version 2 again)
    _change(client, 3, "Sums: $2+2=4$ and\n$3+3=6$, $1+1=3$.\n")
    client.text_document_did_save(lsp.DidSaveTextDocumentParams(lsp.TextDocumentIdentifier(URI)))
    got = await asyncio.wait_for(_published(client, version=3), 5)
    assert [x.message for x in got.diagnostics] == ["1+1 = 2"]

    client.text_document_did_close(lsp.DidCloseTextDocumentParams(lsp.TextDocumentIdentifier(URI)))
    await asyncio.wait_for(_wait(lambda: client.published[-1].version is None), TIMEOUT)
    assert list(client.published[-1].diagnostics) == []
    assert client.log_messages == []


async def _wait(condition) -> None:
    while not condition():
        await asyncio.sleep(0.02)


@pytest.mark.asyncio
async def test_new_settings_check_the_document_again_and_a_bad_one_is_named_in_the_log(client: LanguageClient):
    _open(client, "So $x = 3$.\n")  # (unchecked: "Let" would make it `defined`, which is never a diagnostic)
    assert list((await _published(client, version=1)).diagnostics) == []
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(
        {"lnsym": {"showUnchecked": True, "stepSeconds": "fast"}}))
    await asyncio.wait_for(_wait(lambda: len(client.published) == 2), TIMEOUT)
    assert [(d.code, d.severity) for d in client.published[1].diagnostics] == [
        ("unchecked", lsp.DiagnosticSeverity.Information)]
    assert [m.message for m in client.log_messages] == [
        "lnsym settings: stepSeconds: expected a positive number of seconds, got 'fast'; keeping 2.0"]


@pytest.mark.asyncio
async def test_rapid_edits_cancel_the_checks_before_them_and_only_the_last_version_is_published(
        client: LanguageClient):
    # a key long enough that its first check is still running when the edits come
    key = "".join(f"Step {k}: $\\frac{{{2 * k}}}{{2}} + 1 = {k + 1}$.\n\n" for k in range(600))
    _open(client, key)
    await asyncio.sleep(0.1)
    for v in range(2, 22):  # typing faster than the pause of 50 ms
        _change(client, v, key + f"Last: $2+2={v}$.\n")
    got = await _published(client, version=21)
    assert [x.message for x in got.diagnostics] == ["2+2 = 4"]
    await asyncio.sleep(1)  # time for a stale publish to show up, were there one
    assert [p.version for p in client.published] in ([21], [1, 21])  # version 1 only if it finished before the edits


@pytest.mark.asyncio
async def test_a_notebooks_markdown_cells_get_diagnostics_on_their_own_uris(client: LanguageClient):
    notebook, cells = "file:///keys/nb.ipynb", [f"vscode-notebook-cell:/keys/nb.ipynb#W{k}" for k in range(3)]
    texts = [(lsp.NotebookCellKind.Markup, "Let $a = 3$.\n\nAnd é𝑥 $2+2=5$."), (lsp.NotebookCellKind.Code,
                                                                              "x = 2+2 == 5  # $2+2=5$\n"),
             (lsp.NotebookCellKind.Markup, "So $3 + 1 = 7$ and $3 + 2 = 7$.")]
    client.notebook_document_did_open(lsp.DidOpenNotebookDocumentParams(
        lsp.NotebookDocument(notebook, "jupyter-notebook", 1, [lsp.NotebookCell(kind, u)
                                                               for u, (kind, _) in zip(cells, texts, strict=True)]),
        [lsp.TextDocumentItem(u, "markdown" if kind == lsp.NotebookCellKind.Markup else "python", 1, text)
         for u, (kind, text) in zip(cells, texts, strict=True)]))
    first, third = await _published(client, cells[0]), await _published(client, cells[2])
    (d,) = first.diagnostics
    assert (first.version, d.code, d.message) == (1, "wrong", "2+2 = 4")
    assert d.range == lsp.Range(_at(2, 9), _at(2, 14))  # in UTF-16 code units of the cell's own lines
    assert [(x.range.start.character, x.message) for x in third.diagnostics] == [
        (4, "3 + 1 = 4"), (20, "3 + 2 = 5")]
    hover = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(cells[2]), _at(0, 6)))
    assert hover.contents.value.startswith("**lnsym: wrong**")

    # edits in the first cell and the third: the first has nothing now, the third one slip of its two
    client.notebook_document_did_change(lsp.DidChangeNotebookDocumentParams(
        lsp.VersionedNotebookDocumentIdentifier(2, notebook),
        lsp.NotebookDocumentChangeEvent(cells=lsp.NotebookDocumentCellChanges(text_content=[
            lsp.NotebookDocumentCellContentChanges(lsp.VersionedTextDocumentIdentifier(2, cells[0]), [
                lsp.TextDocumentContentChangePartial(lsp.Range(_at(2, 13), _at(2, 14)), "4")]),
            lsp.NotebookDocumentCellContentChanges(lsp.VersionedTextDocumentIdentifier(2, cells[2]), [
                lsp.TextDocumentContentChangePartial(lsp.Range(_at(0, 12), _at(0, 13)), "4"),
                lsp.TextDocumentContentChangePartial(lsp.Range(_at(0, 28), _at(0, 29)), "6")])]))))
    assert list((await _published(client, cells[0], version=2)).diagnostics) == []
    assert [x.message for x in (await _published(client, cells[2], version=2)).diagnostics] == [
        "3 + 2 = 5"]
    client.notebook_document_did_close(lsp.DidCloseNotebookDocumentParams(
        lsp.NotebookDocumentIdentifier(notebook), [lsp.TextDocumentIdentifier(u) for u in cells]))
    await asyncio.wait_for(_wait(lambda: sum(p.version is None for p in client.published) == 2), TIMEOUT)
    assert {p.uri for p in client.published} == {cells[0], cells[2]}  # the code cell never gets any


@pytest.mark.asyncio
async def test_a_malformed_document_gets_its_diagnostics_and_the_server_goes_on(client: LanguageClient):
    # math never closed, braces unbalanced, an environment never ended, a NUL, a lone surrogate's escape
    broken = ("$\\frac{1}{$ and $$ 2+2=5\n\n\\begin{align} x &= \\frac{ \n\n}} $3+3=7\x00 \\end{itemize}\n\n"
              "```\n$2+2=5$\n\n| a | $1+1=3 |\n")
    _open(client, broken)
    got = await _published(client, version=1)
    # every math span is left open, or inside the code fence never closed, so no statement is read: an empty list is
    # published (no error: the input's fault is no fault of lnsym), and the text after the fence is read below
    assert list(got.diagnostics) == [], got.diagnostics
    _change(client, 2, broken + "```\n\nAfter it: $5+5=11$.\n")  # (the code fence, closed: prose again)
    got = await _published(client, version=2)
    assert "5+5 = 10" in [d.message for d in got.diagnostics]
    assert client.log_messages == []


@pytest.mark.asyncio
async def test_a_huge_document_runs_out_of_its_budget_and_says_so(client: LanguageClient):
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams({"lnsym": {"fileSeconds": 0.5}}))
    key = "".join(f"Step {k}: $\\frac{{{2 * k}}}{{2}} + 1 = {k + 1}$ and ${k} + 1 = {k + 2}$.\n\n"
                  for k in range(5000))
    started = asyncio.get_running_loop().time()
    _open(client, key)
    got = await _published(client, version=1)
    # what was decided in time is wrong; it may be nothing at all (on a loaded machine, reading the 10,000 statements
    # may take the whole budget), so this cannot ask for one: the log below shows that the budget ran out
    assert len(got.diagnostics) < 5000 and all(d.code == "wrong" for d in got.diagnostics)
    assert asyncio.get_running_loop().time() - started < 20  # checked whole: 40 s on the loaded development machine
    await asyncio.wait_for(_wait(lambda: client.log_messages), TIMEOUT)
    (log,) = client.log_messages
    assert log.message.startswith(f"lnsym: {URI}: ") and log.message.endswith(
        "statements not checked, the document's time budget of 0.5 s ran out (setting fileSeconds)")
    hover = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(URI), _at(0, 12)))
    assert hover is not None  # the server still answers


@pytest.mark.asyncio
async def test_shutdown_and_exit_leave_no_child_process(client: LanguageClient):
    # a formula step (LayerNorm's mean) is decided in the judge worker's evaluator process: a child to leave behind
    _open(client, "Per example: $\\mu =\\frac{1}{d}{\\sum }_{i=1}^d{x}_i$ over the $d$ features of that one token.\n")
    await _published(client, version=1)
    server = _server(client)
    children = _children(server.pid)
    assert children, "the judge worker's evaluator process should be running"
    await asyncio.wait_for(client.shutdown_session(), 10)  # shutdown, exit, and the server's end
    assert server.returncode == 0
    await asyncio.sleep(0.5)
    assert [pid for pid in children if os.path.exists(f"/proc/{pid}")] == []

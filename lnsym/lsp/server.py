"""The language server: pygls wiring of the documents, the settings, diagnostics, hover and code actions.

It serves Markdown and LaTeX documents (by language id, else by the file's suffix), and the Markdown cells of
notebooks (:mod:`lnsym.lsp.notebooks`); others get no diagnostics. Checks go through
:class:`~lnsym.lsp.scheduler.Scheduler`: on open and on save at once, on a change after ``debounceMs``; hovers
and code actions use the findings only while the document is still the version they were made from.
"""

from __future__ import annotations

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol

from lnsym import __version__
from lnsym.check.reasons import Reason
from lnsym.check.spans.key_spans import LATEX_SUFFIXES
from lnsym.lsp.actions import code_actions
from lnsym.lsp.convert import diagnostics, findings_at, hover_markdown, span_of
from lnsym.lsp.notebooks import by_cell, markdown_cells
from lnsym.lsp.positions import Lines
from lnsym.lsp.scheduler import Checked, MainThreadExecutor, Scheduler
from lnsym.lsp.settings import Settings, read_settings

__all__ = ["LnsymServer", "build_server", "document_path", "encoding_name"]

_MARKDOWN_IDS = ("markdown", "md")
_LATEX_IDS = ("latex", "tex", "plaintex", "context")
_MARKDOWN_SUFFIXES = (".md", ".markdown")


def document_path(path: str, language_id: str | None) -> str | None:
    """The name a document is checked under (its suffix tells the pipeline LaTeX from Markdown), or None for a
    document lnsym does not check."""
    lower = path.lower()
    if lower.endswith(LATEX_SUFFIXES) or lower.endswith(_MARKDOWN_SUFFIXES):
        return path
    if language_id in _LATEX_IDS:
        return path + ".tex"  # an unsaved LaTeX buffer: its prose is read as LaTeX prose
    if language_id in _MARKDOWN_IDS:
        return path + ".md"
    return None


def encoding_name(kind) -> str:
    """``utf-8``, ``utf-16`` or ``utf-32``: the position encoding agreed with the client (an enum member, whose
    ``str()`` is its Python name, not its value), UTF-16 when none was."""
    return str(getattr(kind, "value", kind) or "utf-16")


class Protocol(LanguageServerProtocol):
    """pygls's protocol, less its leak: pygls 2.1 files the future of every handler it runs for a notification
    (``didOpen``, ``didChange``, ..., each run as a generator that calls ours) in its table of requests under a
    fresh id, and only an answered request is ever taken out of it, so each edit kept about 2 KiB for the rest
    of the session (90 MiB after 2,000 edits, 102 MiB after 5,000). Here a handler's future leaves the table
    when it is done, whatever it was run for."""

    def _execute_handler(self, msg_id, handler, callback, args=None, kwargs=None):
        def done(future) -> None:
            # pygls's private table: a version without it simply keeps its own behaviour (no crash here)
            futures = getattr(self, "_request_futures", None)
            if isinstance(futures, dict) and futures.get(msg_id) is future:  # (not a newer request with the id)
                del futures[msg_id]
            callback(future)

        super()._execute_handler(msg_id, handler, done, args, kwargs)


class LnsymServer(LanguageServer):
    """The server and its state: the settings, and the scheduler of the checks."""

    def __init__(self, executor: MainThreadExecutor | None = None) -> None:
        # notebooks of any type, with their Markdown cells (a client then syncs those; code cells are ignored)
        notebooks = lsp.NotebookDocumentSyncOptions(notebook_selector=[lsp.NotebookDocumentFilterWithCells(
            cells=[lsp.NotebookCellLanguage("markdown")], notebook="*")])
        super().__init__("lnsym", __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental,
                         notebook_document_sync=notebooks, protocol_cls=Protocol)
        self.settings = Settings()
        self.cell_results: dict[str, Checked] = {}  # the last findings published, per notebook cell
        self.shut_down = False
        self.scheduler = Scheduler(self._publish, lambda: encoding_name(self.workspace.position_encoding), executor)

    def log(self, text: str, kind: lsp.MessageType = lsp.MessageType.Warning) -> None:
        self.window_log_message(lsp.LogMessageParams(type=kind, message=text))

    def take_settings(self, raw) -> None:
        """New settings from the client; each one it got wrong is named in its log, the others taken."""
        self.settings, warnings = read_settings(raw, self.settings)
        for warning in warnings:
            self.log(warning)

    def check(self, uri: str, delay: float = 0.0) -> None:
        if self.shut_down:
            return
        notebook = self.workspace.get_notebook_document(cell_uri=uri)
        if notebook is not None:  # a cell: its notebook is checked
            self.check_notebook(notebook.uri, delay)
            return
        doc = self.workspace.get_text_document(uri)
        path = document_path(doc.path or uri, doc.language_id)
        if path is None:
            return
        self.scheduler.schedule(uri, doc.version, doc.source, path, self.settings, delay)

    def check_notebook(self, uri: str, delay: float = 0.0) -> None:
        notebook = self.workspace.get_notebook_document(notebook_uri=uri)
        if self.shut_down or notebook is None:
            return
        cells = markdown_cells(notebook, self.workspace.text_documents.get)
        path = notebook.uri if notebook.uri.lower().endswith(".ipynb") else notebook.uri + ".ipynb"
        self.scheduler.schedule(notebook.uri, notebook.version, "", path, self.settings, delay, cells)

    def check_all(self) -> None:
        for uri in list(self.workspace.text_documents):
            if self.workspace.get_notebook_document(cell_uri=uri) is None:
                self.check(uri)
        for uri in list(self.workspace.notebook_documents):
            self.check_notebook(uri)

    def _publish(self, checked: Checked) -> None:
        if checked.cells is not None:
            self._publish_cells(checked)
            return
        found = diagnostics(checked.findings, checked.lines, checked.uri, checked.settings)
        self.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=checked.uri, diagnostics=found, version=checked.version))
        self._log_budget(checked)

    def _log_budget(self, checked: Checked) -> None:
        late = sum(f.code is Reason.DOCUMENT_BUDGET for f in checked.findings)
        if late:
            self.log(f"lnsym: {checked.uri}: {late} statements not checked, the document's time budget of "
                     f"{checked.settings.file_seconds:g} s ran out (setting fileSeconds)")

    def _publish_cells(self, checked: Checked) -> None:
        """A notebook's findings, each cell's on its own URI with its own positions (every Markdown cell is
        published, so a cell whose slip was mended is cleared)."""
        encoding = encoding_name(self.workspace.position_encoding)
        found = by_cell(checked.findings, checked.cells)
        for cell in checked.cells:
            mine = Checked(cell.uri, cell.version, cell.text, Lines(cell.text, encoding), found[cell.uri],
                           checked.settings)
            self.cell_results[cell.uri] = mine
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                uri=cell.uri, diagnostics=diagnostics(mine.findings, mine.lines, cell.uri, checked.settings),
                version=cell.version))
        self._log_budget(checked)

    def forget_cells(self, uris) -> None:
        """Cells closed or removed: the diagnostics of those that had some cleared, nothing of them kept."""
        for uri in uris:
            if self.cell_results.pop(uri, None) is None:
                continue  # a code cell, or one never checked: nothing was published on it
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    def current(self, uri: str) -> Checked | None:
        """The findings of ``uri`` if they are of the version the client has now, else None."""
        checked = self.scheduler.results.get(uri) or self.cell_results.get(uri)
        if checked is None or uri not in self.workspace.text_documents:
            return None
        return checked if self.workspace.get_text_document(uri).version == checked.version else None


def _versioned_edits(server: LnsymServer) -> bool:
    caps = server.client_capabilities
    edit = caps.workspace.workspace_edit if caps and caps.workspace else None
    return bool(edit and edit.document_changes)


def build_server(executor: MainThreadExecutor | None = None) -> LnsymServer:
    """The server; its checks run in ``executor`` (by default a thread of their own)."""
    server = LnsymServer(executor)

    @server.feature(lsp.INITIALIZE)
    def initialize(ls: LnsymServer, params: lsp.InitializeParams) -> None:
        ls.take_settings(params.initialization_options)

    @server.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def configuration(ls: LnsymServer, params: lsp.DidChangeConfigurationParams) -> None:
        ls.take_settings(params.settings)
        ls.check_all()

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: LnsymServer, params: lsp.DidOpenTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: LnsymServer, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.check(params.text_document.uri, ls.settings.debounce_ms / 1000)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: LnsymServer, params: lsp.DidSaveTextDocumentParams) -> None:
        if ls.current(params.text_document.uri) is None:  # not checked as it is now: at once, not after the pause
            ls.check(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: LnsymServer, params: lsp.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.scheduler.forget(uri)
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(lsp.NOTEBOOK_DOCUMENT_DID_OPEN)
    def notebook_open(ls: LnsymServer, params: lsp.DidOpenNotebookDocumentParams) -> None:
        ls.check_notebook(params.notebook_document.uri)

    @server.feature(lsp.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def notebook_change(ls: LnsymServer, params: lsp.DidChangeNotebookDocumentParams) -> None:
        structure = params.change.cells.structure if params.change.cells else None
        if structure is not None and structure.did_close:
            ls.forget_cells(c.uri for c in structure.did_close)
        ls.check_notebook(params.notebook_document.uri, ls.settings.debounce_ms / 1000)

    @server.feature(lsp.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def notebook_close(ls: LnsymServer, params: lsp.DidCloseNotebookDocumentParams) -> None:
        ls.scheduler.forget(params.notebook_document.uri)
        ls.forget_cells(c.uri for c in params.cell_text_documents)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: LnsymServer, params: lsp.HoverParams) -> lsp.Hover | None:
        checked = ls.current(params.text_document.uri)
        if checked is None:
            return None
        found = findings_at(checked.findings, checked.lines, params.position)
        if not found:
            return None
        text = "\n\n---\n\n".join(hover_markdown(f) for f in found)
        return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, text), span_of(found[0], checked.lines))

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
    def code_action(ls: LnsymServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction] | None:
        checked = ls.current(params.text_document.uri)
        if checked is None:
            return None
        return code_actions(checked.findings, checked.text, checked.lines, checked.uri, checked.version,
                            params.range, checked.settings, _versioned_edits(ls)) or None

    @server.feature(lsp.SHUTDOWN)
    def shutdown(ls: LnsymServer, params: None) -> None:
        ls.shut_down = True
        ls.scheduler.close()

    return server

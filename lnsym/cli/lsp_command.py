"""``lnsym lsp``: the language server, over standard input and output (:mod:`lnsym.lsp`).

It needs pygls, installed with the extra ``lsp`` (``pip install 'lnsym[lsp]'``); the core install does not
have it, and then the command says so in one line and exits 2."""

from __future__ import annotations

import argparse
import os
import sys
import threading

from lnsym.errors import UsageError

_DESCRIPTION = (
    "Check Markdown and LaTeX answer keys, and the Markdown cells of notebooks, in an editor: a language "
    "server (LSP) over standard input and output, started by the editor. Diagnostics as you type (wrong: "
    "error, imprecise: warning), a hover with the evidence of each checked statement, quick fixes. Needs the "
    "extra: pip install 'lnsym[lsp]'. "
    "Settings (lnsym.plainText, strict, showUnchecked, stepSeconds, fileSeconds, debounceMs) come from the "
    "client. Exit codes: 0 after the client's shutdown and exit, 1 when the client exits without shutdown, "
    "2 pygls is not installed or bad usage."
)


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser("lsp", help="the language server for editors (needs lnsym[lsp])",
                              description=_DESCRIPTION)
    # editors' generic clients (vscode-languageclient) add --stdio to the command they start
    p.add_argument("--stdio", action="store_true", help="talk over standard input and output (the default)")
    return p


def run(args: argparse.Namespace) -> int:
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError:
        raise UsageError("the language server needs pygls, which the core install does not have; "
                         "install it with: pip install 'lnsym[lsp]'") from None
    from lnsym.lsp.scheduler import MainThreadExecutor
    from lnsym.lsp.server import build_server

    stdin, stdout = _protocol_streams()
    checks = MainThreadExecutor()  # the checks run here, in the main thread (lnsym.lsp.scheduler says why)
    server = build_server(checks)
    # the protocol in a thread of its own; it ends after the client's exit notification, or at the end of the input
    talk = threading.Thread(target=server.start_io, args=(stdin, stdout), name="lnsym-lsp", daemon=True)
    talk.start()
    try:
        checks.serve(talk.is_alive)
    finally:
        server.scheduler.close()
    # the client's shutdown ends the checks at once, before the protocol's thread has sent its answer: the process
    # waits for that thread, which ends at the client's exit or at the end of its input (ending first, it lost the
    # answer to shutdown now and then, and the client saw the server's output closed)
    talk.join()
    return 0 if server.shut_down else 1


def _protocol_streams():
    """Standard input and output, for the protocol alone, as file objects of their own; file descriptors 0 and 1
    then read nothing and write to standard error.

    Two reasons. The judge worker forks its evaluator process while pygls's reader thread waits in
    ``readline()`` on the input, holding its lock; the child, as multiprocessing starts it, closes
    ``sys.stdin`` first, and would wait for that lock for ever if ``sys.stdin`` were the object being read. And
    nothing lnsym or a library prints may land between the protocol's messages."""
    proto_in, proto_out = os.dup(0), os.dup(1)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.dup2(2, 1)
    sys.stdin = open(0, closefd=False)  # noqa: SIM115 - the process's own, for its lifetime
    sys.stdout = sys.stderr
    return os.fdopen(proto_in, "rb"), os.fdopen(proto_out, "wb")

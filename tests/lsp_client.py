"""A tiny Language Server Protocol client for the tests and the bench: JSON-RPC over a subprocess's standard
input and output, with Content-Length framing. Messages from the server are read by a thread into a queue."""

from __future__ import annotations

import itertools
import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class LspClient:
    def __init__(self, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        self.proc = subprocess.Popen([sys.executable, *(args or ("-m", "lnsym", "lsp"))], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
        self.messages: queue.Queue = queue.Queue()
        self.notifications: list[dict] = []  # every notification received, in order
        self.stderr = b""
        self._ids = itertools.count(1)
        threading.Thread(target=self._read, daemon=True).start()
        self._stderr_thread = threading.Thread(target=self._read_stderr, daemon=True)
        self._stderr_thread.start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                header = out.readline()
                if not header:
                    self.messages.put(None)
                    return
                if header in (b"\r\n", b"\n"):
                    break
                name, _, value = header.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            self.messages.put(json.loads(out.read(length)))

    def _read_stderr(self) -> None:
        self.stderr = self.proc.stderr.read()

    def send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method: str, params: dict | None = None) -> None:
        self.send({"method": method, **({"params": params} if params is not None else {})})

    def _next(self, deadline: float) -> dict:
        try:
            msg = self.messages.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise TimeoutError("no message from the server in time") from None
        if msg is None:
            raise EOFError(f"the server closed its output; stderr: {self.stderr[-2000:]!r}")
        if "id" not in msg:
            self.notifications.append(msg)
        return msg

    def request(self, method: str, params: dict | None = None, timeout: float = 30.0):
        """Send a request and wait for its response's result (notifications meanwhile are kept)."""
        n = next(self._ids)
        self.send({"id": n, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        while True:
            msg = self._next(deadline)
            if msg.get("id") == n and "method" not in msg:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result")

    def wait_for(self, method: str, test=lambda params: True, timeout: float = 30.0) -> dict:
        """The params of the next notification ``method`` that passes ``test``."""
        deadline = time.monotonic() + timeout
        while True:
            msg = self._next(deadline)
            if msg.get("method") == method and "id" not in msg and test(msg.get("params")):
                return msg["params"]

    def initialize(self, options: dict | None = None, encodings: list[str] | None = None) -> dict:
        capabilities: dict = {"workspace": {"workspaceEdit": {"documentChanges": True}},
                              "notebookDocument": {"synchronization": {}}}  # (the server then offers notebooks)
        if encodings:
            capabilities["general"] = {"positionEncodings": encodings}
        result = self.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": capabilities,
                                             "initializationOptions": options})
        self.notify("initialized", {})
        return result

    def close(self, timeout: float = 10.0) -> int:
        """shutdown, exit, and the server's exit code."""
        self.request("shutdown", None)
        self.notify("exit")
        return self.proc.wait(timeout)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        self._stderr_thread.join(5)

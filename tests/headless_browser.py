"""A small client of the Chrome DevTools protocol over ``--remote-debugging-pipe``, for the browser tests.

No package and no port: Chromium reads JSON commands from file descriptor 3 and writes replies and
events to descriptor 4, each message ended by a NUL byte. Debian's ``chromium`` (``/usr/bin/chromium``)
is started headless, with a new profile folder, no sandbox (CI runs as root), no GPU and no background
networking; the page under test is a local file.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from missing import skip_or_fail

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio"]


def need_chromium() -> str:
    """The browser's path, or skip (fail under ``CI=true``) when Debian's chromium is not installed."""
    if os.path.exists(CHROMIUM) and shutil.which(CHROMIUM):
        return CHROMIUM
    skip_or_fail(f"{CHROMIUM} is not installed",
                 "apt-get install --no-install-recommends chromium (the README's ci:apt list has it)")


class Browser:
    """One headless Chromium; ``open(path)`` returns a :class:`Page` attached to a new tab."""

    def __init__(self, timeout: float = 60.0) -> None:
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="lnsym-chromium-")
        read_end, self._to_chrome = os.pipe()
        self._from_chrome, write_end = os.pipe()
        # The child's fds 3 and 4 must be these pipe ends: move them above 10 first (so that the dup2
        # calls in the child cannot overwrite each other), then dup2 them to 3 and 4 before exec.
        high_r = fcntl.fcntl(read_end, fcntl.F_DUPFD_CLOEXEC, 10)
        high_w = fcntl.fcntl(write_end, fcntl.F_DUPFD_CLOEXEC, 10)
        self.proc = subprocess.Popen(
            [need_chromium(), *FLAGS, f"--user-data-dir={self.profile}", "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=False,
            preexec_fn=lambda: (os.dup2(high_r, 3), os.dup2(high_w, 4)),
        )
        for fd in (read_end, write_end, high_r, high_w):
            os.close(fd)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict] = []

    def _read_message(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self._from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method: str, session: str) -> dict:
        deadline = time.monotonic() + self.timeout
        while True:
            for i, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    return self.events.pop(i)
            self.events.append(self._read_message(deadline))

    def open(self, path: Path, width: int = 1100, height: int = 900) -> Page:
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session)
        page.send("Page.enable")
        page.send("Network.enable")
        page.send("Runtime.enable")
        page.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        page.send("Page.navigate", {"url": Path(path).resolve().as_uri()})
        self.wait_for("Page.loadEventFired", session)
        return page

    def close(self) -> None:
        with contextlib.suppress(Exception):  # already gone
            self.send("Browser.close")
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_chrome)
        os.close(self._from_chrome)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Page:
    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session

    def send(self, method: str, params: dict | None = None) -> dict:
        return self.browser.send(method, params, self.session)

    def evaluate(self, expression: str):
        """The value of a JavaScript expression evaluated by the test in the page (the page has none)."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"].get("text", "exception in the page"))
        return result["result"].get("value")

    def events(self, prefix: str) -> list[dict]:
        return [e for e in self.browser.events if e.get("sessionId") == self.session
                and e.get("method", "").startswith(prefix)]

    def screenshot(self, path: Path, full_page: bool = True) -> Path:
        params: dict = {"format": "png"}
        if full_page:
            size = self.send("Page.getLayoutMetrics")["cssContentSize"]
            params.update(captureBeyondViewport=True,
                          clip={"x": 0, "y": 0, "width": size["width"], "height": min(size["height"], 16000),
                                "scale": 1})
        data = self.send("Page.captureScreenshot", params)["data"]
        Path(path).write_bytes(base64.b64decode(data))
        return Path(path)

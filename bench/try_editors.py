"""Try the README's editor configurations of `lnsym lsp` in the real editors (issue 29): VS Code (as code-server,
VS Code in a browser, with headless Chromium as the browser) and Helix (in tmux), each on the seed key with a
slip put in (`=\\frac{16}{4}=4` made `=5`, line 11, which lnsym reports `wrong`). Not part of CI: CI has neither
editor. Prints what each editor showed; exits 1 if a tried editor showed no diagnostic on the slip's line.

    python bench/try_editors.py [--only helix|vscode] [--hx 'CMD'] [--code-server PATH] [--chromium PATH]
                                [--vsce 'CMD']

The configurations are read from README.md itself (the `toml` block after "Helix (", the `json` and `js` blocks
after "VS Code has no client"), so what is tried is what the README says. `lnsym` is put on the editors' PATH as
a small script running `python -m lnsym` with this checkout (the README's `command = "lnsym"`).

Helix: `--hx` is the command that runs it (default `hx`), split as a shell would; Debian 13's package `hx` runs on
Debian 12 with Debian 13's libc beside it (`apt-get download hx libc6 libgcc-s1` with a sources list of trixie and
an apt state folder of its own, `dpkg -x` each into /tmp): `--hx '/tmp/libc/ld-linux-x86-64.so.2 --library-path
/tmp/libc /tmp/hx/usr/lib/hx/hx'`, with `HELIX_RUNTIME=/tmp/hx/usr/lib/hx/runtime` exported. The script runs it
in tmux with `-v --log`, waits for the server's `publishDiagnostics`, goes to the slip's line and prints the
screen's line there (the gutter's mark) and the diagnostics picker (`space d`).

VS Code: code-server (VS Code in a browser) started on 127.0.0.1 with no password, in a home of the trial's own,
the README's extension (its `package.json` and `extension.js`, `npm install`, packaged by `--vsce`, installed by
`code-server --install-extension`), and beside it an observer extension of this script's own (not the README's):
it opens the key and writes `vscode.languages.getDiagnostics()` of it to a file. Chromium, headless, opens
code-server's page, so that the workbench and its extension host run; a screenshot is taken over the DevTools
protocol once the diagnostics are in. code-server 4.100.3 is the last whose `engines.node` is 20; with no
download but the registries, it installs as: `apt-get install libkrb5-dev libx11-dev libxkbfile-dev
libsecret-1-dev build-essential`; `npm install --ignore-scripts code-server@4.100.3`; `npm rebuild argon2`; in
`node_modules/code-server/lib/vscode`: `npm install --omit=dev --ignore-scripts`, `npm_config_yes=true npm rebuild
kerberos @parcel/watcher node-pty @vscode/deviceid @vscode/spdlog native-watchdog`, Debian's `rg` copied to
`node_modules/@vscode/ripgrep/bin/rg` (its postinstall downloads it), and the rest of code-server's
`postinstall.sh` done by hand (`ln -s node_modules node_modules.asar`, the two `bin/` links, `npm install
--omit=dev` in `extensions/`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "lnsym" / "examples" / "residual-layernorm.md"
RIGHT, SLIP = "=\\frac{16}{4}=4", "=\\frac{16}{4}=5"
WAIT_SECONDS = 90

# The observer extension (for the VS Code trial only): opens the key, then writes the key's diagnostics as VS Code
# holds them, at start and at every change, to LNSYM_PROBE_OUT (whole files only: written aside, then renamed).
PROBE_JS = r"""
const vscode = require("vscode");
const fs = require("fs");
exports.activate = async () => {
  const out = process.env.LNSYM_PROBE_OUT;
  const key = vscode.Uri.file(process.env.LNSYM_PROBE_KEY);
  const doc = await vscode.workspace.openTextDocument(key);
  await vscode.window.showTextDocument(doc);
  const write = () => {
    const rows = vscode.languages.getDiagnostics(key).map((d) =>
      `${d.range.start.line + 1}:${d.range.start.character} ${vscode.DiagnosticSeverity[d.severity]} ` +
      `${d.source} ${typeof d.code === "object" ? d.code.value : d.code} ${d.message}`);
    fs.writeFileSync(out + ".part", [`vscode ${vscode.version} language ${doc.languageId}`, ...rows].join("\n") + "\n");
    fs.renameSync(out + ".part", out);
  };
  write();
  vscode.languages.onDidChangeDiagnostics(write);
};
"""
# A screenshot of Chromium's page over the DevTools protocol (node, with the `ws` package beside it): the editor as
# a person sees it once the diagnostics are in (the squiggle, the count in the status bar).
SHOT_JS = r"""
const WebSocket = require("ws");
const [port, out] = process.argv.slice(2);
fetch(`http://127.0.0.1:${port}/json`).then((r) => r.json()).then((targets) => {
  const ws = new WebSocket(targets.find((t) => t.type === "page").webSocketDebuggerUrl);
  ws.on("open", () => ws.send(JSON.stringify({ id: 1, method: "Page.captureScreenshot", params: { format: "png" } })));
  ws.on("message", (m) => {
    const r = JSON.parse(m);
    if (r.id === 1) { require("fs").writeFileSync(out, Buffer.from(r.result.data, "base64")); ws.close(); }
  });
});
"""
PROBE_PACKAGE = {"name": "lnsym-probe", "publisher": "lnsym-trial", "version": "0.0.1",
                 "engines": {"vscode": "^1.82.0"}, "main": "extension.js", "activationEvents": ["onStartupFinished"]}


def readme_block(after: str, lang: str) -> str:
    """The first ```lang block of README.md after the line starting with ``after``."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("\n" + after)
    match = re.compile(rf"^```{lang}\n(.*?)^```$", re.M | re.S).search(text, start)
    if match is None:
        raise SystemExit(f"README.md has no ```{lang} block after {after!r}")
    return match.group(1)


def make_key(folder: Path) -> tuple[Path, int]:
    """The seed key with the slip put in, and the (1-based) line of the slip."""
    text = SEED.read_text(encoding="utf-8")
    if RIGHT not in text:
        raise SystemExit(f"{SEED} no longer has {RIGHT}: update this script's slip")
    key = folder / "key.md"
    key.write_text(text.replace(RIGHT, SLIP, 1), encoding="utf-8")
    line = next(n for n, row in enumerate(key.read_text(encoding="utf-8").splitlines(), 1) if SLIP in row)
    return key, line


def lnsym_shim(folder: Path) -> dict[str, str]:
    """An environment whose PATH starts with a folder holding `lnsym`: this Python running this checkout's lnsym."""
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "lnsym"
    shim.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -m lnsym \"$@\"\n", encoding="utf-8")
    shim.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
            "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def wait_for(predicate, seconds: float = WAIT_SECONDS, step: float = 0.5):
    """The first true value of ``predicate()`` within ``seconds``, else None."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return None


def try_helix(hx: list[str]) -> bool:
    """Helix in tmux with the README's languages.toml: the log's publishDiagnostics and the screen at the slip."""
    if shutil.which(hx[0]) is None or shutil.which("tmux") is None:
        print(f"helix: not tried ({hx[0]!r} or tmux not found)")
        return True
    work = Path(tempfile.mkdtemp(prefix="lnsym-helix-"))
    key, line = make_key(work)
    (work / "config" / "helix").mkdir(parents=True)
    (work / "config" / "helix" / "languages.toml").write_text(readme_block("Helix (", "toml"), encoding="utf-8")
    env = {**lnsym_shim(work), "XDG_CONFIG_HOME": str(work / "config")}
    log = work / "hx.log"
    version = subprocess.run([*hx, "--version"], capture_output=True, text=True, env=env).stdout.strip()
    health = subprocess.run([*hx, "--health", "markdown"], capture_output=True, text=True, env=env).stdout
    print(f"helix: {version}; hx --health markdown:")
    print("  " + re.sub(r"\x1b\[[0-9;]*m", "", health).strip().replace("\n", "\n  "))
    socket_name = f"lnsym-try-{os.getpid()}"
    tmux = ["tmux", "-L", socket_name]
    passed = ("PATH", "PYTHONPATH", "XDG_CONFIG_HOME", "HELIX_RUNTIME")  # tmux's shell would not pass them on
    command = shlex.join(["env", *(f"{k}={env[k]}" for k in passed if k in env),
                          *hx, "-v", "--log", str(log), str(key)])
    subprocess.run([*tmux, "new-session", "-d", "-x", "200", "-y", "50", "-c", str(work), command], check=True)
    try:
        published = wait_for(lambda: _helix_diagnostics(log, key))
        if not published:
            print("helix: no publishDiagnostics with diagnostics for the key in the log")
            return False
        for d in published:
            print(f"helix: log: publishDiagnostics {d['range']['start']['line'] + 1}:"
                  f"{d['range']['start']['character']} {d.get('code')} {d['message']}")
        time.sleep(1)  # the screen is drawn after the notification is logged
        subprocess.run([*tmux, "send-keys", f"{line}gg"], check=True)
        time.sleep(1)
        screen = _capture(tmux)
        row = next((r for r in screen.splitlines() if re.match(rf"^\S*\s+{line}\s", r)), "")
        print(f"helix: screen, line {line}: {row[:120]}")
        subprocess.run([*tmux, "send-keys", "Space", "d"], check=True)
        time.sleep(1.5)
        picked = [r.strip() for r in _capture(tmux).splitlines() if "wrong" in r]
        print("helix: diagnostics picker (space d): " + (picked[0][:150] if picked else "nothing"))
        return row.lstrip().startswith("●") and any(d["range"]["start"]["line"] + 1 == line for d in published)
    finally:
        subprocess.run([*tmux, "send-keys", "Escape"], check=False)
        subprocess.run([*tmux, "send-keys", ":q!", "Enter"], check=False)
        time.sleep(2)
        subprocess.run([*tmux, "kill-server"], check=False, stderr=subprocess.DEVNULL)
        print(f"helix: files in {work}")


def _helix_diagnostics(log: Path, key: Path) -> list[dict]:
    """The diagnostics of the key's last non-empty publishDiagnostics that Helix logged receiving."""
    if not log.exists():
        return []
    found: list[dict] = []
    for row in log.read_text(encoding="utf-8", errors="replace").splitlines():
        if "lnsym <- " not in row or "publishDiagnostics" not in row:
            continue
        params = json.loads(row.split("lnsym <- ", 1)[1]).get("params", {})
        if params.get("uri") == key.as_uri() and params.get("diagnostics"):
            found = params["diagnostics"]
    return found


def _capture(tmux: list[str]) -> str:
    return subprocess.run([*tmux, "capture-pane", "-p"], capture_output=True, text=True, check=True).stdout


def try_vscode(code_server: str, chromium: str, vsce: list[str]) -> bool:
    """code-server with the README's extension, Chromium as its browser; the observer's file of diagnostics."""
    if shutil.which(code_server) is None or shutil.which(chromium) is None or shutil.which("npm") is None:
        print(f"vscode: not tried ({code_server!r}, {chromium!r} or npm not found)")
        return True
    work = Path(tempfile.mkdtemp(prefix="lnsym-vscode-"))
    key, line = make_key(work)
    out = work / "diagnostics.txt"
    env = {**lnsym_shim(work), "LNSYM_PROBE_OUT": str(out), "LNSYM_PROBE_KEY": str(key), "HOME": str(work)}
    # VS Code's server takes the extension host's environment from a login shell (`$SHELL -ilc env`), which sets
    # PATH anew: a home of the trial's own puts the shim on that PATH (and keeps code-server's files out of ~)
    for profile in (".bash_profile", ".profile"):
        (work / profile).write_text(f"export PATH={shlex.quote(env['PATH'])}\n"
                                    f"export PYTHONPATH={shlex.quote(env['PYTHONPATH'])}\n", encoding="utf-8")
    readme_package = json.loads(readme_block("VS Code has no client", "json"))
    extensions = [_package(work / "lnsym", readme_package, readme_block("VS Code has no client", "js"), vsce),
                  _package(work / "probe", PROBE_PACKAGE, PROBE_JS, vsce)]
    for vsix in extensions:  # as the README says: code --install-extension
        subprocess.run([code_server, *_code_server_dirs(work), "--install-extension", str(vsix)], env=env,
                       check=True, capture_output=True)
    (work / "shot.js").write_text(SHOT_JS, encoding="utf-8")
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--no-save", "ws@8"], cwd=work, check=True,
                   capture_output=True)
    port, devtools = _free_port(), _free_port()
    shown = subprocess.run([code_server, *_code_server_dirs(work), "--version"], capture_output=True,
                           text=True, env=env).stdout
    version = re.search(r"^(\S+) \S+ with Code (\S+)$", shown, re.M)
    print(f"vscode: code-server {version[1]}, VS Code {version[2]}" if version else f"vscode: {shown.strip()}")
    with open(work / "code-server.log", "w") as server_log, open(work / "chromium.log", "w") as browser_log:
        server = subprocess.Popen([code_server, "--bind-addr", f"127.0.0.1:{port}", "--auth", "none",
                                   "--disable-telemetry", "--disable-update-check", "--disable-workspace-trust",
                                   *_code_server_dirs(work), str(work)], env=env, stdout=server_log,
                                  stderr=subprocess.STDOUT, start_new_session=True)
        browser = None
        try:
            if not wait_for(lambda: _listening(port), 60):
                print("vscode: code-server did not listen")
                return False
            browser = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                        f"--user-data-dir={work / 'chromium'}", f"--remote-debugging-port={devtools}",
                                        "--window-size=1600,1000",
                                        f"http://127.0.0.1:{port}/?folder={work}"],
                                       stdout=subprocess.DEVNULL, stderr=browser_log,
                                       start_new_session=True)
            rows = wait_for(lambda: out.exists() and len(out.read_text(encoding="utf-8").splitlines()) > 1
                            and out.read_text(encoding="utf-8").splitlines(), WAIT_SECONDS * 2)
            if not rows:
                print("vscode: the observer saw no diagnostics for the key" + (f": {out.read_text()}" if out.exists()
                                                                                else " (it did not run)"))
                return False
            print(f"vscode: observer: {rows[0]}")
            for row in rows[1:]:
                print(f"vscode: getDiagnostics: {row}")
            time.sleep(2)  # the squiggle is drawn after the diagnostics reach the extension host's API
            shot = subprocess.run(["node", "shot.js", str(devtools), "vscode.png"], cwd=work, capture_output=True,
                                  text=True, timeout=60)
            print(f"vscode: screenshot {work / 'vscode.png'}" if shot.returncode == 0 else
                  f"vscode: no screenshot: {shot.stderr.strip()[-200:]}")
            return any(row.startswith(f"{line}:") and " wrong " in row for row in rows[1:])
        finally:
            for process in (browser, server):
                if process is not None:
                    os.killpg(process.pid, signal.SIGTERM)
                    process.wait(timeout=30)
            print(f"vscode: files in {work}")


def _package(folder: Path, package: dict, extension_js: str, vsce: list[str]) -> Path:
    """An extension's folder (package.json, extension.js, `npm install` for its dependencies), packaged as a .vsix."""
    folder.mkdir()
    (folder / "package.json").write_text(json.dumps(package, indent=2) + "\n", encoding="utf-8")
    (folder / "extension.js").write_text(extension_js, encoding="utf-8")
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--omit=dev"], cwd=folder, check=True,
                   capture_output=True)
    subprocess.run([*vsce, "package", "--skip-license", "--allow-missing-repository"], cwd=folder, check=True,
                   capture_output=True)
    return folder / f"{package['name']}-{package['version']}.vsix"


def _code_server_dirs(work: Path) -> list[str]:
    """code-server's settings, user data and extensions in the trial's folder, not in ~."""
    return ["--config", str(work / "config.yaml"), "--user-data-dir", str(work / "user-data"),
            "--extensions-dir", str(work / "extensions")]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=["helix", "vscode"])
    parser.add_argument("--hx", default="hx", help="the command running Helix, split as a shell would")
    parser.add_argument("--code-server", default="code-server")
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--vsce", default="npx --yes @vscode/vsce", help="the command running vsce (packages a .vsix)")
    args = parser.parse_args()
    ok = True
    if args.only in (None, "helix"):
        ok &= try_helix(shlex.split(args.hx))
    if args.only in (None, "vscode"):
        ok &= try_vscode(args.code_server, args.chromium, shlex.split(args.vsce))
    print("showed the diagnostic on the slip's line" if ok else "FAILED: see above")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

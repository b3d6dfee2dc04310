"""The README's Neovim configuration of ``lnsym lsp``, run in a real Neovim (headless) on the seed key with a slip
put in: Neovim starts the server, and its diagnostics are lnsym's. Skipped without ``nvim``, except under
``CI=true`` (the README's ``ci:apt`` list has ``neovim``), where it fails. About 5 s."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

if os.environ.get("CI") != "true":  # CI installs the test extra, which has pygls: there a missing one fails
    pytest.importorskip("pygls", reason="the language server needs the extra lnsym[lsp] (the test extra has it)")

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "lnsym" / "examples" / "residual-layernorm.md"

# The README's configuration (a FileType autocommand calling vim.lsp.start), with the server started by this
# Python; Debian 12's Neovim (0.7.2) has no vim.lsp.start (0.8) nor vim.fs: there what it does is done by hand.
INIT = r"""
vim.api.nvim_create_autocmd("FileType", {
  pattern = { "markdown", "tex" },
  callback = function(args)
    local config = {
      name = "lnsym",
      cmd = { os.getenv("LNSYM_PYTHON"), "-m", "lnsym", "lsp" },
      root_dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ":h"),
      settings = { lnsym = { showUnchecked = false, strict = false } },
    }
    if vim.lsp.start then
      vim.lsp.start(config)
    else
      vim.lsp.buf_attach_client(args.buf, vim.lsp.start_client(config))
    end
  end,
})
"""

# what the test does once the key is open: wait for the diagnostics, print them, stop the server, quit
PROBE = r"""
local buf = vim.api.nvim_get_current_buf()
local got = vim.wait(60000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(buf)) do
  io.stdout:write(string.format("%d:%d %d %s %s\n", d.lnum + 1, d.col, d.severity, d.code or "", d.message))
end
if not got then io.stdout:write("no diagnostics\n") end
for _, client in pairs(vim.lsp.get_active_clients()) do client.stop() end
vim.wait(10000, function() return #vim.lsp.get_active_clients() == 0 end, 50)
vim.cmd("qa!")
"""


def test_neovim_shows_lnsyms_diagnostics_on_the_seed_key(tmp_path):
    nvim = shutil.which("nvim")
    if nvim is None:
        if os.environ.get("CI") == "true":
            pytest.fail("nvim is missing: CI installs it from the README's ci:apt list (neovim)")
        pytest.skip("nvim is not installed (apt-get install neovim)")
    text = SEED.read_text(encoding="utf-8")
    assert "=\\frac{16}{4}=4" in text
    key = tmp_path / "key.md"
    key.write_text(text.replace("=\\frac{16}{4}=4", "=\\frac{16}{4}=5"), encoding="utf-8")
    (tmp_path / "init.lua").write_text(INIT, encoding="utf-8")
    (tmp_path / "probe.lua").write_text(PROBE, encoding="utf-8")
    env = {**os.environ, "LNSYM_PYTHON": sys.executable,
           "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "XDG_STATE_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path)}
    run = subprocess.run([nvim, "--headless", "--clean", "-u", str(tmp_path / "init.lua"), str(key),
                          "-c", f"luafile {tmp_path / 'probe.lua'}"], capture_output=True, text=True, timeout=120,
                         env=env, cwd=tmp_path, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stderr
    line = next(n for n, row in enumerate(key.read_text(encoding="utf-8").splitlines(), start=1) if "{4}=5" in row)
    assert run.stdout.splitlines() == [f"{line}:45 1 wrong \\frac{{16}}{{4}} = 4"], run.stderr

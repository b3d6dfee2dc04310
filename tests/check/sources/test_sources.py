"""Reading keys: only regular files (or standard input), never more than the byte cap."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest

from lnsym.check.sources.files import MAX_BYTES, read_key
from lnsym.errors import InputError


def test_a_regular_file_is_read(tmp_path):
    key = tmp_path / "k.md"
    key.write_text("\ufeff$1+1=2$\n", encoding="utf-8")
    assert read_key(key) == "$1+1=2$\n"
    assert read_key(str(key)) == "$1+1=2$\n"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_device_is_refused_before_a_byte_is_read():
    # /dev/zero reports the size 0 and never ends: reading it grew to 7 GB before this was refused
    t = time.monotonic()
    with pytest.raises(InputError, match="character device"):
        read_key("/dev/zero")
    assert time.monotonic() - t < 1.0


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "key.md"
    os.mkfifo(fifo)
    t = time.monotonic()
    with pytest.raises(InputError, match="FIFO"):  # opening it for reading would block forever
        read_key(fifo)
    assert time.monotonic() - t < 1.0


def test_a_socket_is_refused(tmp_path):
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as s:
        try:
            s.bind(str(path))
        except OSError as exc:  # a path too long for AF_UNIX on some systems
            pytest.skip(str(exc))
        with pytest.raises(InputError, match="socket"):
            read_key(path)


def test_a_symlink_to_a_regular_file_is_read(tmp_path):
    key = tmp_path / "k.md"
    key.write_text("$2=2$", encoding="utf-8")
    link = tmp_path / "link.md"
    link.symlink_to(key)
    assert read_key(link) == "$2=2$"


def test_standard_input_has_the_same_cap():
    code = "from lnsym.check.sources.files import read_key; read_key('-')"
    big = b"a" * (MAX_BYTES + 10)
    result = subprocess.run([sys.executable, "-c", code], input=big, capture_output=True, timeout=60)
    assert result.returncode != 0 and b"larger than 4 MB" in result.stderr
    exact = b"a" * MAX_BYTES
    ok = subprocess.run([sys.executable, "-c", code], input=exact, capture_output=True, timeout=60)
    assert ok.returncode == 0, ok.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_the_command_line_exits_2_at_once_on_dev_zero():
    t = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "lnsym", "check", "--json", "/dev/zero"], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "character device" in result.stderr
    assert time.monotonic() - t < 10  # a start of Python, not a read of gigabytes

"""Fixtures for the Homepwner browser tests: the real homepwner server (started on a free port
with a temporary data folder, restartable on the same port), the CLI against the same folder,
and Debian's Chromium driven by Playwright (never `playwright install`)."""
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# images.py (test photos written byte by byte) is shared with Scary Creatures' browser tests;
# appended, so this folder's conftest and helpers come first.
sys.path.append(str(ROOT / "Tests" / "browser"))
BINARY = os.environ.get("HOMEPWNER_BINARY") or str(ROOT / ".build" / "debug" / "homepwner")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


class Server:
    """One homepwner server process serving `data`, on a port kept across restarts."""

    def __init__(self, data: Path):
        self.data = data
        self.port = 0
        self.process = None
        self.url = None

    def start(self):
        self.errors = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(
            [BINARY, "serve", "--port", str(self.port), "--data-dir", str(self.data), "--log-level", "error"],
            stdout=subprocess.PIPE, stderr=self.errors, text=True,
        )
        line = self.process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            self.errors.seek(0)
            raise RuntimeError(f"the server did not start: {line!r} {self.errors.read()}")
        self.port = int(match.group(1))
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.process = None

    def restart(self):
        self.stop()
        # The port was just released; binding it again may need a moment.
        for _ in range(50):
            with socket.socket() as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                try:
                    probe.bind(("127.0.0.1", self.port))
                    break
                except OSError:
                    time.sleep(0.1)
        self.start()


@pytest.fixture(scope="session")
def server():
    folder = Path(tempfile.mkdtemp(prefix="homepwner-browser-"))
    running = Server(folder / "data")
    running.start()
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": ["--no-sandbox", "--font-render-hinting=none"]}


@pytest.fixture
def browser_context_args(browser_context_args, server):
    return {**browser_context_args, "base_url": server.url, "viewport": {"width": 1280, "height": 800}}

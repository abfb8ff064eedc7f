"""Fixtures for the Homepwner browser tests: the real homepwner server (started on a free port
with a temporary data folder, restartable on the same port), the CLI against the same folder,
and Debian's Chromium driven by Playwright (never `playwright install`)."""
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
# images.py (test photos written byte by byte), server.py (the server process), devices.py
# (desktop and phone screens), screens.py and edits.py (checks both apps run on their own pages)
# are in Tests/browser/common, shared with Scary Creatures' browser tests; appended, so this folder's conftest and
# helpers come first.
sys.path.append(str(ROOT / "Tests" / "browser" / "common"))
from server import AppServer  # noqa: E402 (after the path it is found on)
from devices import device_kind, device_page  # noqa: E402, F401 (fixtures: each flow on a desktop and a phone)

BINARY = os.environ.get("HOMEPWNER_BINARY") or str(ROOT / ".build" / "debug" / "homepwner")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


class Server(AppServer):
    """One homepwner server process serving `data`, on a port kept across restarts."""

    def __init__(self, data: Path):
        super().__init__(BINARY, data)


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

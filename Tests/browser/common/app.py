"""What the browser tests need to know of an app, in one description (`App`), so that every
mechanism is written once for both apps. The layout:

    Tests/browser/common/           written once, run by both suites
        app.py                      App and Audit: what an app's conftest.py says of it
        plugin.py                   the fixtures (pytest plugin): the server, Chromium, the showcase
        server.py                   the server process, restartable, and its CLI
        devices.py, screens.py,     desktop and phone; the small-screen, editing and axe checks
        edits.py, accessibility.py  each app calls on its own pages
        helpers.py, images.py       the JSON API, dropped files, waits; PNG photos made in code
        test_audit.py               axe-core on every page and the screenshots (each app's pages)
        test_not_found.py           the page for an address with nothing at it
        test_sign_out.py            signing out from the header in token mode
    Tests/browser/scary-creatures/  conftest.py (its App), creatures.py, its own test_*.py
    Tests/browser/homepwner/        conftest.py (its App), items.py, its own test_*.py

Scripts/browser-tests.sh runs one app at a time, from Tests/browser: `pytest homepwner common`
(the app's folder first, then the shared tests); an app's conftest.py loads plugin.py and names
its `APP`, which the fixtures and the shared tests take as the `app` fixture."""
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from server import served

ROOT = Path(__file__).resolve().parents[3]
SCREENSHOTS = ROOT / "docs" / "screenshots"


@dataclass(frozen=True)
class Audit:
    """What test_audit.py checks of an app and shows of it. In a path, `{0}`, `{1}`… stand for the
    keys of the showcase's rows, in the order of `rows`."""
    rows: list  # the showcase's rows, the same every run: add(page, *row) adds one through the API
    add: Callable  # add(page, *row) -> the row's key
    pages: dict  # name: path, each checked by axe-core as it loads
    states: dict  # name: state(page, keys), a state the page's scripts add (checked after the pages)
    tolerated: tuple  # axe-core impacts that do not fail the audit ("minor", …); () fails on any
    screenshots: dict  # name: (path, ready), ready a JavaScript function true once its images show


@dataclass(frozen=True)
class App:
    """One app under test, as its conftest.py describes it."""
    name: str  # "Scary Creatures"
    product: str  # the binary built by `swift build`: "scary-creatures"
    binary_variable: str  # the environment variable naming another binary: "BINARY"
    short: str  # what its temporary folders' names start with: "scary"
    screenshot_prefix: str  # what its files in docs/screenshots/ start with: "", "homepwner-"
    audit: Audit

    @property
    def binary(self) -> str:
        """The binary under test: $binary_variable, or the debug build."""
        return os.environ.get(self.binary_variable) or str(ROOT / ".build" / "debug" / self.product)

    def served(self, purpose: str, token: str | None = None, args=()):
        """A server of this app on a temporary folder of its own (server.served), with `args`
        for `serve`."""
        return served(self.binary, f"{self.short}-{purpose}-", token, args)

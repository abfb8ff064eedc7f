"""The fixtures of both apps' browser suites, written once: a pytest plugin that each app's
conftest.py loads (`pytest_plugins = ["plugin"]`) beside its description, `APP` (an app.App; the
layout of Tests/browser is in app.py). Given as fixtures: `app` (that description), `server` (the
real server on a free port and a temporary data folder, restartable on the same port, with its
CLI), `showcase` (a server of its own holding the App's fixed rows: what the audit checks and the
screenshots show), each flow's screen (`device_kind`, `device_page`: a desktop and a phone), and
Debian's Chromium driven by Playwright (never `playwright install`)."""
import os

import pytest

from app import App
from devices import device_kind, device_page  # noqa: F401 (fixtures: each flow on a desktop and a phone)

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
_APP = pytest.StashKey[App]()


def pytest_configure(config):
    """Takes the App of the suite's conftest.py (its `APP`); one app a run."""
    apps = [plugin.APP for plugin in config.pluginmanager.get_plugins() if isinstance(getattr(plugin, "APP", None), App)]
    if len(apps) != 1:
        raise pytest.UsageError(f"one app's suite a run (found {[app.name for app in apps]}): Scripts/browser-tests.sh runs each")
    config.stash[_APP] = apps[0]


def pytest_report_header(config):
    app = config.stash[_APP]
    return f"app: {app.name} ({app.binary})"


@pytest.fixture(scope="session")
def app(pytestconfig) -> App:
    """The app under test, as its conftest.py describes it."""
    return pytestconfig.stash[_APP]


@pytest.fixture(scope="session")
def server(app):
    with app.served("browser") as running:
        yield running


@pytest.fixture(scope="session")
def showcase(app, browser):
    """A server on its own folder holding the same rows every run (the App's `audit.rows`): gives
    its URL and the rows' keys."""
    with app.served("showcase") as running:
        context = browser.new_context(base_url=running.url)
        page = context.new_page()
        keys = [app.audit.add(page, *row) for row in app.audit.rows]
        context.close()
        yield {"url": running.url, "keys": keys}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": ["--no-sandbox", "--font-render-hinting=none"]}


@pytest.fixture
def browser_context_args(browser_context_args, server):
    return {**browser_context_args, "base_url": server.url, "viewport": {"width": 1280, "height": 800}}

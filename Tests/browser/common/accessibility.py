"""axe-core on a page as it is now, for both apps' suites: test_audit.py runs it on every page the
app's App lists, an app's own tests on pages only it has (Scary Creatures' plain import summary);
what it finds on each is kept for the summary beside the screenshots."""
import json
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from app import App

RESULTS = []


def audit(page: Page, app: App, name: str) -> None:
    """Runs axe-core on `page`: fails on any violation of an impact `app` does not tolerate, and
    keeps them all under `name` for the summary."""
    violations = Axe().run(page).response["violations"]
    RESULTS.append({"page": name, "violations": [(v["id"], v["impact"]) for v in violations]})
    bad = [v for v in violations if v.get("impact") not in app.audit.tolerated]
    assert not bad, name + ": " + json.dumps([{"id": v["id"], "impact": v["impact"], "nodes": [n["html"] for n in v["nodes"][:3]]} for v in bad], indent=1)


def write_summary(path: Path) -> None:
    """Writes what axe-core found on each page checked so far, a line each, by page name."""
    if RESULTS:
        lines = [f"{r['page']}: {', '.join(f'{i} ({m})' for i, m in r['violations']) or 'no violations'}" for r in sorted(RESULTS, key=lambda r: r["page"])]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n")

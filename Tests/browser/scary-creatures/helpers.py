"""Helpers shared by the browser tests."""
import base64
import time

from playwright.sync_api import Page


def create(page: Page, title: str, rating: float = 0) -> int:
    """Adds a creature through the JSON API; returns its id."""
    response = page.request.post("/api/creatures", data={"title": title, "rating": rating})
    assert response.status == 201, response.text()
    return response.json()["id"]


def creature(page: Page, creature_id: int) -> dict:
    """The creature as the API has it now."""
    response = page.request.get(f"/api/creatures/{creature_id}")
    assert response.ok, response.text()
    return response.json()


def drop_file(page: Page, selector: str, name: str, mime: str, data: bytes) -> None:
    """Drops a file on `selector` as a person dragging it from their desktop would."""
    page.evaluate(
        """([selector, name, mime, b64]) => {
            const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
            const transfer = new DataTransfer();
            transfer.items.add(new File([bytes], name, { type: mime }));
            const target = document.querySelector(selector);
            for (const type of ['dragenter', 'dragover', 'drop']) {
                target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
            }
        }""",
        [selector, name, mime, base64.b64encode(data).decode()],
    )


def natural_width(page: Page, selector: str) -> int:
    """The decoded width of the image at `selector` (0 until it has loaded)."""
    return page.locator(selector).evaluate("(image) => image.complete ? image.naturalWidth : 0")


def wait_for_api(page: Page, path: str, check, timeout: float = 10) -> None:
    """Polls GET `path` until check(response) is true; fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        response = page.request.get(path)
        if check(response):
            return
        assert time.monotonic() < deadline, f"{path} never got there: {response.status} {response.text()[:200]}"
        time.sleep(0.1)

"""Helpers both apps' browser tests use: rows added and read through the JSON API (each app's
creatures.py or items.py names its own fields), photos put, files dropped, a refused photo,
images waited for, and the API polled until it has caught up."""
import base64
import time

from playwright.sync_api import Page, expect

HEIC = {"name": "x.heic", "mimeType": "image/heic", "buffer": b"\0\0\0\x18ftypheic"}
PHOTO_SHOWN = "() => document.querySelector('#photo').complete && document.querySelector('#photo').naturalWidth > 0"


def thumbs_shown(width: str = "> 0") -> str:
    """A JavaScript function true once every thumbnail on the page has loaded, `width` wide."""
    return f"() => [...document.querySelectorAll('img.thumb')].every((i) => i.complete && i.naturalWidth {width})"


def added(page: Page, collection: str, fields: dict, key: str):
    """Adds a row through the JSON API (POST `fields` to `collection`); returns its `key` field."""
    response = page.request.post(collection, data=fields)
    assert response.status == 201, response.text()
    return response.json()[key]


def read(page: Page, path: str) -> dict:
    """The row at `path` as the API has it now."""
    response = page.request.get(path)
    assert response.ok, response.text()
    return response.json()


def put_photo(page: Page, path: str, png: bytes) -> None:
    """Puts `png` as the photo at `path` through the API."""
    response = page.request.put(path, headers={"Content-Type": "image/png"}, data=png)
    assert response.ok, response.text()


def refuse_a_heic_photo(page: Page) -> None:
    """Picks a HEIC photo in the page's photo field: the page refuses it in words."""
    page.set_input_files("#photo-file", files=[HEIC])
    expect(page.locator("#photo-message")).to_have_text("That file is a HEIC photo; please use JPEG or PNG.")


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


def change_arrives_on_the_list(page: Page, base: str, collection: str, detail: str, name: str) -> None:
    """Opens the start page under `base`, adds `name` through the API as another client would
    (`collection`), and waits for the page's live list to show it (a link under `base` + `detail`).
    The change is made once the page's event stream has answered: one made before would reach
    only a page that reads the list again."""
    with page.expect_response(lambda response: response.url.endswith("/api/events"), timeout=15000):
        page.goto(f"{base}/")
    made = page.request.post(f"{base}{collection}", data={"name": name, "title": name})
    assert made.status == 201, made.text()
    path = base.split("://", 1)[-1].split("/", 1)[-1]
    expect(page.locator(f'a[href^="/{path}{detail}"]').filter(has_text=name).first).to_be_visible(timeout=15000)

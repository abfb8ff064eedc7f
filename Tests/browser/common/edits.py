"""The editing checks both apps' browser suites run on their own pages: a 412 settled by Keep mine
or Load theirs, a blank title or name refused in the page before anything is sent, and a delete
followed at once by a reload. Each suite says which fields and texts are its own."""
from playwright.sync_api import Page, expect

from devices import press

CHOICES = ["Keep mine", "Load theirs"]


def type_at_end(field, text: str) -> None:
    """Taps or clicks `field` and types `text` after what it holds, key by key."""
    press(field)
    field.press("End")
    field.press_sequentially(text)


def type_then_reload(page: Page, field, text: str) -> None:
    """Types `text` at the end of `field` and reloads the page at once, before the save was due."""
    type_at_end(field, text)
    page.reload()


def cut_off_change_stream(page: Page) -> list:
    """Aborts the page's change stream, so that it learns of a change made elsewhere only when its
    own save is refused; returns the URLs of the PATCHes answered 412, filled as they come."""
    page.route("**/api/events", lambda route: route.abort())
    refusals = []
    page.on("response", lambda response: refusals.append(response.url) if response.request.method == "PATCH" and response.status == 412 else None)
    return refusals


def change_elsewhere(page: Page, api: str, **fields) -> None:
    """Changes the resource at `api` as another client would, on top of its current version."""
    version = page.request.get(api).json()["version"]
    response = page.request.patch(api, headers={"If-Match": f'"{version}"'}, data=fields)
    assert response.ok, response.text()


def type_refused_then_choose(page: Page, refusals: list, field: str, state: str, mine: str, theirs_in_words: str, refused: str, choice: str) -> None:
    """Types `mine` in `field`: its save is refused with 412, the notice names theirs, `state` says
    `refused`, the text stays; then takes `choice` and the notice goes. Then shows what the choice
    did: mine saved, or theirs loaded."""
    page.locator(field).fill(mine)
    notice = page.locator("#conflict")
    expect(notice).to_be_visible()
    assert refusals, "the save was not refused with 412"
    expect(notice).to_contain_text(theirs_in_words)
    # Next to the field it concerns: it starts at most a line or two below the field's bottom.
    below = notice.bounding_box()["y"] - (page.locator(field).bounding_box()["y"] + page.locator(field).bounding_box()["height"])
    assert 0 <= below <= 120, f"the notice is {below} px below the field"
    expect(page.locator(state)).to_have_text(refused)
    expect(page.locator(field)).to_have_value(mine)
    press(notice.get_by_role("button", name=choice))
    expect(notice).to_be_hidden()
    expect(page.locator(state)).to_have_text("Saved" if choice == "Keep mine" else "Loaded the version saved elsewhere.")


def expect_kept(page: Page, field: str, kept: str, stored) -> None:
    """`field` shows `kept` and the server has it (`stored()` reads it), and so they stay after a
    reload: nothing of the side not chosen is sent later behind the person's back."""
    for _ in range(2):
        expect(page.locator(field)).to_have_value(kept)
        assert stored() == kept
        page.reload()


def sent_changes(page: Page) -> list:
    """The PATCH and POST requests the page sends from now on, filled as they go."""
    sent = []
    page.on("request", lambda request: sent.append(f"{request.method} {request.url}") if request.method in ("PATCH", "POST") else None)
    return sent


def check_blank_field_not_sent(page: Page, path: str, field: str, state: str, refused: str, kept: str) -> None:
    """On the page at `path`, `field` emptied to spaces: `state` says `refused`, the field is
    marked invalid, and after leaving the page (a reload) it shows `kept` again."""
    page.goto(path)
    page.locator(field).fill("   ")
    expect(page.locator(state)).to_have_text(refused)
    expect(page.locator(field)).to_have_attribute("aria-invalid", "true")
    page.reload()
    expect(page.locator(field)).to_have_value(kept)


def check_blank_add_refused(page: Page, label: str, message: str) -> None:
    """On the list, the add form with only spaces in `label`'s field: `message` under the field,
    the focus back in it, marked invalid, and the page still the list."""
    page.goto("/")
    field = page.get_by_label(label, exact=True)
    field.fill("  ")
    press(page.get_by_role("button", name="Add", exact=True))
    problem = page.locator(f"#{field.get_attribute('id')}-problem")
    expect(problem).to_have_text(message)
    expect(problem).to_be_visible()
    expect(field).to_be_focused()
    expect(field).to_have_attribute("aria-invalid", "true")
    assert page.url.endswith("/")


def through_the_list(page: Page, back: str, row_id: str, cell: str, shown: str) -> None:
    """Follows the `back` link to the list at once, sees `shown` in the row's `cell` there (the
    list catches up with the edit sent as the page was left), and follows the row's link back."""
    press(page.get_by_role("link", name=back))
    expect(page.locator(f"#{row_id} {cell}")).to_have_text(shown)
    press(page.locator(f"#{row_id} .row-link"))


def check_delete_then_reload_stays_deleted(page: Page, row_id: str, api: str) -> None:
    """Delete on the list, then a reload at once: the delete is sent as the page is left, after
    the next page was fetched, and that page catches up."""
    page.goto("/")
    row = page.locator(f"#{row_id}")
    press(row.get_by_role("button", name="Delete"))
    expect(row).to_be_hidden()
    page.reload()
    expect(row).to_have_count(0)
    assert page.request.get(api).status == 404

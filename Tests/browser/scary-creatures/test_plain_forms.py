"""Pages behave like pages without JavaScript: every form post ends on a GET (Post/Redirect/Get),
so a reload never sends a form again, and the import form's own answer passes axe-core. (An
address with nothing at it is an HTML page: ../common/test_not_found.py.)"""
import re

from playwright.sync_api import expect

from accessibility import audit


def test_without_javascript_a_refused_add_ends_on_the_list_and_a_reload_sends_nothing(browser, server):
    context = browser.new_context(base_url=server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/")
    before = page.locator("#count").inner_text() if page.locator("#count").count() else ""
    page.locator("#new-title").fill("   ")
    page.get_by_role("button", name="Add", exact=True).click()
    # The refusal is shown on a GET of the list, with what was typed.
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.locator("#add-error")).to_have_text("A title cannot be empty.")
    requests = []
    page.on("request", lambda request: requests.append(request.method))
    page.reload()
    assert requests[0] == "GET"
    expect(page.locator("#add-error")).to_have_count(0)
    if before:
        expect(page.locator("#count")).to_have_text(before)
    context.close()


def test_axe_on_the_plain_import_summary(browser, server, app):
    """The page the import form answers when scripts do not take it over (axe needs scripts, so
    the form is submitted past them); its results go into the audit's summary."""
    context = browser.new_context(base_url=server.url)
    page = context.new_page()
    page.goto("/")
    page.set_input_files("#import-files", files=[{"name": "notes.zip", "mimeType": "application/zip", "buffer": b"not a zip"}])
    expect(page.locator("#import-result")).to_contain_text("Imported 0, skipped 1.")
    # A copy of the file field without the script's listeners, as the page has without scripts.
    page.locator("#import-files").evaluate("(input) => input.replaceWith(input.cloneNode())")
    page.set_input_files("#import-files", files=[{"name": "notes.zip", "mimeType": "application/zip", "buffer": b"not a zip"}])
    with page.expect_navigation():
        page.locator("#import-form").evaluate("(form) => HTMLFormElement.prototype.submit.call(form)")
    expect(page.get_by_role("heading", name="Skipped")).to_be_visible()
    audit(page, app, "import summary")
    context.close()

"""Pages behave like pages without JavaScript: every form post ends on a GET (Post/Redirect/Get),
so a reload never sends a form again; an address with nothing at it is an HTML page."""
import re

from playwright.sync_api import expect

from shared_checks import check_not_found_page


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


def test_a_browser_gets_a_page_for_an_address_with_nothing_at_it(page):
    check_not_found_page(page)

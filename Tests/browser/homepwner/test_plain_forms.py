"""Pages behave like pages without JavaScript: every form post ends on a GET (Post/Redirect/Get),
so a reload never sends a form again. (An address with nothing at it is an HTML page:
../common/test_not_found.py.)"""
import re

from playwright.sync_api import expect


def test_without_javascript_a_refused_add_keeps_what_was_typed_on_a_get_and_a_reload_sends_nothing(browser, server):
    context = browser.new_context(base_url=server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/")
    page.get_by_label("Name").fill("Brass lamp")
    page.get_by_label("Value in dollars").fill("12.50")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.locator("#add-error")).to_contain_text("A value must be a whole number of dollars")
    expect(page.get_by_label("Name")).to_have_value("Brass lamp")
    requests = []
    page.on("request", lambda request: requests.append(request.method))
    page.reload()
    assert requests[0] == "GET"
    expect(page.locator("#add-error")).to_have_count(0)
    expect(page.get_by_role("link", name="Brass lamp")).to_have_count(0)
    context.close()

"""What an app answers a browser for an address with nothing at it, checked the same way in both
apps (written once; run by each suite against its own server)."""
import re

from playwright.sync_api import Page, expect


def test_a_browser_gets_a_page_for_an_address_with_nothing_at_it(page: Page):
    """An address with nothing at it is an HTML 404 page with a way back to the start page."""
    response = page.goto("/nothing/here")
    assert response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("Page not found")
    page.get_by_role("link", name="Go to the start page").click()
    expect(page).to_have_url(re.compile(r"/$"))

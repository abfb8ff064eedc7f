"""Checks both apps' browser suites run the same way (both import Tests/browser/common):
what an app answers a browser for an address with nothing at it."""
import re

from playwright.sync_api import Page, expect


def check_not_found_page(page: Page) -> None:
    """An address with nothing at it is an HTML 404 page with a way back to the start page."""
    response = page.goto("/nothing/here")
    assert response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("Page not found")
    page.get_by_role("link", name="Go to the start page").click()
    expect(page).to_have_url(re.compile(r"/$"))

"""The inventory reads in one order everywhere, in Chromium on a desktop and 390 and 320 px touch
phones: the search comes before the add form on the screen and in the Tab order, and the links
under the heading reach Search and Add in a few Tabs however long the list is (Add was 209 Tabs
away)."""
import pytest
from playwright.sync_api import expect

from devices import DEVICES, phone, press, screen_page

SCREENS = {"desktop": DEVICES["desktop"], "phone-390": phone(390), "phone-320": phone(320, 640)}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_search_comes_first_and_add_is_a_few_tabs_away(browser, showcase, screen):
    page = screen_page(browser, showcase["url"], screen, SCREENS)
    page.goto("/")
    search = page.locator("#q").bounding_box()
    add = page.locator("#new-name").bounding_box()
    assert search["y"] < add["y"], (search, add)

    # From the top of the page: the skip link, then the links under the heading.
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Skip to the content")
    tabs = 1
    while page.evaluate("document.activeElement.textContent") != "Add an item" and tabs < 8:
        page.keyboard.press("Tab")
        tabs += 1
    assert tabs < 8, "the link to Add is not among the first Tabs"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(page.locator("#new-name")).to_be_focused()

    if screen != "desktop":
        # On a phone the links are shown: a tap on Search goes to the search field.
        page.goto("/")
        press(page.get_by_role("navigation", name="On this page").get_by_role("link", name="Search"))
        expect(page).to_have_url(f"{showcase['url']}/#q")
    page.context.close()

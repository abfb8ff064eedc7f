"""The dashboard at the top of the inventory, in Chromium on a desktop and a 320 px touch phone,
on the showcase (the same five items every run): the total and the count, each top-level
location linked to its filter (No location too), the items added last linked to their pages,
and what the warranties panel says; nothing scrolls sideways; a search hides it."""
import pytest
from playwright.sync_api import expect

from devices import DESKTOP_AND_320, fits, press, screen_page



@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_the_dashboard_sums_up_and_leads_to_the_lists(browser, showcase, screen):
    page = screen_page(browser, showcase["url"], screen)
    page.goto("/")
    board = page.locator("#dashboard")
    expect(board.locator(".dash-big")).to_have_text("$9,290")
    expect(board.locator(".dash-sub")).to_have_text("5 items")
    expect(board.get_by_role("link", name="House", exact=True)).to_be_visible()
    expect(board.locator("li", has=page.get_by_role("link", name="House", exact=True))).to_contain_text("4 items · $8,640")
    expect(board.locator("#dash-warranties")).to_contain_text("No warranty ends within 90 days.")
    expect(board.locator("li", has_text="Record collection")).to_contain_text("today")
    fits(page)

    press(board.get_by_role("link", name="No location"))
    expect(page.locator(".item-row")).to_have_count(1)
    expect(page.locator(".item-row")).to_contain_text("Record collection")
    expect(page.locator("#dashboard")).to_have_count(0)

    page.goto("/")
    press(page.locator("#dashboard").get_by_role("link", name="Upright piano"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Upright piano")
    page.context.close()

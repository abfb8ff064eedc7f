"""Every Homepwner page fits a phone from 320 px up (nothing scrolls sideways, with 50 long names
and serial numbers), and the Undo after a delete can be reached: the toast is on the screen,
takes the focus, and waits while it holds the focus (the checks are screens.py's, shared with
Scary Creatures). Screenshots of the phone inventory and the phone toast go to
docs/screenshots/homepwner-list-phone-{long-names,undo-toast}.png."""
import pytest

import screens
from items import create

LONG = "Grandfather-Clock-With-Westminster-Chimes-And-Moon-Phase-Dial-Walnut"
PAGES = screens.ListPages(
    row="item-row", key="key", element="item-{}", page="/items/{}", api="/api/items/{}",
    heading="Inventory", not_found="/items/00000000-0000-0000-0000-000000000000",
    screenshot="homepwner-list-phone-{}.png",
)


def seed(page, number):
    return create(page, f"{LONG}-{number:02}", f"SN-{number:02}-" + "X9" * 24, 1_000_000_000 - number)


crowded, guarded = screens.fixtures(seed)


@pytest.mark.parametrize("screen", screens.SCREENS)
def test_no_page_scrolls_sideways(browser, crowded, guarded, screen):
    screens.check_no_page_scrolls_sideways(browser, PAGES, crowded["url"], crowded["first"], guarded.url, screen,
                                           {"list-by-value": "/?sort=value-desc", "list-search": "/?q=grandfather&sort=location"})


def test_undo_is_focused_on_screen_and_waits_while_it_has_the_focus(browser, crowded, device_kind):
    screens.check_undo_waits_while_focused(browser, PAGES, crowded["url"], device_kind)

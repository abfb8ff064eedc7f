"""Every page fits a phone from 320 px up (nothing scrolls sideways, with 50 long titles), and the
Undo after a delete can be reached: the toast is on the screen, takes the focus, and waits while
it holds the focus (the checks are screens.py's, shared with Homepwner); a creature's page shows
its title and rating before its (empty) photo box, on the screen as in the Tab order. Screenshots of the phone
list and the phone toast go to docs/screenshots/list-phone-{long-names,undo-toast}.png."""
import pytest

import screens
from creatures import create

LONG = "Supercalifragilisticexpialidocious-Monster-From-The-Deepest-Darkest-Lake"
PAGES = screens.ListPages(
    row="creature-row", key="id", element="creature-{}", page="/creatures/{}", api="/api/creatures/{}",
    heading="Creatures", not_found="/creatures/999999", screenshot="list-phone-{}.png",
)


def seed(page, number):
    return create(page, f"{LONG}-{number:02}", number % 11 / 2)


crowded, guarded = screens.fixtures(seed)


@pytest.mark.parametrize("screen", screens.SCREENS)
def test_no_page_scrolls_sideways(browser, crowded, guarded, screen):
    screens.check_no_page_scrolls_sideways(browser, PAGES, crowded["url"], crowded["first"], guarded.url, screen,
                                           {"list-no-match": f"/?q={LONG}{LONG}"})


def test_undo_is_focused_on_screen_and_waits_while_it_has_the_focus(browser, crowded, device_kind):
    screens.check_undo_waits_while_focused(browser, PAGES, crowded["url"], device_kind)


@pytest.mark.parametrize("screen", screens.SCREENS)
def test_title_and_rating_come_before_the_empty_photo_box(browser, crowded, screen):
    context = browser.new_context(base_url=crowded["url"], **screens.SCREENS[screen])
    page = context.new_page()
    page.goto(f"/creatures/{crowded['first']}")
    title, rating, photo = (page.locator(selector).bounding_box() for selector in ("#title", "#rating", "#photo-drop"))
    if screen == "desktop":
        assert title["x"] + title["width"] <= photo["x"], f"the details on the left, the photo on the right: {title} {photo}"
    else:
        assert title["y"] < rating["y"] < photo["y"], f"{screen}: title {title['y']}, rating {rating['y']}, photo {photo['y']}"
        assert rating["y"] + rating["height"] <= page.viewport_size["height"], f"{screen}: the rating is below the first screen"
    focusable = page.evaluate("() => [...document.querySelectorAll('#title, #rating, #photo-file, #delete-form button')].map((element) => element.id || 'delete')")
    assert focusable == ["title", "rating", "photo-file", "delete"], "the Tab order follows what is shown"
    context.close()

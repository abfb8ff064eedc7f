"""The stars show the rating at every width: the share of the five stars drawn in the filled
colour, measured from the pixels of a screenshot, is rating ÷ 5 on the list and on a creature's
page, on 320 and 390 px phones and a 1280 px desktop. (Below 520 px the list's stars were
stretched to their grid column and clipped to a share of the column: 4.5 showed 5 stars at 390 px
and about 2.5 at 320 px, while the accessible name was right, so no audit saw it.)"""
from collections import Counter

import pytest

import images
from creatures import create
from screens import SCREENS

RATINGS = [0, 0.5, 1.5, 2.5, 4.5, 5]
TOLERANCE = 0.03  # a half star is cut at its middle give or take half a pixel of letter spacing


def colours(locator) -> tuple:
    """The filled and the empty stars' colours of `locator`'s stars, as (r, g, b)."""
    found = locator.evaluate("(stars) => [getComputedStyle(stars, '::after').color, getComputedStyle(stars, '::before').color]")
    return tuple(tuple(int(part) for part in colour[colour.index("(") + 1:colour.index(")")].split(",")[:3]) for colour in found)


def filled_share(png: bytes, filled_colour, empty_colour) -> float:
    """The share of the stars' area drawn in the filled colour. The background is the commonest
    colour; every other pixel is a blend of it with one of the two star colours (the glyphs' edges
    are smoothed), told apart by the direction of its difference from the background and counted
    by how far along it lies, so a half-covered edge pixel counts half."""
    _, _, rows = images.decode_png(png)
    background = Counter(pixel for row in rows for pixel in row).most_common(1)[0][0]
    towards = [tuple(c - b for c, b in zip(colour, background)) for colour in (filled_colour, empty_colour)]
    lengths = [sum(d * d for d in direction) for direction in towards]
    areas = [0.0, 0.0]
    for row in rows:
        for pixel in row:
            difference = tuple(p - b for p, b in zip(pixel, background))
            if not any(difference):
                continue
            # The share of each colour: the projection on its direction, best fit first.
            coverage = [sum(d * t for d, t in zip(difference, direction)) / length for direction, length in zip(towards, lengths)]
            residual = [sum((d - c * t) ** 2 for d, t in zip(difference, direction)) for c, direction in zip(coverage, towards)]
            kind = 0 if residual[0] <= residual[1] else 1
            areas[kind] += max(0.0, min(1.0, coverage[kind]))
    assert sum(areas) > 50, "no stars drawn"
    return areas[0] / sum(areas)


@pytest.fixture(scope="module")
def rated(browser, server):
    """A creature of each rating in RATINGS: rating -> id."""
    context = browser.new_context(base_url=server.url)
    page = context.new_page()
    page.goto("/")
    ids = {rating: create(page, f"Rated {rating}", rating) for rating in RATINGS}
    context.close()
    return ids


@pytest.mark.parametrize("screen", list(SCREENS))
def test_list_stars_fill_rating_over_five(browser, server, rated, screen):
    context = browser.new_context(base_url=server.url, **SCREENS[screen])
    page = context.new_page()
    page.goto("/?q=Rated")
    shares = {}
    for rating, creature in rated.items():
        stars = page.locator(f"#creature-{creature} .stars")
        shares[rating] = round(filled_share(stars.screenshot(animations="disabled"), *colours(stars)), 3)
    context.close()
    for rating, share in shares.items():
        assert abs(share - rating / 5) <= TOLERANCE, f"{screen}: {rating} stars drawn as {share * 5:.2f} ({shares})"


@pytest.mark.parametrize("screen", list(SCREENS))
def test_detail_stars_fill_rating_over_five(browser, server, rated, screen):
    context = browser.new_context(base_url=server.url, **SCREENS[screen])
    page = context.new_page()
    shares = {}
    for rating in (0.5, 2.5, 4.5):
        page.goto(f"/creatures/{rated[rating]}")
        stars = page.locator("#rating")
        shares[rating] = round(filled_share(stars.screenshot(animations="disabled"), *colours(stars)), 3)
    context.close()
    for rating, share in shares.items():
        assert abs(share - rating / 5) <= TOLERANCE, f"{screen}: {rating} stars drawn as {share * 5:.2f} ({shares})"

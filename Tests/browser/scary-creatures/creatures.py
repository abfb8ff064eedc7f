"""Scary Creatures' rows through its JSON API, for its tests (the mechanism is common/helpers.py's)."""
from playwright.sync_api import Page

from helpers import added, read


def create(page: Page, title: str, rating: float = 0) -> int:
    """Adds a creature through the JSON API; returns its id."""
    return added(page, "/api/creatures", {"title": title, "rating": rating}, "id")


def creature(page: Page, creature_id: int) -> dict:
    """The creature as the API has it now."""
    return read(page, f"/api/creatures/{creature_id}")

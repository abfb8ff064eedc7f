"""Homepwner's items through its JSON API, for its tests (the mechanism is common/helpers.py's)."""
from playwright.sync_api import Page

from helpers import added, read


def create(page: Page, name: str, serial: str = "", value: int = 0) -> str:
    """Adds an item through the JSON API; returns its key."""
    return added(page, "/api/items", {"name": name, "serialNumber": serial, "valueInDollars": value}, "itemKey")


def item(page: Page, key: str) -> dict:
    """The item as the API has it now."""
    return read(page, f"/api/items/{key}")

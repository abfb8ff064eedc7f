"""Homepwner's browser suite: the tests in this folder and the shared ones in ../common
(test_audit.py, test_not_found.py, test_sign_out.py), against the real homepwner server. This file
only describes the app to the shared mechanism (../common/app.py shows the layout): its binary, the
showcase the audit and the screenshots use, the pages to audit and the states their scripts add."""
import sys
from pathlib import Path

from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "common"))
import images  # noqa: E402 (after the path it is found on)
from app import App, Audit  # noqa: E402
from helpers import PHOTO_SHOWN, put_photo, refuse_a_heic_photo, thumbs_shown  # noqa: E402
from items import create  # noqa: E402

pytest_plugins = ["plugin"]  # the fixtures, written once for both apps (../common/plugin.py)

SHOWCASE = [
    ("Mirrorless camera", "CAM-4471-X", 1_350, (60, 60, 70), (200, 220, 240), "House › Study"),
    ("Upright piano", "YP-88-20931", 4_000, (90, 50, 30), (240, 230, 210), "House › Living room"),
    ("Mountain bike", "MB-2024-0917", 890, (200, 60, 60), (150, 200, 250), "House › Garage"),
    ("Wedding ring", "", 2_400, (230, 190, 60), (250, 245, 235), "House › Bedroom › Jewellery box"),
    ("Record collection", "", 650, (30, 30, 30), (240, 160, 90), None),
]


def add_with_photo(page, name, serial, value, body, sky, location) -> str:
    """A showcase item at its location, with a photo of those colours but for the record
    collection (which has neither); its key."""
    key = create(page, name, serial, value)
    if location:
        response = page.request.patch(f"/api/items/{key}", data={"location": location})
        assert response.ok, response.text()
    if name != "Record collection":
        put_photo(page, f"/api/items/{key}/photo", images.creature(body=body, sky=sky))
    if name == "Record collection":
        # The report's owner and policy block, set once.
        response = page.request.put("/api/owner", data={"name": "Ana Rivera", "address": "1 Elm Street\nSpringfield", "insurer": "Acme Mutual", "policyNumber": "HO-3 4471"})
        assert response.ok, response.text()
        # A sofa given away last year: archived, out of the list and the totals unless asked for.
        sofa = create(page, "Old sofa", "", 300)
        response = page.request.patch(f"/api/items/{sofa}", data={"archivedDate": "2025-06-01", "customFields": [{"name": "Given to", "value": "Charity shop"}]})
        assert response.ok, response.text()
    if name == "Upright piano":
        response = page.request.patch(f"/api/items/{key}", data={"customFields": [{"name": "Finish", "value": "Walnut veneer"}, {"name": "Tuned to", "value": "A440"}]})
        assert response.ok, response.text()
        for entry in ({"date": "2025-06-02", "note": "Tuned to A440; two hammers re-felted", "costInDollars": 180, "nextDue": "2026-06-02"},
                      {"date": "2026-06-10", "note": "Tuned", "costInDollars": 120, "nextDue": "2027-06-10"}):
            response = page.request.post(f"/api/items/{key}/maintenance", data=entry)
            assert response.status == 201, response.text()
        # More photos than the one the 2014 app shows: the keys and the pedals.
        for more_body, more_sky in (((20, 20, 20), (250, 250, 245)), ((180, 150, 60), (90, 50, 30))):
            response = page.request.post(f"/api/items/{key}/photos", headers={"Content-Type": "image/png"}, data=images.creature(body=more_body, sky=more_sky))
            assert response.status == 201, response.text()
    return key


def item_errors(page, keys) -> None:
    """An item's page after a refused value and a refused photo."""
    page.goto(f"/items/{keys[0]}")
    page.locator("#valueInDollars").fill("lots")
    expect(page.locator("#valueInDollars-state")).to_contain_text("Not saved")
    refuse_a_heic_photo(page)


def printed(page, keys) -> None:
    """The inventory as it prints."""
    page.goto("/")
    page.emulate_media(media="print")


def printed_report(page, keys) -> None:
    """The insurance report as it prints."""
    page.goto("/report")
    page.emulate_media(media="print")


APP = App(
    name="Homepwner", product="homepwner", binary_variable="HOMEPWNER_BINARY", short="homepwner", screenshot_prefix="homepwner-",
    audit=Audit(
        rows=SHOWCASE,
        add=add_with_photo,
        pages={
            "list": "/",
            "list-by-value": "/?sort=value-desc",
            "list-search": "/?q=piano&sort=location",
            "list-no-match": "/?q=no-such-thing-here",
            "list-archived": "/?archived=include",
            "import": "/import",
            "report": "/report",
            "labels": "/labels",
            "scan": "/scan",
            "scan-refused": "/scan?code=ZZZZ",
            "item": "/items/{0}",
            "item-without-photo": "/items/{4}",
            "item-with-maintenance": "/items/{1}",
            "locations": "/locations",
            "location": "/location?name=House",
            "not-found": "/items/00000000-0000-0000-0000-000000000000",
        },
        states={"item-errors": item_errors, "print": printed, "report-print": printed_report},
        tolerated=(),  # any violation fails
        screenshots={
            "list": ("/", thumbs_shown()), "item": ("/items/{0}", PHOTO_SHOWN), "item-maintenance": ("/items/{1}#maintenance", PHOTO_SHOWN),
            "item-photos": ("/items/{1}#photos", PHOTO_SHOWN),
            "item-fields": ("/items/{1}#custom-fields", PHOTO_SHOWN),
            "list-archived": ("/?archived=include", thumbs_shown()), "search": ("/?q=piano", thumbs_shown()),
            "import": ("/import", "() => true"), "report": ("/report", thumbs_shown()), "labels": ("/labels", "() => true"),
            "locations": ("/locations", "() => true"), "location": ("/location?name=House", "() => true"),
        },
    ),
)

"""Scary Creatures' browser suite: the tests in this folder and the shared ones in ../common
(test_audit.py, test_not_found.py, test_sign_out.py), against the real scary-creatures server. This
file only describes the app to the shared mechanism (../common/app.py shows the layout): its binary,
the showcase the audit and the screenshots use, the pages to audit and the states their scripts add."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "common"))
import images  # noqa: E402 (after the path it is found on)
from app import App, Audit  # noqa: E402
from creatures import create  # noqa: E402
from helpers import PHOTO_SHOWN, put_photo, refuse_a_heic_photo, thumbs_shown  # noqa: E402

pytest_plugins = ["plugin"]  # the fixtures, written once for both apps (../common/plugin.py)

SHOWCASE = [
    ("Lil Terror", 4.5, (120, 60, 170), (250, 200, 90)),
    ("Mister Fangs", 3, (40, 140, 90), (150, 200, 250)),
    ("The Thing Under the Bed", 5, (200, 60, 60), (240, 230, 200)),
    ("Shy Ghost", 2.5, (235, 235, 245), (60, 70, 120)),
    ("Grumbles", 1, (150, 100, 50), (200, 240, 200)),
]


def add_with_photo(page, title, rating, body, sky) -> int:
    """A showcase creature, with a photo of those colours; its id."""
    creature_id = create(page, title, rating)
    put_photo(page, f"/api/creatures/{creature_id}/photo", images.creature(body=body, sky=sky))
    return creature_id


def upload_error(page, ids) -> None:
    """A creature's page after a refused photo."""
    page.goto(f"/creatures/{ids[0]}")
    refuse_a_heic_photo(page)


APP = App(
    name="Scary Creatures", product="scary-creatures", binary_variable="BINARY", short="scary", screenshot_prefix="",
    audit=Audit(
        rows=SHOWCASE,
        add=add_with_photo,
        pages={
            "list": "/",
            "list-filtered": "/?q=ghost&sort=rating-desc",
            "list-no-match": "/?q=nothing-matches",
            "detail": "/creatures/{0}",
            "not-found": "/creatures/999999",
        },
        states={"detail-error": upload_error},
        tolerated=("minor", "moderate"),  # serious and critical fail
        screenshots={"list": ("/", thumbs_shown("=== 88")), "detail": ("/creatures/{0}", PHOTO_SHOWN)},
    ),
)

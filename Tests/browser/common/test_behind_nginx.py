"""Behind a real nginx over HTTPS at /inventory/ (nginx.py), the same in both apps: the owner
the CLI added opens the invitation link, sets a password and is signed in with a `Secure
__Host-` cookie; adds a document through the page; sees a change made elsewhere arrive through
the proxied event stream; uploads a 20 MB photo through the proxy; invites a viewer on the
People page, whose pages show no controls; and signs out. On a desktop and a 390 px phone;
nothing the browser asks for leaves /inventory/."""
import re

import pytest
from playwright.sync_api import expect

import images
from devices import DEVICES, fits, press
from helpers import change_arrives_on_the_list
from nginx import nginx_in_front

PASSWORD = "purple lantern rides"


@pytest.fixture(scope="module")
def proxied(app):
    """The app under /inventory behind nginx with TLS; its server (for the CLI) and the proxy's address."""
    with app.served("proxied", args=["--base-path", "/inventory", "--trusted-proxy", "127.0.0.1"]) as server:
        with nginx_in_front(server.port) as base:
            yield server, base


def test_the_whole_flow_behind_nginx_over_https(browser, app, proxied, device_kind):
    server, base = proxied
    homepwner = app.short == "homepwner"
    collection, detail = ("/api/items", "/items/") if homepwner else ("/api/creatures", "/creatures/")
    owner = f"boss-{device_kind}"
    printed = server.cli("users", "add", owner, "--role", "owner", "--url", base)
    link = re.search(r"https://\S+/welcome/[0-9a-f]{64}", printed).group(0)
    assert link.startswith(base + "/welcome/"), link

    context = browser.new_context(**DEVICES[device_kind], ignore_https_errors=True)
    page = context.new_page()
    page.device = device_kind
    outside = []
    # (A photo's preview is a blob: of the page's own, not a request to anyone.)
    page.on("request", lambda request: None if request.url.startswith((base + "/", "blob:", "data:")) else outside.append(request.url))
    page.goto(link)
    page.get_by_label("New password").fill(PASSWORD)
    page.get_by_label("The same password again").fill(PASSWORD)
    press(page.get_by_role("button", name="Set password and sign in"))
    expect(page).to_have_url(f"{base}/")
    expect(page.locator("header.top .person")).to_contain_text(owner)
    session = [cookie for cookie in context.cookies() if "_person_" in cookie["name"]]
    assert len(session) == 1 and session[0]["name"].startswith("__Host-") and session[0]["secure"] and session[0]["path"] == "/", session
    fits(page)

    # Add through the page: its own page opens.
    name = f"Proxied {device_kind}"
    page.get_by_label("Name" if homepwner else "Title of the new creature", exact=True).first.fill(name)
    press(page.locator("#add-form").get_by_role("button", name="Add"))
    expect(page).to_have_url(re.compile(re.escape(base + detail)))
    key = page.url.rsplit("/", 1)[-1]

    # A 20 MB photo through the proxy (the page's upload, with its progress).
    photo = images.noise(20_000_000)
    assert len(photo) > 20_000_000
    page.set_input_files("#photo-file", files=[{"name": "big.png", "mimeType": "image/png", "buffer": photo}])
    expect(page.locator("#photo-message")).to_have_text("Photo saved.", timeout=90000)
    page.wait_for_function("() => { const img = document.getElementById('photo'); return img && img.complete && img.naturalWidth > 0; }", timeout=60000)
    stored = page.request.get(f"{base}{collection}/{key}").json()
    assert stored["hasPhoto"] is True, stored

    # A change made elsewhere arrives on the list through the proxied event stream.
    change_arrives_on_the_list(page, base, collection, detail, f"Elsewhere {device_kind}")

    # A viewer invited on the People page sees no controls.
    page.goto(f"{base}/people")
    viewer = f"viewer-{device_kind}"
    page.get_by_label("Name", exact=True).fill(viewer)
    page.get_by_label("Role", exact=True).select_option("viewer")
    press(page.get_by_role("button", name="Invite"))
    viewer_link = page.get_by_role("textbox", name="Link").input_value()
    assert viewer_link.startswith(base + "/welcome/"), viewer_link
    reader = context.browser.new_context(**DEVICES[device_kind], ignore_https_errors=True).new_page()
    reader.goto(viewer_link)
    reader.get_by_label("New password").fill(PASSWORD)
    reader.get_by_label("The same password again").fill(PASSWORD)
    reader.get_by_role("button", name="Set password and sign in").click()
    expect(reader.locator("header.top .person")).to_contain_text("(viewer)")
    expect(reader.locator('form[method="post"]')).to_have_count(1)
    assert reader.request.post(f"{base}{collection}", data={"name": "x", "title": "x"}).status == 403
    reader.context.close()

    press(page.locator("header.top").get_by_role("button", name="Sign out"))
    expect(page).to_have_url(f"{base}/sign-in")
    assert outside == [], f"requests outside /inventory/: {outside}"
    context.close()

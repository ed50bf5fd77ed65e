"""Installable as an app: Chromium reads the web app manifest without an error and fetches its icons."""

import json

from playwright.sync_api import Page


def test_chromium_reads_the_manifest_and_its_icons(page: Page, server_url: str) -> None:
    page.goto(server_url + "/new/")
    session = page.context.new_cdp_session(page)
    manifest = session.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    assert manifest["url"].startswith(server_url + "/static/manifest")
    data = json.loads(manifest["data"])
    assert (data["name"], data["display"], data["start_url"]) == ("TriPeaks", "standalone", "/")
    assert manifest["parsed"]["scope"] == server_url + "/"
    for size in (192, 512):
        answer = page.request.get(f"{server_url}/static/icons/icon-{size}.png")
        assert answer.status == 200 and answer.headers["content-type"] == "image/png"
        body = answer.body()
        assert body[:8] == b"\x89PNG\r\n\x1a\n"
        assert (int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")) == (size, size)

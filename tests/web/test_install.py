"""The page as an app to install: what a browser checks before it offers to install it (a manifest with a
name, a start URL, a standalone display and icons that load at their stated sizes; a service worker that
controls the page), the "Install app" entry once the browser offers it, and the installed app opening at
the last game, offline as a tab does."""

from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect
from web_support import wait_until_idle

pytestmark = pytest.mark.web

WAIT_MS = 30_000
REQUIRED = ("name", "short_name", "start_url", "scope", "display", "icons", "theme_color", "background_color",
            "lang", "id")

# The manifest the page links to, fetched as the browser does: (its URL, its JSON).
READ_MANIFEST = """async () => {
  const link = document.querySelector('link[rel=manifest]');
  if (!link) return null;
  const response = await fetch(link.href);
  return { url: response.url, status: response.status, type: response.headers.get('content-type'),
           manifest: await response.json() };
}"""

# Each icon as an image: whether it loaded and its size in pixels.
LOAD_ICONS = """async (urls) => Promise.all(urls.map((url) => new Promise((resolve) => {
  const image = new Image();
  image.onload = () => resolve({ url, ok: true, width: image.naturalWidth, height: image.naturalHeight });
  image.onerror = () => resolve({ url, ok: false });
  image.src = url;
})))"""

# The browser's offer to install, as Chromium makes it: an event with prompt(), which records its calls.
OFFER_INSTALL = """() => {
  window.__prompted = 0;
  const event = new Event('beforeinstallprompt', { cancelable: true });
  event.prompt = async () => { window.__prompted += 1; return { outcome: 'accepted' }; };
  event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}"""

# The page as the installed app sees itself: in standalone display mode.
STANDALONE = """(() => {
  const native = window.matchMedia.bind(window);
  window.matchMedia = (query) => /display-mode:\\s*standalone/.test(query)
    ? { matches: true, media: query, addEventListener() {}, removeEventListener() {} } : native(query);
})()"""


def read_manifest(page):
    found = page.evaluate(READ_MANIFEST)
    assert found is not None, "index.html links no web app manifest"
    assert found["status"] == 200
    return found["url"], found["manifest"]


def icon_urls(manifest_url, manifest):
    return [urljoin(manifest_url, icon["src"]) for icon in manifest["icons"]]


def test_the_manifest_names_the_app_and_its_icons_load_at_their_sizes(open_app, page, site_url):
    open_app("lang=en")
    url, manifest = read_manifest(page)
    missing = [field for field in REQUIRED if not manifest.get(field)]
    assert not missing, f"the manifest lacks {missing}"
    assert manifest["display"] == "standalone"
    scope = urljoin(url, manifest["scope"])
    start = urljoin(url, manifest["start_url"])
    assert scope == site_url and start.startswith(scope)  # the whole site, and the app starts inside it
    for colour in ("theme_color", "background_color"):
        assert manifest[colour].startswith("#")
    # a theme colour for each colour scheme (the manifest holds one; the page's meta tags say both)
    schemes = page.eval_on_selector_all('meta[name=theme-color]', "metas => metas.map(m => m.media)")
    assert {"(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"} <= set(schemes)
    # Chromium installs with a 192 and a 512 px icon; Android's launchers cut a maskable one to their shape
    stated = {(icon["sizes"], icon["type"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert {("192x192", "image/png", "any"), ("512x512", "image/png", "any"),
            ("512x512", "image/png", "maskable")} <= stated
    loaded = page.evaluate(LOAD_ICONS, icon_urls(url, manifest))
    for icon, image in zip(manifest["icons"], loaded, strict=True):
        assert image["ok"], f"{image['url']} does not load"
        if icon["sizes"] != "any":
            assert f"{image['width']}x{image['height']}" == icon["sizes"], image["url"]
        else:
            assert image["width"] > 0
    # the maskable icon is edge to edge (no transparent corner for the launcher's shape to show)
    corner = page.evaluate("""async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      return context.getImageData(0, 0, 1, 1).data[3];
    }""", next(u for u, i in zip(icon_urls(url, manifest), manifest["icons"], strict=True)
               if i.get("purpose") == "maskable"))
    assert corner == 255


def test_chromium_finds_the_page_installable_and_offers_it(browser_type, browser_type_launch_args, tmp_path, guard,
                                                         site_url):
    """Chromium's own check (it offers no install in a private window, so a profile of the test's own): no
    installability error, and its real beforeinstallprompt shows the entry."""
    context = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
    try:
        guard(context)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(site_url + "index.html?lang=en")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.reload()  # controlled from the start, as an installed app's window is
        errors = context.new_cdp_session(page).send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
        expect(page.locator("#btn-install")).to_be_visible(timeout=WAIT_MS)
    finally:
        context.close()


def test_a_service_worker_controls_the_next_visit_and_keeps_the_app_files_offline(
        new_context, site_url, wait_for_engine):
    context = new_context()
    page = context.new_page()
    page.goto(site_url + "index.html?lang=en")
    wait_for_engine(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    url, manifest = read_manifest(page)
    context.set_offline(True)
    revisit = context.new_page()
    revisit.goto(urljoin(url, manifest["start_url"]))
    assert revisit.evaluate("navigator.serviceWorker.controller !== null")
    offline_url, offline_manifest = read_manifest(revisit)
    assert offline_manifest == manifest
    loaded = revisit.evaluate(LOAD_ICONS, icon_urls(offline_url, manifest))
    assert all(image["ok"] for image in loaded), loaded
    wait_for_engine(revisit)  # and the game itself, offline


@pytest.mark.parametrize("lang,label", [("en", "Install app"), ("zh", "安装应用")])
def test_the_install_entry_shows_when_the_browser_offers_it_and_asks_its_prompt(open_app, page, lang, label):
    page.set_viewport_size({"width": 390, "height": 844})  # the phone's layout: the entry is behind "More"
    open_app(f"lang={lang}")
    install = page.locator("#btn-install")
    page.locator("#btn-more").click()
    expect(install).to_be_hidden()  # no offer, no entry
    page.keyboard.press("Escape")
    assert page.evaluate(OFFER_INSTALL)  # the browser's own mini-infobar is not shown: the entry is ours
    page.locator("#btn-more").click()
    expect(install).to_be_visible()
    expect(install).to_have_text(label)
    install.click()
    page.wait_for_function("window.__prompted === 1", timeout=WAIT_MS)
    page.locator("#btn-more").click()
    expect(install).to_be_hidden()  # an offer prompts once
    page.keyboard.press("Escape")
    page.evaluate(OFFER_INSTALL)
    page.evaluate("window.dispatchEvent(new Event('appinstalled'))")
    page.locator("#btn-more").click()
    expect(install).to_be_hidden()  # installed: nothing left to offer


def test_no_install_entry_in_an_embed_or_in_the_installed_app(open_app, page):
    install = page.locator("#btn-install")
    open_app("embed=1&lang=en")
    page.evaluate(OFFER_INSTALL)
    assert install.evaluate("button => button.hidden")
    # the installed app: the page in its own window (standalone display mode), where the browser may still
    # offer (Chromium's headless window is a tab, and CDP does not emulate display-mode: matchMedia answers)
    page.add_init_script(STANDALONE)
    open_app("lang=en")
    assert page.evaluate("matchMedia('(display-mode: standalone)').matches")
    page.evaluate(OFFER_INSTALL)
    assert install.evaluate("button => button.hidden")


def test_the_installed_app_opens_at_the_last_game(open_app, page, engine_call, wait_for_engine):
    open_app("lang=en&first=human&level=Beginner&seed=5")
    flip = sorted(engine_call(page, "view")["legal"]["flips"])[0]
    page.locator(f'#board [data-sq="{flip}"]').click()
    page.wait_for_function("document.querySelectorAll('.move-list .move').length >= 2", timeout=WAIT_MS)
    wait_until_idle(page, WAIT_MS)
    record = engine_call(page, "export")["record"]
    url, manifest = read_manifest(page)
    page.goto(urljoin(url, manifest["start_url"]))  # as the app's icon opens it
    wait_for_engine(page)
    assert engine_call(page, "export")["record"] == record
    expect(page.locator("#message")).to_be_hidden()  # nothing in the start URL is a bad parameter

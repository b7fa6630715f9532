"""Shared pytest fixtures: the web app, its test client, a live server and one browser."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import tree_state  # noqa: E402  (found through the path line above)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-gpu"]


def _config(db: Path) -> dict:
    return {"TESTING": True, "DATABASE": str(db), "SECRET_KEY": "test-secret",
            "EXAMPLES": str(ROOT / "examples")}


@pytest.fixture
def app(tmp_path):
    """A fresh app with its own SQLite file."""
    from judge.web import create_app

    return create_app(_config(tmp_path / "judge.sqlite"))


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The app served over real HTTP on 127.0.0.1 and a free port, for the browser tests."""
    from werkzeug.serving import make_server

    from judge.web import create_app

    app = create_app({**_config(tmp_path_factory.mktemp("live") / "judge.sqlite"), "TESTING": False})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()
    thread.join(5)


@pytest.fixture(scope="session")
def browser():
    """One headless Debian Chromium for the whole session. A missing Chromium fails the tests:
    `make test` installs it, so its absence is a broken setup, not a reason to skip."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run `make system` (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    """A fresh laptop-sized page (its own cookies); console errors fail the test (a form sent back
    with its errors is a 400 page, which Chromium logs: that one is what the test asked for)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    errors: list[str] = []
    expected = "Failed to load resource: the server responded with a status of 400"
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" and expected not in m.text else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, f"the page logged errors: {errors}"


@pytest.fixture
def csrf(client):
    """The form token of the test client's session."""
    import re

    html = client.get("/new").get_data(as_text=True)
    return re.search(r'name="_csrf" value="([^"]+)"', html).group(1)


@pytest.fixture(autouse=True)
def _forget_chart_failures():
    """A test that hides or breaks Graphviz must not leave its remembered failure to later tests."""
    yield
    from judge import render

    render._failed.clear()


# --- a test run leaves the checkout as it found it ------------------------------------------------

_TREE = pytest.StashKey[dict | None]()


def pytest_configure(config):
    config.addinivalue_line("markers", "screens: takes a screenshot that `make screens` commits to graphs/screens")
    config.stash[_TREE] = tree_state.snapshot()


def _screens_inside_checkout() -> tuple[str, ...]:
    """`make screens` writes graphs/screens on purpose: that folder is not a stray change then."""
    from browser_helpers import screens_dir

    try:
        return (screens_dir().resolve().relative_to(ROOT).as_posix(),)
    except ValueError:
        return ()


def pytest_sessionfinish(session, exitstatus):
    before = session.config.stash.get(_TREE, None)
    after = tree_state.snapshot() if before is not None else None
    if before is None or after is None:
        return
    stray = tree_state.changed(before, after, ignore=_screens_inside_checkout())
    if stray:
        shown = ", ".join(stray[:10]) + (f" and {len(stray) - 10} more" if len(stray) > 10 else "")
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        message = (f"the test run changed files git reports: {shown}. Tests write only to tmp_path or an "
                   "ignored folder (screenshots: browser_helpers.save_screen; committed ones: `make screens`).")
        if reporter is not None:
            reporter.write("\n")
            reporter.write_sep("=", "tree check failed", red=True, bold=True)
            reporter.write_line(message, red=True)
        else:
            print(message, file=sys.stderr)
        if session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

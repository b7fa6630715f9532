"""What the browser tests share: saving a situation over the API, reading the stepper, keeping screenshots."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Where the browser tests put their screenshots: `$JUDGE_SCREENS`, else build/screens (git-ignored), so
#: a test run leaves the checkout as it was. `make screens` points it at the committed graphs/screens.
SCREENS_ENV = "JUDGE_SCREENS"


def screens_dir() -> Path:
    return Path(os.environ.get(SCREENS_ENV) or ROOT / "build" / "screens")


def save_screen(name: str, png: bytes) -> Path:
    """Keep one screenshot under `screens_dir()`; its path."""
    folder = screens_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(png)
    return path


def save(base: str, text: str) -> str:
    """Save a scenario through the live server's API; its content id."""
    req = urllib.request.Request(f"{base}/api/scenarios", data=text.encode(),
                                 headers={"Content-Type": "application/yaml"})
    with urllib.request.urlopen(req) as resp:
        return json.load(resp)["id"]


def classes(page, element_id: str) -> set[str]:
    return set((page.get_attribute(f"#chart svg g#{element_id}", "class") or "").split())


def current_node(page) -> str:
    return page.eval_on_selector("#chart svg g.node.current", "g => g.id")


def click_step(page, occ: str) -> None:
    """Click the trace entry of one step occurrence (exact: "3@Enigma" is not "2.3@Enigma")."""
    page.locator(f"#trace a:has(span.occ:text-is('{occ}'))").click()


def visible_occ(page) -> str:
    return page.get_attribute("section.position:not([hidden])", "data-occ")

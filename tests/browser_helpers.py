"""What the browser tests share: saving a situation over the API and reading the stepper."""

from __future__ import annotations

import json
import urllib.request


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

"""A turn of several runs on the pages and in the outputs (issue 25): the stepper walks every run,
the chart shows the run of the step shown, the downloads and exports give every run, `judge run`
prints every run, and the explorer says it explores the first run only."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli as main
from judge.engine import run_turn
from judge.render.positions import positions
from judge.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
RAVEN = ROOT / "examples" / "p-turn-data-raven-counter-carried-to-a-later-run.yaml"
SNARE = ROOT / "examples" / "p-turn-snare-then-hydra-flatline.yaml"
SINGLE = ROOT / "examples" / "v-forbid-blackmail-no-ice-rezzed.yaml"


def _sizes(path: Path) -> list[int]:
    return [len(positions(tr, "en")) for tr in run_turn(load_scenario(path))]


def _save(client, path: Path) -> str:
    r = client.post("/api/scenarios", data=path.read_bytes(), headers={"Content-Type": "application/yaml"})
    assert r.status_code in (200, 201), r.get_data(as_text=True)[:500]
    return r.get_json()["id"]


def _data(html: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="stepper-data">(.*?)</script>', html, re.S).group(1))


def test_the_stepper_walks_every_run_of_the_turn_numbered_through_it(client):
    sizes = _sizes(RAVEN)
    assert len(sizes) == 3
    sid = _save(client, RAVEN)
    html = client.get(f"/s/{sid}").get_data(as_text=True)
    total = sum(sizes)
    assert html.count('<section class="position"') == total
    data = _data(html)
    assert data["total"] == total and len(data["hl"]) == total
    assert data["run_of"] == [0] * sizes[0] + [1] * sizes[1] + [2] * sizes[2]
    # a heading before each run in the trace list, and each step says its run
    assert len(re.findall(r'<li class="run-sep"', html)) == 3
    assert f'id="pos-{sizes[0] + 1}" data-n="{sizes[0] + 1}"' in html
    # the board the second run starts from: what the first left (a tag, a click spent, Raven's counter)
    second = re.search(rf'id="pos-{sizes[0] + 1}".*?</section>', html, re.S).group(0)
    start = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.search(r'<div class="run-start">.*?</div>', second, re.S).group(0)))
    assert "Run 2 of 3: R&amp;D" in second
    assert "Tags: 1" in start and "clicks left, this run's click spent: 2" in start.replace("&#39;", "'")
    assert "Data Raven: power 1" in start
    # the view of the whole turn does not say it shows the first run only
    assert "this view shows the first" not in html


def test_a_step_of_a_later_run_opens_with_that_runs_chart_and_its_permalink(client):
    sizes = _sizes(RAVEN)
    sid = _save(client, RAVEN)
    n = sizes[0] + sizes[1] + 2  # the second step of the third run
    r = client.get(f"/s/{sid}?step={n}")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert re.search(rf'id="pos-{n}" data-n="{n}"[^>]*data-run="3"(?! hidden)>', html)
    assert "The chart shows run 3 of 3" in html
    assert f"step={n}" in re.search(r'id="permalink"[^>]*value="([^"]+)"', html).group(1)
    assert client.get(f"/s/{sid}?step={sum(sizes) + 1}").status_code == 400
    # the chart download at a step draws that step's run: the third run (HQ, Data Raven) at its
    # second step is drawn as the first run (the same server and path) at its second, not as the
    # second run (R&D, no ice) at its second
    third = client.get(f"/s/{sid}/chart.svg?step={n}")
    first = client.get(f"/s/{sid}/chart.svg?step=2")
    second = client.get(f"/s/{sid}/chart.svg?step={sizes[0] + 2}")
    assert third.status_code == first.status_code == second.status_code == 200
    assert third.data == first.data != second.data


def test_the_turn_under_another_rule_set_maps_each_run(client):
    sid = _save(client, RAVEN)
    html = client.get(f"/s/{sid}?ruleset=nsg").get_data(as_text=True)
    data = _data(html)
    assert max(data["run_of"]) == 2
    # the switch back maps every step of the turn onto the same run's steps under ffg-rr
    got = [int(x) for x in re.search(r'data-prefer="ffg-rr"[^>]*data-steps="([^"]+)"', html).group(1).split(",")]
    assert len(got) == data["total"]
    sizes = _sizes(RAVEN)
    bounds = [(sum(sizes[:k]) + 1, sum(sizes[:k + 1])) for k in range(3)]
    for n, k in zip(got, data["run_of"], strict=True):
        assert bounds[k][0] <= n <= bounds[k][1]


def test_a_single_run_page_has_no_run_headings(client):
    sid = _save(client, SINGLE)
    html = client.get(f"/s/{sid}").get_data(as_text=True)
    assert "run-heading" not in html and "run_of" not in html


def test_trace_json_of_a_turn_adds_every_run_and_a_single_run_is_unchanged(client):
    sid = _save(client, SNARE)
    got = client.get(f"/s/{sid}/trace.json").get_json()
    assert got["turn"] == {"runs": 2, "made": 2}
    assert [r["run"] for r in got["runs"]] == [1, 2] and [r["server"] for r in got["runs"]] == ["HQ", "Server 1"]
    assert got["runs"][1]["start"]["tags"] == 1 and got["runs"][1]["start"]["grip"] == 1
    assert got["runs"][1]["outcome"]["board"]["flatlined"] is True
    single = client.get(f"/s/{_save(client, SINGLE)}/trace.json").get_json()
    assert "runs" not in single and "turn" not in single
    assert set(single) <= set(got)  # the turn's JSON only adds to the single-run shape


@pytest.mark.parametrize("fmt,heading", [("md", "## Run {k} of 2"), ("namuwiki", "=== Run {k} of 2")])
def test_wiki_exports_of_a_turn_have_a_section_per_run(client, fmt, heading):
    sid = _save(client, SNARE)
    text = client.get(f"/s/{sid}/walkthrough.{fmt}?lang=en").get_data(as_text=True)
    one, two = text.find(heading.format(k=1)), text.find(heading.format(k=2))
    assert 0 <= one < two
    assert "tags 1, cards in the grip 1" in text[two:]  # the board the second run starts from
    ko = client.get(f"/s/{sid}/walkthrough.{fmt}?lang=ko").get_data(as_text=True)
    assert "런 2/2" in ko


def test_the_html_walkthrough_of_a_turn_steps_through_every_run(client):
    sid = _save(client, SNARE)
    html = client.get(f"/s/{sid}/walkthrough.html?lang=en").get_data(as_text=True)
    sizes = _sizes(SNARE)
    assert html.count('<section class="position"') == sum(sizes)
    data = json.loads(re.search(r'<script type="application/json" id="walk-data">(.*?)</script>', html, re.S).group(1))
    assert data["total"] == sum(sizes) and len(data["hl"]) == sum(sizes)
    assert f'id="pos-{sizes[0] + 1}" data-n="{sizes[0] + 1}" data-occ="1" data-run="2"' in html


def test_judge_run_prints_every_run_of_a_turn():
    runner = CliRunner()
    text = runner.invoke(main, ["run", str(RAVEN)]).output
    heads = re.findall(r"^== Run (\d) of 3: (.+) ==$", text, re.M)
    assert heads == [("1", "HQ"), ("2", "R&D"), ("3", "HQ")]
    assert "Data Raven: power 1" in text.split("== Run 2")[1].splitlines()[1]
    out = json.loads(runner.invoke(main, ["run", str(RAVEN), "--format", "json"]).output)
    assert [r["start"]["clicks"] for r in out["runs"]] == [3, 2, 1]
    assert out["runs"][2]["start"]["counters"] == {"Data Raven": {"power": 1}}
    single = json.loads(runner.invoke(main, ["run", str(SINGLE), "--format", "json"]).output)
    assert "runs" not in single and set(single) <= set(out)


def test_the_explorer_explores_a_turn_run_by_run_and_says_what_it_covers():
    runner = CliRunner()
    for lang, words in (("en", "explored run by run"), ("ko", "런마다 차례로 탐색한다")):
        out = json.loads(runner.invoke(main, ["explore", str(SNARE), "--format", "json", "--lang", lang]).output)
        assert out["turn"]["runs"] == 2 and out["truncated"] is True  # the lines listed are the first run's
        assert words in out["note"]
    later = out["turn"]["later"]
    assert [r["run"] for r in later] == [2] and out["turn"]["explored"] == 2
    r = later[0]
    # every board the first run's lines leave (none flatlined there) is explored, each with at least a line
    assert 1 <= r["boards"] == r["boards_found"] and r["lines"] >= r["boards"]
    assert sum(r["outcomes"].values()) + r["errors"] == r["lines"]
    assert r["outcomes"]["unsuccessful"] >= 1  # the written line: Hydra ends the second run
    # three runs: the third from the boards the second's lines leave, at most MAX_BOARDS of them, said
    from judge.analysis.explore.turn import MAX_BOARDS
    raven = json.loads(runner.invoke(main, ["explore", str(RAVEN), "--format", "json"]).output)["turn"]
    assert [r["run"] for r in raven["later"]] == [2, 3]
    for r in raven["later"]:
        assert r["boards"] <= min(r["boards_found"], MAX_BOARDS) and (r["boards_found"] <= MAX_BOARDS or r["capped"])
    single = json.loads(runner.invoke(main, ["explore", str(SINGLE), "--format", "json"]).output)
    assert "turn" not in single


FLATLINED_FIRST = """\
title: {en: A turn whose first run flatlines the Runner, ko: 첫 런에서 러너가 플랫라인되는 턴}
ruleset: ffg-rr
runner: {grip: 2}
servers:
  HQ: {cards: [{card: Snare!}]}
  Server 1:
    ice: [{card: Hydra, rezzed: true}]
    cards: [{card: Project Atlas}]
runs:
  - server: HQ
  - server: Server 1
"""


def test_a_run_not_made_after_a_flatline_is_said_everywhere(client, tmp_path):
    f = tmp_path / "flat.yaml"
    f.write_text(FLATLINED_FIRST, encoding="utf-8")
    runner = CliRunner()
    text = runner.invoke(main, ["run", str(f)]).output
    assert "== Run 1 of 2: HQ ==" in text and "== Run 2" not in text
    assert "Run 2 and the runs after it were not made" in text
    assert json.loads(runner.invoke(main, ["run", str(f), "--format", "json"]).output)["turn"] == {"runs": 2, "made": 1}
    sid = _save(client, f)
    for path in ("", "/walkthrough.md", "/walkthrough.html"):
        page = client.get(f"/s/{sid}{path}?lang=en")
        assert page.status_code == 200
        assert "Run 2 and the runs after it were not made" in page.get_data(as_text=True)
    assert "런 2부터는 이루어지지 않았습니다" in client.get(f"/s/{sid}?lang=ko").get_data(as_text=True)


def test_a_decision_at_a_later_runs_step_goes_into_that_runs_actions(client, csrf):
    sid = _save(client, SNARE)
    html = client.get(f"/s/{sid}").get_data(as_text=True)
    first = _sizes(SNARE)[0]
    breaks = [b for b in re.findall(r'<form method="post".*?</form>', html, re.S) if 'name="choice" value="break"' in b]
    n = int(re.search(r'name="n" value="(\d+)"', breaks[0]).group(1))
    assert n > first  # Hydra is in the second run
    r = client.post(f"/s/{sid}/decide", data={"_csrf": csrf, "n": str(n), "ruleset": "ffg-rr", "choice": "break",
                                             "card": "Hydra", "sub": ["1", "2", "3"]})
    assert r.status_code == 303 and r.headers["Location"].endswith(f"?step={n}")
    new = r.headers["Location"].split("/s/")[1].split("?")[0]
    text = client.get(f"/s/{new}/scenario.yaml").get_data(as_text=True)
    sc = load_scenario(text=text)
    assert not sc.runs[0].actions and [a.at for a in sc.runs[1].actions] == ["3.1"]
    assert "actions:" not in text.split("runs:")[0]  # never a top-level `actions` beside `runs`
    after = run_turn(sc)
    assert after[1].status == "successful" and not after[1].board.get("flatlined")
    page = client.get(f"/s/{new}?step={n}").get_data(as_text=True)
    assert f"step={n}" in re.search(r'class="derived".*?</p>', page, re.S).group(0)

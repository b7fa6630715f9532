"""Fuzzing every input boundary of the web app: the JSON API, the form, the YAML editor, decisions
and URL parameters. Any input ends in a correct result or a clear error: never a 500, a traceback,
a hang or a chart that is not well-formed SVG. (The loader itself: test_fuzz_loader.py; any text
in the editor and six form fields: test_web_editor.py.)"""

from __future__ import annotations

import io
import json
import re
import time
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from urllib.parse import quote

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge import render
from judge.scenario import EFFECTS
from judge.web.editor.form import COLUMNS, SCALARS

FUZZ = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
SVG = "{http://www.w3.org/2000/svg}"
YAML = {"Content-Type": "application/yaml"}
BASE = {"title": "Fuzz", "run": {"server": "HQ"},
        "servers": {"HQ": {"ice": [{"name": "Ice Wall", "rezzed": True, "subroutines": ["End the run"]},
                                   {"name": "Enigma", "rezzed": False, "subroutines": ["End the run"]}],
                           "cards": [{"name": "Hedge Fund", "type": "operation"}]}},
        "actions": [{"at": "3.1", "ice": "Ice Wall", "by": "runner", "break": "all"}]}

# Text that means something to HTML, XML, DOT, YAML, JSON or a terminal, and Unicode that is
# easy to get wrong (bidi overrides, zero-width, surrogate neighbours, full-width, Hangul).
NASTY = st.lists(st.one_of(st.sampled_from(list('<>&"\'\\{}[]|;:#*!%@`$=-\n\t\r') +
                                           ["\x00", "\x07", "\x1b", "\x7f", "\u202e", "\u200b", "\ufeff",
                                            "\ufffd", "\U0001f600", "＼", "한", "&#92;N", "\\N", "]]>",
                                            "<!--", "<script>", "</svg>", "digraph", "->"]),
                           st.characters(codec="utf-8")), max_size=30).map("".join)
CONTENT_TYPES = ["application/json", "application/yaml", "text/yaml", "application/x-yaml",
                 "application/json; charset=utf-16", "application/yaml; charset=latin-1", "text/plain",
                 "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "", "application/xml",
                 "application/json, text/html", "*/*"]
JSONISH = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30),
                                 st.floats(allow_nan=False, allow_infinity=False), NASTY),
                       lambda inner: st.one_of(st.lists(inner, max_size=4),
                                               st.dictionaries(st.sampled_from(
                                                   ["run", "server", "servers", "HQ", "ice", "name", "rezzed",
                                                    "subroutines", "actions", "at", "by", "break", "title",
                                                    "runner", "credits", "corp", "bad_publicity", "cards",
                                                    "ruleset", "effect", "type"]), inner, max_size=4)),
                       max_leaves=20)


def _no_500(resp) -> None:
    body = resp.get_data(as_text=True)
    assert resp.status_code < 500, body[:500]
    assert "Traceback" not in body


def _api_ok(resp, allowed=(200, 400)) -> None:
    _no_500(resp)
    assert resp.status_code in allowed, resp.get_data(as_text=True)[:300]
    assert resp.is_json
    if resp.status_code != 200:
        err = resp.get_json()["error"]
        assert isinstance(err, str) and err.strip() and len(err) < 2000


def _plain_ids(rs: str) -> frozenset[str]:
    return frozenset(g.get("id") for g in ET.fromstring(render.chart_svg(rs, "en")).iter() if g.get("id"))


_IDS = {rs: None for rs in ("ffg-rr", "nsg", "ffg-core")}


def _chart_ok(html: str, rs: str) -> None:
    """The page's chart is well-formed SVG, has no active content, and no element the plain chart
    of its rule set lacks (a name cannot add one)."""
    m = re.search(r'<div class="chart" id="chart">(<svg.*?</svg>)\s*</div>', html, re.S)
    assert m, "the page shows no chart"
    root = ET.fromstring(m.group(1))
    if _IDS[rs] is None:
        _IDS[rs] = _plain_ids(rs)
    for el in root.iter():
        assert el.tag.rsplit("}", 1)[-1] not in ("script", "foreignObject", "iframe", "image", "use")
        assert not any(k.lower().startswith("on") or k.endswith("href") for k in el.attrib), el.attrib
        assert el.get("id") is None or el.get("id") in _IDS[rs], el.get("id")


def _no_active_html(html: str) -> None:
    found: list = []

    class P(HTMLParser):
        def handle_starttag(self, tag, attrs):
            found.append((tag, dict(attrs)))

    P().feed(html)
    for tag, attrs in found:
        assert not [a for a in attrs if a.startswith("on")], (tag, attrs)
        if tag == "script":
            assert "src" in attrs or attrs.get("type") == "application/json", attrs
        assert tag not in ("iframe", "object", "embed", "img")


# ------------------------------------------------------------------------------- the JSON API

@FUZZ
@given(body=st.binary(max_size=300), ctype=st.sampled_from(CONTENT_TYPES),
       path=st.sampled_from(["/api/run", "/api/scenarios", "/api/run?lang=ko"]))
def test_any_bytes_under_any_content_type_get_json_back_never_a_500(client, body, ctype, path):
    resp = client.post(path, data=body, headers={"Content-Type": ctype} if ctype else {})

    _api_ok(resp, (200, 400, 415))


@FUZZ
@given(doc=st.dictionaries(st.sampled_from(["title", "run", "servers", "runner", "corp", "actions", "ruleset",
                                            "tags", "explanation"]), JSONISH, max_size=5))
def test_any_json_document_gets_a_result_or_one_clear_error(client, doc):
    resp = client.post("/api/run", data=json.dumps(doc), headers={"Content-Type": "application/json"})

    _api_ok(resp)


@FUZZ
@given(value=JSONISH, where=st.sampled_from(["title", "credits", "bad_publicity", "ice_name", "subs", "at",
                                             "break", "server_name", "tags", "ruleset"]))
def test_a_valid_scenario_with_one_field_replaced_by_anything_runs_or_says_what_is_wrong(client, value, where):
    doc = json.loads(json.dumps(BASE))
    target = {"title": (doc, "title"), "credits": (doc.setdefault("runner", {}), "credits"),
              "bad_publicity": (doc.setdefault("corp", {}), "bad_publicity"),
              "ice_name": (doc["servers"]["HQ"]["ice"][0], "name"),
              "subs": (doc["servers"]["HQ"]["ice"][1], "subroutines"), "at": (doc["actions"][0], "at"),
              "break": (doc["actions"][0], "break"), "tags": (doc, "tags"), "ruleset": (doc, "ruleset")}
    if where == "server_name":
        doc["servers"] = {str(value)[:60] or "x": doc["servers"]["HQ"]}
        doc["run"]["server"] = str(value)[:60] or "x"
    else:
        obj, key = target[where]
        obj[key] = value

    resp = client.post("/api/scenarios", data=json.dumps(doc), headers={"Content-Type": "application/json"})

    _api_ok(resp)
    if resp.status_code == 200:
        sid = resp.get_json()["id"]
        got = client.get(f"/api/scenarios/{sid}")
        assert got.status_code == 200 and json.loads(got.get_json()["yaml"]) == doc


# name: (body, what the API answers: 200 or a fragment of the one error it gives)
HOSTILE_BODIES = {
    "deep JSON": ("[" * 5_000, "nested more than 40 levels"),
    "deep YAML flow": ("a: " + "[" * 1_000 + "]" * 1_000, "nested more than 40 levels"),
    "deep YAML block": ("".join("  " * i + f"k{i}:\n" for i in range(200)) + "  " * 200 + "v\n",
                        "nested more than 40 levels"),
    "alias bomb": ("a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n" for p, c in zip("abcdefg", "bcdefgh", strict=True)),
        "more than 20000 values"),
    "huge integer": ("run: {server: HQ}\nrunner: {credits: " + "9" * 5000 + "}\n", "too many digits"),
    "big integer": ("run: {server: HQ}\nrunner: {credits: " + "9" * 400 + "}\n", "out of range"),
    "huge float": ("run: {server: HQ}\nrunner: {credits: 1e99999}\n", "expected a whole number"),
    "negative": ("run: {server: HQ}\ncorp: {bad_publicity: -1}\n", "out of range"),
    "python tag on a list": ("run: !!python/object/apply:os.system ['echo pwned']\n", "expected a mapping"),
    "python tag on a value": ("run: {server: HQ}\ntitle: !!python/name:os.system\n", "cannot read the value"),
    "binary tag": ("run: {server: HQ}\ntitle: !!binary aGVsbG8=\n", 200),  # read as the text written
    "set tag": ("run: {server: HQ}\ntags: !!set {a, b}\n", "expected a list"),
    "timestamp": ("run: {server: HQ}\ntitle: 2024-01-01 10:00:00\n", 200),
    "merge key": ("base: &b {server: HQ}\nrun: {<<: *b}\n", "merge keys"),
    "two thousand keys": ("run: {server: HQ}\nservers:\n" + "".join(f"  S{i}: {{}}\n" for i in range(2_000)),
                          "more than 30 servers"),
    "long line": ("run: {server: HQ}\ntitle: " + "x" * 20_000 + "\n", "at most 300"),
    "NUL": ("run: {server: HQ}\ntitle: a\x00b\n", "U+0000"),
    "escape sequences": ('run: {server: HQ}\ntitle: "\\x1b[31mred\\x07"\n', "U+001B"),
    "CR only": ("run: {server: HQ}\rtitle: x\r", 200),
    "BOM twice": ("\ufeff\ufeffrun: {server: HQ}\n", 200),
    "lone surrogate escape": ('run: {server: HQ}\ntitle: "\\ud800"\n', "invalid Unicode character escape"),
    "two documents": ("run: {server: HQ}\n---\nrun: {server: R&D}\n", "one scenario per file"),
    "300 ice": (yaml.safe_dump({"run": {"server": "HQ"}, "servers": {"HQ": {"ice": [
        {"name": f"I{i}", "rezzed": True, "subroutines": ["End the run"]} for i in range(300)]}}}), "at most 200"),
    "a run past the step bound": (yaml.safe_dump({"run": {"server": "HQ"}, "servers": {"HQ": {"ice": [
        {"name": f"I{i}", "rezzed": False} for i in range(150)]}}}), "did not end within 400 steps"),
}


@pytest.mark.parametrize("name", HOSTILE_BODIES)
def test_hostile_documents_are_refused_quickly_with_a_clear_message(client, name):
    body, expected = HOSTILE_BODIES[name]
    ctype = "application/json" if name == "deep JSON" else "application/yaml"  # one loader reads both
    t0 = time.monotonic()
    resp = client.post("/api/run", data=body.encode("utf-8"), headers={"Content-Type": ctype})

    assert time.monotonic() - t0 < 10  # a hang, not a slow machine
    _api_ok(resp)
    if expected == 200:
        assert resp.status_code == 200
    else:
        assert resp.status_code == 400 and expected in resp.get_json()["error"]


def test_a_body_between_the_scenario_limit_and_the_request_limit_says_how_big_it_may_be(client):
    body = "run: {server: HQ}\n" + "#" * (300 * 1024) + "\n"

    resp = client.post("/api/scenarios", data=body, headers=YAML)

    assert resp.status_code == 400 and "at most 262144" in resp.get_json()["error"]


# ------------------------------------------------------------------------------- names and charts

@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(name=NASTY.filter(lambda s: s.strip()), rs=st.sampled_from(["ffg-rr", "nsg", "ffg-core"]))
def test_hostile_names_leave_every_step_page_well_formed_and_inert(client, name, rs):
    doc = json.loads(json.dumps(BASE))
    doc["ruleset"], doc["title"] = rs, name
    doc["servers"]["HQ"]["ice"][0]["name"] = name
    doc["servers"]["HQ"]["ice"][0]["subroutines"] = [name]
    doc["actions"][0]["ice"] = name
    doc["actions"][0]["at"] = {"ffg-rr": "3.1", "nsg": "6.9.3b", "ffg-core": "3.1"}[rs]
    doc["runner"] = {"cards": [{"name": name + " card", "abilities": [{"when": "encountered", "effect": {"note": name}}]}]}
    resp = client.post("/api/scenarios", data=json.dumps(doc), headers={"Content-Type": "application/json"})
    _api_ok(resp)
    if resp.status_code != 200:
        return
    sid = resp.get_json()["id"]
    total = len(re.findall(r'<section class="position" id="pos-\d+"', client.get(f"/s/{sid}").get_data(as_text=True)))

    for step in sorted({1, (total + 1) // 2, total}):
        page = client.get(f"/s/{sid}?step={step}&lang={'ko' if step % 2 else 'en'}")
        assert page.status_code == 200
        html = page.get_data(as_text=True)
        _chart_ok(html, rs)
        _no_active_html(html)
        json.loads(re.search(r'<script type="application/json" id="stepper-data">(.*?)</script>', html, re.S).group(1))
    svg = client.get(f"/s/{sid}/chart.svg?step={total}")
    assert svg.status_code == 200 and ET.fromstring(svg.get_data())
    assert client.get(f"/s/{sid}/trace.json").get_json()["title"] == name.strip()


# ------------------------------------------------------------------------------- URL parameters

@pytest.fixture
def sid(client) -> str:
    return client.post("/api/scenarios", data=json.dumps(BASE), headers={"Content-Type": "application/json"}).get_json()["id"]


STEPS = st.one_of(st.text(max_size=12), st.integers(-10**6, 10**6).map(str), st.just("9" * 5000),
                  st.sampled_from(["²", "١", "1.0", "1e2", " 1", "1 ", "0x1", "+1", "-0", "00001", "1\x00"]))
PRINTABLE = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=30)


@FUZZ
@given(step=STEPS, lang=st.one_of(st.text(max_size=8), st.sampled_from(["en", "ko", "EN", "ko-KR"])),
       ruleset=st.one_of(st.none(), st.text(max_size=12), st.sampled_from(["ffg-rr", "nsg", "ffg-core"])),
       accept=PRINTABLE, cookie=PRINTABLE,
       where=st.sampled_from(["", "/chart.svg", "/trace.json", "/scenario.yaml", "/edit"]))
def test_any_step_language_and_rule_set_in_the_url_gives_the_page_or_a_clear_400(
        client, sid, step, lang, ruleset, accept, cookie, where):
    args = {"step": step, "lang": lang, **({"ruleset": ruleset} if ruleset is not None else {})}
    client.set_cookie("lang", cookie)

    resp = client.get(f"/s/{sid}{where}", query_string=args, headers={"Accept-Language": accept})

    _no_500(resp)
    assert resp.status_code in (200, 400, 404)
    if resp.status_code == 200 and where == "":  # ?ruleset= shows that rule set's chart (its own when empty)
        _chart_ok(resp.get_data(as_text=True), ruleset if ruleset in ("nsg", "ffg-core") else "ffg-rr")
    if resp.status_code == 400:
        assert "error-page" in resp.get_data(as_text=True)


@FUZZ
@given(sid=st.one_of(st.text(min_size=1, max_size=80), st.just("a" * 10_000), st.just("../" * 10),
                     st.from_regex(r"[0-9a-f]{16}", fullmatch=True)),
       where=st.sampled_from(["/s/{}", "/s/{}/edit", "/s/{}/chart.png", "/s/{}/trace.json", "/api/scenarios/{}",
                              "/examples/{}"]))
def test_any_id_in_the_url_is_a_404_or_the_situation_never_a_500(client, sid, where):
    resp = client.get(where.format(quote(sid, safe="")))

    _no_500(resp)
    assert resp.status_code in (200, 303, 404)
    if where.startswith("/api/"):
        assert resp.is_json


# ------------------------------------------------------------------------------- the form

FIELDS = list(SCALARS) + [f"{k}-{c}" for k, cols in COLUMNS.items() for c in cols]


@FUZZ
@given(values=st.dictionaries(st.sampled_from(FIELDS), st.lists(NASTY, max_size=4), max_size=12),
       action=st.one_of(st.sampled_from(["run_form", "run_yaml", "form_to_yaml", "yaml_to_form", "relang", ""]),
                        st.text(max_size=10)),
       op=st.one_of(st.none(), st.text(max_size=12),
                    st.builds(lambda v, k, i: f"{v}:{k}:{i}", st.sampled_from(["add", "del", "up", "down", "x"]),
                              st.sampled_from([*COLUMNS, "nope"]), st.integers(-3, 200))),
       yaml_text=NASTY)
def test_any_form_post_gives_the_form_back_or_the_stepper_never_a_500(client, csrf, values, action, op, yaml_text):
    data = {**values, "_csrf": csrf, "_action": action, "yaml": yaml_text, **({"_op": op} if op is not None else {})}

    resp = client.post("/new", data=data)

    _no_500(resp)
    assert resp.status_code in (200, 303, 400)
    if resp.status_code != 303:
        html = resp.get_data(as_text=True)
        assert 'id="editor"' in html
        _no_active_html(html)


def test_a_form_with_thousands_of_fields_is_refused_with_a_page_either_way_it_is_encoded(client, csrf):
    many = {"_csrf": csrf, "_action": "run_form", "ice-name": [str(i) for i in range(2500)]}

    plain = client.post("/new", data=many)
    multipart = client.post("/new", data={**many, "file": (io.BytesIO(b"x"), "x.txt")})

    assert plain.status_code == 400 and "more than 100 rows" in plain.get_data(as_text=True)
    assert multipart.status_code == 413 and "too large" in multipart.get_data(as_text=True)


@FUZZ
@given(doc=st.dictionaries(st.sampled_from(["title", "ruleset", "tags", "run", "corp", "runner", "servers",
                                            "actions", "expect"]), JSONISH, max_size=6))
def test_any_yaml_tree_opened_in_the_form_fills_what_it_can_never_a_500(client, csrf, doc):
    text = yaml.safe_dump(doc, allow_unicode=True)

    resp = client.post("/new", data={"_csrf": csrf, "_action": "yaml_to_form", "yaml": text})

    _no_500(resp)
    assert resp.status_code in (200, 400)


def test_invalid_utf8_in_a_form_is_read_as_replacement_characters_not_a_500(client, csrf):
    body = f"_csrf={csrf}&_action=run_yaml&yaml=title%3A+%FF%FE%0Arun%3A+%7Bserver%3A+HQ%7D"

    resp = client.post("/new", data=body, headers={"Content-Type": "application/x-www-form-urlencoded"})

    assert resp.status_code in (303, 400)


@pytest.mark.parametrize("name", HOSTILE_BODIES)
@pytest.mark.parametrize("action", ["run_yaml", "yaml_to_form"])
def test_hostile_yaml_in_the_editor_comes_back_with_a_message_quickly(client, csrf, name, action):
    t0 = time.monotonic()
    resp = client.post("/new", data={"_csrf": csrf, "_action": action, "yaml": HOSTILE_BODIES[name][0]})

    assert time.monotonic() - t0 < 10  # a hang, not a slow machine
    _no_500(resp)
    assert resp.status_code in (200, 303, 400, 413)


# ------------------------------------------------------------------------------- decisions

@FUZZ
@given(n=STEPS, choice=st.one_of(st.sampled_from(["jack_out", "continue", "rez", "unrez", "break", "effect"]),
                                 st.text(max_size=8)),
       card=st.one_of(st.none(), st.sampled_from(["Ice Wall", "Enigma"]), NASTY),
       subs=st.lists(st.one_of(st.integers(-2, 60).map(str), st.text(max_size=4)), max_size=5),
       effect=st.one_of(st.sampled_from([*EFFECTS, "yaml"]), st.text(max_size=8)),
       value=st.one_of(NASTY, st.sampled_from(["{pay: 1, otherwise: end_run}", "[1, 2]", "Ice Wall", "9" * 5000,
                                               "{install_ice: {name: New}}", "&a [*a]", "{{{{{{"])),
       by=st.one_of(st.sampled_from(["runner", "corp"]), st.text(max_size=6)))
def test_any_decision_posted_gives_a_new_situation_or_the_step_with_a_message(
        client, sid, csrf, n, choice, card, subs, effect, value, by):
    data = {"_csrf": csrf, "n": n, "choice": choice, "sub": subs, "effect": effect, "value": value, "by": by,
            **({"card": card} if card is not None else {})}

    resp = client.post(f"/s/{sid}/decide", data=data)

    _no_500(resp)
    assert resp.status_code in (303, 400)
    if resp.status_code == 303:
        page = client.get(resp.headers["Location"])
        assert page.status_code == 200
        _chart_ok(page.get_data(as_text=True), "ffg-rr")


def test_sql_in_any_field_is_stored_and_read_back_as_text(client, app):
    doc = json.loads(json.dumps(BASE))
    doc["title"] = "x'); DROP TABLE scenarios; --"
    doc["servers"]["HQ"]["cards"][0]["name"] = "' OR '1'='1"

    sid = client.post("/api/scenarios", data=json.dumps(doc), headers={"Content-Type": "application/json"}).get_json()["id"]

    assert json.loads(client.get(f"/api/scenarios/{sid}").get_json()["yaml"]) == doc
    assert client.get("/api/scenarios/' OR '1'='1").status_code == 404
    with app.app_context():
        from judge.web.situations import db as store

        assert store.count() >= 1

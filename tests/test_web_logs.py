"""Issue 23: the "paste a game log" page (Flask test client)."""

from __future__ import annotations

import re
from pathlib import Path

LOGS = Path(__file__).parent / "fixtures" / "logs"


def _token(client, url="/log") -> str:
    html = client.get(url).get_data(as_text=True)
    return re.search(r'name="_csrf" value="([^"]+)"', html).group(1)


def test_page_lists_runs_with_outcome_departures_and_stepper_links(client, app):
    token = _token(client)
    log = (LOGS / "09-departure-rez-late.txt").read_text(encoding="utf-8")
    resp = client.post("/log", data={"_csrf": token, "log": log, "ruleset": "nsg"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert 'data-outcome="successful"' in html and 'data-departures="1"' in html
    assert 'data-kind="rez_late"' in html and "CR 6.9.2b" in html
    link = re.search(r'class="log-open" href="([^"]+)"', html).group(1)
    step = client.get(link)
    assert step.status_code == 200
    # The stored situation names no player: the log's usernames are not kept.
    from judge.web.situations import db as store
    with app.app_context():
        sid = link.rstrip("/").split("/")[-1]
        text = store.get(sid)
    assert text is not None and "Maru" not in text and "Jisoo" not in text and "log line 11: Runner pays 2 to use Gordian Blade" in text


def test_page_in_korean_and_chat_is_not_stored(client, app):
    token = _token(client, "/log?lang=ko")
    log = (LOGS / "05-account-siphon.json").read_text(encoding="utf-8")
    html = client.post("/log?lang=ko", data={"_csrf": token, "log": log}).get_data(as_text=True)
    assert "게임 로그 붙여넣기" in html and "규칙 위반 없음" in html
    link = re.search(r'class="log-open" href="([^"]+)"', html).group(1)
    from judge.web.situations import db as store
    with app.app_context():
        text = store.get(link.rstrip("/").split("/")[-1])
    assert "no ice there" not in text and "Maru" not in text


def test_incomplete_unrecognised_and_bad_input(client):
    token = _token(client)
    html = client.post("/log", data={"_csrf": token, "log": (LOGS / "08-cut-off-mid-run.txt").read_text()}).get_data(as_text=True)
    assert "Incomplete runs" in html and "lines 9-12" in html
    html = client.post("/log", data={"_csrf": token, "log": (LOGS / "07-unrecognised-and-chat.txt").read_text()}).get_data(as_text=True)
    assert "Connection to the game server was interrupted" in html
    bad = client.post("/log", data={"_csrf": token, "log": '{"messages": 3'})
    assert bad.status_code == 400 and "JSON" in bad.get_data(as_text=True)
    assert "{&#34;messages&#34;: 3</textarea>" in bad.get_data(as_text=True)   # the text comes back to be fixed
    assert client.post("/log", data={"log": "x"}).status_code == 400   # no form token

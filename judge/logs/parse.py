"""Reading a jinteki.net game log: pasted text (with or without timestamps) or the stored JSON form.

Every input line becomes a `Line` with its 1-based number, its speaker (a player's name, or None for
notices), the text with timestamps, icon tokens and the end-of-turn rule removed, and, when one of
the run templates matches, a `kind` with the fields it names. Lines no template knows are kept with
kind `unknown`, chat lines with kind `chat`: nothing is dropped silently.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from ..errors import JudgeError

__all__ = ["Line", "LogError", "parse_log", "normalise", "MAX_LOG_BYTES"]

MAX_LOG_BYTES = 4 * 1024 * 1024


class LogError(JudgeError):
    """A log that cannot be read at all (not text, broken JSON, too big)."""


@dataclass(slots=True)
class Line:
    """One line of the log."""

    no: int
    text: str                 # normalised, speaker included
    who: str | None = None    # the player who speaks, None for notices
    kind: str = "unknown"     # see TEMPLATES; "chat", "notice", "other", "unknown"
    f: dict[str, str] = field(default_factory=dict)   # the template's named slots

    @property
    def rest(self) -> str:
        """Return the text after the speaker's name."""
        return self.text[len(self.who) + 1:] if self.who else self.text


# Icon tokens vanish in a copy-paste; the stored form still has them. Remove them in both.
_ICON = re.compile(r"\[(?:click|credits?|c|subroutine|trash|mu|link|recurring[- ]credits?|hr|br|"
                   r"interrupt|haas-bioroid|jinteki|nbn|weyland-consortium|anarch|criminal|shaper)\]",
                   re.IGNORECASE)
_SPACES = re.compile(r"[ \t\u00a0]+")
_STAMP = re.compile(r"^\s*(\[!\]|!)?\s*(?P<name>[^\s\[\]]+)\s*\[[^\]\n]{1,24}\]\s*")


def normalise(text: str) -> str:
    """Remove icon tokens and the end-of-turn rule, collapse spaces, tidy spaces before punctuation."""
    text = _ICON.sub(" ", text)
    text = _SPACES.sub(" ", text).strip()
    text = re.sub(r" +([.,)])", r"\1", text)
    text = re.sub(r'\(" +', '("', text)
    return text


_T = r"(?P<title>.+?)"
_S = r"(?P<server>HQ|R&D|Archives|Server \d+)"
_ICE = _T + r" protecting " + _S + r" at position (?P<pos>\d+)"
_PAY = r"(?:(?:spends|pays|loses)\b.*? to )?"

# (kind, pattern on the text after the speaker's name). First match wins.
TEMPLATES: tuple[tuple[str, re.Pattern[str]], ...] = tuple((k, re.compile(p)) for k, p in (
    ("turn_start", r"^started \w+ turn (?P<turn>\d+) with (?P<credits>\d+)\b"),
    ("turn_end", r"^is ending \w+ turn (?P<turn>\d+) with (?P<credits>\d+)\b"),
    ("run", r"^(?:uses (?P<by>.+?) to |.*? to )?makes? a run on " + _S + r"\.?$"),
    ("approach_ice", r"^approaches " + _ICE + r"\.?$"),
    ("approach_server", r"^approaches " + _S + r"\.?$"),
    ("encounter", r"^encounters " + _ICE + r"\.?$"),
    ("encounter", r"^encounters " + _T + r"(?: in (?P<server>.+?))?\.?$"),
    ("pass", r"^passes " + _ICE + r"\.?$"),
    ("bypass", r"^bypasses " + _T + r"\.?$"),
    ("bypass_by", r"^uses (?P<card>.+?) to bypass " + _T + r"\.?$"),
    ("rez", r"^" + _PAY + r"rez(?:zes)? " + _ICE + r"\.?$"),
    ("rez_other", r"^" + _PAY + r"rez(?:zes)? " + _T + r" (?:in|in the root of) (?P<where>.+?)\.?$"),
    ("break", r"^(?:.*? to )?use (?P<card>.+?) to (?:increase (?:its|the) strength.*? and )?break "
              r"(?P<n>all\s*\d*|the remaining\s*\d*|\d+) (?:[\w-]+ ){0,3}?subroutines? on (?P<ice>.+?)"
              r"(?: \((?P<labels>.*)\))?\.?$"),
    ("break", r"^(?:pays\b.*? to )?(?:increase the strength of (?P<card>.+?) to \d+ and )break "
              r"(?P<n>all\s*\d*|the remaining\s*\d*|\d+) (?:[\w-]+ ){0,3}?subroutines? on (?P<ice>.+?)\.?$"),
    ("pump", r"^(?:.*? to )?use (?P<card>.+?) to (?:increase|add) (?:its|the|\d).*strength.*$"),
    ("resolve", r"^resolves (?P<n>\d+) unbroken subroutines? on (?P<ice>.+?)(?: \((?P<labels>.*)\))?\.?$"),
    ("fire", r"^indicates to fire all unbroken subroutines on (?P<ice>.+?)\.?$"),
    ("jack_out_cost", r"^pays\b.*? to jack out\.?$"),
    ("jack_out", r"^jacks out\.?$"),
    ("jack_out_refused", r"^(?:cannot jack out|attempts to jack out)\b.*$"),
    ("breach", r"^breaches " + _S + r"\.?$"),
    ("prevented", r"^is prevented from breaching .*$"),
    ("replacement", r"^uses the replacement effect from (?P<card>.+?)\.?$"),
    ("access_rest", r"^accesses everything else in .*$"),
    ("access", r"^(?:pays\b.*? to )?accesse?s? (?P<title>.+?) from (?P<zone>.+?)\.?$"),
    ("steal_cost", r"^pays\b.*? to steal (?P<title>.+?) from (?P<zone>.+?)\.?$"),
    ("steal", r"^steals (?P<title>.+?) and gains (?P<points>\d+) agenda points?\.?$"),
    ("no_steal", r"^decides to not pay to steal (?P<title>.+?)\.?$"),
    ("trash", r"^pays\b.*? to trash (?P<title>.+?) from (?P<zone>.+?)\.?$"),
    ("priority", r"^(?:has no further action|will continue the run)\.?$"),
    ("command", r"^uses a command: (?P<command>/\S+).*$"),
    ("uses", r"^(?:.*? to )?uses? (?P<card>.+?) to (?P<what>.+?)\.?$"),
    # Recognised, but no step of a run: the turn's other actions.
    ("other", r"^(?:spends|pays|loses|gains|draws|installs|plays|takes|trashes|takes|shuffles|"
              r"takes|mulligans|keeps|scores|advances|purges|removes|adds|reveals|chooses|is|has|"
              r"clicks|starts|places|derezzes|exposes|initiates|sets|bids|wins|looks|uses)\b.*$"),
))

_NOTICE = re.compile(r"^(?:\[!\]|!|The trace was|.+ is trashed\.?$|.+ (?:joined|left|rejoined) the game\.?$)")
# The subjects that name a player for sure (section 3 of the format notes: who is who).
_SUBJECT = re.compile(r"^\s*(?:\[!\]|!)?\s*(?P<name>[^\s\[\]]+)\s*(?:\[[^\]\n]{1,24}\])?\s+"
                      r"(?:spends|pays|approaches|encounters|passes|breaches|accesses|jacks out|"
                      r"started \w+ turn|is ending \w+ turn|has no further action|will continue|rezzes|uses|resolves|"
                      r"indicates|steals|bypasses)\b")


def _records(raw: str) -> tuple[list[tuple[str | None, str]], str]:
    """Return (user, text) pairs and the form: "json" or "text". user None = unknown (text form)."""
    stripped = raw.lstrip()
    if stripped.startswith(("[", "{")):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as exc:
            if stripped.startswith("{"):
                raise LogError("logs.bad_json", at=exc.lineno, why=exc.msg) from None
            data = None
        if data is not None:
            if isinstance(data, dict):
                if "history" in data and "messages" not in data:
                    raise LogError("logs.replay_file")
                data = data.get("messages", data.get("log"))
            if not isinstance(data, list):
                raise LogError("logs.bad_json_shape")
            out: list[tuple[str | None, str]] = []
            for i, m in enumerate(data):
                if not isinstance(m, dict) or not isinstance(m.get("text"), str):
                    raise LogError("logs.bad_json_entry", n=i + 1)
                user = m.get("user")
                if user == "__system__":
                    out.append(("", m["text"]))
                else:
                    name = user.get("username") if isinstance(user, dict) else user
                    out.append((f"chat:{name}" if name else "chat:", m["text"]))
            return out, "json"
    return [(None, t) for t in _joined(raw.splitlines())], "text"


_ALONE = re.compile(r"^\s*(?:\[!\]|!)?\s*[^\s\[\]]+\s*\[[^\]\n]{1,24}\]\s*$|^\s*(?:\[!\]|!)\s*$")


def _joined(texts: list[str]) -> list[str]:
    """A name and its time (or a lone warning badge) that a browser put on their own line are joined
    to the line after; the joined line keeps the first one's number (the second becomes empty)."""
    out = list(texts)
    for i in range(len(out) - 1):
        if _ALONE.match(out[i]) and out[i + 1].strip():
            out[i], out[i + 1] = out[i].rstrip() + " " + out[i + 1].lstrip(), ""
    return out


def players(texts: list[str]) -> list[str]:
    """Return the players' names, learnt from the subjects of lines only a player can say."""
    seen: dict[str, int] = {}
    for text in texts:
        m = _SUBJECT.match(text)
        if m:
            seen[m["name"]] = seen.get(m["name"], 0) + 1
    return sorted(seen, key=lambda n: -seen[n])[:2]


def parse_log(raw: str | bytes) -> tuple[list[Line], str, list[str]]:
    """Return the log's lines, its form ("text" or "json") and the two players' names."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_LOG_BYTES:
            raise LogError("logs.too_big", n=len(raw), max=MAX_LOG_BYTES)
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise LogError("logs.not_text", at=exc.start) from None
    if len(raw) > MAX_LOG_BYTES:
        raise LogError("logs.too_big", n=len(raw), max=MAX_LOG_BYTES)
    records, form = _records(raw)
    names = players([t for u, t in records if not u or u == ""])
    lines: list[Line] = []
    chat_next = False
    for i, (user, text) in enumerate(records, 1):
        if user and user.startswith("chat:"):
            lines.append(Line(i, text.strip(), user[5:] or None, "chat"))
            continue
        plain = text.strip()
        if not plain:
            chat_next = False
            continue
        if form == "text" and chat_next:   # a chat message: its author's name on the line before
            lines.append(Line(i, plain, lines[-1].who, "chat"))
            chat_next = False
            continue
        if form == "text" and plain in names:
            lines.append(Line(i, plain, plain, "chat"))
            chat_next = True
            continue
        lines.append(_line(i, plain, names))
    return lines, form, names


def _line(no: int, text: str, names: list[str]) -> Line:
    m = _STAMP.match(text)
    if m and m["name"] in names:
        text = m["name"] + " " + text[m.end():]
    elif text.startswith(("[!]", "!")):
        rest = text.lstrip("[]!").lstrip()
        if rest.split(" ", 1)[0] in names:
            text = rest
    text = normalise(text)
    who = text.split(" ", 1)[0]
    if who not in names:
        kind = "notice" if _NOTICE.match(text) else "unknown"
        return Line(no, text, None, kind)
    line = Line(no, text, who)
    rest = line.rest
    for kind, pat in TEMPLATES:
        mm = pat.match(rest)
        if mm:
            line.kind = kind
            line.f = {k: v for k, v in mm.groupdict().items() if v is not None}
            break
    return line

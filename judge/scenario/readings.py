"""What the judge reads in free text, and what it admits it cannot read.

A subroutine written as plain text is read sentence by sentence: "End the run" (or "ETR") as a
sentence ends the run, whatever else the subroutine says. Text that speaks of ending the run,
jacking out, bypassing or the run being (un)successful in any other form could change the answer
but is not understood: it becomes a notice, shown as a warning on the trace and as a question next
to the field on the form, never silently ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Notice", "read_subroutine", "unread_timing"]

_SENTENCES = re.compile(r"[.;\n]+|\s+(?:and|then)\s+(?=end the run)", re.IGNORECASE)
_ETR = re.compile(r"^(?:etr|end the run|런 종료|런을 끝낸다|런을 종료한다)$", re.IGNORECASE)  # Korean judges type it too
# words that, if misread, change a run's outcome: which of them a text mentions
_TIMING = (("end_run", re.compile(r"\b(?:end(?:s|ing)? the run|etr)\b", re.IGNORECASE)),
           ("jack_out", re.compile(r"\bjack(?:s|ing)? out\b", re.IGNORECASE)),
           ("bypass", re.compile(r"\bbypass(?:es|ed|ing)?\b", re.IGNORECASE)),
           ("success", re.compile(r"\b(?:un)?successful\b", re.IGNORECASE)))


@dataclass(frozen=True)
class Notice:
    """Text the judge could not read although it could change the answer."""

    path: tuple[str | int, ...]  # where in the file ("servers", "HQ", "ice", 0, "subroutines", 1)
    line: int | None
    what: str              # end_run, jack_out, bypass, success: what the text mentions
    text: str


def _clean(sentence: str) -> str:
    return re.sub(r"[\s\"'“”‘’!]+", " ", sentence).strip()


def read_subroutine(text: str) -> tuple[bool, str | None]:
    """(ends the run, what is mentioned but not understood) for a subroutine written as text."""
    ends, unread = False, None
    for sentence in _SENTENCES.split(text):
        s = _clean(sentence)
        if not s:
            continue
        if _ETR.match(s):
            ends = True
            continue
        unread = unread or unread_timing(s)
    return ends, unread


def unread_timing(text: str) -> str | None:
    """What timing word a text mentions (end_run, jack_out, bypass, success), if any."""
    return next((what for what, rx in _TIMING if rx.search(text)), None)

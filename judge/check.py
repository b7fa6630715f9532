"""Compare a trace with a scenario's `expect:` block."""

from __future__ import annotations

from pathlib import Path

from .trace import Trace

__all__ = ["actual", "compare", "expected_error"]


def expected_error(path) -> str | None:
    """`expect.error` of a file that does not load: read leniently, since the file is refused."""
    import yaml

    try:
        doc = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
        err = doc.get("expect", {}).get("error") if isinstance(doc, dict) else None
    except Exception:  # noqa: BLE001  (the file is broken on purpose; no expectation then)
        return None
    return err if isinstance(err, str) and err.strip() else None


def actual(t: Trace, key: str):
    """The value of one expectation key in a trace."""
    if key == "outcome":
        return t.status
    if key == "end":
        return t.end
    if key == "path":
        return t.path
    if key == "skipped":
        return [e.occurrence for e in t.skipped]
    if key == "warnings":
        return len(t.warnings)
    if key == "bad_publicity_credits":
        return {"gained": t.bp["gained"], "lost": t.bp["lost"], "spent": t.bp["spent"]}
    return t.lists[key]


def compare(t: Trace, expect: dict) -> list[str]:
    """One line per difference between what was expected and what the run did."""
    out: list[str] = []
    for key, want in expect.items():
        got = actual(t, key)
        if key == "bad_publicity_credits":
            got = {k: got[k] for k in want}
        if got != want:
            out.append(f"{key}: expected {_fmt(want)}, got {_fmt(got)}" + _hint(want, got))
    return out


def _fmt(v) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(str(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {x}" for k, x in v.items()) + "}"
    return str(v)


def _hint(want, got) -> str:
    """Where two lists first part ways, which is what a person needs to look at."""
    if not (isinstance(want, list) and isinstance(got, list)):
        return ""
    for i, (a, b) in enumerate(zip(want, got, strict=False)):
        if a != b:
            return f" (first difference at position {i + 1}: expected {a}, got {b})"
    if len(want) != len(got):
        longer, which = (want, "expected") if len(want) > len(got) else (got, "got")
        return f" ({which} has {len(longer) - min(len(want), len(got))} more, from {longer[min(len(want), len(got))]})"
    return ""

"""Making any text safe and tidy for a label: cleaning, clipping, wrapping by display width."""

from __future__ import annotations

import unicodedata

__all__ = ["clean", "clip", "wrap", "width"]


def clean(text: object) -> str:
    """Text without control characters; a backslash becomes a full-width one because Graphviz
    reads escape sequences such as \\N in labels and tooltips, even in HTML labels."""
    out = []
    for ch in str(text):
        if ch == "\\":
            out.append("＼")
        elif ch in "\n\t":
            out.append(" ")
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn"):
            continue
        else:
            out.append(ch)
    return "".join(out)


def clip(text: object, limit: int) -> str:
    """Clean text cut to `limit` characters, with an ellipsis when cut."""
    s = clean(text)
    return s if len(s) <= limit else s[: max(limit - 1, 1)] + "…"


def width(text: str) -> int:
    """Display width: wide (Hangul, CJK) characters count 2, others 1."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def wrap(text: str, limit: int) -> tuple[str, ...]:
    """Lines of at most `limit` display width, broken at spaces; a longer word gets its own line.
    Where every clause of a list ("지불 능력 격발, 아이스 아닌 카드 레즈") fits a line, lines break
    after a comma only, so no phrase is split."""
    clauses = text.split(", ")
    if len(clauses) > 1 and all(width(c) + 1 <= limit for c in clauses):
        out: list[str] = []
        for i, c in enumerate(clauses):
            c += "," if i < len(clauses) - 1 else ""
            if out and width(f"{out[-1]} {c}") <= limit:
                out[-1] = f"{out[-1]} {c}"
            else:
                out.append(c)
        return tuple(out)
    lines: list[str] = []
    cur = ""
    for word in _pieces(text.split(), limit):
        cand = f"{cur} {word}" if cur else word
        if cur and width(cand) > limit:
            lines.append(cur)
            cur = word
        else:
            cur = cand
    if cur:
        lines.append(cur)
    return tuple(lines) or ("",)


def _pieces(words: list[str], limit: int) -> list[str]:
    """Words, with any word wider than a line cut into line-wide pieces."""
    out: list[str] = []
    for w in words:
        while width(w) > limit:
            n = 1
            while width(w[: n + 1]) <= limit:
                n += 1
            out.append(w[:n])
            w = w[n:]
        if w:
            out.append(w)
    return out

"""The chart's own words (legend, tooltips, timeline lanes) in English and Korean."""

from __future__ import annotations

from ..i18n import pick

__all__ = ["WORDS", "word"]

WORDS: dict[str, tuple[str, str]] = {
    "legend": ("Legend", "범례"),
    "interrupts": ("At any of several steps", "여러 단계 어디서나"),
    "kind.step": ("step", "단계"),
    "kind.paw": ("paid ability window", "지불 능력 창"),
    "kind.decision": ("decision", "결정"),
    "kind.check": ("check", "판정"),
    "kind.end": ("end of the run", "런의 끝"),
    "line.normal": ("transition (its condition)", "전이 (조건)"),
    "line.skip": ("jumps over steps (they are skipped)", "단계를 건너뜀"),
    "line.interrupt": ("can happen at any step the tag names", "꼬리표에 적힌 어느 단계에서나 일어남"),
    "kind.interrupt": ("interrupt", "중단"),
    "from": ("from {steps}", "{steps}에서"),
    "interrupt_tip": ("{label}: from {steps} to {dst}", "{label}: {steps} → {dst}"),
    "edge_tip": ("{src} → {dst}: {label}", "{src} → {dst}: {label}"),
    "edge_tip_plain": ("{src} → {dst}", "{src} → {dst}"),
    "skip_tip": (" (the steps between are skipped)", " (그 사이 단계는 건너뜀)"),
    # Highlight tooltips
    "now": ("Now: {occ}", "현재: {occ}"),
    "entered": ("Entered {n}×: {occs}", "{n}번 들어감: {occs}"),
    "skipped": ("Skipped at {occ}: {reason}", "{occ}에서 건너뜀: {reason}"),
    "triggered": ("Triggered: {text}", "격발: {text}"),
    "taken": ("Taken {n}×", "{n}번 지나감"),
    "next": ("Can follow now", "다음에 일어날 수 있음"),
    "not_reached": ("Not reached: the run ended first", "도달하지 않음: 그 전에 런이 끝났다"),
    # Timeline
    "lane.ice": ("Ice: {ice}", "아이스: {ice}"),
    "lane.ice_again": ("Ice: {ice} (approach {n})", "아이스: {ice} ({n}번째 접근)"),
    "skipped_mark": ("skipped", "건너뜀"),
    "jump": ("encounter now", "즉시 대치"),
    "resume": ("run resumes", "런 재개"),
    "more": ("… {n} more", "… {n}개 더"),
    "timeline": ("Walk-through: {title}", "단계별 진행: {title}"),
    "outcome": ("Outcome: {status}", "결과: {status}"),
}


def word(key: str, lang: str, **args: object) -> str:
    """One of the chart's words in a language, filled in."""
    return pick(WORDS[key], lang).format(**args)

"""`judge explore`: every line a run can take from a situation, its outcomes, and questions."""

from __future__ import annotations

import json
import sys

import click

from .. import rulesets
from ..analysis.explore import (
    MAX_LINES,
    MAX_SECONDS,
    OUTCOMES,
    Lines,
    as_dict,
    ask,
    choice_lines,
    explore,
    note,
    parse_question,
)
from ..engine.trace import title_text
from ..i18n import t

__all__ = ["explore_cmd"]


def _l(key: str, lang: str, **args: object) -> str:
    return t(f"cli.explore.{key}", lang, **args)


def _line_text(line, lang: str) -> list[str]:
    head = _l("line_head", lang, outcome=t(f"explore.outcome.{line.leaf.status}", lang), end=line.leaf.end,
              steps=line.steps)
    out = [f"  {head}"] + [f"    {c}" for c in choice_lines(line, lang)]
    if line.leaf.error is not None:
        out.append(f"    ! {line.leaf.error.located_text(lang)}")
    return out


def _text(exp, lines: Lines, lang: str) -> list[str]:
    counts = lines.outcomes()
    out = [f"{title_text(exp.title, lang)}  [{exp.ruleset}]",
           _l("lines", lang, n=lines.total, counts=", ".join(
               f"{counts[k]} {t(f'explore.outcome.{k}', lang)}" for k in OUTCOMES))]
    if lines.errors:
        out.append(_l("errors", lang, n=lines.errors))
    out.append(_l("explored", lang, states=exp.nodes, options=exp.branches, s=f"{exp.seconds:.2f}"))
    shortest = lines.shortest()
    if shortest:
        out.append(_l("shortest", lang) + ":")
        for k in (*OUTCOMES, "error"):
            if k in shortest:
                out += _line_text(shortest[k], lang)
    why = note(exp, lines, lines.total, lang)
    if why:
        out.append(f"{_l('note', lang)}: {why}")
    return out


@click.command("explore")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--ruleset", type=click.Choice(sorted(rulesets.RULESETS)), default=None,
              help="Explore under this rule set instead of the scenario's own.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--lang", type=click.Choice(["en", "ko"]), default="en", show_default=True)
@click.option("--max-branches", type=click.IntRange(1, 1_000_000), default=MAX_LINES, show_default=True,
              help="Stop after following this many lines; list at most this many.")
@click.option("--max-seconds", type=click.FloatRange(0.1, 3600), default=MAX_SECONDS, show_default=True,
              help="Stop exploring after this long.")
@click.option("--open", "release", is_flag=True,
              help="Open the decisions the situation's own actions make too (its jack outs, rezzes, breaks, "
                   "uses, declines, trashes); its other actions stay.")
@click.option("--can", "questions", multiple=True, metavar="Q",
              help='Is there a line where Q holds ("outcome=successful", "jack_out@2.2@Enigma")? '
                   "Several: one line for all. Exit 1 when there is none.")
def explore_cmd(file: str, ruleset: str | None, fmt: str, lang: str, max_branches: int, max_seconds: float,
                release: bool, questions: tuple[str, ...]) -> None:
    """Every line the run can take: each choice at each decision, its written actions fixed."""
    from ..scenario import load_scenario

    sc = load_scenario(file)
    if len(questions) > 6:
        raise click.UsageError(_l("too_many", lang, n=6))
    exp = explore(sc, ruleset, release=release, max_lines=max_branches, max_seconds=max_seconds)
    lines = Lines(exp)
    cards = sc.all_cards()
    answer = ask(lines, [parse_question(q, exp, cards) for q in questions]) if questions else None
    if fmt == "json":
        out = as_dict(exp, lines, lang, max_branches)
        if answer is not None:
            out["can"] = {"questions": list(questions), "answer": "yes" if answer.yes else "no",
                          "complete": answer.complete, "line": answer.line.as_dict(lang) if answer.line else None}
        click.echo(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        text = _text(exp, lines, lang)
        if answer is not None:
            asked = " & ".join(questions)
            if answer.yes:
                text += [_l("can_yes", lang, q=asked)] + _line_text(answer.line, lang)
            else:
                text.append(_l("can_no" if answer.complete else "can_not_found", lang, q=asked, n=lines.total))
        click.echo("\n".join(text))
    if answer is not None and not answer.yes:
        sys.exit(1)

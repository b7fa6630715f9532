"""`judge log import FILE|-`: a jinteki.net game log to one scenario per run, judged.

Registered lazily (judge/cli LAZY): importing this module loads the engine only when the command runs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .. import rulesets
from ..errors import JudgeError
from ..i18n import t

__all__ = ["log_group"]


@click.group("log", help="Read a jinteki.net game log and judge its runs.")
def log_group() -> None:
    """Read a jinteki.net game log and judge its runs."""


@log_group.command("import")
@click.argument("file")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "yaml"]), default="text", show_default=True)
@click.option("-o", "--out", "out", type=click.Path(file_okay=False), default=None,
              help="Write one scenario per run into this folder (run-01.yaml, ...).")
@click.option("--ruleset", type=click.Choice(sorted(rulesets.RULESETS)), default="nsg", show_default=True)
@click.option("--lang", type=click.Choice(["en", "ko"]), default="en", show_default=True)
def import_cmd(file: str, fmt: str, out: str | None, ruleset: str, lang: str) -> None:
    """Import FILE (or - for standard input): one scenario per run, departures from the rules."""
    from .importer import import_log, scenario_yaml
    from .parse import MAX_LOG_BYTES, LogError

    if file == "-":
        raw = sys.stdin.buffer.read(MAX_LOG_BYTES + 1)
    else:
        try:
            raw = Path(file).read_bytes()
        except OSError as exc:
            raise LogError("cannot_read_file", why=exc.strerror or str(exc), source=file) from None
    try:
        imp = import_log(raw, ruleset=ruleset, lang=lang)
    except JudgeError as exc:
        raise exc.located(None if file == "-" else file) from None
    data = imp.as_dict()
    if out:
        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        for r in data["runs"]:
            (folder / f"run-{r['run']:02d}.yaml").write_text(scenario_yaml(r["scenario"]), encoding="utf-8")
        click.echo(t("logs.cli.written", lang, n=len(data["runs"]), dir=str(folder)), err=fmt != "text")
    if fmt == "json":
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    elif fmt == "yaml":
        click.echo("\n---\n".join(scenario_yaml(r["scenario"]) for r in data["runs"]), nl=False)
    else:
        _text(data, lang)


def _text(data: dict, lang: str) -> None:
    for r in data["runs"]:
        click.echo(t("logs.cli.run_line", lang, run=r["run"], turn=r["turn"] if r["turn"] is not None else "?",
                     first=r["lines"][0], last=r["lines"][1], server=r["server"], outcome=t(f"logs.page.outcome_{r['outcome']}", lang)))
        if not r["departures"]:
            click.echo("  " + r["verdict"])
        for d in r["departures"]:
            where = d["rule"] + (" = " + ", ".join(d["steps_in_ruleset"]) if d.get("steps_in_ruleset") else "")
            click.echo(f"  ! {t('logs.page.line', lang, n=d['line'])} ({where}, {d['step_name']}): {d['explanation']}")
        for u in r["unknowns"]:
            click.echo(f"  ? {u}")
        if r.get("error"):
            click.echo(f"  x {r['error']}")
    for inc in data["incomplete"]:
        click.echo(t("logs.cli.incomplete", lang, run=inc["run"], first=inc["lines"][0], last=inc["lines"][1]))
    for u in data["unrecognized"]:
        click.echo(t("logs.cli.unrecognized", lang, line=u["line"], text=u["text"]))

"""The commands that read scenarios: run, check, coverage, compare, translate, schema; and serve."""

from __future__ import annotations

import json
import sys

import click

from .. import rulesets
from ..errors import ScenarioError
from ..i18n import in_lang, t

__all__ = ["COMMANDS"]

LANG = click.option("--lang", type=click.Choice(["en", "ko"]), default="en", show_default=True)
FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)


@click.command("run")
@click.argument("file", type=click.Path(dir_okay=False))
@FORMAT
@LANG
@click.option("--ruleset", type=click.Choice(sorted(rulesets.RULESETS)), default=None,
              help="Override the scenario's ruleset.")
@click.option("--verbose", "-v", is_flag=True, help="Text: show every priority pass too.")
def run_cmd(file: str, fmt: str, lang: str, ruleset: str | None, verbose: bool) -> None:
    """Run a scenario and print its trace."""
    from ..engine import run
    from ..render.answer import with_answer
    from ..render.trace_text import render_text
    from ..scenario import load_scenario

    sc = load_scenario(file)  # plain `at` values belong to the file's own rule set; run() carries them
    if sc.runs:  # a turn of several runs: each one's trace, in order
        from ..engine import run_turn
        from ..render.turn import turn_dict, turn_text
        traces = run_turn(sc, ruleset)
        servers = [part.server for part in sc.runs]
        if fmt == "json":
            click.echo(json.dumps(turn_dict(run(sc, ruleset), traces, servers, lang), ensure_ascii=False, indent=2))
        else:
            click.echo(turn_text(traces, servers, lang, verbose))
        return
    tr = run(sc, ruleset)
    if fmt == "json":
        click.echo(json.dumps(with_answer(tr.as_dict(lang), tr, lang), ensure_ascii=False, indent=2))
    else:
        click.echo(render_text(tr, lang, verbose))


@click.command("check")
@click.argument("paths", nargs=-1, required=True)
@click.option("--quiet", "-q", is_flag=True, help="Print only failures and the last line.")
@LANG
def check_cmd(paths: tuple[str, ...], quiet: bool, lang: str) -> None:
    """Run every scenario that has an `expect:` block and report what differs."""
    from ..analysis.check import check_file
    from ..analysis.coverage import scenario_files

    passed = failed = 0
    for f in scenario_files(paths):
        for r in check_file(f):
            note = in_lang(r.note, lang)
            if not r.checked:
                if not quiet:
                    click.echo(f"---- {r.label}: {note}")
            elif r.passed:
                passed += 1
                if not quiet:
                    click.echo(f"ok   {r.label}" + (f" ({note})" if note else ""))
            else:
                failed += 1
                texts = r.texts(lang)
                if r.ruleset is None:
                    click.echo(f"FAIL {r.label}: {texts[0]}")
                else:
                    click.echo(f"FAIL {r.label}")
                    for d in texts:
                        click.echo(f"     {d}")
    click.echo(f"{passed} passed, {failed} failed")  # the last line's form is fixed: programs read it
    if failed:
        sys.exit(1)


@click.command("coverage")
@click.argument("paths", nargs=-1, required=True)
@click.option("--ruleset", type=click.Choice(sorted(rulesets.RULESETS)), default=rulesets.DEFAULT,
              show_default=True)
@FORMAT
@LANG
def coverage_cmd(paths: tuple[str, ...], ruleset: str, fmt: str, lang: str) -> None:
    """Show which steps, edges, skips and trigger moments the scenarios exercise."""
    from ..analysis.coverage import coverage, render_text

    cov = coverage(paths, ruleset)
    if fmt == "json":
        click.echo(json.dumps(cov.as_dict(), ensure_ascii=False, indent=2))
    else:
        click.echo(render_text(cov, lang))


@click.command("compare")
@click.argument("file", type=click.Path(dir_okay=False))
@FORMAT
@LANG
def compare_cmd(file: str, fmt: str, lang: str) -> None:
    """Run a scenario under every rule set and mark where they diverge."""
    from ..analysis.compare import compare_rulesets
    from ..render.compare_text import render_text
    from ..scenario import load_scenario

    cmp = compare_rulesets(load_scenario(file))
    if fmt == "json":
        click.echo(json.dumps(cmp.as_dict(lang), ensure_ascii=False, indent=2))
    else:
        click.echo(render_text(cmp, lang))


@click.command("translate")
@click.argument("step", required=False)
@click.option("--from", "from_rs", type=click.Choice(sorted(rulesets.RULESETS)), default=None,
              help="The rule set the step number belongs to (default: every one that has it).")
@LANG
def translate_cmd(step: str | None, from_rs: str | None, lang: str) -> None:
    """Translate a step number between rule sets (no STEP: print the whole table)."""
    from ..rulesets.translate import table, translate

    if step is None:
        ids = list(rulesets.RULESETS)
        click.echo(" | ".join(ids) + " | " + t("cli.translate.note", lang))
        for row in table(lang):
            cells = [(", ".join(row[r]) or "-") + (f" ({t('cli.translate.ice_' + row['ice'][r], lang)})"
                                                   if r in row["ice"] else "") for r in ids]
            click.echo(" | ".join(cells) + " | " + row["note"])
        return
    sources = [from_rs] if from_rs else [r for r, rs in rulesets.RULESETS.items() if step in rs.step_ids]
    if not sources:
        raise ScenarioError("not_a_step_any", step=step, known=", ".join(rulesets.RULESETS))
    for src in sources:
        got = translate(src, step, lang)
        click.echo(f"{src} {step}: {got['name']}")
        for other, steps in got["to"].items():
            click.echo(f"  {other}: {', '.join(steps) or '-'}")
        for n in got["notes"]:
            click.echo(f"  {t('cli.translate.note', lang)}: {n}")


@click.command("schema")
def schema_cmd() -> None:
    """Print the JSON Schema of the scenario format."""
    from ..scenario.schema import schema

    click.echo(json.dumps(schema(), indent=2, ensure_ascii=False))


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--db", default=None, help="SQLite file (default: the instance folder, or $JUDGE_DB).")
@click.option("--dev", is_flag=True, help="Flask's development server instead of waitress.")
def serve_cmd(host: str, port: int, db: str | None, dev: bool) -> None:
    """Serve the web pages."""
    from ..web import create_app

    app = create_app({"DATABASE": db} if db else None)
    click.echo(f"Serving the judge on http://{host}:{port}/ (Ctrl-C stops)")
    if dev:
        app.run(host=host, port=port)
    else:
        from waitress import serve

        serve(app, host=host, port=port, threads=8)


COMMANDS = (run_cmd, check_cmd, coverage_cmd, compare_cmd, translate_cmd, schema_cmd, serve_cmd)

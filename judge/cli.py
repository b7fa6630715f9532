"""The `judge` command line: run, check, schema, chart, serve."""

from __future__ import annotations

import json
import sys

import click

from . import rulesets
from .errors import JudgeError

__all__ = ["main", "cli"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="netrunner-judge")
def cli() -> None:
    """Judge the timing of a Netrunner run, step by step."""


@cli.command("run")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--lang", type=click.Choice(["en", "ko"]), default="en", show_default=True)
@click.option("--ruleset", type=click.Choice(sorted(rulesets.RULESETS)), default=None,
              help="Override the scenario's ruleset.")
@click.option("--verbose", "-v", is_flag=True, help="Text: show every priority pass too.")
def run_cmd(file: str, fmt: str, lang: str, ruleset: str | None, verbose: bool) -> None:
    """Run a scenario and print its trace."""
    from .engine import run
    from .scenario import load_scenario
    from .textout import render_text

    sc = load_scenario(file)  # plain `at` values belong to the file's own rule set; run() carries them
    t = run(sc, ruleset)
    if fmt == "json":
        click.echo(json.dumps(t.as_dict(lang), ensure_ascii=False, indent=2))
    else:
        click.echo(render_text(t, lang, verbose))


@cli.command("check")
@click.argument("paths", nargs=-1, required=True)
@click.option("--quiet", "-q", is_flag=True, help="Print only failures and the last line.")
def check_cmd(paths: tuple[str, ...], quiet: bool) -> None:
    """Run every scenario that has an `expect:` block and report what differs."""
    from .check import compare, expected_error
    from .coverage import scenario_files
    from .engine import run
    from .scenario import load_scenario

    passed = failed = 0
    for f in scenario_files(paths):
        try:
            sc = load_scenario(f)
        except JudgeError as exc:
            want = expected_error(f)
            if want and want in str(exc):
                passed += 1
                if not quiet:
                    click.echo(f"ok   {f} (rejected as expected)")
            else:
                failed += 1
                click.echo(f"FAIL {f}: {exc}")
            continue
        targets = sc.expected_rulesets()
        if not targets:
            if not quiet:
                click.echo(f"---- {f}: no expect block")
            continue
        for rs_id in targets:
            label = f"{f}" + (f" [{rs_id}]" if len(targets) > 1 or rs_id != sc.ruleset else "")
            want = dict(sc.expect_for(rs_id) or {})
            err = want.pop("error", None)
            try:
                diffs = compare(run(sc, rs_id), want)
                if err:
                    diffs.append(f"error: expected the judge to refuse with {err!r}, but the run went through")
            except JudgeError as exc:
                diffs = [] if err and err in str(exc) else [str(exc)]
            if diffs:
                failed += 1
                click.echo(f"FAIL {label}")
                for d in diffs:
                    click.echo(f"     {d}")
            else:
                passed += 1
                if not quiet:
                    click.echo(f"ok   {label}")
    click.echo(f"{passed} passed, {failed} failed")
    if failed:
        sys.exit(1)


@cli.command("coverage")
@click.argument("paths", nargs=-1, required=True)
@click.option("--ruleset", type=click.Choice(sorted(rulesets.RULESETS)), default=rulesets.DEFAULT,
              show_default=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def coverage_cmd(paths: tuple[str, ...], ruleset: str, fmt: str) -> None:
    """Show which steps, edges, skips and trigger moments the scenarios exercise."""
    from .coverage import coverage, render_text

    cov = coverage(paths, ruleset)
    if fmt == "json":
        click.echo(json.dumps(cov.as_dict(), ensure_ascii=False, indent=2))
    else:
        click.echo(render_text(cov))


@cli.command("compare")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--lang", type=click.Choice(["en", "ko"]), default="en", show_default=True)
def compare_cmd(file: str, fmt: str, lang: str) -> None:
    """Run a scenario under every rule set and mark where they diverge."""
    from .compare import compare_rulesets, render_text
    from .scenario import load_scenario

    cmp = compare_rulesets(load_scenario(file))
    if fmt == "json":
        click.echo(json.dumps(cmp.as_dict(lang), ensure_ascii=False, indent=2))
    else:
        click.echo(render_text(cmp, lang))


@cli.command("translate")
@click.argument("step", required=False)
@click.option("--from", "from_rs", type=click.Choice(sorted(rulesets.RULESETS)), default=None,
              help="The rule set the step number belongs to (default: every one that has it).")
@click.option("--lang", type=click.Choice(["en", "ko"]), default="en", show_default=True)
def translate_cmd(step: str | None, from_rs: str | None, lang: str) -> None:
    """Translate a step number between rule sets (no STEP: print the whole table)."""
    from .errors import ScenarioError
    from .i18n import pick
    from .translate import table, translate

    if step is None:
        ids = list(rulesets.RULESETS)
        click.echo(" | ".join(ids) + " | note")
        for row in table():
            cells = [", ".join(row[r]) or "-" for r in ids]
            click.echo(" | ".join(cells) + " | " + pick((row["note_en"], row["note_ko"]), lang))
        return
    sources = [from_rs] if from_rs else [r for r, rs in rulesets.RULESETS.items() if step in rs.step_ids]
    if not sources:
        raise ScenarioError(f'"{step}" is not a step of any rule set ({", ".join(rulesets.RULESETS)})')
    for src in sources:
        t = translate(src, step)
        click.echo(f"{src} {step}: {pick((t['name_en'], t['name_ko']), lang)}")
        for other, steps in t["to"].items():
            click.echo(f"  {other}: {', '.join(steps) or '-'}")
        for n in t["notes"]:
            click.echo(f"  note: {pick((n['en'], n['ko']), lang)}")


@cli.command("schema")
def schema_cmd() -> None:
    """Print the JSON Schema of the scenario format."""
    from .schema import schema

    click.echo(json.dumps(schema(), indent=2, ensure_ascii=False))


@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--db", default=None, help="SQLite file (default: the instance folder, or $JUDGE_DB).")
@click.option("--dev", is_flag=True, help="Flask's development server instead of waitress.")
def serve_cmd(host: str, port: int, db: str | None, dev: bool) -> None:
    """Serve the web pages."""
    from .web import create_app

    app = create_app({"DATABASE": db} if db else None)
    click.echo(f"Serving the judge on http://{host}:{port}/ (Ctrl-C stops)")
    if dev:
        app.run(host=host, port=port)
    else:
        from waitress import serve

        serve(app, host=host, port=port, threads=8)


from .render.cli_chart import chart_cmd  # noqa: E402  (the charts have their own module)

cli.add_command(chart_cmd)


def main(argv: list[str] | None = None) -> None:
    """Entry point: domain errors become one line and exit code 2, never a traceback."""
    try:
        cli.main(args=argv, prog_name="judge", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    except JudgeError as exc:
        args = list(argv if argv is not None else sys.argv[1:])
        ko = "--lang=ko" in args or any(a == "--lang" and b == "ko" for a, b in zip(args, args[1:], strict=False))
        click.echo(f"error: {exc.located_text('ko' if ko else 'en')}", err=True)
        sys.exit(2)
    except BrokenPipeError:
        sys.exit(0)
    except RecursionError:
        click.echo("error: the input is nested too deeply", err=True)
        sys.exit(2)
    except Exception as exc:  # a bug: still one line, with a hint to report it
        click.echo(f"internal error: {type(exc).__name__}: {exc} (please report this with the scenario)",
                   err=True)
        sys.exit(3)


if __name__ == "__main__":
    main()

"""The `judge` command line: run, check, coverage, compare, explore, translate, schema, chart, export, serve.

It may import everything below it (web, analysis, render, engine, scenario, rulesets); nothing
imports it but `judge.__main__` and the `judge` script.
"""

from __future__ import annotations

import importlib
import sys

import click

from ..errors import JudgeError
from ..i18n import t
from .commands import COMMANDS

__all__ = ["main", "cli"]

# The commands whose modules import charts, exports or the explorer at their top: each module is
# imported when its command runs (or `--help` lists it), so `judge run` does not pay for them.
LAZY = {"explore": (".explore", "explore_cmd"), "chart": (".chart", "chart_cmd"),
        "export": (".export", "export_cmd"), "cards": (".catalogue", "cards"),
        "log": ("..logs.cli", "log_group")}


class _Judge(click.Group):
    """The `judge` group: its own commands, and the LAZY ones imported when asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *LAZY})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in LAZY and name not in self.commands:
            module, attr = LAZY[name]
            self.add_command(getattr(importlib.import_module(module, __name__), attr), name)
        return super().get_command(ctx, name)


@click.group(cls=_Judge, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="netrunner-judge")
def cli() -> None:
    """Judge the timing of a Netrunner run, step by step."""


for _command in COMMANDS:
    cli.add_command(_command)


def _lang(argv: list[str]) -> str:
    ko = "--lang=ko" in argv or any(a == "--lang" and b == "ko" for a, b in zip(argv, argv[1:], strict=False))
    return "ko" if ko else "en"


def main(argv: list[str] | None = None) -> None:
    """Entry point: domain errors become one line and exit code 2, never a traceback."""
    args = list(argv if argv is not None else sys.argv[1:])
    try:
        cli.main(args=args, prog_name="judge", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    except JudgeError as exc:
        lang = _lang(args)
        click.echo(f"{t('cli.error', lang)}: {exc.located_text(lang)}", err=True)
        sys.exit(2)
    except BrokenPipeError:
        sys.exit(0)
    except RecursionError:
        click.echo(f"{t('cli.error', 'en')}: {t('errors.too_deep_input', 'en')}", err=True)
        sys.exit(2)
    except Exception as exc:  # a bug: still one line, with a hint to report it
        click.echo(f"internal error: {type(exc).__name__}: {exc} (please report this with the scenario)", err=True)
        sys.exit(3)


if __name__ == "__main__":
    main()

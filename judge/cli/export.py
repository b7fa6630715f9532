"""`judge export`: a run's walk-through as one self-contained HTML file, or a walk-through or a
rule set's timing structure as wiki text (Markdown, namuwiki), in English or Korean."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import rulesets
from ..engine import run
from ..render import STYLES, walkthrough_html
from ..render.errors import ChartError
from ..render.wiki import Options, structure_text, walkthrough_text
from ..scenario import load_scenario

__all__ = ["export_cmd"]


@click.command("export")
@click.argument("scenario", required=False, type=click.Path(dir_okay=False))
@click.option("--html", "kind", flag_value="html", help="A run's walk-through as one HTML file that works offline.")
@click.option("--markdown", "kind", flag_value="markdown", help="Markdown: the walk-through, or without a "
              "scenario the rule set's timing structure.")
@click.option("--namuwiki", "kind", flag_value="namuwiki", help="namuwiki markup, as --markdown: in the shape of "
              "the Korean rules page (a heading a step, links between them) unless --compact.")
@click.option("--ruleset", type=click.Choice(sorted(rulesets.RULESETS)), default=None,
              help=f"Default: the scenario's rule set, else {rulesets.DEFAULT}.")
@click.option("--lang", type=click.Choice(["en", "ko"]), default="en", show_default=True)
@click.option("--style", type=click.Choice(STYLES), default="full", show_default=True,
              help="--html: the chart in full (every interrupt drawn) or in the documentation style.")
@click.option("--compact", is_flag=True, help="namuwiki: the compact form (one heading; steps as table rows "
              "or a numbered list) instead of the page's shape.")
@click.option("--toc", is_flag=True, help="namuwiki: a table of contents ([목차]) above the steps.")
@click.option("--category", default=None, metavar="NAME", help="namuwiki: a category line at the end "
              "([[분류:NAME]]).")
@click.option("--parent", default=None, metavar="PAGE", help="namuwiki: the parent-page line at the top "
              "([include(틀:상위 문서, top1=PAGE)]).")
@click.option("-o", "--output", default=None, help="Output file; default: stdout.")
def export_cmd(scenario: str | None, kind: str | None, ruleset: str | None, lang: str, style: str, compact: bool,
               toc: bool, category: str | None, parent: str | None, output: str | None) -> None:
    """Export for documentation: `judge export --html FILE -o walkthrough.html`,
    `judge export --namuwiki --ruleset nsg --lang ko --toc`."""
    if kind is None:
        raise ChartError("export_needs_one")
    opt = Options(form="compact" if compact else "page", toc=toc, category=category, parent=parent)
    if scenario is None:
        if kind == "html":
            raise ChartError("html_needs_scenario")
        text = structure_text(ruleset or rulesets.DEFAULT, lang, kind, opt)
    else:
        trace = run(load_scenario(scenario, ruleset=ruleset), ruleset)
        text = walkthrough_html(trace, lang, style) if kind == "html" else walkthrough_text(trace, lang, kind, opt)
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        path = Path(output)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

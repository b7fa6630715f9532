"""The examples library, the plain timing chart, and the chart's stylesheet."""

from __future__ import annotations

import hashlib

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for

from ... import rulesets
from .. import chart
from ..errors import page_error
from ..i18n import t
from ..situations.examples import find_example, library
from .delivery import YEAR

__all__ = ["bp"]

bp = Blueprint("pages", __name__)


@bp.get("/examples")
def examples():
    items = library()
    ok = [e for e in items if e.id]
    refused = [e for e in items if not e.id and e.rejected]
    broken = [e for e in items if not e.id and not e.rejected]
    return render_template("examples.html", examples=ok, refused=refused, broken=broken)


@bp.get("/examples/<stem>")
def example(stem: str):
    found = find_example(stem)
    if found is None:
        abort(404)
    return redirect(url_for("stepper.show", sid=found.id), 303)


@bp.get("/chart")
def timing_chart():
    # ?ruleset=nsg shows one rule set's charts (the page's rule set switch); none shows all three.
    asked = request.args.get("ruleset") or None
    if asked is not None and asked not in rulesets.RULESETS:
        return page_error(t("cmp_no_ruleset", asked=asked[:30], known=", ".join(rulesets.RULESETS)), 400)
    # ?style=doc: the documentation style (the main flow, interrupts in a table beneath).
    style = request.args.get("style") or "full"
    if style not in chart.STYLES:
        style = "full"
    draw = chart.plain_svg if style == "full" else chart.doc_svg
    charts = [(rs, [(code, draw(rs.id, code)) for code in ("en", "ko")])
              for rs in rulesets.RULESETS.values() if asked in (None, rs.id)]
    return render_template("chart.html", charts=charts, shown=asked, rulesets=rulesets.RULESETS, style=style)


_CSS_VERSION = hashlib.blake2b(chart.STYLE_CSS.encode(), digest_size=6).hexdigest()


@bp.app_template_global()
def chart_css_url() -> str:
    """The chart stylesheet's URL, naming its version: kept by browsers for a year."""
    return url_for("pages.chart_css", v=_CSS_VERSION)


@bp.get("/chart.css")
def chart_css():
    resp = Response(chart.STYLE_CSS, mimetype="text/css")
    named = request.args.get("v") == _CSS_VERSION
    resp.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable" if named else "public, max-age=3600"
    return resp

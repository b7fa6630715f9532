"""The examples library, the plain timing chart, and the chart's stylesheet."""

from __future__ import annotations

from flask import Blueprint, Response, abort, redirect, render_template, url_for

from .. import rulesets
from . import chart
from .examples import library

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
    found = next((e for e in library() if e.stem == stem and e.id), None)
    if found is None:
        abort(404)
    return redirect(url_for("stepper.show", sid=found.id), 303)


@bp.get("/chart")
def timing_chart():
    charts = [(rs, [(code, chart.plain_svg(rs.id, code)) for code in ("en", "ko")])
              for rs in rulesets.RULESETS.values()]
    return render_template("chart.html", charts=charts)


@bp.get("/chart.css")
def chart_css():
    resp = Response(chart.STYLE_CSS, mimetype="text/css")
    resp.headers["Cache-Control"] = "public, max-age=3600"
    return resp

"""How much of a rule set's timing graph the library exercises: every step, edge, skip reason and
trigger moment with the number of cases that go through it, and what no case reaches yet."""

from __future__ import annotations

import threading
from pathlib import Path

from flask import Blueprint, current_app, render_template, request

from ... import i18n as core
from ... import rulesets
from ...analysis.coverage import Coverage, coverage
from ...engine.trace import guard_label, skip_text
from ..i18n import lang
from ..situations.examples import folder_signature
from .views import ruleset_arg

__all__ = ["bp", "library_coverage"]

bp = Blueprint("coverage_page", __name__)
_lock = threading.Lock()
_cache: dict[tuple[str, str], tuple[tuple, Coverage]] = {}


def library_coverage(ruleset_id: str) -> Coverage:
    """judge.coverage over the examples folder (the same count as `judge coverage`), recomputed
    when a file changes."""
    folder = Path(current_app.config["EXAMPLES"])
    sig = folder_signature(folder) if folder.is_dir() else ()
    key = (str(folder), ruleset_id)
    with _lock:
        got = _cache.get(key)
        if got is None or got[0] != sig:
            got = _cache[key] = (sig, coverage([folder] if sig else [], ruleset_id))
    return got[1]


@bp.get("/coverage")
def show():
    rs = rulesets.get(ruleset_arg(request.args.get("rs")))
    cov, code = library_coverage(rs.id), lang()
    steps = [(s, f"{s.id} {s.name(code)}", cov.steps[s.id]) for s in rs.steps]
    edges = [(e, guard_label(e.guard, code), core.t(f"pages.skip_short.{e.skip}", code) if e.skip else None,
              cov.edges[e.id]) for e in rs.all_edges()]
    skips = [(k, skip_text(k, core.t("pages.cov_the_ice", code), code), cov.skips[k]) for k in cov.all_skips()]
    moments = [(m, core.t(f"engine.when.{m}", code), cov.moments[m]) for m in cov.all_moments()]
    miss = cov.missing()
    covered = {"steps": sum(1 for _, _, n in steps if n), "edges": sum(1 for *_, n in edges if n)}
    return render_template("coverage.html", rs=rs, cov=cov, steps=steps, edges=edges, skips=skips,
                           moments=moments, miss=miss, covered=covered, rulesets=rulesets.RULESETS.values())

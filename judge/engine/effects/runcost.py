"""Additional costs of making a run (Earth Station, Reduced Service, Cold Site Server, Hired Help):
paid as the run begins, credits from the Runner's own pool (the bad publicity credits of the run
are not theirs to pay it with), clicks, agendas from the score area. A cost the Runner cannot pay
means the run could not have been made: a warning says so, and the run ends there."""

from __future__ import annotations

from dataclasses import replace

from ...i18n import msg
from ...scenario import RUNNER
from ..conditions import amount
from ..state import Flag
from ..trace import WARNING
from .core import Call, applies

__all__: list[str] = []  # the functions register themselves in APPLY


def _unpaid(c: Call, what: str, n: int, has: int) -> bool:
    c.x.emit(WARNING, "w_run_cost_unpaid", c.st, side=RUNNER, card=c.source or "",
             what=msg(f"engine.run_costs.{what}", n=n), has=has)
    c.x.w.flags |= {Flag.RUN_ENDED}
    return False


@applies("run_cost")
def run_cost(c: Call) -> bool:
    """N credits from the Runner's own pool."""
    w, n = c.x.w, amount(c.x, c.number, c.source)
    if w.credits < n:
        return _unpaid(c, "credits", n, w.credits)
    w.credits -= n
    w.spent = (w.spent[0] + n, w.spent[1])
    c.note("run_cost_paid", side=RUNNER, card=c.source or "", what=msg("engine.run_costs.credits", n=n))
    return True


@applies("run_cost_clicks")
def run_cost_clicks(c: Call) -> bool:
    """N more clicks (clicks not given: taken as spent, and said)."""
    w, n = c.x.w, amount(c.x, c.number, c.source)
    if w.sides.clicks is None:
        c.note("clicks_uncounted", side=RUNNER, n=n)
        return True
    if w.sides.clicks < n:
        return _unpaid(c, "clicks", n, w.sides.clicks)
    w.sides = replace(w.sides, clicks=w.sides.clicks - n)
    c.note("run_cost_paid", side=RUNNER, card=c.source or "", what=msg("engine.run_costs.clicks", n=n))
    return True


@applies("run_cost_agendas")
def run_cost_agendas(c: Call) -> bool:
    """N agendas trashed from the Runner's score area (`runner.agendas`; not given: taken as paid, and said)."""
    w, n = c.x.w, amount(c.x, c.number, c.source)
    if w.sides.agendas is None:
        c.note("run_cost_agendas_uncounted", side=RUNNER, card=c.source or "", n=n)
        return True
    if w.sides.agendas < n:
        return _unpaid(c, "agendas", n, w.sides.agendas)
    w.sides = replace(w.sides, agendas=w.sides.agendas - n)
    c.note("run_cost_paid", side=RUNNER, card=c.source or "", what=msg("engine.run_costs.agendas", n=n))
    return True

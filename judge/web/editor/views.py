"""Entering a situation: the form and the YAML editor on one page, each able to run its side."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort, current_app, jsonify, redirect, render_template, request, url_for

from ...cards.catalogue import get
from ...errors import JudgeError
from ...i18n import t as core_t
from ...render.reader import korean_titles
from ...scenario.yamlsource import MAX_BYTES, load, path_text
from ..errors import store_failure, unavailable
from ..i18n import lang, t
from ..rulesets.preference import preference
from ..security import CSRFError
from ..situations import db as store
from ..situations import situation
from ..situations.db import StoreError
from ..situations.examples import titles
from ..situations.yamltree import dump, parse, tree
from .build import build
from .cardrows import breaker_ids, breaker_names, model_card, near_card, near_title, place_of, side_of_place
from .fill import fill
from .form import FormData, blank, from_request, limit
from .steps import effective, follow

__all__ = ["bp"]

bp = Blueprint("editor", __name__)


def _page(fd: FormData, yaml_text: str, status: int = 200, **kw):
    fd.values["ruleset_was"] = effective(fd.values.get("ruleset"))  # what the rows' steps are written in
    return render_template("editor.html", fd=fd, yaml_text=yaml_text, cases=_cases(), yaml_kib=MAX_BYTES // 1024,
                           breakers=breaker_names(fd.rows["card"]), breaker_ids=breaker_ids(), **kw), status


@bp.app_template_global()
def field_limit(field: str) -> int:
    """The most characters a field of the situation form holds."""
    return limit(field)


def _cases() -> list[tuple[str, str]]:
    """The library cases a situation can start from: (file stem, title)."""
    return titles()


def _start_from_case(stem: str):
    """The form and the YAML of a library case, to change into a situation of one's own."""
    path = Path(current_app.config["EXAMPLES"]) / f"{stem}.yaml"
    if not any(s == stem for s, _ in _cases()) or not path.is_file():
        fd = blank()
        fd.errors["_"] = t("start_no_case", stem=stem[:80])
        return _page(fd, "", 404)
    text = path.read_text(encoding="utf-8")
    fd, lost = fill(tree(parse(text)))
    title = fd.values["title"] or stem
    if lang() == "ko":
        title = korean_titles(title)
    return _page(fd, text, lost=lost, notice=t("start_from_case_done", title=title))


def _start_with_card(card_id: str):
    """A new situation with one real card in place: ice in the attacked server, a run event as the
    run's card, anything else in the cards list."""
    c = get(card_id)
    if c is None:
        fd = blank()
        fd.errors["_"] = t("start_no_card", card=card_id[:80])
        return _page(fd, "", 404)
    entry = {"card": c.id}
    data: dict = {"run": {"server": "HQ"}, "servers": {"HQ": {}}}
    if c.is_ice:
        data["servers"]["HQ"]["ice"] = [entry | {"rezzed": True}]
    elif c.scenario_type in ("agenda", "operation", "asset") and "runs" not in (model_card(c.id) or {}):
        data["servers"]["HQ"]["cards"] = [entry]
    else:
        owner = "runner" if c.side == "runner" else "corp"
        if place_of(c) == "root":
            data["servers"]["HQ"]["root"] = [entry | {"rezzed": True}]
        else:
            data[owner] = {"cards": [entry]}
        if "runs" in (model_card(c.id) or {}):
            data["run"]["by"] = c.title
    fd, lost = fill(data)
    return _page(fd, dump(data), lost=lost)


@bp.get("/")
@bp.get("/new")
def new():
    if request.args.get("from"):
        return _start_from_case(request.args["from"])
    if request.args.get("card"):
        return _start_with_card(request.args["card"])
    return _page(blank(preference()), "")


@bp.get("/s/<sid>/edit")
def edit(sid: str):
    text = store.get(sid)
    if text is None:
        abort(404)
    try:
        fd, lost = fill(tree(parse(text)))
    except JudgeError:
        fd, lost = blank(), []
    return _page(fd, text, lost=lost)


def field_for(origins: dict[str, str], where: str | None) -> str | None:
    """The form field an error's `where` (`servers.HQ.ice[1].name`) belongs to: the longest origin
    that is the place itself or one of its parents."""
    if not where:
        return None
    hits = [p for p in origins if where == p or where.startswith((p + ".", p + "["))]
    return origins[max(hits, key=len)] if hits else None


def _field_of_line(text: str, line: int | None, origins: dict[str, str]) -> str | None:
    """The field behind a line of the YAML the form produced (for errors that only know their line)."""
    if line is None:
        return None
    places = [p for p, ln in load(text).lines.items() if ln == line]
    return field_for(origins, path_text(max(places, key=len))) if places else None


def _ask(fd: FormData, notices, origins: dict[str, str]) -> None:
    """Text the judge could not read becomes a question next to its field (or above the form)."""
    for n in notices:
        key = field_for(origins, path_text(n.path)) or "_"
        question = t("q_unread", text=n.text, why=core_t(f"engine.notices.{n.what}", lang(), text=n.text))
        fd.questions[key] = (fd.questions[key] + " " + question) if key in fd.questions else question


MAX_ERRORS = 25
# What can be set aside to look for the next error without changing what other rows refer to: an
# action or an accessed card (nothing names them), a card's ability (the card stays), an ice's
# subroutines or rezzed state (its name stays). An error in a name stops the search: the rows that
# refer to that name would only report it again.
_ASIDE = {("act", c): "row" for c in ("at", "ice", "by", "effect", "value")} | {
    ("acc", "name"): "row", ("acc", "type"): "row", ("ice", "subs"): {"subs": ""}, ("ice", "rezzed"): {"rezzed": "yes"},
    **{("card", c): {"when": "", "effect": "", "value": ""} for c in ("when", "effect", "value", "first")}}


def _set_aside(fd: FormData, key: str) -> bool:
    """Leave the part of the form an error is in out of the next check; False when that part
    cannot be left out without making other errors up."""
    parts = key.split(":")
    if len(parts) != 3 or (parts[0], parts[2]) not in _ASIDE:
        return False
    kind, i, col = parts[0], int(parts[1]), parts[2]
    how = _ASIDE[(kind, col)]
    row = fd.rows[kind][i]
    row.update({c: "" for c in row} if how == "row" else how)
    return True


def _error_of(exc: JudgeError, text: str, origins: dict[str, str]) -> tuple[str, str]:
    key = field_for(origins, exc.where) or _field_of_line(text, exc.line, origins) or "_"
    return key, exc.text(lang()) if key != "_" else exc.located_text(lang())


def _every_error(fd: FormData, first: tuple[str, str]) -> dict[str, str]:
    """The first error and those after it: the form is checked again with each erring part set
    aside (a copy of it: nothing typed changes), until it runs or a part cannot be set aside."""
    found = dict([first])
    trial = FormData(dict(fd.values), {k: [dict(r) for r in rows] for k, rows in fd.rows.items()}, own=list(fd.own))
    key = first[0]
    while len(found) < MAX_ERRORS and _set_aside(trial, key):
        data, origins, errors = build(trial)
        if errors:
            break
        text = dump(data)
        try:
            situation.resolve(text)
        except JudgeError as exc:
            key, message = _error_of(exc, text, origins)
            if key in found:
                break
            found[key] = message
            continue
        break
    return found


def _run_form(fd: FormData, yaml_text: str, anyway: bool = False):
    data, origins, errors = build(fd)
    fd.errors.update(errors)
    if fd.errors:
        return _page(fd, yaml_text, 400)
    text = dump(data)
    try:
        s = situation.resolve(text)
        if s.scenario.notices and not anyway:
            _ask(fd, s.scenario.notices, origins)
            return _page(fd, yaml_text, 200)
        s = situation.save(text)
    except JudgeError as exc:
        fd.errors.update(_every_error(fd, _error_of(exc, text, origins)))
        return _page(fd, yaml_text, 400)
    return redirect(url_for("stepper.show", sid=s.id), 303)


def _run_form_anyway(fd: FormData, yaml_text: str):
    """The judge read the questions and runs the situation as it is (the trace warns again)."""
    return _run_form(fd, yaml_text, anyway=True)


def _run_yaml(fd: FormData, yaml_text: str):
    try:
        s = situation.save(yaml_text)
    except JudgeError as exc:
        return _page(fd, yaml_text, 400, yaml_error=exc)
    return redirect(url_for("stepper.show", sid=s.id), 303)


def _form_to_yaml(fd: FormData, yaml_text: str):
    data, _, errors = build(fd)
    fd.errors.update(errors)
    if fd.errors:
        return _page(fd, yaml_text, 400)
    return _page(fd, dump(data), notice=t("yaml_updated"))


def _yaml_to_form(fd: FormData, yaml_text: str):
    try:
        filled, lost = fill(tree(parse(yaml_text)))
    except JudgeError as exc:
        return _page(fd, yaml_text, 400, yaml_error=exc)
    return _page(filled, yaml_text, lost=lost, notice=t("form_updated"))


def _prefer(fd: FormData, yaml_text: str):
    # The header's rule set buttons on this page: the reader's choice becomes the form's rule set.
    fd.values["ruleset"] = preference()
    follow(fd)
    return _page(fd, yaml_text)


ACTIONS = {"run_form": _run_form, "run_form_anyway": _run_form_anyway, "run_yaml": _run_yaml,
           "form_to_yaml": _form_to_yaml, "yaml_to_form": _yaml_to_form, "prefer": _prefer}


def _take(fd: FormData, key: str) -> None:
    """The judge took the card a misspelt name looks like ("take:ice:0:name", "take:by")."""
    parts = key.split(":")
    if parts == ["by"]:
        row, col, place = fd.values, "by", "by"
    elif len(parts) == 3 and parts[0] in ("ice", "card", "acc") and parts[2] == "name" and parts[1].isdigit() \
            and int(parts[1]) < len(fd.rows[parts[0]]):
        row, col = fd.rows[parts[0]][int(parts[1])], "name"
        place = row.get("place", "runner") if parts[0] == "card" else parts[0]
    else:
        return
    typed = row[col].strip()
    c = near_card(typed, side_of_place(place))
    if c is None:
        return
    title = near_title(c, typed)
    if parts[0] == "card":  # every row of that card takes the name
        for r in fd.rows["card"]:
            if r["name"].strip() == typed:
                r["name"] = title
    row[col] = title


@bp.get("/api/near")
def near():
    """Whether a typed name looks like a misspelt card (the form asks on leaving the field):
    {"card": its title or null, "message", "take", "own"} in the page's language."""
    q = request.args.get("q", "")[:200].strip()
    place = request.args.get("place", "")
    c = near_card(q, side_of_place(place)) if q else None
    if c is None:
        return jsonify({"card": None})
    title = near_title(c, q)
    return jsonify({"card": title, "message": t("fe_not_a_card", name=q, card=title),
                    "take": t("fe_take_card", card=title), "own": t("fe_own_card", name=q)})


@bp.post("/new")
def submit():
    fd, yaml_text = from_request(request.form), request.form.get("yaml", "")
    follow(fd)  # the rule set was changed: the chosen steps follow it
    op = request.form.get("_op", "")
    if op.startswith("take:"):  # "use Tollbooth" pressed without JavaScript
        _take(fd, op[5:])
        return _page(fd, yaml_text)
    if op:  # a row button pressed without JavaScript: re-show the form with the change
        fd.apply_op(op)
        return _page(fd, yaml_text)
    action = ACTIONS.get(request.form.get("_action", ""))
    return action(fd, yaml_text) if action else _page(fd, yaml_text)  # e.g. a language switch


@bp.errorhandler(StoreError)
def store_failed(e: StoreError):
    # The server could not save (its database is busy, read-only, missing...): a 503 that keeps
    # everything typed, so the judge can press the button again once it works.
    if request.method != "POST":
        return unavailable(store_failure(e), "database")
    fd = from_request(request.form)
    fd.errors["_"] = store_failure(e)
    return _page(fd, request.form.get("yaml", ""), 503)


@bp.errorhandler(CSRFError)
def csrf_failed(_e):
    # Show the form again with everything that was typed; only a fresh token is needed.
    fd = from_request(request.form)
    fd.errors["_"] = t("err_csrf")
    return _page(fd, request.form.get("yaml", ""), 400)

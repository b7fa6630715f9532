"""The pages' catalogue against the code: every key the code or a template names exists in both
languages, every key of `pages.yaml` is used, and every key built at run time from a fragment
("cmp_rs_" + a rule set) belongs to a family listed here with all its members, so a new fragment
site, a member without words or a word nobody shows fails a test."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from judge.i18n import LANGS, catalogue

ROOT = Path(__file__).resolve().parent.parent
CODE = sorted(p for p in (ROOT / "judge").rglob("*.py") if "__pycache__" not in p.parts)
TEMPLATES = sorted(p for p in (ROOT / "templates").rglob("*") if p.suffix in (".html", ".js"))
# The functions that take a catalogue key first: the pages' `t` (keys under `pages.`), the core `t`
# and `has` (whole keys), the walk-through file's `w` (`pages.`) and the library's `_m` (`pages.`).
CALLS = {"t", "has", "w", "_m"}
_TEMPLATE_CALL = re.compile(r"""\b(t|w)\(\s*(["'])([A-Za-z0-9_.\-]+)\2\s*([,)+~])""")


def _families() -> dict[str, tuple[str, ...]]:
    """Every fragment a key of `pages.` is built from, with the members the code can put after it
    (where the code keeps them in a constant, from that constant)."""
    from judge.analysis.compare import DIFF_LISTS, MOMENTS
    from judge.rulesets import RULESETS
    from judge.rulesets.model import Kind
    from judge.scenario.model import CARD_TYPES
    from judge.scenario.parse import CONFIDENCE
    from judge.web.editor.form import COLUMNS
    from judge.web.library.views import VIA
    from judge.web.stepper.context import OUTCOME_LISTS

    rulesets = tuple(RULESETS)
    return {
        "cards_f_": ("cost", "strength", "subroutines", "trash_cost", "agenda_points",
                     "advancement_requirement"),                                 # card.html's fields
        "cards_model_": ("exact", "approximate"),                                # a card model's confidence
        "cards_side_": ("corp", "runner"),
        "chart_style_": ("full", "doc"),                                         # chart.html
        "cmp_k_": ("outcome", "path", "trigger", *DIFF_LISTS),                  # analysis.compare.diff's kinds
        "c_": tuple(sorted({c for cols in COLUMNS.values() for c in cols})),     # editor/form.py's errors
        "cmp_rs_": rulesets,
        "tr_rs_": rulesets,
        "pref_": rulesets,
        "cmp_v_": MOMENTS,
        "conf_short_": CONFIDENCE,
        "cov_missing_": ("steps", "edges", "skips", "moments"),                  # coverage.html
        "d_": ("continue", "jack_out", "rez", "unrez", "replacement"),           # stepper/decide.py's choices
        "dv_": ("continue", "jack_out", "rez", "unrez", "replacement"),          # stepper/derive.py
        "ex_heat_": ("1", "2", "3", "4", "5"),                                   # explore.html
        "fail_chart_": ("missing", "timeout", "failed"),                         # web/chart.py
        "fail_store_": ("busy", "readonly", "missing", "full", "broken"),        # situations/db.py's reasons
        "legend_": ("current", "visited", "skipped", "triggered", "not_reached"),
        "lib_step_": VIA,
        "lib_via_": VIA,
        "o_": OUTCOME_LISTS,                                                     # stepper, handout, compare
        "place_": ("runner", "corp", "root", "ice"),                             # editor/vocab.py
        "prio_": tuple(k.value for k in Kind),
        "skip_short.": tuple(sorted({e.skip for rs in RULESETS.values() for e in rs.all_edges() if e.skip})),
        "tr_ice_": ("before", "last"),                                           # rulesets/translate.py's anchors
        "type_": CARD_TYPES,
    }


def _wrappers(tree: ast.Module) -> dict[str, str]:
    """A module's own key functions and the prefix each puts before its key: `def w(key): return
    t(f"cli.coverage.{key}", ...)` is {"w": "cli.coverage."}."""
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in CALLS:
            for inner in ast.walk(node):
                if isinstance(inner, ast.JoinedStr) and len(inner.values) == 2 and isinstance(inner.values[0], ast.Constant) \
                        and isinstance(inner.values[1], ast.FormattedValue):
                    out[node.name] = str(inner.values[0].value)
    return out


@cache
def _python_calls() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(literal first arguments, fragment prefixes) of every call that takes a key, with where; a
    call of a module's own wrapper gets the wrapper's prefix ("pages." is the pages' own)."""
    literals, prefixes = [], []
    for path in CODE:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(ROOT))
        wrap = {k: v for k, v in _wrappers(tree).items() if v != "pages."}
        own = {f"{v}" for v in _wrappers(tree).values()}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name not in CALLS:
                continue
            arg, head = node.args[0], wrap.get(name, "") if isinstance(node.func, ast.Name) else ""
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                literals.append((head + arg.value, f"{where}:{node.lineno}"))
            elif isinstance(arg, ast.BinOp) and isinstance(arg.left, ast.Constant) and isinstance(arg.left.value, str):
                prefixes.append((head + arg.left.value, f"{where}:{node.lineno}"))
            elif isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
                if len(arg.values) == 2 and (str(arg.values[0].value) in own or arg.values[0].value == "pages."):
                    continue            # a wrapper's own body: t(f"pages.{key}")
                prefixes.append((head + str(arg.values[0].value), f"{where}:{node.lineno}"))
    return literals, prefixes


@cache
def _template_calls() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    literals, prefixes = [], []
    for path in TEMPLATES:
        text = path.read_text(encoding="utf-8")
        for m in _TEMPLATE_CALL.finditer(text):
            where = f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}"
            (prefixes if m.group(4) in "+~" else literals).append((m.group(3), where))
    return literals, prefixes


def _pages_keys() -> set[str]:
    return {k.removeprefix("pages.") for k in catalogue("en") if k.startswith("pages.")}


def _is_key_like(s: str) -> bool:
    return bool(re.fullmatch(r"[a-z][a-z0-9_\-]*(?:\.[a-z0-9_\-]+)*", s))


def test_every_literal_key_the_code_or_a_template_names_exists_in_both_languages():
    cats = {lang: set(catalogue(lang)) for lang in LANGS}
    missing = []
    for key, where in _python_calls()[0] + _template_calls()[0]:
        if not _is_key_like(key):
            continue
        whole = [k for k in (key, f"pages.{key}") if k in cats["en"] or k in cats["ko"]]
        if not whole or not all(whole[0] in cats[lang] for lang in LANGS):
            missing.append(f"{where}: {key}")
    assert not missing, missing


def test_every_fragment_a_key_is_built_from_is_a_listed_family():
    families = _families()
    pages = _pages_keys()
    unlisted = []
    for prefix, where in _python_calls()[1] + _template_calls()[1]:
        short = prefix.removeprefix("pages.")
        if (prefix.startswith("pages.") or where.startswith("templates") or not prefix.count(".")) \
                and any(k.startswith(short) for k in pages) and short not in families:
            unlisted.append(f"{where}: {prefix!r}")
    assert not unlisted, f"keys built from fragments no family lists (add it to _families): {unlisted}"


def test_every_member_of_a_family_has_its_words_in_both_languages():
    missing = [f"pages.{p}{m}" for p, members in _families().items() for m in members
               for lang in LANGS if f"pages.{p}{m}" not in catalogue(lang)]
    assert not missing, missing


@cache
def _sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in CODE + TEMPLATES)


def test_every_key_of_the_pages_catalogue_is_used():
    text = _sources()
    built = {f"{p}{m}" for p, members in _families().items() for m in members}
    unused = sorted(k for k in _pages_keys() if k not in built
                    and not re.search(rf"""["'](?:pages\.)?{re.escape(k)}["']""", text))
    assert not unused, f"keys of pages.yaml nothing shows (remove them, or list the family that builds them): {unused}"


def test_the_checks_see_a_missing_key_an_unlisted_fragment_and_an_unused_key():
    assert _is_key_like("cmp_rs_nsg") and not _is_key_like("Not a key")
    literals, prefixes = _template_calls()
    assert any(k == "cmp_chart_all" for k, _ in literals)
    assert any(p == "cmp_rs_" for p, _ in prefixes) and any(p == "legend_" for p, _ in prefixes)
    py_literals, py_prefixes = _python_calls()
    assert any(p == "fail_store_" for p, _ in py_prefixes) and any(k == "cmp_d_path" for k, _ in py_literals)
    assert "cmp_d_path" in _pages_keys() and "no_such_key_anywhere" not in _pages_keys()


def test_a_too_long_hidden_card_field_is_a_form_error_not_a_missing_key(client, csrf):
    """The `c_` family found it: an error on a row's hidden card column named a key no language had."""
    resp = client.post("/new?lang=ko", data={"_csrf": csrf, "_action": "run_form", "title": "x", "server": "HQ",
                                             "ice-name": ["Ice Wall"], "ice-rezzed": ["yes"], "ice-subs": [""],
                                             "ice-card": ["x" * 5000]})

    assert resp.status_code == 400
    assert "카드" in resp.get_data(as_text=True)

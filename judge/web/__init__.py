"""The judge's web pages: an application factory and the page groups it registers.

Groups, each a package with its blueprints and view-models: `situations` (the store, no routes),
`editor`, `stepper`, `rulesets`, `library`. Top-level modules serve all groups: `i18n` (the
request's language), `security`, `errors`, `chart`, `pages` (examples list, the plain chart),
`api`. The web package may import anything below it; nothing imports it but the CLI's `serve`.

Serving:

- `make serve` (or `judge serve [--host H] [--port P] [--db PATH]`) runs waitress, a production
  WSGI server, on the embedded default: SQLite in the instance folder (`instance/judge.sqlite`,
  or `$JUDGE_DB`), examples read from `examples/`.
- Any WSGI server can call the factory instead, e.g.
  `waitress-serve --port 8000 --call judge.web:create_app` or
  `gunicorn -w 4 'judge.web:create_app()'` (gunicorn is not a dependency; install it to use it).
- Behind a reverse proxy, set JUDGE_SECRET_KEY the same on every worker (otherwise each machine
  keeps its own key in its instance folder) and point JUDGE_DB at a shared disk.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask, current_app

from .. import paths
from . import api, errors, i18n, pages, security
from .editor import views as editor
from .editor.cardrows import note_text, row_card
from .editor.vocab import vocab
from .library import cards as card_pages
from .library import coverage as library_coverage
from .library import handout, quiz
from .library import views as library
from .pages import charts, delivery
from .pages import logs as log_pages
from .pages.delivery import Rule
from .rulesets import compare, preference, translate
from .situations import db as store
from .situations.examples import folder_signature
from .stepper import explore, exports, files
from .stepper import views as stepper

# Every page group's blueprints, in the order they are registered.
BLUEPRINTS = (pages.bp, charts.bp, security.bp, api.bp, editor.bp, stepper.bp, files.bp, exports.bp, explore.bp,
              compare.bp, translate.bp, library.bp, handout.bp, quiz.bp, library_coverage.bp, card_pages.bp,
              log_pages.bp)

__all__ = ["create_app", "MAX_BYTES", "RULES"]

MAX_BYTES = 512 * 1024  # a scenario is at most 256 KiB; a form posts it plus the form's own fields


def _saved_text(sid: str, **_) -> str | None:
    return store.get(sid)   # the id names this text; a row changed behind the app's back is a new key


def _examples(**_) -> str:
    return repr(folder_signature(Path(current_app.config["EXAMPLES"])))


# The content-addressed pages and files, and what each depends on besides its URL and language:
# rendered once, then served from memory (pages.delivery).
RULES = {
    "stepper.show": Rule(_saved_text), "files.scenario_yaml": Rule(_saved_text),
    "files.trace_json": Rule(_saved_text), "files.chart_svg": Rule(_saved_text),
    "files.chart_png": Rule(_saved_text), "files.chart_pdf": Rule(_saved_text),
    "walkthrough.html": Rule(_saved_text), "walkthrough.text": Rule(_saved_text),
    "charts.download": Rule(lambda **_: ""),
    "pages.timing_chart": Rule(lambda **_: ""), "pages.examples": Rule(_examples, 300),
    "library.index": Rule(_examples, 300), "handout.show": Rule(_examples),
}


def _secret_key(instance: Path) -> str:
    """JUDGE_SECRET_KEY, or a random key kept in the instance folder so sessions survive restarts."""
    if os.environ.get("JUDGE_SECRET_KEY"):
        return os.environ["JUDGE_SECRET_KEY"]
    f = instance / "secret_key"
    if not f.exists():
        fd = os.open(f, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32))
    return f.read_text().strip()


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app: SQLite in the instance folder (or JUDGE_DB), examples from examples/."""
    app = Flask(__name__, instance_relative_config=True, template_folder=str(paths.TEMPLATES),
                static_folder=str(paths.STATIC))
    app.config.from_mapping(
        DATABASE=os.environ.get("JUDGE_DB") or os.path.join(app.instance_path, "judge.sqlite"),
        EXAMPLES=str(paths.EXAMPLES),
        MAX_CONTENT_LENGTH=MAX_BYTES,
        MAX_FORM_MEMORY_SIZE=MAX_BYTES,
        MAX_FORM_PARTS=2000,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        JSON_SORT_KEYS=False,
    )
    app.json.ensure_ascii = False  # Korean as itself: a third of the bytes of \uXXXX escapes
    if test_config:
        app.config.update(test_config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    Path(app.config["DATABASE"]).expanduser().resolve().parent.mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))

    store.init_app(app)
    i18n.init_app(app)
    preference.init_app(app)
    security.init_app(app)
    delivery.init_app(app, RULES)   # after the language and security hooks (see its docstring)
    errors.init_app(app)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    app.jinja_env.globals["vocab"] = vocab
    app.jinja_env.globals.update(card_about=row_card, card_note_text=note_text)
    return app

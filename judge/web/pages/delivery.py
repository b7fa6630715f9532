"""How every response leaves the app: a strong ETag and a 304 for a repeat visit, brotli or gzip
when the reader accepts it, how long it may be kept, and a memory of content-addressed pages.

A page is content-addressed when a `Rule` names everything it depends on besides its URL, host
and language: a saved situation's text (its id names that text), the examples folder, or nothing
at all (the rule sets' charts). Such a page is rendered once per (URL, host, language, content,
build), then served from memory, compressed once per encoding. Its ETag is a hash of its bytes, so
a repeat visit is a 304 whatever the page; the build is part of every key, so a new version of the
judge renders everything afresh.

Nothing that carries a form token or sets a cookie is kept (those are the reader's own);
`security` marks pages with a token `no-store`. A rule's page must not read the session.
"""

from __future__ import annotations

import gzip
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import brotli
from flask import Flask, Response, current_app, g, request, url_for

from ... import paths
from ..i18n import lang
from ..rulesets.preference import preferred

__all__ = ["Rule", "init_app", "asset_url", "BUILD", "COMPRESSIBLE", "Memory", "etag_of", "DAY", "YEAR"]

DAY, YEAR = 24 * 3600, 365 * 24 * 3600
COMPRESSIBLE = frozenset({"text/html", "text/css", "text/javascript", "application/javascript",
                          "application/json", "image/svg+xml", "application/yaml", "text/markdown",
                          "text/plain", "application/xml"})
MIN_BYTES = 400              # smaller bodies gain less than the header costs
MAX_COMPRESS = 8 << 20       # bigger bodies are sent as they are
MEMORY_BYTES = 64 << 20      # pages kept, their compressed forms included
KEPT_HEADERS = ("Content-Type", "Content-Disposition")   # what a view sets that belongs to the page


def _build_id() -> str:
    """A hash of the judge's code, templates and examples' README: a new build changes every key."""
    h = hashlib.blake2b(digest_size=8)
    for root in (Path(paths.__file__).resolve().parent, paths.TEMPLATES):
        for f in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            h.update(str(f.relative_to(root)).encode())
            h.update(f.read_bytes())
    return h.hexdigest()


BUILD = _build_id()


def etag_of(body: bytes) -> str:
    """A strong validator: the hash of the exact bytes."""
    return hashlib.blake2b(body, digest_size=16).hexdigest()


@dataclass(frozen=True)
class Rule:
    """A content-addressed endpoint: `version(**view_args)` is what its page depends on besides
    the URL, host and language (None: render it afresh this time), `max_age` how long a reader
    may keep it without asking again."""

    version: Callable[..., str | None]
    max_age: int = DAY


@dataclass
class Entry:
    status: int
    headers: list[tuple[str, str]]
    body: bytes
    etag: str
    variants: dict[str, bytes] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.body) + sum(len(v) for v in self.variants.values())


class Memory:
    """A thread-safe least-recently-used store with a byte budget."""

    def __init__(self, budget: int) -> None:
        self.budget, self.used = budget, 0
        self._items: OrderedDict[object, tuple[object, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: object):
        with self._lock:
            got = self._items.get(key)
            if got is None:
                return None
            self._items.move_to_end(key)
            return got[0]

    def put(self, key: object, value: object, size: int) -> None:
        if size > self.budget // 4:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.used -= old[1]
            self._items[key] = (value, size)
            self.used += size
            while self.used > self.budget and self._items:
                _, (_, n) = self._items.popitem(last=False)
                self.used -= n

    def __len__(self) -> int:
        return len(self._items)


def _encoding() -> str | None:
    """br or gzip, whichever the reader prefers (br when equal), or None."""
    if request.range is not None:
        return None
    acc = request.accept_encodings
    br, gz = acc["br"], acc["gzip"]
    if br <= 0 and gz <= 0:
        return None
    return "br" if br >= gz else "gzip"


def _compress(body: bytes, encoding: str, best: bool) -> bytes:
    if encoding == "br":
        return brotli.compress(body, quality=11 if best else 5)
    return gzip.compress(body, 9 if best else 6, mtime=0)


# ------------------------------------------------------------------------------ content-addressed

def _state(app: Flask | None = None) -> dict:
    return (app or current_app).extensions["judge.delivery"]


def _key(rule: Rule):
    version = rule.version(**(request.view_args or {}))
    if version is None:
        return None
    # the reader's rule set (a cookie) changes which rule set a page opens under
    return (request.endpoint, request.path, request.query_string, request.host_url, lang(), preferred(), version,
            BUILD)


def _recall():
    """before_request: a content-addressed page already rendered comes from memory."""
    if request.method not in ("GET", "HEAD"):
        return None
    rule = _state()["rules"].get(request.endpoint)
    if rule is None:
        return None
    key = _key(rule)
    if key is None:
        return None
    g.delivery = (key, rule)
    entry = _state()["memory"].get(key)
    if entry is None:
        return None
    g.delivery_entry = entry
    return Response(entry.body, status=entry.status, headers=entry.headers)


def _keep(resp: Response) -> Entry | None:
    """A fresh content-addressed page, put in memory when nothing in it is the reader's own."""
    got = g.get("delivery")
    if got is None or resp.status_code != 200 or resp.direct_passthrough or resp.is_streamed:
        return None
    # (Not `session.accessed`: in Flask 3.1 asking it marks the session accessed. A rule's page
    # must not read the session; one that carries a form says so through `csrf_token`.)
    if g.get("form_token") or "Set-Cookie" in resp.headers:
        return None
    key, _ = got
    body = resp.get_data()
    entry = Entry(200, [(k, v) for k, v in resp.headers.items() if k in KEPT_HEADERS], body, etag_of(body))
    # counted with room for its brotli and gzip forms, which are added when first asked for
    _state()["memory"].put(key, entry, len(body) * 3 // 2 + 512)
    return entry


# ------------------------------------------------------------------------------ every response

def _lifetime(resp: Response) -> None:
    rule = g.get("delivery", (None, None))[1]
    cc = resp.headers.get("Cache-Control", "")
    if "no-store" in cc:
        return
    if request.endpoint == "static" and request.args.get("v") and request.args["v"] == _asset_hash(
            (request.view_args or {}).get("filename", "")):
        resp.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"   # the URL names the bytes
    elif rule is not None:
        mine = "private" if "Set-Cookie" in resp.headers else "public"
        resp.headers["Cache-Control"] = f"{mine}, max-age={rule.max_age}"
    elif not cc:
        resp.headers["Cache-Control"] = "no-cache"   # kept, but asked about again: a 304 when unchanged


def _body_and_etag(resp: Response, entry: Entry | None) -> tuple[bytes | None, str | None]:
    if entry is not None:
        return None, entry.etag
    if resp.direct_passthrough:   # a file: its own ETag (time, size, name), its bytes read only if needed
        return None, resp.get_etag()[0]
    body = resp.get_data()
    return body, etag_of(body)


def _variant(resp: Response, entry: Entry | None, body: bytes | None, etag: str, encoding: str) -> bytes:
    if entry is not None:
        got = entry.variants.get(encoding)
        if got is None:
            got = entry.variants[encoding] = _compress(entry.body, encoding, best=False)
        return got
    files: Memory = _state()["files"]
    key = (etag, encoding)
    got = files.get(key)
    if got is None:
        if body is None:
            body = b"".join(resp.response)
        got = _compress(body, encoding, best=resp.direct_passthrough)
        files.put(key, got, len(got) + 128)
    return got


def _deliver(resp: Response) -> Response:
    """after_request, run last: ETag, 304, compression and lifetime for every 200 to a GET."""
    if request.method not in ("GET", "HEAD") or resp.status_code != 200:
        return resp
    entry = g.get("delivery_entry") or _keep(resp)
    _lifetime(resp)
    if resp.headers.get("Content-Encoding"):
        return resp
    if "no-store" in resp.headers.get("Cache-Control", ""):
        _compress_only(resp)     # the reader's own page: smaller on the wire, never validated or kept
        return resp
    body, etag = _body_and_etag(resp, entry)
    if etag is None:
        return resp
    compressible = resp.mimetype in COMPRESSIBLE and (resp.content_length or 0) <= MAX_COMPRESS
    size = len(entry.body) if entry else len(body) if body is not None else resp.content_length or 0
    encoding = _encoding() if compressible and size >= MIN_BYTES else None
    if compressible:
        resp.vary.add("Accept-Encoding")
    selected = f"{etag}.{'br' if encoding == 'br' else 'gz'}" if encoding else etag
    resp.set_etag(selected)
    if request.if_none_match.contains_weak(selected) or request.if_none_match.star_tag:
        _not_modified(resp)
        return resp
    if encoding:
        data = _variant(resp, entry, body, etag, encoding)
        _drop_file(resp)
        resp.set_data(data)
        resp.headers["Content-Encoding"] = encoding
    return resp


def _drop_file(resp: Response) -> None:
    """Close the file a static response was going to stream (its bytes are replaced)."""
    if resp.direct_passthrough:
        it = resp.response
        if hasattr(it, "close"):
            it.close()
        resp.direct_passthrough = False


def _compress_only(resp: Response) -> None:
    if resp.direct_passthrough or resp.mimetype not in COMPRESSIBLE:
        return
    body = resp.get_data()
    encoding = _encoding() if MIN_BYTES <= len(body) <= MAX_COMPRESS else None
    resp.vary.add("Accept-Encoding")
    if encoding:
        resp.set_data(_compress(body, encoding, best=False))
        resp.headers["Content-Encoding"] = encoding


def _not_modified(resp: Response) -> None:
    _drop_file(resp)
    resp.status_code = 304
    resp.set_data(b"")
    for h in ("Content-Length", "Content-Encoding", "Content-Disposition"):
        resp.headers.pop(h, None)


# ------------------------------------------------------------------------------ static files

_hashes: dict[tuple[str, int], str] = {}


def _asset_hash(filename: str) -> str:
    """A short hash of a static file's bytes (recomputed when the file changes)."""
    f = (paths.STATIC / filename).resolve()
    if not f.is_relative_to(paths.STATIC.resolve()) or not f.is_file():
        return ""
    key = (str(f), f.stat().st_mtime_ns)
    got = _hashes.get(key)
    if got is None:
        got = _hashes[key] = hashlib.blake2b(f.read_bytes(), digest_size=6).hexdigest()
    return got


def asset_url(filename: str) -> str:
    """A static file's URL naming its bytes (`?v=`): kept by browsers for a year, and a new
    version of the file is a new URL."""
    return url_for("static", filename=filename, v=_asset_hash(filename) or None)


def init_app(app: Flask, rules: dict[str, Rule]) -> None:
    """Serve the rules' endpoints from memory; deliver every response (ETag, 304, compression).
    Call after the language and security hooks: recalling a page needs the request's language,
    and delivering must come after every other hook has set its headers."""
    app.extensions["judge.delivery"] = {"rules": dict(rules), "memory": Memory(MEMORY_BYTES),
                                        "files": Memory(8 << 20)}
    app.before_request(_recall)
    app.after_request_funcs.setdefault(None, []).insert(0, _deliver)   # Flask runs these in reverse
    app.jinja_env.globals["asset"] = asset_url

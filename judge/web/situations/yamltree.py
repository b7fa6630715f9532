"""A scenario's YAML as a plain tree: its canonical form, its content id, and dumping it back.

A plain scalar that YAML read as a non-string (`name: No`, `at: 2.30`) keeps the text the judge
wrote, because the scenario loader reads such values as text where it expects text; the canonical
form and the dump both keep that text, so an edit never turns a card called "No" into "false".
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

import yaml

from ...scenario.yamlsource import Doc, load

__all__ = ["Raw", "parse", "tree", "canonical", "content_id", "dump", "flow", "ID_LENGTH"]

ID_LENGTH = 16  # hex digits of SHA-256: 64 bits, and the store refuses a collision outright


@dataclass(frozen=True)
class Raw:
    """A plain scalar that YAML resolved to a non-string, with the text it was written as."""

    text: str
    value: object


def parse(text: str | bytes) -> Doc:
    """Read YAML or JSON text (raises ScenarioError with a line)."""
    return load(text)


def tree(doc: Doc) -> object:
    """The document's values, with every non-string plain scalar wrapped in Raw."""

    def walk(v, path):
        if isinstance(v, dict):
            return {k: walk(x, path + (k,)) for k, x in v.items()}
        if isinstance(v, list):
            return [walk(x, path + (i,)) for i, x in enumerate(v)]
        if path in doc.raw and not isinstance(v, str):
            return Raw(doc.raw[path], v)
        return v

    return walk(doc.data, ())


def canonical(data: object) -> str:
    """One JSON text per content: keys sorted, no spacing, Raw scalars by their written text."""

    def default(v):
        if isinstance(v, Raw):
            return {"~": v.text}
        return str(v)  # an explicitly tagged date or the like

    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=default)


def content_id(data: object) -> str:
    """The id a saved situation gets: a hash of its canonical form."""
    return hashlib.sha256(canonical(data).encode("utf-8")).hexdigest()[:ID_LENGTH]


class _Dumper(yaml.SafeDumper):
    pass


def _represent_raw(dumper: yaml.SafeDumper, r: Raw) -> yaml.ScalarNode:
    # The tag of the value makes the emitter write the text plain, exactly as the judge did.
    tag = dumper.represent_data(r.value).tag
    return dumper.represent_scalar(tag, r.text)


_Dumper.add_representer(Raw, _represent_raw)


def dump(data: object) -> str:
    """YAML text in the project's style: block structure, flow style for leaf lists and maps."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=100)


def flow(data: object) -> str:
    """One line of YAML flow style, as the form's value fields show an effect."""
    return yaml.dump(data, Dumper=_Dumper, default_flow_style=True, allow_unicode=True, sort_keys=False,
                     width=10_000).strip().removesuffix("...").strip()

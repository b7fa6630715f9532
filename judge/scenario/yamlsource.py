"""Read YAML safely into plain values while remembering the line of every place."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import yaml

from ..errors import ScenarioError

__all__ = ["YPath", "Doc", "load", "path_text", "MAX_BYTES", "MAX_NODES", "MAX_DEPTH"]

# libyaml's parser when PyYAML was built with it (ten times faster on a large file); the nodes and
# their line marks are the same, and values are still built by the safe constructor below.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")

MAX_BYTES = 256 * 1024   # a scenario is a board, not a database
MAX_NODES = 20_000       # stops alias bombs ("billion laughs")
MAX_DEPTH = 40           # stops pathological nesting


YPath = tuple[str | int, ...]  # a place in a document: the keys and list indexes from its top


@dataclass
class Doc:
    """Plain values plus, for each path, the line it starts on and the text a plain scalar had."""

    data: object
    lines: dict[YPath, int] = field(default_factory=dict)
    raw: dict[YPath, str] = field(default_factory=dict)
    source: str | None = None

    def line(self, path: YPath) -> int | None:
        """The line of a path, or of its nearest ancestor that has one."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())


class _Builder:
    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.count = 0
        self.ctor = yaml.SafeLoader.__new__(yaml.SafeLoader)
        yaml.constructor.SafeConstructor.__init__(self.ctor)

    def build(self, node: yaml.Node, path: YPath, depth: int) -> object:
        self.count += 1
        if self.count > MAX_NODES:
            raise ScenarioError("too_many_values", n=MAX_NODES,
                                line=node.start_mark.line + 1)
        if depth > MAX_DEPTH:
            raise ScenarioError("too_deep", n=MAX_DEPTH,
                                line=node.start_mark.line + 1, where=path_text(path))
        self.doc.lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.ScalarNode):
            try:
                value = self.ctor.construct_object(node, deep=True)
            except ValueError as exc:
                if "int_max_str_digits" in str(exc) or "digits" in str(exc):
                    raise ScenarioError("too_many_digits", line=node.start_mark.line + 1,
                                        where=path_text(path)) from None
                raise ScenarioError("cannot_read_value", v=repr(node.value[:40]), why=str(exc),
                                    line=node.start_mark.line + 1, where=path_text(path)) from None
            except (yaml.YAMLError, OverflowError) as exc:
                raise ScenarioError("cannot_read_value", v=repr(node.value[:40]), why=str(exc),
                                    line=node.start_mark.line + 1, where=path_text(path)) from None
            if not isinstance(value, str) and not node.style:  # plain: None (Python) or "" (libyaml)
                self.doc.raw[path] = node.value
            if isinstance(value, str):
                _refuse_control(value, node, path)  # an escape ("\ud800") can write what the text may not
            return value
        if isinstance(node, yaml.SequenceNode):
            return [self.build(n, path + (i,), depth + 1) for i, n in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            out: dict[str, object] = {}
            for knode, vnode in node.value:
                if not isinstance(knode, yaml.ScalarNode):
                    raise ScenarioError("key_not_plain",
                                        line=knode.start_mark.line + 1, where=path_text(path))
                if knode.tag == "tag:yaml.org,2002:merge":
                    raise ScenarioError("merge_keys",
                                        line=knode.start_mark.line + 1, where=path_text(path))
                key = knode.value
                _refuse_control(key, knode, path)
                if key in out:
                    raise ScenarioError("key_twice", k=repr(key),
                                        line=knode.start_mark.line + 1, where=path_text(path))
                self.doc.lines[path + (key,)] = knode.start_mark.line + 1
                out[key] = self.build(vnode, path + (key,), depth + 1)
            return out
        raise ScenarioError("unsupported_node", line=node.start_mark.line + 1)


def _refuse_control(value: str, node: yaml.Node, path: YPath) -> None:
    bad = _CONTROL.search(value)
    if bad:
        raise ScenarioError("control_char", c=f"U+{ord(bad.group()):04X}",
                            line=node.start_mark.line + 1, where=path_text(path) or None)


def path_text(path: YPath) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def load(text: str | bytes, source: str | None = None) -> Doc:
    """Parse one YAML (or JSON) document; every problem is a ScenarioError with a line."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise ScenarioError("scenario_too_big", n=len(text), max=MAX_BYTES,
                                source=source)
        try:
            data = text
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data[:exc.start].count(b"\n") + 1
            raise ScenarioError("not_utf8", n=exc.start, line=line,
                                source=source) from None
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise ScenarioError("scenario_too_big", n=size, max=MAX_BYTES,
                            source=source)
    if text.startswith("\ufeff"):
        text = text[1:]
    bad = _CONTROL.search(text)
    if bad:
        raise ScenarioError("control_char", c=f"U+{ord(bad.group()):04X}",
                            line=text.count("\n", 0, bad.start()) + 1, source=source)
    doc = Doc(data=None, source=source)
    try:
        nodes = list(yaml.compose_all(text, Loader=_LOADER))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "invalid YAML"
        if "maximum nesting depth" in problem:  # libyaml's own limit: say it the judge's way
            raise ScenarioError("too_deep", n=MAX_DEPTH,
                                line=mark.line + 1 if mark else None, source=source) from None
        if exc.context:
            problem = f"{problem} ({exc.context})"
        raise ScenarioError("invalid_yaml", problem=problem, line=mark.line + 1 if mark else None,
                            source=source) from None
    except yaml.YAMLError as exc:
        raise ScenarioError("invalid_yaml", problem=str(exc), source=source) from None
    except RecursionError:
        raise ScenarioError("too_deep", n=MAX_DEPTH, source=source) from None
    if not nodes or nodes[0] is None:
        raise ScenarioError("empty_scenario", source=source, line=1)
    if len(nodes) > 1:
        raise ScenarioError("second_document", source=source,
                            line=nodes[1].start_mark.line + 1)
    try:
        doc.data = _Builder(doc).build(nodes[0], (), 0)
    except ScenarioError as exc:
        raise exc.located(source) from None
    except RecursionError:
        raise ScenarioError("too_deep", n=MAX_DEPTH, source=source) from None
    return doc

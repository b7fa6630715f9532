"""One field list, two classes: a frozen record and the mutable draft of it, with one memory layout.

A class made with `metaclass=Layout` declares fields once, typed, like a dataclass body. Each
subclass is made a slotted dataclass of exactly those fields (`frozen=True` for the record), so
the record and its draft have the same slots in the same order. A draft is then turned into the
record by giving it the record's class (`__class__` assignment, which CPython allows between
classes of the same layout) instead of copying every field into a new frozen object through the
frozen dataclass's `object.__setattr__` calls, the dearest part of making a record.

The metaclass is marked `dataclass_transform`, so a type checker sees every field of both
classes and their constructors. As PEP 681 says for a class that names such a metaclass, the
checker treats the fields as neither frozen nor mutable: the record's immutability is the
runtime's (`FrozenInstanceError`), not the checker's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast, dataclass_transform

__all__ = ["Layout"]


@dataclass_transform()
class Layout(type):
    """The metaclass of a field list; its subclasses are slotted dataclasses of those fields."""

    def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any], *, frozen: bool = False) -> Layout:
        if "__slots__" in ns:  # `dataclass(slots=True)` making the subclass again, slots given
            return super().__new__(mcs, name, bases, ns)
        table = next((b for b in bases if isinstance(b, Layout)), None)
        if table is None:  # the field list itself: no slots of its own, no instance dict
            return super().__new__(mcs, name, bases, {**ns, "__slots__": ()})
        own = {k for k in ns.get("__annotations__", {}) if not k.startswith("_")}
        if own:
            raise TypeError(f"{name}: fields belong in {table.__name__} ({', '.join(sorted(own))})")
        names = table.__annotations__
        ns = {**ns, "__annotations__": dict(names), **{k: table.__dict__[k] for k in names if k in table.__dict__}}
        cls = super().__new__(mcs, name, bases, ns)
        return cast(Layout, dataclass(frozen=frozen, slots=True)(cls))

    def field_names(cls) -> tuple[str, ...]:
        """The fields in their order (the order of the slots, of the constructor's arguments)."""
        return tuple(cls.__annotations__)

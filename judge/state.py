"""Run state: a frozen snapshot, and the working copy a step mutates before freezing it."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

__all__ = ["State", "Work", "Slot"]

# (slot id, ice key or None once the ice left the position)
Slot = tuple[int, "str | None"]


@dataclass(frozen=True)
class State:
    """Everything the run has done so far; every field is immutable."""

    step: str
    ice: str | None = None              # the ice of the current per-ice step
    visit: int = 0                      # occurrence number of that ice (#2 for a second approach)
    server: str = ""                    # the attacked server
    pos: tuple[str, int] | None = None  # the Runner's position: (server, slot id); None = none yet
    slots: tuple = ()                   # ((server, ((sid, ice), ...)), ...), outermost first
    root: tuple = ()                    # ((server, (card, ...)), ...)
    contents: tuple = ()                # ((server, (card, ...)), ...)
    next_sid: int = 0
    rezzed: frozenset = frozenset()
    removed: frozenset = frozenset()
    credits: int = 0
    bp_credits: int = 0
    bp_gained: int = 0
    bp_spent: int = 0
    approaches: int = 0
    visits: tuple = ()                  # ((ice, n), ...)
    flags: frozenset = frozenset()
    broken: frozenset = frozenset()
    resolved_subs: tuple = ()           # subroutines resolved in this encounter (NSG 6.9.3c/d loop)
    no_success_by: str | None = None
    used_first: frozenset = frozenset()
    access_more: int = 0
    access_only: tuple | None = None
    replaced_access: str | None = None
    replaced_mandatory: bool = False
    approached: tuple = ()
    encountered: tuple = ()
    passed: tuple = ()
    bypassed: tuple = ()
    accessed: tuple = ()
    stolen: tuple = ()
    trashed: tuple = ()
    set_aside: tuple = ()
    triggered: tuple = ()
    applied: frozenset = frozenset()    # indexes of actions that applied
    entered: int = 0                    # how many steps have been entered (the loop bound)
    label: str | None = None            # successful / unsuccessful / neither, once the run is labelled
    done: bool = False


_MAPS = {"slots", "root", "contents", "visits"}


@dataclass
class Work:
    """A mutable copy of State used inside one step; `freeze()` gives the next State."""

    values: dict = field(default_factory=dict)

    @classmethod
    def thaw(cls, s: State) -> Work:
        w = cls()
        for f in fields(State):
            v = getattr(s, f.name)
            if f.name in ("slots",):
                v = {k: [list(x) for x in slots] for k, slots in v}
            elif f.name in _MAPS:
                v = {k: list(x) if isinstance(x, tuple) else x for k, x in v}
            elif isinstance(v, frozenset):
                v = set(v)
            elif isinstance(v, tuple) and f.name not in ("pos", "access_only"):
                v = list(v)
            w.values[f.name] = v
        return w

    def __getattr__(self, name: str):
        try:
            return self.__dict__["values"][name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value) -> None:
        if name == "values":
            object.__setattr__(self, name, value)
        else:
            self.values[name] = value

    def freeze(self) -> State:
        out = {}
        for f in fields(State):
            v = self.values[f.name]
            if f.name == "slots":
                v = tuple((k, tuple(tuple(x) for x in sl)) for k, sl in v.items())
            elif f.name in _MAPS:
                v = tuple((k, tuple(x) if isinstance(x, list) else x) for k, x in v.items())
            elif isinstance(v, set):
                v = frozenset(v)
            elif isinstance(v, list):
                v = tuple(v)
            out[f.name] = v
        return State(**out)

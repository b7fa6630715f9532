"""Reading a jinteki.net game log and judging its runs (issue 23).

`parse` reads the text or JSON form into numbered lines; `runs` splits them into runs and reads
each (positions, rezzes, breaks, accesses, departures); `place` turns a run into a scenario;
`importer` runs the engine on each and builds the report; `cli` is the `judge log` command. It may
import `judge.scenario`, `judge.engine`, `judge.cards` and `judge.i18n`; the CLI and the web pages
import it, lazily.
"""

from __future__ import annotations

from .importer import Imported, import_log, scenario_yaml
from .parse import LogError, parse_log

__all__ = ["import_log", "Imported", "scenario_yaml", "parse_log", "LogError"]

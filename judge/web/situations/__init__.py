"""Saved situations: the SQLite store (`db`), a scenario text resolved and run (`situation`), its
plain tree and content id (`yamltree`), and the examples library saved so each has a permalink
(`examples`). No routes: every page group uses these."""

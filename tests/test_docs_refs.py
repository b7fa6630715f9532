"""SECURITY.md proves each claim with a test it names (`file::test`): every one of them exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_test_that_security_md_names_exists():
    text = (ROOT / "SECURITY.md").read_text(encoding="utf-8")
    named = set(re.findall(r"(test_\w+\.py)::(test_\w+)", text))
    missing = []
    for file, test in sorted(named):
        path = ROOT / "tests" / file
        defined = {n.name for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if isinstance(n, ast.FunctionDef)} if path.exists() else set()
        if test not in defined:
            missing.append(f"{file}::{test}")
    assert len(named) > 50 and not missing, missing

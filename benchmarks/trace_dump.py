"""Dump every example's trace, to compare the engine's behaviour before and after a change (not a test).

    python benchmarks/trace_dump.py OUT_DIR [--lang en]

For each `examples/*.yaml`, under its own rule set and every rule set its `expect` names, writes
exactly what `judge run FILE --format json --ruleset R` prints (or the one-line refusal) to
`OUT_DIR/<file>.<ruleset>.json`. Run it on two commits and `diff -r` the directories: a speed-up
must leave every byte as it was.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.cli import cli  # noqa: E402
from judge.errors import JudgeError  # noqa: E402
from judge.scenario import load_scenario  # noqa: E402


def rulesets_of(path: Path) -> list[str]:
    """The file's own rule set and every one its `expect` names (the refused ones: the default)."""
    try:
        sc = load_scenario(path)
    except JudgeError:
        return ["ffg-rr"]
    return list(dict.fromkeys([sc.ruleset, *sc.expected_rulesets()]))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--lang", default="en")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    runner = CliRunner()
    n = 0
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        for rs in rulesets_of(path):
            got = runner.invoke(cli, ["run", str(path), "--format", "json", "--ruleset", rs, "--lang", args.lang])
            text = got.output if got.exception is None else f"refused: {got.exception}\n"
            (args.out / f"{path.stem}.{rs}.json").write_text(text, encoding="utf-8")
            n += 1
    print(f"{n} traces written to {args.out}")


if __name__ == "__main__":
    main()

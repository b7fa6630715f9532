"""`judge chart`: formats, a highlighted moment, the walk-through, and one-line errors with exit 2."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest
from render_helpers import classes, groups, xml

from judge import cli as judge_cli
from judge.cli.chart import chart_cmd

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
WALK = str(EXAMPLES / "walkthrough-rez-break-steal.yaml")


@pytest.fixture(autouse=True)
def chart_registered():
    """Until the lead registers it in judge/cli.py, add the command to the group for the test."""
    added = "chart" not in judge_cli.cli.commands
    if added:
        judge_cli.cli.add_command(chart_cmd)
    yield
    if added:
        judge_cli.cli.commands.pop("chart", None)


def judge(capsys, *args: str) -> tuple[int, str, str]:
    code = 0
    try:
        judge_cli.main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_structure_chart_prints_as_svg(capsys):
    code, out, _ = judge(capsys, "chart", "--lang", "ko")
    assert code == 0 and "step-2_3" in groups(xml(out))


@pytest.mark.parametrize("fmt,magic", [("png", b"\x89PNG"), ("pdf", b"%PDF")])
def test_binary_formats_are_written_to_a_file(capsys, tmp_path, fmt, magic):
    path = tmp_path / f"c.{fmt}"
    code, _, _ = judge(capsys, "chart", "--format", fmt, "-o", str(path))
    assert code == 0 and path.read_bytes().startswith(magic)


def test_a_moment_of_a_scenario_is_highlighted(capsys):
    code, out, _ = judge(capsys, "chart", "--scenario", WALK, "--step", "2.3@Enigma")
    g = groups(xml(out))
    assert code == 0 and "current" in classes(g["step-2_3"]) and "skipped" in classes(g["step-2_2"])
    code, out, _ = judge(capsys, "chart", "--scenario", WALK, "--step", "4")
    assert "current" in classes(groups(xml(out))["step-2_3"])


def test_the_walk_through_prints_as_dot_and_mermaid(capsys):
    code, out, _ = judge(capsys, "chart", "--scenario", WALK, "--timeline", "--format", "dot")
    assert code == 0 and out.startswith('digraph "timeline.ffg-rr.en"')
    code, out, _ = judge(capsys, "chart", "--scenario", WALK, "--timeline", "--format", "mermaid")
    assert code == 0 and "flowchart TD" in out and "Enigma" in out


def test_all_writes_the_structure_of_every_ruleset_and_the_listed_walk_throughs(capsys, tmp_path):
    (tmp_path / "timelines.txt").write_text(f"# one\n{os.path.relpath(WALK, tmp_path)}\n")
    code, out, _ = judge(capsys, "chart", "--all", "-o", str(tmp_path))
    assert code == 0
    assert (tmp_path / "ffg-rr.ko.png").read_bytes().startswith(b"\x89PNG")
    assert (tmp_path / "timelines" / "walkthrough-rez-break-steal.en.svg").exists()


@pytest.mark.parametrize("args,says", [
    (["--format", "png"], "give -o PATH"),
    (["--step", "3"], "--step needs --scenario"),
    (["--timeline"], "--timeline needs --scenario"),
    (["--scenario", WALK, "--step", "99"], "the run has steps 1 to"),
    (["--scenario", WALK, "--step", "2.3@Nope"], "is not a step of this run"),
    (["--all"], "--all needs -o DIR"),
])
def test_bad_requests_are_one_line_and_exit_2(capsys, args, says):
    code, out, err = judge(capsys, "chart", *args)
    assert code == 2 and says in err and len(err.strip().splitlines()) == 1


def test_a_missing_dot_says_how_to_install_it(capsys, monkeypatch, tmp_path):
    import judge.render as render

    render._laid.clear()
    monkeypatch.setenv("PATH", str(tmp_path))
    code, _, err = judge(capsys, "chart", "--lang", "en")
    assert code == 2 and "apt-get install graphviz" in err and len(err.strip().splitlines()) == 1


def test_a_graphviz_that_hangs_is_stopped_by_the_timeout(monkeypatch, tmp_path):
    from judge.render.errors import ChartError
    from judge.render.graphviz import run_dot

    fake = tmp_path / "dot"
    fake.write_text(f"#!/bin/sh\nexec {shutil.which('sleep')} 30\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(ChartError, match="longer than 0.5 s"):
        run_dot("digraph { a }", "svg", timeout=0.5)


def test_the_documentation_style_is_drawn_from_the_command_line(capsys, tmp_path):
    code, out, _ = judge(capsys, "chart", "--style", "doc", "--format", "dot", "--ruleset", "nsg", "--lang", "ko")
    png = tmp_path / "doc.png"
    drawn, _, _ = judge(capsys, "chart", "--style", "doc", "--format", "png", "-o", str(png))

    assert code == 0 and '"interrupts-table"' in out and "런을 중단시킬 수 있는 일" in out
    assert 'class="transition interrupt' not in out
    assert drawn == 0 and png.read_bytes().startswith(b"\x89PNG")


def test_the_documentation_style_draws_a_moment_and_a_walk_through_for_writers(capsys):
    code, moment, err = judge(capsys, "chart", "--style", "doc", "--scenario", WALK, "--step", "3")
    walked, walk, _ = judge(capsys, "chart", "--style", "doc", "--scenario", WALK, "--timeline", "--direction", "tb",
                            "--format", "dot")

    assert code == 0 and err == "" and "current" in moment and 'id="interrupts-table"' in moment
    assert 'class="transition interrupt' not in moment                    # the doc style: no interrupt arrows
    assert walked == 0 and "rank=same" not in walk and "ffg-rr ·" not in walk  # top to bottom, no rule set id


def test_export_html_writes_one_file_with_every_step(capsys, tmp_path):
    dest = tmp_path / "sub" / "walkthrough.html"

    code, _, err = judge(capsys, "export", "--html", WALK, "-o", str(dest), "--lang", "ko")

    html = dest.read_text(encoding="utf-8")
    assert code == 0 and err == ""
    assert html.startswith("<!doctype html>") and '<html lang="ko">' in html and html.count('class="position"') > 5


@pytest.mark.parametrize("flag, mark", [("--markdown", "# "), ("--namuwiki", "'''")])
def test_export_prints_the_structure_or_a_walk_through_as_wiki_text(capsys, flag, mark):
    code, structure, _ = judge(capsys, "export", flag, "--ruleset", "ffg-core")
    walked, walk, _ = judge(capsys, "export", flag, WALK, "--lang", "ko")

    assert code == 0 and structure.startswith(mark) and "4.5" in structure
    assert walked == 0 and walk.startswith(mark) and "단계별 진행" in walk


@pytest.mark.parametrize("args, said", [((), "--html, --markdown or --namuwiki"),
                                        (("--html",), "needs a scenario")])
def test_export_without_what_it_needs_says_so_in_one_line(capsys, args, said):
    code, out, err = judge(capsys, "export", *args)

    assert code == 2 and out == "" and said in err and len(err.strip().splitlines()) == 1

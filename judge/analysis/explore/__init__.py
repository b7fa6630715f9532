"""Every way a run can go from one situation: the explorer.

`choices` says what each player may choose at a step (rez or not, break all, none or some
subroutines, jack out or continue, use a paid ability or not, let an optional ability resolve
or decline it, trash an accessed card or not, each side's boost at a trace and bid in a psi game); `search` steps the engine through every option
at every decision, sharing identical states, into a DAG bounded by lines and time; `lines`
merges choices whose lines go on alike and leave the same board, counts lines by outcome, lists them and finds the
shortest line to each outcome and how many lines pass each step and edge; `ask` answers "can
this happen?" with a witness line; `report` gives the JSON and the words. The command line
(`judge explore`) and the page `/s/<id>/explore` use it.
"""

from __future__ import annotations

from .ask import Answer, Question, ask, parse_question
from .choices import AMOUNTS, BOOST_CAP, DEFAULT_OF, KINDS, Choice, breakable, rezzable
from .lines import OUTCOMES, Group, Line, Lines
from .report import as_dict, choice_lines, note
from .search import MAX_LINES, MAX_SECONDS, Exploration, Node, explore

__all__ = ["explore", "Exploration", "Node", "Lines", "Line", "Group", "Choice", "Question", "Answer", "ask",
           "parse_question", "as_dict", "note", "choice_lines", "rezzable", "breakable", "DEFAULT_OF", "KINDS", "AMOUNTS", "BOOST_CAP",
           "OUTCOMES", "MAX_LINES", "MAX_SECONDS"]

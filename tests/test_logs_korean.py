"""The log importer's Korean sentences choose each particle by the word before it (judge/i18n/josa.py,
which `t` applies to every Korean message): never the paired form 을(를) a reader has to resolve."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from korean_scan import fallbacks

from judge.i18n import t
from judge.logs import import_log

LOGS = Path(__file__).resolve().parent / "fixtures" / "logs"


@pytest.mark.parametrize("path", sorted(LOGS.iterdir()), ids=lambda p: p.name)
def test_every_korean_sentence_of_an_imported_log_has_its_particles_chosen(path):
    data = import_log(path.read_bytes(), lang="ko").as_dict()
    words = json.dumps(data, ensure_ascii=False)
    assert data["runs"] and not fallbacks(words)


@pytest.mark.parametrize("ice, said", [("Ice Wall", "Ice Wall을"), ("Enigma", "Enigma를"), ("아이스 벽", "아이스 벽을"),
                                        ("에니그마", "에니그마를")])
def test_the_logs_catalogue_particle_follows_the_ice_name(ice, said):
    for key in ("logs.unknown.forced_encounter", "logs.unknown.silent_pass", "logs.departure.rez_late"):
        text = t(key, "ko", ice=ice, ruleset="nsg")
        assert said in text and "(를)" not in text, text

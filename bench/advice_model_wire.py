"""A pytest plugin for bench/advice_model.py `--guards`: the checker's unit tests run with the
trained advice reader as the checker's last stage (every unsupported number the model reads as
advice turned advice), so the rules' own guards say what the model would break.

Loaded by `-p advice_model_wire` with bench/ on the path, before any test module imports
`check`; the weights, threshold and vetoes come from ADVICE_MODEL (a JSON file the experiment
writes to a temporary folder).
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import advice_model

import coach_tui.coach.grounding as grounding
from coach_tui.coach.grounding import verdict

_SETTINGS = json.loads(Path(os.environ["ADVICE_MODEL"]).read_text(encoding="utf-8"))
_WEIGHTS: dict[str, float] = _SETTINGS["weights"]
_THRESHOLD = float(_SETTINGS["threshold"])
_VETOES = frozenset(_SETTINGS["vetoes"])
_rules = verdict.check


def _check(reply, request):
    mentions = _rules(reply, request)
    asked = [m for m in mentions if m.outcome in ("advice", "unsupported")]
    found = advice_model.features(reply, asked, mentions, grounding.evidence_of(request).now)
    to_advice = {id(m) for m, names in zip(asked, found, strict=True) if m.outcome == "unsupported"
                 and advice_model.probability(names, _WEIGHTS, _VETOES) >= _THRESHOLD}
    return [replace(m, outcome="advice") if id(m) in to_advice else m for m in mentions]


verdict.check = grounding.check = _check

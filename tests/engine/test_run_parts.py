"""A run's settings, totals and timing are typed; their JSON is what it was, so every shipped trace
(written as schema version 2) loads and writes back the same fields and values."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import pytest

from specviz.engine.decoder import DecodeConfig
from specviz.engine.run_parts import Settings, Timing, Totals, part_from_dict
from specviz.engine.trace import SCHEMA_VERSION, run_from_dict
from specviz.errors import SpecvizError

SHIPPED = sorted((Path(__file__).resolve().parents[2] / "assets" / "traces").glob("*.json"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_a_shipped_trace_reads_typed_and_writes_back_the_same_parts(path):
    data = json.loads(path.read_text())
    assert data["schema_version"] <= SCHEMA_VERSION  # older ones were written before the parts were typed
    record = run_from_dict(data)
    assert isinstance(record.settings, Settings) and isinstance(record.totals, Totals)
    assert isinstance(record.timing, Timing)
    again = json.loads(record.to_json())
    for part in ("settings", "totals", "timing"):
        known = {f.name for f in fields(type(getattr(record, part)))}
        assert set(data[part]) <= known, f"{part}: a recorded field would be lost"
        assert {name: again[part][name] for name in data[part]} == data[part]  # every value as it was
    assert again["schema_version"] == SCHEMA_VERSION and run_from_dict(again) == record


def test_the_settings_hold_every_field_of_the_decode_config():
    assert {f.name for f in fields(DecodeConfig)} - {"policy"} <= {f.name for f in fields(Settings)}


def test_a_part_reads_missing_fields_as_not_recorded_and_leaves_unknown_ones_out():
    settings = part_from_dict(Settings, {"k": 3, "a_newer_field": [1, 2]}, "settings")
    assert settings == Settings(k=3) and settings.seed is None
    with pytest.raises(SpecvizError, match="'wall_ms' has the wrong type"):
        part_from_dict(Timing, {"wall_ms": "fast"}, "timing")
    with pytest.raises(SpecvizError, match="must be a JSON object"):
        part_from_dict(Totals, [1, 2], "totals")

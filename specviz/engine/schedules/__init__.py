"""Proposal-length schedules: how many tokens the draft proposes next cycle (see base.py for the interface)."""

from specviz.engine.schedules import budget, constant, dynamic, heuristic  # noqa: F401 - importing registers them
from specviz.engine.schedules.base import SCHEDULES, Schedule, check_schedule, make_schedule, register_schedule


def schedule_names() -> tuple[str, ...]:
    """What the pickers, `generate --schedule` and `bench --schedule` offer."""
    return SCHEDULES.listed()


__all__ = ["SCHEDULES", "Schedule", "check_schedule", "make_schedule", "register_schedule", "schedule_names"]

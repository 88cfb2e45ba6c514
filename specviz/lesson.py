"""The lesson: the article's ideas in order, each with the view that shows it.

Each step names its texts (``lesson.<name>.title``, ``.body``, ``.question``,
``.exercise``, ``.solution`` in specviz/text/) and the page its "show me" link
opens, with the settings that page should show (the link's query, checked by
specviz/settings.py and taken by the page). Pure data: the Lesson page draws it,
the tests walk it.
"""

from __future__ import annotations

from dataclasses import dataclass

from specviz.settings import SHAREABLE, VIEW_LINKS

PARTS = ("title", "body", "question", "exercise", "solution")  # the texts of every step


@dataclass(frozen=True)
class LessonStep:
    name: str  # its texts are lesson.<name>.<part>
    page: str  # the page the "show me" link opens, relative to app.py
    link: tuple[tuple[str, str], ...] = ()  # that page's settings, as a link's query carries them
    also_page: str = ""  # a second view, where a step has one (its label is lesson.<name>.also)
    also_link: tuple[tuple[str, str], ...] = ()
    seeds: tuple[str, ...] = ()  # recorded runs (assets/seeds/) shown side by side under the body, one seed

    def links(self) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
        """(page, query) of every link the step shows: "show me", then the second view if any."""
        return [(self.page, self.link)] + ([(self.also_page, self.also_link)] if self.also_page else [])

    def text_keys(self) -> list[str]:
        return [f"lesson.{self.name}.{part}" for part in PARTS]


def replay_cycle(example: str, cycle: int, focus: str) -> tuple[tuple[str, str], ...]:
    """A link to a recorded run at one cycle, landing on the view named `focus`."""
    return (("replay_example", example), ("replay_cycle", str(cycle)), ("focus", focus))


def replay_frame(example: str, cycle: int, frame: int) -> tuple[tuple[str, str], ...]:
    """A link to one frame of one cycle of a recorded run, landing on the cycle view."""
    return (("replay_example", example), ("replay_cycle", str(cycle)), ("replay_frame", str(frame)),
            ("focus", "frame"))


# The promise step's table: seed 42 for the target alone and two students, under the token rule and coupled draws.
SEED_RUNS = ("qwen-seed-alone-token", "qwen-seed-token-k2", "qwen-seed-token-budget",
             "qwen-seed-alone-coupled", "qwen-seed-coupled-k2", "qwen-seed-coupled-budget")

STEPS: tuple[LessonStep, ...] = (
    LessonStep("why", "pages/replay.py", replay_frame("qwen-italian-greedy", 2, 2)),
    LessonStep("cycle", "pages/replay.py", replay_frame("qwen-code-t0.8", 2, 1)),
    LessonStep("rule", "pages/replay.py", replay_frame("qwen-code-t0.8", 2, 3)),
    LessonStep("judgement", "pages/replay.py", replay_frame("qwen-target-mistake", 1, 3),
               also_page="pages/replay.py", also_link=replay_cycle("qwen-italian-dante", 13, "timeline")),
    LessonStep("example", "pages/toy.py", (("toy_preset", "toy.preset.article"),)),
    LessonStep("promise", "pages/exactness.py", (("lab_rule", "exactness.variant.exact"), ("lab_runs", "500")),
               seeds=SEED_RUNS),
    LessonStep("sampling", "pages/policy.py",
               (("policy_temperature", "1.0"), ("policy_top_k", "2"), ("policy_top_p", "1.0"))),
    LessonStep("tokenizers", "pages/tokenization.py", (("focus", "same_id"),), also_page="pages/replay.py",
               also_link=replay_frame("smollm2-tli-italian", 4, 1)),
    LessonStep("budget", "pages/budget.py", (("budget_preset", "budget.preset.high"),)),
    LessonStep("adaptive", "pages/replay.py", replay_cycle("qwen-italian-greedy", 3, "timeline"),
               also_page="pages/replay.py", also_link=replay_cycle("qwen-code-greedy", 3, "timeline")),
    LessonStep("cache", "pages/replay.py", replay_frame("qwen-many-rejections", 4, 5)),
    LessonStep("capacity", "pages/benchmark.py",
               (("bench_saved", "cpu-2core-intel-avx512-laptop-capacity"), ("focus", "capacity"))),
    LessonStep("checklist", "pages/checklist.py"),
)

# Every link key is one a page takes, so a typo here cannot silently open a view with its defaults.
assert all(key in VIEW_LINKS or key in SHAREABLE for step in STEPS for _, link in step.links() for key, _ in link)

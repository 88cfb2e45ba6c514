"""Every page survives English → Italiano → English → Italiano with each of its widgets touched in between.

A browser sends a choice back as the label it showed; after a change of language that label belongs to the other
language. AppTest sends values, so the test also puts each label in the session as the browser's message would.
Each page must never crash and keep every choice one of its options. Seeded choices, three seeds a page. (This
Streamlit keeps a keyed widget's value across the switch by itself: with `session.mend_choice` switched off the
pages survive too, here and in Chromium; the mending stays for what a browser may send.)
"""

from __future__ import annotations

import random

import pytest

from pages.ui.numbers import parsed
from tests.app.test_language import open_page

PAGES = ["home", "live", "exactness", "replay", "verifiers", "toy", "budget", "policy", "tokenization", "benchmark",
         "checklist", "lesson"]
SEEDS = (0, 1, 2)


def touch_every_widget(at, rng: random.Random) -> None:
    """Give each choosing widget a seeded new value, as a user clicking around would (buttons are not pressed)."""
    for widget in list(at.selectbox) + [r for r in at.radio if r.key != "lang"]:
        if widget.key and widget.options and not widget.disabled:
            widget.set_value(widget.options[rng.randrange(len(widget.options))])  # the shown label, as browsers send
    for slider in at.select_slider:  # a browser sends a select slider's position; AppTest takes its value
        if slider.key and slider.options and not slider.disabled:
            value = parsed(slider.options[rng.randrange(len(slider.options))])
            slider.set_value(int(value) if isinstance(slider.value, int) else value)
    for slider in at.slider:
        if slider.key and not slider.disabled and not isinstance(slider.value, tuple):
            low, high = slider.min, slider.max
            value = rng.randint(int(low), int(high)) if isinstance(slider.value, int) else rng.uniform(low, high)
            slider.set_value(value)
    for switch in list(at.toggle) + list(at.checkbox):
        if switch.key and switch.key != "presentation" and not switch.disabled:
            switch.set_value(not switch.value)


def test_a_picker_label_sent_back_after_its_marks_changed_still_names_its_model():
    from pages.ui.pickers import OTHER, picked_name

    options = ["qwen2.5-coder-0.5b", "tiny-target", OTHER]
    assert picked_name("tiny-target", options) == "tiny-target"
    assert picked_name("qwen2.5-coder-0.5b · 1.1 GB · cannot pair with tiny-target (another tokenizer)", options) \
        == "qwen2.5-coder-0.5b"
    assert picked_name("un altro modello (cartella o id dell'hub)…", options) == OTHER  # the Italian label
    assert picked_name("evil · 1 GB", options) is None and picked_name(None, options) is None


def labels_shown(at) -> dict[str, str]:
    """Each choosing widget's shown label: what a browser sends back for it after the language changes."""
    return {w.key: w.options[w.index] for w in list(at.selectbox) + list(at.radio)
            if w.key and w.key != "lang" and w.options and w.index is not None}


def chosen_values_are_options(at) -> list[str]:
    """The widgets whose value is not one of their options (a label taken for a value)."""
    wrong = []
    for widget in list(at.selectbox) + list(at.radio):
        if not widget.key or not widget.options:
            continue
        try:
            _ = widget.index  # ValueError: the value, formatted, is none of the shown options
        except ValueError:
            wrong.append(widget.key)
    return wrong


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", PAGES)
def test_every_page_survives_language_switches_with_every_widget_touched(name, seed):
    rng = random.Random(f"{name}-{seed}")
    at = open_page(name, "en")
    assert not at.exception, [e.value for e in at.exception]
    for language in ("it", "en", "it"):
        touch_every_widget(at, rng)
        at.run()
        assert not at.exception, (name, language, [e.value for e in at.exception])
        shown = labels_shown(at)
        at.radio(key="lang").set_value(language)
        for key, label in shown.items():  # AppTest sends values; a browser sends the labels it showed
            at.session_state[key] = label
        at.run()
        assert not at.exception, (name, language, [e.value for e in at.exception])
        assert at.session_state["lang"] == language
        assert not chosen_values_are_options(at), (name, language, chosen_values_are_options(at))
        for role in ("draft", "target", "lab_draft", "lab_target"):  # the pickers keep model names, never labels
            assert " · " not in at.session_state[role] if role in at.session_state else True, role

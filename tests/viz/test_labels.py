"""Token labels in charts and tables show each token's text once, literally."""

from specviz.viz.run_figures import plot_label, unique_labels


def test_a_byte_token_keeps_a_single_backslash():
    assert plot_label("\\xe4\\xb8") == "'\\xe4\\xb8'"


def test_control_characters_and_html_are_shown_not_interpreted():
    assert plot_label("a\nb\tc") == "'a↵b⇥c'"  # what a reader cannot see, drawn
    assert plot_label("a\x07b") == "'a\\x07b'"
    assert plot_label("<b>") == "'&lt;b&gt;'"


def test_tokens_that_look_alike_are_told_apart_by_their_ids():
    assert unique_labels(["1", "1", "2"], [16, 220, 17]) == ["'1' #16", "'1' #220", "'2'"]

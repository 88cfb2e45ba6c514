"""Tokens are coloured by who wrote them: a cycle that proposed nothing was the target alone, never a bonus."""

from specviz.core.policy import SamplingPolicy
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.viz import run_figures


def test_a_cycle_without_proposals_is_drawn_as_the_target_alone(tiny_pair):
    draft, target = tiny_pair
    config = DecodeConfig(schedule="constant", drafter="ngram", max_new_tokens=12, policy=SamplingPolicy(0.0))
    run = Decoder(target, draft, config).run("xyz")  # nothing earlier to copy: cycles without a proposal
    alone = [c for c in run.cycles if not c.proposed]
    assert alone and all(c.kind == "bonus" for c in alone)  # the rule's kind: nothing was rejected
    spans = run_figures.token_spans(run)
    assert spans.count('class="sv-target"') == sum(len(c.emitted) for c in alone)
    assert 'class="sv-bonus"' not in spans or any(c.proposed and c.kind == "bonus" for c in run.cycles)
    timeline = run_figures.timeline_figure(run)
    bars = {trace.name: sum(trace.y) for trace in timeline.data if trace.type == "bar"}
    assert bars["target alone"] == len(alone)

"""The exactness experiments' seeded runs give every verifier a whole block to judge."""

from specviz.core.policy import SamplingPolicy
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.engine.exactness import sample_first_tokens


def test_first_token_runs_let_the_first_cycle_propose_all_k_tokens(tiny_pair):
    # With one proposal, block verification is the token rule; with three, the same seeds must part ways
    # somewhere (the block rule's first decision also weighs positions 2 and 3).
    draft, target = tiny_pair
    outcomes = {}
    for name in ("token", "block"):
        config = DecodeConfig(k=3, schedule="constant", policy=SamplingPolicy(1.0), verifier=name)
        outcomes[name] = sample_first_tokens(Decoder(target, draft, config), "def f(x):", 200)
    assert outcomes["token"] != outcomes["block"]
    assert all(len(o) == 1 for o in outcomes["block"])

"""Pure math of speculative sampling: policy, verification, exact toy form, budget."""

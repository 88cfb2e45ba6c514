"""Speculative and target-only decoding on real models, recorded cycle by cycle."""

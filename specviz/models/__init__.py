"""Model registry, offline weights, loading and pairing."""

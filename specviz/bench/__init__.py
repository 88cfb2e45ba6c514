"""Benchmarks: speculation against the target alone and against Hugging Face, interleaved in one process."""

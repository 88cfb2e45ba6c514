"""specviz: speculative decoding you can watch, exact and measured."""

__version__ = "0.1.0"

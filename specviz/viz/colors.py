"""One palette for every view, readable on a projector and for common colour blindness."""

TARGET = "#1f77b4"  # p
DRAFT = "#ff7f0e"  # q
ACCEPTED = "#2ca02c"
CORRECTION = "#d62728"
BONUS = "#9467bd"
NAIVE = "#7f7f7f"
RESIDUAL = "#e377c2"

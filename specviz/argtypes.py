"""argparse value types shared by every command: finite numbers, with a one-line message otherwise."""

from __future__ import annotations

import argparse
from fractions import Fraction


def finite_float(text: str) -> float:
    """A finite number; fractions such as 1/3 are accepted too."""
    try:
        value = float(Fraction(text.strip())) if "/" in text else float(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(f"not a finite number: {text!r}")
    return value


def integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None

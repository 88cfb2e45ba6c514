"""User-facing errors.

Anything a person can get wrong (a bad probability, an unknown model, an empty
prompt) raises ``SpecvizError`` with a one-line message. The CLI turns it into
exit code 2; the app shows it in the page.
"""


class SpecvizError(ValueError):
    """A problem with the user's input or environment, explained in one line."""

"""Model commands of the CLI (filled in by the engine)."""


def add_commands(commands) -> None:
    """No model commands yet."""


def run(args) -> None:
    raise NotImplementedError(args.command)

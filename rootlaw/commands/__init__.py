"""The subcommands of ``rootlaw``, a module each (``rootlaw.cli`` assembles them).

Each module has ``add_parser(sub)``, which adds its subcommand and sets ``run``, the
function that runs it. ``flags`` holds what several share. Nothing here imports
``rootlaw.cli``; the engine, the agents and the server import nothing from here.
"""

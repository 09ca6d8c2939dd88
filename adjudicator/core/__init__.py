"""The game-agnostic core: rule references, violations, outcomes, the plug-in interface,
the engine protocol and CLI plumbing. Nothing here imports a game; games plug in through
:class:`adjudicator.core.game.Game` and the ``adjudicator.games`` entry-point group."""

"""The numbers of Dark Nebula's rules the conformance suite must play at, below and above:
those ``rules.yaml`` states, and those the board definition fixes for each kind of counter
(its attack value, 9.1 / 9.3 / 9.5, its movement allowance, 8.0, and its price, 6.1), for
each army that uses the kind. A board loaded with other values has other boundaries."""

from __future__ import annotations

from adjudicator.core.i18n import LANGS, Said, said
from adjudicator.core.judge.references import BoundarySpec
from adjudicator.dark_nebula.board import BoardDefinition, CounterKind, default_board
from adjudicator.dark_nebula.production import CAPITAL_ONLY, HEAVY
from adjudicator.dark_nebula.references import RULES

#: The article stating the attack of each fire class: 0★ (9.1), 3 (9.3), the rest (9.5).
_CLASS_ARTICLE = {"star": "9.1", 3: "9.3"}


def _attack_article(kind: CounterKind) -> str:
    key: str | int = "star" if kind.movement_star else kind.movement
    return _CLASS_ARTICLE.get(key, "9.5")


def _buyers(kind: CounterKind) -> list[str]:
    """The armies that pay for the kind from their sectors' production (6.1): the empire
    the kinds it places at Tyrann (6.3; its battleship or guard ship is the free extra of
    6.4), the rebels their battleships and guard ships (6.5). The base's own production
    (7.2, 7.4) is a budget apart."""
    buys = {"empire": CAPITAL_ONLY, "rebel": HEAVY}
    if kind.price is None:
        return []
    return [army for army in kind.armies if kind.id in buys[army]]


def _said(text: Said) -> dict[str, str]:
    """A boundary's description in each language, as its fields ``en`` and ``ja``."""
    return {lang: text.words(lang) for lang in LANGS}


def _price(kind: CounterKind, name: str, buyers: list[str]) -> BoundarySpec:
    """The production left for one counter of the kind, after those written before it in
    the same production: one short of its price is over the budget; at it, or one over
    (the rest lost, 6.7), it is bought."""
    return BoundarySpec(
        id=f"price-{name}",
        rules=["6.1", "2.3"],
        value=kind.price or 0,
        lowest=0,
        sides=buyers,
        **_said(said("dark_nebula.boundary.price", counter=kind.named, price=kind.price)),
    )


def boundaries(board: BoardDefinition | None = None) -> list[BoundarySpec]:
    """Every number, with the articles it comes from: the rules' own, then a die at, below
    and above each counter's attack (a die shows 1 to 6), a move at, below and above each
    movable counter's allowance (at least one step), and the production left at, below and
    above each price, for each army that pays it."""
    board = board or default_board()
    out = list(RULES.boundaries)
    for kind in board.counters:
        name = kind.id.replace("_", "-")
        out.append(
            BoundarySpec(
                id=f"attack-{name}",
                rules=[_attack_article(kind), "2.3"],
                value=kind.attack,
                lowest=1,
                highest=6,
                sides=list(kind.armies),
                **_said(
                    said("dark_nebula.boundary.attack", counter=kind.named, attack=kind.attack)
                ),
            )
        )
        if kind.movement > 0:
            out.append(
                BoundarySpec(
                    id=f"allowance-{name}",
                    rules=["8.0", "2.3"],
                    value=kind.movement,
                    lowest=1,
                    sides=list(kind.armies),
                    **_said(
                        said(
                            "dark_nebula.boundary.allowance",
                            counter=kind.named,
                            movement=kind.movement,
                        )
                    ),
                )
            )
        if buyers := _buyers(kind):
            out.append(_price(kind, name, buyers))
    return out

"""What "ply N" means, and the one way every output says it.

Ply N is the N-th event of a game, counted from 1: the N-th action of Orbit Dominion, the
N-th step of Dark Nebula, the N-th line of an Astro-Stra record (its opening roll and draft
included). "At ply N" is the moment the N-th event is about to be played: the position
before it, after N − 1 events. ``validate`` reports the illegal action at its ply and draws
the position before it; ``adjudicate --record F --at N`` rules on the N-th action from that
same position, and ``analyze``, ``replay``, ``solve``, the pictures and the JSON ``ply``
speak of it as ply N.

How a ply is said is each game's own (``counting`` in its ``rules.yaml``): Orbit Dominion
says "41手目" of an action, Astro-Stra "6ターン目" of a turn, as its rulebook does, its
opening roll and draft named rather than counted. Every output formats plies through
:func:`ply_name`, :func:`before_ply` and :func:`count`, so that they read alike everywhere.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.core.i18n import Lang, say


class Named(BaseModel):
    """An event a game names instead of counting (Astro-Stra's opening roll)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ja: str
    en: str


class Counting(BaseModel):
    """How a game says its plies, in both languages: templates over ``{n}``, its own count
    of the event (the ply less the events named in ``setup``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ordinal_ja: str = Field(default="{n}手目", description="One ply: '41手目'.")
    ordinal_en: str = Field(default="ply {n}", description="One ply: 'ply 41'.")
    count_ja: str = Field(default="{n}手", description="How many: '41手'.")
    count_en: str = Field(default="{n} actions", description="How many: '41 actions'.")
    setup: list[Named] = Field(
        default_factory=list,
        description="Events before the first counted one, named rather than counted "
        "(the opening roll, the draft).",
    )


#: Plies said the common way, for a game that states nothing else (or none is known).
PLAIN = Counting()


def ply_name(counting: Counting | None, ply: int, lang: Lang) -> str:
    """Ply ``ply`` (1-based) as a person reads it: '41手目', 'ply 41', '6ターン目',
    'ダイス選択'."""
    c = counting or PLAIN
    if ply <= 0:  # ply 0: the start, before any event (a game decided by its layout)
        return say("core.ply.start", lang)
    if ply <= len(c.setup):
        named = c.setup[ply - 1]
        return named.ja if lang == "ja" else named.en
    template = c.ordinal_ja if lang == "ja" else c.ordinal_en
    return template.format(n=ply - len(c.setup))


def before_ply(counting: Counting | None, ply: int, lang: Lang) -> str:
    """The moment ply ``ply`` is about to be played: '41手目の前', 'before ply 41'."""
    return say("core.ply.before", lang, ply=ply_name(counting, ply, lang))


def moment(counting: Counting | None, at: int | str, lang: Lang) -> str:
    """Where ``--at`` stands, as a person reads it: '41手目の前', or, for ``end``, the
    record's '終わり' / 'end'."""
    return before_ply(counting, at, lang) if isinstance(at, int) else say("core.ply.end", lang)


def count(counting: Counting | None, plies: int, lang: Lang) -> str:
    """How far a game went, in the game's unit: '41手', '20 turns' (Astro-Stra's opening
    roll and draft are not turns)."""
    c = counting or PLAIN
    template = c.count_ja if lang == "ja" else c.count_en
    return template.format(n=max(plies - len(c.setup), 0))

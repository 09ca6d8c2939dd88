"""The switchable interpretations of Dark Nebula, as one value a game is played under.

Each field is a numbered interpretation of ``rules.yaml``; its default is the reading this
project adopted, and the alternative names there are the other accepted values. A record
may name the ones its event used; the verdict lists them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.dark_nebula.combat import MarkedReading
from adjudicator.dark_nebula.movement import NebulaReading


class Readings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    search_sectors: Literal["one-without-command-ship", "none-without-command-ship"] = Field(
        default="one-without-command-ship", description="Interpretation 2 (10.1)."
    )
    marked_modifier: MarkedReading = Field(default="own", description="Interpretation 3 (9.6).")
    appear_with_empire: Literal["allowed", "forbidden"] = Field(
        default="allowed", description="Interpretation 5 (7.5, 8.2)."
    )
    extra_counts_toward_two: Literal["counts", "separate"] = Field(
        default="counts", description="Interpretation 6 (6.2, 6.4)."
    )
    base_builds: Literal["cruisers", "also-rebel-kinds"] = Field(
        default="cruisers", description="Interpretation 7 (7.2, 6.5)."
    )
    nebula_entry: NebulaReading = Field(default="one-step", description="Interpretation 8 (8.3).")
    empire_budget: Literal["ships", "any-kind"] = Field(
        default="ships", description="Interpretation 17 (2.3 (5), 6.1–6.4)."
    )
    own_sectors: Literal["base-counters-count", "base-counters-apart"] = Field(
        default="base-counters-count", description="Interpretation 10 (6.0, 6.1, 7.4)."
    )

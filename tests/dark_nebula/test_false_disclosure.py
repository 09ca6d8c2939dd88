"""A post-game disclosure (Dark Nebula 3.1, the commitment) that names another sector than
the one its nonce opens is false, and is said to be — with the sector the commitment
opens — both on its own and when the concealment it proves (10.2) is the earlier fault
reported (interpretation 15): neither fault hides the other."""

from __future__ import annotations

import json
from pathlib import Path

from adjudicator import validate

RECORDS = Path(__file__).resolve().parents[2] / "records" / "dark-nebula"


def disclosing(name: str, sector: str) -> str:
    """The sample ``name`` with its closing disclosure naming ``sector`` instead."""
    data = json.loads((RECORDS / name).read_text(encoding="utf-8"))
    assert data["events"][-1]["phase"] == "disclosure"
    data["events"][-1]["sector"] = sector
    return json.dumps(data, ensure_ascii=False)


def test_a_false_disclosure_says_what_the_commitment_opens() -> None:
    """guard-destroyed.json's base was committed to raigerin; disclosing zarek is false."""
    text = disclosing("valid/guard-destroyed.json", "zarek")
    en, ja = validate(text, lang="en"), validate(text, lang="ja")
    assert en.problem is not None and ja.problem is not None
    assert (en.problem.code, en.problem.ply) == ("false_disclosure", 8)
    assert (
        "names ザレク (zarek), but the commitment opens for ライゲリン (raigerin)"
        in en.problem.message
    )
    assert (
        "開示は秘密基地をザレク (zarek) としていますが、コミットメントが開くのは"
        in ja.problem.message
    )
    assert en.problem.rules == ["3.1", "commitment"]


def test_a_false_disclosure_is_said_after_the_concealment_it_proves() -> None:
    """concealed-base.json: raibia was searched at ply 8 and the base did not appear. A
    disclosure at ply 9 naming zarek still opens the commitment for raibia: the verdict is
    the concealment at ply 8, and it says the disclosure is false too."""
    text = disclosing("invalid/concealed-base.json", "zarek")
    en, ja = validate(text, lang="en"), validate(text, lang="ja")
    assert en.problem is not None and ja.problem is not None
    assert (en.problem.code, en.problem.ply) == ("concealed_base", 8)
    assert en.problem.message.endswith(
        "Besides, at ply 9: The disclosure names ザレク (zarek), but the commitment opens "
        "for ライビア (raibia): the disclosure is false."
    )
    assert "また、9手目: 開示は秘密基地をザレク (zarek) としていますが" in ja.problem.message
    true = validate(disclosing("invalid/concealed-base.json", "raibia"), lang="en")
    assert true.problem is not None and "Besides" not in true.problem.message

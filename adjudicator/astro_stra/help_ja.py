"""The Japanese of ``adjudicator astro-stra``'s help (see :mod:`adjudicator.cli.help_ja`)."""

HELP: dict[str, str] = {
    "draw": (
        "局面を図示します: 黒の番号付けによる実際のマス、各マスにいるコマ、振り出しと上がりのコマ。"
    ),
    "draw position": "局面。例: 'b:1=2,2=2,3=2 w:1=2,2=2,3=2'、または 'standard'。",
    "draw --geometry": "two-rows(既定)または one-loop(解釈 1)。",
}

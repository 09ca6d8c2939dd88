"""The Japanese of ``adjudicator orbit-dominion``'s help (see :mod:`adjudicator.cli.help_ja`)."""

HELP: dict[str, str] = {
    "analyze": (
        "局面を図示して裁定します: 手番の側、主張中の星門制圧、手番開始時に決まること、"
        "合法な行動、反復により禁じられた行動。\n\n"
        "三度反復の禁止(第9条)には対局の履歴が要ります: `--record ファイル --at N` は"
        "記録の N 手目の前の局面(--at 'end' では最後の手の後の局面)を `adjudicate` と同じく"
        "履歴ごと解析し、`--history` は "
        "`--position` の前に現れた局面を与えます。どちらもなければ、対局から写した局面は"
        "それ以前に何もなかったものとして解析され、出力がそう告げます。\n\n"
        "`--svg ファイル`(または標準出力への `--format svg`)では SVG 画像でも描きます: "
        "最後の行動を矢印で、2点挟撃や主張中の星門制圧を丸で囲み、`--from I0` では I0 の船の"
        "合法な行動を示します。\n\n"
        "例: adjudicator orbit-dominion analyze --moves 'O- O+ O-' --svg board.svg;\n"
        "adjudicator orbit-dominion analyze --record game.json --at 4"
    ),
    "analyze --position": (
        "開始局面(局面表記)、または 'standard'。"
        "例: 'r....bb....r/rr....bb..../R....bB....r r 0 -'。"
    ),
    "analyze --moves": "その局面から指した行動を空白で区切って: 'I11-I10 O+ O0-O2'。",
    "analyze --record": "この記録の --at 手目の前の対局を、履歴を数えて解析します。",
    "analyze --at": "--record と共に: 次に指す手が何手目か。'end' は記録の最後の手の後の局面。",
    "analyze --history": (
        "--position と共に: 以前に現れた局面(繰り返し指定できます)。三度反復の禁止で数えます。"
    ),
    "analyze --lenient": (
        "文書化された別表記(I11 → I10、O4⇄M4、全角、O+1)を受け付け、正規化したものを"
        "それぞれ報告します。"
    ),
    "analyze --from": "--svg または --format svg と共に: この船の合法な行動に印を付けます。",
    "perft": (
        "指定した長さの合法な行動の列を数えます(perft)。三度反復の禁止と終局となる行動は"
        "docs/orbit-dominion.md の定めに従います。\n\n"
        "例: adjudicator orbit-dominion perft --depth 3   (11405)"
    ),
    "perft --position": (
        "開始局面(局面表記)、または 'standard'。"
        "例: 'r....bb....r/rr....bb..../R....bB....r r 0 -'。"
    ),
    "perft --moves": "その局面から指した行動を空白で区切って: 'I11-I10 O+ O0-O2'。",
    "perft --divide": "最初の行動ごとに数を表示します。",
    "perft --max-nodes": "この節点数を超えたらエラーで止めます(上限)。",
    "solve": (
        "どちらかの側が N 手以内に勝ちを強制できるかを、4.2 のすべてのルール(与えられた履歴"
        "による三度反復の禁止、120手の上限、星門制圧)のもとで判定し、勝ちにはその証明を"
        "添えます。120手目の近くでは正確な結果を示します。探索は一手ずつ深め、--max-nodes、"
        "--time か --memory が尽きたら、読み終えた深さで証明できたことを答えます。df-pn が"
        "証明した勝ちは、verify-proof の検査器でまず確かめます。\n\n"
        "例: adjudicator orbit-dominion solve '..b........./....r......./R.....r..B.. r 0 -' -d 3"
    ),
    "solve position": "局面(局面表記)、または 'standard'。",
    "solve --depth": ("その局面から読む手数(両者の手を数えます。0〜120。手間を限るのは予算です)。"),
    "solve --max-nodes": (
        "探索した局面数(すべての深さの合計、一局面あたり約 100 バイトのメモリ)がこれに達したら"
        "止め、読み終えた深さで証明できたことを答えます。"
    ),
    "solve --time": "この秒数で止め、読み終えた深さで証明できたことを答えます。",
    "solve --history": (
        "以前に現れた局面(繰り返し指定できます): それぞれ三度反復の禁止で1回と数えます。"
    ),
    "solve --no-proof": "勝ちの証明を作りません。",
    "solve --verbose": "探索の数値(置換表の参照と的中の回数など、エンジン作者向け)も表示します。",
    "solve --executor": (
        "探索を Dask クラスタに分散します: dask://HOST:PORT('distributed' 追加パッケージが"
        "必要)。指定しなければすべてこの場で計算します。アルファベータ探索のみ: これを付けると "
        "--method 'auto' はアルファベータ探索になり、--method 'dfpn' は受け付けません。"
    ),
    "solve --method": (
        "'alphabeta'(既定)または 'dfpn'(証明数探索): その方法だけ。'auto': 予算の4分の1で"
        "アルファベータ探索(短い勝ちはすぐ見つかる)、残りで df-pn。"
    ),
    "solve --memory": (
        "探索の置換表が使ってよいメガバイト数: アルファベータ探索はそこで止まり、読み終えた"
        "深さで証明できたことを答えます。df-pn は手間の最も少ない項目を捨てて続けます。"
    ),
    "verify-proof": (
        "勝ちの強制の証明を、探索なしにルールエンジンだけで確かめます: 勝つ側の手はすべて"
        "合法で、負ける側の合法な応手にはすべて答えがあり、どの末端も主張した手数以内に"
        "勝つ側の勝ちで決着していること。solve の解では、主張(結果、勝者、手数、局面、履歴、"
        "深さ)のすべてが証明の示すものと正確に一致すること。判定は前提(局面と、三度反復の禁止で"
        "使われた履歴)を挙げます。--record 記録 --at N を付けると、局面と履歴は記録の N 手目の"
        "直前のものでなければなりません。終了コード 0 有効、1 無効、2 読み取り不能。\n\n"
        "例: adjudicator orbit-dominion verify-proof proof.json"
    ),
    "verify-proof --record": "証明の局面と履歴をこの記録と照合します。",
    "verify-proof --at": (
        "--record と共に: 証明が始まる局面の手数(その手の直前の局面)。"
        "'end' は記録の最後の手の後の局面。"
    ),
    "verify-proof file": "証明、または solve が出力した JSON。",
}

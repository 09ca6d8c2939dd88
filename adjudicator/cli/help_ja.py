"""Help and usage errors in Japanese: the command tree translated, typer's own words, and
click's usage errors said again.

Each help text is written once, in English, where its command is defined; its Japanese
lives in a catalog keyed by where the text is: the command's path (``"validate"``,
``"conformance run"``, ``""`` for the root), or the path and a parameter (``"validate
--jobs"``, ``"schemas directory"`` for an argument). An option that reads the same in
every command (``--lang``, ``--json``) is keyed by its name alone. The core's catalog is
:data:`HELP`; a game gives its own with :meth:`~adjudicator.core.game.Game.help_ja`, keyed
under the game's name. This module is imported only when the language is Japanese
(:mod:`adjudicator.cli.help_lang`)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from adjudicator.cli.usage_ja import japanese_errors, speak_japanese_errors

if TYPE_CHECKING:
    from adjudicator.core.game import Game


@dataclass(frozen=True)
class HelpText:
    """One help text of the command tree: where it is, its English, and how to replace it."""

    path: str
    param: str | None
    english: str
    replace: Callable[[str], None]

    @property
    def key(self) -> str:
        return f"{self.path} {self.param}".strip() if self.param else self.path

    def japanese(self, catalog: Mapping[str, str]) -> str | None:
        """Its Japanese: under its own key, else (a parameter) under the parameter's name."""
        found = catalog.get(self.key)
        if found is None and self.param:
            found = catalog.get(self.param)
        return found


def _param_name(param: Any) -> str:
    if param.param_type_name == "argument":
        name: str = param.name
        return name
    opts: list[str] = param.opts
    return next((opt for opt in opts if opt.startswith("--")), opts[0])


def help_texts(root: Any) -> Iterator[HelpText]:
    """Every help text of the command tree: each command's and each parameter's, the help
    option's included."""
    names = root.context_settings.get("help_option_names", ["--help"])

    def walk(command: Any, path: str) -> Iterator[HelpText]:
        if command.help:
            yield HelpText(path, None, command.help, lambda text: _command_help(command, text))
        help_option = command.get_help_option(
            command.context_class(command, help_option_names=names)
        )
        for param in [*command.params, *([help_option] if help_option else [])]:
            if getattr(param, "help", None):
                yield HelpText(path, _param_name(param), param.help, _help_setter(param))
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, f"{path} {name}".strip())

    yield from walk(root, "")


def _help_setter(param: Any) -> Callable[[str], None]:
    """What puts a parameter's help into Japanese."""

    def replace(japanese: str) -> None:
        param.help = spaced(japanese)

    return replace


def _command_help(command: Any, japanese: str) -> None:
    """A command's help in Japanese: all of it on its own page, its first paragraph in the
    commands table of its group."""
    command.help = spaced(japanese)
    command.short_help = spaced(japanese.split("\n\n")[0])


def spaced(japanese: str) -> str:
    """Half-width parentheses set off by a space, as in English, the text they hold being
    mostly English: ``テキスト表記 (*.txt) のみ``. Lines need no spaces to break: help
    breaks Japanese between characters (:mod:`adjudicator.core.write.line_breaks`)."""
    spaced = re.sub(r"(?<=[^\s(「])\(", " (", japanese)
    return re.sub(r"\)(?=[^\s、。):」,.])", ") ", spaced)


def commands(root: Any) -> Iterator[tuple[str, Any]]:
    """Every command of the tree with its path, the root's being ``""``."""
    yield "", root
    for name, sub in getattr(root, "commands", {}).items():
        yield from ((f"{name} {path}".strip(), c) for path, c in commands(sub))


def japanese_help(games: Sequence[Game], listed: str) -> dict[str, str]:
    """The whole catalog: the core's, the root's list of games filled in, and each mounted
    game's under its name (its title, as the rulebook writes it, heads its commands)."""
    catalog = {**HELP, "": HELP[""].format(games=listed)}
    for game in games:
        catalog[game.slug] = game.title_ja
        catalog.update({f"{game.slug} {key}": text for key, text in game.help_ja().items()})
    return catalog


def speak_japanese(root: Any, catalog: Mapping[str, str]) -> None:
    """Put the command tree into Japanese: its help texts from the catalog (a text without
    Japanese stays English; a test finds it), "Usage:" and typer's panel titles and
    markers in every context, and the usage errors (:func:`japanese_errors`)."""
    for text in help_texts(root):
        japanese = text.japanese(catalog)
        if japanese is not None:
            text.replace(japanese)
    for _, command in commands(root):
        command.context_class = _japanese_context(command.context_class)
    speak_japanese_errors(command for _, command in commands(root))
    root.errors = japanese_errors


# --- typer's own words ---------------------------------------------------------------------

#: typer's words in help and errors (``typer.rich_utils``): those it marks for translation.
TYPER_WORDS = {
    "DEPRECATED_STRING": "(非推奨) ",
    "DEFAULT_STRING": "[既定値: {}]",
    "ENVVAR_STRING": "[環境変数: {}]",
    "REQUIRED_LONG_STRING": "[必須]",
    "ARGUMENTS_PANEL_TITLE": "引数",
    "OPTIONS_PANEL_TITLE": "オプション",
    "COMMANDS_PANEL_TITLE": "コマンド",
    "ERRORS_PANEL_TITLE": "エラー",
    "ABORTED_TEXT": "中断しました。",
    "RICH_HELP": "使い方は [blue]'{command_path} {help_option}'[/] で表示されます。",
}
USAGE = "使い方: "
_english_words: dict[str, str] = {}


def _typer_words() -> None:
    """typer's words in Japanese; its module is imported at the first help or error, and
    its words are read when they are printed."""
    from typer import rich_utils

    for name, japanese in TYPER_WORDS.items():
        _english_words.setdefault(name, getattr(rich_utils, name))
        setattr(rich_utils, name, japanese)


def speak_english() -> None:
    """typer's words back in English, for a command in English after one in Japanese in
    the same process."""
    rich_utils = sys.modules.get("typer.rich_utils")
    for name, english in _english_words.items():
        setattr(rich_utils, name, english)


@cache
def _japanese_context(base: type) -> type:
    """A context of the command's kind that writes "使い方:" before the usage line and
    puts typer's words into Japanese before it prints help or a usage error."""

    class Formatter(base.formatter_class):  # type: ignore[name-defined,misc]  # click's class, known only at run time
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, args, USAGE if prefix is None else prefix)

    class JapaneseContext(base):  # type: ignore[misc]  # a subclass of the command's context class, chosen at run time
        formatter_class = Formatter

        def get_help(self) -> str:
            _typer_words()
            text: str = super().get_help()
            return text

        def get_usage(self) -> str:
            _typer_words()
            text: str = super().get_usage()
            return text

    return JapaneseContext


# --- the core's catalog --------------------------------------------------------------------

HELP: dict[str, str] = {
    # the root, and options every command shares (typer's and click's own included)
    "": (
        "公式ルールに照らして、対局について何が言えるかを厳密かつ再現可能に判定します。"
        "局面と行動の裁定、perft の計数、エンジンプロトコルの提供も行います。\n\n"
        "ゲーム: {games}"
    ),
    "--version": "バージョンを表示して終了します。",
    "--install-completion": "使用中のシェルに補完を設定します。",
    "--show-completion": "使用中のシェル用の補完を表示します(設定をコピー・調整するため)。",
    "--help": "このヘルプを表示して終了します。",
    "--lang": "メッセージの言語: ja または en(既定: ロケール LANG/LC_ALL に従う)。",
    "--json": "代わりに JSON オブジェクトを一つ出力します。",
    "--codes": "違反コードも表示します(JSON と CSV には常にあります)。",
    "--lenient": (
        "文書化された別表記と未知のフィールドを受け付け、それぞれを警告として報告します"
        "(既定は厳格)。"
    ),
    "--svg": "局面の図を SVG 画像としてこのファイルにも書き出します。",
    "--format": "text: 端末向けの図、svg: 標準出力に SVG 画像を一つ。",
    # the root's own commands
    "engine": (
        "エンジンプロトコルを提供します: 標準入力に JSON Lines、要求ごとに標準出力へ JSON を"
        "1行(docs/protocol.md 参照)。ログは標準エラー出力へ。不正な行にはエラーのオブジェクト"
        "を返し、提供を続けます。\n\n"
        '例: `echo \'{"cmd":"hello","protocol":1}\' | adjudicator engine`'
    ),
    "games": "ゲームの一覧: ルールブック、プロトコルの機能、コマンド。",
    "schemas": (
        "モデルから生成した JSON Schema と、パッケージの YAML データの JSON 版(rules.yaml から "
        "rules.json)、同梱の適合性テスト集のケースファイルを JSON にまとめたもの"
        "(conformance/compiled/)、リポジトリ内ではゲームごとのエンジン作者向け参照"
        "(docs/engines/)を書き出します(--check では差分の確認のみ)。"
    ),
    "schemas directory": (
        "スキーマの置き場所(既定: パッケージ同梱のもの。リポジトリ内ではその schemas/)。"
        "指定しないときは、パッケージの YAML データの JSON 版と、同梱のテスト集を JSON に"
        "まとめたものも書き出し(または確認し)ます。"
    ),
    "schemas --check": "差分を報告するだけにします。差分があれば終了コード 1。",
    # the record commands
    "validate": (
        "各記録をルールブックに照らして再生し、記載された結果を確認します。\n\n"
        "記録は JSON(`*.json`)またはテキスト表記(`*.txt`)。フォルダは再帰的に探します。"
        "`-` は標準入力から記録を一つ読みます。既定は厳格です。`--json` は判定の一覧"
        "(schemas/verdicts.schema.json)を出力します(記録が一つでも一覧)。"
        "終了コード: 0 すべて有効、1 無効あり、2 使い方の誤りまたは読み取り不能、"
        "3 検査未了(非公開の情報による検査が保留)、4 内部エラー、"
        "130 中断(Ctrl-C。済んだ分は出力します)。"
        "複数の記録では 4、2、1、3、0 の順に重いものを返します。"
        "`--jobs` は使える CPU コア数までです。\n\n"
        "例: `adjudicator validate records/ --lang ja`"
    ),
    "validate paths": "記録ファイル、または記録を探すフォルダ。",
    "validate --json": "判定を JSON の配列で出力します(記録ごとにオブジェクト一つ)。",
    "validate --jsonl": "判定を1行に一つの JSON で、順次出力します。",
    "validate --jobs": "このプロセス数で並列に検証します。",
    "validate --executor": (
        "代わりに Dask クラスタのワーカーで検証します(dask://HOST:PORT。'distributed' "
        "追加パッケージが必要)。判定も順序も同じです。"
    ),
    "validate --max-bytes": "これより大きいファイルは読みません。",
    "validate --html": (
        "単独で開ける HTML の報告書も書き出します: 記録の一覧表と、各記録の判定と"
        "1手ずつ進められる再生ビュー。"
    ),
    "validate --xlsx": (
        "Excel のブックも書き出します('xlsx' 追加パッケージが必要): 記録ごとに1行の"
        "シート(--summary csv と同じ列と、判定の説明)と、実行の設定(バージョン、日時、"
        "適用中の解釈)のシート。"
    ),
    "validate --interpretation": (
        "番号付きの解釈を切り替えます。ID=値(例: nebula-entry=each-step)はその解釈を持つ"
        "すべてのゲームの記録に、ゲーム:ID=値(dark-nebula:nebula-entry=each-step)は一つの"
        "ゲームの記録に適用します。繰り返し指定できます。判定に表示されます。"
    ),
    "validate --quiet": "有効でない記録だけを表示します。",
    "validate --repair": (
        "--html と共に: 無効な記録ごとに最良の修正案を(adjudicator repair と同じ探索を、"
        "記録ごとの小さな上限で)探し、その記録の行に示し、修正後の対局を記録のとおりの"
        "対局と並べて1手ずつ進められるようにします。"
    ),
    "validate --repair-replays": (
        "--repair と共に: 1記録につき、修正した記録をこの件数まで再生します。"
    ),
    "validate --repair-seconds": (
        "--repair と共に: 1記録につき、この秒数まで探します。外側の上限です"
        "(探索は再生回数で区切られ、どの機械でも同じになります)。"
    ),
    "validate --summary": (
        "csv: 報告の代わりに、記録ごとに1行(ファイル、ゲーム、判定、手数、コード、条、"
        "勝者、理由)を表計算ソフト向けに出力します。csv-excel: 同じ内容を Excel 向けに"
        "(BOM 付き UTF-8、CRLF)出力します。数式として読まれうるセル(=、+、-、@ で始まる)"
        "の先頭にはアポストロフィ(')を付けます。"
    ),
    "convert": (
        "記録を JSON 形式とテキスト表記の間で、何も失わずに変換します。\n\n"
        "例: `adjudicator convert game.json -o game.txt`"
    ),
    "convert source": "記録(JSON またはテキスト表記)。",
    "new": (
        "記入用の記録(ひな形)を表示します。必須のタグや項目(盤とそのダイジェスト、"
        "ルールセット)はすべて書き込み済みで、対局者名は ? のまま、テキストでは適用される"
        "解釈をコメントとして示します。そのままでも未開始の対局として検証を通ります。\n\n"
        "例: `adjudicator new dark-nebula -o table-3.txt`"
    ),
    "new game": "ゲーム: 名前(dark-nebula)か ID(dark-nebula/2011)。",
    "new --format": "記録の表記: text か json。",
    "new --output": "標準出力ではなくここに書き出します。",
    "convert --to": "変換先の表記(既定: もう一方)。",
    "convert --output": "標準出力ではなくここに書き出します。",
    "repair": (
        "書き写しを誤った記録が本来書こうとした対局を探します。記録が最後まで合法で結果とも"
        "合う、最も少なく最もありそうな修正(行動の置換・挿入・削除・入れ替え、ダイスの目や"
        "数や名前の書き違い)を示します。\n\n"
        "例: `adjudicator repair round3/table2.txt --lang ja`"
    ),
    "repair source": "記録(JSON またはテキスト表記)。",
    "repair --max-edits": "1つの修正案の修正は多くてもこの数まで。",
    "repair --top": "示す修正案は多くてもこの数まで。",
    "repair --time": (
        "この秒数で探索を打ち切ります。外側の上限です: 探索は再生回数で区切られ、"
        "どの機械でも同じ答えになります。"
    ),
    "repair --max-replays": (
        "修正した記録の再生はこの回数まで(長い記録は 250 手ごとに 1 回と数えます)。"
        "どの機械でも同じ答えになる上限です。"
    ),
    "repair --write": (
        "最良の修正案を JSON の記録としてここに書き出します。修正の内容は 'ext' に入れます"
        "(入力は変更しません)。"
    ),
    "replay": (
        "記録を1手ずつ再生し、各局面を直前の行動に印を付けて図示します。\n\n"
        "`--svg ファイル`(または標準出力への `--format svg`)では、最後に到達した局面も "
        "SVG 画像で描きます。そこで認められなかった行動は破線です。`--caption` では、最後の"
        "行動、認められなかった理由、勝者を盤の下に書き添えます。\n\n"
        "例: `adjudicator replay game.json --to 12 --svg ply12.svg`"
    ),
    "replay source": "記録(JSON またはテキスト表記)。",
    "replay --to": "この手数まで再生して止めます。",
    "replay --caption": (
        "SVG の図の盤の下に、最後の行動、認められなかった理由、勝者を書き添えます。"
    ),
    "adjudicate": (
        "争点となった場面を裁定します: どちらの手番か、手番開始時に何が決まるか、その行動は"
        "合法か、根拠はどの条か、その結果どうなるか。--solve では、代わりに終わっていない"
        "対局を裁定します(--at の手の直前の局面)。\n\n"
        "`--svg ファイル`(または標準出力への `--format svg`)では裁定を図示します: 合法な行動"
        "はその結果の局面に、不合法な行動は直前の局面に破線で描きます。盤の下には、裁定と"
        "その行動で決まること(勝者、または決着しない理由)を選んだ言語で書き添えます"
        "(`--no-caption` で盤だけ)。\n\n"
        "--at 'end' は記録の最後の行動の後の局面、--turn N は出力と同じ数え方(戦星術枢斗羅の"
        "ターン)です。--solve では、--max-nodes と --time が orbit-dominion solve と"
        "同じく探索の予算を決めます。--legal では、代わりに次に指せるものを種類ごとにまとめ、"
        "数えて示します。\n\n"
        "例: `adjudicator adjudicate --record game.json --at 12 --action O3-O5`、"
        "`adjudicator adjudicate --game orbit-dominion --position '…' --action O+`、"
        "`adjudicator adjudicate --record game.json --at 38 --solve --depth 5`"
    ),
    "adjudicate --action": "争点の行動。",
    "adjudicate --record": "この記録の一場面を裁定します。",
    "adjudicate --at": ("--record と共に: 争点の行動の手数。'end' は記録の最後の行動の後の局面。"),
    "adjudicate --turn": (
        "--record と共に、--at の代わりに: 出力の数え方による争点の手(戦星術枢斗羅の"
        "6ターン目は --turn 6)。"
    ),
    "adjudicate --position": "または: この局面について裁定します。",
    "adjudicate --history": "--position と共に: それ以前の局面(繰り返し指定できます)。",
    "adjudicate --game": "--position と共に: ゲーム(astro-stra、または ID astro-stra/0.9.0)。",
    "adjudicate --solve": (
        "行動の裁定の代わりに: どちらかの側が --depth 手以内に勝ちを強制できるか"
        "(終わっていない対局)。"
    ),
    "adjudicate --depth": "--solve と共に: 読む手数。",
    "adjudicate --legal": (
        "行動を裁定する代わりに: 手番の側が次に指せるもの(星環戦略の行動、暗黒星雲の手順、"
        "--dice を付けて戦星術枢斗羅のターン)を種類ごとにまとめ、数えて示します。"
    ),
    "adjudicate --dice": (
        "--legal と共に、戦星術枢斗羅で: 振ったダイス。ターンの行と同じ書き方"
        "('cyan=3 blue=2 black-red=5')。暗黒星雲で: 戦闘や 10.7 で振る目を順に('3 5 1')。"
        "指定しなければ記録のその手順のダイス。"
    ),
    "adjudicate --executor": "--solve と共に: Dask クラスタ、dask://HOST:PORT。",
    "adjudicate --max-nodes": (
        "--solve と共に: 調べる局面数の上限(指定しなければゲームの既定の予算)。尽きると、"
        "読み終えた深さで証明できたことを答えます。"
    ),
    "adjudicate --time": (
        "--solve と共に: 秒数の上限(指定しなければゲームの既定の予算)。尽きると、"
        "読み終えた深さで証明できたことを答えます。"
    ),
    "adjudicate --caption": (
        "SVG の図の盤の下に、裁定とその行動で決まることを書き添えます(既定)。"
        "--no-caption では盤だけ。"
    ),
    # the conformance suite
    "conformance": "適合性テストをエンジンに対して実行し、またはルールの網羅状況を表示します。",
    "conformance run": (
        "エンジンプロトコルでエンジンにすべてのケースを実行させます。失敗ごとに、送った要求、"
        "期待値と実際の値、その差分を示し、ゲームとトピックごとに集計します。\n\n"
        "終了コード: 0 実行したケースがすべて合格、1 失敗・エラーがある、一つも合格しない、"
        "または途中で止まった、2 使い方の誤り、4 エンジンが起動しないか hello に失敗した。\n\n"
        '例: `adjudicator conformance run --engine "python3 examples/minimal_engine.py"`'
    ),
    "conformance run --engine": "エンジンを起動するコマンド(標準入出力で JSON Lines)。",
    "conformance run --only": "ID が一致するケースだけを実行します(glob、例: 'od.perft.*')。",
    "conformance run --smoke": "最初の試し: hello の後、ゲームごとに一つのケース。",
    "conformance run --max-fail": "失敗またはエラーのケースがこの数に達したら止めます。",
    "conformance run --exitfirst": "最初の失敗で止めます(--max-fail 1)。",
    "conformance run --verbose": "合格したケースと省いたケースも表示します。",
    "conformance report": (
        "複数のエンジンに対して適合性テストを実行し、並べて報告します: エンジン × トピック"
        "(合格 / 失敗 / 省略 / エラー)の表から、各失敗の要求と差分をすぐに開けます。報告を"
        "書き出せば、エンジンの結果にかかわらず終了コード 0、使い方の誤りは 2。\n\n"
        '例: `adjudicator conformance report --engine built-in="adjudicator engine"\n'
        '--engine js="node examples/minimal_engine.js" --html report.html --json report.json`'
    ),
    "conformance report --engine": (
        "実行するエンジンの 名前=コマンド(繰り返し指定できます)。"
        "例: 'js=node examples/minimal_engine.js'。"
    ),
    "conformance report --html": "報告を一つの HTML ページとしてここに書き出します。",
    "conformance report --json": "報告を JSON としてここに書き出します。",
    "conformance report --only": "ID が一致するケースだけ(glob、繰り返し指定できます)。",
    "conformance lock": (
        "各ケースが送るものと期待するものを、テスト集の現在の版として記録します。その前に、"
        "最新の変更履歴の項目が前回の記録以降に追加・変更・削除されたケースをすべて挙げて"
        "いるかを確認します(挙げていなければ終了コード 1)。"
    ),
    "conformance export": (
        "ケースを素の JSON で書き出します: トピックごとに一つのファイルと、その JSON Schema、"
        "テスト集の版と変更履歴を持つ索引。どの言語の実行環境でも使えます。\n\n"
        "例: `adjudicator conformance export --format json build/conformance-json`"
    ),
    "conformance export directory": "書き出すフォルダ(なければ作ります)。",
    "conformance export --format": "形式は json のみです。",
    "conformance coverage": (
        "各条、特殊な状況裁定の各行、処理手順の各段階について、それを確かめるケースを"
        "示し、通しの対局が各項目を何回含むかを記録された最低回数と並べて示します。"
        "ケースのない参照や最低回数に届かない項目には印を付けます(終了コード 1)。"
    ),
    "conformance playthroughs": (
        "通しの対局を生成します: この実装のエンジンが固定したシードで"
        "最後まで指した対局を、各項目が記録された最低回数に届くように選び、ケースのフォルダの"
        "ゲームごとの `playthroughs.yaml` に書きます(その後 `adjudicator conformance lock` と "
        "`adjudicator schemas` を実行します)。数分かかります。\n\n"
        "例: `adjudicator conformance playthroughs --seed 1`"
    ),
    "conformance playthroughs --seed": "対局を生成するシード。",
    "conformance playthroughs --check": ("何も書きません。ファイルが異なれば終了コード 1。"),
    "--cases": (
        "YAML のケースファイルのフォルダ(再帰的に探します)。既定: パッケージ同梱のテスト集。"
    ),
    "--game": ("このゲームのケースだけ: 短い名前(orbit-dominion)または ID(orbit-dominion/4.2)。"),
    "--timeout": "各要求に許す秒数(書き込みと応答の合計)。",
}

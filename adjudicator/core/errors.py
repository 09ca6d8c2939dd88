"""Errors about input (never about the rules): they name where the problem is and what was
expected, so that a person can fix the input without reading a traceback — in Japanese or
in English."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from adjudicator.core.i18n import Lang, Said

if TYPE_CHECKING:  # plies needs pydantic, which a command that fails early never loads
    from adjudicator.core.judge.plies import Counting

#: What each input error code means, in both languages: the head of a message whose detail
#: was written in one language only, and the catalogue a test holds every code against.
INPUT_ERRORS: dict[str, dict[Lang, str]] = {
    "bad_encoding": {"en": "bad encoding", "ja": "文字コードの誤り"},
    "bad_executor": {"en": "bad executor address", "ja": "実行環境のアドレスの誤り"},
    "bad_game_id": {"en": "bad game id", "ja": "対局IDの誤り"},
    "bad_interpretation": {"en": "unknown reading", "ja": "解釈の値の誤り"},
    "bad_json": {"en": "not valid JSON", "ja": "JSONとして読めません"},
    "bad_notation": {"en": "bad notation", "ja": "表記の誤り"},
    "bad_option": {"en": "bad option", "ja": "オプションの誤り"},
    "bad_record": {"en": "not a record", "ja": "記録ではありません"},
    "bad_request": {"en": "bad request", "ja": "要求の誤り"},
    "bad_yaml": {"en": "not valid YAML", "ja": "YAMLとして読めません"},
    "base_in_capital": {"en": "base in the capital", "ja": "秘密基地を首都には置けません"},
    "binary_file": {"en": "not a text file", "ja": "テキストファイルではありません"},
    "board_mismatch": {"en": "another board definition", "ja": "盤の定義が異なります"},
    "executor_unreachable": {"en": "executor unreachable", "ja": "実行環境に接続できません"},
    "file_too_large": {"en": "file too large", "ja": "ファイルが大きすぎます"},
    "illegal_line": {"en": "illegal line", "ja": "不合法な手順"},
    "illegal_record": {"en": "illegal record", "ja": "不合法な記録"},
    "impossible_history": {"en": "a history no game can have", "ja": "ありえない履歴"},
    "internal_error": {"en": "internal error", "ja": "内部エラー"},
    "limit_exceeded": {"en": "over the limit", "ja": "上限を超えています"},
    "malformed_action": {"en": "malformed action", "ja": "行動の表記の誤り"},
    "malformed_commitment": {"en": "malformed commitment", "ja": "コミットメントの形式の誤り"},
    "malformed_event": {"en": "malformed event", "ja": "記録の行の形式の誤り"},
    "malformed_position": {"en": "malformed position", "ja": "局面の表記の誤り"},
    "malformed_sector": {"en": "malformed sector", "ja": "位置の表記の誤り"},
    "malformed_record": {"en": "malformed record", "ja": "記録の形式の誤り"},
    "missing_extra": {"en": "optional extra not installed", "ja": "追加パッケージが未導入"},
    "no_proof": {"en": "not a proof", "ja": "証明になっていません"},
    "not_a_file": {"en": "not a regular file", "ja": "通常のファイルではありません"},
    "noncanonical_notation": {"en": "not the canonical notation", "ja": "正規の表記ではありません"},
    "output_is_input": {"en": "output is an input", "ja": "出力先が入力と同じ"},
    "request_too_large": {"en": "request too large", "ja": "要求が大きすぎます"},
    "schema_violation": {"en": "not the record format", "ja": "記録の形式に合いません"},
    "unknown_board": {"en": "unknown board", "ja": "未知の盤"},
    "unknown_case": {"en": "unknown case", "ja": "未知のケース"},
    "unknown_command": {"en": "unknown command", "ja": "未知のコマンド"},
    "unknown_field": {"en": "unknown field", "ja": "未知の項目"},
    "unknown_game": {"en": "unknown game", "ja": "未知のゲーム"},
    "unknown_interpretation": {"en": "unknown interpretation", "ja": "未知の解釈"},
    "unknown_sector": {"en": "unknown sector", "ja": "未知の星域"},
    "unreadable_file": {"en": "cannot read the file", "ja": "ファイルを読めません"},
    "unrepresentable_comment": {
        "en": "comment without text notation",
        "ja": "テキスト表記にできないコメント",
    },
    "unrepresentable_record": {
        "en": "record without the other form",
        "ja": "もう一方の形にできない記録",
    },
    "unrepresentable_turn": {
        "en": "turn without JSON form",
        "ja": "JSON の形にできないターン",
    },
    "unsafe_path": {"en": "path outside its folder", "ja": "フォルダの外を指すパス"},
    "unsupported": {"en": "not supported", "ja": "対応していません"},
    "unsupported_format": {"en": "unsupported format", "ja": "未対応の記録形式"},
    "unsupported_protocol": {"en": "unsupported protocol", "ja": "未対応のプロトコル"},
    "unsupported_ruleset": {"en": "unsupported ruleset", "ja": "未対応のルールセット"},
    "unwritable_file": {"en": "cannot write the file", "ja": "ファイルを書けません"},
    "usage": {"en": "usage", "ja": "使い方の誤り"},
    "weak_nonce": {"en": "weak nonce", "ja": "弱いナンス"},
    "wrong_encoding": {"en": "not UTF-8", "ja": "UTF-8ではありません"},
}

_WORDS: dict[Lang, dict[str, str]] = {
    "en": {"expected": "expected {what}", "suggest": "did you mean '{what}'?"},
    "ja": {"expected": "正しい形: {what}", "suggest": "正しくは「{what}」では?"},
}

#: Locators as a Japanese reader says them: ``line 4, column 2`` → ``4行2列``.
_JA_PLACES = (
    (re.compile(r"\bline ([0-9]+), column ([0-9]+)"), r"\1行\2列"),
    (re.compile(r"\bline ([0-9]+)"), r"\1行目"),
    (re.compile(r"\bcolumn ([0-9]+)"), r"\1列目"),
)

#: A locator naming a ply (``ply 8``): said the way the game says its plies.
_PLY = re.compile(r"\bply ([0-9]+)")


def line_col(text: str, offset: int) -> str:
    """Where ``offset`` stands in ``text``, as a message locates it."""
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {col}"


def place(text: str, lang: Lang, counting: Counting | None = None) -> str:
    """A locator (``line 4``, ``ply 3``, ``moves[2]``) in words of ``lang``; a ply in the
    game's own unit (``counting``), as every other output says it: ply 8 of Astro-Stra is
    its turn 6, '6ターン目', not '8手目'."""
    if _PLY.search(text):
        from adjudicator.core.judge.plies import ply_name

        # the number of a locator this package wrote (at_ply), never read from input: the
        # number reader (core/read/numbers.py) raises this module's errors, so it is not used here
        text = _PLY.sub(lambda m: ply_name(counting, int(m[1]), lang), text)
    if lang == "ja":
        for pattern, repl in _JA_PLACES:
            text = pattern.sub(repl, text)
    return text


class InputError(ValueError):
    """Input that cannot be read: a malformed position, action, request or file.

    ``code`` is stable and machine-readable (every code is in :data:`INPUT_ERRORS`);
    ``field`` locates the problem inside the input (``"position"``, ``"moves[3]"``,
    ``"line 4"``); ``expected`` says what would have been accepted; ``suggestion`` is the
    canonical spelling when one can be inferred. ``ja`` and ``expected_ja`` say the same in
    Japanese; a ``message`` or ``expected`` from the catalogue (a :class:`Said`, made by
    :func:`~adjudicator.core.i18n.said`) carries its own. Without either, a Japanese message
    heads the English detail with what the code means. ``counting`` is how the game of a
    ``ply N`` locator says its plies (see :meth:`at_ply`). ``source`` names the file the
    input came from, when the caller that read it says so (:meth:`in_file`): a message to a
    person names it first.
    """

    source: str | None = None

    def __init__(
        self,
        code: str,
        message: str,
        *,
        ja: str | None = None,
        field: str | None = None,
        expected: str | None = None,
        expected_ja: str | None = None,
        suggestion: str | None = None,
        counting: Counting | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ja = message.ja if ja is None and isinstance(message, Said) else ja
        self.field = field
        self.expected = expected
        if expected_ja is None and isinstance(expected, Said):
            expected_ja = expected.ja
        self.expected_ja = expected_ja
        self.suggestion = suggestion
        self.counting = counting

    def at(self, field: str) -> InputError:
        """The same error located inside a larger input (``moves[2]`` of a request)."""
        inner = f"{field}.{self.field}" if self.field else field
        return InputError(
            self.code,
            self.message,
            ja=self.ja,
            field=inner,
            expected=self.expected,
            expected_ja=self.expected_ja,
            suggestion=self.suggestion,
            counting=self.counting,
        )

    def at_ply(self, ply: int, counting: Counting | None) -> InputError:
        """The same error located at ply ``ply`` of a game whose plies are said as
        ``counting`` (its ``rules.yaml``): ``field`` stays ``ply N`` for a program (the
        event's number, as the JSON ``ply``), a person reads the game's own words."""
        located = self.at(f"ply {ply}")
        located.counting = counting
        return located

    def moved(self, field: str | None) -> InputError:
        """The same error located elsewhere: at the tag that wrote the value, or nowhere
        when the message goes inside another that locates it."""
        return InputError(
            self.code,
            self.message,
            ja=self.ja,
            field=field,
            expected=self.expected,
            expected_ja=self.expected_ja,
            suggestion=self.suggestion,
            counting=self.counting,
        )

    def in_file(self, source: str) -> InputError:
        """This error, said of the file ``source`` (the shell names it before the message)."""
        self.source = source
        return self

    def text(self, lang: Lang) -> str:
        """The message alone, in ``lang``."""
        if lang == "en":
            return self.message
        if self.ja is not None:
            return self.ja
        head = INPUT_ERRORS.get(self.code, {}).get("ja")
        return f"{head}({self.message})" if head else self.message

    def describe(self, lang: Lang = "en") -> str:
        """One line for a person: where, what, and what was expected."""
        words = _WORDS[lang]
        message = self.text(lang)
        parts = [f"{place(self.field, lang, self.counting)}: {message}" if self.field else message]
        expected = self.expected_ja if lang == "ja" and self.expected_ja else self.expected
        if expected:
            parts.append(words["expected"].format(what=expected))
        if self.suggestion:
            parts.append(words["suggest"].format(what=self.suggestion))
        return "; ".join(parts)

    def to_json(self) -> dict[str, str]:
        data = {"code": self.code, "message": self.describe()}
        if self.field:
            data["field"] = self.field
        if self.suggestion:
            data["suggestion"] = self.suggestion
        return data


#: How a record's field is called when no reader says otherwise: its JSON key, quoted.
def json_key(path: str) -> str:
    """``result.reason`` → ``"reason"``: the key as the person wrote it in JSON."""
    return '"' + path.rpartition(".")[2].split("[")[0] + '"'


class RecordRule(ValueError):
    """A rule of a record's own shape (not of the game) broken, raised by a model's
    validator: worded in both languages over the fields it names, so that the reader can
    say each field the way the person wrote it (a JSON key, or a text record's tag).

    ``en`` and ``ja`` are templates whose ``{name}`` placeholders are the model's field
    names (``{reason}``), filled by :meth:`text` with what ``names`` calls the field at
    ``base`` (the model's place in the record); ``values`` fill other placeholders.
    """

    def __init__(self, en: str, ja: str, **values: str) -> None:
        super().__init__(en.format_map(_Keys(values)))
        self.en = en
        self.ja = ja
        self.values = values

    def text(self, lang: Lang, base: str = "", names: Callable[[str], str] = json_key) -> str:
        template = self.ja if lang == "ja" else self.en
        return template.format_map(_Named(self.values, base, names))


class _Keys(dict[str, str]):
    """Placeholders not given as values are field names, said as JSON keys."""

    def __missing__(self, key: str) -> str:
        return json_key(key)


class _Named(dict[str, str]):
    def __init__(self, values: dict[str, str], base: str, names: Callable[[str], str]) -> None:
        super().__init__(values)
        self.base = base
        self.names = names

    def __missing__(self, key: str) -> str:
        return self.names(f"{self.base}.{key}" if self.base else key)

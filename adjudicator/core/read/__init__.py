"""Reading a record, the first steps of the flow: bytes (``loading``), then text, then a record.

Strict JSON (``strict_json``, ``json_model``), guarded YAML (``yaml_guard``, ``yaml_model``,
``yaml_data``), the tagged text notation (``tagged_text``), numbers written in text (``numbers``),
the record model and its game-independent checks (``records``) and conversion between the JSON
form and the text notation (``conversion``). Nothing here knows a game's rules; a game supplies its
models and tag tables.
"""

"""暗黒星雲 ー帝国軍vs反乱軍ー (2011): board definitions, the rules, and the hidden base."""

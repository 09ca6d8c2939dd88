// Minimal strict JSON (RFC 8259) reader and writer for the engine protocol.
#pragma once
#include <string>
#include <vector>
#include <utility>

namespace json {

struct Value {
  enum Type { NUL, BOOL, NUM, STR, ARR, OBJ } type = NUL;
  bool b = false;
  std::string num;          // number as written
  bool isInt = false;       // number without fraction or exponent
  std::string s;            // string value (UTF-8)
  bool loneSurrogate = false;  // a \u escape made a lone surrogate
  std::vector<Value> arr;
  std::vector<std::pair<std::string, Value>> obj;

  const Value* get(const std::string& key) const {
    for (auto& kv : obj)
      if (kv.first == key) return &kv.second;
    return nullptr;
  }
};

// Parse error: code is "bad_json" or "bad_encoding".
struct ParseError {
  std::string code;
  std::string message;
};

// Throws ParseError.
Value parse(const std::string& text);

// True if the text is valid UTF-8.
bool validUtf8(const std::string& text);

// Serialise a string as a JSON string literal.
std::string quote(const std::string& s);

// A small builder for answers (keys kept in insertion order).
struct Out {
  std::string text;
  bool first = true;
  Out() { text = "{"; }
  void key(const std::string& k) {
    if (!first) text += ",";
    first = false;
    text += quote(k);
    text += ":";
  }
  void raw(const std::string& k, const std::string& rawValue) {
    key(k);
    text += rawValue;
  }
  void str(const std::string& k, const std::string& v) { raw(k, quote(v)); }
  void null(const std::string& k) { raw(k, "null"); }
  std::string done() { return text + "}"; }
};

}  // namespace json

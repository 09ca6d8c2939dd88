#include "json.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cctype>

namespace json {

namespace {

const int kMaxDepth = 64;
const size_t kMaxIntDigits = 4000;

struct Parser {
  const std::string& t;
  size_t i = 0;
  explicit Parser(const std::string& text) : t(text) {}

  [[noreturn]] void fail(const std::string& why) {
    throw ParseError{"bad_json", why + " at offset " + std::to_string(i)};
  }
  void ws() {
    while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r')) i++;
  }
  Value value(int depth) {
    ws();
    if (i >= t.size()) fail("unexpected end of input");
    char c = t[i];
    if (c == '{') return object(depth + 1);
    if (c == '[') return array(depth + 1);
    if (c == '"') {
      Value v;
      v.type = Value::STR;
      v.s = string(v.loneSurrogate);
      return v;
    }
    if (c == 't') return literal("true", Value::BOOL, true);
    if (c == 'f') return literal("false", Value::BOOL, false);
    if (c == 'n') return literal("null", Value::NUL, false);
    if (c == '-' || (c >= '0' && c <= '9')) return number();
    fail("unexpected character");
  }
  Value literal(const char* word, Value::Type type, bool b) {
    size_t n = std::string(word).size();
    if (t.compare(i, n, word) != 0) fail("invalid literal");
    i += n;
    Value v;
    v.type = type;
    v.b = b;
    return v;
  }
  Value number() {
    size_t start = i;
    bool isInt = true;
    if (t[i] == '-') i++;
    if (i >= t.size()) fail("invalid number");
    if (t[i] == '0') {
      i++;
    } else if (t[i] >= '1' && t[i] <= '9') {
      while (i < t.size() && isdigit((unsigned char)t[i])) i++;
    } else {
      fail("invalid number");
    }
    if (i < t.size() && t[i] == '.') {
      isInt = false;
      i++;
      if (i >= t.size() || !isdigit((unsigned char)t[i])) fail("invalid number");
      while (i < t.size() && isdigit((unsigned char)t[i])) i++;
    }
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
      isInt = false;
      i++;
      if (i < t.size() && (t[i] == '+' || t[i] == '-')) i++;
      if (i >= t.size() || !isdigit((unsigned char)t[i])) fail("invalid number");
      while (i < t.size() && isdigit((unsigned char)t[i])) i++;
    }
    Value v;
    v.type = Value::NUM;
    v.num = t.substr(start, i - start);
    v.isInt = isInt;
    if (isInt) {
      size_t digits = v.num.size() - (v.num[0] == '-' ? 1 : 0);
      if (digits > kMaxIntDigits) fail("integer out of range");
    } else {
      errno = 0;
      double d = std::strtod(v.num.c_str(), nullptr);
      if (std::isinf(d) || errno == ERANGE) {
        if (std::isinf(d) || std::fabs(d) > 1.0) fail("number out of range");
      }
    }
    return v;
  }
  static void putUtf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += (char)cp;
    } else if (cp < 0x800) {
      out += (char)(0xC0 | (cp >> 6));
      out += (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += (char)(0xE0 | (cp >> 12));
      out += (char)(0x80 | ((cp >> 6) & 0x3F));
      out += (char)(0x80 | (cp & 0x3F));
    } else {
      out += (char)(0xF0 | (cp >> 18));
      out += (char)(0x80 | ((cp >> 12) & 0x3F));
      out += (char)(0x80 | ((cp >> 6) & 0x3F));
      out += (char)(0x80 | (cp & 0x3F));
    }
  }
  unsigned hex4() {
    if (i + 4 > t.size()) fail("invalid \\u escape");
    unsigned v = 0;
    for (int k = 0; k < 4; k++) {
      char c = t[i++];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= c - '0';
      else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
      else fail("invalid \\u escape");
    }
    return v;
  }
  std::string string(bool& lone) {
    i++;  // opening quote
    std::string out;
    while (true) {
      if (i >= t.size()) fail("unterminated string");
      unsigned char c = (unsigned char)t[i];
      if (c == '"') {
        i++;
        return out;
      }
      if (c < 0x20) fail("control character in string");
      if (c != '\\') {
        out += (char)c;
        i++;
        continue;
      }
      i++;
      if (i >= t.size()) fail("unterminated escape");
      char e = t[i++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned cp = hex4();
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (i + 6 <= t.size() && t[i] == '\\' && t[i + 1] == 'u') {
              size_t save = i;
              i += 2;
              unsigned lo = hex4();
              if (lo >= 0xDC00 && lo <= 0xDFFF) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                putUtf8(out, cp);
                break;
              }
              i = save;
            }
            lone = true;
            putUtf8(out, 0xFFFD);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            lone = true;
            putUtf8(out, 0xFFFD);
          } else {
            putUtf8(out, cp);
          }
          break;
        }
        default: fail("invalid escape");
      }
    }
  }
  Value array(int depth) {
    if (depth > kMaxDepth) fail("nesting too deep");
    i++;
    Value v;
    v.type = Value::ARR;
    ws();
    if (i < t.size() && t[i] == ']') {
      i++;
      return v;
    }
    while (true) {
      v.arr.push_back(value(depth));
      ws();
      if (i >= t.size()) fail("unterminated array");
      if (t[i] == ',') {
        i++;
        continue;
      }
      if (t[i] == ']') {
        i++;
        return v;
      }
      fail("expected ',' or ']'");
    }
  }
  Value object(int depth) {
    if (depth > kMaxDepth) fail("nesting too deep");
    i++;
    Value v;
    v.type = Value::OBJ;
    ws();
    if (i < t.size() && t[i] == '}') {
      i++;
      return v;
    }
    while (true) {
      ws();
      if (i >= t.size() || t[i] != '"') fail("expected a key");
      bool lone = false;
      std::string k = string(lone);
      for (auto& kv : v.obj)
        if (kv.first == k) fail("duplicate key '" + k + "'");
      ws();
      if (i >= t.size() || t[i] != ':') fail("expected ':'");
      i++;
      Value item = value(depth);
      if (lone) item.loneSurrogate = true;  // a key with a lone surrogate taints its entry
      v.obj.emplace_back(k, std::move(item));
      ws();
      if (i >= t.size()) fail("unterminated object");
      if (t[i] == ',') {
        i++;
        continue;
      }
      if (t[i] == '}') {
        i++;
        return v;
      }
      fail("expected ',' or '}'");
    }
  }
};

}  // namespace

bool validUtf8(const std::string& s) {
  size_t i = 0, n = s.size();
  while (i < n) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    int len;
    unsigned cp;
    if ((c & 0xE0) == 0xC0) {
      len = 2;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4;
      cp = c & 0x07;
    } else {
      return false;
    }
    if (i + len > n) return false;
    for (int k = 1; k < len; k++) {
      unsigned char d = (unsigned char)s[i + k];
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000)) return false;
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += len;
  }
  return true;
}

Value parse(const std::string& text) {
  if (!validUtf8(text)) throw ParseError{"bad_encoding", "the line is not UTF-8"};
  Parser p(text);
  p.ws();
  if (p.i >= text.size()) throw ParseError{"bad_json", "empty line"};
  Value v = p.value(0);
  p.ws();
  if (p.i != text.size()) p.fail("trailing characters");
  return v;
}

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += (char)c;
        }
    }
  }
  out += "\"";
  return out;
}

}  // namespace json

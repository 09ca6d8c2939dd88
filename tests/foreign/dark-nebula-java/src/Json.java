import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small strict JSON (RFC 8259) reader and writer.
 * Values: Json.NULL, Boolean, String, Json.Num, List<Object>, LinkedHashMap<String,Object>.
 */
final class Json {
    static final Object NULL = new Object() {
        @Override public String toString() { return "null"; }
    };

    /** A JSON number kept as written. */
    static final class Num {
        final String text;
        final boolean integral;
        Num(String text, boolean integral) { this.text = text; this.integral = integral; }
        @Override public String toString() { return text; }
    }

    static final class BadJson extends Exception {
        BadJson(String msg) { super(msg); }
    }

    private static final int MAX_DEPTH = 64;
    private static final int MAX_INT_DIGITS = 4000;

    private final String s;
    private int pos;
    private int depth;
    private String surrogatePath;
    private final List<String> path = new ArrayList<>();

    private Json(String s) { this.s = s; }

    /** A parsed document and, if a \\u escape made a lone surrogate, where (a bad_request). */
    static final class Parsed {
        final Object value;
        final String surrogatePath;
        Parsed(Object value, String surrogatePath) { this.value = value; this.surrogatePath = surrogatePath; }
    }

    static Parsed parse(String text) throws BadJson {
        Json p = new Json(text);
        p.ws();
        if (p.pos >= p.s.length()) throw new BadJson("empty input");
        Object v = p.value();
        p.ws();
        if (p.pos != p.s.length()) throw new BadJson("unexpected content after the value at " + p.pos);
        return new Parsed(v, p.surrogatePath);
    }

    private String pathString() {
        StringBuilder b = new StringBuilder();
        for (String c : path) {
            if (c.startsWith("[")) b.append(c);
            else { if (b.length() > 0) b.append('.'); b.append(c); }
        }
        return b.length() == 0 ? "request" : b.toString();
    }

    private void ws() {
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') pos++;
            else break;
        }
    }

    private Object value() throws BadJson {
        if (pos >= s.length()) throw new BadJson("unexpected end of input");
        char c = s.charAt(pos);
        switch (c) {
            case '{': return object();
            case '[': return array();
            case '"': return string();
            case 't': lit("true"); return Boolean.TRUE;
            case 'f': lit("false"); return Boolean.FALSE;
            case 'n': lit("null"); return NULL;
            default:
                if (c == '-' || (c >= '0' && c <= '9')) return number();
                throw new BadJson("unexpected character at " + pos);
        }
    }

    private void lit(String w) throws BadJson {
        if (!s.startsWith(w, pos)) throw new BadJson("invalid literal at " + pos);
        pos += w.length();
    }

    private Map<String, Object> object() throws BadJson {
        if (++depth > MAX_DEPTH) throw new BadJson("nesting deeper than 64 levels");
        pos++;
        LinkedHashMap<String, Object> m = new LinkedHashMap<>();
        ws();
        if (pos < s.length() && s.charAt(pos) == '}') { pos++; depth--; return m; }
        while (true) {
            ws();
            if (pos >= s.length() || s.charAt(pos) != '"') throw new BadJson("expected a key at " + pos);
            String k = string();
            if (m.containsKey(k)) throw new BadJson("duplicate key " + k);
            ws();
            if (pos >= s.length() || s.charAt(pos) != ':') throw new BadJson("expected ':' at " + pos);
            pos++;
            ws();
            path.add(k);
            Object v = value();
            path.remove(path.size() - 1);
            m.put(k, v);
            ws();
            if (pos >= s.length()) throw new BadJson("unterminated object");
            char c = s.charAt(pos++);
            if (c == ',') continue;
            if (c == '}') break;
            throw new BadJson("expected ',' or '}' at " + (pos - 1));
        }
        depth--;
        return m;
    }

    private List<Object> array() throws BadJson {
        if (++depth > MAX_DEPTH) throw new BadJson("nesting deeper than 64 levels");
        pos++;
        List<Object> a = new ArrayList<>();
        ws();
        if (pos < s.length() && s.charAt(pos) == ']') { pos++; depth--; return a; }
        while (true) {
            ws();
            path.add("[" + a.size() + "]");
            a.add(value());
            path.remove(path.size() - 1);
            ws();
            if (pos >= s.length()) throw new BadJson("unterminated array");
            char c = s.charAt(pos++);
            if (c == ',') continue;
            if (c == ']') break;
            throw new BadJson("expected ',' or ']' at " + (pos - 1));
        }
        depth--;
        return a;
    }

    private String string() throws BadJson {
        pos++;
        StringBuilder b = new StringBuilder();
        while (true) {
            if (pos >= s.length()) throw new BadJson("unterminated string");
            char c = s.charAt(pos++);
            if (c == '"') break;
            if (c < 0x20) throw new BadJson("control character in a string");
            if (c != '\\') { b.append(c); continue; }
            if (pos >= s.length()) throw new BadJson("unterminated escape");
            char e = s.charAt(pos++);
            switch (e) {
                case '"': b.append('"'); break;
                case '\\': b.append('\\'); break;
                case '/': b.append('/'); break;
                case 'b': b.append('\b'); break;
                case 'f': b.append('\f'); break;
                case 'n': b.append('\n'); break;
                case 'r': b.append('\r'); break;
                case 't': b.append('\t'); break;
                case 'u': {
                    int u = hex4();
                    if (Character.isHighSurrogate((char) u)) {
                        if (pos + 6 <= s.length() && s.charAt(pos) == '\\' && s.charAt(pos + 1) == 'u') {
                            int save = pos;
                            pos += 2;
                            int lo = hex4();
                            if (Character.isLowSurrogate((char) lo)) {
                                b.append((char) u).append((char) lo);
                            } else {
                                pos = save;
                                lone();
                                b.append('\uFFFD');
                            }
                        } else {
                            lone();
                            b.append('\uFFFD');
                        }
                    } else if (Character.isLowSurrogate((char) u)) {
                        lone();
                        b.append('\uFFFD');
                    } else {
                        b.append((char) u);
                    }
                    break;
                }
                default: throw new BadJson("invalid escape at " + (pos - 1));
            }
        }
        return b.toString();
    }

    private void lone() {
        if (surrogatePath == null) surrogatePath = pathString();
    }

    private int hex4() throws BadJson {
        if (pos + 4 > s.length()) throw new BadJson("short \\u escape");
        int v = 0;
        for (int i = 0; i < 4; i++) {
            char c = s.charAt(pos++);
            int d = Character.digit(c, 16);
            if (d < 0 || c > 'f') throw new BadJson("bad \\u escape");
            v = v * 16 + d;
        }
        return v;
    }

    private Num number() throws BadJson {
        int start = pos;
        if (s.charAt(pos) == '-') pos++;
        if (pos >= s.length()) throw new BadJson("bad number");
        char c = s.charAt(pos);
        if (c == '0') {
            pos++;
        } else if (c >= '1' && c <= '9') {
            while (pos < s.length() && Character.isDigit(s.charAt(pos)) && s.charAt(pos) < 128) pos++;
        } else {
            throw new BadJson("bad number");
        }
        boolean integral = true;
        if (pos < s.length() && s.charAt(pos) == '.') {
            integral = false;
            pos++;
            int d0 = pos;
            while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') pos++;
            if (pos == d0) throw new BadJson("bad number");
        }
        if (pos < s.length() && (s.charAt(pos) == 'e' || s.charAt(pos) == 'E')) {
            integral = false;
            pos++;
            if (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) pos++;
            int d0 = pos;
            while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') pos++;
            if (pos == d0) throw new BadJson("bad number");
        }
        String t = s.substring(start, pos);
        if (integral) {
            int digits = t.startsWith("-") ? t.length() - 1 : t.length();
            if (digits > MAX_INT_DIGITS) throw new BadJson("integer too long");
        } else {
            double d;
            try { d = Double.parseDouble(t); } catch (NumberFormatException ex) { throw new BadJson("bad number"); }
            if (Double.isInfinite(d) || Double.isNaN(d)) throw new BadJson("number out of range");
        }
        return new Num(t, integral);
    }

    // ---------------------------------------------------------------- writer

    static String write(Object v) {
        StringBuilder b = new StringBuilder();
        write(b, v);
        return b.toString();
    }

    @SuppressWarnings("unchecked")
    static void write(StringBuilder b, Object v) {
        if (v == null || v == NULL) { b.append("null"); return; }
        if (v instanceof String) { str(b, (String) v); return; }
        if (v instanceof Boolean || v instanceof Integer || v instanceof Long) { b.append(v); return; }
        if (v instanceof Num) { b.append(((Num) v).text); return; }
        if (v instanceof Map) {
            b.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> e : ((Map<String, Object>) v).entrySet()) {
                if (!first) b.append(',');
                first = false;
                str(b, e.getKey());
                b.append(':');
                write(b, e.getValue());
            }
            b.append('}');
            return;
        }
        if (v instanceof List) {
            b.append('[');
            boolean first = true;
            for (Object o : (List<Object>) v) {
                if (!first) b.append(',');
                first = false;
                write(b, o);
            }
            b.append(']');
            return;
        }
        str(b, String.valueOf(v));
    }

    /** A string as JSON; non-ASCII characters written as themselves (Python's ensure_ascii=False). */
    static void str(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                case '\b': b.append("\\b"); break;
                case '\f': b.append("\\f"); break;
                default:
                    if (c < 0x20 || (Character.isSurrogate(c) && !validPair(s, i))) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        b.append('"');
    }

    private static boolean validPair(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
}

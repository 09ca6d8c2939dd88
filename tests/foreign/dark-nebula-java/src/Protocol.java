import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** The engine protocol (docs/protocol.md): hello and Dark Nebula's evaluate. */
final class Protocol {
    static final String GAME = "dark-nebula/2011";
    static final String NAME = "dark-nebula-java";
    static final String VERSION = "1.0.0";

    private static final Pattern GAME_ID = Pattern.compile("^[A-Za-z0-9._:/-]+$");
    private static final Pattern HEX64 = Pattern.compile("^[0-9a-f]{64}$");
    private static final List<String> EVALUATE_FIELDS = Arrays.asList(
        "cmd", "id", "game", "game_id", "commitment", "moves", "secret", "interpretations", "board", "notation", "start");

    /** A request that cannot be served: answered with an error object. */
    static final class RequestError extends Exception {
        final String code;
        final String field;
        final String suggestion;

        RequestError(String code, String message, String field) {
            this(code, message, field, null);
        }

        RequestError(String code, String message, String field, String suggestion) {
            super(message);
            this.code = code;
            this.field = field;
            this.suggestion = suggestion;
        }
    }

    static Map<String, Object> error(Object id, String code, String message, String field, String suggestion) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("code", code);
        e.put("message", message);
        if (field != null) e.put("field", field);
        if (suggestion != null) e.put("suggestion", suggestion);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("id", id == null ? Json.NULL : id);
        r.put("error", e);
        return r;
    }

    static Map<String, Object> error(Object id, RequestError e) {
        return error(id, e.code, e.getMessage(), e.field, e.suggestion);
    }

    /** One request line, already decoded, to one answer. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> handle(String line) {
        Json.Parsed parsed;
        try {
            parsed = Json.parse(line);
        } catch (Json.BadJson e) {
            return error(null, "bad_json", "not strict JSON: " + e.getMessage(), null, null);
        }
        if (!(parsed.value instanceof Map))
            return error(null, "bad_request", "a request is a JSON object", null, null);
        Map<String, Object> m = (Map<String, Object>) parsed.value;
        Object id = Json.NULL;
        if (m.containsKey("id")) {
            Object v = m.get("id");
            boolean ok = v == Json.NULL || v instanceof String || (v instanceof Json.Num && ((Json.Num) v).integral);
            if (!ok || "id".equals(parsed.surrogatePath))
                return error(null, "bad_request", "id: a string, an integer or null", "id", null);
            id = v;
        }
        if (parsed.surrogatePath != null)
            return error(id, "bad_request", parsed.surrogatePath + ": a \\u escape makes a lone surrogate",
                parsed.surrogatePath, null);
        Object cmd = m.get("cmd");
        if (!(cmd instanceof String))
            return error(id, "bad_request", "cmd: missing or not a string", "cmd", null);
        try {
            switch ((String) cmd) {
                case "hello": return hello(m, id);
                case "evaluate": return evaluate(m, id);
                default:
                    throw new RequestError("unknown_command", "cmd: '" + cmd + "' is not supported; expected one of evaluate, hello", "cmd");
            }
        } catch (RequestError e) {
            return error(id, e);
        }
    }

    // ------------------------------------------------------------ hello

    static Map<String, Object> hello(Map<String, Object> m, Object id) throws RequestError {
        if (m.containsKey("protocol")) {
            Object p = m.get("protocol");
            if (!(p instanceof Json.Num))
                throw new RequestError("bad_request", "protocol: an integer", "protocol");
            if (!((Json.Num) p).text.equals("1"))
                throw new RequestError("unsupported_protocol", "protocol " + p + " is not supported; this engine speaks protocol 1", "protocol");
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("id", id);
        r.put("protocol", 1);
        Map<String, Object> engine = new LinkedHashMap<>();
        engine.put("name", NAME);
        engine.put("version", VERSION);
        r.put("engine", engine);
        r.put("games", new ArrayList<>(Arrays.asList(GAME)));
        Map<String, Object> features = new LinkedHashMap<>();
        features.put(GAME, new ArrayList<>(Arrays.asList("lenient_notation", "malformed_input", "violation_codes")));
        r.put("features", features);
        return r;
    }

    // ------------------------------------------------------------ evaluate

    @SuppressWarnings("unchecked")
    static Map<String, Object> evaluate(Map<String, Object> m, Object id) throws RequestError {
        Object game = m.get("game");
        if (game == null) throw new RequestError("bad_request", "game: missing", "game");
        if (!(game instanceof String)) throw new RequestError("bad_request", "game: not a string", "game");
        if (!GAME.equals(game))
            throw new RequestError("unknown_game", "game: '" + game + "' is not supported; expected one of " + GAME, "game");
        for (String k : m.keySet()) {
            if (!EVALUATE_FIELDS.contains(k))
                throw new RequestError("bad_request", k + ": unknown field", k);
        }
        if (m.containsKey("start")) {
            Object st = m.get("start");
            if (st != Json.NULL && !"standard".equals(st))
                throw new RequestError("malformed_position", "start: Dark Nebula positions are answered, never given", "start");
        }
        Ctx ctx = new Ctx();
        Object gid = m.get("game_id");
        if (!(gid instanceof String) || !GAME_ID.matcher((String) gid).matches())
            throw new RequestError("bad_request", "game_id: letters, digits and . _ : / -", "game_id");
        ctx.gameId = (String) gid;
        Object com = m.get("commitment");
        if (!(com instanceof String) || !HEX64.matcher((String) com).matches())
            throw new RequestError("bad_request", "commitment: 64 lowercase hex digits", "commitment");
        ctx.commitment = (String) com;
        boolean lenient = false;
        if (m.containsKey("notation")) {
            Object n = m.get("notation");
            if ("lenient".equals(n)) lenient = true;
            else if (!"strict".equals(n)) throw new RequestError("bad_request", "notation: strict or lenient", "notation");
        }
        if (m.containsKey("board") && m.get("board") != Json.NULL) board(m.get("board"));
        if (m.containsKey("interpretations") && m.get("interpretations") != Json.NULL)
            interpretations(ctx, m.get("interpretations"));
        if (m.containsKey("secret") && m.get("secret") != Json.NULL) secret(ctx, m.get("secret"));
        List<Object> moves = new ArrayList<>();
        if (m.containsKey("moves")) {
            Object mv = m.get("moves");
            if (!(mv instanceof List)) throw new RequestError("bad_request", "moves: a list", "moves");
            moves = (List<Object>) mv;
        }
        List<Map<String, Object>> normalized = new ArrayList<>();
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < moves.size(); i++) {
            Object o = moves.get(i);
            String field = "moves[" + i + "]";
            if (o instanceof String) {
                String line = (String) o;
                String canon = Notation.dropStaying(Notation.canonical(line));
                if (!canon.equals(line)) {
                    if (!lenient)
                        throw new RequestError("noncanonical_notation", field + ": '" + line
                            + "' is not canonical notation; did you mean '" + canon + "'?", field, canon);
                    Map<String, Object> nz = new LinkedHashMap<>();
                    nz.put("index", i);
                    nz.put("written", line);
                    nz.put("canonical", canon);
                    normalized.add(nz);
                }
                try {
                    events.add(Notation.parseLine(canon));
                } catch (Notation.Malformed e) {
                    throw new RequestError("malformed_event", field + ": not an event line (" + e.getMessage() + ")", field);
                }
            } else if (o instanceof Map) {
                Map<String, Object> om = (Map<String, Object>) o;
                if (Notation.objectHasStaying(om)) {  // 8.0: a counter that stays is not written
                    String written = Notation.objectLine(om, false);
                    String canon = Notation.objectLine(om, true);
                    if (!lenient)
                        throw new RequestError("noncanonical_notation", field + ": '" + written
                            + "' writes a counter moving to its own sector; did you mean '" + canon + "'?", field, canon);
                    Map<String, Object> nz = new LinkedHashMap<>();
                    nz.put("index", i);
                    nz.put("written", written);
                    nz.put("canonical", canon);
                    normalized.add(nz);
                }
                try {
                    events.add(Notation.parseObject(om, true));
                } catch (Notation.Malformed e) {
                    throw new RequestError("malformed_event", field + ": not an event (" + e.getMessage() + ")", field);
                }
            } else {
                throw new RequestError("bad_request", field + ": an event line or an event object", field);
            }
        }
        Replay.Result res = Replay.run(ctx, events);
        if (res.errorCode != null) throw new RequestError(res.errorCode, res.errorMessage, res.errorField);
        State s = res.state;
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("id", id);
        r.put("illegal_at", res.fault == null ? Json.NULL : (Object) res.fault.index);
        r.put("violation", res.fault == null ? Json.NULL : res.fault.code);
        r.put("position", s.position());
        if (s.decided()) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("winner", s.winner);
            out.put("reason", s.reason);
            out.put("decided_at", s.decidedAt);
            r.put("outcome", out);
        } else {
            r.put("outcome", Json.NULL);
        }
        List<Object> pend = new ArrayList<>();
        for (Pending p : s.pending) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("code", p.code);
            e.put("ply", p.ply);
            pend.add(e);
        }
        r.put("pending", pend);
        if (lenient) r.put("normalized", normalized);
        return r;
    }

    @SuppressWarnings("unchecked")
    static void board(Object b) throws RequestError {
        if (!(b instanceof Map)) throw new RequestError("bad_request", "board: an object {id, sha256}", "board");
        Map<String, Object> bm = (Map<String, Object>) b;
        for (String k : bm.keySet()) {
            if (!k.equals("id") && !k.equals("sha256"))
                throw new RequestError("bad_request", "board." + k + ": unknown field", "board." + k);
        }
        Object bid = bm.get("id");
        if (!(bid instanceof String)) throw new RequestError("bad_request", "board.id: a string", "board.id");
        if (!Board.ID.equals(bid))
            throw new RequestError("unknown_board", "board.id: unknown board '" + bid + "'; this engine knows " + Board.ID, "board.id");
        if (bm.containsKey("sha256")) {
            Object sha = bm.get("sha256");
            if (!(sha instanceof String)) throw new RequestError("bad_request", "board.sha256: a string", "board.sha256");
            if (!Board.SHA256.equals(sha))
                throw new RequestError("board_mismatch", "board.sha256: another board definition than " + Board.ID, "board.sha256");
        }
    }

    @SuppressWarnings("unchecked")
    static void interpretations(Ctx ctx, Object o) throws RequestError {
        if (!(o instanceof Map)) throw new RequestError("bad_request", "interpretations: an object", "interpretations");
        for (Map.Entry<String, Object> e : ((Map<String, Object>) o).entrySet()) {
            String k = e.getKey();
            String field = "interpretations." + k;
            if (!(e.getValue() instanceof String)) throw new RequestError("bad_request", field + ": a string", field);
            String v = (String) e.getValue();
            boolean ok;
            switch (k) {
                case "search_sectors":
                    ok = v.equals("one-without-command-ship") || v.equals("none-without-command-ship");
                    ctx.searchNoneWithoutCommand = v.equals("none-without-command-ship");
                    break;
                case "marked_modifier":
                    ok = v.equals("own") || v.equals("both");
                    ctx.markedBoth = v.equals("both");
                    break;
                case "appear_with_empire":
                    ok = v.equals("allowed") || v.equals("forbidden");
                    ctx.appearForbidden = v.equals("forbidden");
                    break;
                case "extra_counts_toward_two":
                    ok = v.equals("counts") || v.equals("separate");
                    ctx.extraSeparate = v.equals("separate");
                    break;
                case "base_builds":
                    ok = v.equals("cruisers") || v.equals("also-rebel-kinds");
                    ctx.baseAlsoRebelKinds = v.equals("also-rebel-kinds");
                    break;
                case "nebula_entry":
                    ok = v.equals("one-step") || v.equals("each-step");
                    ctx.nebulaEachStep = v.equals("each-step");
                    break;
                case "empire_budget":
                    ok = v.equals("ships") || v.equals("any-kind");
                    ctx.empireAnyKind = v.equals("any-kind");
                    break;
                case "own_sectors":
                    ok = v.equals("base-counters-count") || v.equals("base-counters-apart");
                    ctx.baseCountersApart = v.equals("base-counters-apart");
                    break;
                default:
                    throw new RequestError("bad_request", field + ": unknown interpretation", field);
            }
            if (!ok) throw new RequestError("bad_request", field + ": unknown value '" + v + "'", field);
        }
    }

    @SuppressWarnings("unchecked")
    static void secret(Ctx ctx, Object o) throws RequestError {
        if (!(o instanceof Map)) throw new RequestError("bad_request", "secret: an object {sector, nonce}", "secret");
        Map<String, Object> sm = (Map<String, Object>) o;
        for (String k : sm.keySet()) {
            if (!k.equals("sector") && !k.equals("nonce"))
                throw new RequestError("bad_request", "secret." + k + ": unknown field", "secret." + k);
        }
        Object sec = sm.get("sector");
        Object nonce = sm.get("nonce");
        if (!(sec instanceof String)) throw new RequestError("bad_request", "secret.sector: a string", "secret.sector");
        if (!(nonce instanceof String)) throw new RequestError("bad_request", "secret.nonce: a string", "secret.nonce");
        int s = Board.sector((String) sec);
        if (s < 0) throw new RequestError("unknown_sector", "secret.sector: the board has no sector '" + sec + "'", "secret.sector");
        ctx.secretSector = s;
        ctx.secretNonce = (String) nonce;
    }
}

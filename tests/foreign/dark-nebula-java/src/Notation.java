import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The event notation of docs/dark-nebula.md (Records): text lines and JSON event objects. */
final class Notation {
    static final class Malformed extends Exception {
        Malformed(String msg) { super(msg); }
    }

    private static final Pattern STEP = Pattern.compile(
        "^(\\d+)\\.(\\d+) ([a-z]+(?: [a-z]+)?):(.*)$", Pattern.DOTALL);
    private static final Pattern PLACE = Pattern.compile("^([a-z_]+)@(\\S+)$");
    private static final Pattern MOVE = Pattern.compile("^([a-z_]+)@([^>\\s]+)>(\\S+)$");
    private static final Pattern APPEAR = Pattern.compile("^([a-z_]+)>(\\S+)$");
    private static final Pattern DICE = Pattern.compile("^([er])\\.([a-z_]+)=([0-9,]*)$");
    private static final Pattern REMOVAL = Pattern.compile("^([er])\\.([a-z_]+)$");
    private static final Pattern DIGITS = Pattern.compile("^[0-9]+$");

    // ------------------------------------------------------------ lenient spellings

    /** The line with every printed sector name replaced by its id (the one documented alternative). */
    static String canonical(String line) {
        String out = line;
        Integer[] order = new Integer[Board.N];
        for (int i = 0; i < Board.N; i++) order[i] = i;
        java.util.Arrays.sort(order, (a, b) -> Board.SECTOR_NAMES[b].length() - Board.SECTOR_NAMES[a].length());
        for (int i : order) out = out.replace(Board.SECTOR_NAMES[i], Board.SECTOR_IDS[i]);
        return out;
    }

    /**
     * 8.0 (suite 6.0.0): a movement writes only the counters that move to another sector. The line
     * with every counter written as moving to its own sector (KIND@S>S) left out, "-" if none is
     * left; the line itself when it has none (or is no movement line).
     */
    static String dropStaying(String line) {
        Matcher m = STEP.matcher(line);
        if (!m.matches()) return line;
        String name = m.group(3);
        if (!name.equals(Event.STEP_NAMES[2]) && !name.equals(Event.STEP_NAMES[5])) return line;
        String body = m.group(4);
        int semi = body.indexOf(';');
        String first = semi < 0 ? body : body.substring(0, semi);
        String rest = semi < 0 ? "" : body.substring(semi);
        String[] ts = tokens(first);
        List<String> kept = new ArrayList<>();
        boolean dropped = false;
        for (String t : ts) {
            Matcher mv = MOVE.matcher(t);
            if (mv.matches() && mv.group(2).equals(mv.group(3))) dropped = true;
            else kept.add(t);
        }
        if (!dropped) return line;
        String nf = kept.isEmpty() ? "-" : String.join(" ", kept);
        return m.group(1) + "." + m.group(2) + " " + name + ": " + nf + rest;
    }

    /**
     * An event object's movement list ("moves": [{counter, from, to}], as a JSON record holds it)
     * as the body of its line (doc gap: the JSON event schema is not in the published docs).
     */
    static String objectMoves(Object mv, boolean dropStaying) throws Malformed {
        if (!(mv instanceof List)) throw new Malformed("moves is not a list");
        List<String> out = new ArrayList<>();
        for (Object x : (List<?>) mv) {
            if (!(x instanceof Map)) throw new Malformed("a move is not an object");
            Map<?, ?> mm = (Map<?, ?>) x;
            for (Object k : mm.keySet())
                if (!k.equals("counter") && !k.equals("from") && !k.equals("to")) throw new Malformed("unknown move field " + k);
            Object c = mm.get("counter"), f = mm.get("from"), t = mm.get("to");
            if (!(c instanceof String) || !(f instanceof String) || !(t instanceof String))
                throw new Malformed("a move needs counter, from and to");
            if (dropStaying && f.equals(t)) continue;
            out.add(c + "@" + f + ">" + t);
        }
        return out.isEmpty() ? "-" : String.join(" ", out);
    }

    /** Whether an event object's movement list names a counter moving to its own sector. */
    static boolean objectHasStaying(Map<String, Object> o) {
        Object mv = o.get("moves");
        if (!(mv instanceof List)) return false;
        for (Object x : (List<?>) mv) {
            if (!(x instanceof Map)) continue;
            Object f = ((Map<?, ?>) x).get("from"), t = ((Map<?, ?>) x).get("to");
            if (f instanceof String && f.equals(t)) return true;
        }
        return false;
    }

    /** An event object written as its line (turn stamp left out when the object gives none). */
    static String objectLine(Map<String, Object> o, boolean dropStaying) {
        StringBuilder b = new StringBuilder();
        Object turn = o.get("turn");
        Object phase = o.get("phase"), side = o.get("side");
        int base = "production".equals(phase) ? 1 : "movement".equals(phase) ? 2 : "combat".equals(phase) ? 3 : 0;
        int step = base == 0 ? 0 : base + ("rebel".equals(side) ? 3 : 0);
        if (turn instanceof Json.Num && step > 0) b.append(((Json.Num) turn).text).append('.').append(step).append(' ');
        b.append(side).append(' ').append(phase).append(": ");
        try {
            b.append(o.containsKey("moves") ? objectMoves(o.get("moves"), dropStaying)
                : o.get("event") instanceof String ? (String) o.get("event") : "-");
        } catch (Malformed e) {
            b.append("?");
        }
        return b.toString();
    }

    // ------------------------------------------------------------ text lines

    static Event parseLine(String line) throws Malformed {
        Event ev = new Event();
        if (line.startsWith("setup:")) {
            ev.type = Event.Type.SETUP;
            parseSetup(ev, line.substring(6));
            return ev;
        }
        if (line.startsWith("disclose:")) {
            ev.type = Event.Type.DISCLOSE;
            parseDisclose(ev, line.substring(9));
            return ev;
        }
        Matcher m = STEP.matcher(line);
        if (!m.matches()) throw new Malformed("not an event line (no T.S stamp)");
        int turn, step;
        try {
            turn = Integer.parseInt(m.group(1));
            step = Integer.parseInt(m.group(2));
        } catch (NumberFormatException e) {
            throw new Malformed("bad turn or step number");
        }
        if (turn < 1 || step < 1 || step > 7) throw new Malformed("no step " + m.group(1) + "." + m.group(2));
        if (!Event.STEP_NAMES[step].equals(m.group(3)))
            throw new Malformed("step " + step + " is the " + Event.STEP_NAMES[step] + ", not the " + m.group(3));
        ev.type = Event.Type.STEP;
        ev.turn = turn;
        ev.step = step;
        parseBody(ev, m.group(4));
        return ev;
    }

    static void parseBody(Event ev, String body) throws Malformed {
        switch (ev.step) {
            case 1: case 4: parseProduction(ev, body); break;
            case 2: case 5: parseMovement(ev, body); break;
            case 3: case 6: parseCombat(ev, body); break;
            case 7: parseSearch(ev, body); break;
            default: throw new Malformed("no such step");
        }
    }

    // ------------------------------------------------------------ JSON event objects

    static Event parseObject(Map<String, Object> o) throws Malformed {
        return parseObject(o, false);
    }

    /** dropStaying: lenient notation, a counter moving to its own sector left out (8.0). */
    static Event parseObject(Map<String, Object> o, boolean dropStaying) throws Malformed {
        Event ev = new Event();
        Object phase = o.get("phase");
        Object side = o.get("side");
        Object turn = o.get("turn");
        Object body = o.get("event");
        for (String k : o.keySet()) {
            if (!k.equals("phase") && !k.equals("side") && !k.equals("turn") && !k.equals("event") && !k.equals("moves"))
                throw new Malformed("unknown field " + k);
        }
        if (!(phase instanceof String)) throw new Malformed("phase missing");
        if (body != null && body != Json.NULL && !(body instanceof String)) throw new Malformed("event is not a string");
        String text = body instanceof String ? (String) body : "-";
        if (o.containsKey("moves")) {
            if (!"movement".equals(phase)) throw new Malformed("moves in a " + phase + " event");
            if (body instanceof String) throw new Malformed("both event and moves");
            text = objectMoves(o.get("moves"), dropStaying);
        }
        String ph = (String) phase;
        if (ph.equals("setup")) {
            ev.type = Event.Type.SETUP;
            parseSetup(ev, text);
            return ev;
        }
        if (ph.equals("disclosure") || ph.equals("disclose")) {
            ev.type = Event.Type.DISCLOSE;
            parseDisclose(ev, text);
            return ev;
        }
        ev.type = Event.Type.STEP;
        if (turn != null && turn != Json.NULL) {
            if (!(turn instanceof Json.Num) || !((Json.Num) turn).integral) throw new Malformed("turn is not a whole number");
            try {
                ev.turn = Integer.parseInt(((Json.Num) turn).text);
            } catch (NumberFormatException e) {
                throw new Malformed("turn out of range");
            }
            if (ev.turn < 1) throw new Malformed("turn out of range");
        }
        String sd = side instanceof String ? (String) side : null;
        if (side != null && side != Json.NULL && sd == null) throw new Malformed("side is not a string");
        if (ph.equals("search")) {
            ev.step = 7;
        } else {
            int base;
            switch (ph) {
                case "production": base = 1; break;
                case "movement": base = 2; break;
                case "combat": base = 3; break;
                default: throw new Malformed("unknown phase " + ph);
            }
            if ("empire".equals(sd)) ev.step = base;
            else if ("rebel".equals(sd)) ev.step = base + 3;
            else throw new Malformed("side must be empire or rebel");
        }
        parseBody(ev, text);
        return ev;
    }

    // ------------------------------------------------------------ bodies

    private static String[] tokens(String s) {
        String t = s.trim();
        if (t.isEmpty()) return new String[0];
        return t.split("\\s+");
    }

    private static String[] parts(String body) throws Malformed {
        String[] ps = body.split(";", -1);
        for (int i = 0; i < ps.length; i++) {
            ps[i] = ps[i].trim();
            if (ps[i].isEmpty()) throw new Malformed("empty part");
        }
        return ps;
    }

    private static int kind(String k) throws Malformed {
        int x = Board.kind(k);
        if (x < 0) throw new Malformed("unknown counter " + k);
        return x;
    }

    private static int sector(Event ev, String s) {
        int x = Board.sector(s);
        if (x < 0 && ev.unknownSector == null) ev.unknownSector = s;
        return x;
    }

    private static void parseSetup(Event ev, String body) throws Malformed {
        String t = body.trim();
        if (t.equals("-")) return;
        String[] ts = tokens(t);
        if (ts.length == 0) throw new Malformed("empty set-up");
        for (String tok : ts) ev.places.add(place(ev, tok));
    }

    private static int[] place(Event ev, String tok) throws Malformed {
        Matcher m = PLACE.matcher(tok);
        if (!m.matches()) throw new Malformed("expected KIND@SECTOR, got " + tok);
        return new int[] {kind(m.group(1)), sector(ev, m.group(2))};
    }

    private static void parseProduction(Event ev, String body) throws Malformed {
        String[] ps = parts(body);
        for (int k = 0; k < ps.length; k++) {
            String p = ps[k];
            if (k == 0 && p.equals("-")) continue;
            String[] ts = tokens(p);
            if (ts[0].equals("extra")) {
                if (ev.extraPart) throw new Malformed("two extra parts");
                ev.extraPart = true;
                if (ts.length < 2) throw new Malformed("extra names no counter");
                for (int i = 1; i < ts.length; i++) ev.extras.add(place(ev, ts[i]));
            } else if (ts[0].equals("base")) {
                if (ev.basePart) throw new Malformed("two base parts");
                ev.basePart = true;
                if (ts.length < 2) throw new Malformed("base names no counter");
                for (int i = 1; i < ts.length; i++) ev.baseBuilds.add(kind(ts[i]));
            } else if (k == 0) {
                for (String tok : ts) ev.places.add(place(ev, tok));
            } else {
                throw new Malformed("unexpected part " + p);
            }
        }
    }

    private static void parseMovement(Event ev, String body) throws Malformed {
        String[] ps = parts(body);
        for (int k = 0; k < ps.length; k++) {
            String p = ps[k];
            if (k == 0 && p.equals("-")) continue;
            String[] ts = tokens(p);
            if (ts[0].equals("appear")) {
                if (ev.appearPart) throw new Malformed("two appear parts");
                ev.appearPart = true;
                if (ts.length < 2) throw new Malformed("appear names no counter");
                for (int i = 1; i < ts.length; i++) {
                    Matcher m = APPEAR.matcher(ts[i]);
                    if (!m.matches()) throw new Malformed("expected KIND>SECTOR, got " + ts[i]);
                    ev.appears.add(new int[] {kind(m.group(1)), sector(ev, m.group(2))});
                }
            } else if (k == 0) {
                for (String tok : ts) {
                    Matcher m = MOVE.matcher(tok);
                    if (!m.matches()) throw new Malformed("expected KIND@FROM>TO, got " + tok);
                    ev.moves.add(new int[] {kind(m.group(1)), sector(ev, m.group(2)), sector(ev, m.group(3))});
                }
            } else {
                throw new Malformed("unexpected part " + p);
            }
        }
    }

    private static void parseCombat(Event ev, String body) throws Malformed {
        String t = body.trim();
        if (t.equals("-")) return;
        String[] battles = parts(t);
        for (String b : battles) {
            int colon = b.indexOf(':');
            if (colon <= 0) throw new Malformed("expected SECTOR: volleys, got " + b);
            Event.Battle battle = new Event.Battle();
            String sec = b.substring(0, colon).trim();
            if (sec.isEmpty() || sec.contains(" ")) throw new Malformed("bad battle sector " + sec);
            battle.sector = sector(ev, sec);
            String rest = b.substring(colon + 1);
            String[] volleys = rest.split("\\|", -1);
            for (String v : volleys) battle.volleys.add(volley(v));
            ev.battles.add(battle);
        }
    }

    private static Event.Volley volley(String v) throws Malformed {
        String[] ts = tokens(v);
        if (ts.length == 0) throw new Malformed("empty volley");
        Event.Volley vo = new Event.Volley();
        vo.cls = Board.classIndex(ts[0]);
        if (vo.cls < 0) throw new Malformed("unknown class " + ts[0]);
        boolean removals = false;
        for (int i = 1; i < ts.length; i++) {
            String tok = ts[i];
            if (tok.equals("/")) {
                if (removals) throw new Malformed("two '/' in a volley");
                removals = true;
                continue;
            }
            if (!removals) {
                Matcher m = DICE.matcher(tok);
                if (!m.matches()) throw new Malformed("expected S.KIND=D,D, got " + tok);
                Event.DiceGroup g = new Event.DiceGroup();
                g.side = m.group(1).equals("e") ? 0 : 1;
                g.kind = kind(m.group(2));
                String ds = m.group(3);
                if (!ds.isEmpty()) {
                    for (String d : ds.split(",", -1)) {
                        if (!DIGITS.matcher(d).matches()) throw new Malformed("bad die " + d);
                        g.dice.add(number(d));
                    }
                }
                vo.groups.add(g);
            } else {
                Matcher m = REMOVAL.matcher(tok);
                if (!m.matches()) throw new Malformed("expected S.KIND, got " + tok);
                vo.removals.add(new int[] {m.group(1).equals("e") ? 0 : 1, kind(m.group(2))});
            }
        }
        return vo;
    }

    private static long number(String d) {
        String t = d.replaceFirst("^0+(?=.)", "");
        if (t.length() > 15) return Long.MAX_VALUE;
        return Long.parseLong(t);
    }

    private static void parseSearch(Event ev, String body) throws Malformed {
        String[] ps = parts(body);
        boolean sawReveal = false;
        for (int k = 0; k < ps.length; k++) {
            String p = ps[k];
            if (k == 0 && p.equals("-")) continue;
            String[] ts = tokens(p);
            if (ts[0].equals("reveal")) {
                if (sawReveal) throw new Malformed("two revelations");
                sawReveal = true;
                if (ts.length < 2 || ts.length > 3) throw new Malformed("expected reveal SECTOR NONCE");
                ev.reveal = opening(ev, ts[1], ts.length == 3 ? ts[2] : null);
            } else if (ts[0].equals("roll")) {
                if (ev.hasRoll) throw new Malformed("two rolls");
                if (ts.length != 2 || !DIGITS.matcher(ts[1]).matches()) throw new Malformed("expected roll D");
                ev.hasRoll = true;
                ev.roll = number(ts[1]);
            } else if (k == 0) {
                for (String tok : ts) ev.searched.add(sector(ev, tok));
            } else {
                throw new Malformed("unexpected part " + p);
            }
        }
    }

    private static void parseDisclose(Event ev, String body) throws Malformed {
        String[] ts = tokens(body);
        if (ts.length < 1 || ts.length > 2) throw new Malformed("expected disclose: SECTOR NONCE");
        ev.opening = opening(ev, ts[0], ts.length == 2 ? ts[1] : null);
    }

    private static Event.Opening opening(Event ev, String sector, String nonce) {
        Event.Opening o = new Event.Opening();
        o.sectorText = sector;
        o.sector = sector(ev, sector);
        o.nonce = nonce;
        return o;
    }

    static List<String> noWarnings() { return new ArrayList<>(); }
}

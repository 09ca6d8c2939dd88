import java.util.List;

/**
 * Plays the events in order (a refused event stops the replay and changes nothing) and applies
 * interpretation 15: the earliest fault the record proves is the one reported.
 */
final class Replay {
    static final class Result {
        State state;
        Fault fault;
        /** A request error instead of an answer (unknown_sector), with its field. */
        String errorCode;
        String errorField;
        String errorMessage;
    }

    static Result run(Ctx ctx, List<Event> events) {
        Result res = new Result();
        State s = new State();
        for (int i = 0; i < events.size(); i++) {
            Event ev = events.get(i);
            if (ev.unknownSector != null) {
                // A sector the board lacks: a request error, unless an opening proves an earlier fault.
                Fault f = lookahead(ctx, events, i, s.pending);
                if (f != null) {
                    res.state = s;
                    res.fault = f;
                    afterFault(ctx, events, res);
                    return res;
                }
                res.errorCode = "unknown_sector";
                res.errorField = "moves[" + i + "].event";
                res.errorMessage = "moves[" + i + "]: the board has no sector '" + ev.unknownSector + "'";
                return res;
            }
            State w = s.copy();
            try {
                Rules.apply(ctx, ev, w, i);
                s = w;
            } catch (Fault f) {
                Fault g = f;
                if (!f.proven && !Bugs.on("no-earliest-fault")) {
                    Fault h = lookahead(ctx, events, i, w.pending);
                    if (h != null) g = h;
                }
                res.state = s;
                res.fault = g;
                afterFault(ctx, events, res);
                return res;
            }
        }
        res.state = s;
        return res;
    }

    /**
     * Interpretation 15 (suite 6.0.0): the outcome is what the rules decided before the event at
     * illegal_at (a win played at or after the fault's event is no outcome), and once an opening
     * anywhere in the moves proves the base's sector, no check is pending.
     */
    static void afterFault(Ctx ctx, List<Event> events, Result res) {
        State s = res.state;
        if (s.decided() && s.decidedAt > res.fault.index) {
            s.winner = null;
            s.reason = null;
            s.decidedAt = -1;
        }
        if (!s.pending.isEmpty() && !Bugs.on("no-earliest-fault")) {
            for (Event ev : events) {
                Event.Opening o = ev.anyOpening();
                if (o == null) continue;
                if (Commitment.open(ctx, o.nonce).sector >= 0) {
                    s.pending.clear();
                    break;
                }
            }
        }
    }

    /**
     * Interpretation 15: an opening in the refused event or a later one proves the base's sector;
     * the checks deferred before the refusal run against it.
     */
    static Fault lookahead(Ctx ctx, List<Event> events, int from, List<Pending> pending) {
        for (int j = from; j < events.size(); j++) {
            Event.Opening o = events.get(j).anyOpening();
            if (o == null) continue;
            Commitment.Result r = Commitment.open(ctx, o.nonce);
            if (r.sector < 0) continue;
            if (r.weak)
                return new Fault("weak_nonce", 0, "The nonce is too weak to have hidden the base: " + r.weakDetail + ".", true);
            return Commitment.runPending(ctx, pending, r.sector);
        }
        return null;
    }
}

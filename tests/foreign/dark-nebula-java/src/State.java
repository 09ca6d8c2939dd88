import java.util.ArrayList;
import java.util.List;

/** The situation after the events accepted so far. */
final class State {
    static final int EMPIRE = 0, REBEL = 1;
    static final String[] SIDES = {"empire", "rebel"};

    /** Counters on the board: [sector][side][kind]. */
    int[][][] cnt = new int[Board.N][2][Board.KINDS];

    // 5.0: the next step
    boolean setupDone;
    int turn = 1;
    int step = 1;
    boolean disclosed;

    // 7.0, 10.0: the secret base
    int baseValue = 1;
    boolean baseRevealed;
    /** The base's sector when known (director's secret or an opening); -1 otherwise. */
    int baseSector = -1;
    /** Counters built on the hidden base (7.3). */
    int[] stock = new int[Board.KINDS];
    /** 7.2: an imperial new cruiser has been removed. */
    boolean newCruiserUnlocked;
    /** 10.5: sectors where the base and imperial counters shared a sector at the last search's end. */
    boolean[] restricted = new boolean[Board.N];
    /** Seeded bug b3-unused-production-kept: production left over, per side. */
    int[] carry = new int[2];

    // 4.0: the outcome
    String winner;
    String reason;
    int decidedAt = -1;

    /** Hidden checks still waiting for the commitment to be opened. */
    List<Pending> pending = new ArrayList<>();

    boolean decided() { return winner != null; }

    int total(int sector, int side) {
        int t = 0;
        for (int k = 0; k < Board.KINDS; k++) t += cnt[sector][side][k];
        return t;
    }

    boolean contested(int sector) {
        return total(sector, EMPIRE) > 0 && total(sector, REBEL) > 0;
    }

    /** Counters of a kind in play: on the board (either side) and on the hidden base (2.3, 6.6). */
    int inUse(int kind) {
        int t = stock[kind];
        for (int s = 0; s < Board.N; s++) t += cnt[s][EMPIRE][kind] + cnt[s][REBEL][kind];
        if (kind == Board.BASE && !baseRevealed) t += 1;
        return t;
    }

    State copy() {
        State c = new State();
        for (int s = 0; s < Board.N; s++)
            for (int d = 0; d < 2; d++) c.cnt[s][d] = cnt[s][d].clone();
        c.setupDone = setupDone;
        c.turn = turn;
        c.step = step;
        c.disclosed = disclosed;
        c.baseValue = baseValue;
        c.baseRevealed = baseRevealed;
        c.baseSector = baseSector;
        c.stock = stock.clone();
        c.newCruiserUnlocked = newCruiserUnlocked;
        c.restricted = restricted.clone();
        c.carry = carry.clone();
        c.winner = winner;
        c.reason = reason;
        c.decidedAt = decidedAt;
        c.pending = new ArrayList<>(pending);
        return c;
    }

    /** docs/engines/dark-nebula.md, Positions. */
    String position() {
        StringBuilder b = new StringBuilder("next ");
        if (!setupDone) {
            b.append("setup");
        } else {
            b.append(turn).append('.').append(step).append(' ').append(Event.STEP_NAMES[step]);
        }
        // 6.1.0: the header is always followed by its semicolon ('next setup; ' before the set-up)
        b.append("; ");
        boolean first = true;
        for (int s = 0; s < Board.N; s++) {
            String e = letters(s, EMPIRE), r = letters(s, REBEL);
            if (e.isEmpty() && r.isEmpty()) continue;
            b.append(first ? "" : " ");
            first = false;
            b.append(Board.SECTOR_IDS[s]).append('[');
            if (!e.isEmpty()) b.append("e:").append(e);
            if (!e.isEmpty() && !r.isEmpty()) b.append(' ');
            if (!r.isEmpty()) b.append("r:").append(r);
            b.append(']');
        }
        return b.toString();
    }

    private String letters(int s, int side) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < Board.KINDS; k++) {
            int n = cnt[s][side][k];
            if (n == 0) continue;
            if (b.length() > 0) b.append(',');
            b.append(Board.LETTERS[k]);
            if (n > 1) b.append(n);
        }
        return b.toString();
    }
}

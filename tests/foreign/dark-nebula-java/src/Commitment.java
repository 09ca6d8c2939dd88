import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * 3.1 and the record standard: the commitment that replaces the slip of paper, its opening,
 * and the deferred checks run against the sector an opening proves.
 */
final class Commitment {
    static final String PREFIX = "adjudicator/dark-nebula/base/1";

    /** What an opening proves. */
    static final class Result {
        /** The sector the nonce opens the commitment for, or -1 (it opens nothing). */
        int sector = -1;
        boolean weak;
        String weakDetail;
    }

    static String digest(String gameId, String sectorId, String nonce) {
        StringBuilder b = new StringBuilder("[");
        Json.str(b, PREFIX);
        b.append(',');
        Json.str(b, gameId);
        b.append(',');
        Json.str(b, sectorId);
        b.append(',');
        Json.str(b, nonce);
        b.append(']');
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] h = md.digest(b.toString().getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder();
            for (byte x : h) hex.append(String.format("%02x", x & 0xff));
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Record standard: at least 128 bits of lowercase hex with at least 8 distinct digits. */
    static String weakness(String nonce) {
        if (Bugs.on("weak-nonce-ignored")) return null;
        if (nonce == null || nonce.isEmpty()) return "no nonce";
        if (nonce.length() < 32) return "shorter than 32 hex digits";
        Set<Character> distinct = new HashSet<>();
        for (int i = 0; i < nonce.length(); i++) {
            char c = nonce.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return "not lowercase hex";
            distinct.add(c);
        }
        if (distinct.size() < 8) return "fewer than 8 distinct digits";
        return null;
    }

    /** Opens the commitment with a nonce: for which sector of the board does it match? */
    static Result open(Ctx ctx, String nonce) {
        Result r = new Result();
        String w = weakness(nonce);
        r.weak = w != null;
        r.weakDetail = w;
        if (nonce == null) return r;
        for (int s = 0; s < Board.N; s++) {
            if (digest(ctx.gameId, Board.SECTOR_IDS[s], nonce).equals(ctx.commitment)) {
                r.sector = s;
                break;
            }
        }
        return r;
    }

    /**
     * Runs the deferred checks, in the order of their events, against the proven sector;
     * returns the first that fails (reported at its own event), or null.
     */
    static Fault runPending(Ctx ctx, List<Pending> pending, int sector) {
        List<Pending> sorted = new ArrayList<>(pending);
        sorted.sort((a, b) -> Integer.compare(a.ply, b.ply));
        for (Pending p : sorted) {
            Fault f = check(ctx, p, sector);
            if (f != null) return f;
        }
        return null;
    }

    static Fault check(Ctx ctx, Pending p, int sector) {
        switch (p.code) {
            case "base_in_capital":
                if (sector == Board.TYRANN)
                    return new Fault("base_in_capital", p.ply - 1, "The secret base may not be in Tyrann.", true);
                return null;
            case "appearance_unreachable":
                if (Rules.reach(ctx, sector, p.sector, Board.MOVEMENT[p.kind]) != 0)
                    return new Fault("appearance_unreachable", p.ply - 1, Board.KIND_IDS[p.kind]
                        + " cannot reach " + Board.SECTOR_IDS[p.sector] + " from the base in "
                        + Board.SECTOR_IDS[sector] + ".", true);
                return null;
            case "concealed_base":
                if (p.sector == sector && p.answered != sector && !Bugs.on("concealment-unchecked"))
                    return new Fault("concealed_base", p.ply - 1, Board.SECTOR_IDS[sector]
                        + ", where the base was, was searched and the base did not appear.", true);
                return null;
            default:
                return null;
        }
    }
}

import java.util.ArrayList;
import java.util.List;

/** One event of a record: the set-up, one step of 5.0's order of play, or the disclosure. */
final class Event {
    enum Type { SETUP, STEP, DISCLOSE }

    static final String[] STEP_NAMES = {
        null, "empire production", "empire movement", "empire combat",
        "rebel production", "rebel movement", "rebel combat", "search",
    };

    Type type;
    /** Turn written (-1: not written, a JSON event without its turn). */
    int turn = -1;
    /** Step 1–7 of 5.0. */
    int step;

    /** A sector the board lacks, if the event names one (the event is unreadable). */
    String unknownSector;

    // set-up (3.2) and production (6.0, 7.0): KIND@SECTOR
    final List<int[]> places = new ArrayList<>();
    final List<int[]> extras = new ArrayList<>();
    boolean extraPart;
    final List<Integer> baseBuilds = new ArrayList<>();
    boolean basePart;

    // movement (8.0) and appearances (7.5)
    final List<int[]> moves = new ArrayList<>();   // kind, from, to
    final List<int[]> appears = new ArrayList<>(); // kind, dst
    boolean appearPart;

    // combat (9.0)
    final List<Battle> battles = new ArrayList<>();

    // search (10.0)
    final List<Integer> searched = new ArrayList<>();
    Opening reveal;
    boolean hasRoll;
    long roll;

    // disclosure
    Opening opening;

    /** The opening this event holds (revelation or disclosure), if any. */
    Opening anyOpening() {
        return type == Type.DISCLOSE ? opening : reveal;
    }

    static final class Opening {
        int sector;        // -1: a sector the board lacks
        String sectorText;
        String nonce;      // null: missing
    }

    static final class Battle {
        int sector;
        final List<Volley> volleys = new ArrayList<>();
    }

    static final class Volley {
        int cls;
        /** Dice groups in order: side (0 empire, 1 rebel), kind, dice. */
        final List<DiceGroup> groups = new ArrayList<>();
        /** Removals: side, kind. */
        final List<int[]> removals = new ArrayList<>();
    }

    static final class DiceGroup {
        int side;
        int kind;
        final List<Long> dice = new ArrayList<>();
    }
}

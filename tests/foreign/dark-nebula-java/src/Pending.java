/** A hidden check deferred until the commitment is opened (docs/dark-nebula.md, What waits). */
final class Pending {
    final String code;
    /** 1-based event number it concerns. */
    final int ply;
    /** Searched sector (concealed_base) or destination (appearance_unreachable). */
    final int sector;
    final int kind;
    /** concealed_base: the sector the same search step revealed the base in (-1: none). */
    final int answered;

    Pending(String code, int ply, int sector, int kind, int answered) {
        this.code = code;
        this.ply = ply;
        this.sector = sector;
        this.kind = kind;
        this.answered = answered;
    }
}

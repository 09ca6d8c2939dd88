/** A refused event: its 0-based index and violation code. */
final class Fault extends Exception {
    final String code;
    final int index;
    /** Found by opening the commitment (a deferred check or a weak nonce): no further look-ahead. */
    final boolean proven;

    Fault(String code, int index, String message) {
        this(code, index, message, false);
    }

    Fault(String code, int index, String message, boolean proven) {
        super(message);
        this.code = code;
        this.index = index;
        this.proven = proven;
    }
}

/** What a request fixes for the whole replay: the commitment, the director's secret, the readings. */
final class Ctx {
    String gameId;
    String commitment;
    /** Director's early opening (secret), or null. */
    Integer secretSector;
    String secretNonce;

    // Interpretations (docs/dark-nebula.md); defaults in bold there.
    boolean searchNoneWithoutCommand;   // search_sectors=none-without-command-ship
    boolean markedBoth;                 // marked_modifier=both
    boolean appearForbidden;            // appear_with_empire=forbidden
    boolean extraSeparate;              // extra_counts_toward_two=separate
    boolean baseAlsoRebelKinds;         // base_builds=also-rebel-kinds
    boolean nebulaEachStep;             // nebula_entry=each-step
    boolean empireAnyKind;              // empire_budget=any-kind
    boolean baseCountersApart;          // own_sectors=base-counters-apart
}

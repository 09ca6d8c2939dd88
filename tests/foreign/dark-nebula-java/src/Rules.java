import java.util.ArrayList;
import java.util.List;

/**
 * The rules of 暗黒星雲 (dark_nebula.ja.txt), one function per rule area; see ARCHITECTURE.md.
 * Each function works on a copy of the state and throws a Fault for the first violation: a
 * refused event changes nothing.
 */
final class Rules {
    static final int E = State.EMPIRE, R = State.REBEL;

    private Rules() {}

    // ================================================================ one event

    static void apply(Ctx ctx, Event ev, State w, int i) throws Fault {
        order(ev, w, i);
        switch (ev.type) {
            case SETUP:
                setup(ctx, ev, w, i);
                w.setupDone = true;
                w.turn = 1;
                w.step = 1;
                return;
            case DISCLOSE:
                disclose(ctx, ev, w, i);
                w.disclosed = true;
                return;
            default:
                break;
        }
        switch (ev.step) {
            case 1: empireProduction(ctx, ev, w, i); break;
            case 2: movement(ctx, ev, w, i, E); break;
            case 3: combat(ctx, ev, w, i); break;
            case 4: rebelProduction(ctx, ev, w, i); break;
            case 5: movement(ctx, ev, w, i, R); break;
            case 6: combat(ctx, ev, w, i); break;
            case 7: search(ctx, ev, w, i); break;
            default: throw new IllegalStateException("step " + ev.step);
        }
        advance(w);
    }

    // ================================================================ 4.0 victory, 5.0 order of play

    /** 5.0 (and 4.0: nothing after the end but the disclosure; nothing after the disclosure). */
    static void order(Event ev, State w, int i) throws Fault {
        if (w.disclosed && !Bugs.on("disclosure-not-last"))
            throw new Fault("phase_order", i, "Out of order: nothing follows the disclosure.");
        if (ev.type == Event.Type.DISCLOSE) {
            if (!w.setupDone) throw new Fault("phase_order", i, "Out of order: the disclosure before the set-up.");
            return;
        }
        if (w.decided() && !Bugs.on("play-after-the-end"))
            throw new Fault("game_over", i, "The game is already decided (" + w.reason + ").");
        if (ev.type == Event.Type.SETUP) {
            if (w.setupDone) throw new Fault("phase_order", i, "Out of order: a second set-up.");
            return;
        }
        if (!w.setupDone) throw new Fault("phase_order", i, "Out of order: the set-up comes first.");
        int turn = ev.turn < 0 ? w.turn : ev.turn;
        if (turn != w.turn || ev.step != w.step)
            throw new Fault("phase_order", i, "Out of order: " + turn + "." + ev.step + ", where "
                + w.turn + "." + w.step + " " + Event.STEP_NAMES[w.step] + " is due.");
    }

    static void advance(State w) {
        if (w.step == 7) {
            w.turn++;
            w.step = 1;
        } else {
            w.step++;
        }
    }

    /** 4.1, 4.2: removing the secret base or the imperial guard decides the game at once. */
    static void victory(State w, int kindRemoved, int side, int i) {
        if ((kindRemoved == Board.GUARD || (kindRemoved == Board.COMMAND && Bugs.on("b4-command-loss-decides"))) && side == E) {
            w.winner = "rebel";
            w.reason = "guard_destroyed";
            w.decidedAt = i + 1;
        } else if (kindRemoved == Board.BASE && side == R) {
            w.winner = "empire";
            w.reason = "base_destroyed";
            w.decidedAt = i + 1;
        }
    }

    // ================================================================ 3.0–3.2 set-up

    static void setup(Ctx ctx, Event ev, State w, int i) throws Fault {
        if (ctx.secretSector != null) {
            if (!Commitment.digest(ctx.gameId, Board.SECTOR_IDS[ctx.secretSector], ctx.secretNonce).equals(ctx.commitment))
                throw new Fault("commitment_mismatch", i,
                    "The record's base sector and nonce do not match the published commitment.", true);
            String weak = Commitment.weakness(ctx.secretNonce);
            if (weak != null) throw new Fault("weak_nonce", i, "The nonce is too weak to have hidden the base: " + weak + ".", true);
            w.baseSector = ctx.secretSector;
        }
        int battleships = 0, guardShips = 0, others = 0;
        for (int[] p : ev.places) {
            if (p[0] == Board.BATTLESHIP) battleships++;
            else if (p[0] == Board.GUARD_SHIP) guardShips++;
            else others++;
        }
        if (others > 0 || battleships != 2 || guardShips != 2)
            throw new Fault("rebel_setup_mix", i, "The rebels start with two battleships and two guard ships.");
        // Each placement in the order written, all its checks before the next placement's
        // (docs/engines/dark-nebula.md, "Several faults in one event": the set-up).
        int[] per = new int[Board.N];
        for (int[] p : ev.places) {
            if (p[1] == Board.TYRANN || (Board.NEBULA[p[1]] && !Bugs.on("b1-setup-nebula-allowed")))
                throw new Fault("rebel_setup_sector", i, "Rebels may not start in " + Board.SECTOR_IDS[p[1]] + ".");
            if (++per[p[1]] > (Bugs.on("b3-setup-two-per-sector") ? 2 : 1) && !Bugs.on("setup-crowding-allowed"))
                throw new Fault("rebel_setup_crowded", i, Board.SECTOR_IDS[p[1]] + " holds more than one rebel counter at set-up.");
            if (p[0] == Board.BATTLESHIP && Board.PRODUCTION[p[1]] < (Bugs.on("b2-battleship-setup-production-one") ? 1 : 2))
                throw new Fault("battleship_low_production", i, "Battleships start on sectors of production 2 or more ("
                    + Board.SECTOR_IDS[p[1]] + " has " + Board.PRODUCTION[p[1]] + ").");
        }
        w.cnt[Board.TYRANN][E][Board.GUARD]++;
        w.cnt[Board.TYRANN][E][Board.COMMAND]++;
        w.cnt[Board.TYRANN][E][Board.CRUISER]++;
        for (int[] p : ev.places) w.cnt[p[1]][R][p[0]]++;
        // 3.1: the base's sector, secret (checked when known)
        if (w.baseSector >= 0) {
            if (w.baseSector == Board.TYRANN)
                throw new Fault("base_in_capital", i, "The secret base may not be in Tyrann.");
        } else {
            w.pending.add(new Pending("base_in_capital", i + 1, -1, -1, -1));
        }
    }

    // ================================================================ 2.3, 6.6 the counter mix

    static void counterMix(State w, int[] wanted, int i, int side) throws Fault {
        for (int k = 0; k < Board.KINDS; k++) {
            if (wanted[k] == 0) continue;
            int left = Board.COUNT[k] - w.inUse(k);
            if (Bugs.on("b3-mix-per-side")) {
                // seeded bug: only the builder's own counters of the kind are counted as in use
                int own = side == R ? w.stock[k] : 0;
                for (int s = 0; s < Board.N; s++) own += w.cnt[s][side][k];
                left = Board.COUNT[k] - own;
            }
            if (Bugs.on("mix-ignores-base-stock")) left += w.stock[k];
            if (wanted[k] > left || (Bugs.on("b4-mix-last-counter-refused") && wanted[k] == left))
                throw new Fault("counter_unavailable", i, wanted[k] + " " + Board.KIND_IDS[k] + " wanted but only "
                    + Math.max(left, 0) + " left (there are " + Board.COUNT[k] + ").");
        }
    }

    // ================================================================ 6.0–6.7 production (the empire)

    static boolean isShip(int k) {
        return k == Board.COMMAND || k == Board.CRUISER || k == Board.NEW_CRUISER;
    }

    static boolean isHeavy(int k) {
        return k == Board.BATTLESHIP || k == Board.GUARD_SHIP;
    }

    static void empireProduction(Ctx ctx, Event ev, State w, int i) throws Fault {
        // 7.0: the base is the rebels' alone
        if (ev.basePart)
            throw new Fault("empire_base_production", i, "The empire has no secret base, so it may not build "
                + Board.KIND_IDS[ev.baseBuilds.get(0)] + " on one.");
        boolean[] own = new boolean[Board.N];
        for (int s = 0; s < Board.N; s++) own[s] = w.total(s, E) > 0;
        // docs/engines/dark-nebula.md "Several faults in one event": each counter on the board in
        // the order written (kind, then sector), then the budget, then the extra, then 6.2's limit.
        // 2.3 (1)(3), 6.4, interpretation 17: what the budget may buy; 10.5 (1), 6.2, 6.3: where
        for (int[] p : ev.places) {
            if (p[0] == Board.GUARD || p[0] == Board.BASE)
                throw new Fault("not_buildable", i, "empire may not build " + Board.KIND_IDS[p[0]] + ".");
            if (isHeavy(p[0]) && !ctx.empireAnyKind && !Bugs.on("empire-budget-any-kind"))
                throw new Fault("heavy_only_as_extra", i, "The empire builds a " + Board.KIND_IDS[p[0]]
                    + " only as its one 6.4 extra, never from its 6.1 budget.");
            placementSector(p, w, own, i);
        }
        // 6.1: the budget
        int budget = 0;
        for (int s = 0; s < Board.N; s++) {
            if (own[s] && (!w.restricted[s] || Bugs.on("restriction-ignored-in-production"))
                && (s == Board.TYRANN || !Bugs.on("b1-empire-budget-tyrann-only"))) budget += Board.PRODUCTION[s];
        }
        if (Bugs.on("b3-unused-production-kept")) budget += w.carry[E];
        int cost = 0;
        for (int[] p : ev.places) cost += Board.PRICE[p[0]];
        if (Bugs.on("b3-extra-charged-to-budget")) for (int[] x : ev.extras) if (isHeavy(x[0])) cost += Board.PRICE[x[0]];
        if (cost > budget)
            throw new Fault("over_budget", i, "The production costs " + cost + ", over the budget of " + budget + ".");
        int carried = budget - cost;
        // 6.4: the extra counter, then its sector
        if (ev.extras.size() > 1)
            throw new Fault("extra_counter", i, "The extra counter is one battleship or guard ship.");
        for (int[] x : ev.extras) {
            if (!isHeavy(x[0]))
                throw new Fault("extra_counter", i, "The extra counter is one battleship or guard ship (got "
                    + Board.KIND_IDS[x[0]] + ").");
            if (Bugs.on("b2-extra-anywhere")) {
                boolean[] any = new boolean[Board.N];
                java.util.Arrays.fill(any, true);
                placementSector(x, w, any, i);
            } else {
                placementSector(x, w, own, i);
            }
        }
        List<int[]> all = new ArrayList<>(ev.places);
        all.addAll(ev.extras);
        // 6.2, interpretation 6: two new counters per sector
        int[] per = new int[Board.N];
        for (int[] p : ev.places) per[p[1]]++;
        if (!ctx.extraSeparate) for (int[] x : ev.extras) per[x[1]]++;
        for (int s = 0; s < Board.N; s++) {
            if (per[s] > (Bugs.on("b4-empire-three-per-sector") ? 3 : 2))
                throw new Fault("placement_limit", i, "More than two new counters placed in " + Board.SECTOR_IDS[s] + ".");
        }
        // 6.6: the counter mix
        int[] wanted = new int[Board.KINDS];
        for (int[] p : all) wanted[p[0]]++;
        counterMix(w, wanted, i, E);
        for (int[] p : all) w.cnt[p[1]][E][p[0]]++;
        if (Bugs.on("b3-unused-production-kept")) w.carry[E] = carried;
    }

    /** 10.5 (1), 6.2, 6.3: where one new imperial counter may be placed. */
    static void placementSector(int[] p, State w, boolean[] own, int i) throws Fault {
        int s = p[1];
        if (w.restricted[s] && !Bugs.on("restriction-ignored-in-production"))
            throw new Fault("sector_restricted", i, Board.SECTOR_IDS[s]
                + " shares a sector with the base, so this imperial production may not use it.");
        if (!own[s])
            throw new Fault("placement_not_own_sector", i, Board.SECTOR_IDS[s]
                + " holds no own counter, so nothing may be placed there.");
        boolean ship = isShip(p[0]) && !(p[0] == Board.NEW_CRUISER && Bugs.on("b2-new-cruiser-outside-capital"));
        if (ship && s != Board.TYRANN)
            throw new Fault("imperial_ship_outside_capital", i, "An imperial " + Board.KIND_IDS[p[0]]
                + " may be placed only at Tyrann (not " + Board.SECTOR_IDS[s] + ").");
    }

    // ================================================================ 6.0–6.7, 7.0–7.4 production (the rebels)

    /** Interpretation 10: sectors holding rebel counters as production begins. */
    static boolean[] rebelSectors(Ctx ctx, State w) {
        boolean[] own = new boolean[Board.N];
        for (int s = 0; s < Board.N; s++) {
            for (int k = 0; k < Board.KINDS; k++) {
                if (w.cnt[s][R][k] == 0) continue;
                if (k == Board.BASE && !Bugs.on("base-counter-owns-its-sector")) continue;
                if (ctx.baseCountersApart && (k == Board.CRUISER || k == Board.NEW_CRUISER)) continue;
                own[s] = true;
            }
        }
        return own;
    }

    static void rebelProduction(Ctx ctx, Event ev, State w, int i) throws Fault {
        if (ev.extraPart)
            throw new Fault("extra_counter", i, "The 6.4 extra counter is the empire's.");
        boolean[] own = rebelSectors(ctx, w);
        // 6.5: battleships and guard ships
        // (each counter in the order written: its kind, then 6.2's own sectors only)
        for (int[] p : ev.places) {
            if (!isHeavy(p[0]))
                throw new Fault("not_buildable", i, "rebel may not build " + Board.KIND_IDS[p[0]] + ".");
            if (!own[p[1]])
                throw new Fault("placement_not_own_sector", i, Board.SECTOR_IDS[p[1]]
                    + " holds no own counter, so nothing may be placed there.");
        }
        // 6.1, 7.4: the sectors' budget, apart from the base's
        int budget = 0;
        for (int s = 0; s < Board.N; s++) if (own[s]) budget += Board.PRODUCTION[s];
        if (Bugs.on("b1-base-value-added")) budget += w.baseValue;
        if (Bugs.on("b3-unused-production-kept")) budget += w.carry[R];
        int cost = 0;
        for (int[] p : ev.places) cost += Board.PRICE[p[0]];
        if (cost > budget)
            throw new Fault("over_budget", i, "The production costs " + cost + ", over the budget of " + budget + ".");
        int carried = budget - cost;
        int[] per = new int[Board.N];
        for (int[] p : ev.places) per[p[1]]++;
        for (int s = 0; s < Board.N; s++) {
            if (per[s] > 2 && !Bugs.on("b1-rebel-placement-unlimited"))
                throw new Fault("placement_limit", i, "More than two new counters placed in " + Board.SECTOR_IDS[s] + ".");
        }
        baseProduction(ctx, ev, w, i);
        int[] wanted = new int[Board.KINDS];
        for (int[] p : ev.places) wanted[p[0]]++;
        for (int k : ev.baseBuilds) wanted[k]++;
        counterMix(w, wanted, i, R);
        for (int[] p : ev.places) w.cnt[p[1]][R][p[0]]++;
        if (Bugs.on("b3-unused-production-kept")) w.carry[R] = carried;
        // 7.3: on the base (any number); once the base is on the board, in its sector
        for (int k : ev.baseBuilds) {
            if (w.baseRevealed && w.baseSector >= 0) w.cnt[w.baseSector][R][k]++;
            else w.stock[k]++;
        }
    }

    /** 7.1, 7.2, 7.4, interpretation 7: what the base may build, within its own value. */
    static void baseProduction(Ctx ctx, Event ev, State w, int i) throws Fault {
        int cost = 0;
        for (int k : ev.baseBuilds) {
            if (k == Board.NEW_CRUISER && !w.newCruiserUnlocked && !Bugs.on("new-cruiser-never-locked"))
                throw new Fault("new_cruiser_locked", i,
                    "The base may build new cruisers only after an imperial new cruiser was removed.");
            boolean allowed = k == Board.CRUISER || k == Board.NEW_CRUISER
                || (ctx.baseAlsoRebelKinds && isHeavy(k)) || (k == Board.BATTLESHIP && Bugs.on("b2-base-builds-battleships"));
            if (!allowed)
                throw new Fault("base_counter_kind", i, "The base may not build " + Board.KIND_IDS[k] + ".");
            cost += Board.PRICE[k];
        }
        if (cost > w.baseValue || (Bugs.on("b4-base-budget-strict") && cost > 0 && cost >= w.baseValue))
            throw new Fault("base_over_budget", i, "The base's production costs " + cost + ", over its value of "
                + w.baseValue + ".");
    }

    // ================================================================ 8.0–8.3 movement, 7.5 appearances

    /** 8.0, 8.3, interpretation 8: 0 reachable, 1 too far, 2 barred by the nebula. */
    static int reach(Ctx ctx, int src, int dst, int allowance) {
        if (src == dst) return 0;
        int plain = Board.distance(src, dst, null);
        if (ctx.nebulaEachStep || Bugs.on("nebula-ignored")) return plain <= allowance ? 0 : 1;
        if (Board.NEBULA[src] && Bugs.on("b1-nebula-internal-free")) return plain <= allowance ? 0 : 1;
        if (Board.ADJ[src][dst] && allowance >= 1) return 0;
        // seeded bug: a move out of a nebula sector also limited to one step
        if (Board.NEBULA[src] && Bugs.on("b4-nebula-exit-one-step")) return plain <= allowance ? 2 : 1;
        if (Bugs.on("b3-nebula-transit-free") && !Board.NEBULA[dst]) return plain <= allowance ? 0 : 1;
        int clear = Board.distance(src, dst, Board.NOT_NEBULA);
        if (clear <= allowance) return 0;
        return plain <= allowance ? 2 : 1;
    }

    static void movement(Ctx ctx, Event ev, State w, int i, int side) throws Fault {
        int[][] movable = new int[Board.N][];
        for (int s = 0; s < Board.N; s++) movable[s] = w.cnt[s][side].clone();
        // "Several faults in one event": every move's counter before any move's distance
        // (the counters of the position before the step: a counter moves once).
        int[][] sim = new int[Board.N][];
        for (int s = 0; s < Board.N; s++) sim[s] = w.cnt[s][side].clone();
        for (int[] m : ev.moves) {
            int k = m[0], from = m[1], to = m[2];
            if ((Bugs.on("b1-move-twice") ? sim[from][k] : movable[from][k]) <= 0)
                throw new Fault("no_counter", i, State.SIDES[side] + " has no " + Board.KIND_IDS[k] + " in "
                    + Board.SECTOR_IDS[from] + ".");
            movable[from][k]--;
            sim[from][k]--;
            sim[to][k]++;
        }
        for (int[] m : ev.moves) {
            int k = m[0], from = m[1], to = m[2];
            if (side == E && w.restricted[from] && !Bugs.on("restriction-ignored-in-movement"))
                throw new Fault("movement_restricted", i, "Imperial counters in " + Board.SECTOR_IDS[from]
                    + " shared it with the base and may not move this time.");
            if (Board.MOVEMENT[k] == 0)
                throw new Fault("immobile", i, Board.KIND_IDS[k] + " has allowance 0 and never moves.");
            int r = reach(ctx, from, to, Board.MOVEMENT[k]);
            if (r == 0 && Bugs.on("b2-enemy-blocks-path") && !Board.ADJ[from][to] && from != to) {
                boolean[] open = new boolean[Board.N];
                for (int n = 0; n < Board.N; n++)
                    open[n] = n == to || (w.total(n, 1 - side) == 0 && (!Board.NEBULA[n] || ctx.nebulaEachStep));
                if (Board.distance(from, to, open) > Board.MOVEMENT[k]) r = 1;
            }
            if (r == 1)
                throw new Fault("too_far", i, Board.SECTOR_IDS[to] + " is out of reach from " + Board.SECTOR_IDS[from]
                    + " with allowance " + Board.MOVEMENT[k] + ".");
            if (r == 2)
                throw new Fault("nebula_entry", i, "No move from " + Board.SECTOR_IDS[from] + " to " + Board.SECTOR_IDS[to]
                    + ": a nebula sector may be entered only by a one-step move from a sector next to it.");
            w.cnt[from][side][k]--;
            w.cnt[to][side][k]++;
        }
        if (ev.appearPart) appearances(ctx, ev, w, i, side);
    }

    /** 7.5: counters on the hidden base appear at the end of their move, by the movement rules. */
    static void appearances(Ctx ctx, Event ev, State w, int i, int side) throws Fault {
        if (side != R || w.baseRevealed)
            throw new Fault("appearance_not_allowed", i,
                "Counters appear from the base only from an unrevealed base, in the rebel movement.");
        for (int[] a : ev.appears) {
            int k = a[0], dst = a[1];
            if (w.stock[k] <= 0)
                throw new Fault("not_on_base", i, "There is no " + Board.KIND_IDS[k] + " on the base.");
            if (ctx.appearForbidden && w.total(dst, E) > 0)
                throw new Fault("appearance_with_empire", i, "Under this reading, nothing may appear in "
                    + Board.SECTOR_IDS[dst] + ", which holds imperial counters.");
            if (w.baseSector >= 0) {
                if (reach(ctx, w.baseSector, dst, Board.MOVEMENT[k]) != 0 && !Bugs.on("appearance-unchecked"))
                    throw new Fault("appearance_unreachable", i, Board.KIND_IDS[k] + " cannot reach "
                        + Board.SECTOR_IDS[dst] + " from the base in " + Board.SECTOR_IDS[w.baseSector] + ".");
            } else {
                w.pending.add(new Pending("appearance_unreachable", i + 1, dst, k, -1));
            }
            w.stock[k]--;
            w.cnt[dst][R][k]++;
        }
    }

    // ================================================================ 9.0–9.7 combat

    static void combat(Ctx ctx, Event ev, State w, int i) throws Fault {
        int prevSector = -1;
        for (Event.Battle b : ev.battles) {
            if (Bugs.on("b2-battles-board-order")) {
                if (b.sector < prevSector)
                    throw new Fault("battle_missing", i, "The battle in an earlier sector was not fought first.");
                prevSector = b.sector;
            }
            if (w.decided())
                throw new Fault("game_over", i, "The game is already decided (" + w.reason + ").");
            if (!w.contested(b.sector))
                throw new Fault("not_contested", i, Board.SECTOR_IDS[b.sector] + " does not hold both sides' counters.");
            battle(ctx, b, w, i);
        }
        if (w.decided()) return;
        for (int s = 0; s < Board.N; s++) {
            if (w.contested(s))
                throw new Fault("battle_missing", i, "The battle in " + Board.SECTOR_IDS[s] + " was not fought.");
        }
    }

    /** 9.1–9.5: a counter's combat class. */
    static int classOf(int k) {
        // seeded bug: the guard ship's allowance 0 read as 9.1's "移動力０★"
        if (k == Board.GUARD_SHIP && Bugs.on("b3-guard-ship-fires-first")) return 0;
        // seeded bug: the new cruiser (新型巡航艇) fires with the cruisers (巡航艇), class 2
        if (k == Board.NEW_CRUISER && Bugs.on("b4-new-cruiser-fires-with-cruisers")) return 2;
        return Board.CLASS[k];
    }

    static boolean classPresent(State w, int s, int cls) {
        for (int k = 0; k < Board.KINDS; k++) {
            if (classOf(k) != cls) continue;
            if (w.cnt[s][E][k] > 0 || w.cnt[s][R][k] > 0) return true;
        }
        return false;
    }

    /** 9.1, 9.3, 9.5, 9.7: the class that fires next; after the last class a new cycle starts at 0★. */
    static int nextClass(State w, int s, int last) {
        for (int c = last + 1; c < Board.CLASS_NAMES.length; c++) if (classPresent(w, s, c)) return c;
        int first = Bugs.on("b3-cycle-restarts-at-class-3") && last >= 0 ? 1 : 0;
        for (int c = first; c < Board.CLASS_NAMES.length; c++) if (classPresent(w, s, c)) return c;
        if (first > 0 && classPresent(w, s, 0)) return 0;
        return -1;
    }

    static void battle(Ctx ctx, Event.Battle b, State w, int i) throws Fault {
        int s = b.sector;
        int last = -1;
        boolean ended = false;
        boolean[] markedAtStart = {w.cnt[s][E][Board.COMMAND] > 0, w.cnt[s][R][Board.BASE] > 0};
        for (Event.Volley v : b.volleys) {
            if (w.decided() && !Bugs.on("b1-victory-at-battle-end"))
                throw new Fault("volley_after_victory", i, "The game was decided; no volley follows it.");
            if (ended)
                throw new Fault("volley_after_end", i, "A volley is recorded after the battle ended.");
            int expected = nextClass(w, s, last);
            if (v.cls != expected && !Bugs.on("class-order-ignored"))
                throw new Fault("class_order", i, "Class " + Board.CLASS_NAMES[expected] + " fires now, not "
                    + Board.CLASS_NAMES[v.cls] + ".");
            volley(ctx, v, w, s, i, markedAtStart);
            last = v.cls;
            if (w.total(s, E) == 0 || w.total(s, R) == 0) ended = true;
            if (Bugs.on("b1-one-cycle-only")) {
                boolean later = false;
                for (int c = last + 1; c < Board.CLASS_NAMES.length; c++) if (classPresent(w, s, c)) later = true;
                if (!later) ended = true;
            }
        }
        if (!ended && (!w.decided() || Bugs.on("b1-victory-at-battle-end")))
            throw new Fault("battle_unfinished", i, "The battle stops while both sides still have counters.");
    }

    /** One class firing: dice (2.4, 9.1, 9.3), the ○ modifier (9.6), hits and removals (9.2, 9.4). */
    static void volley(Ctx ctx, Event.Volley v, State w, int s, int i, boolean[] markedAtStart) throws Fault {
        // "Several faults in one event": the empire's dice before the rebels', counter by counter,
        // a counter's number of dice (dice_count) before their faces (die_value).
        int[][] got = new int[2][Board.KINDS];
        boolean[][] written = new boolean[2][Board.KINDS];
        for (Event.DiceGroup g : v.groups) {
            got[g.side][g.kind] += g.dice.size();
            written[g.side][g.kind] = true;
        }
        for (int side = 0; side < 2; side++) {
            for (Event.DiceGroup g : v.groups) {
                if (g.side != side) continue;
                int exp = classOf(g.kind) == v.cls ? w.cnt[s][g.side][g.kind] : 0;
                if (got[g.side][g.kind] != exp)
                    throw new Fault("dice_count", i, State.SIDES[g.side] + " rolls " + exp + " dice for "
                        + Board.KIND_IDS[g.kind] + ", not " + got[g.side][g.kind] + ".");
                for (long d : g.dice) {
                    if (d < 1 || d > 6)
                        throw new Fault("die_value", i, "A die shows " + d + ", not 1–6.");
                }
            }
            for (int k = 0; k < Board.KINDS; k++) {
                if (classOf(k) == v.cls && w.cnt[s][side][k] > 0 && !written[side][k])
                    throw new Fault("dice_count", i, State.SIDES[side] + " rolls " + w.cnt[s][side][k]
                        + " dice for " + Board.KIND_IDS[k] + ", not 0.");
            }
        }
        boolean markedE = w.cnt[s][E][Board.COMMAND] > 0;
        boolean markedR = w.cnt[s][R][Board.BASE] > 0 && !Bugs.on("b3-base-mark-ignored");
        if (Bugs.on("b1-marked-after-death")) {
            markedE = markedAtStart[0];
            markedR = markedAtStart[1];
        }
        int[] hits = new int[2];
        for (Event.DiceGroup g : v.groups) {
            int mod = 0;
            boolean ownDie = Board.MARKED[g.kind] && !Bugs.on("marked-modifies-its-own-die");
            if (!ownDie) {
                boolean helped = ctx.markedBoth ? (markedE || markedR) : (g.side == E ? markedE : markedR);
                // seeded bug: the ○ counter lowers the other side's dice
                if (!ctx.markedBoth && Bugs.on("b4-mark-helps-enemy")) helped = g.side == E ? markedR : markedE;
                if (helped) mod = 1;
            }
            boolean strict = Bugs.on("b1-hit-strictly-below");
            for (long d : g.dice) if (strict ? d - mod < Board.ATTACK[g.kind] : d - mod <= Board.ATTACK[g.kind]) hits[g.side]++;
        }
        int[] removed = new int[2];
        for (int[] r : v.removals) removed[r[0]]++;
        for (int side = 0; side < 2; side++) {
            int taken = hits[1 - side];
            int exp = Bugs.on("b4-removals-uncapped") ? taken : Math.min(taken, w.total(s, side));
            if (removed[side] != exp)
                throw new Fault("removal_count", i, State.SIDES[side] + " removes " + exp + " counters (the hits it took, "
                    + taken + ", at most the counters it has) but removed " + removed[side] + ".");
        }
        int[][] left = new int[2][];
        left[0] = w.cnt[s][E].clone();
        left[1] = w.cnt[s][R].clone();
        for (int[] r : v.removals) {
            if (left[r[0]][r[1]] <= 0)
                throw new Fault("removal_not_present", i, State.SIDES[r[0]] + " has no " + Board.KIND_IDS[r[1]]
                    + " here to remove.");
            left[r[0]][r[1]]--;
        }
        for (int[] r : v.removals) {
            w.cnt[s][r[0]][r[1]]--;
            if (r[0] == E && (r[1] == Board.NEW_CRUISER || (r[1] == Board.CRUISER && Bugs.on("b1-unlock-on-cruiser-loss")))) {
                boolean anyLeft = false;
                for (int t = 0; t < Board.N; t++) if (w.cnt[t][E][Board.NEW_CRUISER] > 0) anyLeft = true;
                // seeded bug: unlocked only once no imperial new cruiser is left on the board
                if (!(Bugs.on("b3-unlock-needs-every-new-cruiser") && anyLeft)) w.newCruiserUnlocked = true;
            }
            victory(w, r[1], r[0], i);
        }
    }

    // ================================================================ 10.0–10.7 the search step

    static boolean commandShipOnBoard(State w) {
        for (int s = 0; s < Board.N; s++) if (w.cnt[s][E][Board.COMMAND] > 0) return true;
        return false;
    }

    static void search(Ctx ctx, Event ev, State w, int i) throws Fault {
        // 10.1, interpretation 2
        boolean command = commandShipOnBoard(w);
        int limit = command || Bugs.on("b2-two-searches-without-command") ? 2 : (ctx.searchNoneWithoutCommand ? 0 : 1);
        if (command && Bugs.on("b4-search-limit-three")) limit = 3;
        if (ev.searched.size() > limit)
            throw new Fault("too_many_searches", i, "At most " + limit + " sectors may be searched (got "
                + ev.searched.size() + ").");
        for (int x : ev.searched) {
            if (Bugs.on("b3-search-needs-command-and-escort") && (w.cnt[x][E][Board.COMMAND] == 0 || w.total(x, E) < 2))
                throw new Fault("search_not_allowed", i, Board.SECTOR_IDS[x] + " may not be searched.");
            if (w.total(x, E) == 0)
                throw new Fault("search_not_allowed", i, Board.SECTOR_IDS[x] + " may not be searched.");
        }
        if (ev.searched.size() == 2) {
            int a = ev.searched.get(0), b = ev.searched.get(1);
            if (a == b || (w.cnt[a][E][Board.COMMAND] == 0 && w.cnt[b][E][Board.COMMAND] == 0 && !Bugs.on("b1-search-pair-any")))
                throw new Fault("search_not_allowed", i, Board.SECTOR_IDS[b] + " may not be searched.");
        }
        // 10.6
        if (ev.reveal != null && w.baseRevealed)
            throw new Fault("already_revealed", i, "The base has already appeared.");
        // 10.2: a searched base must appear
        boolean hidden = !w.baseRevealed;
        int named = ev.reveal != null ? ev.reveal.sector : -1;
        if (hidden) {
            for (int x : ev.searched) {
                if (w.baseSector >= 0) {
                    if (x == w.baseSector && named != w.baseSector && !Bugs.on("concealment-unchecked"))
                        throw new Fault("concealed_base", i, Board.SECTOR_IDS[x]
                            + ", where the base was, was searched and the base did not appear.");
                } else {
                    w.pending.add(new Pending("concealed_base", i + 1, x, -1, named));
                }
            }
        }
        boolean hiddenAtStart = !w.baseRevealed;
        // seeded bug: 10.5's restriction judged from the position before this step's revelation
        boolean[] restrictedEarly = new boolean[Board.N];
        for (int s = 0; s < Board.N; s++)
            restrictedEarly[s] = w.cnt[s][R][Board.BASE] > 0 && w.total(s, E) > 0;
        // 10.2, 10.3, 10.4: the revelation
        if (ev.reveal != null) {
            opening(ctx, ev.reveal, w, i, false);
            reveal(w);
        }
        // 10.7: the base's roll while it stays hidden
        if (Bugs.on("b2-roll-decided-before-reveal") ? hiddenAtStart : !w.baseRevealed) {
            if (!ev.hasRoll)
                throw new Fault("base_roll", i, "The 10.7 die is rolled while the base is hidden (recorded: none).");
            if (ev.roll < 1 || ev.roll > 6)
                throw new Fault("die_value", i, "A die shows " + ev.roll + ", not 1–6.");
            boolean raise = Bugs.on("roll-equal-raises") ? ev.roll >= w.baseValue : ev.roll > w.baseValue;
            if (raise && w.baseValue < (Bugs.on("b2-base-value-cap-five") ? 5 : 6)) w.baseValue++;
        } else if (ev.hasRoll) {
            throw new Fault("base_roll", i, "The 10.7 die is not rolled once the base has appeared (recorded: "
                + ev.roll + ").");
        }
        // 10.5: restrictions on the next imperial production and movement
        for (int s = 0; s < Board.N; s++)
            w.restricted[s] = (w.cnt[s][R][Board.BASE] > 0 && w.total(s, E) > 0)
                || (w.restricted[s] && Bugs.on("b2-restriction-sticky"));
        if (Bugs.on("b4-restriction-before-reveal")) w.restricted = restrictedEarly;
    }

    /** 10.2, 10.3: the base appears with every counter on it; 10.4 its value is fixed. */
    static void reveal(State w) {
        int s = w.baseSector;
        w.cnt[s][R][Board.BASE]++;
        for (int k = 0; k < Board.KINDS; k++) {
            w.cnt[s][R][k] += w.stock[k];
            w.stock[k] = 0;
        }
        w.baseRevealed = true;
    }

    /** 3.1, record standard: an opening (revelation or disclosure) checked against the commitment. */
    static void opening(Ctx ctx, Event.Opening o, State w, int i, boolean disclosure) throws Fault {
        Commitment.Result r = Commitment.open(ctx, o.nonce);
        if (r.sector >= 0 && r.weak)
            throw new Fault("weak_nonce", 0, "The nonce is too weak to have hidden the base: " + r.weakDetail + ".", true);
        if (r.sector < 0) {
            if (r.weak)
                throw new Fault("weak_nonce", i, "The nonce is too weak to have hidden the base: " + r.weakDetail + ".");
            throw new Fault("wrong_nonce", i, "The nonce does not open the commitment for any sector.");
        }
        Fault f = Commitment.runPending(ctx, w.pending, r.sector);
        if (f != null) throw f;
        // 3.1 as the engines doc states it: the sector the commitment opens decides; a
        // disclosure naming another sector is itself false (false_disclosure), a revelation
        // elsewhere is revealed_elsewhere
        if (o.sector != r.sector && disclosure)
            throw new Fault("false_disclosure", i, "The disclosure names " + o.sectorText
                + ", but the commitment opens for " + Board.SECTOR_IDS[r.sector] + ": the disclosure is false.", true);
        if (o.sector != r.sector)
            throw new Fault("revealed_elsewhere", i, "The base was committed to " + Board.SECTOR_IDS[r.sector]
                + " but appeared in " + o.sectorText + ".", true);
        w.baseSector = r.sector;
        w.pending.clear();
    }

    /** The post-game disclosure. */
    static void disclose(Ctx ctx, Event ev, State w, int i) throws Fault {
        if (w.baseRevealed)
            throw new Fault("already_revealed", i, "The base has already appeared.");
        opening(ctx, ev.opening, w, i, true);
    }
}

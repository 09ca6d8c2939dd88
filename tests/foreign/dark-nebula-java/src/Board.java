import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * 2.1–2.3: the default board definition (default/2011-placeholders-2) as docs/dark-nebula.md
 * prints it: fourteen sectors, their production values and neighbours, and the seven counters.
 */
final class Board {
    static final String ID = "default/2011-placeholders-2";
    static final String SHA256 = "14794397380152e33b551d977a3ca680271295472103b447ae439d41b1aca89a";

    // ------------------------------------------------------------ sectors (2.1)
    static final String[] SECTOR_IDS = {
        "tyrann", "earth", "raigerin", "nafaelas", "zarek", "radia", "raibia", "imobu", "sector-9",
        "nebula-1", "nebula-2", "nebula-3", "nebula-4", "nebula-5",
    };
    static final String[] SECTOR_NAMES = {
        "タイラント", "地球", "ライゲリン", "ナファエラス", "ザレク", "ラディア", "ライビア", "イモーブ", "星域9",
        "暗黒星雲1", "暗黒星雲2", "暗黒星雲3", "暗黒星雲4", "暗黒星雲5",
    };
    static final int[] PRODUCTION = {3, 2, 2, 2, 2, 2, 0, 0, 1, 1, 1, 1, 1, 1};
    static final boolean[] NEBULA = {
        false, false, false, false, false, false, false, false, false, true, true, true, true, true,
    };
    static final String[][] NEIGHBOURS = {
        {"raibia", "imobu", "zarek", "sector-9"},
        {"zarek", "radia", "raigerin"},
        {"earth", "radia", "nafaelas", "nebula-4"},
        {"raibia", "sector-9", "raigerin", "nebula-3"},
        {"tyrann", "sector-9", "radia", "earth"},
        {"imobu", "zarek", "earth", "raigerin"},
        {"tyrann", "imobu", "nafaelas", "nebula-1"},
        {"tyrann", "raibia", "radia", "nebula-2"},
        {"tyrann", "zarek", "nafaelas"},
        {"raibia", "nebula-2", "nebula-5"},
        {"imobu", "nebula-1", "nebula-3"},
        {"nafaelas", "nebula-2", "nebula-4"},
        {"raigerin", "nebula-3", "nebula-5"},
        {"nebula-1", "nebula-4"},
    };
    static final int N = SECTOR_IDS.length;
    static final int TYRANN = 0;
    static final boolean[][] ADJ = new boolean[N][N];

    static {
        for (int i = 0; i < N; i++)
            for (String nb : NEIGHBOURS[i]) ADJ[i][sector(nb)] = true;
    }

    static int sector(String id) {
        for (int i = 0; i < N; i++) if (SECTOR_IDS[i].equals(id)) return i;
        return -1;
    }

    static int sectorByName(String name) {
        for (int i = 0; i < N; i++) if (SECTOR_NAMES[i].equals(name)) return i;
        return -1;
    }

    // ------------------------------------------------------------ counters (2.3)
    static final int GUARD = 0, COMMAND = 1, BASE = 2, CRUISER = 3, NEW_CRUISER = 4, BATTLESHIP = 5, GUARD_SHIP = 6;
    static final int KINDS = 7;
    static final String[] KIND_IDS = {
        "imperial_guard", "command_ship", "secret_base", "cruiser", "new_cruiser", "battleship", "guard_ship",
    };
    /** Letters of the position, in 2.3's order. */
    static final char[] LETTERS = {'G', 'C', 'B', 'c', 'n', 'b', 'g'};
    static final int[] COUNT = {1, 1, 1, 4, 3, 4, 5};
    static final int[] PRICE = {-1, 4, -1, 3, 4, 3, 2};
    static final int[] ATTACK = {4, 2, 3, 2, 3, 4, 3};
    static final int[] MOVEMENT = {0, 3, 0, 2, 3, 1, 0};
    /** ○ on the attack value (9.6). */
    static final boolean[] MARKED = {false, true, true, false, false, false, false};
    /** Combat class index in 9.1–9.5's order: 0★, 3, 2, 1, 0. */
    static final int[] CLASS = {0, 1, 0, 2, 1, 3, 4};
    static final String[] CLASS_NAMES = {"0★", "3", "2", "1", "0"};

    static int kind(String id) {
        for (int i = 0; i < KINDS; i++) if (KIND_IDS[i].equals(id)) return i;
        return -1;
    }

    static int classIndex(String name) {
        for (int i = 0; i < CLASS_NAMES.length; i++) if (CLASS_NAMES[i].equals(name)) return i;
        return -1;
    }

    // ------------------------------------------------------------ distances (8.0, 8.3)

    /** Steps from src to dst; a node (other than src) is usable only if allowed[node]. */
    static int distance(int src, int dst, boolean[] allowed) {
        if (src == dst) return 0;
        int[] d = new int[N];
        Arrays.fill(d, -1);
        d[src] = 0;
        ArrayDeque<Integer> q = new ArrayDeque<>();
        q.add(src);
        while (!q.isEmpty()) {
            int u = q.poll();
            for (int v = 0; v < N; v++) {
                if (!ADJ[u][v] || d[v] >= 0) continue;
                if (allowed != null && !allowed[v]) continue;
                d[v] = d[u] + 1;
                if (v == dst) return d[v];
                q.add(v);
            }
        }
        return Integer.MAX_VALUE;
    }

    static final boolean[] NOT_NEBULA = new boolean[N];
    static {
        for (int i = 0; i < N; i++) NOT_NEBULA[i] = !NEBULA[i];
    }
}

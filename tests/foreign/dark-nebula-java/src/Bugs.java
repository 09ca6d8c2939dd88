import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/** ENGINE_BUG: a comma-separated list of deliberate defects to switch on (unset: the correct engine). */
final class Bugs {
    private static final Set<String> ON = new HashSet<>();

    static {
        String v = System.getenv("ENGINE_BUG");
        if (v != null) {
            for (String s : v.split(",")) {
                String t = s.trim();
                if (!t.isEmpty()) ON.add(t);
            }
        }
    }

    static boolean on(String name) {
        return ON.contains(name);
    }

    static Set<String> all() {
        return new HashSet<>(ON);
    }

    private Bugs() {}

    static String describe() {
        return Arrays.toString(ON.toArray());
    }
}

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** JSON Lines on stdin, one answer line per request on stdout (docs/protocol.md). */
public final class Main {
    static final int LIMIT = 1_048_576;

    public static void main(String[] args) throws IOException {
        InputStream in = new BufferedInputStream(System.in, 1 << 16);
        OutputStream out = new java.io.BufferedOutputStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), 1 << 16);
        PrintStream err = System.err;
        byte[] buf = new byte[LIMIT + 2];
        while (true) {
            int len = 0;
            boolean tooLarge = false;
            boolean any = false;
            int c;
            while ((c = in.read()) != -1) {
                any = true;
                if (c == '\n') break;
                if (len < buf.length) buf[len++] = (byte) c;
                else tooLarge = true;
            }
            if (!any) break;
            boolean eof = c == -1;
            int content = len;
            if (!tooLarge && content > 0 && buf[content - 1] == '\r') content--;
            if (!tooLarge && content > LIMIT) tooLarge = true;
            String answer;
            if (tooLarge) {
                answer = Json.write(Protocol.error(null, "request_too_large",
                    "the request line is over 1 MiB (1,048,576 bytes)", null, null));
            } else {
                answer = serve(buf, content, err);
            }
            out.write(answer.getBytes(StandardCharsets.UTF_8));
            out.write('\n');
            out.flush();
            if (eof) break;
        }
        out.flush();
        System.exit(0);
    }

    static String serve(byte[] buf, int len, PrintStream err) {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
        String line;
        try {
            line = dec.decode(ByteBuffer.wrap(buf, 0, len)).toString();
        } catch (CharacterCodingException e) {
            return Json.write(Protocol.error(null, "bad_encoding", "the line is not UTF-8", null, null));
        }
        try {
            Map<String, Object> r = Protocol.handle(line);
            return Json.write(r);
        } catch (RuntimeException | StackOverflowError e) {
            err.println("internal error: " + e);
            e.printStackTrace(err);
            err.flush();
            return Json.write(Protocol.error(null, "internal_error", "internal error: " + e, null, null));
        }
    }
}

package dev.sextant.model.contamination;

import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.ScanResult.Location;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One thread of a {@link CorpusScanner} scan. Tokens come from the tokenizer in batches as hashes and source offsets
 * only; the rolling n-gram hash runs over them, each batch's n-grams are probed together, and the rare hash hit is
 * confirmed by reading its tokens again from the source, which is still in memory when its batch is probed (a JSONL
 * document's text, or the text buffer, whose tail of recent tokens is kept when it is refilled).
 */
final class ScanWorker {
    /** Tokens per tokenizer batch. */
    private static final int TOKENS = 1024;

    private final NgramIndex index;
    private final ScanSpec spec;
    private final CancellationToken cancel;
    private final AtomicLong bytesDone;
    private final long totalBytes;
    private final long started;
    private final ProgressListener progress;
    private final Tokenizer tokenizer;
    /** Reads a hit's tokens again, with their bytes. */
    private final Tokenizer replay;

    private final int n;
    private final long basePowN;
    /**
     * Hash and source offset of the last {@code ringMask + 1 ≥ TOKENS + n + CONTEXT} tokens: a batch and what its
     * n-grams and their snippets reach back to.
     */
    private final long[] ringHash;

    private final long[] ringOffset;
    private final int ringMask;
    private final byte[][] fieldNames;
    private final JsonFields.Value[] values;
    private final JsonFields.Value chatText = new JsonFields.Value();

    /** Results of the unit being scanned. */
    FileResult current = new FileResult("");

    private final long[] candidateHash = new long[TOKENS];
    private final long[] candidateFirst = new long[TOKENS];
    private final long[] candidateKey = new long[TOKENS];
    private final int[] candidateHead = new int[TOKENS];

    // the text being tokenized, for replay: source offset o lies at source[o − sourceBase], up to sourceEnd
    private byte[] source;
    private long sourceBase;
    private int sourceEnd;

    // per document
    private long count;
    private long roll;
    private long recordFrom = Long.MIN_VALUE;
    private long recordBefore = Long.MAX_VALUE;
    private String file;
    private long docOffset;
    private boolean jsonDocument;
    private long tokensPastEnd;
    /** Documents started by this worker: tells a match in a new document from one in the document of the last. */
    private long documentCount;

    ScanWorker(
            NgramIndex index,
            ScanSpec spec,
            CancellationToken cancel,
            AtomicLong bytesDone,
            long totalBytes,
            long started,
            ProgressListener progress) {
        this.index = index;
        this.spec = spec;
        this.cancel = cancel;
        this.bytesDone = bytesDone;
        this.totalBytes = totalBytes;
        this.started = started;
        this.progress = progress;
        this.n = index.n();
        this.tokenizer = new Tokenizer(spec.normalization(), false, TOKENS);
        this.replay = new Tokenizer(spec.normalization(), true, n + CorpusScanner.CONTEXT);
        int ring = Integer.highestOneBit(TOKENS + n + CorpusScanner.CONTEXT) << 1;
        this.ringHash = new long[ring];
        this.ringOffset = new long[ring];
        this.ringMask = ring - 1;
        this.basePowN = index.basePowN();
        this.fieldNames = spec.idField() == null
                ? new byte[][] {spec.textField().getBytes(StandardCharsets.UTF_8)}
                : new byte[][] {
                    spec.textField().getBytes(StandardCharsets.UTF_8),
                    spec.idField().getBytes(StandardCharsets.UTF_8)
                };
        this.values = new JsonFields.Value[fieldNames.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = new JsonFields.Value();
        }
    }

    /** Scans one unit and returns what it found. */
    FileResult scan(CorpusUnit unit) {
        file = unit.file();
        current = new FileResult(unit.file());
        tokenizer.invalidBytes = 0;
        if (unit.format() == CorpusUnit.Format.DOCUMENTS) {
            tokenizer.countInvalidIn(Long.MIN_VALUE, Long.MAX_VALUE);
            unit.documents(spec.textField(), spec.idField(), null, null, this::document);
            current.invalidUtf8Bytes = tokenizer.invalidBytes;
            report(unit.sizeBytes() - current.bytes);
            return current;
        }
        try (CorpusUnit.CorpusStream in = unit.open()) {
            if (unit.format() == CorpusUnit.Format.TEXT) {
                tokenizer.countInvalidIn(unit.start(), unit.end()); // the bytes this unit owns
                scanText(unit, in);
            } else {
                tokenizer.countInvalidIn(Long.MIN_VALUE, Long.MAX_VALUE); // each document's text: its line is ours
                scanJsonl(unit, in);
            }
            current.invalidUtf8Bytes = tokenizer.invalidBytes;
            report(unit.sizeBytes() - current.bytes);
            return current;
        } catch (IOException e) {
            throw new BadInputException(file, 0, null, "cannot read: " + CorpusFiles.readProblem(e), e);
        } catch (UncheckedIOException e) {
            throw new BadInputException(file, 0, null, "cannot read: " + CorpusFiles.readProblem(e.getCause()), e);
        }
    }

    private void scanJsonl(CorpusUnit unit, CorpusUnit.CorpusStream in) throws IOException {
        byte[] buf = new byte[CorpusScanner.BUFFER];
        int len = 0;
        long bufStart = unit.readFrom(); // stream offset of buf[0]
        boolean eof = false;
        int lineStart = 0;
        if (unit.start() > 0) {
            // reading began at start − 1: skip through the first line break (a line starting exactly at our
            // start follows the byte before it, which is then that break)
            int nl = -1;
            while (!eof && (nl = indexOf(buf, (byte) '\n', 0, len)) < 0) {
                bufStart += len;
                len = 0;
                int r = in.read(buf, 0, buf.length);
                if (r < 0) {
                    eof = true;
                } else {
                    len = r;
                }
            }
            lineStart = nl < 0 ? len : nl + 1;
        }
        boolean done = false;
        while (!done) {
            cancel.throwIfCancelled();
            if (!eof && len < buf.length) {
                int r = in.read(buf, len, buf.length - len);
                if (r < 0) {
                    eof = true;
                } else {
                    len += r;
                }
            }
            int i = lineStart;
            while (true) {
                int nl = indexOf(buf, (byte) '\n', i, len);
                if (nl < 0) {
                    break;
                }
                long off = bufStart + lineStart;
                if (off >= unit.end()) {
                    done = true;
                    break;
                }
                document(buf, lineStart, nl, off);
                lineStart = nl + 1;
                i = lineStart;
            }
            if (!done && eof) {
                long off = bufStart + lineStart;
                if (lineStart < len && off < unit.end()) {
                    document(buf, lineStart, len, off);
                }
                done = true;
            }
            if (!done) {
                if (lineStart == 0 && len == buf.length) {
                    buf = Arrays.copyOf(buf, buf.length * 2); // a line longer than the buffer
                } else {
                    System.arraycopy(buf, lineStart, buf, 0, len - lineStart);
                    bufStart += lineStart;
                    len -= lineStart;
                    lineStart = 0;
                }
            }
            reportRead(in, unit);
        }
    }

    private void scanText(CorpusUnit unit, CorpusUnit.CorpusStream in) throws IOException {
        byte[] buf = new byte[CorpusScanner.BUFFER];
        int len = 0;
        long bufStart = unit.readFrom(); // stream offset of buf[0]
        int pos = 0;
        boolean eof = false;
        if (unit.start() > 0) {
            int need = (int) (unit.start() - unit.readFrom());
            while (len <= need) {
                int r = in.read(buf, len, buf.length - len);
                if (r < 0) {
                    eof = true;
                    break;
                }
                len += r;
            }
            // begin after the first line break of the look-back, so no token is cut in half and the matches just
            // before our start are seen: a passage that the unit before owns the start of is not a new place here
            int nl = indexOf(buf, (byte) '\n', 0, Math.min(need, len));
            pos = nl < 0 ? 0 : nl + 1;
        }
        startDocument(bufStart + pos, false, unit.start(), unit.end());
        source = buf;
        while (true) {
            cancel.throwIfCancelled();
            if (!eof && len < buf.length) {
                int r = in.read(buf, len, buf.length - len);
                if (r < 0) {
                    eof = true;
                } else {
                    len += r;
                }
            }
            // one continuous text; stop once the n-grams starting before our end are complete
            while (pos < len && tokensPastEnd < n) {
                pos = tokenizer.feed(buf, pos, len, bufStart, !eof);
                boolean full = tokenizer.count == TOKENS;
                sourceBase = bufStart;
                sourceEnd = pos;
                take();
                if (!full) {
                    break;
                }
            }
            if (eof || tokensPastEnd >= n) {
                tokenizer.finish();
                take();
                break;
            }
            // keep the tokens later n-grams and their context still need, and the open token, then refill
            int kept = (int) Math.min(len, keepFrom() - bufStart);
            kept = Math.max(0, Math.min(kept, pos));
            System.arraycopy(buf, kept, buf, 0, len - kept);
            bufStart += kept;
            len -= kept;
            pos -= kept;
            if (len == buf.length) {
                buf = Arrays.copyOf(buf, buf.length * 2);
                source = buf;
            }
            reportRead(in, unit);
        }
    }

    /** Source offset of the oldest byte the next n-grams may need to read again. */
    private long keepFrom() {
        int back = n - 1 + CorpusScanner.CONTEXT;
        if (count > 0) {
            return ringOffset[(int) Math.max(0, count - back) & ringMask];
        }
        long open = tokenizer.openStart();
        return open >= 0 ? open : Long.MAX_VALUE;
    }

    private void reportRead(CorpusUnit.CorpusStream in, CorpusUnit unit) {
        long raw = Math.min(in.rawBytesRead(), unit.sizeBytes());
        report(raw - current.bytes);
    }

    private void report(long delta) {
        if (delta <= 0) {
            return;
        }
        current.bytes += delta;
        long done = bytesDone.addAndGet(delta);
        double seconds = (System.nanoTime() - started) / 1e9;
        double rate = seconds > 0 ? done / 1e6 / seconds : 0;
        double eta = rate > 0 ? (totalBytes - done) / 1e6 / rate : Double.NaN;
        progress.progress(
                Math.min(1, (double) done / totalBytes),
                String.format(
                        "scanned %.0f of %.0f MB, %.0f MB/s%s",
                        done / 1e6,
                        totalBytes / 1e6,
                        rate,
                        Double.isNaN(eta) ? "" : String.format(", %.0f s left", eta)));
    }

    private static int indexOf(byte[] b, byte v, int from, int to) {
        return JsonFields.indexOf(b, v, from, to);
    }

    /** One JSONL line: pull the text (and id) and tokenize it as a document of its own. */
    private void document(byte[] buf, int from, int to, long offset) {
        if (to > from && buf[to - 1] == '\r') {
            to--;
        }
        int i = from;
        while (i < to && (buf[i] == ' ' || buf[i] == '\t')) {
            i++;
        }
        if (i == to) {
            return; // blank line
        }
        if (!JsonFields.extract(buf, from, to, fieldNames, values)) {
            current.skipped++;
            return;
        }
        JsonFields.Value body = values[0];
        if (!body.found) {
            // no text field: a chat line gives its messages' text (checked only here, so plain lines pay nothing)
            if (!JsonFields.chat(buf, from, to, chatText)) {
                current.skipped++;
                return;
            }
            body = chatText;
        }
        current.documents++;
        startDocument(offset, true, Long.MIN_VALUE, Long.MAX_VALUE);
        text(body.bytes, 0, body.length);
    }

    /** One document handed over whole (a Parquet row): its row number is its offset in locations. */
    private void document(long row, byte[] text, int length, DocumentFields fields) {
        String id = fields.id();
        if ((row & 1023) == 0) {
            cancel.throwIfCancelled();
        }
        if (text == null) {
            current.skipped++; // a null text, or a row that is not a chat
            return;
        }
        if (values.length > 1) {
            values[1].clear();
            if (id != null) {
                byte[] b = id.getBytes(StandardCharsets.UTF_8);
                values[1].addAll(b, 0, b.length);
                values[1].found = true;
            }
        }
        current.documents++;
        startDocument(row, true, Long.MIN_VALUE, Long.MAX_VALUE);
        text(text, 0, length);
    }

    /** Tokenizes one whole text and probes its n-grams, while the text is still at hand. */
    void text(byte[] bytes, int from, int to) {
        source(bytes, to);
        int pos = from;
        while (pos < to) {
            pos = tokenizer.feed(bytes, pos, to, 0, false);
            take();
        }
        tokenizer.finish();
        take();
    }

    private void startDocument(long offset, boolean json, long recordFrom, long recordBefore) {
        count = 0;
        roll = 0;
        tokenizer.reset();
        docOffset = offset;
        jsonDocument = json;
        this.recordFrom = recordFrom;
        this.recordBefore = recordBefore;
        tokensPastEnd = 0;
        documentCount++;
        if (recordFrom == 0) {
            current.documents++; // a text file counts as one document
        }
    }

    /**
     * Runs the rolling n-gram hash over the tokenizer's batch and asks the Bloom filter about every n-gram in the
     * same loop: the answers do not feed back into the loop, so the CPU keeps many of its cache misses in flight.
     * The few n-grams that pass are looked up in the table after the loop.
     */
    private void take() {
        Tokenizer t = tokenizer;
        long[] hashes = t.hashes;
        long[] starts = t.starts;
        int c = t.count;
        long[] rh = ringHash;
        long[] ro = ringOffset;
        int mask = ringMask;
        long roll = this.roll;
        long count = this.count;
        int nc = 0;
        for (int k = 0; k < c; k++) {
            long h = hashes[k];
            long out = count >= n ? rh[(int) (count - n) & mask] : 0;
            int slot = (int) count & mask;
            rh[slot] = h;
            ro[slot] = starts[k];
            roll = roll * NgramIndex.BASE + h - out * basePowN;
            count++;
            if (count >= n) {
                candidateFirst[nc] = count - n;
                candidateHash[nc] = roll;
                nc += index.mayContain(roll) ? 1 : 0; // no branch: nearly every answer is no
            }
        }
        this.roll = roll;
        this.count = count;
        if (recordBefore != Long.MAX_VALUE) {
            for (int k = c - 1; k >= 0 && starts[k] >= recordBefore; k--) {
                tokensPastEnd++;
            }
        }
        t.clear();
        if (nc > 0) {
            lookUp(nc);
        }
    }

    /** Looks up n-grams that passed the Bloom filter: {@code candidateHash[0, nc)}, first tokens {@code candidateFirst}. */
    void lookUp(int nc) {
        // read their table slots in a loop without dependencies, so that the misses overlap
        for (int c = 0; c < nc; c++) {
            int slot = index.firstSlot(candidateHash[c]);
            candidateKey[c] = index.keyAt(slot);
            candidateHead[c] = index.headAt(slot);
        }
        for (int c = 0; c < nc; c++) {
            long key = candidateHash[c];
            int p = candidateHead[c] == -1 ? -1 : candidateKey[c] == key ? candidateHead[c] : index.headOfTable(key);
            if (p < 0) {
                continue;
            }
            long first = candidateFirst[c];
            long firstOffset = ringOffset[(int) first & ringMask];
            if (firstOffset >= recordBefore) {
                continue; // this n-gram belongs to the next unit
            }
            boolean before = firstOffset < recordFrom; // the previous unit's: only where its passages end is noted
            if (!before) {
                current.hashHits++;
            }
            readAgain(firstOffset);
            for (; p >= 0; p = index.nextPosting(p)) {
                int item = index.postingItem(p);
                int pos = index.postingPosition(p);
                if (confirm(item, pos)) {
                    if (before) {
                        lastMatch(item, first);
                    } else {
                        record(item, pos, first, firstOffset);
                    }
                } else if (!before) {
                    current.collisions++;
                }
            }
        }
    }

    /** Sets candidate {@code c}: an n-gram hash and the index of its first token. */
    void candidate(int c, long hash, long first) {
        candidateHash[c] = hash;
        candidateFirst[c] = first;
    }

    /** Makes {@code bytes[0, length)} the text that hits are read again from. */
    void source(byte[] bytes, int length) {
        source = bytes;
        sourceBase = 0;
        sourceEnd = length;
    }

    /** Tokenizes the source again from {@code offset}, with the tokens' bytes, as far as the replay batch holds. */
    private void readAgain(long offset) {
        replay.reset();
        replay.feed(source, (int) (offset - sourceBase), sourceEnd, sourceBase, false);
        if (replay.count < n + CorpusScanner.CONTEXT) {
            replay.finish();
        }
    }

    /** Whether the n tokens read again equal item {@code item}'s tokens from {@code pos}. */
    private boolean confirm(int item, int pos) {
        if (replay.count < n) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            int from = replay.tokenStart(k);
            if (!index.tokenEquals(item, pos + k, replay.text, from, replay.ends[k] - from)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Notes a confirmed match. A location is kept for each new corpus place of the item, up to the cap: a document
     * (JSONL line, Parquet row) counts once however often the item's n-grams occur in it, and in a text file a passage
     * of overlapping or touching matched n-grams counts once. Places past the cap are only counted.
     */
    private void record(int item, int pos, long first, long firstOffset) {
        current.matched.computeIfAbsent(item, x -> new BitSet()).set(pos);
        long[] last = current.lastMatch.get(item);
        if (last != null && last[0] == documentCount && (jsonDocument || first <= last[1] + n)) {
            last[1] = first; // the same place goes on
            return;
        }
        lastMatch(item, first);
        current.places.merge(item, 1L, Long::sum);
        List<Location> l = current.locations.computeIfAbsent(item, x -> new ArrayList<>());
        if (l.size() < spec.locationsPerItem()) {
            long offset = recordFrom == Long.MIN_VALUE ? docOffset : firstOffset;
            String id = jsonDocument && values.length > 1 && values[1].found ? values[1].text() : null;
            l.add(new Location(file, offset, id, snippet(first, firstOffset)));
            readAgain(firstOffset); // leave the replay as confirm expects it for the next posting
        }
    }

    /** Notes that item {@code item} matched the corpus n-gram starting at token {@code first} of this document. */
    private void lastMatch(int item, long first) {
        long[] last = current.lastMatch.get(item);
        if (last == null) {
            current.lastMatch.put(item, new long[] {documentCount, first});
        } else {
            last[0] = documentCount;
            last[1] = first;
        }
    }

    /** Up to eight tokens before the match, then the matched n-gram in brackets (normalised text). */
    private String snippet(long first, long firstOffset) {
        long from = Math.max(0, first - CorpusScanner.CONTEXT);
        readAgain(ringOffset[(int) from & ringMask]);
        StringBuilder sb = new StringBuilder();
        if (from > 0) {
            sb.append("… ");
        }
        int f = (int) (first - from);
        for (int t = 0; t < f + n && t < replay.count; t++) {
            if (t == f) {
                sb.append('[');
            }
            int start = replay.tokenStart(t);
            sb.append(new String(replay.text, start, replay.ends[t] - start, StandardCharsets.UTF_8));
            sb.append(t == f + n - 1 ? "] …" : " ");
        }
        return sb.toString();
    }
}

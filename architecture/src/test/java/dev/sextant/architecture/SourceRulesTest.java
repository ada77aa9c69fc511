package dev.sextant.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** House rules read from the sources and POMs of every module, where the compiled classes cannot tell. */
class SourceRulesTest {

    /** A type named by its package inside code: lower-case segments, then a capitalised name. */
    private static final Pattern QUALIFIED = Pattern.compile(
            "(?<![\\w.])((?:java|javax|javafx|dev|org|com|jcuda|picocli|ai|scala)\\.(?:[a-z_][a-z0-9_]*\\.)+)([A-Z][A-Za-z0-9_]*)");

    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern IMPORT = Pattern.compile("^import\\s+([\\w.]+)\\.(\\w+);", Pattern.MULTILINE);
    private static final Pattern DECLARED = Pattern.compile("\\b(?:class|interface|enum|record)\\s+([A-Z]\\w*)");

    static Path root;
    static List<Path> sources;
    /** Package → the top-level types declared in it, across modules and main/test. */
    static Map<String, Set<String>> packages = new HashMap<>();

    @BeforeAll
    static void readTheTree() throws IOException {
        root = Path.of("").toAbsolutePath().getParent();
        assertThat(root.resolve("pom.xml"))
                .as("the architecture module runs inside the repository")
                .exists();
        try (Stream<Path> s = Files.walk(root)) {
            sources = s.filter(p -> p.toString().endsWith(".java")
                            && p.toString().contains("/src/")
                            && !p.toString().contains("/target/"))
                    .sorted()
                    .toList();
        }
        for (Path p : sources) {
            Matcher m = PACKAGE.matcher(Files.readString(p));
            if (m.find()) {
                packages.computeIfAbsent(m.group(1), k -> new HashSet<>())
                        .add(p.getFileName().toString().replace(".java", ""));
            }
        }
        assertThat(sources).hasSizeGreaterThan(500);
    }

    /**
     * Types are imported and named simply. A qualified name in code is allowed only where the simple name is taken: imported
     * from another package, declared in the file, a type of the same package or of {@code java.lang}.
     */
    @Test
    void noInlineFullyQualifiedNames() {
        List<String> found = new ArrayList<>();
        for (Path p : sources) {
            String text = read(p);
            String code = CodeText.withoutCommentsAndStrings(text);
            Matcher pm = PACKAGE.matcher(text);
            String pkg = pm.find() ? pm.group(1) : "";
            Map<String, String> imported = new HashMap<>();
            Matcher im = IMPORT.matcher(text);
            while (im.find()) {
                imported.put(im.group(2), im.group(1));
            }
            Set<String> declared = new HashSet<>();
            Matcher dm = DECLARED.matcher(code);
            while (dm.find()) {
                declared.add(dm.group(1));
            }
            String[] lines = code.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i].strip();
                if (line.startsWith("import ") || line.startsWith("package ")) {
                    continue;
                }
                Matcher m = QUALIFIED.matcher(lines[i]);
                while (m.find()) {
                    String owner = m.group(1).substring(0, m.group(1).length() - 1);
                    String name = m.group(2);
                    boolean taken =
                            imported.containsKey(name) && !imported.get(name).equals(owner)
                                    || declared.contains(name) && !owner.equals(pkg)
                                    || packages.getOrDefault(pkg, Set.of()).contains(name) && !owner.equals(pkg)
                                    || JavaLang.NAMES.contains(name) && !owner.equals("java.lang");
                    if (!taken) {
                        found.add(root.relativize(p) + ":" + (i + 1) + ": " + owner + "." + name);
                    }
                }
            }
        }
        assertThat(found)
                .as("import these types instead of naming their package in code")
                .isEmpty();
    }

    /** A dependency listed twice in one POM block is a version waiting to disagree with itself. */
    @Test
    void noDependencyIsListedTwiceInAPom() throws IOException {
        List<String> found = new ArrayList<>();
        List<Path> poms;
        try (Stream<Path> s = Files.walk(root, 2)) {
            poms = s.filter(p -> p.getFileName().toString().equals("pom.xml"))
                    .sorted()
                    .toList();
        }
        Pattern block = Pattern.compile("<dependencies>(.*?)</dependencies>", Pattern.DOTALL);
        Pattern dep = Pattern.compile(
                "<dependency>\\s*<groupId>([^<]+)</groupId>\\s*<artifactId>([^<]+)</artifactId>(.*?)</dependency>",
                Pattern.DOTALL);
        Pattern classifier = Pattern.compile("<(?:classifier|type)>([^<]+)</");
        for (Path pom : poms) {
            String xml = read(pom).replaceAll("(?s)<!--.*?-->", "");
            Matcher b = block.matcher(xml);
            while (b.find()) {
                Set<String> seen = new HashSet<>();
                Matcher d = dep.matcher(b.group(1));
                while (d.find()) {
                    Matcher c = classifier.matcher(d.group(3));
                    StringBuilder key = new StringBuilder(
                            d.group(1).strip() + ":" + d.group(2).strip());
                    while (c.find()) {
                        key.append(':').append(c.group(1));
                    }
                    if (!seen.add(key.toString())) {
                        found.add(root.relativize(pom) + ": " + key);
                    }
                }
            }
        }
        assertThat(poms).hasSizeGreaterThan(6);
        assertThat(found).isEmpty();
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package dev.sextant.architecture;

import java.util.Set;

/** Simple names of {@code java.lang} types a file sees without an import: importing another type of that name would shadow them. */
final class JavaLang {

    static final Set<String> NAMES = Set.of("Object", "String", "Math", "Integer", "Long", "Double", "Float", "Short", "Byte",
            "Character", "Boolean", "Number", "System", "Thread", "Runnable", "Iterable", "Comparable", "Exception",
            "RuntimeException", "Error", "Throwable", "Class", "ClassLoader", "Enum", "Record", "Void", "Process", "ProcessBuilder",
            "Runtime", "StringBuilder", "StringBuffer", "CharSequence", "AutoCloseable", "Override", "Deprecated", "SuppressWarnings",
            "FunctionalInterface", "SafeVarargs", "Module", "Package", "StackWalker", "IllegalArgumentException",
            "IllegalStateException", "UnsupportedOperationException", "NullPointerException", "InterruptedException",
            "ArithmeticException", "IndexOutOfBoundsException", "ArrayIndexOutOfBoundsException", "ClassCastException",
            "NumberFormatException", "OutOfMemoryError", "StackOverflowError", "AssertionError", "CloneNotSupportedException",
            "SecurityException", "ThreadLocal", "InheritableThreadLocal", "StrictMath", "Appendable", "Readable", "Cloneable");

    private JavaLang() {
    }
}

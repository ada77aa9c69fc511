package dev.sextant.model.data;

/** Disjoint sets over 0..n−1 with path halving and union by size (Tarjan 1975). */
final class UnionFind {

    private final int[] parent;
    private final int[] size;

    UnionFind(int n) {
        parent = new int[n];
        size = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
            size[i] = 1;
        }
    }

    int find(int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    /** Joins the sets of x and y; false when they were one already. */
    boolean union(int x, int y) {
        int a = find(x);
        int b = find(y);
        if (a == b) {
            return false;
        }
        if (size[a] < size[b]) {
            int t = a;
            a = b;
            b = t;
        }
        parent[b] = a;
        size[a] += size[b];
        return true;
    }

    int sizeOf(int x) {
        return size[find(x)];
    }
}

package dev.sextant.model.runhealth;

/** What a point is judged against: the recent level of a metric and the spread of its noise. */
interface Baseline {

    int size();

    void add(double x);

    /** The recent level. */
    double median();

    /** The noise's robust standard deviation. */
    double sigma();
}

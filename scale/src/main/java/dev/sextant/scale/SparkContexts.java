package dev.sextant.scale;

import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/** The Spark context a Sextant job runs in: its UI off unless asked for, bound to the loopback address on this machine. */
final class SparkContexts {

    private SparkContexts() {}

    static JavaSparkContext open(String master, Map<String, String> conf, String appName) {
        SparkConf c = new SparkConf()
                .setMaster(master)
                .setAppName(appName)
                .set("spark.ui.enabled", "false")
                .set("spark.log.level", "WARN");
        if (onThisMachine(master)) {
            // local mode, or a cluster on this machine: the driver listens on the loopback address only
            c.set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1");
        }
        conf.forEach(c::set);
        return new JavaSparkContext(c);
    }

    static boolean onThisMachine(String master) {
        return master.startsWith("local") || master.contains("://127.0.0.1") || master.contains("://localhost");
    }
}

package dev.sextant.model.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LbfgsTest {

    @Test
    void rosenbrocksValleyIsFollowedToItsMinimum() {
        // f(x, y) = (1 − x)² + 100 (y − x²)², minimum 0 at (1, 1); the classic start (−1.2, 1) (Nocedal and Wright §2)
        Lbfgs.Objective rosenbrock = (x, g) -> {
            double a = 1 - x[0];
            double b = x[1] - x[0] * x[0];
            g[0] = -2 * a - 400 * x[0] * b;
            g[1] = 200 * b;
            return a * a + 100 * b * b;
        };
        Lbfgs.Result r = new Lbfgs(500, 1e-10, 0).minimize(rosenbrock, new double[] {-1.2, 1});
        assertThat(r.converged()).isTrue();
        assertThat(r.x()[0]).isCloseTo(1, within(1e-6));
        assertThat(r.x()[1]).isCloseTo(1, within(1e-6));
        assertThat(r.value()).isLessThan(1e-12);
    }

    @Test
    void aQuadraticBowlIsSolvedExactly() {
        // f = Σ (i + 1)(x_i − i)², minimum at x_i = i
        Lbfgs.Objective bowl = (x, g) -> {
            double s = 0;
            for (int i = 0; i < x.length; i++) {
                double d = x[i] - i;
                s += (i + 1) * d * d;
                g[i] = 2 * (i + 1) * d;
            }
            return s;
        };
        Lbfgs.Result r = new Lbfgs(200, 1e-12, 0).minimize(bowl, new double[8]);
        for (int i = 0; i < 8; i++) {
            assertThat(r.x()[i]).isCloseTo(i, within(1e-9));
        }
    }
}

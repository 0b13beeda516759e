/* Double-precision closeness check for cmocka tests (cmocka 1.1's
 * assert_float_equal works in float). */
#ifndef MUSTER_TEST_ASSERT_CLOSE_H
#define MUSTER_TEST_ASSERT_CLOSE_H

#include <math.h>
#include <stdio.h>

/* Fails the current test unless |a - b| <= eps, printing both values. */
#define assert_close(a, b, eps)                                                          \
    do {                                                                                 \
        double assert_close_a_ = (a), assert_close_b_ = (b);                             \
        if (!(fabs(assert_close_a_ - assert_close_b_) <= (eps))) {                       \
            print_error("%.17g != %.17g (eps %g)\n", assert_close_a_, assert_close_b_,   \
                        (double)(eps));                                                  \
            fail();                                                                      \
        }                                                                                \
    } while (0)

#endif

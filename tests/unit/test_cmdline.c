/* The command line's number parsing (muster/cmdline.h): whole strings of
 * plain decimal digits only, and values that fit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster/cmdline.h"

static void test_parse_u64_takes_the_whole_range(void **state)
{
    (void)state;
    uint64_t v = 7;
    assert_int_equal(mu_parse_u64("0", &v), 0);
    assert_true(v == 0);
    assert_int_equal(mu_parse_u64("20261121", &v), 0);
    assert_true(v == 20261121u);
    assert_int_equal(mu_parse_u64("18446744073709551615", &v), 0);
    assert_true(v == UINT64_MAX);
}

static void test_parse_u64_refuses_overflow_signs_blanks_and_junk(void **state)
{
    (void)state;
    const char *bad[] = {"18446744073709551616", "99999999999999999999999", "-1", " -1", "+5", " 5",
                         "5 ", "", "0x10", "1e3", "12abc", "1.0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t v = 42;
        if (mu_parse_u64(bad[i], &v) != -1)
            fail_msg("'%s' was accepted", bad[i]);
        assert_true(v == 42); /* untouched */
    }
}

static void test_parse_int_refuses_overflow_and_range(void **state)
{
    (void)state;
    long v = 3;
    assert_int_equal(mu_parse_int("-12", -20, 20, &v), 0);
    assert_int_equal(v, -12);
    assert_int_equal(mu_parse_int("21", -20, 20, &v), -1);
    assert_int_equal(mu_parse_int("99999999999999999999", 0, 1000, &v), -1);
    assert_int_equal(mu_parse_int(" 1", 0, 10, &v), -1);
    assert_int_equal(v, -12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_u64_takes_the_whole_range),
        cmocka_unit_test(test_parse_u64_refuses_overflow_signs_blanks_and_junk),
        cmocka_unit_test(test_parse_int_refuses_overflow_and_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

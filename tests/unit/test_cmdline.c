/* The command line's number parsing (muster/cmdline.h): whole strings of
 * plain decimal digits only, and values that fit; dice as NdS; and the
 * option reader the `muster odds` calculators share. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster/cmdline.h"
#include "muster/status.h"

#include <getopt.h>
#include <string.h>

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

static void test_parse_dice_takes_nds_in_range(void **state)
{
    (void)state;
    int n = 0, s = 0;
    assert_int_equal(mu_parse_dice("2d6", &n, &s), 0);
    assert_int_equal(n, 2);
    assert_int_equal(s, 6);
    assert_int_equal(mu_parse_dice("10d100", &n, &s), 0);
    assert_int_equal(n, 10);
    assert_int_equal(s, 100);
    const char *bad[] = {"d20", "1d", "0d6", "11d6", "1d1", "1d101", "1x6", "1d6 ", "2d6d6", "",
                        "1d0000000000000000000000000000006"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        n = s = 42;
        if (mu_parse_dice(bad[i], &n, &s) != -1)
            fail_msg("'%s' was accepted", bad[i]);
        assert_int_equal(n, 42); /* untouched */
        assert_int_equal(s, 42);
    }
}

enum { OPT_N = 256, OPT_FLAG };
static const struct option test_opts[] = {{"n", required_argument, NULL, OPT_N},
                                          {"flag", no_argument, NULL, OPT_FLAG},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
#define HELP (-7)

/* Reads the command line words[0..argc) to the end; returns the status,
 * the options seen in *seen (codes in order, -1 ended) and the last --n
 * value in value. getopt wants char **: the words are copied, each call
 * into fresh storage (getopt keeps a pointer into the last argv it read,
 * as a process reading one command line never notices). */
static int read_all(int argc, const char *const *words, int *seen, char *value)
{
    static char text[64][16];
    static int used;
    char *argv[9];
    assert_true(argc < 9 && used + argc <= 64);
    for (int i = 0; i < argc; i++)
        argv[i] = strcpy(text[used++], words[i]);
    argv[argc] = NULL;
    mu_option_reader rd = {.cmd = "test", .selector = "--sel", .longopts = test_opts, .help_status = HELP};
    int c, k = 0;
    while ((c = mu_option_next(&rd, argc, argv)) != 0) {
        seen[k++] = c;
        if (c == OPT_N)
            strcpy(value, optarg);
    }
    seen[k] = -1;
    return rd.status;
}

static void test_option_next_reads_every_option_then_ok(void **state)
{
    (void)state;
    const char *const argv[] = {"odds", "--n", "5", "--flag", "--n=6", NULL};
    int seen[8];
    char value[16] = "";
    assert_int_equal(read_all(5, argv, seen, value), MU_EXIT_OK);
    assert_int_equal(seen[0], OPT_N);
    assert_int_equal(seen[1], OPT_FLAG);
    assert_int_equal(seen[2], OPT_N);
    assert_int_equal(seen[3], -1);
    assert_string_equal(value, "6");
    /* a second reader starts afresh (getopt reset) */
    const char *const again[] = {"odds", "--flag", NULL};
    assert_int_equal(read_all(2, again, seen, value), MU_EXIT_OK);
    assert_int_equal(seen[0], OPT_FLAG);
    assert_int_equal(seen[1], -1);
}

static void test_option_next_help_stops_the_reading(void **state)
{
    (void)state;
    const char *const argv[] = {"odds", "--flag", "-h", "--bogus", NULL};
    int seen[8];
    char value[16] = "";
    assert_int_equal(read_all(4, argv, seen, value), HELP);
    assert_int_equal(seen[0], OPT_FLAG);
    assert_int_equal(seen[1], -1);
    const char *const longer[] = {"odds", "--help", NULL};
    assert_int_equal(read_all(2, longer, seen, value), HELP);
    assert_int_equal(seen[0], -1);
}

static void test_option_next_refuses_unknown_missing_and_stray(void **state)
{
    (void)state;
    int seen[8];
    char value[16] = "";
    const char *const unknown[] = {"odds", "--flag", "--bogus", "--n", "1", NULL};
    assert_int_equal(read_all(5, unknown, seen, value), MU_EXIT_USAGE);
    assert_int_equal(seen[0], OPT_FLAG);
    assert_int_equal(seen[1], -1); /* nothing read after the error */
    const char *const short_unknown[] = {"odds", "-x", NULL};
    assert_int_equal(read_all(2, short_unknown, seen, value), MU_EXIT_USAGE);
    const char *const missing[] = {"odds", "--n", NULL};
    assert_int_equal(read_all(2, missing, seen, value), MU_EXIT_USAGE);
    const char *const stray[] = {"odds", "--flag", "extra", NULL};
    assert_int_equal(read_all(3, stray, seen, value), MU_EXIT_USAGE);
    assert_int_equal(seen[0], OPT_FLAG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_u64_takes_the_whole_range),
        cmocka_unit_test(test_parse_u64_refuses_overflow_signs_blanks_and_junk),
        cmocka_unit_test(test_parse_int_refuses_overflow_and_range),
        cmocka_unit_test(test_parse_dice_takes_nds_in_range),
        cmocka_unit_test(test_option_next_reads_every_option_then_ok),
        cmocka_unit_test(test_option_next_help_stops_the_reading),
        cmocka_unit_test(test_option_next_refuses_unknown_missing_and_stray),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

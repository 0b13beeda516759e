/* Names in one-line messages (muster/escape.h): control bytes and the
 * backslash escaped, UTF-8 kept, a cut never inside an escape or a
 * character (issue 19, point 5). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "muster/escape.h"

static void test_escape_name_escapes_control_bytes_and_backslash(void **state)
{
    (void)state;
    char out[64];
    assert_string_equal(mu_escape_name(out, sizeof out, "a\nb.yaml"), "a\\nb.yaml");
    assert_string_equal(mu_escape_name(out, sizeof out, "t\tc\rr"), "t\\tc\\rr");
    assert_string_equal(mu_escape_name(out, sizeof out, "back\\slash"), "back\\\\slash");
    assert_string_equal(mu_escape_name(out, sizeof out, "\x1b[31mred"), "\\x1b[31mred");
    assert_string_equal(mu_escape_name(out, sizeof out, "\x01\x1f\x7f"), "\\x01\\x1f\\x7f");
    /* the escape of a backslash and that of a newline read back apart */
    assert_string_equal(mu_escape_name(out, sizeof out, "\\n"), "\\\\n");
}

static void test_escape_name_keeps_printable_text_and_utf8(void **state)
{
    (void)state;
    char out[64];
    assert_string_equal(mu_escape_name(out, sizeof out, "experiments/x y.yaml"), "experiments/x y.yaml");
    assert_string_equal(mu_escape_name(out, sizeof out, "Bretonnië/ærmies ⚔.yaml"), "Bretonnië/ærmies ⚔.yaml");
    assert_string_equal(mu_escape_name(out, sizeof out, ""), "");
    /* the returned pointer is out, for use as a printf argument */
    assert_ptr_equal(mu_escape_name(out, sizeof out, "x"), out);
}

static void test_escape_name_cuts_between_escapes_and_characters(void **state)
{
    (void)state;
    char out[8];
    memset(out, 'Z', sizeof out);
    /* "ab\n" needs 4 bytes and the NUL: with 4, the cut comes before the escape */
    assert_string_equal(mu_escape_name(out, 4, "ab\ncd"), "ab");
    assert_string_equal(mu_escape_name(out, 5, "ab\ncd"), "ab\\n");
    assert_string_equal(mu_escape_name(out, 5, "a\x1b"), "a");       /* \x1b needs 4 */
    assert_string_equal(mu_escape_name(out, 4, "ab\\"), "ab");        /* \\ needs 2 */
    assert_string_equal(mu_escape_name(out, 4, "a\xe2\x9a\x94"), "a"); /* a 3-byte character */
    assert_string_equal(mu_escape_name(out, 5, "a\xe2\x9a\x94"), "a\xe2\x9a\x94");
    assert_string_equal(mu_escape_name(out, 1, "abc"), "");
    out[0] = 'Z';
    mu_escape_name(out, 0, "abc"); /* writes nothing */
    assert_int_equal(out[0], 'Z');
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escape_name_escapes_control_bytes_and_backslash),
        cmocka_unit_test(test_escape_name_keeps_printable_text_and_utf8),
        cmocka_unit_test(test_escape_name_cuts_between_escapes_and_characters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

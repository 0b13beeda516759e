/* Per-game columns declared from a record struct (MU_COLUMN) and the
 * generic row writer (mu_row_write, src/core/layout.c): a declaration
 * takes its name, type and place from its field; a record's fields land
 * in their columns' rows and nowhere else; a column whose row does not fit
 * its field, or that has no field, is refused. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aborts.h"
#include "muster/layout.h"

/* A record with one field of every column type, scalars and arrays. */
typedef struct test_row {
    uint8_t kind;
    int8_t side;
    int16_t score;
    int32_t total;
    uint32_t mask;
    int64_t big;
    double margin;
    int16_t per_round[5]; /* rows use the first axis-length elements */
    uint8_t flags[3];
} test_row;

enum { AX_GAME, AX_ROUND, AX_FLAG };

static const mu_column test_columns[] = {
    MU_COLUMN(test_row, kind, "1", "kind", -1),
    MU_COLUMN(test_row, side, "1", "side", -1),
    MU_COLUMN(test_row, score, "1", "score", -1),
    MU_COLUMN(test_row, total, "1", "total", -1),
    MU_COLUMN(test_row, mask, "1", "mask", -1),
    MU_COLUMN(test_row, big, "1", "big", -1),
    MU_COLUMN(test_row, margin, "mm", "margin", -1),
    MU_COLUMN(test_row, per_round, "1", "per round", AX_ROUND),
    MU_COLUMN(test_row, flags, "1", "flags", AX_FLAG),
};
#define N_TEST_COLUMNS ((int)(sizeof test_columns / sizeof test_columns[0]))

/* A layout of the test columns with `rounds` rounds. */
static void make_layout(mu_layout *l, int rounds)
{
    memset(l, 0, sizeof *l);
    mu_layout_add_axis(l, "games", "game", "1", "game index", 4, 0);
    mu_layout_add_axis(l, "games", "round", "1", "round", rounds, 1);
    mu_layout_add_axis(l, "games", "flag", "1", "flag", 3, 0);
    assert_int_equal(mu_layout_add_columns(l, test_columns, N_TEST_COLUMNS), 0);
}

static void test_column_takes_name_type_and_place_from_its_field(void **state)
{
    (void)state;
    static const struct { const char *name; mu_dtype type; size_t offset, bytes; } want[] = {
        {"kind", MU_U8, offsetof(test_row, kind), 1},
        {"side", MU_I8, offsetof(test_row, side), 1},
        {"score", MU_I16, offsetof(test_row, score), 2},
        {"total", MU_I32, offsetof(test_row, total), 4},
        {"mask", MU_U32, offsetof(test_row, mask), 4},
        {"big", MU_I64, offsetof(test_row, big), 8},
        {"margin", MU_F64, offsetof(test_row, margin), 8},
        {"per_round", MU_I16, offsetof(test_row, per_round), 10},
        {"flags", MU_U8, offsetof(test_row, flags), 3},
    };
    assert_int_equal(N_TEST_COLUMNS, sizeof want / sizeof want[0]);
    for (int c = 0; c < N_TEST_COLUMNS; c++) {
        assert_string_equal(test_columns[c].name, want[c].name);
        assert_int_equal(test_columns[c].type, want[c].type);
        assert_int_equal(test_columns[c].offset, want[c].offset);
        assert_int_equal(test_columns[c].field_bytes, want[c].bytes);
    }
    assert_string_equal(test_columns[6].units, "mm");
    assert_int_equal(test_columns[7].axis, AX_ROUND);
}

/* Three records written to rows 2, 0 and 1 of four: each field is in its
 * column's row, array columns take the axis's length of elements, and row
 * 3 and the array fields' unused tails are never touched. */
static void test_row_write_puts_each_field_in_its_row(void **state)
{
    (void)state;
    mu_layout l;
    make_layout(&l, 4);
    mu_row_writer w;
    mu_row_writer_init(&w, &l);
    assert_int_equal(w.n_columns, N_TEST_COLUMNS);
    uint8_t kind[4], flags[4][3];
    int8_t side[4];
    int16_t score[4], per_round[4][4];
    int32_t total[4];
    uint32_t mask[4];
    int64_t big[4];
    double margin[4];
    void *columns[] = {kind, side, score, total, mask, big, margin, per_round, flags};
    for (int c = 0; c < N_TEST_COLUMNS; c++) {
        assert_int_equal(mu_column_row_bytes(&l, c), w.bytes[c]);
        memset(columns[c], 0xA5, 4 * w.bytes[c]);
    }
    const size_t rows[3] = {2, 0, 1};
    for (int i = 0; i < 3; i++) {
        test_row r = {.kind = (uint8_t)(200 + i), .side = (int8_t)(-1 - i), .score = (int16_t)(-300 * (i + 1)),
                      .total = -70000 * (i + 1), .mask = 0xdeadbe00u + (uint32_t)i,
                      .big = -(INT64_C(1) << 40) - i, .margin = 1.5 + i,
                      .per_round = {(int16_t)(10 * i), (int16_t)(10 * i + 1), (int16_t)(10 * i + 2),
                                    (int16_t)(10 * i + 3), 9999},
                      .flags = {(uint8_t)i, (uint8_t)(i + 1), (uint8_t)(i + 2)}};
        mu_row_write(&w, &r, columns, rows[i]);
    }
    for (int i = 0; i < 3; i++) {
        size_t g = rows[i];
        assert_int_equal(kind[g], 200 + i);
        assert_int_equal(side[g], -1 - i);
        assert_int_equal(score[g], -300 * (i + 1));
        assert_int_equal(total[g], -70000 * (i + 1));
        assert_int_equal(mask[g], 0xdeadbe00u + (uint32_t)i);
        assert_true(big[g] == -(INT64_C(1) << 40) - i);
        assert_true(margin[g] == 1.5 + i);
        for (int k = 0; k < 4; k++)
            assert_int_equal(per_round[g][k], 10 * i + k);
        for (int k = 0; k < 3; k++)
            assert_int_equal(flags[g][k], i + k);
    }
    for (int c = 0; c < N_TEST_COLUMNS; c++) /* row 3: untouched */
        for (size_t b = 0; b < w.bytes[c]; b++)
            assert_int_equal(((const uint8_t *)columns[c])[3 * w.bytes[c] + b], 0xA5);
    mu_layout_free(&l);
}

/* The writer keeps no pointer into the layout: it works after the layout
 * is gone. */
static void test_row_writer_outlives_its_layout(void **state)
{
    (void)state;
    mu_layout l;
    make_layout(&l, 2);
    mu_row_writer w;
    mu_row_writer_init(&w, &l);
    mu_layout_free(&l);
    test_row r = {.kind = 7, .per_round = {3, 4, 5}};
    uint8_t buf[N_TEST_COLUMNS][16] = {{0}};
    void *columns[N_TEST_COLUMNS];
    for (int c = 0; c < N_TEST_COLUMNS; c++)
        columns[c] = buf[c];
    mu_row_write(&w, &r, columns, 1);
    assert_int_equal(buf[0][1], 7);
    int16_t pr[2];
    memcpy(pr, buf[7] + sizeof pr, sizeof pr); /* row 1 of 2 elements */
    assert_int_equal(pr[0], 3);
    assert_int_equal(pr[1], 4);
}


static void round_axis_longer_than_the_field(void)
{
    mu_layout l;
    make_layout(&l, 6); /* per_round holds 5 */
}

static void scalar_field_on_an_axis(void)
{
    mu_layout l;
    memset(&l, 0, sizeof l);
    mu_layout_add_axis(&l, "games", "game", "1", "game index", 4, 0);
    mu_layout_add_axis(&l, "games", "round", "1", "round", 2, 1);
    mu_column c = MU_COLUMN(test_row, score, "1", "score", 1);
    mu_layout_add_columns(&l, &c, 1);
}

static void array_field_without_an_axis(void)
{
    mu_layout l;
    memset(&l, 0, sizeof l);
    mu_layout_add_axis(&l, "games", "game", "1", "game index", 4, 0);
    mu_column c = MU_COLUMN(test_row, flags, "1", "flags", -1);
    mu_layout_add_columns(&l, &c, 1);
}

static void column_without_a_field(void)
{
    mu_layout l;
    make_layout(&l, 2);
    l.columns[l.n_columns++] = (mu_column){.name = "loose", .type = MU_U8, .units = "1",
                                           .long_name = "a column no record holds", .axis = -1};
    mu_row_writer w;
    mu_row_writer_init(&w, &l);
}

static void nothing_wrong(void)
{
    mu_layout l;
    make_layout(&l, 5);
    mu_row_writer w;
    mu_row_writer_init(&w, &l);
    mu_layout_free(&l);
}

static void test_row_writer_refuses_a_column_its_record_cannot_fill(void **state)
{
    (void)state;
    assert_false(aborts(nothing_wrong)); /* the check can pass */
    assert_true(aborts(round_axis_longer_than_the_field));
    assert_true(aborts(scalar_field_on_an_axis));
    assert_true(aborts(array_field_without_an_axis));
    assert_true(aborts(column_without_a_field));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_column_takes_name_type_and_place_from_its_field),
        cmocka_unit_test(test_row_write_puts_each_field_in_its_row),
        cmocka_unit_test(test_row_writer_outlives_its_layout),
        cmocka_unit_test(test_row_writer_refuses_a_column_its_record_cannot_fill),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

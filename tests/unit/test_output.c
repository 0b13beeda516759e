/* The output interface (muster/output.h) from the batch runner's side: a
 * transport that keeps the results in memory goes behind mu_batch_run in
 * place of the HDF5 file, checks the order of the calls the interface
 * promises (batches in order, every part packed once before the seal,
 * written before their checkpoint), and receives exactly the rows and
 * count tables the game driver gives when it plays every game on one
 * thread. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "muster/batch.h"
#include "muster/output.h"
#include "muster/status.h"
#include "run_games.h"

#define EXAMPLES MUSTER_SOURCE_DIR "/experiments/examples/"
#define PART_GAMES 64 /* the memory transport's parts */

/* The memory transport: every column and table of the run. */
typedef struct mem_output {
    mu_output base;
    const mu_layout *layout;
    uint64_t games_requested;
    void *columns[MU_LAYOUT_MAX_COLUMNS];   /* every game's rows */
    uint64_t *tables[MU_LAYOUT_MAX_TABLES]; /* at the last checkpoint */
    uint64_t begun, written, complete;      /* games */
    int open_batches, checkpoints, finished;
} mem_output;

typedef struct mem_batch {
    mem_output *o;
    uint64_t first, n;
    const void *const *columns;
    atomic_int *packed; /* [part]: times it was packed */
    int sealed;
} mem_batch;

static mem_output *mem(mu_output *o) { return (mem_output *)o; }

static size_t mem_parts(const mu_output_batch *b)
{
    const mem_batch *m = (const mem_batch *)b;
    return (size_t)((m->n + PART_GAMES - 1) / PART_GAMES);
}

static uint64_t mem_align(const mu_output *o)
{
    (void)o;
    return PART_GAMES;
}

static int mem_batch_begin(mu_output *o, uint64_t first, uint64_t n, const void *const *columns,
                           mu_output_batch **out, char *err, size_t err_len)
{
    (void)err, (void)err_len;
    mem_output *m = mem(o);
    assert_int_equal(first, m->begun); /* batches in order */
    assert_true(first + n <= m->games_requested);
    assert_true(m->open_batches < 2);
    mem_batch *b = calloc(1, sizeof *b);
    b->o = m;
    b->first = first;
    b->n = n;
    b->columns = columns;
    b->packed = calloc(mem_parts((mu_output_batch *)b), sizeof *b->packed);
    for (size_t i = 0; i < mem_parts((mu_output_batch *)b); i++)
        atomic_init(&b->packed[i], 0);
    m->begun = first + n;
    m->open_batches++;
    *out = (mu_output_batch *)b;
    return 0;
}

/* Copies part i's rows to their place (threads copy distinct parts). */
static void mem_pack(mu_output_batch *bb, size_t i)
{
    mem_batch *b = (mem_batch *)bb;
    const mu_layout *l = b->o->layout;
    uint64_t from = i * PART_GAMES, to = from + PART_GAMES < b->n ? from + PART_GAMES : b->n;
    for (int c = 0; c < l->n_columns; c++) {
        size_t row = mu_column_row_bytes(l, c);
        memcpy((char *)b->o->columns[c] + (b->first + from) * row, (const char *)b->columns[c] + from * row,
               (to - from) * row);
    }
    atomic_fetch_add(&b->packed[i], 1);
}

static void mem_seal(mu_output_batch *bb)
{
    mem_batch *b = (mem_batch *)bb;
    for (size_t i = 0; i < mem_parts(bb); i++)
        assert_int_equal(atomic_load(&b->packed[i]), 1); /* every part, once */
    b->sealed = 1;
}

static int mem_write(mu_output *o, mu_output_batch *bb, char *err, size_t err_len)
{
    (void)err, (void)err_len;
    mem_batch *b = (mem_batch *)bb;
    assert_true(b->sealed);
    assert_int_equal(b->first, mem(o)->written);
    mem(o)->written = b->first + b->n;
    mem(o)->open_batches--;
    free(b->packed);
    free(b);
    return 0;
}

static void mem_drop(mu_output *o, mu_output_batch *bb)
{
    if (!bb)
        return;
    mem_batch *b = (mem_batch *)bb;
    if (!b->sealed)
        mem(o)->begun = b->first;
    mem(o)->open_batches--;
    free(b->packed);
    free(b);
}

static int mem_checkpoint(mu_output *o, uint64_t games, const uint64_t *const *tables, char *err,
                          size_t err_len)
{
    (void)err, (void)err_len;
    mem_output *m = mem(o);
    assert_int_equal(games, m->written); /* the rows came first */
    assert_true(games > m->complete);
    m->complete = games;
    for (int t = 0; t < m->layout->n_tables; t++)
        memcpy(m->tables[t], tables[t], mu_table_cells(m->layout, t) * sizeof(uint64_t));
    m->checkpoints++;
    return 0;
}

static int mem_finish(mu_output *o, char *err, size_t err_len)
{
    (void)err, (void)err_len;
    assert_int_equal(mem(o)->complete, mem(o)->games_requested);
    assert_int_equal(mem(o)->open_batches, 0);
    mem(o)->finished = 1; /* kept for the test to read; the test frees it */
    return 0;
}

static mem_output *last_output; /* what the run wrote into */

static void mem_free(mem_output *m)
{
    for (int c = 0; c < MU_LAYOUT_MAX_COLUMNS; c++)
        free(m->columns[c]);
    for (int t = 0; t < MU_LAYOUT_MAX_TABLES; t++)
        free(m->tables[t]);
    free(m);
}

static void mem_abandon(mu_output *o)
{
    last_output = NULL;
    mem_free(mem(o));
}

static const mu_output_ops mem_ops = {mem_align, mem_batch_begin, mem_parts, mem_pack, mem_seal,
                                      mem_write, mem_drop, mem_checkpoint, mem_finish, mem_abandon,
                                      NULL, NULL, NULL,  /* every part packed here */
                                      NULL}; /* no precision runs */

static int mem_begin(const char *path, int overwrite, const mu_layout *layout, const mu_provenance *prov,
                     mu_output **out, char *err, size_t err_len)
{
    (void)path, (void)overwrite, (void)err, (void)err_len;
    mem_output *m = calloc(1, sizeof *m);
    m->base.ops = &mem_ops;
    m->layout = layout;
    m->games_requested = prov->games_requested;
    assert_true(prov->per_game_rows);
    for (int c = 0; c < layout->n_columns; c++)
        m->columns[c] = calloc((size_t)m->games_requested, mu_column_row_bytes(layout, c));
    for (int t = 0; t < layout->n_tables; t++)
        m->tables[t] = calloc(mu_table_cells(layout, t), sizeof(uint64_t));
    last_output = m;
    *out = &m->base;
    return MU_EXIT_OK;
}

static int mem_resume(const char *partial_path, const char *path, const mu_layout *layout,
                      const mu_provenance *prov, mu_output **out, uint64_t *games_complete,
                      uint64_t *const *tables, char *err, size_t err_len)
{
    (void)partial_path, (void)path, (void)layout, (void)prov, (void)out, (void)games_complete, (void)tables;
    snprintf(err, err_len, "memory: error: nothing to resume");
    return MU_EXIT_NOINPUT;
}

static const mu_output_type mem_type = {"memory", mem_begin, mem_resume, NULL};

/* Runs the example experiment file name through the memory transport on
 * two threads in batches of batch games (0: adaptive) and compares what
 * it received with the driver playing every game on one thread. */
static void check_example(const char *name, uint64_t games, uint64_t batch)
{
    static mu_experiment ex;
    char err[1024] = "";
    int rc = mu_experiment_load(name, &ex, err, sizeof err);
    if (rc != 0)
        print_error("%s\n", err);
    assert_int_equal(rc, 0);
    ex.games = games;
    ex.per_game_rows = 1;

    mu_run_options opt = {.out_path = "unused", .threads = 2, .batch_games = batch, .output = &mem_type};
    mu_run_report rep;
    last_output = NULL;
    assert_int_equal(mu_batch_run(&ex, &opt, &rep, err, sizeof err), MU_EXIT_OK);
    mem_output *m = last_output;
    assert_non_null(m);
    assert_true(m->finished);
    assert_true(m->checkpoints >= 2); /* one per batch */

    static run_games ref;
    assert_int_equal(run_games_prepare(&ref, &ex, 1), 0);
    run_games_play(&ref, ex.seed, 0, ref.games, NULL);
    assert_int_equal(rep.games_complete, ref.games);
    assert_int_equal(m->games_requested, ref.games);
    for (int c = 0; c < ref.layout.n_columns; c++)
        assert_memory_equal(m->columns[c], ref.columns[c],
                            (size_t)ref.games * mu_column_row_bytes(&ref.layout, c));
    for (int t = 0; t < ref.layout.n_tables; t++)
        assert_memory_equal(m->tables[t], ref.tables[t], mu_table_cells(&ref.layout, t) * sizeof(uint64_t));

    mem_free(m);
    run_games_free(&ref);
    mu_experiment_free(&ex);
}

static void test_output_memory_transport_gets_the_drivers_rows_drill(void **state)
{
    (void)state;
    check_example(EXAMPLES "drill-minimal.yaml", 3000, 1000); /* batches off the parts' grid */
    check_example(EXAMPLES "drill-minimal.yaml", 10000, 0);   /* adaptive, on the grid */
}

static void test_output_memory_transport_gets_the_drivers_rows_battlesystem(void **state)
{
    (void)state;
    check_example(EXAMPLES "bs-minimal.yaml", 300, 100);
}

/* A transport's refusal reaches the caller with its status and line. */
static void test_output_resume_refusal_passes_through(void **state)
{
    (void)state;
    static mu_experiment ex;
    char err[1024] = "";
    assert_int_equal(mu_experiment_load(EXAMPLES "drill-minimal.yaml", &ex, err, sizeof err), 0);
    mu_run_options opt = {.out_path = "unused", .resume_path = "unused.partial", .threads = 1,
                          .output = &mem_type};
    mu_run_report rep;
    assert_int_equal(mu_batch_run(&ex, &opt, &rep, err, sizeof err), MU_EXIT_NOINPUT);
    assert_string_equal(err, "memory: error: nothing to resume");
    mu_experiment_free(&ex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_output_memory_transport_gets_the_drivers_rows_drill),
        cmocka_unit_test(test_output_memory_transport_gets_the_drivers_rows_battlesystem),
        cmocka_unit_test(test_output_resume_refusal_passes_through),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

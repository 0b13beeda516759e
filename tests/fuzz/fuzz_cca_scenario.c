/* libFuzzer harness: Commands & Colors: Ancients scenario files
 * (cca_scenario_load: battlefield, terrain rules and hexes, both sides'
 * units and leaders). An error must be one line positioned in the input
 * (fuzz_check_at); a scenario it accepts must be one the engine may play:
 * its field consistent (cca_field_valid), every piece on a full hex that
 * is not impassable, leaders only with their own side's units (an
 * infantry leader with infantry only), only square cavalry, names unique,
 * hands, turns and first side in range. Run by scripts/fuzz
 * (scripts/fuzz SECONDS cca_scenario); replayed by the test suite
 * (fuzz_replay.c, tests/fuzz/CMakeLists.txt). */
#include "fuzz_input.h"

#include "cca/cca_study.h"
#include "cca/config/cca_config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether a piece may stand on cell c of b. */
static int standable(const cca_board *b, int c)
{
    return c >= 0 && c < b->grid.n_cells && b->kind[c] == CCA_CELL_HEX && !b->terrain_rule[b->terrain[c]].impassable;
}

/* Checks what the loader accepted; aborts on the first fault. */
static void check_loaded(const cca_study *st)
{
    const cca_board *b = &st->board;
    const cca_field *f = &st->start;
    if (b->width < 2 || b->width > CCA_MAX_WIDTH || b->rows < 2 || b->rows > CCA_MAX_ROWS)
        fuzz_die("cca_scenario_load accepted a board out of range");
    if (!cca_field_valid(b, f))
        fuzz_die("cca_scenario_load accepted an inconsistent field");
    if (st->hand[0] < 1 || st->hand[0] > CCA_MAX_HAND || st->hand[1] < 1 || st->hand[1] > CCA_MAX_HAND ||
        st->turns < 1 || st->turns > CCA_MAX_TURNS || (st->first != 0 && st->first != 1))
        fuzz_die("cca_scenario_load accepted hands, turns or a first side out of range");
    for (int u = 0; u < f->n_units; u++) {
        const cca_unit *un = &f->units[u];
        if (!standable(b, un->cell) || un->side > 1 || (un->type == CCA_CAVALRY && un->rank != CCA_SQUARE))
            fuzz_die("cca_scenario_load accepted a unit it should refuse");
        for (int v = 0; v < u; v++)
            if (strcmp(st->unit_names[u], st->unit_names[v]) == 0)
                fuzz_die("cca_scenario_load accepted two units of one name");
    }
    for (int l = 0; l < f->n_leaders; l++) {
        const cca_leader *ld = &f->leaders[l];
        if (!standable(b, ld->cell) || ld->side > 1)
            fuzz_die("cca_scenario_load accepted a leader it should refuse");
        if (ld->unit >= 0 && (f->units[ld->unit].side != ld->side ||
                              (ld->type == CCA_INFANTRY && f->units[ld->unit].type != CCA_INFANTRY)))
            fuzz_die("cca_scenario_load accepted a leader with a unit he may not join");
        for (int u = 0; u < f->n_units; u++)
            if (strcmp(st->leader_names[l], st->unit_names[u]) == 0)
                fuzz_die("cca_scenario_load accepted a leader with a unit's name");
        for (int m = 0; m < l; m++)
            if (strcmp(st->leader_names[l], st->leader_names[m]) == 0)
                fuzz_die("cca_scenario_load accepted two leaders of one name");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write(data, size);
    char err[1536] = "";
    cca_study *st = calloc(1, sizeof *st); /* plain data: nothing else to free */
    if (st == NULL)
        abort();
    int rc = cca_scenario_load(path, st, err, sizeof err);
    fuzz_check_at("cca_scenario_load", rc, err);
    if (rc == 0)
        check_loaded(st);
    free(st);
    return 0;
}

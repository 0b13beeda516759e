/* Commands & Colors scenario files, schema 1: the battlefield (size and
 * section lines), the scenario's terrain kinds and what each does to
 * movement (an assumption the scenario states: our text does not say),
 * the terrain on the hexes, both sides' deployments, hands and battle
 * notes. The format with every key: experiments/scenarios/cca-*.yaml. */
#include "cca/config/cca_config.h"

#include "muster/yaml_conv.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct raw_board {
    int *width, *rows, *centre_from, *right_from;
};

struct raw_terrain_rule {
    char *name;
    bool *impassable, *stops, *no_battle;
};

struct raw_terrain {
    char *kind;
    int (*hexes)[2];
    unsigned hexes_count;
};

struct raw_piece {
    char *name;
    int *type;
    int *standard;
    int *at;
    unsigned at_count;
};

struct raw_side {
    char *name;
    int *hand;
    int *units_exit;
    struct raw_piece *units;
    unsigned units_count;
    struct raw_piece *leaders;
    unsigned leaders_count;
};

struct raw_scenario {
    int *schema;
    char *scenario;
    struct raw_board *board;
    int *turns;
    char *first;
    struct raw_terrain_rule *terrain_rules;
    unsigned terrain_rules_count;
    struct raw_terrain *terrain;
    unsigned terrain_count;
    struct raw_side *sides;
    unsigned sides_count;
};

#define REQUIRED 1
#define OPTIONAL 0
#define NAME YP_STRING_OF(1, MU_NAME_MAX - 1)

static const cyaml_strval_t types[] = {{"infantry", CCA_INFANTRY}, {"cavalry", CCA_CAVALRY}};
static const cyaml_strval_t standards[] = {{"circle", CCA_CIRCLE}, {"triangle", CCA_TRIANGLE}, {"square", CCA_SQUARE}};
static const cyaml_strval_t exits[] = {
    {"none", 0}, {"own", CCA_EXIT_OWN}, {"enemy", CCA_EXIT_ENEMY}, {"both", CCA_EXIT_OWN | CCA_EXIT_ENEMY}};

static const yp_value coord = {.size = sizeof(int), YP_INT_IN(0, 99)};
static const yp_value hex_pair = {.kind = YP_SEQUENCE, .size = sizeof(int), .entry = &coord, .count_min = 2,
                                  .count_max = 2};

static const yp_field board_fields[] = {
    YP_FIELD(struct raw_board, "width", REQUIRED, width, YP_INT_IN(2, CCA_MAX_WIDTH)),
    YP_FIELD(struct raw_board, "rows", REQUIRED, rows, YP_INT_IN(2, CCA_MAX_ROWS)),
    YP_FIELD(struct raw_board, "centre_from", REQUIRED, centre_from, YP_INT_IN(1, CCA_MAX_WIDTH)),
    YP_FIELD(struct raw_board, "right_from", REQUIRED, right_from, YP_INT_IN(1, CCA_MAX_WIDTH)),
};

static const yp_field terrain_rule_fields[] = {
    YP_FIELD(struct raw_terrain_rule, "name", REQUIRED, name, NAME),
    YP_FIELD(struct raw_terrain_rule, "impassable", OPTIONAL, impassable, YP_BOOLEAN),
    YP_FIELD(struct raw_terrain_rule, "stops", OPTIONAL, stops, YP_BOOLEAN),
    YP_FIELD(struct raw_terrain_rule, "no_battle", OPTIONAL, no_battle, YP_BOOLEAN),
};
static const yp_value terrain_rule_entry = {.size = sizeof(struct raw_terrain_rule),
                                            YP_MAPPING_OF(terrain_rule_fields)};

static const yp_field terrain_fields[] = {
    YP_FIELD(struct raw_terrain, "kind", REQUIRED, kind, NAME),
    YP_SEQUENCE_FIELD(struct raw_terrain, "hexes", REQUIRED, hexes, hex_pair, 1, CCA_MAX_CELLS),
};
static const yp_value terrain_entry = {.size = sizeof(struct raw_terrain), YP_MAPPING_OF(terrain_fields)};

static const yp_field unit_fields[] = {
    YP_FIELD(struct raw_piece, "name", REQUIRED, name, NAME),
    YP_FIELD(struct raw_piece, "type", REQUIRED, type, YP_ENUM_OF("unit type", types)),
    YP_FIELD(struct raw_piece, "standard", REQUIRED, standard, YP_ENUM_OF("standard", standards)),
    YP_SEQUENCE_FIELD(struct raw_piece, "at", REQUIRED, at, coord, 2, 2),
};
static const yp_value unit_entry = {.size = sizeof(struct raw_piece), YP_MAPPING_OF(unit_fields)};

static const yp_field leader_fields[] = {
    YP_FIELD(struct raw_piece, "name", REQUIRED, name, NAME),
    YP_FIELD(struct raw_piece, "type", REQUIRED, type, YP_ENUM_OF("leader type", types)),
    YP_SEQUENCE_FIELD(struct raw_piece, "at", REQUIRED, at, coord, 2, 2),
};
static const yp_value leader_entry = {.size = sizeof(struct raw_piece), YP_MAPPING_OF(leader_fields)};

static const yp_field side_fields[] = {
    YP_FIELD(struct raw_side, "name", REQUIRED, name, NAME),
    YP_FIELD(struct raw_side, "hand", REQUIRED, hand, YP_INT_IN(1, CCA_MAX_HAND)),
    YP_FIELD(struct raw_side, "units_exit", OPTIONAL, units_exit, YP_ENUM_OF("baseline exit", exits)),
    YP_SEQUENCE_FIELD(struct raw_side, "units", REQUIRED, units, unit_entry, 0, CCA_MAX_UNITS),
    YP_SEQUENCE_FIELD(struct raw_side, "leaders", OPTIONAL, leaders, leader_entry, 0, CCA_MAX_LEADERS),
};
static const yp_value side_entry = {.size = sizeof(struct raw_side), YP_MAPPING_OF(side_fields)};

static const yp_field scenario_fields[] = {
    YP_FIELD(struct raw_scenario, "schema", REQUIRED, schema, YP_INT_IN(INT_MIN, INT_MAX)),
    YP_FIELD(struct raw_scenario, "scenario", REQUIRED, scenario, NAME),
    YP_FIELD(struct raw_scenario, "board", REQUIRED, board, YP_MAPPING_OF(board_fields)),
    YP_FIELD(struct raw_scenario, "turns", REQUIRED, turns, YP_INT_IN(1, CCA_MAX_TURNS)),
    YP_FIELD(struct raw_scenario, "first", OPTIONAL, first, NAME),
    YP_SEQUENCE_FIELD(struct raw_scenario, "terrain_rules", OPTIONAL, terrain_rules, terrain_rule_entry, 0,
                      CCA_MAX_TERRAIN - 1),
    YP_SEQUENCE_FIELD(struct raw_scenario, "terrain", OPTIONAL, terrain, terrain_entry, 0, 64),
    YP_SEQUENCE_FIELD(struct raw_scenario, "sides", REQUIRED, sides, side_entry, 2, 2),
};
static const yp_value scenario_schema = {.size = sizeof(struct raw_scenario), YP_MAPPING_OF(scenario_fields)};

/* The cell of [col, row] at path (a full hex), or -1 with the error. */
/* RULE cca.field.scenario */
static int hex_at(yc_conv *c, const cca_board *b, int col, int row, const char *path)
{
    int cell = cca_board_cell(b, col, row);
    yc_at(c, "%s", path);
    if (cell < 0)
        return yc_fail(c, "[%d, %d] is not a hex of the battlefield (%d hexes wide, %d rows; odd rows have hexes 0 .. %d)",
                       col, row, b->width, b->rows, b->width);
    if (b->kind[cell] != CCA_CELL_HEX)
        return yc_fail(c, "[%d, %d] is a half-hex along the side of the battlefield: no piece may stand there", col,
                       row);
    return cell;
}

static int convert_board(yc_conv *c, const struct raw_scenario *r, cca_study *st)
{
    const struct raw_board *rb = r->board;
    if (*rb->centre_from >= *rb->width)
        return yc_fail(yc_at(c, "board.centre_from"), "the centre section must begin inside the %d hexes' width",
                       *rb->width);
    if (*rb->right_from < *rb->centre_from || *rb->right_from >= *rb->width)
        return yc_fail(yc_at(c, "board.right_from"), "the right section must begin at or after centre_from (%d) and "
                       "inside the %d hexes' width", *rb->centre_from, *rb->width);
    int rc = cca_board_init(&st->board, *rb->width, *rb->rows, *rb->centre_from, *rb->right_from);
    if (rc != 0)
        return yc_fail(yc_at(c, "board"), "the battlefield is too large");
    cca_board *b = &st->board;
    for (unsigned i = 0; i < r->terrain_rules_count; i++) {
        const struct raw_terrain_rule *t = &r->terrain_rules[i];
        for (int k = 0; k < b->n_terrain; k++)
            if (strcmp(b->terrain_rule[k].name, t->name) == 0)
                return yc_fail(yc_at(c, "terrain_rules[%u].name", i), "terrain kind '%s' is already %s", t->name,
                               k == 0 ? "defined (clear ground)" : "defined above");
        cca_terrain_rule *tr = &b->terrain_rule[b->n_terrain++];
        snprintf(tr->name, sizeof tr->name, "%s", t->name);
        tr->impassable = t->impassable && *t->impassable;
        tr->stops = t->stops && *t->stops;
        tr->no_battle = t->no_battle && *t->no_battle;
    }
    for (unsigned i = 0; i < r->terrain_count; i++) {
        const struct raw_terrain *t = &r->terrain[i];
        int kind = -1;
        for (int k = 0; k < b->n_terrain; k++)
            if (strcmp(b->terrain_rule[k].name, t->kind) == 0)
                kind = k;
        if (kind < 0)
            return yc_fail(yc_at(c, "terrain[%u].kind", i), "unknown terrain kind '%s' (give it in terrain_rules)",
                           t->kind);
        for (unsigned h = 0; h < t->hexes_count; h++) {
            char path[64];
            snprintf(path, sizeof path, "terrain[%u].hexes[%u]", i, h);
            int cell = hex_at(c, b, t->hexes[h][0], t->hexes[h][1], path);
            if (cell < 0)
                return -1;
            b->terrain[cell] = (uint8_t)kind;
        }
    }
    cca_board_sync(b);
    return 0;
}

static int name_used(const cca_study *st, const char *name)
{
    for (int u = 0; u < st->start.n_units; u++)
        if (strcmp(st->unit_names[u], name) == 0)
            return 1;
    for (int l = 0; l < st->start.n_leaders; l++)
        if (strcmp(st->leader_names[l], name) == 0)
            return 1;
    return 0;
}

/* RULE cca.move.other-cavalry */
static int convert_units(yc_conv *c, const struct raw_side *rs, int s, cca_study *st)
{
    cca_board *b = &st->board;
    cca_field *f = &st->start;
    for (unsigned j = 0; j < rs->units_count; j++) {
        const struct raw_piece *p = &rs->units[j];
        char path[64];
        if (name_used(st, p->name))
            return yc_fail(yc_at(c, "sides[%d].units[%u].name", s, j), "the name '%s' is already used", p->name);
        if (f->n_units == CCA_MAX_UNITS)
            return yc_fail(yc_at(c, "sides[%d].units[%u]", s, j), "more than %d units in the scenario", CCA_MAX_UNITS);
        if (*p->type == CCA_CAVALRY && *p->standard != CCA_SQUARE)
            return yc_fail(yc_at(c, "sides[%d].units[%u].standard", s, j),
                           "cavalry with a %s standard: our rules text moves cavalry with a square standard only",
                           *p->standard == CCA_CIRCLE ? "circle" : "triangle");
        snprintf(path, sizeof path, "sides[%d].units[%u].at", s, j);
        int cell = hex_at(c, b, p->at[0], p->at[1], path);
        if (cell < 0)
            return -1;
        if (f->unit_at[cell] >= 0)
            return yc_fail(c, "two units on hex [%d, %d]: '%s' is there already", p->at[0], p->at[1],
                           st->unit_names[f->unit_at[cell]]);
        if (b->terrain_rule[b->terrain[cell]].impassable)
            return yc_fail(c, "hex [%d, %d] is %s, impassable", p->at[0], p->at[1],
                           b->terrain_rule[b->terrain[cell]].name);
        snprintf(st->unit_names[f->n_units], MU_NAME_MAX, "%s", p->name);
        cca_field_add_unit(f, cell, s, (cca_type)*p->type, (cca_rank)*p->standard);
    }
    return 0;
}

static int convert_leaders(yc_conv *c, const struct raw_side *rs, int s, cca_study *st)
{
    cca_board *b = &st->board;
    cca_field *f = &st->start;
    for (unsigned j = 0; j < rs->leaders_count; j++) {
        const struct raw_piece *p = &rs->leaders[j];
        char path[64];
        if (name_used(st, p->name))
            return yc_fail(yc_at(c, "sides[%d].leaders[%u].name", s, j), "the name '%s' is already used", p->name);
        if (f->n_leaders == CCA_MAX_LEADERS)
            return yc_fail(yc_at(c, "sides[%d].leaders[%u]", s, j), "more than %d leaders in the scenario",
                           CCA_MAX_LEADERS);
        snprintf(path, sizeof path, "sides[%d].leaders[%u].at", s, j);
        int cell = hex_at(c, b, p->at[0], p->at[1], path);
        if (cell < 0)
            return -1;
        int u = f->unit_at[cell];
        if (f->leader_at[cell] >= 0)
            return yc_fail(c, "two leaders on hex [%d, %d]: only one leader may occupy a hex", p->at[0], p->at[1]);
        if (u >= 0 && f->units[u].side != s)
            return yc_fail(c, "leader '%s' stands with enemy unit '%s'", p->name, st->unit_names[u]);
        if (u >= 0 && *p->type == CCA_INFANTRY && f->units[u].type != CCA_INFANTRY)
            return yc_fail(c, "infantry leader '%s' with cavalry unit '%s': an infantry leader joins infantry only",
                           p->name, st->unit_names[u]);
        if (b->terrain_rule[b->terrain[cell]].impassable)
            return yc_fail(c, "hex [%d, %d] is %s, impassable", p->at[0], p->at[1],
                           b->terrain_rule[b->terrain[cell]].name);
        snprintf(st->leader_names[f->n_leaders], MU_NAME_MAX, "%s", p->name);
        cca_field_add_leader(f, cell, s, (cca_type)*p->type);
    }
    return 0;
}

static int convert(yc_conv *c, const void *raw, void *out)
{
    const struct raw_scenario *r = raw;
    cca_study *st = out;
    if (convert_board(c, r, st) != 0)
        return -1;
    st->turns = *r->turns;
    cca_field_init(&st->start);
    for (int s = 0; s < 2; s++) {
        const struct raw_side *rs = &r->sides[s];
        snprintf(st->side_names[s], MU_NAME_MAX, "%s", rs->name);
        if (s == 1 && strcmp(st->side_names[0], st->side_names[1]) == 0)
            return yc_fail(yc_at(c, "sides[1].name"), "side name '%s' is already used by sides[0]", rs->name);
        st->hand[s] = *rs->hand;
        st->board.unit_exit[s] = (uint8_t)(rs->units_exit ? *rs->units_exit : 0);
    }
    /* units first, so that leaders deployed on a unit's hex join it */
    for (int s = 0; s < 2; s++)
        if (convert_units(c, &r->sides[s], s, st) != 0)
            return -1;
    for (int s = 0; s < 2; s++)
        if (convert_leaders(c, &r->sides[s], s, st) != 0)
            return -1;
    st->first = 0;
    if (r->first) {
        if (strcmp(r->first, st->side_names[0]) != 0 && strcmp(r->first, st->side_names[1]) != 0)
            return yc_fail(yc_at(c, "first"), "unknown side '%s': give '%s' or '%s'", r->first, st->side_names[0],
                           st->side_names[1]);
        st->first = strcmp(r->first, st->side_names[0]) == 0 ? 0 : 1;
    }
    return 0;
}

int cca_scenario_load(const char *path, cca_study *st, char *err, size_t err_len)
{
    cca_study *tmp = calloc(1, sizeof *tmp);
    if (!tmp)
        abort();
    int rc = yc_load(path, &scenario_schema, CCA_FILE_SCHEMA, tmp, sizeof *tmp, convert, err, err_len);
    if (rc == 0) {
        st->board = tmp->board;
        st->start = tmp->start;
        memcpy(st->side_names, tmp->side_names, sizeof st->side_names);
        memcpy(st->unit_names, tmp->unit_names, sizeof st->unit_names);
        memcpy(st->leader_names, tmp->leader_names, sizeof st->leader_names);
        st->hand[0] = tmp->hand[0], st->hand[1] = tmp->hand[1];
        st->first = tmp->first, st->turns = tmp->turns;
    }
    free(tmp);
    return rc;
}

/* How a swept experiment is played (muster/sweep.h): one ruleset table
 * that runs the system's own, one context per point, and makes the
 * points' arms the arms of one run. The system's layout is kept with its
 * axes over the arms (`arm`, and any with per_arm set) lengthened to
 * points x arms: every count table must begin with such an axis, so that
 * point p's tables are the p-th block of each, and the per-game `arm`
 * column is renumbered. */
#include "muster/sweep.h"

#include "muster/alloc.h"

#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sweep_ctx {
    const mu_sweep *sw;
    const mu_ruleset *rs; /* the system */
    void **ctx;           /* a system context per point */
    uint64_t games_per_arm; /* the experiment's `games` */
    int arms;             /* the file's own arms */
    int arm_column;       /* the per-game `arm` column, or -1 */
    mu_dtype arm_type;
    size_t cells[MU_LAYOUT_MAX_TABLES]; /* a point's cells of each table */
    int n_tables;
} sweep_ctx;

/* A game: its point, then the system's state. */
typedef struct sweep_state {
    int point;
    alignas(64) unsigned char game[];
} sweep_state;

static int find_axis(const mu_layout *l, const char *name)
{
    for (int a = 0; a < l->n_axes; a++)
        if (strcmp(l->axes[a].name, name) == 0)
            return a;
    return -1;
}

/* Returns 0 when layouts a and b have the same shape and names (their
 * axes' labels may differ: see grid_layout). */
static int same_layout(const mu_layout *a, const mu_layout *b)
{
    if (a->n_axes != b->n_axes || a->n_columns != b->n_columns || a->n_tables != b->n_tables)
        return -1;
    for (int k = 0; k < a->n_axes; k++) {
        if (strcmp(a->axes[k].name, b->axes[k].name) != 0 || a->axes[k].length != b->axes[k].length ||
            a->axes[k].first_value != b->axes[k].first_value || !a->axes[k].labels != !b->axes[k].labels)
            return -1;
    }
    for (int k = 0; k < a->n_columns; k++)
        if (strcmp(a->columns[k].name, b->columns[k].name) != 0 || a->columns[k].type != b->columns[k].type ||
            a->columns[k].axis != b->columns[k].axis)
            return -1;
    for (int k = 0; k < a->n_tables; k++)
        if (strcmp(a->tables[k].name, b->tables[k].name) != 0 || a->tables[k].rank != b->tables[k].rank ||
            memcmp(a->tables[k].axes, b->tables[k].axes, sizeof a->tables[k].axes) != 0)
            return -1;
    return 0;
}

/* Returns the entries per arm of axis a of l: 1 for the axis named
 * "arm", its per_arm otherwise (0: it does not run over the arms). */
static int per_arm(const mu_layout *l, int a)
{
    return strcmp(l->axes[a].name, "arm") == 0 ? 1 : l->axes[a].per_arm;
}

/* Returns 1 when axis a has the same labels at every point of l[]. */
static int labels_agree(const mu_sweep *sw, const mu_layout *l, int a)
{
    for (int p = 1; p < sw->n_points; p++)
        for (int i = 0; l[0].axes[a].labels && i < l[0].axes[a].length; i++)
            if (strcmp(l[0].axes[a].labels[i], l[p].axes[a].labels[i]) != 0)
                return 0;
    return 1;
}

/* Makes *out the grid's layout from the points' layouts l[] (one shape):
 * l[0] with every axis that runs over the arms lengthened to every
 * point's arms, each entry labelled "LABEL | POINT" with the point's own
 * label; an axis not over the arms keeps its labels where the points
 * agree on them and is labelled by position ("0", "1", ...) where not. */
static void grid_layout(const mu_sweep *sw, const mu_layout *l, mu_layout *out)
{
    *out = l[0];
    for (int a = 0; a < l[0].n_axes; a++) {
        const mu_axis *in = &l[0].axes[a];
        mu_axis *ax = &out->axes[a];
        ax->labels = NULL;
        int points = per_arm(&l[0], a) ? sw->n_points : 1, by_position = points == 1 && !labels_agree(sw, l, a);
        if (in->labels == NULL && points == 1)
            continue;
        ax->length = in->length * points;
        ax->labels = mu_xcalloc((size_t)ax->length, sizeof(char *));
        for (int p = 0; p < points; p++) {
            char point[512], label[1024];
            mu_sweep_point_label(sw, p, point, sizeof point);
            for (int i = 0; i < in->length; i++) {
                if (by_position)
                    snprintf(label, sizeof label, "%d", i);
                else if (points == 1)
                    snprintf(label, sizeof label, "%s", in->labels[i]);
                else if (in->labels)
                    snprintf(label, sizeof label, "%s | %s", l[p].axes[a].labels[i], point);
                else
                    snprintf(label, sizeof label, "%d | %s", in->first_value + i, point);
                ax->labels[p * in->length + i] = mu_xstrdup(label);
            }
        }
    }
    /* the grid's coordinates: /sweep/<axis>, the axis's value at each arm */
    int arm = find_axis(&l[0], "arm"), arms = l[0].axes[arm].length;
    for (int k = 0; k < sw->n_axes; k++) {
        const char *values[MU_SWEEP_MAX_ARMS];
        for (int a = 0; a < arms * sw->n_points; a++)
            values[a] = sw->value[k][mu_sweep_value_index(sw, a / arms, k)];
        mu_layout_add_label_axis(out, "sweep", sw->name[k],
                                 "the sweep axis's value at each arm (in the order of the arm axis)",
                                 arms * sw->n_points, values);
    }
}

static void sweep_release(void *ctx)
{
    sweep_ctx *c = ctx;
    if (c == NULL)
        return;
    for (int p = 0; p < c->sw->n_points; p++)
        if (c->ctx[p])
            c->rs->release(c->ctx[p]);
    free(c->ctx);
    free(c);
}

/* Checks that the system's layout can be swept; returns 0 or -1 with err. */
static int check_layout(sweep_ctx *c, const mu_layout *l, uint64_t games, char *err, size_t err_len)
{
    int arm = find_axis(l, "arm");
    if (arm < 0) {
        snprintf(err, err_len, "%s: a sweep needs an 'arm' axis in the ruleset's output", c->rs->name);
        return -1;
    }
    c->arms = l->axes[arm].length;
    if ((uint64_t)c->arms * c->games_per_arm != games) {
        snprintf(err, err_len, "%s: its games are not its arms x games per arm: cannot be swept", c->rs->name);
        return -1;
    }
    if (c->arms * c->sw->n_points > MU_SWEEP_MAX_ARMS) {
        snprintf(err, err_len, "the sweep makes %d arms (%d points x %d arms); at most %d", c->arms * c->sw->n_points,
                 c->sw->n_points, c->arms, MU_SWEEP_MAX_ARMS);
        return -1;
    }
    for (int a = 0; a < l->n_axes; a++)
        if (per_arm(l, a) && l->axes[a].length != per_arm(l, a) * c->arms) {
            snprintf(err, err_len, "%s: axis %s does not have %d entries an arm", c->rs->name, l->axes[a].name,
                     per_arm(l, a));
            return -1;
        }
    for (int t = 0; t < l->n_tables; t++) {
        if (!per_arm(l, l->tables[t].axes[0])) {
            snprintf(err, err_len, "%s: table %s does not begin with an axis over the arms: cannot be swept",
                     c->rs->name, l->tables[t].name);
            return -1;
        }
        for (int k = 1; k < l->tables[t].rank; k++)
            if (per_arm(l, l->tables[t].axes[k])) {
                snprintf(err, err_len, "%s: table %s runs over the arms twice: cannot be swept", c->rs->name,
                         l->tables[t].name);
                return -1;
            }
        c->cells[t] = mu_table_cells(l, t);
    }
    c->n_tables = l->n_tables;
    c->arm_column = -1;
    for (int k = 0; k < l->n_columns; k++) {
        if (l->columns[k].axis >= 0 && per_arm(l, l->columns[k].axis)) {
            snprintf(err, err_len, "%s: column %s runs over the arms: cannot be swept", c->rs->name,
                     l->columns[k].name);
            return -1;
        }
        if (strcmp(l->columns[k].name, "arm") == 0 && l->columns[k].axis < 0) {
            c->arm_column = k;
            c->arm_type = l->columns[k].type;
        }
    }
    if (c->arm_column < 0 || (c->arm_type != MU_U8 && c->arm_type != MU_U16 && c->arm_type != MU_I32 &&
                              c->arm_type != MU_U32)) {
        snprintf(err, err_len, "%s: a sweep needs a per-game 'arm' column of 8-, 16- or 32-bit integers",
                 c->rs->name);
        return -1;
    }
    int most = c->arm_type == MU_U8 ? 255 : MU_SWEEP_MAX_ARMS;
    if (c->arms * c->sw->n_points > most) {
        snprintf(err, err_len, "the sweep makes %d arms (%d points x %d arms); %s numbers at most %d arms",
                 c->arms * c->sw->n_points, c->sw->n_points, c->arms, c->rs->name, most);
        return -1;
    }
    return 0;
}

static int sweep_prepare(const mu_experiment *ex, void **ctx_out, mu_layout *layout, uint64_t *games, char *err,
                         size_t err_len)
{
    const mu_sweep *sw = ex->sweep;
    sweep_ctx *c = mu_xcalloc(1, sizeof *c);
    c->sw = sw;
    c->rs = sw->system;
    c->games_per_arm = ex->games;
    c->ctx = mu_xcalloc((size_t)sw->n_points, sizeof *c->ctx);
    mu_experiment *point = mu_xmalloc(sizeof *point);
    mu_layout *l = mu_xcalloc((size_t)sw->n_points, sizeof *l); /* each point's */
    uint64_t n = 0;
    int rc = 0;
    for (int p = 0; p < sw->n_points && rc == 0; p++) {
        *point = *ex; /* the run's seed, games and output; the point's section */
        point->ruleset = sw->system;
        point->config = sw->config[p];
        point->sweep = NULL;
        rc = c->rs->prepare(point, &c->ctx[p], &l[p], &n, err, err_len);
        if (rc == 0 && p == 0) {
            char why[512];
            rc = check_layout(c, &l[0], n, why, sizeof why);
            if (rc != 0)
                snprintf(err, err_len, "%s: %s", ex->path, why);
        } else if (rc == 0 && same_layout(&l[0], &l[p]) != 0) {
            char label[512];
            mu_sweep_point_label(sw, p, label, sizeof label);
            snprintf(err, err_len, "%s: the sweep point %s changes the shape of the output (its axes, columns or "
                     "tables): points must differ only in values", ex->path, label);
            rc = -1;
        }
    }
    free(point);
    if (rc == 0)
        grid_layout(sw, l, layout);
    for (int p = 0; p < sw->n_points; p++)
        mu_layout_free(&l[p]);
    free(l);
    if (rc != 0) {
        sweep_release(c);
        return -1;
    }
    *games = n * (uint64_t)sw->n_points;
    *ctx_out = c;
    return 0;
}

/* The sink of point p's games: its block of every table. */
static mu_sink point_sink(const sweep_ctx *c, int p, const mu_sink *sink, uint64_t **tables)
{
    for (int t = 0; t < c->n_tables; t++)
        tables[t] = sink->tables[t] + (size_t)p * c->cells[t];
    return (mu_sink){.columns = sink->columns, .row = sink->row, .tables = tables, .trace = sink->trace};
}

static void sweep_setup(const void *ctx, uint64_t game, void *state)
{
    const sweep_ctx *c = ctx;
    sweep_state *s = state;
    /* run arm k = point * arms + own arm; game g is game g / (points * arms) of run arm g % (points * arms) */
    uint64_t run_arms = (uint64_t)c->arms * (uint64_t)c->sw->n_points, k = game % run_arms;
    s->point = (int)(k / (uint64_t)c->arms);
    c->rs->setup(c->ctx[s->point], game / run_arms * (uint64_t)c->arms + k % (uint64_t)c->arms, s->game);
}

static void sweep_play_turn(const void *ctx, void *state, mu_dice *dice, mu_sink *sink)
{
    const sweep_ctx *c = ctx;
    sweep_state *s = state;
    uint64_t *tables[MU_LAYOUT_MAX_TABLES];
    mu_sink own = point_sink(c, s->point, sink, tables);
    c->rs->play_turn(c->ctx[s->point], s->game, dice, &own);
}

static int sweep_is_over(const void *ctx, const void *state)
{
    const sweep_ctx *c = ctx;
    const sweep_state *s = state;
    return c->rs->is_over(c->ctx[s->point], s->game);
}

static void sweep_record(const void *ctx, const void *state, mu_sink *sink)
{
    const sweep_ctx *c = ctx;
    const sweep_state *s = state;
    uint64_t *tables[MU_LAYOUT_MAX_TABLES];
    mu_sink own = point_sink(c, s->point, sink, tables);
    c->rs->record(c->ctx[s->point], s->game, &own);
    if (sink->columns == NULL)
        return;
    uint32_t shift = (uint32_t)(s->point * c->arms);
    void *cell = (char *)sink->columns[c->arm_column] + sink->row * mu_dtype_size(c->arm_type);
    if (c->arm_type == MU_U8) {
        *(uint8_t *)cell = (uint8_t)(*(uint8_t *)cell + shift);
    } else if (c->arm_type == MU_U16) {
        *(uint16_t *)cell = (uint16_t)(*(uint16_t *)cell + shift);
    } else if (c->arm_type == MU_I32) {
        *(int32_t *)cell += (int32_t)shift;
    } else {
        *(uint32_t *)cell += shift;
    }
}

void mu_sweep_ruleset_init(mu_sweep *sw)
{
    sw->ruleset = *sw->system;
    sw->ruleset.prepare = sweep_prepare;
    sw->ruleset.state_size = sizeof(sweep_state) + sw->system->state_size;
    sw->ruleset.setup = sweep_setup;
    sw->ruleset.play_turn = sweep_play_turn;
    sw->ruleset.is_over = sweep_is_over;
    sw->ruleset.record = sweep_record;
    sw->ruleset.release = sweep_release;
}

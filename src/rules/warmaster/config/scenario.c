/* Warmaster scenario files, schema 1: the format as one schema table, and
 * its conversion into wm_scenario with the checks across fields
 * (terrain shapes through the battlefield's own checks, deployment zones
 * on the table and apart, objectives). See warmaster/wm_scenario.h. */
#include "warmaster/wm_scenario.h"

#include "muster/status.h"
#include "muster/yaml_conv.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* ---- Raw structs ----------------------------------------------------------- */

struct raw_circle {
    double *center;
    unsigned center_count;
    double *radius;
};

struct raw_feature {
    char *kind;
    char *name;
    double (*polygon)[2];
    unsigned polygon_count;
    struct raw_circle *circle;
    bool *dense;
    bool *blocks_sight;
    bool *fordable;
};

struct raw_rect {
    double *from;
    unsigned from_count;
    double *to;
    unsigned to_count;
};

struct raw_side {
    char *name;
    int *edge;
    struct raw_rect *deployment;
};

struct raw_zone {
    char *name;
    int *points;
    double (*polygon)[2];
    unsigned polygon_count;
    struct raw_circle *circle;
};

struct raw_objectives {
    struct raw_zone *zones;
    unsigned zones_count;
    int *first_charge;
    int *enemy_edge;
};

struct raw_victory {
    int *win_margin;
    int *general_leaves;
};

struct raw_scenario {
    int *schema;
    char *scenario;
    double *table_cm;
    unsigned table_cm_count;
    int *turns;
    char *first;
    double *deploy_gap_cm;
    struct raw_feature *terrain;
    unsigned terrain_count;
    struct raw_side *sides;
    unsigned sides_count;
    struct raw_objectives *objectives;
    struct raw_victory *victory;
    int *engaged;
};

/* ---- The format ------------------------------------------------------------ */

#define REQUIRED 1
#define OPTIONAL 0
#define NAME YP_STRING_OF(1, WM_NAME_MAX - 1)
#define CM_MAX 10000.0 /* 100 m: any table */

static const cyaml_strval_t edges[] = {{"south", WM_EDGE_SOUTH},
                                       {"east", WM_EDGE_EAST},
                                       {"north", WM_EDGE_NORTH},
                                       {"west", WM_EDGE_WEST}};
static const cyaml_strval_t leaving[] = {{"withdraws", 1}, {"ignored", 0}};
static const cyaml_strval_t engaged[] = {{"stay", 0}, {"removed", 1}};

static const yp_value coord = {.size = sizeof(double), YP_FLOAT_IN(-CM_MAX, CM_MAX)};
static const yp_value size_cm = {.size = sizeof(double), YP_FLOAT_ABOVE(0.0, CM_MAX)};
/* a point [x, y]: a fixed-length sequence inside the polygon's sequence */
static const yp_value point = {.kind = YP_SEQUENCE, .size = sizeof(double), .entry = &coord, .count_min = 2,
                               .count_max = 2};

static const yp_field circle_fields[] = {
    YP_SEQUENCE_FIELD(struct raw_circle, "center", REQUIRED, center, coord, 2, 2),
    YP_FIELD(struct raw_circle, "radius", REQUIRED, radius, YP_FLOAT_ABOVE(0.0, CM_MAX)),
};

static const yp_field feature_fields[] = {
    YP_FIELD(struct raw_feature, "kind", REQUIRED, kind, YP_STRING_OF(1, 31)),
    YP_FIELD(struct raw_feature, "name", OPTIONAL, name, NAME),
    YP_SEQUENCE_FIELD(struct raw_feature, "polygon", OPTIONAL, polygon, point, 3, WM_MAX_VERTICES),
    YP_FIELD(struct raw_feature, "circle", OPTIONAL, circle, YP_MAPPING_OF(circle_fields)),
    YP_FIELD(struct raw_feature, "dense", OPTIONAL, dense, YP_BOOLEAN),
    YP_FIELD(struct raw_feature, "blocks_sight", OPTIONAL, blocks_sight, YP_BOOLEAN),
    YP_FIELD(struct raw_feature, "fordable", OPTIONAL, fordable, YP_BOOLEAN),
};
static const yp_value feature_entry = {.size = sizeof(struct raw_feature), YP_MAPPING_OF(feature_fields)};

static const yp_field rect_fields[] = {
    YP_SEQUENCE_FIELD(struct raw_rect, "from", REQUIRED, from, coord, 2, 2),
    YP_SEQUENCE_FIELD(struct raw_rect, "to", REQUIRED, to, coord, 2, 2),
};

static const yp_field side_fields[] = {
    YP_FIELD(struct raw_side, "name", REQUIRED, name, NAME),
    YP_FIELD(struct raw_side, "edge", REQUIRED, edge, YP_ENUM_OF("table edge", edges)),
    YP_FIELD(struct raw_side, "deployment", REQUIRED, deployment, YP_MAPPING_OF(rect_fields)),
};
static const yp_value side_entry = {.size = sizeof(struct raw_side), YP_MAPPING_OF(side_fields)};

static const yp_field zone_fields[] = {
    YP_FIELD(struct raw_zone, "name", REQUIRED, name, NAME),
    YP_FIELD(struct raw_zone, "points", REQUIRED, points, YP_INT_IN(0, 1000)),
    YP_SEQUENCE_FIELD(struct raw_zone, "polygon", OPTIONAL, polygon, point, 3, WM_MAX_VERTICES),
    YP_FIELD(struct raw_zone, "circle", OPTIONAL, circle, YP_MAPPING_OF(circle_fields)),
};
static const yp_value zone_entry = {.size = sizeof(struct raw_zone), YP_MAPPING_OF(zone_fields)};

static const yp_field objective_fields[] = {
    YP_SEQUENCE_FIELD(struct raw_objectives, "zones", OPTIONAL, zones, zone_entry, 0, WM_MAX_OBJECTIVES),
    YP_FIELD(struct raw_objectives, "first_charge", OPTIONAL, first_charge, YP_INT_IN(0, 1000)),
    YP_FIELD(struct raw_objectives, "enemy_edge", OPTIONAL, enemy_edge, YP_INT_IN(0, 1000)),
};

static const yp_field victory_fields[] = {
    YP_FIELD(struct raw_victory, "win_margin", OPTIONAL, win_margin, YP_INT_IN(1, 10000)),
    YP_FIELD(struct raw_victory, "general_leaves", OPTIONAL, general_leaves,
             YP_ENUM_OF("general_leaves rule", leaving)),
};

static const yp_field scenario_fields[] = {
    YP_FIELD(struct raw_scenario, "schema", REQUIRED, schema, YP_INT_IN(INT_MIN, INT_MAX)),
    YP_FIELD(struct raw_scenario, "scenario", REQUIRED, scenario, NAME),
    YP_SEQUENCE_FIELD(struct raw_scenario, "table_cm", OPTIONAL, table_cm, size_cm, 2, 2),
    YP_FIELD(struct raw_scenario, "turns", REQUIRED, turns, YP_INT_IN(1, WM_MAX_TURNS)),
    YP_FIELD(struct raw_scenario, "first", OPTIONAL, first, NAME),
    YP_FIELD(struct raw_scenario, "deploy_gap_cm", OPTIONAL, deploy_gap_cm, YP_FLOAT_IN(0.0, 50.0)),
    YP_SEQUENCE_FIELD(struct raw_scenario, "terrain", OPTIONAL, terrain, feature_entry, 0, WM_MAX_FEATURES),
    YP_SEQUENCE_FIELD(struct raw_scenario, "sides", REQUIRED, sides, side_entry, 2, 2),
    YP_FIELD(struct raw_scenario, "objectives", OPTIONAL, objectives, YP_MAPPING_OF(objective_fields)),
    YP_FIELD(struct raw_scenario, "victory", OPTIONAL, victory, YP_MAPPING_OF(victory_fields)),
    YP_FIELD(struct raw_scenario, "engaged", OPTIONAL, engaged, YP_ENUM_OF("engaged rule", engaged)),
};
static const yp_value scenario_schema = {.size = sizeof(struct raw_scenario), YP_MAPPING_OF(scenario_fields)};

/* ---- Conversion ------------------------------------------------------------ */

static mu_vec2 cm(double x, double y) { return mu_v2(x * 10.0, y * 10.0); }

/* A polygon or a circle (exactly one), in mm, from the entry at base. */
static int convert_shape(yc_conv *c, const char *base, double (*poly)[2], unsigned n, const struct raw_circle *rc,
                         mu_vec2 *v, int *nv, mu_circle *circle)
{
    if (poly != NULL && rc != NULL)
        return yc_fail(yc_at(c, "%s.circle", base), "give polygon or circle, not both");
    if (poly == NULL && rc == NULL)
        return yc_fail(yc_at(c, "%s", base), "missing polygon or circle (the shape)");
    *nv = poly ? (int)n : 0;
    for (unsigned k = 0; poly && k < n; k++)
        v[k] = cm(poly[k][0], poly[k][1]);
    if (rc != NULL)
        *circle = (mu_circle){cm(rc->center[0], rc->center[1]), *rc->radius * 10.0};
    return 0;
}

static int terrain_kind(yc_conv *c, int i, const char *name, wm_terrain *out)
{
    char list[512] = "";
    *out = wm_terrain_from_name(name);
    if (*out != WM_TERRAIN_COUNT)
        return 0;
    for (int k = 0, n = 0; k < WM_TERRAIN_COUNT; k++)
        n += snprintf(list + n, sizeof list - (size_t)n, "%s%s", k ? ", " : "",
                      wm_terrain_get((wm_terrain)k)->name);
    return yc_fail(yc_at(c, "terrain[%d].kind", i), "unknown terrain kind '%s' (expected one of: %s)", name, list);
}

static int convert_feature(yc_conv *c, const struct raw_feature *r, int i, wm_scenario *sc)
{
    char base[32];
    mu_vec2 v[WM_MAX_VERTICES];
    mu_circle circle = {{0, 0}, 0};
    int n;
    wm_terrain kind;
    snprintf(base, sizeof base, "terrain[%d]", i);
    if (terrain_kind(c, i, r->kind, &kind) != 0 ||
        convert_shape(c, base, r->polygon, r->polygon_count, r->circle, v, &n, &circle) != 0)
        return -1;
    if (r->fordable != NULL && kind != WM_RIVER)
        return yc_fail(yc_at(c, "%s.fordable", base),
                       "fordable applies only to kind river (a fordable river is a ford)");
    if (r->fordable != NULL && *r->fordable)
        kind = WM_FORD;
    wm_status st = n ? wm_add_polygon(&sc->table, kind, v, n) : wm_add_circle(&sc->table, kind, circle.center,
                                                                                      circle.radius);
    if (st != WM_OK)
        return yc_fail(yc_at(c, "%s.%s", base, n ? "polygon" : "circle"), "%s", wm_status_str(st));
    wm_feature *f = &sc->table.feature[sc->table.n_features - 1];
    if (r->dense != NULL)
        f->dense = *r->dense;
    if (r->blocks_sight != NULL)
        f->blocks_sight = *r->blocks_sight;
    snprintf(sc->feature_name[i], WM_NAME_MAX, "%s", r->name ? r->name : "");
    return 0;
}

/* An objective zone's area: a feature for its shape only. */
static int convert_zone(yc_conv *c, const struct raw_zone *r, int i, wm_objective *o)
{
    char base[48];
    wm_feature *f = &o->area;
    snprintf(base, sizeof base, "objectives.zones[%d]", i);
    snprintf(o->name, sizeof o->name, "%s", r->name);
    o->points = *r->points;
    f->kind = WM_OTHER_FEATURE;
    if (convert_shape(c, base, r->polygon, r->polygon_count, r->circle, f->v, &f->n, &f->circle) != 0)
        return -1;
    f->shape = f->n ? WM_SHAPE_POLYGON : WM_SHAPE_CIRCLE;
    mu_polygon poly = {f->n, f->v};
    if (f->n && !mu_polygon_is_simple(&poly))
        return yc_fail(yc_at(c, "%s.polygon", base), "%s", wm_status_str(WM_NOT_SIMPLE));
    double r0 = f->circle.radius;
    f->lo = f->n ? f->v[0] : mu_v2(f->circle.center.x - r0, f->circle.center.y - r0);
    f->hi = f->n ? f->v[0] : mu_v2(f->circle.center.x + r0, f->circle.center.y + r0);
    for (int k = 0; k < f->n; k++) {
        f->lo = mu_v2(fmin(f->lo.x, f->v[k].x), fmin(f->lo.y, f->v[k].y));
        f->hi = mu_v2(fmax(f->hi.x, f->v[k].x), fmax(f->hi.y, f->v[k].y));
    }
    return 0;
}

static int convert_side(yc_conv *c, const struct raw_side *r, int s, wm_scenario *sc)
{
    wm_side *side = &sc->side[s];
    const struct raw_rect *z = r->deployment;
    const double eps = MU_GEOM_EPS_MM;
    snprintf(side->name, sizeof side->name, "%s", r->name);
    side->edge = *r->edge;
    side->zone_lo = cm(fmin(z->from[0], z->to[0]), fmin(z->from[1], z->to[1]));
    side->zone_hi = cm(fmax(z->from[0], z->to[0]), fmax(z->from[1], z->to[1]));
    if (s == 1 && strcmp(sc->side[0].name, side->name) == 0)
        return yc_fail(yc_at(c, "sides[1].name"), "side name '%s' is already used by sides[0]", side->name);
    if (s == 1 && sc->side[0].edge == side->edge)
        return yc_fail(yc_at(c, "sides[1].edge"), "both sides have table edge '%s'; give each side its own",
                       edges[side->edge].str);
    if (!(side->zone_hi.x - side->zone_lo.x > eps && side->zone_hi.y - side->zone_lo.y > eps))
        return yc_fail(yc_at(c, "sides[%d].deployment", s),
                       "the deployment zone has no area: from and to must differ in x and y");
    if (side->zone_lo.x < -eps || side->zone_lo.y < -eps || side->zone_hi.x > sc->table.width_mm + eps ||
        side->zone_hi.y > sc->table.depth_mm + eps)
        return yc_fail(yc_at(c, "sides[%d].deployment", s),
                       "the deployment zone (%g..%g, %g..%g cm) is not on the table (0..%g, 0..%g cm)",
                       side->zone_lo.x / 10, side->zone_hi.x / 10, side->zone_lo.y / 10, side->zone_hi.y / 10,
                       sc->table.width_mm / 10, sc->table.depth_mm / 10);
    const wm_side *o = &sc->side[0];
    if (s == 1 && side->zone_lo.x < o->zone_hi.x - eps && o->zone_lo.x < side->zone_hi.x - eps &&
        side->zone_lo.y < o->zone_hi.y - eps && o->zone_lo.y < side->zone_hi.y - eps)
        return yc_fail(yc_at(c, "sides[1].deployment"), "the deployment zones of '%s' and '%s' overlap", o->name,
                       side->name);
    return 0;
}

static int convert_first(yc_conv *c, const char *first, wm_scenario *sc)
{
    sc->first = WM_FIRST_ROLL;
    if (first == NULL || strcmp(first, "roll") == 0)
        return 0;
    for (int s = 0; s < 2; s++)
        if (strcmp(first, sc->side[s].name) == 0)
            sc->first = s;
    if (sc->first != WM_FIRST_ROLL)
        return 0;
    return yc_fail(yc_at(c, "first"), "first must be roll or a side's name ('%s' or '%s'), got '%s'", sc->side[0].name,
                   sc->side[1].name, first);
}

static int convert(yc_conv *c, const void *raw, void *out)
{
    const struct raw_scenario *r = raw;
    wm_scenario *sc = out;
    snprintf(sc->name, sizeof sc->name, "%s", r->scenario);
    wm_battlefield_init(&sc->table, r->table_cm ? r->table_cm[0] * 10.0 : WM_TABLE_WIDTH_MM,
                           r->table_cm ? r->table_cm[1] * 10.0 : WM_TABLE_DEPTH_MM);
    sc->turns = *r->turns;
    sc->deploy_gap_mm = r->deploy_gap_cm ? *r->deploy_gap_cm * 10.0 : 10.0;
    for (int i = 0; i < (int)r->terrain_count; i++)
        if (convert_feature(c, &r->terrain[i], i, sc) != 0)
            return -1;
    for (int s = 0; s < 2; s++)
        if (convert_side(c, &r->sides[s], s, sc) != 0)
            return -1;
    if (convert_first(c, r->first, sc) != 0)
        return -1;
    const struct raw_objectives *o = r->objectives;
    sc->n_objectives = o ? (int)o->zones_count : 0;
    for (int i = 0; i < sc->n_objectives; i++)
        if (convert_zone(c, &o->zones[i], i, &sc->objective[i]) != 0)
            return -1;
    sc->first_charge_points = o && o->first_charge ? *o->first_charge : 0;
    sc->enemy_edge_points = o && o->enemy_edge ? *o->enemy_edge : 0;
    sc->win_margin = r->victory && r->victory->win_margin ? *r->victory->win_margin : 1;
    sc->general_leaving_loses = r->victory && r->victory->general_leaves ? *r->victory->general_leaves : 1;
    sc->engaged_removed = r->engaged ? *r->engaged : 0;
    return 0;
}

int wm_scenario_load(const char *path, wm_scenario *out, char *err, size_t err_len)
{
    int rc = yc_load(path, &scenario_schema, WM_SCENARIO_SCHEMA, out, sizeof *out, convert, err, err_len);
    if (rc == 0)
        snprintf(out->path, sizeof out->path, "%s", path);
    return rc;
}

mu_vec2 wm_edge_forward(int edge)
{
    static const mu_vec2 forward[4] = {{0, 1}, {-1, 0}, {0, -1}, {1, 0}};
    return edge >= 0 && edge < 4 ? forward[edge] : mu_v2(0, 0);
}

/* `muster odds` without a calculator option: a player's Warmaster order
 * question answered exactly, for one roll or for a character's chain of
 * orders to several units (the order drill's exact counterpart). */
#include "warmaster/wm_odds_cli.h"

#include "muster/cmdline.h"
#include "muster/odds.h"
#include "muster/status.h"
#include "warmaster/wm_order_roll.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CMD "odds"

static const char usage_text[] =
    "--command N --distance CM [--order K] [UNIT OPTIONS] [RULE OPTIONS]\n"
    "--command N --unit SPEC [--unit SPEC ...] [--orders K] [RULE OPTIONS]\n";

static const char help_text[] =
    "Exact Warmaster order odds. The first form answers one order roll: its\n"
    "penalties, the 2D6 score needed and the chance of success. The second\n"
    "form is a character's order chain: units ordered in the given sequence,\n"
    "each up to K times, the character stopping at his first failure; it\n"
    "prints the chance of each order, of half-pace moves, and the\n"
    "distribution of orders given and units ordered.\n"
    "\n"
    "  --command N        the character's Command value (1..12)\n"
    "  --distance CM      shortest distance character to unit, in cm\n"
    "  --order K          which order this is for the unit this turn (1..3, default 1)\n"
    "  --enemy CM         distance from the unit to the closest enemy, in cm (default: none)\n"
    "  --dense            the unit is at least partly in dense terrain\n"
    "  --lost N           stands the unit has lost (default 0)\n"
    "  --unit SPEC        a unit of the chain: DIST[,dense][,enemy[=CM]][,lost=N][,orders=K]\n"
    "                     e.g. '10,wood' or '45,enemy,lost=1'. 'wood' is 'dense';\n"
    "                     'enemy' alone means an enemy within the enemy radius\n"
    "  --orders K         orders to try per chain unit unless its SPEC says (1..3, default 3)\n"
    "  --step CM          distance penalty step (default 20: -1 per started 20 cm beyond 20)\n"
    "  --enemy-radius CM  enemy-close penalty radius (default 20)\n"
    "  --no-blunders      a roll of 12 may succeed (default: 12 always fails, an assumption)\n"
    "  --json             print machine-readable JSON instead of text\n"
    "  -h, --help         print this help\n"
    "\n"
    "Example: muster odds --command 9 --distance 65 --order 2   (needs 5 or less)\n";

struct chain_unit {
    wm_order_situation where;
    int orders;
};

struct odds_request {
    int command;
    wm_order_rules rules;
    int json;
    int n_units;
    struct chain_unit units[MU_CHAIN_MAX_UNITS];
    int single;       /* one roll (--distance) rather than a chain */
    int order_number; /* for the single roll */
};

/* Parses one --unit SPEC into *u; returns 0 or -1 with a message in err. */
static int parse_unit_spec(const char *spec, int default_orders, struct chain_unit *u,
                           char *err, size_t err_len)
{
    char buf[256];
    if (strlen(spec) >= sizeof buf) {
        snprintf(err, err_len, "--unit '%.40s...' is too long", spec);
        return -1;
    }
    strcpy(buf, spec);
    u->where = (wm_order_situation){.enemy_distance_mm = INFINITY};
    u->orders = default_orders;
    int first = 1;
    char *next = buf;
    for (char *tok = buf; next; tok = next) {
        next = strchr(tok, ',');
        if (next)
            *next++ = '\0';
        double cm;
        long n;
        if (*tok == '\0') {
            snprintf(err, err_len, "--unit '%s' has an empty field", spec);
            return -1;
        }
        if (first) {
            if (mu_parse_double(tok, 0.0, 1e6, &cm) != 0) {
                snprintf(err, err_len, "--unit '%s': distance '%s' is not a number of cm >= 0", spec, tok);
                return -1;
            }
            u->where.distance_mm = cm * 10.0;
            first = 0;
        } else if (strcmp(tok, "dense") == 0 || strcmp(tok, "wood") == 0) {
            u->where.in_dense_terrain = 1;
        } else if (strcmp(tok, "enemy") == 0) {
            u->where.enemy_distance_mm = 0.0;
        } else if (strncmp(tok, "enemy=", 6) == 0 && mu_parse_double(tok + 6, 0.0, 1e6, &cm) == 0) {
            u->where.enemy_distance_mm = cm * 10.0;
        } else if (strncmp(tok, "lost=", 5) == 0 && mu_parse_int(tok + 5, 0, 100, &n) == 0) {
            u->where.stands_lost = (int)n;
        } else if (strncmp(tok, "orders=", 7) == 0 && mu_parse_int(tok + 7, 1, MU_MAX_ORDERS, &n) == 0) {
            u->orders = (int)n;
        } else {
            snprintf(err, err_len, "--unit '%s': cannot read '%s'", spec, tok);
            return -1;
        }
    }
    if (first) {
        snprintf(err, err_len, "--unit '%s' has no distance", spec);
        return -1;
    }
    return 0;
}

enum { OPT_NO_BLUNDERS = 256, OPT_STEP, OPT_ENEMY_RADIUS, OPT_JSON };

/* Reads the command line into *req; returns MU_EXIT_OK, an exit status
 * (usage error already reported), or MU_ODDS_HELP. */
static int parse_args(int argc, char **argv, struct odds_request *req)
{
    static const struct option opts[] = {
        {"command", required_argument, NULL, 'c'},  {"distance", required_argument, NULL, 'd'},
        {"order", required_argument, NULL, 'k'},    {"enemy", required_argument, NULL, 'e'},
        {"dense", no_argument, NULL, 'w'},          {"lost", required_argument, NULL, 'l'},
        {"unit", required_argument, NULL, 'u'},     {"orders", required_argument, NULL, 'o'},
        {"step", required_argument, NULL, OPT_STEP}, {"enemy-radius", required_argument, NULL, OPT_ENEMY_RADIUS},
        {"no-blunders", no_argument, NULL, OPT_NO_BLUNDERS}, {"json", no_argument, NULL, OPT_JSON},
        {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0}};
    const char *unit_specs[MU_CHAIN_MAX_UNITS];
    int n_specs = 0, have_command = 0, have_distance = 0, have_single_opt = 0;
    long n, default_orders = 3;
    double cm;
    struct chain_unit *single = &req->units[0];
    *req = (struct odds_request){.rules = wm_order_rules_default(), .order_number = 1};
    single->where.enemy_distance_mm = INFINITY;

    mu_option_reader rd = {.cmd = CMD, .longopts = opts, .help_status = MU_ODDS_HELP};
    int c;
    while ((c = mu_option_next(&rd, argc, argv)) != 0) {
        switch (c) {
        case 'c':
            if (mu_parse_int(optarg, 1, 12, &n) != 0)
                return mu_usage_error(CMD, "--command '%s' must be an integer from 1 to 12", optarg);
            req->command = (int)n, have_command = 1;
            break;
        case 'd':
            if (mu_parse_double(optarg, 0.0, 1e6, &cm) != 0)
                return mu_usage_error(CMD, "--distance '%s' must be a number of cm >= 0", optarg);
            single->where.distance_mm = cm * 10.0, have_distance = 1;
            break;
        case 'k':
            if (mu_parse_int(optarg, 1, MU_MAX_ORDERS, &n) != 0)
                return mu_usage_error(CMD, "--order '%s' must be 1, 2 or 3", optarg);
            req->order_number = (int)n, have_single_opt = 1;
            break;
        case 'e':
            if (mu_parse_double(optarg, 0.0, 1e6, &cm) != 0)
                return mu_usage_error(CMD, "--enemy '%s' must be a number of cm >= 0", optarg);
            single->where.enemy_distance_mm = cm * 10.0, have_single_opt = 1;
            break;
        case 'w':
            single->where.in_dense_terrain = 1, have_single_opt = 1;
            break;
        case 'l':
            if (mu_parse_int(optarg, 0, 100, &n) != 0)
                return mu_usage_error(CMD, "--lost '%s' must be an integer from 0 to 100", optarg);
            single->where.stands_lost = (int)n, have_single_opt = 1;
            break;
        case 'u':
            if (n_specs == MU_CHAIN_MAX_UNITS)
                return mu_usage_error(CMD, "at most %d --unit options", MU_CHAIN_MAX_UNITS);
            unit_specs[n_specs++] = optarg;
            break;
        case 'o':
            if (mu_parse_int(optarg, 1, MU_MAX_ORDERS, &default_orders) != 0)
                return mu_usage_error(CMD, "--orders '%s' must be 1, 2 or 3", optarg);
            break;
        case OPT_STEP:
            if (mu_parse_double(optarg, 0.1, 1e6, &cm) != 0)
                return mu_usage_error(CMD, "--step '%s' must be a number of cm >= 0.1", optarg);
            req->rules.distance_step_mm = cm * 10.0;
            break;
        case OPT_ENEMY_RADIUS:
            if (mu_parse_double(optarg, 0.0, 1e6, &cm) != 0)
                return mu_usage_error(CMD, "--enemy-radius '%s' must be a number of cm >= 0", optarg);
            req->rules.enemy_close_mm = cm * 10.0;
            break;
        case OPT_NO_BLUNDERS:
            req->rules.blunder_on_12 = 0;
            break;
        case OPT_JSON:
            req->json = 1;
            break;
        }
    }
    if (rd.status != MU_EXIT_OK)
        return rd.status;
    if (!have_command)
        return mu_usage_error(CMD, "--command is required");
    if (n_specs > 0 && (have_distance || have_single_opt))
        return mu_usage_error(CMD, "use either --unit (a chain) or --distance with its options (one roll), not both");
    if (n_specs == 0 && !have_distance)
        return mu_usage_error(CMD, "give --distance for one roll or --unit for a chain");

    req->single = n_specs == 0;
    if (req->single) {
        req->n_units = 1;
        return MU_EXIT_OK;
    }
    char err[512];
    for (int i = 0; i < n_specs; i++)
        if (parse_unit_spec(unit_specs[i], (int)default_orders, &req->units[i], err, sizeof err) != 0)
            return mu_usage_error(CMD, "%s", err);
    req->n_units = n_specs;
    return MU_EXIT_OK;
}

static void print_json_number(double v)
{
    printf("%.17g", v);
}

static void print_json_distance(const char *key, double mm)
{
    printf("\"%s\": ", key);
    if (isinf(mm))
        printf("null");
    else
        print_json_number(mm / 10.0);
}

static void print_rules_text(const wm_order_rules *r)
{
    printf("rules: distance penalty -1 per started %g cm beyond %g cm; enemy close within %g cm; %s\n",
           r->distance_step_mm / 10.0, r->distance_step_mm / 10.0, r->enemy_close_mm / 10.0,
           r->blunder_on_12 ? "a roll of 12 always fails (blunder assumption)"
                            : "a roll of 12 may succeed (blunders off)");
}

static void print_rules_json(const wm_order_rules *r)
{
    printf("\"rules\": {\"distance_step_cm\": %g, \"enemy_close_cm\": %g, \"blunder_on_12\": %s}",
           r->distance_step_mm / 10.0, r->enemy_close_mm / 10.0, r->blunder_on_12 ? "true" : "false");
}

static int single_roll(const struct odds_request *req)
{
    const wm_order_situation *s = &req->units[0].where;
    wm_penalties p = wm_order_penalties(&req->rules, s, req->order_number);
    int target = wm_order_target(req->command, &p);
    int ways = wm_order_success_ways(&req->rules, target);
    if (req->json) {
        printf("{\"command\": %d, \"order\": %d, ", req->command, req->order_number);
        print_json_distance("distance_cm", s->distance_mm);
        printf(", ");
        print_json_distance("enemy_cm", s->enemy_distance_mm);
        printf(", \"dense\": %s, \"stands_lost\": %d, ", s->in_dense_terrain ? "true" : "false", s->stands_lost);
        printf("\"penalties\": {\"distance\": %d, \"order\": %d, \"enemy_close\": %d, \"dense\": %d, "
               "\"casualties\": %d, \"total\": %d}, ",
               p.distance, p.order_number, p.enemy_close, p.dense_terrain, p.casualties, p.total);
        printf("\"target\": %d, \"ways\": %d, \"probability\": ", target, ways);
        print_json_number(ways / 36.0);
        printf(", ");
        print_rules_json(&req->rules);
        printf("}\n");
        return MU_EXIT_OK;
    }
    printf("Command %d, order %d, unit %g cm away", req->command, req->order_number, s->distance_mm / 10.0);
    if (!isinf(s->enemy_distance_mm))
        printf(", enemy %g cm away", s->enemy_distance_mm / 10.0);
    if (s->in_dense_terrain)
        printf(", in dense terrain");
    if (s->stands_lost)
        printf(", %d stand%s lost", s->stands_lost, s->stands_lost == 1 ? "" : "s");
    printf("\npenalties: distance -%d, order -%d, enemy close -%d, dense terrain -%d, casualties -%d: total -%d\n",
           p.distance, p.order_number, p.enemy_close, p.dense_terrain, p.casualties, p.total);
    if (target < 2)
        printf("target: %d: the order cannot be given\n", target);
    else
        printf("target: %d or less on 2D6\n", target);
    printf("P(order given) = %d/36 = %.6f\n", ways, ways / 36.0);
    print_rules_text(&req->rules);
    return MU_EXIT_OK;
}

/* Fills the chain spec and the per-order targets for req's units. */
static void build_chain(const struct odds_request *req, mu_chain_spec *spec,
                        int targets[][MU_MAX_ORDERS])
{
    spec->n_units = req->n_units;
    for (int i = 0; i < req->n_units; i++) {
        spec->orders[i] = req->units[i].orders;
        for (int j = 0; j < spec->orders[i]; j++) {
            wm_penalties p = wm_order_penalties(&req->rules, &req->units[i].where, j + 1);
            targets[i][j] = wm_order_target(req->command, &p);
            spec->p_success[i][j] = wm_order_success_ways(&req->rules, targets[i][j]) / 36.0;
        }
    }
}

static void print_chain_json(const struct odds_request *req, const mu_chain_spec *spec,
                             int targets[][MU_MAX_ORDERS], const mu_chain_odds *o)
{
    printf("{\"command\": %d, ", req->command);
    print_rules_json(&req->rules);
    printf(", \"units\": [");
    for (int i = 0; i < req->n_units; i++) {
        const wm_order_situation *s = &req->units[i].where;
        printf("%s{", i ? ", " : "");
        print_json_distance("distance_cm", s->distance_mm);
        printf(", ");
        print_json_distance("enemy_cm", s->enemy_distance_mm);
        printf(", \"dense\": %s, \"stands_lost\": %d, \"orders\": [", s->in_dense_terrain ? "true" : "false",
               s->stands_lost);
        for (int j = 0; j < spec->orders[i]; j++) {
            printf("%s{\"target\": %d, \"p_success\": ", j ? ", " : "", targets[i][j]);
            print_json_number(spec->p_success[i][j]);
            printf(", \"p_given\": ");
            print_json_number(o->p_order[i][j]);
            printf("}");
        }
        printf("], \"p_half_pace\": ");
        print_json_number(o->p_half_pace[i]);
        printf("}");
    }
    printf("], \"p_orders_given\": [");
    for (int k = 0; k <= o->max_orders; k++) {
        printf("%s", k ? ", " : "");
        print_json_number(o->p_orders_given[k]);
    }
    printf("], \"p_units_ordered\": [");
    for (int k = 0; k <= o->n_units; k++) {
        printf("%s", k ? ", " : "");
        print_json_number(o->p_units_ordered[k]);
    }
    printf("], \"mean_orders_given\": ");
    print_json_number(o->mean_orders_given);
    printf(", \"mean_units_ordered\": ");
    print_json_number(o->mean_units_ordered);
    printf(", \"p_no_failure\": ");
    print_json_number(o->p_no_failure);
    printf("}\n");
}

static void print_chain_text(const struct odds_request *req, const mu_chain_spec *spec,
                             int targets[][MU_MAX_ORDERS], const mu_chain_odds *o)
{
    printf("Order chain: Command %d, %d unit%s in sequence, stopping at the first failure\n", req->command,
           req->n_units, req->n_units == 1 ? "" : "s");
    print_rules_text(&req->rules);
    printf("\n%-4s %-24s %-17s %-17s %-17s %s\n", "unit", "situation", "order 1", "order 2", "order 3",
           "half pace");
    printf("%-4s %-24s %-17s %-17s %-17s %s\n", "", "", "need P(given)", "need P(given)", "need P(given)", "P");
    for (int i = 0; i < req->n_units; i++) {
        const wm_order_situation *s = &req->units[i].where;
        char where[64];
        int len = snprintf(where, sizeof where, "%g cm", s->distance_mm / 10.0);
        if (s->in_dense_terrain)
            len += snprintf(where + len, sizeof where - (size_t)len, ", dense");
        if (!isinf(s->enemy_distance_mm))
            len += snprintf(where + len, sizeof where - (size_t)len, ", enemy %g cm", s->enemy_distance_mm / 10.0);
        if (s->stands_lost)
            snprintf(where + len, sizeof where - (size_t)len, ", lost %d", s->stands_lost);
        printf("%-4d %-24s", i + 1, where);
        for (int j = 0; j < MU_MAX_ORDERS; j++) {
            if (j < spec->orders[i])
                printf(" <=%-3d %-11.6f", targets[i][j], o->p_order[i][j]);
            else
                printf(" %-17s", "-");
        }
        printf(" %.6f\n", o->p_half_pace[i]);
    }
    printf("\n%-14s %s\n", "orders given", "P");
    for (int k = 0; k <= o->max_orders; k++)
        printf("%-14d %.6f\n", k, o->p_orders_given[k]);
    printf("\n%-14s %s\n", "units ordered", "P");
    for (int k = 0; k <= o->n_units; k++)
        printf("%-14d %.6f\n", k, o->p_units_ordered[k]);
    printf("\nmean orders given %.6f, mean units ordered %.6f, P(no failure) %.6f\n", o->mean_orders_given,
           o->mean_units_ordered, o->p_no_failure);
}

static int order_odds_main(int argc, char **argv)
{
    static struct odds_request req;
    int rc = parse_args(argc, argv, &req);
    if (rc != MU_EXIT_OK)
        return rc;
    if (req.single)
        return single_roll(&req);

    static mu_chain_spec spec;
    static mu_chain_odds odds;
    static int targets[MU_CHAIN_MAX_UNITS][MU_MAX_ORDERS];
    build_chain(&req, &spec, targets);
    if (mu_chain_odds_compute(&spec, &odds) != 0)
        return MU_EXIT_SOFTWARE;
    if (req.json)
        print_chain_json(&req, &spec, targets, &odds);
    else
        print_chain_text(&req, &spec, targets, &odds);
    return MU_EXIT_OK;
}

const mu_odds_tool wm_order_odds_tool = {
    .option = NULL,
    .usage = usage_text,
    .summary = "order odds: one roll, or a character's chain of orders",
    .help = help_text,
    .run = order_odds_main,
};

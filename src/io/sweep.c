/* The axes and points of a sweep (muster/sweep.h): reading `sweep:` and
 * writing a point's values into the file's text. How the grid is played
 * is in sweep_ruleset.c. */
#include "muster/sweep.h"

#include "muster/alloc.h"
#include "muster/cmdline.h"
#include "muster/yaml_prepass.h"

#include <ctype.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The common keys: a sweep cannot change what the run itself is. */
static const char *const COMMON_KEYS[] = {"schema", "ruleset", "seed", "games", "output", "sweep"};

static int is_common(const char *path)
{
    for (size_t k = 0; k < sizeof COMMON_KEYS / sizeof COMMON_KEYS[0]; k++) {
        size_t n = strlen(COMMON_KEYS[k]);
        if (strncmp(path, COMMON_KEYS[k], n) == 0 && (path[n] == '\0' || path[n] == '.' || path[n] == '['))
            return 1;
    }
    return 0;
}

/* Returns 1 when text is a finite number and nothing else (a plain decimal: mu_parse_double). */
static int is_number(const char *text)
{
    double x;
    return mu_parse_double(text, -DBL_MAX, DBL_MAX, &x) == 0;
}

/* The number text holds (is_number(text) checked). */
static double number_of(const char *text)
{
    double x = 0.0;
    mu_parse_double(text, -DBL_MAX, DBL_MAX, &x);
    return x;
}

/* Returns 1 when text is one plain word: letters, digits, _ - . / + */
static int is_word(const char *text)
{
    for (const char *p = text; *p; p++)
        if (!(isalnum((unsigned char)*p) || strchr("_-./+", *p) != NULL))
            return 0;
    return text[0] != '\0' && text[0] != '-';
}

/* Reads axis a (the entry sweep[a]) into sw; returns 0 or -1 with err. */
static int read_axis(const yp_doc *doc, const mu_raw_sweep_axis *ax, int a, mu_sweep *sw, char *err, size_t err_len)
{
    char where[64];
    snprintf(where, sizeof where, "sweep[%d]", a);
    if (strlen(ax->name) >= MU_NAME_MAX || strlen(ax->path) >= MU_SWEEP_PATH_MAX) {
        yp_error(doc, where, err, err_len, "the axis's name or path is too long");
        return -1;
    }
    /* the name becomes a dataset's, /sweep/<name>: letters, digits, '_' and '-' */
    for (const char *p = ax->name; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_' || *p == '-')) {
            snprintf(where, sizeof where, "sweep[%d].name", a);
            yp_error(doc, where, err, err_len, "an axis name is letters, digits, '_' and '-' (it names the "
                     "file's /sweep/%s dataset), got '%s'", ax->name, ax->name);
            return -1;
        }
    snprintf(sw->name[a], sizeof sw->name[a], "%s", ax->name);
    snprintf(sw->path[a], sizeof sw->path[a], "%s", ax->path);
    snprintf(where, sizeof where, "sweep[%d].path", a);
    for (int b = 0; b < a; b++)
        if (strcmp(sw->name[b], sw->name[a]) == 0) {
            snprintf(where, sizeof where, "sweep[%d].name", a);
            yp_error(doc, where, err, err_len, "two axes are named '%s'", sw->name[a]);
            return -1;
        }
    if (is_common(ax->path)) {
        yp_error(doc, where, err, err_len, "'%s' is a key of the run itself; a sweep varies the rule system's "
                 "section", ax->path);
        return -1;
    }
    const yaml_node_t *n = yp_node(doc, ax->path);
    if (n == NULL || n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE) {
        yp_error(doc, where, err, err_len, "'%s' is not a plain value written in this file (write the key with "
                 "its baseline value first, unquoted)", ax->path);
        return -1;
    }
    sw->start[a] = n->start_mark.index;
    sw->end[a] = n->end_mark.index;
    sw->numeric[a] = is_number((const char *)n->data.scalar.value);
    for (int b = 0; b < a; b++)
        if (sw->start[b] == sw->start[a]) {
            yp_error(doc, where, err, err_len, "axes '%s' and '%s' vary the same value", sw->name[b], sw->name[a]);
            return -1;
        }
    sw->n_values[a] = (int)ax->values_count;
    for (unsigned v = 0; v < ax->values_count; v++) {
        const char *text = ax->values[v];
        snprintf(where, sizeof where, "sweep[%d].values[%u]", a, v);
        if (sw->numeric[a] && !is_number(text)) {
            yp_error(doc, where, err, err_len, "'%s' is a number in this file; '%s' is not", ax->path, text);
            return -1;
        }
        if (!sw->numeric[a] && !is_word(text)) {
            yp_error(doc, where, err, err_len, "a value that is not a number is one word of letters, digits and "
                     "'_' '-' '.' '/' '+', got '%s'", text);
            return -1;
        }
        for (unsigned w = 0; w < v; w++)
            if (sw->numeric[a] ? number_of(ax->values[w]) == number_of(text) : strcmp(ax->values[w], text) == 0) {
                yp_error(doc, where, err, err_len, "the value %s is already on this axis", text);
                return -1;
            }
        snprintf(sw->value[a][v], sizeof sw->value[a][v], "%s", text);
    }
    return 0;
}

int mu_sweep_read(const yp_doc *doc, const mu_raw_common *raw, const mu_ruleset *system, mu_sweep **out,
                  char *err, size_t err_len)
{
    *out = NULL;
    mu_sweep *sw = mu_xcalloc(1, sizeof *sw);
    sw->system = system;
    sw->n_axes = (int)raw->sweep_count;
    long points = 1;
    for (int a = 0; a < sw->n_axes; a++) {
        if (read_axis(doc, &raw->sweep[a], a, sw, err, err_len) != 0) {
            free(sw);
            return -1;
        }
        points *= sw->n_values[a];
        if (points > MU_SWEEP_MAX_ARMS) {
            yp_error(doc, "sweep", err, err_len, "the grid has more than %d points", MU_SWEEP_MAX_ARMS);
            free(sw);
            return -1;
        }
    }
    sw->n_points = (int)points;
    sw->config = mu_xcalloc((size_t)points, sizeof *sw->config);
    mu_sweep_ruleset_init(sw);
    *out = sw;
    return 0;
}

int mu_sweep_value_index(const mu_sweep *sw, int p, int a)
{
    for (int b = sw->n_axes - 1; b > a; b--)
        p /= sw->n_values[b];
    return p % sw->n_values[a];
}

void mu_sweep_point_label(const mu_sweep *sw, int p, char *out, size_t len)
{
    size_t used = 0;
    out[0] = '\0';
    for (int a = 0; a < sw->n_axes && used < len; a++) {
        int n = snprintf(out + used, len - used, "%s%s=%s", a ? " " : "", sw->name[a],
                         sw->value[a][mu_sweep_value_index(sw, p, a)]);
        used += n > 0 ? (size_t)n : 0;
    }
}

char *mu_sweep_point_text(const mu_sweep *sw, int p, const char *text, size_t len, size_t *out_len)
{
    /* the places in the order they appear in the file */
    int order[MU_SWEEP_MAX_AXES];
    for (int a = 0; a < sw->n_axes; a++) {
        int k = a;
        while (k > 0 && sw->start[order[k - 1]] > sw->start[a]) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = a;
    }
    size_t cap = len + 1 + (size_t)sw->n_axes * MU_SWEEP_VALUE_MAX, n = 0, from = 0;
    char *t = mu_xmalloc(cap);
    for (int k = 0; k < sw->n_axes; k++) {
        int a = order[k];
        const char *v = sw->value[a][mu_sweep_value_index(sw, p, a)];
        memcpy(t + n, text + from, sw->start[a] - from);
        n += sw->start[a] - from;
        memcpy(t + n, v, strlen(v));
        n += strlen(v);
        from = sw->end[a];
    }
    memcpy(t + n, text + from, len - from);
    n += len - from;
    t[n] = '\0';
    *out_len = n;
    return t;
}

void mu_sweep_free(mu_sweep *sw)
{
    if (sw == NULL)
        return;
    for (int p = 0; p < sw->n_points && sw->config; p++)
        if (sw->config[p])
            sw->system->free_config(sw->config[p]);
    free(sw->config);
    free(sw);
}

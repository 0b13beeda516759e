/* The YAML pre-pass: libyaml events and document tree checked against a
 * schema table, every problem reported with its position; and the libcyaml
 * schema generated from the same table. See yaml_prepass.h. */
#include "muster/yaml_prepass.h"

#include "muster/alloc.h"
#include "muster/escape.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define YP_PATH_MAX 512
#define YP_SHOW_MAX 48    /* bytes of user text quoted in a message */
#define YP_MAX_DEPTH 64   /* nesting the event pass follows */
#define YP_MAX_KEYS YP_CYAML_MAX_FIELDS /* fields of one mapping in a schema table */

/* ---- Messages ----------------------------------------------------------- */

/* Writes "FILE:LINE:COL: error: MESSAGE[ (path)]" into err, FILE escaped
 * (mu_escape_name) so that the line stays one line. */
__attribute__((format(printf, 7, 0)))
static void vput(char *err, size_t err_len, const char *file, size_t line, size_t col,
                 const char *path, const char *fmt, va_list ap)
{
    char msg[1024], name[MU_ESCAPED_MAX];
    vsnprintf(msg, sizeof msg, fmt, ap);
    mu_escape_name(name, sizeof name, file);
    if (path != NULL && path[0] != '\0')
        snprintf(err, err_len, "%s:%zu:%zu: error: %s (%s)", name, line, col, msg, path);
    else
        snprintf(err, err_len, "%s:%zu:%zu: error: %s", name, line, col, msg);
}

__attribute__((format(printf, 7, 8)))
static int put(char *err, size_t err_len, const char *file, size_t line, size_t col,
               const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vput(err, err_len, file, line, col, path, fmt, ap);
    va_end(ap);
    return -1;
}

/* Copies n bytes of user text s into buf for quoting in a message: control
 * characters become '?', and long text is cut (at a character boundary)
 * and ends in "...". Returns buf. */
static const char *show(char buf[YP_SHOW_MAX], const char *s, size_t n)
{
    size_t room = YP_SHOW_MAX - 4, i;
    for (i = 0; i < n && i < room; i++) {
        unsigned char c = (unsigned char)s[i];
        buf[i] = (char)(c < 0x20 || c == 0x7f ? '?' : c);
    }
    if (i < n) {
        while (i > 0 && ((unsigned char)s[i] & 0xC0) == 0x80)
            i--; /* s[i] is the first byte left out: do not split its character */
        memcpy(buf + i, "...", 3);
        i += 3;
    }
    buf[i] = '\0';
    return buf;
}

/* ---- Paths -------------------------------------------------------------- */

/* Cuts path to base bytes and appends ".key" (or "key" at the root). */
static void path_key(char *path, size_t base, const char *key)
{
    char shown[YP_SHOW_MAX];
    show(shown, key, strlen(key));
    snprintf(path + base, YP_PATH_MAX - base, "%s%s", base > 0 ? "." : "", shown);
}

/* Cuts path to base bytes and appends "[index]". */
static void path_index(char *path, size_t base, size_t index)
{
    snprintf(path + base, YP_PATH_MAX - base, "[%zu]", index);
}

/* ---- Event pass: syntax, encoding, anchors, aliases, tags, documents ----- */

/* Where the event pass is: one frame per open mapping or sequence. */
typedef struct ev_frame {
    int is_map;
    int want_key;
    size_t index; /* next sequence entry */
    size_t len;   /* length of this collection's path */
} ev_frame;

typedef struct ev_walk {
    const yp_doc *d;
    char *err;
    size_t err_len;
    ev_frame f[YP_MAX_DEPTH];
    int depth;
    int docs;
    char path[YP_PATH_MAX];
} ev_walk;

/* 1-based line and column (in characters, as libyaml counts them: a
 * byte-order mark is not one) of byte offset in text. */
static void offset_position(const unsigned char *text, size_t len, size_t offset,
                            size_t *line, size_t *col)
{
    size_t bom = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    *line = 1, *col = 1;
    for (size_t i = bom; i < offset && i < len; i++) {
        if (text[i] == '\n')
            ++*line, *col = 1;
        else if ((text[i] & 0xC0) != 0x80)
            ++*col;
    }
}

/* Reports libyaml's reader error (text it cannot decode) at the first
 * byte of the offending character. */
static int reader_error(const ev_walk *w, const yaml_parser_t *p, const unsigned char *text, size_t len)
{
    const char *problem = p->problem ? p->problem : "unknown problem";
    size_t at = p->problem_offset, line, col;
    if (strstr(problem, "trailing UTF-8 octet") != NULL) {
        /* libyaml points at the bad continuation byte: go back to the lead */
        while (at > 0 && at <= len && (at == p->problem_offset || (text[at] & 0xC0) == 0x80))
            at--;
    }
    offset_position(text, len, at, &line, &col);
    if (strstr(problem, "UTF-8") != NULL && at < len)
        return put(w->err, w->err_len, w->d->file, line, col, NULL,
                   "invalid UTF-8: byte 0x%02X does not start a valid character (%s); the file must be UTF-8",
                   text[at], problem);
    if (p->problem_value >= 0)
        return put(w->err, w->err_len, w->d->file, line, col, NULL, "invalid character 0x%02X: %s",
                   (unsigned)p->problem_value, problem);
    return put(w->err, w->err_len, w->d->file, line, col, NULL, "invalid text: %s", problem);
}

/* Reports why libyaml stopped: bad text, bad syntax, or no memory. */
static int parser_error(const ev_walk *w, const yaml_parser_t *p, const unsigned char *text, size_t len)
{
    const char *file = w->d->file, *problem = p->problem ? p->problem : "unknown problem";
    if (p->error == YAML_MEMORY_ERROR)
        mu_out_of_memory();
    if (p->error == YAML_READER_ERROR)
        return reader_error(w, p, text, len);
    const yaml_mark_t *m = &p->problem_mark;
    if (p->context != NULL)
        return put(w->err, w->err_len, file, m->line + 1, m->column + 1, NULL,
                   "syntax error: %s, %s that began at line %zu column %zu", problem, p->context,
                   p->context_mark.line + 1, p->context_mark.column + 1);
    return put(w->err, w->err_len, file, m->line + 1, m->column + 1, NULL, "syntax error: %s", problem);
}

/* Sets w->path to the path of the node the event ev starts. */
static void ev_node_path(ev_walk *w, const yaml_event_t *ev)
{
    if (w->depth == 0) {
        w->path[0] = '\0';
        return;
    }
    ev_frame *p = &w->f[w->depth - 1];
    if (!p->is_map) {
        path_index(w->path, p->len, p->index++);
    } else if (p->want_key) {
        p->want_key = 0;
        path_key(w->path, p->len,
                 ev->type == YAML_SCALAR_EVENT ? (const char *)ev->data.scalar.value : "?");
    } else {
        p->want_key = 1; /* a value: its path is the key's, already set */
    }
}

static int ev_open(ev_walk *w, const yaml_event_t *ev, int is_map)
{
    if (w->depth == YP_MAX_DEPTH)
        return put(w->err, w->err_len, w->d->file, ev->start_mark.line + 1, ev->start_mark.column + 1,
                   w->path, "nesting deeper than %d levels", YP_MAX_DEPTH);
    w->f[w->depth++] = (ev_frame){.is_map = is_map, .want_key = 1, .len = strlen(w->path)};
    return 0;
}

/* Checks a node event (scalar, sequence or mapping start): no anchor, no
 * tag; opens a collection. */
static int ev_node(ev_walk *w, const yaml_event_t *ev, const yaml_char_t *anchor, const yaml_char_t *tag,
                   int opens, int is_map)
{
    const yaml_mark_t *m = &ev->start_mark;
    ev_node_path(w, ev);
    if (anchor != NULL)
        return put(w->err, w->err_len, w->d->file, m->line + 1, m->column + 1, w->path,
                   "anchors and aliases are not allowed");
    if (tag != NULL)
        return put(w->err, w->err_len, w->d->file, m->line + 1, m->column + 1, w->path, "tags are not allowed");
    return opens ? ev_open(w, ev, is_map) : 0;
}

/* Checks one event against what the file formats allow. */
static int ev_check(ev_walk *w, const yaml_event_t *ev)
{
    const yaml_mark_t *m = &ev->start_mark;
    switch (ev->type) {
    case YAML_STREAM_START_EVENT:
        if (ev->data.stream_start.encoding == YAML_UTF8_ENCODING)
            return 0;
        return put(w->err, w->err_len, w->d->file, 1, 1, NULL, "the file must be UTF-8 text, not UTF-16");
    case YAML_DOCUMENT_START_EVENT:
        if (++w->docs == 1)
            return 0;
        return put(w->err, w->err_len, w->d->file, m->line + 1, m->column + 1, NULL,
                   "a second YAML document; the file must hold exactly one");
    case YAML_ALIAS_EVENT:
        ev_node_path(w, ev);
        return put(w->err, w->err_len, w->d->file, m->line + 1, m->column + 1, w->path,
                   "anchors and aliases are not allowed");
    case YAML_SCALAR_EVENT:
        return ev_node(w, ev, ev->data.scalar.anchor, ev->data.scalar.tag, 0, 0);
    case YAML_SEQUENCE_START_EVENT:
        return ev_node(w, ev, ev->data.sequence_start.anchor, ev->data.sequence_start.tag, 1, 0);
    case YAML_MAPPING_START_EVENT:
        return ev_node(w, ev, ev->data.mapping_start.anchor, ev->data.mapping_start.tag, 1, 1);
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
        w->depth--;
        return 0;
    default:
        return 0;
    }
}

/* Runs text through the libyaml parser, checking every event. */
static int scan_events(const yp_doc *d, const unsigned char *text, size_t len, char *err, size_t err_len)
{
    ev_walk w = {.d = d, .err = err, .err_len = err_len};
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p))
        mu_out_of_memory();
    yaml_parser_set_input_string(&p, text, len);
    int rc = 0, done = 0;
    while (rc == 0 && !done) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&p, &ev)) {
            rc = parser_error(&w, &p, text, len);
            break;
        }
        rc = ev_check(&w, &ev);
        done = ev.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&p);
    return rc;
}

/* ---- The document tree -------------------------------------------------- */

static const yaml_node_t *node_at(const yp_doc *d, int index)
{
    if (!d->loaded || index < 1 || index > d->doc.nodes.top - d->doc.nodes.start)
        return NULL;
    return d->doc.nodes.start + (index - 1);
}

static int is_null_scalar(const yaml_node_t *n)
{
    static const char *const nulls[] = {"", "~", "null", "Null", "NULL"};
    if (n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return 0;
    for (size_t i = 0; i < sizeof nulls / sizeof nulls[0]; i++)
        if (strcmp((const char *)n->data.scalar.value, nulls[i]) == 0)
            return 1;
    return 0;
}

int yp_doc_load(yp_doc *d, const char *file, const unsigned char *text, size_t len,
                char *err, size_t err_len)
{
    *d = (yp_doc){.file = file};
    if (scan_events(d, text, len, err, err_len) != 0)
        return -1;
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p))
        mu_out_of_memory();
    yaml_parser_set_input_string(&p, text, len);
    int rc = 0;
    if (yaml_parser_load(&p, &d->doc))
        d->loaded = 1;
    else if (p.error == YAML_MEMORY_ERROR)
        mu_out_of_memory();
    else /* the event pass accepted what the loader rejects: report it */
        rc = put(err, err_len, file, p.problem_mark.line + 1, p.problem_mark.column + 1, NULL,
                 "syntax error: %s", p.problem ? p.problem : "unknown problem");
    yaml_parser_delete(&p);
    if (rc != 0)
        return rc;
    const yaml_node_t *root = node_at(d, 1);
    if (root == NULL || (is_null_scalar(root) && root->data.scalar.value[0] == '\0'))
        return put(err, err_len, file, 1, 1, NULL, "empty document");
    return 0;
}

void yp_doc_free(yp_doc *d)
{
    if (d->loaded)
        yaml_document_delete(&d->doc);
    d->loaded = 0;
}

/* The value of key (klen bytes) in mapping n, or NULL. */
static const yaml_node_t *map_get(const yp_doc *d, const yaml_node_t *n, const char *key, size_t klen)
{
    if (n->type != YAML_MAPPING_NODE)
        return NULL;
    for (const yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        const yaml_node_t *k = node_at(d, p->key);
        if (k && k->type == YAML_SCALAR_NODE && k->data.scalar.length == klen &&
            memcmp(k->data.scalar.value, key, klen) == 0)
            return node_at(d, p->value);
    }
    return NULL;
}

/* The node at path; when absent, NULL (exact) or the deepest node found. */
static const yaml_node_t *find(const yp_doc *d, const char *path, int exact)
{
    const yaml_node_t *n = node_at(d, 1), *next = NULL;
    const char *p = path;
    while (n != NULL && *p != '\0') {
        if (*p == '[') {
            char *end;
            unsigned long i = strtoul(p + 1, &end, 10);
            p = *end == ']' ? end + 1 : end;
            next = NULL;
            if (n->type == YAML_SEQUENCE_NODE &&
                i < (unsigned long)(n->data.sequence.items.top - n->data.sequence.items.start))
                next = node_at(d, n->data.sequence.items.start[i]);
        } else {
            p += *p == '.';
            size_t klen = strcspn(p, ".[");
            next = map_get(d, n, p, klen);
            p += klen;
        }
        if (next == NULL)
            return exact ? NULL : n;
        n = next;
    }
    return n;
}

const yaml_node_t *yp_node(const yp_doc *d, const char *path)
{
    return find(d, path, 1);
}

void yp_error(const yp_doc *d, const char *path, char *err, size_t err_len, const char *fmt, ...)
{
    const yaml_node_t *n = find(d, path, 0);
    yaml_mark_t m = n ? n->start_mark : (yaml_mark_t){0};
    va_list ap;
    va_start(ap, fmt);
    vput(err, err_len, d->file, m.line + 1, m.column + 1, path, fmt, ap);
    va_end(ap);
}

const yp_field *yp_field_named(const yp_value *m, const char *key)
{
    for (unsigned i = 0; i < m->n_fields; i++)
        if (strcmp(m->fields[i].key, key) == 0)
            return &m->fields[i];
    return NULL;
}

/* ---- The schema walk ---------------------------------------------------- */

typedef struct walk {
    const yp_doc *d;
    char *err;
    size_t err_len;
    char path[YP_PATH_MAX];
} walk;

__attribute__((format(printf, 3, 4)))
static int fail(walk *w, const yaml_node_t *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vput(w->err, w->err_len, w->d->file, n->start_mark.line + 1, n->start_mark.column + 1, w->path, fmt, ap);
    va_end(ap);
    return -1;
}

static const char *expected_kind(const yp_value *v)
{
    switch (v->kind) {
    case YP_INT:
    case YP_UINT: return "an integer";
    case YP_FLOAT: return "a number";
    case YP_BOOL: return "true or false";
    case YP_MAPPING: return "a mapping";
    case YP_SEQUENCE: return "a sequence";
    default: return "a string";
    }
}

static int wrong_type(walk *w, const yaml_node_t *n, const yp_value *v)
{
    char shown[YP_SHOW_MAX];
    const char *what = expected_kind(v);
    if (n->type == YAML_MAPPING_NODE)
        return fail(w, n, "expected %s, got a mapping", what);
    if (n->type == YAML_SEQUENCE_NODE)
        return fail(w, n, "expected %s, got a sequence", what);
    if (is_null_scalar(n))
        return fail(w, n, "expected %s, got %s", what, n->data.scalar.length ? "null" : "an empty value");
    if (n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return fail(w, n, "expected %s, got the quoted string '%s'", what,
                    show(shown, (const char *)n->data.scalar.value, n->data.scalar.length));
    return fail(w, n, "expected %s, got '%s'", what,
                show(shown, (const char *)n->data.scalar.value, n->data.scalar.length));
}

/* Length of the longest prefix of s that is a decimal number:
 * [+-] (digits [. digits] | . digits) [(e|E) [+-] digits]. 0 if none. */
static size_t number_prefix(const char *s)
{
    size_t i = (*s == '+' || *s == '-'), mant = 0;
    while (isdigit((unsigned char)s[i]))
        i++, mant++;
    if (s[i] == '.')
        for (i++; isdigit((unsigned char)s[i]); i++)
            mant++;
    if (mant == 0)
        return 0;
    if (s[i] == 'e' || s[i] == 'E') {
        size_t j = i + 1;
        j += (s[j] == '+' || s[j] == '-');
        if (isdigit((unsigned char)s[j])) {
            while (isdigit((unsigned char)s[j]))
                j++;
            i = j;
        }
    }
    return i;
}

/* Reports text that is not a number of the kind v wants; 0 if it is one. */
static int check_number_syntax(walk *w, const yaml_node_t *n, const yp_value *v, const char *s)
{
    char a[YP_SHOW_MAX], b[YP_SHOW_MAX], c[YP_SHOW_MAX];
    size_t len = strlen(s), good = number_prefix(s);
    if (good == 0)
        return wrong_type(w, n, v);
    if (good < len)
        return fail(w, n, "invalid number '%s': unexpected '%s' after '%s'", show(a, s, len),
                    show(b, s + good, len - good), show(c, s, good));
    if (v->kind == YP_FLOAT)
        return 0;
    if (strcspn(s, ".eE") < len)
        return wrong_type(w, n, v);
    size_t digits = (s[0] == '+' || s[0] == '-');
    if (s[digits] == '0' && s[digits + 1] != '\0')
        return fail(w, n, "invalid integer '%s': leading zeros are not allowed", show(a, s, len));
    return 0;
}

/* Reads the checked integer text s; *overflow if it does not fit 64 bits. */
static void read_integer(const char *s, int *negative, uint64_t *mag, int *overflow)
{
    *negative = s[0] == '-', *mag = 0, *overflow = 0;
    for (const char *p = s + (s[0] == '+' || s[0] == '-'); *p; p++) {
        unsigned digit = (unsigned)(*p - '0');
        if (*mag > (UINT64_MAX - digit) / 10)
            *overflow = 1;
        else
            *mag = *mag * 10 + digit;
    }
}

static int check_integer(walk *w, const yaml_node_t *n, const yp_value *v, const char *name, const char *s)
{
    char a[YP_SHOW_MAX];
    int negative, overflow, ok;
    uint64_t mag;
    read_integer(s, &negative, &mag, &overflow);
    if (v->kind == YP_UINT) {
        ok = !overflow && (!negative || mag == 0) && mag >= v->uint_min && mag <= v->uint_max;
        if (!ok)
            return fail(w, n, "%s must be between %llu and %llu, got %s", name,
                        (unsigned long long)v->uint_min, (unsigned long long)v->uint_max, show(a, s, strlen(s)));
        return 0;
    }
    ok = !overflow && mag <= (uint64_t)INT64_MAX;
    long long x = ok ? (negative ? -(long long)mag : (long long)mag) : 0;
    if (!ok || x < v->int_min || x > v->int_max)
        return fail(w, n, "%s must be between %lld and %lld, got %s", name, v->int_min, v->int_max,
                    show(a, s, strlen(s)));
    return 0;
}

static int check_float(walk *w, const yaml_node_t *n, const yp_value *v, const char *name, const char *s)
{
    char a[YP_SHOW_MAX];
    double x = strtod(s, NULL);
    int low = v->float_min_open ? !(x > v->float_min) : !(x >= v->float_min);
    if (isfinite(x) && !low && x <= v->float_max)
        return 0;
    return fail(w, n, "%s must be %s %.15g and at most %.15g, got %s", name,
                v->float_min_open ? "greater than" : "at least", v->float_min, v->float_max,
                show(a, s, strlen(s)));
}

static int check_enum(walk *w, const yaml_node_t *n, const yp_value *v, const char *s, size_t len)
{
    char a[YP_SHOW_MAX], list[512] = "";
    for (unsigned i = 0; i < v->n_names; i++)
        if (strcmp(s, v->names[i].str) == 0)
            return 0;
    for (unsigned i = 0, at = 0; i < v->n_names && at < sizeof list; i++)
        at += (unsigned)snprintf(list + at, sizeof list - at, "%s%s", i ? ", " : "", v->names[i].str);
    return fail(w, n, "unknown %s '%s' (expected one of: %s)", v->noun, show(a, s, len), list);
}

static int check_string(walk *w, const yaml_node_t *n, const yp_value *v, const char *name, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
            return fail(w, n, "%s contains a control character", name);
    if (len < v->len_min)
        return v->len_min == 1 ? fail(w, n, "%s must not be empty", name)
                               : fail(w, n, "%s must be at least %u bytes long", name, v->len_min);
    if (len > v->len_max)
        return fail(w, n, "%s is too long: %zu bytes, at most %u", name, len, v->len_max);
    return 0;
}

/* YAML 1.2 core booleans (libcyaml reads all of them right). */
static int is_bool(const char *s)
{
    static const char *const bools[] = {"true", "false", "True", "False", "TRUE", "FALSE"};
    for (size_t i = 0; i < sizeof bools / sizeof bools[0]; i++)
        if (strcmp(s, bools[i]) == 0)
            return 1;
    return 0;
}

static int check_scalar(walk *w, const yaml_node_t *n, const yp_value *v, const char *name)
{
    const char *s = (const char *)n->data.scalar.value;
    size_t len = n->data.scalar.length;
    int plain = n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
    if (is_null_scalar(n) || (!plain && v->kind != YP_STRING && v->kind != YP_ENUM))
        return wrong_type(w, n, v);
    if (strlen(s) != len)
        return fail(w, n, "%s contains a NUL character", name);
    switch (v->kind) {
    case YP_INT:
    case YP_UINT:
        return check_number_syntax(w, n, v, s) ? -1 : check_integer(w, n, v, name, s);
    case YP_FLOAT:
        return check_number_syntax(w, n, v, s) ? -1 : check_float(w, n, v, name, s);
    case YP_BOOL:
        return is_bool(s) ? 0 : wrong_type(w, n, v);
    case YP_ENUM:
        return check_enum(w, n, v, s, len);
    default:
        return check_string(w, n, v, name, s, len);
    }
}

static int check_value(walk *w, const yaml_node_t *n, const yp_value *v, const char *name);

static int check_mapping(walk *w, const yaml_node_t *n, const yp_value *v)
{
    const yaml_node_t *seen[YP_MAX_KEYS] = {NULL};
    size_t base = strlen(w->path);
    char a[YP_SHOW_MAX];
    if (v->n_fields > YP_MAX_KEYS)
        abort(); /* a schema table larger than this walk allows */
    for (const yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        const yaml_node_t *k = node_at(w->d, p->key);
        if (k->type != YAML_SCALAR_NODE)
            return fail(w, k, "a key must be a name, not a %s",
                        k->type == YAML_MAPPING_NODE ? "mapping" : "sequence");
        const char *key = (const char *)k->data.scalar.value;
        path_key(w->path, base, key);
        const yp_field *f = strlen(key) == k->data.scalar.length ? yp_field_named(v, key) : NULL;
        if (f == NULL)
            return fail(w, k, "unknown key '%s'", show(a, key, k->data.scalar.length));
        size_t i = (size_t)(f - v->fields);
        if (seen[i] != NULL)
            return fail(w, k, "duplicate key '%s', first given at line %zu", show(a, key, k->data.scalar.length),
                        seen[i]->start_mark.line + 1);
        seen[i] = k;
        if (check_value(w, node_at(w->d, p->value), &f->value, f->key) != 0)
            return -1;
    }
    for (unsigned i = 0; i < v->n_fields; i++)
        if (v->fields[i].required && seen[i] == NULL) {
            path_key(w->path, base, v->fields[i].key);
            return fail(w, n, "missing required key '%s'", v->fields[i].key);
        }
    w->path[base] = '\0';
    return 0;
}

static int check_sequence(walk *w, const yaml_node_t *n, const yp_value *v, const char *name)
{
    size_t base = strlen(w->path);
    size_t count = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
    if (count < v->count_min || count > v->count_max)
        return fail(w, n, "%s must have %u to %u entries, got %zu", name, v->count_min, v->count_max, count);
    for (size_t i = 0; i < count; i++) {
        path_index(w->path, base, i);
        if (check_value(w, node_at(w->d, n->data.sequence.items.start[i]), v->entry, name) != 0)
            return -1;
    }
    w->path[base] = '\0';
    return 0;
}

static int check_value(walk *w, const yaml_node_t *n, const yp_value *v, const char *name)
{
    switch (v->kind) {
    case YP_MAPPING:
        return n->type == YAML_MAPPING_NODE ? check_mapping(w, n, v) : wrong_type(w, n, v);
    case YP_SEQUENCE:
        return n->type == YAML_SEQUENCE_NODE ? check_sequence(w, n, v, name) : wrong_type(w, n, v);
    default:
        return n->type == YAML_SCALAR_NODE ? check_scalar(w, n, v, name) : wrong_type(w, n, v);
    }
}

int yp_check(const yp_doc *d, const yp_value *schema, char *err, size_t err_len)
{
    walk w = {.d = d, .err = err, .err_len = err_len};
    const yaml_node_t *root = node_at(d, 1);
    if (root == NULL)
        return put(err, err_len, d->file, 1, 1, NULL, "empty document");
    return check_value(&w, root, schema, "document");
}

int yp_check_node(const yp_doc *d, const char *path, const yp_value *v, char *err, size_t err_len)
{
    walk w = {.d = d, .err = err, .err_len = err_len};
    const yaml_node_t *n = find(d, path, 1);
    if (n == NULL)
        return 0;
    snprintf(w.path, sizeof w.path, "%s", path);
    const char *dot = strrchr(path, '.');
    return check_value(&w, n, v, dot ? dot + 1 : path);
}

/* ---- The libcyaml schema ------------------------------------------------ */

static void schema_room_exhausted(void)
{
    fputs("muster: internal error: schema table larger than yp_cyaml_schema\n", stderr);
    abort();
}

static cyaml_schema_value_t cy_value(yp_cyaml_schema *s, const yp_value *v, int flags);

static const cyaml_schema_field_t *cy_fields(yp_cyaml_schema *s, const yp_value *m)
{
    if (s->n_fields + m->n_fields + 1 > YP_CYAML_MAX_FIELDS)
        schema_room_exhausted();
    cyaml_schema_field_t *out = s->fields + s->n_fields;
    s->n_fields += m->n_fields + 1;
    for (unsigned i = 0; i < m->n_fields; i++) {
        const yp_field *f = &m->fields[i];
        out[i] = (cyaml_schema_field_t){.key = f->key, .data_offset = f->offset};
        if (f->value.kind == YP_SEQUENCE) {
            out[i].count_offset = f->count_offset;
            out[i].count_size = (uint8_t)sizeof(unsigned);
        }
        out[i].value = cy_value(s, &f->value, CYAML_FLAG_POINTER | (f->required ? 0 : CYAML_FLAG_OPTIONAL));
    }
    out[m->n_fields] = (cyaml_schema_field_t)CYAML_FIELD_END;
    return out;
}

static const cyaml_schema_value_t *cy_entry(yp_cyaml_schema *s, const yp_value *v)
{
    if (s->n_entries == YP_CYAML_MAX_ENTRIES)
        schema_room_exhausted();
    cyaml_schema_value_t *e = &s->entries[s->n_entries++];
    *e = cy_value(s, v, CYAML_FLAG_DEFAULT);
    return e;
}

static cyaml_schema_value_t cy_value(yp_cyaml_schema *s, const yp_value *v, int flags)
{
    cyaml_schema_value_t c = {.flags = (enum cyaml_flag)flags, .data_size = v->size};
    switch (v->kind) {
    case YP_INT: c.type = CYAML_INT; break;
    case YP_UINT: c.type = CYAML_UINT; break;
    case YP_FLOAT: c.type = CYAML_FLOAT; break;
    case YP_BOOL: c.type = CYAML_BOOL; break;
    case YP_STRING:
        c.type = CYAML_STRING, c.string.min = v->len_min, c.string.max = v->len_max;
        break;
    case YP_ENUM:
        c.type = CYAML_ENUM, c.flags = (enum cyaml_flag)(flags | CYAML_FLAG_STRICT);
        c.enumeration.strings = v->names, c.enumeration.count = v->n_names;
        break;
    case YP_MAPPING:
        c.type = CYAML_MAPPING, c.mapping.fields = cy_fields(s, v);
        break;
    case YP_SEQUENCE:
        c.type = CYAML_SEQUENCE, c.sequence.entry = cy_entry(s, v->entry);
        c.sequence.min = v->count_min, c.sequence.max = v->count_max;
        break;
    }
    return c;
}

const cyaml_schema_value_t *yp_cyaml_build(yp_cyaml_schema *s, const yp_value *schema)
{
    s->n_fields = 0, s->n_entries = 0;
    s->root = cy_value(s, schema, CYAML_FLAG_POINTER);
    return &s->root;
}

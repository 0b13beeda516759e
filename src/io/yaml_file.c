/* Loading one YAML file of a given format: read, pre-pass, libcyaml. See
 * yaml_file.h. */
#include "muster/yaml_file.h"

#include "muster/alloc.h"
#include "muster/escape.h"
#include "muster/status.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int yf_read(const char *path, char **text, size_t *len, char *err, size_t err_len)
{
    char name[MU_ESCAPED_MAX]; /* path as messages show it */
    mu_escape_name(name, sizeof name, path);
    /* O_NONBLOCK: opening a FIFO with no writer returns at once */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(err, err_len, "%s: error: cannot read: %s", name, strerror(errno));
        if (fd >= 0)
            close(fd);
        return MU_EXIT_NOINPUT;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, err_len, "%s: error: cannot read: not a regular file", name);
        close(fd);
        return MU_EXIT_NOINPUT;
    }
    if (st.st_size > YF_MAX_BYTES) {
        snprintf(err, err_len, "%s: error: the file has %lld bytes; an input file may have at most %d", name,
                 (long long)st.st_size, YF_MAX_BYTES);
        close(fd);
        return MU_EXIT_DATAERR;
    }
    FILE *fp = fdopen(fd, "rb");
    if (fp == NULL)
        mu_out_of_memory();
    size_t cap = (size_t)st.st_size + 2, n = 0;
    char *buf = mu_xmalloc(cap);
    int e = 0;
    for (;;) {
        size_t got = fread(buf + n, 1, cap - n - 1, fp);
        n += got;
        if (got == 0) {
            e = ferror(fp) ? (errno ? errno : EIO) : 0;
            break;
        }
        if (cap - n < 2) {
            if (cap > (size_t)YF_MAX_BYTES) { /* it grew while we read it */
                fclose(fp);
                free(buf);
                snprintf(err, err_len, "%s: error: the file grew past %d bytes while being read", name,
                         YF_MAX_BYTES);
                return MU_EXIT_DATAERR;
            }
            buf = mu_xrealloc(buf, cap *= 2);
        }
    }
    fclose(fp);
    if (e != 0) {
        free(buf);
        snprintf(err, err_len, "%s: error: cannot read: %s", name, strerror(e));
        return MU_EXIT_NOINPUT;
    }
    buf[n] = '\0';
    *text = buf, *len = n;
    return MU_EXIT_OK;
}

__attribute__((format(printf, 3, 0)))
static void log_fn(cyaml_log_t level, void *ctx, const char *fmt, va_list args)
{
    yf_file *f = ctx;
    char line[256];
    unsigned l, c;
    if (level < CYAML_LOG_ERROR)
        return;
    vsnprintf(line, sizeof line, fmt, args);
    line[strcspn(line, "\n")] = '\0';
    const char *at = strstr(line, "(line: ");
    if (at != NULL && sscanf(at, "(line: %u, column: %u)", &l, &c) == 2) {
        if (f->log_line == 0)
            f->log_line = l, f->log_column = c;
    } else if (f->log_first[0] == '\0' && strstr(line, "Backtrace") == NULL) {
        snprintf(f->log_first, sizeof f->log_first, "%s", line);
    }
}

/* yp_cyaml_build makes every sequence a pointer-and-count sequence, which
 * libcyaml cannot nest inside another sequence. A fixed-length sequence
 * entry (a point [x, y] of a polygon) becomes CYAML_SEQUENCE_FIXED, stored
 * inline; its data_size is then that of one element. (A generic addition
 * proposed for yp_cyaml_build; harmless once it does this itself.) */
static void fix_nested_sequences(yp_cyaml_schema *s)
{
    for (unsigned i = 0; i < s->n_entries; i++) {
        cyaml_schema_value_t *e = &s->entries[i];
        if (e->type != CYAML_SEQUENCE || (e->flags & CYAML_FLAG_POINTER))
            continue;
        if (e->sequence.min != e->sequence.max)
            abort(); /* a schema table error: only fixed-length sequences nest */
        e->type = CYAML_SEQUENCE_FIXED;
        e->data_size = e->sequence.entry->data_size;
    }
}

/* `schema:` first: a file of another format or version fails on it. */
static int check_version(yf_file *f, const yp_value *schema, int version, char *err, size_t err_len)
{
    const yaml_node_t *root = yp_node(&f->doc, "");
    if (root == NULL || root->type != YAML_MAPPING_NODE)
        return 0; /* yp_check reports it */
    const yaml_node_t *n = yp_node(&f->doc, "schema");
    if (n == NULL) {
        yp_error(&f->doc, "schema", err, err_len, "missing required key 'schema'");
        return -1;
    }
    if (yp_check_node(&f->doc, "schema", &yp_field_named(schema, "schema")->value, err, err_len) != 0)
        return -1;
    long v = strtol((const char *)n->data.scalar.value, NULL, 10);
    if (v == version)
        return 0;
    yp_error(&f->doc, "schema", err, err_len, "unsupported schema %ld (this muster reads schema %d)", v, version);
    return -1;
}

static int load_raw(yf_file *f, const yp_value *schema, char *err, size_t err_len)
{
    f->cy_schema = yp_cyaml_build(&f->cy, schema);
    fix_nested_sequences(&f->cy);
    f->cy_config = (cyaml_config_t){.log_fn = log_fn, .log_ctx = f, .mem_fn = cyaml_mem,
                                    .log_level = CYAML_LOG_ERROR, .flags = CYAML_CFG_NO_ALIAS};
    cyaml_data_t *data = NULL;
    cyaml_err_t e = cyaml_load_data((const uint8_t *)f->text, f->len, &f->cy_config, f->cy_schema, &data, NULL);
    if (e == CYAML_ERR_OOM)
        mu_out_of_memory();
    f->raw = data;
    if (e == CYAML_OK && data != NULL)
        return 0;
    char name[MU_ESCAPED_MAX];
    snprintf(err, err_len, "%s:%u:%u: error: libcyaml: %s%s%s", mu_escape_name(name, sizeof name, f->doc.file),
             f->log_line ? f->log_line : 1,
             f->log_line ? f->log_column : 1, cyaml_strerror(e), f->log_first[0] ? ": " : "", f->log_first);
    return -1;
}

static const yp_value *fixed_schema(const yp_doc *d, const void *schema, char *err, size_t err_len)
{
    (void)d;
    (void)err;
    (void)err_len;
    return schema;
}

int yf_load(const char *path, const yp_value *schema, int version, yf_file **out, char *err, size_t err_len)
{
    return yf_load_choosing(path, fixed_schema, schema, version, out, err, err_len);
}

int yf_load_choosing(const char *path, yf_chooser *choose, const void *ctx, int version, yf_file **out, char *err,
                     size_t err_len)
{
    *out = NULL;
    char *text = NULL;
    size_t len = 0;
    int e = yf_read(path, &text, &len, err, err_len);
    if (e != MU_EXIT_OK)
        return e;
    return yf_load_text(path, text, len, choose, ctx, version, out, err, err_len);
}

int yf_load_text(const char *path, char *text, size_t len, yf_chooser *choose, const void *ctx, int version,
                 yf_file **out, char *err, size_t err_len)
{
    *out = NULL;
    yf_file *f = calloc(1, sizeof *f);
    char *file = strdup(path);
    if (f == NULL || file == NULL)
        mu_out_of_memory();
    f->text = text;
    f->len = len;
    int rc = yp_doc_load(&f->doc, file, (const unsigned char *)f->text, f->len, err, err_len);
    f->doc.file = file; /* owned: freed by yf_free */
    if (rc == 0) {
        f->schema = choose(&f->doc, ctx, err, err_len);
        rc = f->schema == NULL ? -1 : check_version(f, f->schema, version, err, err_len);
    }
    if (rc == 0)
        rc = yp_check(&f->doc, f->schema, err, err_len);
    if (rc == 0)
        rc = load_raw(f, f->schema, err, err_len);
    if (rc != 0) {
        yf_free(f);
        return MU_EXIT_DATAERR;
    }
    *out = f;
    return 0;
}

void yf_free(yf_file *f)
{
    if (f == NULL)
        return;
    if (f->raw != NULL && f->cy_schema != NULL)
        cyaml_free(&f->cy_config, f->cy_schema, f->raw, 0);
    yp_doc_free(&f->doc);
    free((char *)(uintptr_t)f->doc.file);
    free(f->text);
    free(f);
}

char *yf_take_text(yf_file *f, size_t *len)
{
    char *text = f->text;
    *len = f->len;
    f->text = NULL;
    f->len = 0;
    return text;
}

int yf_relative(char *out, size_t out_len, const char *base_file, const char *rel)
{
    const char *slash = strrchr(base_file, '/');
    int n;
    if (rel[0] == '/' || slash == NULL)
        n = snprintf(out, out_len, "%s", rel);
    else
        n = snprintf(out, out_len, "%.*s/%s", (int)(slash - base_file), base_file, rel);
    return n >= 0 && (size_t)n < out_len ? 0 : -1;
}

void yf_where(const yp_doc *d, const char *path, char *out, size_t out_len)
{
    char line[1024];
    yp_error(d, path, line, sizeof line, "-");
    char *cut = strstr(line, ": error: ");
    if (cut != NULL)
        *cut = '\0';
    snprintf(out, out_len, "%s", line);
}

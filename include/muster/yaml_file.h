/* Loading one YAML file of a given format (private to src/io): read it,
 * run the yaml_prepass checks against the format's schema table (with the
 * `schema:` version checked first), then load it with libcyaml into the
 * raw structs generated from the same table. Used by the Warmaster army
 * list, scenario and battle loaders; experiment files, whose table
 * depends on their `ruleset:`, load with yf_load_choosing. */
#ifndef MUSTER_IO_YAML_FILE_H
#define MUSTER_IO_YAML_FILE_H

#include "muster/yaml_prepass.h"

#include <stddef.h>

/* The largest input file (experiment, army list, scenario) muster reads:
 * 16 MiB, far above any real one. */
#define YF_MAX_BYTES (16 * 1024 * 1024)

/* A loaded file. Owns the text, the document tree and the raw data. */
typedef struct yf_file {
    yp_doc doc;
    char *text;
    size_t len;
    yp_cyaml_schema cy;
    const cyaml_schema_value_t *cy_schema;
    cyaml_config_t cy_config;
    char log_first[256];
    unsigned log_line, log_column;
    const yp_value *schema; /* the top-level table the file was checked against */
    void *raw;              /* the libcyaml result: the schema's top-level raw struct */
} yf_file;

/* Loads the file at path against schema (a YP_MAPPING whose table has a
 * `schema` key) after checking that `schema:` is present and equals
 * version. Returns 0 with *out a new yf_file (free with yf_free), or
 * MU_EXIT_NOINPUT (cannot read, or not a regular file: nothing is read
 * from a FIFO or a device) / MU_EXIT_DATAERR (over YF_MAX_BYTES, or
 * invalid) with one line in err and *out NULL. */
int yf_load(const char *path, const yp_value *schema, int version, yf_file **out, char *err, size_t err_len);

/* Picks the top-level table (a YP_MAPPING with a `schema` key) for the
 * parsed, not yet checked document d, e.g. by its `ruleset:` value; ctx
 * is yf_load_choosing's. Returns the table, or NULL with one positioned
 * error line in err when the document names no table it knows. */
typedef const yp_value *yf_chooser(const yp_doc *d, const void *ctx, char *err, size_t err_len);

/* yf_load with the table chosen by choose(d, ctx) once the text is
 * parsed; the `schema:` version is checked against the chosen table,
 * which is kept in (*out)->schema. Same returns and errors as yf_load. */
int yf_load_choosing(const char *path, yf_chooser *choose, const void *ctx, int version, yf_file **out, char *err,
                     size_t err_len);

/* Reads all of path into *text (malloc'd, NUL-terminated, *len bytes).
 * Refuses, before reading a byte, anything that is not a regular file (a
 * FIFO would block, /dev/zero never ends) and a file over YF_MAX_BYTES.
 * Returns MU_EXIT_OK, or MU_EXIT_NOINPUT (cannot read; not a regular file)
 * or MU_EXIT_DATAERR (too large) with one line in err. */
int yf_read(const char *path, char **text, size_t *len, char *err, size_t err_len);

/* yf_load_choosing on text (len bytes, NUL-terminated, malloc'd: the new
 * yf_file owns it, and frees it on failure too) instead of a file's
 * contents; path names it in messages. Returns 0 or MU_EXIT_DATAERR. */
int yf_load_text(const char *path, char *text, size_t len, yf_chooser *choose, const void *ctx, int version,
                 yf_file **out, char *err, size_t err_len);

/* Hands f's text (NUL-terminated, *len bytes without the NUL) to the
 * caller, who frees it with free(); yf_free then frees the rest. For a
 * caller that keeps the file's text (an experiment stores it with its
 * results): call it once done with f, just before yf_free. */
char *yf_take_text(yf_file *f, size_t *len);

/* Releases f and all it owns. Safe on NULL. */
void yf_free(yf_file *f);

/* Writes into out the path of file rel as seen from the file base_file:
 * rel itself when it is absolute or base_file has no directory part,
 * else base_file's directory, '/', rel. Returns 0, or -1 when out is too
 * small. */
int yf_relative(char *out, size_t out_len, const char *base_file, const char *rel);

/* Writes "FILE:LINE:COL" of the node at path of d (or of the nearest node
 * above it) into out. */
void yf_where(const yp_doc *d, const char *path, char *out, size_t out_len);

#endif

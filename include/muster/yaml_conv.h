/* Converting a checked YAML document into muster's structs (private to
 * src/io): the context every converter carries, its two helpers, which
 * report a problem found across fields at the node it concerns, and
 * yc_load, which loads a file and runs a whole-file converter. Used by
 * the army list, army, scenario and Battlesystem experiment converters.
 *
 * A converter sets the node a check is about with yc_at(), then reports
 * with yc_fail(), usually in one expression:
 *     return yc_fail(yc_at(c, "units[%d].size", i), "size must be 1");
 * which writes "FILE:LINE:COL: error: size must be 1 (units[3].size)"
 * into c->err (see yp_error). */
#ifndef MUSTER_IO_YAML_CONV_H
#define MUSTER_IO_YAML_CONV_H

#include "muster/yaml_prepass.h"

#include <stddef.h>

/* Room for a node path ("scenario.sides[1].units[12].frontage"); a longer
 * one is cut short, and yp_error then reports at the nearest node above. */
#define YC_PATH_MAX 128

/* One conversion. The caller fills doc, err and err_len (and base, if
 * any) and leaves path zeroed; path is set by yc_at. */
typedef struct yc_conv {
    const yp_doc *doc; /* the document problems are positioned in */
    const char *base;  /* prefix of every path yc_at sets ("armies[0]"); NULL for none */
    char *err;         /* where yc_fail writes its one line */
    size_t err_len;
    char path[YC_PATH_MAX]; /* the node the next yc_fail reports at */
} yc_conv;

/* Sets c->path to c->base (if any) followed by the printf-formatted
 * suffix, and returns c. */
yc_conv *yc_at(yc_conv *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes the printf-formatted message (at most 511 bytes of it), placed
 * at the node c->path, into c->err as one line (yp_error). Returns -1, so
 * that a converter can `return yc_fail(...)`. */
int yc_fail(yc_conv *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Converts a whole file's raw data into out (yc_load). */
typedef int yc_converter(yc_conv *c, const void *raw, void *out);

/* Loads the YAML file at path against schema and version (yf_load) and
 * converts its raw data into out (size bytes, zeroed first) with convert.
 * Returns 0, yf_load's status (nothing converted), or MU_EXIT_DATAERR when
 * convert fails (its one line in err); on failure out is left zeroed. */
int yc_load(const char *path, const yp_value *schema, int version, void *out, size_t size, yc_converter *convert,
            char *err, size_t err_len);

#endif

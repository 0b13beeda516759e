/* Private HDF5 helpers shared by the results writer (h5out.c, h5objects.c)
 * and `muster info`: quiet errors with a one-line reason, property lists
 * without timestamps, the file and memory types of column dtypes, and
 * scalar attributes (variable-length UTF-8 strings and integers).
 *
 * Every function that returns an int returns 0 on success and -1 on
 * failure; after a failure, mu_h5_reason says why. */
#ifndef MUSTER_IO_H5ATTR_H
#define MUSTER_IO_H5ATTR_H

#include "muster/layout.h"

#include <hdf5.h>
#include <stddef.h>
#include <stdint.h>

/* Turns off HDF5's automatic printing of its error stack on stderr for the
 * calling thread: failures are reported as one line by the caller. */
void mu_h5_quiet(void);

/* Writes into buf (len bytes) why the HDF5 call that just failed failed:
 * the system error when the stack records an errno, else HDF5's innermost
 * message (e.g. "object already exists"), else "HDF5 error". Clears the
 * error stack. Returns buf. */
const char *mu_h5_reason(char *buf, size_t len);

/* Formats "PATH: error: MESSAGE" into err (len bytes; nothing when err is
 * NULL), the message printf-formatted and cut at 511 bytes. PATH and
 * MESSAGE (which may name other files) are escaped with mu_escape_name,
 * so the line is one line whatever the names. Returns -1. */
int mu_h5_path_fail(const char *path, char *err, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Formats fmt into msg (len bytes) followed by ": " and mu_h5_reason, for
 * `return mu_h5_fail(...)` right after a failed HDF5 call. Returns -1. */
int mu_h5_fail(char *msg, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Closes id with close_fn (H5Dclose, H5Sclose, ...) keeping the error
 * stack of an earlier failure for mu_h5_reason. Ignores a negative id. */
void mu_h5_close_keep(herr_t (*close_fn)(hid_t), hid_t id);

/* New property lists (caller closes) for creating groups, datasets and
 * files with object timestamps off, so reruns are byte-comparable. Each
 * returns an id or H5I_INVALID_HID. */
hid_t mu_h5_gcpl(void);
hid_t mu_h5_dcpl(void);
hid_t mu_h5_fcpl(void);

/* The little-endian file type and the native memory type of a column
 * dtype (library-owned ids: never close them). */
hid_t mu_h5_file_type(mu_dtype t);
hid_t mu_h5_mem_type(mu_dtype t);

/* A new variable-length UTF-8 string type; the caller closes it. */
hid_t mu_h5_str_type(void);

/* Writes a scalar attribute on obj, creating it or overwriting an
 * existing one of the same type. A NULL string is written as "". */
int mu_h5_set_str(hid_t obj, const char *name, const char *value);
int mu_h5_set_u64(hid_t obj, const char *name, uint64_t value);
int mu_h5_set_i32(hid_t obj, const char *name, int32_t value);
int mu_h5_set_f64(hid_t obj, const char *name, double value);

/* Reads a scalar string attribute (variable or fixed length) into *value,
 * a malloc'd NUL-terminated copy the caller frees. Returns -1 if it is
 * missing or not a string. */
int mu_h5_get_str(hid_t obj, const char *name, char **value);

/* Reads a scalar integer attribute, converted to the requested type.
 * Returns -1 if it is missing, not an integer, or out of range. */
int mu_h5_get_u64(hid_t obj, const char *name, uint64_t *value);
int mu_h5_get_i64(hid_t obj, const char *name, int64_t *value);

/* Reads a scalar floating-point attribute into *value. Returns -1 if it
 * is missing or not a float. */
int mu_h5_get_f64(hid_t obj, const char *name, double *value);

#endif

/* Names (file paths) in one-line messages: every error, progress and
 * summary line muster prints is one line whatever the names in it, so a
 * name is escaped where it is put into a message. */
#ifndef MUSTER_ESCAPE_H
#define MUSTER_ESCAPE_H

#include <stddef.h>

/* Room for one escaped name in a message: more than any message line
 * holds (they are cut at about 1.5 KB). */
#define MU_ESCAPED_MAX 2048

/* Writes into out (out_len bytes, NUL-terminated when out_len > 0) a copy
 * of the NUL-terminated name with each control byte (below 0x20, and
 * 0x7f) as a C escape (\n, \t, \r, else \xNN with two lowercase hex
 * digits: ESC is \x1b) and each backslash as \\, so that the copy holds no
 * line break and reads back to exactly one name. Every other byte
 * (printable ASCII, UTF-8) is copied as is. When out is too small the copy
 * is cut before the first escape or UTF-8 character that does not fit
 * whole, never inside one. Returns out, for use as a printf argument. */
char *mu_escape_name(char *out, size_t out_len, const char *name);

#endif

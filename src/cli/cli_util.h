/* Helpers shared by the muster subcommands: strict number parsing and
 * one-line usage errors. Each is the subcommands' short name of the
 * mu_ function of muster/cmdline.h (which the rule systems' odds
 * calculators use) and behaves exactly like it. */
#ifndef MUSTER_CLI_UTIL_H
#define MUSTER_CLI_UTIL_H

#include <stddef.h>

/* Prints "muster CMD: error: MESSAGE (see 'muster CMD --help')" as one line
 * on stderr and returns MU_EXIT_USAGE, for `return usage_error(...)`. */
int usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* After getopt_long returned '?' (unknown option), returns the option as the user
 * typed it: "-x" for a short option (formatted into buf), else the
 * argument getopt stopped at. */
const char *bad_option_text(char **argv, char *buf, size_t len);

/* Parses all of text as a base-10 integer in [lo, hi] into *out. Returns 0,
 * or -1 on junk, overflow or range (out untouched). */
int parse_int(const char *text, long lo, long hi, long *out);

/* Parses all of text as a finite decimal number in [lo, hi] into *out.
 * Returns 0, or -1 on junk, non-finite or range (out untouched). */
int parse_double(const char *text, double lo, double hi, double *out);

#endif

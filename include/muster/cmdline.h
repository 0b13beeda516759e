/* Command-line helpers every muster command uses, the subcommands in
 * src/cli and the calculators a rule system brings to `muster odds`
 * (mu_odds_tool in muster/ruleset.h): strict number parsing and one-line
 * usage errors in one format. */
#ifndef MUSTER_CMDLINE_H
#define MUSTER_CMDLINE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Prints "muster CMD: error: MESSAGE (see 'muster CMD --help')" as one line
 * on stderr ("muster: error: ..." when cmd is NULL) and returns
 * MU_EXIT_USAGE, for `return mu_usage_error(...)`. MESSAGE, which quotes
 * what was typed (file names among it), is escaped whole with
 * mu_escape_name (muster/escape.h) and cut at about 2 KB. */
int mu_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* mu_usage_error with a va_list (ap is consumed). */
int mu_usage_verror(const char *cmd, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

/* After getopt_long returned '?' (unknown option), returns the option as the
 * user typed it: "-x" for a short option (formatted into buf, len bytes),
 * else the argument getopt stopped at (argv's own string). */
const char *mu_bad_option_text(char **argv, char *buf, size_t len);

/* Parses all of text as a base-10 integer in [lo, hi] into *out: an optional
 * sign and digits only (no blanks, no hex). Returns 0, or -1 on junk,
 * overflow or range (out untouched). */
int mu_parse_int(const char *text, long lo, long hi, long *out);

/* Parses all of text as an unsigned base-10 64-bit integer into *out:
 * digits only (no sign, blanks or hex). Returns 0, or -1 on junk or a value
 * above 2^64 - 1 (out untouched). */
int mu_parse_u64(const char *text, uint64_t *out);

/* Parses all of text as a finite decimal number in [lo, hi] into *out (an
 * optional sign, digits, '.', an exponent; no blanks, hex, inf or nan).
 * Returns 0, or -1 on junk, non-finite or range (out untouched). */
int mu_parse_double(const char *text, double lo, double hi, double *out);

#endif

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

struct option; /* <getopt.h> */

/* Reads a command line option by option with getopt_long, the shape every
 * `muster odds` calculator shares: long options (and -h), no positional
 * arguments, and one usage line for an unknown option, a missing value,
 * or a stray argument. Set the first four fields, leave the rest zero:
 *
 *   mu_option_reader rd = {.cmd = "odds", .selector = "--forced-march",
 *                          .longopts = opts, .help_status = MU_ODDS_HELP};
 *   while ((c = mu_option_next(&rd, argc, argv)) != 0)
 *       switch (c) { ... optarg holds the value ... }
 *   if (rd.status != MU_EXIT_OK)
 *       return rd.status;
 */
typedef struct mu_option_reader {
    const char *cmd;                /* the command the usage lines name ("odds") */
    /* An unknown option reads "option 'X' does not go with SELECTOR"; NULL:
     * "unknown option 'X'". */
    const char *selector;
    const struct option *longopts;  /* getopt_long's table, zero-terminated; --help is {"help", ..., 'h'} */
    int help_status;                /* status after -h or --help */
    int status;                     /* set when mu_option_next returns 0 */
    int started;
} mu_option_reader;

/* Returns the next option of argv[0..argc) (argv[0] the command), as its
 * val in r->longopts (never 0, 'h', ':' or '?'), with optarg its value;
 * or 0 when the reading is over, with r->status: MU_EXIT_OK when every
 * option was read and no other argument is left; r->help_status at -h or
 * --help (nothing printed, the options after it unread); MU_EXIT_USAGE
 * after printing one usage line (mu_usage_error): an unknown option, an
 * option without its value, or an argument that is not an option. The
 * first call resets getopt (optind, opterr, optopt), so the reader is not
 * reentrant; getopt_long may permute argv. */
int mu_option_next(mu_option_reader *r, int argc, char **argv);

/* After getopt_long returned '?' (unknown option), returns the option as the
 * user typed it: "-x" for a short option (formatted into buf, len bytes),
 * else the argument getopt stopped at (argv's own string). */
const char *mu_bad_option_text(char **argv, char *buf, size_t len);

/* Parses all of text as a base-10 integer in [lo, hi] into *out: an optional
 * sign and digits only (no blanks, no hex). Returns 0, or -1 on junk,
 * overflow or range (out untouched). */
int mu_parse_int(const char *text, long lo, long hi, long *out);

/* Parses all of text as "NdS", N dice of S sides (1 <= N <= 10,
 * 2 <= S <= 100, each as mu_parse_int takes it), into *n_dice and *sides.
 * Returns 0, or -1 on anything else (outputs untouched). */
int mu_parse_dice(const char *text, int *n_dice, int *sides);

/* Parses all of text as an unsigned base-10 64-bit integer into *out:
 * digits only (no sign, blanks or hex). Returns 0, or -1 on junk or a value
 * above 2^64 - 1 (out untouched). */
int mu_parse_u64(const char *text, uint64_t *out);

/* Parses all of text as a finite decimal number in [lo, hi] into *out (an
 * optional sign, digits, '.', an exponent; no blanks, hex, inf or nan).
 * Returns 0, or -1 on junk, non-finite or range (out untouched). */
int mu_parse_double(const char *text, double lo, double hi, double *out);

#endif

/* Command-line helpers shared by the subcommands and the rule systems'
 * odds calculators (muster/cmdline.h). */
#include "muster/cmdline.h"

#include "muster/escape.h"
#include "muster/status.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *mu_bad_option_text(char **argv, char *buf, size_t len)
{
    if (optopt) {
        snprintf(buf, len, "-%c", optopt);
        return buf;
    }
    return argv[optind - 1];
}

int mu_option_next(mu_option_reader *r, int argc, char **argv)
{
    if (!r->started) {
        optind = 1;
        opterr = 0;
        optopt = 0;
        r->started = 1;
    }
    r->status = MU_EXIT_OK;
    int c = getopt_long(argc, argv, ":h", r->longopts, NULL);
    char optbuf[8];
    switch (c) {
    case -1:
        if (optind < argc)
            r->status = mu_usage_error(r->cmd, "unexpected argument '%s'", argv[optind]);
        return 0;
    case 'h':
        r->status = r->help_status;
        return 0;
    case ':':
        r->status = mu_usage_error(r->cmd, "option '%s' needs a value", argv[optind - 1]);
        return 0;
    case '?':
        if (r->selector)
            r->status = mu_usage_error(r->cmd, "option '%s' does not go with %s",
                                       mu_bad_option_text(argv, optbuf, sizeof optbuf), r->selector);
        else
            r->status = mu_usage_error(r->cmd, "unknown option '%s'", mu_bad_option_text(argv, optbuf, sizeof optbuf));
        return 0;
    default:
        return c;
    }
}

int mu_usage_verror(const char *cmd, const char *fmt, va_list ap)
{
    char msg[MU_ESCAPED_MAX], shown[MU_ESCAPED_MAX];
    vsnprintf(msg, sizeof msg, fmt, ap);
    /* escaped whole: it quotes what was typed, file names among it */
    fprintf(stderr, "muster%s%s: error: %s (see 'muster%s%s --help')\n", cmd ? " " : "", cmd ? cmd : "",
            mu_escape_name(shown, sizeof shown, msg), cmd ? " " : "", cmd ? cmd : "");
    return MU_EXIT_USAGE;
}

int mu_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = mu_usage_verror(cmd, fmt, ap);
    va_end(ap);
    return rc;
}

/* strtol/strtod accept leading blanks, and strtod hex and inf/nan: we take
 * only an optional sign followed by decimal digits (and '.', 'e'). */
static int is_plain_decimal(const char *text, int allow_fraction)
{
    const char *p = text;
    if (*p == '-' || *p == '+')
        p++;
    if (!isdigit((unsigned char)*p) && !(allow_fraction && *p == '.'))
        return 0;
    for (; *p; p++)
        if (!isdigit((unsigned char)*p) && !(allow_fraction && strchr(".eE+-", *p)))
            return 0;
    return 1;
}

int mu_parse_int(const char *text, long lo, long hi, long *out)
{
    if (!is_plain_decimal(text, 0))
        return -1;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (end == text || *end != '\0' || errno == ERANGE || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int mu_parse_dice(const char *text, int *n_dice, int *sides)
{
    char buf[32];
    if (strlen(text) >= sizeof buf)
        return -1;
    strcpy(buf, text);
    char *d = strchr(buf, 'd');
    long n, s;
    if (d == NULL)
        return -1;
    *d = '\0';
    if (mu_parse_int(buf, 1, 10, &n) != 0 || mu_parse_int(d + 1, 2, 100, &s) != 0)
        return -1;
    *n_dice = (int)n, *sides = (int)s;
    return 0;
}

int mu_parse_u64(const char *text, uint64_t *out)
{
    if (!isdigit((unsigned char)text[0]) || !is_plain_decimal(text, 0))
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end != '\0' || errno == ERANGE)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

int mu_parse_double(const char *text, double lo, double hi, double *out)
{
    if (!is_plain_decimal(text, 1))
        return -1;
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || errno == ERANGE || !isfinite(v) || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* The subcommands' short names for the shared command-line helpers of
 * muster/cmdline.h (see cli_util.h). */
#include "cli_util.h"

#include "muster/cmdline.h"

#include <stdarg.h>

int usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = mu_usage_verror(cmd, fmt, ap);
    va_end(ap);
    return rc;
}

const char *bad_option_text(char **argv, char *buf, size_t len)
{
    return mu_bad_option_text(argv, buf, len);
}

int parse_int(const char *text, long lo, long hi, long *out)
{
    return mu_parse_int(text, lo, hi, out);
}

int parse_double(const char *text, double lo, double hi, double *out)
{
    return mu_parse_double(text, lo, hi, out);
}

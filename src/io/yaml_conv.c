/* The conversion context's helpers. See yaml_conv.h. */
#include "muster/yaml_conv.h"

#include "muster/status.h"
#include "muster/yaml_file.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

yc_conv *yc_at(yc_conv *c, const char *fmt, ...)
{
    int n = snprintf(c->path, sizeof c->path, "%s", c->base ? c->base : "");
    size_t used = n < 0 ? 0 : (size_t)n < sizeof c->path ? (size_t)n : sizeof c->path - 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->path + used, sizeof c->path - used, fmt, ap);
    va_end(ap);
    return c;
}

int yc_fail(yc_conv *c, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    yp_error(c->doc, c->path, c->err, c->err_len, "%s", msg);
    return -1;
}

int yc_load(const char *path, const yp_value *schema, int version, void *out, size_t size, yc_converter *convert,
            char *err, size_t err_len)
{
    memset(out, 0, size);
    yf_file *f = NULL;
    int rc = yf_load(path, schema, version, &f, err, err_len);
    if (rc != 0)
        return rc;
    yc_conv c = {.doc = &f->doc, .err = err, .err_len = err_len};
    if (convert(&c, f->raw, out) != 0) {
        memset(out, 0, size);
        rc = MU_EXIT_DATAERR;
    }
    yf_free(f);
    return rc;
}

/* HDF5 helpers: quiet errors, timestamp-free property lists, column types
 * and scalar attributes. See h5attr.h. */
#include "h5attr.h"

#include "muster/escape.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mu_h5_quiet(void)
{
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
}

struct reason_walk {
    int depth;
    int sys_errno;  /* an errno found in a message, or 0 */
    char inner[96]; /* the innermost message */
};

/* Finds "errno = N" in a message (the sec2 driver's wording); returns N or 0. */
static int errno_in(const char *desc)
{
    const char *p = desc ? strstr(desc, "errno = ") : NULL;
    return p ? atoi(p + 8) : 0;
}

static herr_t walk_one(unsigned n, const H5E_error2_t *e, void *data)
{
    (void)n;
    struct reason_walk *w = data;
    if (w->sys_errno == 0)
        w->sys_errno = errno_in(e->desc);
    if (w->depth++ == 0) {
        /* A short description is more specific than the minor message;
         * a long one (with "name = ..., flags = ...") is noise. */
        if (e->desc && strlen(e->desc) < sizeof w->inner && !strchr(e->desc, '='))
            snprintf(w->inner, sizeof w->inner, "%s", e->desc);
        else if (H5Eget_msg(e->min_num, NULL, w->inner, sizeof w->inner) < 0)
            w->inner[0] = '\0';
    }
    return 0;
}

const char *mu_h5_reason(char *buf, size_t len)
{
    struct reason_walk w = {0};
    H5Ewalk2(H5E_DEFAULT, H5E_WALK_DOWNWARD, walk_one, &w);
    H5Eclear2(H5E_DEFAULT);
    if (w.sys_errno == EAGAIN || w.sys_errno == EWOULDBLOCK)
        snprintf(buf, len, "the file is locked by another process");
    else if (w.sys_errno != 0)
        snprintf(buf, len, "%s", strerror(w.sys_errno));
    else if (w.inner[0] != '\0') {
        snprintf(buf, len, "%s", w.inner);
        if (buf[0] >= 'A' && buf[0] <= 'Z')
            buf[0] = (char)(buf[0] - 'A' + 'a');
    } else
        snprintf(buf, len, "HDF5 error");
    return buf;
}

int mu_h5_path_fail(const char *path, char *err, size_t len, const char *fmt, ...)
{
    char msg[512], name[MU_ESCAPED_MAX], shown[MU_ESCAPED_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* the message too: it may name other files (OUT, OUT.partial, the experiment) */
    if (err && len > 0)
        snprintf(err, len, "%s: error: %s", mu_escape_name(name, sizeof name, path),
                 mu_escape_name(shown, sizeof shown, msg));
    return -1;
}

int mu_h5_fail(char *msg, size_t len, const char *fmt, ...)
{
    char reason[128];
    mu_h5_reason(reason, sizeof reason);
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(msg, len, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < len)
        snprintf(msg + n, len - (size_t)n, ": %s", reason);
    return -1;
}

void mu_h5_close_keep(herr_t (*close_fn)(hid_t), hid_t id)
{
    hid_t errors = H5Eget_current_stack();
    if (id >= 0)
        close_fn(id);
    if (errors >= 0)
        H5Eset_current_stack(errors);
}

/* A new property list of class cls with object timestamps off. */
static hid_t untimed(hid_t cls)
{
    hid_t p = H5Pcreate(cls);
    if (p >= 0 && H5Pset_obj_track_times(p, 0) < 0) {
        H5Pclose(p);
        return H5I_INVALID_HID;
    }
    return p;
}

hid_t mu_h5_gcpl(void)
{
    return untimed(H5P_GROUP_CREATE);
}

hid_t mu_h5_dcpl(void)
{
    return untimed(H5P_DATASET_CREATE);
}

hid_t mu_h5_fcpl(void)
{
    return untimed(H5P_FILE_CREATE); /* the root group's timestamps */
}

hid_t mu_h5_file_type(mu_dtype t)
{
    switch (t) {
    case MU_I8: return H5T_STD_I8LE;
    case MU_U8: return H5T_STD_U8LE;
    case MU_I16: return H5T_STD_I16LE;
    case MU_U16: return H5T_STD_U16LE;
    case MU_I32: return H5T_STD_I32LE;
    case MU_U32: return H5T_STD_U32LE;
    case MU_I64: return H5T_STD_I64LE;
    case MU_F64: return H5T_IEEE_F64LE;
    }
    return H5I_INVALID_HID;
}

hid_t mu_h5_mem_type(mu_dtype t)
{
    switch (t) {
    case MU_I8: return H5T_NATIVE_INT8;
    case MU_U8: return H5T_NATIVE_UINT8;
    case MU_I16: return H5T_NATIVE_INT16;
    case MU_U16: return H5T_NATIVE_UINT16;
    case MU_I32: return H5T_NATIVE_INT32;
    case MU_U32: return H5T_NATIVE_UINT32;
    case MU_I64: return H5T_NATIVE_INT64;
    case MU_F64: return H5T_NATIVE_DOUBLE;
    }
    return H5I_INVALID_HID;
}

hid_t mu_h5_str_type(void)
{
    hid_t t = H5Tcopy(H5T_C_S1);
    if (t < 0)
        return t;
    if (H5Tset_size(t, H5T_VARIABLE) < 0 || H5Tset_cset(t, H5T_CSET_UTF8) < 0) {
        H5Tclose(t);
        return H5I_INVALID_HID;
    }
    return t;
}

/* Writes value (of memory type mem) to attribute name on obj, creating it
 * with file type ftype if it does not exist yet. */
static int set_attr(hid_t obj, const char *name, hid_t ftype, hid_t mem, const void *value)
{
    hid_t a;
    htri_t exists = H5Aexists(obj, name);
    if (exists < 0)
        return -1;
    if (exists) {
        a = H5Aopen(obj, name, H5P_DEFAULT);
    } else {
        hid_t space = H5Screate(H5S_SCALAR);
        if (space < 0)
            return -1;
        a = H5Acreate2(obj, name, ftype, space, H5P_DEFAULT, H5P_DEFAULT);
        mu_h5_close_keep(H5Sclose, space);
    }
    if (a < 0)
        return -1;
    herr_t rc = H5Awrite(a, mem, value);
    mu_h5_close_keep(H5Aclose, a);
    return rc < 0 ? -1 : 0;
}

int mu_h5_set_str(hid_t obj, const char *name, const char *value)
{
    const char *v = value ? value : "";
    hid_t t = mu_h5_str_type();
    if (t < 0)
        return -1;
    int rc = set_attr(obj, name, t, t, &v);
    mu_h5_close_keep(H5Tclose, t);
    return rc;
}

int mu_h5_set_u64(hid_t obj, const char *name, uint64_t value)
{
    return set_attr(obj, name, H5T_STD_U64LE, H5T_NATIVE_UINT64, &value);
}

int mu_h5_set_i32(hid_t obj, const char *name, int32_t value)
{
    return set_attr(obj, name, H5T_STD_I32LE, H5T_NATIVE_INT32, &value);
}

int mu_h5_set_f64(hid_t obj, const char *name, double value)
{
    return set_attr(obj, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &value);
}

/* Opens scalar attribute name of obj and its type; returns the attribute
 * id (type in *type) or -1. */
static hid_t open_scalar(hid_t obj, const char *name, hid_t *type)
{
    if (H5Aexists(obj, name) <= 0)
        return -1;
    hid_t a = H5Aopen(obj, name, H5P_DEFAULT);
    if (a < 0)
        return -1;
    hid_t space = H5Aget_space(a);
    hssize_t n = space >= 0 ? H5Sget_simple_extent_npoints(space) : -1;
    if (space >= 0)
        H5Sclose(space);
    *type = n == 1 ? H5Aget_type(a) : H5I_INVALID_HID;
    if (*type < 0) {
        H5Aclose(a);
        return -1;
    }
    return a;
}

/* Reads string attribute a of type ftype into a malloc'd copy. */
static int read_str(hid_t a, hid_t ftype, char **value)
{
    hid_t mem = H5Tcopy(ftype);
    int rc = -1;
    if (mem < 0)
        return -1;
    if (H5Tis_variable_str(ftype) > 0) {
        char *s = NULL;
        if (H5Aread(a, mem, &s) >= 0 && s) {
            *value = strdup(s);
            rc = *value ? 0 : -1;
        }
        H5free_memory(s);
    } else {
        size_t n = H5Tget_size(ftype);
        char *s = calloc(n + 1, 1);
        if (s && H5Aread(a, mem, s) >= 0) {
            *value = s, s = NULL;
            rc = 0;
        }
        free(s);
    }
    H5Tclose(mem);
    return rc;
}

int mu_h5_get_str(hid_t obj, const char *name, char **value)
{
    hid_t type;
    hid_t a = open_scalar(obj, name, &type);
    if (a < 0)
        return -1;
    int rc = H5Tget_class(type) == H5T_STRING ? read_str(a, type, value) : -1;
    H5Tclose(type);
    H5Aclose(a);
    return rc;
}

int mu_h5_get_f64(hid_t obj, const char *name, double *value)
{
    hid_t type;
    hid_t a = open_scalar(obj, name, &type);
    if (a < 0)
        return -1;
    int rc = H5Tget_class(type) == H5T_FLOAT && H5Aread(a, H5T_NATIVE_DOUBLE, value) >= 0 ? 0 : -1;
    H5Tclose(type);
    H5Aclose(a);
    return rc;
}

/* Reads integer attribute name: *is_signed says which of *u, *s holds it. */
static int get_int(hid_t obj, const char *name, int *is_signed, uint64_t *u, int64_t *s)
{
    hid_t type;
    hid_t a = open_scalar(obj, name, &type);
    if (a < 0)
        return -1;
    int rc = -1;
    if (H5Tget_class(type) == H5T_INTEGER) {
        *is_signed = H5Tget_sign(type) == H5T_SGN_2;
        herr_t r = *is_signed ? H5Aread(a, H5T_NATIVE_INT64, s) : H5Aread(a, H5T_NATIVE_UINT64, u);
        rc = r < 0 ? -1 : 0;
    }
    H5Tclose(type);
    H5Aclose(a);
    return rc;
}

int mu_h5_get_u64(hid_t obj, const char *name, uint64_t *value)
{
    int is_signed;
    uint64_t u = 0;
    int64_t s = 0;
    if (get_int(obj, name, &is_signed, &u, &s) < 0 || (is_signed && s < 0))
        return -1;
    *value = is_signed ? (uint64_t)s : u;
    return 0;
}

int mu_h5_get_i64(hid_t obj, const char *name, int64_t *value)
{
    int is_signed;
    uint64_t u = 0;
    int64_t s = 0;
    if (get_int(obj, name, &is_signed, &u, &s) < 0 || (!is_signed && u > INT64_MAX))
        return -1;
    *value = is_signed ? s : (int64_t)u;
    return 0;
}

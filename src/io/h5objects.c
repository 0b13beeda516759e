/* Layout → HDF5 objects: groups, dimension scales, columns and tables, and
 * reopening them on resume. See h5objects.h. */
#include "h5objects.h"

#include "muster/alloc.h"

#include "h5attr.h"

#include <hdf5_hl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- creating -------------------------------------------------------- */

/* "group/name" (group's leading slashes dropped), malloc'd; aborts on OOM. */
static char *join(const char *group, const char *name)
{
    group = mu_h5_relative(group);
    size_t n = strlen(group) + strlen(name) + 2;
    char *p = mu_xmalloc(n);
    snprintf(p, n, "%s%s%s", group, *group ? "/" : "", name);
    return p;
}

/* Creates group path and its parents (timestamps off) where missing. */
static int ensure_group(hid_t file, const char *path, char *msg, size_t len)
{
    char *p = join(path, ""), *slash = p;
    int rc = 0;
    hid_t gcpl = mu_h5_gcpl();
    while (rc == 0 && (slash = strchr(slash, '/')) != NULL) {
        *slash = '\0';
        htri_t exists = H5Lexists(file, p, H5P_DEFAULT);
        hid_t g = exists > 0    ? H5Gopen2(file, p, H5P_DEFAULT)
                  : exists == 0 ? H5Gcreate2(file, p, H5P_DEFAULT, gcpl, H5P_DEFAULT)
                                : H5I_INVALID_HID;
        if (g < 0)
            rc = mu_h5_fail(msg, len, "cannot create group %s", p);
        else
            H5Gclose(g);
        *slash++ = '/';
    }
    H5Pclose(gcpl);
    free(p);
    return rc;
}

static int set_meta(hid_t d, const char *path, const char *units, const char *long_name,
                    char *msg, size_t len)
{
    if (mu_h5_set_str(d, "units", units) < 0 || mu_h5_set_str(d, "long_name", long_name) < 0)
        return mu_h5_fail(msg, len, "cannot write the attributes of %s", path);
    return 0;
}

/* A dcpl (timestamps off) chunked as chunk, with shuffle + deflate (the
 * pipeline h5pack.c applies itself: see mu_h5_pack_open). */
static hid_t packed_dcpl(int rank, const hsize_t *chunk)
{
    hid_t p = mu_h5_dcpl();
    if (p >= 0 && (H5Pset_chunk(p, rank, chunk) < 0 || H5Pset_shuffle(p) < 0 ||
                   H5Pset_deflate(p, MU_H5_DEFLATE_LEVEL) < 0)) {
        H5Pclose(p);
        return H5I_INVALID_HID;
    }
    return p;
}

/* Creates dataset path of type ftype and shape dims (max maxdims). */
static hid_t make_dset(hid_t file, const char *path, hid_t ftype, int rank, const hsize_t *dims,
                       const hsize_t *maxdims, hid_t dcpl, char *msg, size_t len)
{
    hid_t space = H5Screate_simple(rank, dims, maxdims);
    hid_t d = space < 0 ? H5I_INVALID_HID
                        : H5Dcreate2(file, path, ftype, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
    if (d < 0)
        mu_h5_fail(msg, len, "cannot create dataset %s", path);
    if (space >= 0)
        H5Sclose(space);
    return d;
}

/* The game scale: uint64, unlimited, filled as rows are appended. */
static hid_t make_game_scale(mu_h5out *h, const mu_layout *l, const char *path, char *msg, size_t len)
{
    hsize_t dims = 0, maxdims = H5S_UNLIMITED, chunk = mu_h5_chunk_rows(l, h->games_requested);
    hid_t dcpl = packed_dcpl(1, &chunk);
    hid_t d = make_dset(h->file, path, H5T_STD_U64LE, 1, &dims, &maxdims, dcpl, msg, len);
    H5Pclose(dcpl);
    return d;
}

/* A fixed axis: int32 first_value + i, or its string labels. */
static hid_t make_fixed_scale(hid_t file, const mu_axis *x, const char *path, char *msg, size_t len)
{
    hsize_t n = (hsize_t)x->length;
    hid_t dcpl = mu_h5_dcpl(), str = x->labels ? mu_h5_str_type() : H5I_INVALID_HID;
    hid_t d = make_dset(file, path, x->labels ? str : H5T_STD_I32LE, 1, &n, NULL, dcpl, msg, len);
    H5Pclose(dcpl);
    herr_t rc = 0;
    if (d >= 0 && x->labels) {
        rc = H5Dwrite(d, str, H5S_ALL, H5S_ALL, H5P_DEFAULT, x->labels);
    } else if (d >= 0) {
        int32_t *v = malloc(n * sizeof *v);
        for (hsize_t i = 0; v && i < n; i++)
            v[i] = (int32_t)(x->first_value + (int)i);
        rc = v ? H5Dwrite(d, H5T_NATIVE_INT32, H5S_ALL, H5S_ALL, H5P_DEFAULT, v) : -1;
        free(v);
    }
    if (d >= 0 && rc < 0) {
        mu_h5_fail(msg, len, "cannot write axis %s", path);
        H5Dclose(d);
        d = H5I_INVALID_HID;
    }
    if (str >= 0)
        H5Tclose(str);
    return d;
}

static hid_t make_axis(mu_h5out *h, const mu_layout *l, int a, char *msg, size_t len)
{
    const mu_axis *x = &l->axes[a];
    char *path = join(x->group, x->name);
    hid_t d = a == 0 ? make_game_scale(h, l, path, msg, len) : make_fixed_scale(h->file, x, path, msg, len);
    if (d >= 0 && H5DSset_scale(d, x->name) < 0) {
        mu_h5_fail(msg, len, "cannot make %s a dimension scale", path);
        H5Dclose(d), d = H5I_INVALID_HID;
    }
    if (d >= 0 && set_meta(d, path, x->units, x->long_name, msg, len) < 0)
        H5Dclose(d), d = H5I_INVALID_HID;
    free(path);
    return d;
}

/* Attaches scales[axes[i]] to dimension i of d. */
static int attach(hid_t d, const char *path, int rank, const int *axes, const hid_t *scales,
                  char *msg, size_t len)
{
    for (int i = 0; i < rank; i++)
        if (H5DSattach_scale(d, scales[axes[i]], (unsigned)i) < 0)
            return mu_h5_fail(msg, len, "cannot attach dimension %d of %s", i, path);
    return 0;
}

static int make_column(mu_h5out *h, const mu_layout *l, int c, const hid_t *scales, char *msg,
                       size_t len)
{
    const mu_column *col = &l->columns[c];
    struct mu_h5col *hc = &h->col[h->n_columns++];
    hc->type = col->type;
    hc->rank = col->axis >= 0 ? 2 : 1;
    hc->width = col->axis >= 0 ? (hsize_t)l->axes[col->axis].length : 1;
    hc->path = join("games", col->name);
    int rank = hc->rank, axes[2] = {0, col->axis};
    hsize_t dims[2] = {0, hc->width}, maxdims[2] = {H5S_UNLIMITED, hc->width},
            chunk[2] = {mu_h5_chunk_rows(l, h->games_requested), mu_h5_chunk_width(l, c)};
    hid_t dcpl = packed_dcpl(rank, chunk);
    hc->dset = make_dset(h->file, hc->path, mu_h5_file_type(col->type), rank, dims, maxdims, dcpl,
                         msg, len);
    H5Pclose(dcpl);
    if (hc->dset < 0)
        return -1;
    if (set_meta(hc->dset, hc->path, col->units, col->long_name, msg, len) < 0)
        return -1;
    return attach(hc->dset, hc->path, rank, axes, scales, msg, len);
}

/* A table: uint64, contiguous (rewritten in place at each checkpoint, so
 * the file does not grow), zeros written at creation. */
static int make_table(mu_h5out *h, const mu_layout *l, int t, const hid_t *scales, char *msg,
                      size_t len)
{
    const mu_table *tab = &l->tables[t];
    struct mu_h5tab *ht = &h->tab[h->n_tables++];
    ht->cells = mu_table_cells(l, t);
    ht->path = join(tab->group, tab->name);
    hsize_t dims[MU_TABLE_MAX_RANK];
    for (int d = 0; d < tab->rank; d++)
        dims[d] = (hsize_t)l->axes[tab->axes[d]].length;
    uint64_t zero = 0;
    hid_t dcpl = mu_h5_dcpl();
    if (dcpl < 0 || H5Pset_alloc_time(dcpl, H5D_ALLOC_TIME_EARLY) < 0 ||
        H5Pset_fill_time(dcpl, H5D_FILL_TIME_ALLOC) < 0 ||
        H5Pset_fill_value(dcpl, H5T_NATIVE_UINT64, &zero) < 0) {
        H5Pclose(dcpl);
        return mu_h5_fail(msg, len, "cannot set up table %s", ht->path);
    }
    ht->dset = make_dset(h->file, ht->path, H5T_STD_U64LE, tab->rank, dims, NULL, dcpl, msg, len);
    H5Pclose(dcpl);
    if (ht->dset < 0 || set_meta(ht->dset, ht->path, tab->units, tab->long_name, msg, len) < 0)
        return -1;
    return attach(ht->dset, ht->path, tab->rank, tab->axes, scales, msg, len);
}

static int make_groups(hid_t file, const mu_layout *l, char *msg, size_t len)
{
    if (ensure_group(file, "games", msg, len) < 0)
        return -1;
    for (int a = 1; a < l->n_axes; a++)
        if (ensure_group(file, l->axes[a].group, msg, len) < 0)
            return -1;
    for (int t = 0; t < l->n_tables; t++)
        if (ensure_group(file, l->tables[t].group, msg, len) < 0)
            return -1;
    return 0;
}

int mu_h5_build(mu_h5out *h, const mu_layout *l, char *msg, size_t len)
{
    hid_t scales[MU_LAYOUT_MAX_AXES];
    int rc = make_groups(h->file, l, msg, len), n_scales = 0;
    for (; rc == 0 && n_scales < l->n_axes; n_scales++) {
        scales[n_scales] = make_axis(h, l, n_scales, msg, len);
        if (scales[n_scales] < 0)
            rc = -1;
    }
    if (n_scales > 0)
        h->game = scales[0]; /* kept open for appends; h closes it */
    for (int c = 0; rc == 0 && h->per_game_rows && c < l->n_columns; c++)
        rc = make_column(h, l, c, scales, msg, len);
    for (int t = 0; rc == 0 && t < l->n_tables; t++)
        rc = make_table(h, l, t, scales, msg, len);
    for (int a = 1; a < n_scales; a++)
        if (scales[a] >= 0)
            H5Dclose(scales[a]);
    return rc;
}

/* ---- reopening -------------------------------------------------------- */

/* Opens dataset path and checks its type and rank; dims gets its shape. */
static hid_t open_checked(hid_t file, const char *path, hid_t ftype, int rank, hsize_t *dims,
                          hsize_t *maxdims, char *msg, size_t len)
{
    hid_t d = H5Lexists(file, path, H5P_DEFAULT) > 0 ? H5Dopen2(file, path, H5P_DEFAULT)
                                                     : H5I_INVALID_HID;
    if (d < 0) {
        H5Eclear2(H5E_DEFAULT);
        snprintf(msg, len, "%s is missing", path);
        return d;
    }
    hid_t type = H5Dget_type(d), space = H5Dget_space(d);
    int ok = type >= 0 && space >= 0 && H5Tequal(type, ftype) > 0 &&
             H5Sget_simple_extent_ndims(space) == rank &&
             H5Sget_simple_extent_dims(space, dims, maxdims) == rank;
    if (type >= 0)
        H5Tclose(type);
    if (space >= 0)
        H5Sclose(space);
    if (!ok) {
        snprintf(msg, len, "%s does not have the type or rank this run writes", path);
        H5Dclose(d);
        return H5I_INVALID_HID;
    }
    return d;
}

static int reopen_column(mu_h5out *h, const mu_layout *l, int c, char *msg, size_t len)
{
    const mu_column *col = &l->columns[c];
    struct mu_h5col *hc = &h->col[h->n_columns++];
    hc->type = col->type;
    hc->rank = col->axis >= 0 ? 2 : 1;
    hc->width = col->axis >= 0 ? (hsize_t)l->axes[col->axis].length : 1;
    hc->path = join("games", col->name);
    hsize_t dims[2] = {0, 1}, maxdims[2] = {0, 1};
    hc->dset = open_checked(h->file, hc->path, mu_h5_file_type(col->type), hc->rank, dims, maxdims,
                            msg, len);
    if (hc->dset < 0)
        return -1;
    if (dims[1] != hc->width || maxdims[0] != H5S_UNLIMITED)
        return snprintf(msg, len, "%s does not have the shape this run writes", hc->path), -1;
    return 0;
}

static int reopen_table(mu_h5out *h, const mu_layout *l, int t, char *msg, size_t len)
{
    const mu_table *tab = &l->tables[t];
    struct mu_h5tab *ht = &h->tab[h->n_tables++];
    ht->cells = mu_table_cells(l, t);
    ht->path = join(tab->group, tab->name);
    hsize_t dims[MU_TABLE_MAX_RANK];
    ht->dset = open_checked(h->file, ht->path, H5T_STD_U64LE, tab->rank, dims, NULL, msg, len);
    if (ht->dset < 0)
        return -1;
    for (int d = 0; d < tab->rank; d++)
        if (dims[d] != (hsize_t)l->axes[tab->axes[d]].length)
            return snprintf(msg, len, "%s does not have the shape this run writes", ht->path), -1;
    return 0;
}

int mu_h5_reopen(mu_h5out *h, const mu_layout *l, char *msg, size_t len)
{
    hsize_t rows = 0, maxrows = 0;
    h->game = open_checked(h->file, "games/game", H5T_STD_U64LE, 1, &rows, &maxrows, msg, len);
    if (h->game < 0)
        return -1;
    h->rows = rows;
    for (int c = 0; h->per_game_rows && c < l->n_columns; c++)
        if (reopen_column(h, l, c, msg, len) < 0)
            return -1;
    for (int t = 0; t < l->n_tables; t++)
        if (reopen_table(h, l, t, msg, len) < 0)
            return -1;
    return 0;
}

/* The rows of dataset d (its first dimension), or 0. */
static uint64_t rows_of(hid_t d)
{
    hsize_t dims[2] = {0, 0};
    hid_t space = H5Dget_space(d);
    if (space < 0 || H5Sget_simple_extent_dims(space, dims, NULL) < 1)
        dims[0] = 0;
    if (space >= 0)
        H5Sclose(space);
    return dims[0];
}

int mu_h5_check_rows(const mu_h5out *h, char *msg, size_t len)
{
    for (int c = -1; h->per_game_rows && c < h->n_columns; c++) {
        hid_t d = c < 0 ? h->game : h->col[c].dset;
        uint64_t rows = rows_of(d);
        if (rows < h->games_complete)
            return snprintf(msg, len, "%s has %llu rows, fewer than the %llu games complete",
                            c < 0 ? "games/game" : h->col[c].path, (unsigned long long)rows,
                            (unsigned long long)h->games_complete), -1;
    }
    return 0;
}

int mu_h5_set_rows(mu_h5out *h, uint64_t rows, char *msg, size_t len)
{
    hsize_t dims[2] = {rows, 0};
    if (H5Dset_extent(h->game, dims) < 0)
        return mu_h5_fail(msg, len, "cannot resize games/game");
    for (int c = 0; c < h->n_columns; c++) {
        dims[1] = h->col[c].width;
        if (H5Dset_extent(h->col[c].dset, dims) < 0)
            return mu_h5_fail(msg, len, "cannot resize %s", h->col[c].path);
    }
    return 0;
}

/* Whether chunked dataset d of rank 1 or 2 (width wide) holds every chunk
 * of its first rows rows. */
static int has_chunks(hid_t d, uint64_t rows, hsize_t width)
{
    hsize_t chunk[2] = {1, 1}, n = 0;
    hid_t dcpl = H5Dget_create_plist(d), space = H5Dget_space(d); /* 1.10.8 refuses H5S_ALL */
    int ok = dcpl >= 0 && space >= 0 && H5Pget_chunk(dcpl, 2, chunk) >= 1 &&
             H5Dget_num_chunks(d, space, &n) >= 0;
    if (dcpl >= 0)
        H5Pclose(dcpl);
    if (space >= 0)
        H5Sclose(space);
    hsize_t want = (rows + chunk[0] - 1) / chunk[0] * ((width + chunk[1] - 1) / chunk[1]);
    return ok && n >= want;
}

int mu_h5_check_chunks(const mu_h5out *h, char *msg, size_t len)
{
    const char *missing = has_chunks(h->game, h->rows, 1) ? NULL : "games/game";
    for (int c = 0; !missing && c < h->n_columns; c++)
        if (!has_chunks(h->col[c].dset, h->rows, h->col[c].width))
            missing = h->col[c].path;
    if (missing)
        return snprintf(msg, len, "%s lacks data of its first %llu rows (the run was killed while "
                        "writing a checkpoint); start the run again", missing,
                        (unsigned long long)h->rows), -1;
    return 0;
}

void mu_h5_close_objects(mu_h5out *h)
{
    if (h->game >= 0)
        H5Dclose(h->game);
    h->game = H5I_INVALID_HID;
    for (int c = 0; c < h->n_columns; c++) {
        if (h->col[c].dset >= 0)
            H5Dclose(h->col[c].dset);
        free(h->col[c].path);
    }
    for (int t = 0; t < h->n_tables; t++) {
        if (h->tab[t].dset >= 0)
            H5Dclose(h->tab[t].dset);
        free(h->tab[t].path);
    }
    h->n_columns = h->n_tables = 0;
    mu_h5_ckpt_close(h);
}

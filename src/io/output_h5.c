/* The HDF5 results file behind the output interface (muster/output.h):
 * each operation is the writer's own (muster/h5out.h), plus the checks
 * of a resume that concern files (the partial file exists, the complete
 * one does not yet). A batch of the interface is the writer's mu_h5batch;
 * its parts are the chunks the runner's threads shuffle and deflate,
 * here or, exported, in another process of a team (mu_h5_pack_part). */
#include "muster/output.h"

#include "muster/alloc.h"
#include "muster/escape.h"
#include "muster/h5out.h"
#include "muster/status.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct h5_output {
    mu_output base; /* first: a mu_output * is a h5_output * */
    mu_h5out *h;
} h5_output;

static mu_h5out *writer(const mu_output *o) { return ((const h5_output *)o)->h; }

/* The interface's batch is the writer's: the pointer is passed through. */
static mu_h5batch *h5b(mu_output_batch *b) { return (mu_h5batch *)b; }

static uint64_t h5_batch_align(const mu_output *o) { return mu_h5out_chunk_games(writer(o)); }

static int h5_batch_begin(mu_output *o, uint64_t first_game, uint64_t n, const void *const *columns,
                          mu_output_batch **out, char *err, size_t err_len)
{
    mu_h5batch *b = NULL;
    int rc = mu_h5out_batch_begin(writer(o), first_game, n, columns, &b, err, err_len);
    *out = (mu_output_batch *)b;
    return rc;
}

static size_t h5_batch_parts(const mu_output_batch *b) { return mu_h5batch_chunks((const mu_h5batch *)b); }

static void h5_batch_pack(mu_output_batch *b, size_t i) { mu_h5batch_pack(h5b(b), i); }

static void h5_batch_seal(mu_output_batch *b) { mu_h5batch_seal(h5b(b)); }

static int h5_batch_write(mu_output *o, mu_output_batch *b, char *err, size_t err_len)
{
    return mu_h5out_batch_write(writer(o), h5b(b), err, err_len);
}

static void h5_batch_drop(mu_output *o, mu_output_batch *b) { mu_h5out_batch_drop(writer(o), h5b(b)); }

static int h5_checkpoint(mu_output *o, uint64_t games_complete, const uint64_t *const *tables, char *err,
                         size_t err_len)
{
    return mu_h5out_checkpoint(writer(o), games_complete, tables, err, err_len);
}

static int h5_conclude(mu_output *o, const mu_precision_outcome *outcome, const uint64_t *const *tables,
                       char *err, size_t err_len)
{
    return mu_h5out_conclude(writer(o), outcome, tables, err, err_len);
}

static int h5_finish(mu_output *o, char *err, size_t err_len)
{
    int rc = mu_h5out_finish(writer(o), err, err_len);
    free(o);
    return rc;
}

static void h5_abandon(mu_output *o)
{
    mu_h5out_close_partial(writer(o));
    free(o);
}

static void h5_part_describe(const mu_output_batch *b, size_t i, mu_output_part *part)
{
    uint32_t how = 0;
    size_t in_bytes = 0, cap = 0;
    uint64_t row = 0;
    mu_h5batch_part((const mu_h5batch *)b, i, &how, &in_bytes, &cap, &row);
    *part = (mu_output_part){.how = how, .in_bytes = in_bytes, .cap = cap, .first_row = row};
}

static void h5_part_export(const mu_output_batch *b, size_t i, void *in)
{
    mu_h5batch_export((const mu_h5batch *)b, i, in);
}

static int h5_part_import(mu_output_batch *b, size_t i, const void *packed, size_t size)
{
    return mu_h5batch_import(h5b(b), i, packed, size);
}

static size_t h5_pack_part(const mu_output_part *part, const void *in, void *out)
{
    if (part->in_bytes > SIZE_MAX || part->cap > SIZE_MAX)
        return 0;
    return mu_h5_pack_part(part->how, in, (size_t)part->in_bytes, out, (size_t)part->cap);
}

static const mu_output_ops h5_ops = {
    .batch_align = h5_batch_align,
    .batch_begin = h5_batch_begin,
    .batch_parts = h5_batch_parts,
    .batch_pack = h5_batch_pack,
    .batch_seal = h5_batch_seal,
    .batch_write = h5_batch_write,
    .batch_drop = h5_batch_drop,
    .checkpoint = h5_checkpoint,
    .conclude = h5_conclude,
    .finish = h5_finish,
    .abandon = h5_abandon,
    .part_describe = h5_part_describe,
    .part_export = h5_part_export,
    .part_import = h5_part_import,
};

static mu_output *wrap(mu_h5out *h)
{
    h5_output *o = mu_xcalloc(1, sizeof *o);
    o->base.ops = &h5_ops;
    o->h = h;
    return &o->base;
}

static int h5_begin(const char *path, int overwrite, const mu_layout *layout, const mu_provenance *prov,
                    mu_output **out, char *err, size_t err_len)
{
    mu_h5out *h = NULL;
    if (mu_h5out_create(path, overwrite, layout, prov, &h, err, err_len) != 0)
        return MU_EXIT_CANTCREAT;
    *out = wrap(h);
    return MU_EXIT_OK;
}

static int h5_resume(const char *partial_path, const char *path, const mu_layout *layout,
                     const mu_provenance *prov, mu_output **out, uint64_t *games_complete,
                     uint64_t *const *tables, char *err, size_t err_len)
{
    char name[MU_ESCAPED_MAX];
    if (access(partial_path, F_OK) != 0) {
        int e = errno;
        snprintf(err, err_len, "%s: error: cannot resume: %s", mu_escape_name(name, sizeof name, partial_path),
                 strerror(e));
        return MU_EXIT_NOINPUT;
    }
    if (access(path, F_OK) == 0) {
        snprintf(err, err_len, "%s: error: cannot resume: the complete file already exists",
                 mu_escape_name(name, sizeof name, path));
        return MU_EXIT_CANTCREAT;
    }
    mu_h5out *h = NULL;
    if (mu_h5out_resume(partial_path, layout, prov, &h, games_complete, tables, err, err_len) != 0)
        return MU_EXIT_DATAERR;
    *out = wrap(h);
    return MU_EXIT_OK;
}

void mu_output_hdf5_init(void) { mu_h5out_init(); }

const mu_output_type mu_output_hdf5 = {
    .name = "hdf5", .begin = h5_begin, .resume = h5_resume, .pack_part = h5_pack_part};

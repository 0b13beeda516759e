/* Packing a batch's rows with every member of a team: see
 * batch_spread.h. Two messages a batch: member 0 to the others, the
 * inputs of their parts; the others to member 0, the packed parts.
 *
 *   to member m:   [k] [k x (part index, how, input bytes, room)] [inputs]
 *   from member m: [k x packed bytes] [packed parts]
 *
 * as 64-bit words, then bytes, each member's parts in the batch's order. */
#include "batch_spread.h"

#include "muster/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { W_INDEX, W_HOW, W_IN, W_CAP, W_PART }; /* a part's words */
#define WORD sizeof(uint64_t)

int batch_spread_possible(const mu_output_type *type, const mu_output_ops *ops)
{
    return type && type->pack_part && ops && ops->part_describe && ops->part_export && ops->part_import;
}

int batch_spread_owner(uint64_t before, uint64_t weight, uint64_t total, uint64_t w0, int size)
{
    if (size <= 1 || total == 0)
        return 0;
    /* the middle, in shares of a member other than 0 (member 0's is
     * w0 / ONE of one); only member 0 deals, so rounding is no matter */
    double d = (double)w0 / (double)MU_TEAM_WEIGHT_ONE + (double)(size - 1);
    double mid = ((double)before + 0.5 * (double)weight) / (double)total * d;
    double lead = (double)w0 / (double)MU_TEAM_WEIGHT_ONE;
    if (mid < lead)
        return 0;
    double m = mid - lead;
    return m >= (double)(size - 1) ? size - 1 : 1 + (int)m;
}

static uint64_t word_at(const unsigned char *p)
{
    uint64_t w;
    memcpy(&w, p, WORD);
    return w;
}

/* A message that does not hold what it says: a bug of this file. */
static void broken(const char *what)
{
    fprintf(stderr, "muster: internal error: %s\n", what);
    abort();
}

/* Orders parts by their first row, then their index. */
static const mu_output_part *sorting;

static int by_row(const void *x, const void *y)
{
    size_t i = *(const size_t *)x, j = *(const size_t *)y;
    uint64_t a = sorting[i].first_row, b = sorting[j].first_row;
    return a != b ? (a > b) - (a < b) : (i > j) - (i < j);
}

/* Member 0: deal out, send, pack its own, take the others' back. */
static void lead(const mu_team *team, const mu_output_ops *ops, mu_output_batch *pack, uint64_t w0, int threads,
                 mu_kept *room)
{
    int size = team->size;
    size_t n = ops->batch_parts(pack);
    mu_output_part *parts = mu_xcalloc(n + 1, sizeof *parts);
    int *owner = mu_xcalloc(n + 1, sizeof *owner);
    size_t *at = mu_xcalloc(n + 1, sizeof *at); /* a part's input in the message */
    size_t *sizes = mu_xcalloc((size_t)size, sizeof *sizes), *k = mu_xcalloc((size_t)size, sizeof *k);
    size_t *order = mu_xcalloc(n + 1, sizeof *order);
    uint64_t total = 0, before = 0;
    for (size_t i = 0; i < n; i++) {
        ops->part_describe(pack, i, &parts[i]);
        total += parts[i].cap; /* the work a part costs: about its bytes */
        order[i] = i;
    }
    /* dealt in the order of their rows: each member a like mix of parts
     * (the game scale costs less a byte than the columns) */
    sorting = parts;
    qsort(order, n, sizeof *order, by_row);
    for (size_t j = 0; j < n; j++) {
        size_t i = order[j];
        owner[i] = batch_spread_owner(before, parts[i].cap, total, w0, size);
        before += parts[i].cap;
        k[owner[i]]++;
        sizes[owner[i]] += W_PART * WORD + (size_t)parts[i].in_bytes;
    }
    size_t *words = mu_xcalloc((size_t)size, sizeof *words), *inputs = mu_xcalloc((size_t)size, sizeof *inputs);
    size_t len = 0;
    for (int r = 1; r < size; r++) {
        sizes[r] = k[r] ? WORD + sizes[r] : 0;
        words[r] = len + WORD;
        inputs[r] = words[r] + k[r] * W_PART * WORD;
        len += sizes[r];
    }
    unsigned char *msg = mu_kept_for(room, len + 1);
    for (int r = 1; r < size; r++)
        if (k[r]) {
            uint64_t count = k[r];
            memcpy(msg + words[r] - WORD, &count, WORD);
        }
    for (size_t i = 0; i < n; i++) {
        int r = owner[i];
        if (r == 0)
            continue;
        uint64_t w[W_PART] = {i, parts[i].how, parts[i].in_bytes, parts[i].cap};
        memcpy(msg + words[r], w, sizeof w);
        words[r] += sizeof w;
        at[i] = inputs[r];
        inputs[r] += (size_t)parts[i].in_bytes;
    }
    int64_t count = (int64_t)n;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (int64_t i = 0; i < count; i++)
        if (owner[i] != 0)
            ops->part_export(pack, (size_t)i, msg + at[i]);
    size_t dummy = 0;
    team->ops->scatter_bytes(team, msg, sizes, &dummy);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (int64_t i = 0; i < count; i++)
        if (owner[i] == 0)
            ops->batch_pack(pack, (size_t)i);
    unsigned char *back = team->ops->gather_bytes(team, NULL, 0, sizes);
    /* member r's reply: its sizes from words[r], its parts from inputs[r],
     * up to end[r]; its parts in the order of their index */
    size_t *end = mu_xcalloc((size_t)size, sizeof *end);
    for (int r = 1; r < size; r++) {
        size_t first = r == 1 ? 0 : end[r - 1];
        end[r] = first + sizes[r];
        words[r] = first, inputs[r] = first + k[r] * WORD;
        if (inputs[r] > end[r])
            broken("a member's packed parts are short");
    }
    for (size_t i = 0; i < n; i++) {
        int r = owner[i];
        if (r == 0)
            continue;
        size_t got = (size_t)word_at(back + words[r]);
        words[r] += WORD;
        if (got > end[r] - inputs[r])
            broken("a member's packed parts are short");
        ops->part_import(pack, i, back + inputs[r], got); /* a failure fails batch_write */
        inputs[r] += got;
    }
    free(end);
    free(words), free(inputs), free(k), free(sizes), free(at), free(owner), free(parts), free(order);
}

/* Another member: take the inputs, pack them, send them back. */
static void follow(const mu_team *team, const mu_output_type *type, int threads, mu_kept *room)
{
    size_t size = 0;
    const unsigned char *in = team->ops->scatter_bytes(team, NULL, NULL, &size);
    uint64_t k = size >= WORD ? word_at(in) : 0;
    if (size > 0 && (size < WORD || k > (size - WORD) / (W_PART * WORD)))
        broken("a message of parts is short");
    mu_output_part *parts = mu_xcalloc((size_t)k + 1, sizeof *parts);
    size_t *from = mu_xcalloc((size_t)k + 1, sizeof *from), *to = mu_xcalloc((size_t)k + 1, sizeof *to);
    size_t *got = mu_xcalloc((size_t)k + 1, sizeof *got);
    size_t at = WORD + (size_t)k * W_PART * WORD, space = 0;
    for (uint64_t j = 0; j < k; j++) {
        const unsigned char *w = in + WORD + j * W_PART * WORD;
        parts[j] = (mu_output_part){.how = (uint32_t)word_at(w + W_HOW * WORD), .in_bytes = word_at(w + W_IN * WORD),
                                    .cap = word_at(w + W_CAP * WORD)};
        if (parts[j].in_bytes > size - at)
            broken("a message of parts is short");
        from[j] = at, to[j] = space;
        at += (size_t)parts[j].in_bytes;
        space += (size_t)parts[j].cap;
    }
    /* each part packed into its room after the sizes, then the parts
     * moved down to follow each other (never past a later part's start) */
    size_t len = (size_t)k * WORD;
    unsigned char *out = mu_kept_for(room, len + space + 1);
    int64_t count = (int64_t)k;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (int64_t j = 0; j < count; j++)
        got[j] = type->pack_part(&parts[j], in + from[j], out + (size_t)k * WORD + to[j]);
    for (uint64_t j = 0; j < k; j++) {
        uint64_t g = got[j];
        memcpy(out + j * WORD, &g, WORD);
        memmove(out + len, out + (size_t)k * WORD + to[j], got[j]);
        len += got[j];
    }
    team->ops->gather_bytes(team, out, len, NULL);
    free(got), free(to), free(from), free(parts);
}

void batch_spread_pack(const mu_team *team, const mu_output_type *type, const mu_output_ops *ops,
                       mu_output_batch *pack, uint64_t w0, int threads, mu_kept *room)
{
    if (team->rank == 0)
        lead(team, ops, pack, w0, threads, room);
    else
        follow(team, type, threads, room);
}

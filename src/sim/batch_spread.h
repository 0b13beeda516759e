/* Private to the batch runner (src/sim/batch.c): packing a batch's rows
 * with every member of a team (muster/team.h) instead of member 0 alone.
 * Member 0 has every row (gathered) and the open output; it deals the
 * batch's parts out by weight, sends each member the inputs of its parts
 * (mu_output_ops' part_export), packs its own (batch_pack), and takes the
 * others' packed parts back (part_import). The others pack with the
 * output type's pack_part, which needs no output. A part's bytes are the
 * same wherever it is packed, so the file is too. */
#ifndef MUSTER_SIM_BATCH_SPREAD_H
#define MUSTER_SIM_BATCH_SPREAD_H

#include "muster/alloc.h"
#include "muster/output.h"
#include "muster/team.h"

#include <stdint.h>

/* Whether a team may spread the packing of batches of an output of type
 * type (its pack_part) whose open output has ops (member 0's: part_describe,
 * part_export, part_import). */
int batch_spread_possible(const mu_output_type *type, const mu_output_ops *ops);

/* Returns the member that packs a part of weight weight that follows
 * parts of weight before in a batch of parts of weight total: the parts
 * are dealt out in order, member 0 the first w0 / (w0 +
 * MU_TEAM_WEIGHT_ONE (size - 1)) of the weight (its share of the games,
 * mu_team_blocks), the others equal shares of the rest; a part goes to
 * the member whose share holds its middle. */
int batch_spread_owner(uint64_t before, uint64_t weight, uint64_t total, uint64_t w0, int size);

/* Packs every part of pack, the batch of rows member 0 has begun (NULL on
 * the other members), with every member of team and threads threads
 * each, member 0 packing a share set by w0 (batch_spread_owner). Every
 * member calls it, with the same w0 and its own room (memory kept from
 * batch to batch for the messages it builds); type is the
 * output's type (every member's). On member 0, every part of pack is
 * then packed (or marked failed: batch_write refuses it). */
void batch_spread_pack(const mu_team *team, const mu_output_type *type, const mu_output_ops *ops,
                       mu_output_batch *pack, uint64_t w0, int threads, mu_kept *room);

#endif

/* Warmaster character movement (warmaster-movement.adoc, "Character
 * movement"). Characters move once, at the end of the Command phase,
 * without an order, up to 600 mm (1000 mm flying), always at full pace,
 * treating terrain as infantry unless on a monstrous mount (as monsters)
 * or riding a chariot (as chariots): see wm_terrain_troop.
 *
 * Readings (CLAUSES.md): a character stand is a token whose facing has no
 * effect in these texts, so its move is a straight translation (every
 * point moves the same distance) and the path is the area the stand
 * sweeps. Own-side units are transparent to it ("they can move through
 * units from their own side"); enemy stands are not, characters included.
 * Flying characters (assumption: the Flying Units section is not in our
 * texts) pass over terrain and units and only their end place is checked.
 * Which characters have moved this phase is the phase's business. */
#ifndef MUSTER_WM_CHARACTERS_H
#define MUSTER_WM_CHARACTERS_H

#include "warmaster/wm_battlefield.h"

/* What a proposed character move runs into. */
typedef enum wm_char_move {
    WM_CHAR_OK,
    WM_CHAR_TOO_FAR,       /* farther than 600 mm (1000 flying) */
    WM_CHAR_TERRAIN,       /* path or end in terrain it cannot enter */
    WM_CHAR_ENEMY,         /* path or end through an enemy stand */
    WM_CHAR_OFF_TABLE,     /* end wholly or partly off the table */
    WM_CHAR_NOT_CHARACTER  /* the unit is not a character on the table */
} wm_char_move;

/* Returns how far character c may move: its profile's full pace (600 mm,
 * 1000 flying, from wm_profile_default). */
double wm_character_reach_mm(const wm_unit *c);

/* Returns whether moving character c (index into bf->unit) so that its
 * stand's centre goes straight to to_center is allowed, or the first
 * thing wrong, checked in the order of the enum. bf is not changed. */
wm_char_move wm_character_move_check(const wm_battlefield *bf, int c, mu_vec2 to_center);

/* Returns the centre the character reaches moving straight toward
 * to_center: to_center itself when allowed, else the farthest point on
 * that line (within MU_GEOM_EPS_MM) where the move is allowed: it halts at
 * its reach, at the edge of terrain it cannot enter, against an enemy
 * stand or at the table edge. *why (if non-NULL) gets what stopped it
 * (WM_CHAR_OK when nothing did). bf is not changed. */
mu_vec2 wm_character_clamp_move(const wm_battlefield *bf, int c, mu_vec2 to_center,
                                   wm_char_move *why);

#endif

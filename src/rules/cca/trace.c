/* The battlefield as text for `muster replay` (cca_game.h). One line per
 * row, each hex two characters wide at its doubled column, odd rows
 * shifted half a hex:
 *   O T S C   sides[0]'s infantry circle, triangle, square; cavalry
 *   o t s c   sides[1]'s
 *   * after a unit: with a leader; L / l a leader alone
 *   .         clear hex; 1 to 7 the scenario's terrain kinds, by number
 *             (digits, so that no terrain reads as a piece)
 *   |         a half-hex along a side (never entered)
 * cca_trace_board_key says the same in one line, with the sides' and
 * the terrain kinds' names. */
#include "cca/cca_game.h"

#include <stdio.h>
#include <string.h>

void cca_trace_board_key(const cca_study *st, const mu_sink *sink)
{
    if (!sink->trace)
        return;
    const cca_board *b = &st->board;
    char terrain[CCA_MAX_TERRAIN * (MU_NAME_MAX + 4)] = "";
    for (int k = 1; k < b->n_terrain; k++) {
        size_t used = strlen(terrain);
        snprintf(terrain + used, sizeof terrain - used, ", %d %s", k, b->terrain_rule[k].name);
    }
    mu_tracef(sink, "  key: O T S C %s's infantry circle, triangle, square, cavalry; o t s c %s's; * a unit with a "
                    "leader; L l a leader alone (%s, %s); . clear; | a side half-hex%s",
              st->side_names[0], st->side_names[1], st->side_names[0], st->side_names[1], terrain);
}

void cca_trace_board(const cca_study *st, const cca_field *f, const mu_sink *sink)
{
    if (!sink->trace)
        return;
    const cca_board *b = &st->board;
    static const char unit_char[2][3] = {{'O', 'T', 'S'}, {'o', 't', 's'}};
    for (int row = 0; row < b->rows; row++) {
        char line[4 * CCA_MAX_WIDTH + 16];
        memset(line, ' ', sizeof line);
        int end = 0;
        for (int col = 0; col <= b->width; col++) {
            int c = cca_board_cell(b, col, row);
            if (c < 0)
                continue;
            int x = 2 * col + ((row & 1) ? 0 : 1);
            char a = '.', z = ' ';
            if (b->kind[c] == CCA_CELL_SIDE_HALF)
                a = '|';
            else if (b->terrain[c] != 0)
                a = (char)('0' + b->terrain[c]);
            int u = f->unit_at[c], l = f->leader_at[c];
            if (u >= 0) {
                const cca_unit *un = &f->units[u];
                a = un->type == CCA_CAVALRY ? (un->side ? 'c' : 'C') : unit_char[un->side][un->rank];
                z = l >= 0 ? '*' : ' ';
            } else if (l >= 0) {
                a = f->leaders[l].side ? 'l' : 'L';
            }
            line[x] = a;
            line[x + 1] = z;
            end = x + 2;
        }
        line[end] = '\0';
        mu_tracef(sink, "  %2d  %s", row, line);
    }
}

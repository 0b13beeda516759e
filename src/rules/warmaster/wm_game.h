/* Warmaster games: whole Command phases on a deployed battlefield
 * (warmaster-command-and-initiative.txt; warmaster-movement.adoc). A game
 * turn is each side's Command phase in turn, each in the text's sub-phases:
 * initiative, flying units home back, orders, characters. The rules here
 * roll every die and enforce every limit; a player (wm_player, the
 * scripted policies of warmaster/policy/wm_battle_policy.h or a test's script) only
 * chooses among what the rules allow. Readings and the model's boundary:
 * src/rules/warmaster/CLAUSES.md ("Command phase in full").
 *
 * Sides are the scenario's table sides (wm_unit.side). Unit sets are
 * bit masks over battlefield indices (bf.unit has at most 64 units). */
#ifndef MUSTER_WM_GAME_H
#define MUSTER_WM_GAME_H

#include "muster/dice.h"
#include "warmaster/wm_characters.h"
#include "warmaster/wm_evade.h"
#include "warmaster/wm_offtable.h"
#include "warmaster/wm_order_sequence.h"
#include "warmaster/wm_planner.h"
#include "warmaster/wm_scenario.h"
#include "warmaster/wm_visibility.h"

#include <stdint.h>
#include <stdio.h>

#define WM_GAME_SIDE_UNITS WM_PHASE_MAX_UNITS      /* non-character units per side */
#define WM_GAME_SIDE_CHARS WM_PHASE_MAX_CHARACTERS /* characters per side */
#define WM_PLAN_MAX_STEPS 48

/* The rules of a game: the order rules of the text (with their variant
 * parameters) and the documented assumptions for what our texts only
 * mention. */
typedef struct wm_game_rules {
    wm_order_rules orders;   /* distance step, enemy-close radius, blunder on 12 */
    int blunder_retreat;        /* assumption (off): a blundered group retreats a full pace
                                   toward its own table edge instead of moving */
    int confusion_halts;        /* assumption (on): a confused unit may not use initiative or be
                                   ordered; it recovers at the end of its side's Command phase */
    int light_cavalry_rule;     /* optional rule: 6+ armour cavalry evade in any direction (off) */
    double initiative_range_mm; /* "within 20cm" (200) */
} wm_game_rules;

/* Returns the rules of the text: wm_order_rules_default(), no blunder
 * retreat, confusion halts, no Light Cavalry rule, 200 mm. */
wm_game_rules wm_game_rules_default(void);

typedef enum wm_sub_phase {
    WM_SUB_NONE,       /* between Command phases */
    WM_SUB_INITIATIVE,
    WM_SUB_HOME_BACK,
    WM_SUB_ORDERS,
    WM_SUB_CHARACTERS
} wm_sub_phase;

typedef enum wm_end {
    WM_END_NONE,         /* still playing */
    WM_END_TURNS,        /* the scenario's turn limit */
    WM_END_GENERAL_LEFT, /* a General left the table and did not return at once */
    WM_END_COUNT
} wm_end;

/* What one side did in a game (counts). */
typedef struct wm_side_stats {
    uint16_t orders_attempted, orders_given, orders_failed, blunders;
    uint16_t half_pace;         /* groups moving half pace after a failed first order */
    uint16_t brigade_orders;    /* order rolls for two or more units */
    uint16_t general_ended;     /* Command phases in which the General's failure ended orders */
    uint16_t init_charges, init_evades, init_declined;
    uint16_t init_charge_failed, init_evade_failed; /* chosen but not possible: no move */
    uint16_t burst_throughs;    /* units this side's evaders burst through */
    uint16_t confused;          /* this side's units confused */
    uint16_t charges;           /* moves of this side's units ending in contact */
    uint8_t first_contact_turn; /* turn of this side's first charge (0: none) */
    uint16_t off_left, off_destroyed, off_back_at_once, off_back_later;
    uint16_t removed_engaged;   /* units removed because engaged (scenario engaged: removed) */
    uint16_t char_attempted[WM_GAME_SIDE_CHARS], char_given[WM_GAME_SIDE_CHARS],
        char_blunders[WM_GAME_SIDE_CHARS];
    /* Unit-turns (one per unit per own Command phase) in which the unit
     * could have been ordered: at the start of the Orders sub-phase on the
     * table, free (wm_game_unit_free), not moved by initiative, and some
     * character of its side on the table needs 2 or more for its first
     * order (Command minus the situational penalties: a roll could
     * succeed). Of those, the ones where the unit ended the Orders
     * sub-phase where it began (every stand's place and facing). */
    uint16_t orderable_unit_turns, unmoved_unit_turns;
    uint16_t entered;           /* units that entered the table by an infiltration order */
} wm_side_stats;

/* A game. Plain data apart from the borrowed pointers; about 70 KB. */
typedef struct wm_game {
    wm_battlefield bf;
    const wm_scenario *sc;       /* borrowed: turns, edges, objectives, victory */
    const wm_game_rules *rules;  /* borrowed */
    const wm_deployed *roster;   /* borrowed: role and Command of each bf unit */
    const char *const *names;       /* borrowed: a name per bf unit, for traces */
    int n_units[2];                 /* non-character units of each side */
    uint8_t unit_of[2][WM_GAME_SIDE_UNITS];
    int n_chars[2];
    uint8_t char_of[2][WM_GAME_SIDE_CHARS];
    int8_t local[WM_MAX_UNITS];  /* index among its side's units or characters */
    int general[2];                 /* bf index of each side's General (-1: none) */
    int turn;                       /* game turn being played, 1-based (0 before) */
    int first;                      /* side whose Command phase comes first, -1: not yet rolled */
    int side;                       /* side in its Command phase */
    wm_sub_phase sub;
    int over;
    wm_end end;
    int general_left_side;          /* WM_END_GENERAL_LEFT: whose General, else -1 */
    int winner;                     /* after the end: side 0 or 1, -1 a draw */
    int points[2];                  /* victory points after the end */
    int zones_held[2];
    int8_t zone_holder[WM_MAX_OBJECTIVES]; /* side holding each zone at the end, -1 none */
    int first_charge;               /* side whose unit charged first, -1 none */
    uint64_t initiative_used;       /* moved by initiative this Command phase */
    uint64_t charge_failed;         /* an initiative charge could not reach: may still evade */
    uint64_t no_move;               /* may not move further this turn (back from off the table, or a
                                     * malfunction) */
    uint64_t broken_down;           /* an army-list malfunction: never moves again */
    uint64_t reserve;               /* held off the table at the start, not yet entered by an
                                     * infiltration order (wm_game_enter) */
    uint64_t charged;               /* charged this Command phase: no further orders */
    uint64_t reached_edge;          /* units that touched the enemy's table edge */
    uint64_t off_episode;           /* units that have left the table (off[] is theirs) */
    uint64_t char_moved;            /* characters moved this Command phase */
    uint64_t bonus_used;            /* characters who have used their once-a-game Command bonus */
    uint64_t bonus_on;              /* ... and whose bonus holds in this Command phase */
    uint64_t rolled;                /* characters who have rolled an order this Command phase */
    uint64_t guidance_confused;     /* characters whose first order roll of this Command phase is
                                       one worse: a guided roll failed before they rolled */
    int guidance_lost;              /* a guided roll failed: no guidance for the rest of the phase */
    int8_t demoted[2];              /* levels of Command each side's General has lost to blunders */
    uint64_t free_moved;            /* units that have made their free move this Command phase */
    uint64_t stampeding;            /* units stampeding instead of being confused (rules.stampedes):
                                       no orders or initiative until their side's Command phase ends */
    uint8_t ignore_fortified[2];    /* each side's player ignores fortified enemies for initiative */
    uint8_t ignore_divided[2];      /* … and enemies across a mutually impassable barrier */
    wm_offtable off[WM_MAX_UNITS];
    wm_order_phase phase;        /* the side's Orders sub-phase (local unit indices) */
    uint32_t touch[WM_GAME_SIDE_UNITS]; /* local units touching at the start of the Orders sub-phase */
    uint32_t brigade[WM_GAME_SIDE_UNITS]; /* touching component (orderable units) of each */
    wm_side_stats stats[2];
} wm_game;

/* What happened to the table, for the invariant checker and tests. */
typedef enum wm_event_kind {
    WM_EV_MOVE,      /* a unit's stand-by-stand move (ordered, charge, evade) */
    WM_EV_CHARACTER, /* a character's move */
    WM_EV_FORCED,    /* a blundered retreat: the whole unit translated */
    WM_EV_RETURN,    /* a unit back on the table from off it */
    WM_EV_ENTER      /* a unit held back entering by an infiltration order */
} wm_event_kind;

typedef struct wm_move_event {
    wm_event_kind kind;
    int unit;                 /* bf index */
    wm_move_kind move_kind;
    double allowance_mm;      /* how far any point of a stand may go (WM_EV_RETURN, _ENTER: 0) */
    wm_unit before;        /* the unit before the event */
    const wm_move *move;   /* WM_EV_MOVE: the move made, else NULL */
} wm_move_event;

/* What a game reads its dice from and reports to. */
typedef struct wm_game_env {
    mu_dice *dice;
    FILE *trace; /* the play-by-play (every roll, order, move, fate), or NULL */
    void *user;
    /* Called after every order roll (NULL: none): the Command value and the
     * situational penalty (distance, enemy close, dense, casualties). */
    void (*on_order)(void *user, const wm_game *g, int side, int character, int command, int situational,
                     const mu_order_roll *roll);
    /* Called after every change of a unit's place (NULL: none). */
    void (*after_move)(void *user, const wm_game *g, const wm_move_event *ev);
} wm_game_env;

/* Why the rules refuse a choice. */
typedef enum wm_refusal {
    WM_ALLOWED,
    WM_REFUSE_PHASE,          /* not this sub-phase (initiative once orders have begun) */
    WM_REFUSE_ORDER_RULES,    /* the order-sequence rules say no (see the mu_order_refusal) */
    WM_REFUSE_NOT_CHARACTER,  /* not a character of the side on the table */
    WM_REFUSE_NOT_UNIT,       /* not a unit of the side on the table */
    WM_REFUSE_INITIATIVE_USED,/* "If a unit moves by initiative … it cannot be given orders" */
    WM_REFUSE_ENGAGED,        /* in combat: stays engaged (model boundary) */
    WM_REFUSE_CHARGED,        /* "Once it has charged, a unit cannot receive any further orders" */
    WM_REFUSE_CANNOT_MOVE,    /* back from off the table unable to move, or confused */
    WM_REFUSE_NOT_A_BRIGADE,  /* empty, over four, or not touching at the start of the Orders sub-phase */
    WM_REFUSE_NOT_CLOSEST,    /* not the closest visible enemy within 20 cm */
    WM_REFUSE_CANNOT_CHARGE,  /* artillery, or not seen from a front edge */
    WM_REFUSE_DONE,           /* initiative: this unit already acted or declined */
    WM_REFUSE_NOT_LIGHT_CAVALRY, /* an evade heading: only light cavalry under the optional rule */
    WM_REFUSE_LIST_RULE,      /* an army-list rule forbids it (ARMY_RULES.md) */
    WM_REFUSE_NOT_RESERVE,    /* an infiltration order to a unit not held back off the table */
    WM_REFUSE_ENTRY_POINT     /* an infiltration order to a place the unit may not enter at */
} wm_refusal;

/* Returns a short English name of r ("used initiative"). */
const char *wm_refusal_name(wm_refusal r);

/* ---- The player's side of the table -------------------------------------- */

typedef enum wm_init_action { WM_INIT_DECLINE, WM_INIT_CHARGE, WM_INIT_EVADE } wm_init_action;

/* A unit that may use initiative now, with the enemies it may react to. */
typedef struct wm_init_candidate {
    int unit;
    wm_closest closest; /* the closest visible enemies within 20 cm (ties: all) */
} wm_init_candidate;

typedef struct wm_init_candidates {
    int n;
    wm_init_candidate c[WM_GAME_SIDE_UNITS];
} wm_init_candidates;

typedef struct wm_init_choice {
    int unit;
    wm_init_action action;
    int target;      /* charge or evade: one of the unit's closest enemies */
    int evade_dir;   /* evade: which tied direction (wm_evade_directions) */
    mu_vec2 evade_heading; /* evade: light cavalry under the optional rule may give any
                              direction; (0, 0): directly away (everyone else) */
    int allow_burst; /* evade: the player will burst through friendly units */
} wm_init_choice;

/* One step of a player's orders: a character orders a unit or brigade up
 * to max_orders times, trying a roll only when its target is min_target or
 * more (below it the step ends: the player's choice, not a roll). */
typedef struct wm_order_step {
    int character;   /* bf index */
    uint64_t group;  /* bf units: one, or up to four touching */
    int max_orders;  /* 1..3 */
    int min_target;  /* 2..12 */
} wm_order_step;

typedef struct wm_order_plan {
    int n;
    wm_order_step step[WM_PLAN_MAX_STEPS];
} wm_order_plan;

/* What the player wants an ordered group to do. */
typedef struct wm_order_goal {
    int go;                        /* 0: no (further) order to this group */
    mu_vec2 point;                 /* the group's centre toward this point */
    wm_form form;               /* single units: the formation to move in */
    int charge[WM_BRIGADE_MAX]; /* per member (ascending bf index): the enemy to charge, or -1 */
    int avoid_contact;             /* stop short rather than end a move touching an enemy */
    int has_fallback;              /* if the group cannot move toward point at all: */
    mu_vec2 fallback;              /* toward this point instead (in its present formation) */
} wm_order_goal;

/* Returns a goal that asks for nothing: go 0, no charge targets (-1),
 * formation kept, no fallback; a player's order_goal fills it in. */
wm_order_goal wm_order_goal_none(void);

/* A player: callbacks the Command phase asks (see wm_command_phase). */
typedef struct wm_player {
    void *self;
    /* Standing choices for initiative ("A player can choose to ignore such
     * enemy units if he wishes"): enemy infantry or artillery in fortified
     * positions; enemies divided by a mutually impassable barrier. Copied
     * into the game at the start of each of the side's Command phases. */
    int ignore_fortified, ignore_divided;
    /* Initiative: picks the next unit from the candidates and what it does,
     * or returns 0 to end the sub-phase. A unit picked is not offered
     * again this phase, except after a charge that could not reach: it is
     * offered once more with no enemy it can charge (it may evade). */
    int (*initiative)(void *self, const wm_game *g, int side, const wm_init_candidates *c,
                      wm_init_choice *out);
    /* Orders: the steps the player will try, in sequence. */
    void (*plan_orders)(void *self, const wm_game *g, int side, wm_order_plan *plan);
    /* Before each order roll of a step: what the group (the step's units
     * still orderable) should do; out->go 0 ends the step. */
    void (*order_goal)(void *self, const wm_game *g, int side, const wm_order_step *step, uint64_t group,
                       int order_number, wm_order_goal *out);
    /* Characters: where character c should go; 0 to stay. */
    int (*character_goal)(void *self, const wm_game *g, int c, mu_vec2 *to);
    /* At the start of the side's Command phase, for each character with a
     * once-a-game Command bonus not yet used (rules.command_bonus_turn):
     * non-zero to use it this turn. NULL: never. */
    int (*use_command_bonus)(void *self, const wm_game *g, int c);
    /* Character c blundered an order and his list lets the player lower
     * the General's Command instead of removing c (wm_game_blunder_choice):
     * non-zero to remove c. NULL: lower the Command. */
    int (*remove_blunderer)(void *self, const wm_game *g, int c);
    /* After the Orders sub-phase, for each unit of side with a free move
     * (free_move_d6_cm) that may make it, with the distance rolled: where
     * it goes (wm_game_free_move); out->go 0: it stays. NULL: never. */
    void (*free_move_goal)(void *self, const wm_game *g, int side, int u, double rolled_mm, wm_order_goal *out);
} wm_player;

/* ---- A game ---------------------------------------------------------------- */

/* Starts a game in *g on a copy of bf (deployed; roster and names
 * parallel to bf->unit; sc, roster, names and rules are borrowed and
 * must outlive g). first: the side whose Command phase comes first, or
 * -1 to roll off in the first turn. */
void wm_game_init(wm_game *g, const wm_scenario *sc, const wm_battlefield *bf,
                     const wm_deployed *roster, const char *const *names, const wm_game_rules *rules,
                     int first);

/* Plays one game turn: rolls off for the first side if needed (a D6 each,
 * ties rolled again), then each side's Command phase, first side first,
 * stopping if the battle ends; after the last turn scores the game
 * (wm_game_finish). */
void wm_game_turn(wm_game *g, const wm_player players[2], const wm_game_env *env);

/* One side's Command phase: wm_command_begin; initiative (candidates,
 * the player's pick, the move: repeatedly); home back (nothing: see
 * CLAUSES.md); wm_orders_begin and the player's plan, step by step,
 * asking the goal before each roll; characters in listed order; then
 * wm_command_end. */
void wm_command_phase(wm_game *g, int side, const wm_player *p, const wm_game_env *env);

/* Starts side's Command phase: units off the table roll to return
 * ("At the start of its side's next turn, before initiative moves"); the
 * per-phase marks are cleared; the Initiative sub-phase begins. */
void wm_command_begin(wm_game *g, int side, const wm_game_env *env);

/* Ends side's Command phase: its confused units recover (with the
 * confusion_halts rule) and its stampeding units stop stampeding. */
void wm_command_end(wm_game *g, int side, const wm_game_env *env);

/* Fills *out with side's units that may use initiative now, skipping
 * those in exclude: on the table, not characters, not engaged, confused
 * or unable to move, with at least one closest visible enemy within the
 * range (judged now: "as each unit begins its move"; enemies the side's
 * player ignores, g->ignore_fortified and g->ignore_divided, left out).
 * Returns out->n. */
int wm_initiative_candidates(const wm_game *g, int side, uint64_t exclude, wm_init_candidates *out);

/* What wm_initiative_candidates_memo found for each unit, kept while the
 * table's units stand exactly as they did (a unit's closest visible
 * enemies depend on nothing else): the Initiative sub-phase asks again
 * after every unit, and most of them do not move. */
typedef struct wm_init_memo wm_init_memo;

/* Returns an empty memo (aborts when out of memory); free it with
 * wm_init_memo_free. */
wm_init_memo *wm_init_memo_new(void);

/* Frees memo (NULL is fine). */
void wm_init_memo_free(wm_init_memo *memo);

/* As wm_initiative_candidates, with memo (may be NULL) remembering each
 * unit's closest visible enemies for the next call: the same answer. */
int wm_initiative_candidates_memo(const wm_game *g, int side, uint64_t exclude, wm_init_memo *memo,
                                  wm_init_candidates *out);

/* Returns non-zero when the army lists allow group (a non-empty mask of
 * units of one side, at most WM_BRIGADE_MAX) as one brigade by its size:
 * the units it counts (all but up to brigade_uncounted of each entry with
 * that rule) are at most the army's brigade_max (four unless its list
 * says), and a brigade counting more than four holds large_needs_count
 * units of the entries large_needs and none of the troop types
 * large_excludes (ARMY_RULES.md, brigade_max_units). Whether the units
 * touch and may brigade together is wm_game_order_check's business. */
int wm_game_brigade_size_allowed(const wm_game *g, uint64_t group);

/* Returns whether the rules allow choice ch for side now. */
wm_refusal wm_initiative_check(const wm_game *g, int side, const wm_init_choice *ch);

/* For a unit whose list makes it charge on initiative (initiative:
 * must_charge, only enemies of its must_charge_races when it names
 * some): returns the enemy unit it must charge now, the first in table
 * order of its closest visible enemies that it may charge and whose race
 * makes it charge; -1 when it need not (no such enemy, another list rule,
 * or a charge of this turn that could not reach). Whether the charge
 * reaches is the move's business. */
int wm_initiative_forced_target(const wm_game *g, int u);

/* What an initiative move did. */
typedef struct wm_init_result {
    wm_refusal refusal;   /* WM_ALLOWED or why nothing happened */
    int moved;               /* the unit moved (it used its initiative) */
    int contact;             /* a charge that reached its target */
    wm_evade_fault evade; /* an evade's outcome */
    uint64_t burst;          /* units burst through */
} wm_init_result;

/* Carries out choice ch (checked here). A charge is the planner's contact
 * move (full pace); if it cannot reach its target the unit does not move
 * and has not used its initiative. An evade is wm_evade_plan; if the
 * rules allow none the unit does not move. Declining does nothing. */
wm_init_result wm_initiative_move(wm_game *g, int side, const wm_init_choice *ch,
                                        const wm_game_env *env);

/* Begins side's Orders sub-phase: no unit may use initiative any more;
 * the brigades are the orderable units touching now. */
void wm_orders_begin(wm_game *g, int side);

/* Returns whether character (bf index) may give an order to group now;
 * *why (if non-NULL) gets the order-sequence rule's refusal when the
 * result is WM_REFUSE_ORDER_RULES. */
wm_refusal wm_game_order_check(const wm_game *g, int side, int character, uint64_t group,
                                     mu_order_refusal *why);

/* Measures the Command penalties of character ordering group on the
 * table now into *p (order number 1: the situational part): shortest
 * distance to the group's most distant unit, closest enemy unit of any
 * member (seen or not), dense terrain and the worst casualties, each
 * once. Returns p->total. */
int wm_game_penalties(const wm_game *g, int character, uint64_t group, wm_penalties *p);

/* Character's Command for his order rolls now: his roster Command plus
 * his once-a-game bonus when it holds this turn, the command auras he
 * stands in, less the levels a General has lost to blunders
 * (blunder_demotions), one more with a friendly character's guidance (the
 * dice score one less), and one less for his first roll after a guided
 * roll failed this phase before he had rolled. */
int wm_game_command(const wm_game *g, int character);

/* The score character's next order roll to group needs now: Command minus
 * the situational penalties (wm_game_penalties, into *p) minus the order
 * number less one, with the list rule general_first_command applied (the
 * General's first order of the turn to such a unit alone: that Command,
 * no penalties, *p zeroed). The Command used goes to *command. */
int wm_game_order_target(const wm_game *g, int character, uint64_t group, int *command, wm_penalties *p);

/* The free move of unit u of side, whose list gives it one
 * (free_move_d6_cm: the Goblin Pump Wagon, which takes no orders): once
 * in each of side's Command phases, with no order, up to rolled_mm (the
 * caller rolls the list's N cm times a D6). With goal->go: it charges
 * goal->charge[0] when the contact move reaches that enemy within
 * rolled_mm (a charge, as an ordered one), else it moves toward
 * goal->point, stopping short of contact; nothing when it cannot. Returns
 * WM_ALLOWED when the move was taken (moved or not), else why not
 * (WM_REFUSE_NOT_UNIT, _LIST_RULE: no such rule, _ENGAGED, _CANNOT_MOVE:
 * moved so already this phase, or may not move this turn). */
wm_refusal wm_game_free_move(wm_game *g, int side, int u, double rolled_mm, const wm_order_goal *goal,
                             const wm_game_env *env);

/* Non-zero when character's blunder leaves his player a choice under his
 * General's list rule blunder_demotions: lower the General's Command by a
 * level, or remove character (a subordinate, while the General has levels
 * left to lose). */
int wm_game_blunder_choice(const wm_game *g, int side, int character);

/* After character's blundered order roll, applies his General's list rule
 * blunder_demotions (nothing without it): the General's own blunder
 * lowers his Command a level while he has levels left; a subordinate's
 * lowers it, or removes the subordinate from the battle when remove is
 * set (the player's choice) or no level is left. */
void wm_game_blunder_cost(wm_game *g, int side, int character, int remove, const wm_game_env *env);

/* What an order did. */
typedef struct wm_order_result {
    wm_refusal refusal;   /* WM_ALLOWED: rolled; else nothing happened */
    mu_order_refusal why;    /* with WM_REFUSE_ORDER_RULES */
    mu_order_roll roll;
    int situational;         /* penalty without the order number */
    uint64_t moved;          /* units that moved */
    uint64_t charged;        /* units whose move ended in contact (a charge) */
    uint64_t left_table;     /* units that left the table */
    int brigade_kept;        /* 0: the brigade stood, as no move tried kept it touching */
} wm_order_result;

/* Gives the order (checked here) and moves the group: full pace on
 * success; half pace on a failed first order (no charge); nothing on a
 * later failure; a blunder with the blunder_retreat rule retreats instead.
 * Members with a charge target charge it (the planner's contact move);
 * the rest move as one body toward goal->point and must still touch
 * (else the move is cut back, at worst to standing still); if they cannot
 * move that way at all and the goal has a fallback, toward the fallback. */
wm_order_result wm_game_order(wm_game *g, int side, int character, uint64_t group,
                                    const wm_order_goal *goal, const wm_game_env *env);

/* ---- Infiltration: units held back off the table ----------------------------
 * A unit whose list lets it infiltrate (ARMY_RULES.md, `infiltrate`) may
 * start off the table (wm_deploy holds it back) and enter by an order of
 * any character to a point: in dense terrain or at a table edge other
 * than the enemy's. Distance and enemy-proximity penalties apply, measured
 * to the unit placed at the point; the dense-terrain penalty and the
 * characters' order ranges do not. On success the unit is placed there,
 * the order is its first this turn and the same character may order it
 * on; on a failure (half pace or not) it stays off and may try again in a
 * later turn. Units whose lists set infiltrate_group_max (the Beastmen's
 * ambush) may enter together, a group of held-back units by one brigade
 * order, placed side by side. */

/* Returns non-zero when group (a mask of units) may enter by one order as
 * far as the lists go: every unit held back (g->reserve), all of one
 * side, one unit or at most WM_BRIGADE_MAX whose lists all allow groups
 * that large (infiltrate_group_max) and allow them as one brigade (its
 * size, brigade: never, brigade_with, ...), and for each unit with
 * infiltrate_group_at_most no more units of its entry than of the
 * entries it names. */
int wm_game_entry_group_allowed(const wm_game *g, uint64_t group);

/* How wide (across the front) and deep group stands entering side by
 * side (wm_game_entry_place), each unit in a column when column, else in
 * a line, into *wide and *deep (mm). */
void wm_game_entry_extent(const wm_game *g, uint64_t group, int column, double *wide, double *deep);

/* Builds group (wm_game_entry_group_allowed) as it would stand entering at
 * goal into placed[0..n), n units in ascending index: side by side from
 * left to right, their front edges on one line, the whole centred on
 * goal->point (one unit: its centre on the point); each unit in a column
 * with goal->form WM_FORM_COLUMN, else in a line; facing away from its
 * side's table edge. Returns WM_ALLOWED when they may enter there: every
 * stand on the table, in no terrain its unit cannot enter, overlapping no
 * stand of a unit on the table (its own side's characters are tokens)
 * and touching no enemy unit's stand; and either every stand wholly
 * inside one and the same dense feature, or a stand touching a table edge
 * other than the enemy's. Else WM_REFUSE_NOT_RESERVE (a unit not held
 * back), WM_REFUSE_LIST_RULE (a group the lists do not allow) or
 * WM_REFUSE_ENTRY_POINT. */
wm_refusal wm_game_entry_place(const wm_game *g, uint64_t group, const wm_order_goal *goal, wm_unit *placed);

/* Returns whether character may give group (held back) an infiltration
 * order now: wm_game_entry_group_allowed (else WM_REFUSE_NOT_RESERVE or
 * WM_REFUSE_LIST_RULE, as wm_game_entry_place), the order-sequence
 * rules, the character's and the lists' rules but no order range; *why
 * as for wm_game_order_check. The place is wm_game_entry_place's
 * business. */
wm_refusal wm_game_entry_check(const wm_game *g, int side, int character, uint64_t group, mu_order_refusal *why);

/* The score character's infiltration order to group (held back) entering
 * as placed (wm_game_entry_place) needs: Command (with a bonus that
 * holds) minus the distance to the farthest placed unit, an enemy within
 * 20 cm of one and the list modifiers, into *command and *p. */
int wm_game_entry_target(const wm_game *g, int character, uint64_t group, const wm_unit *placed, int *command,
                         wm_penalties *p);

/* The most any infiltration order of character to group can need now:
 * his Command (with a bonus or aura that holds) plus the list modifier,
 * as if every penalty were 0 (wm_game_entry_target is never more). */
int wm_game_entry_target_max(const wm_game *g, int character, uint64_t group);

/* Gives an infiltration order (checked here: wm_game_entry_check, then
 * wm_game_entry_place) and on success puts the group on the table where
 * goal places it (a WM_EV_ENTER event per unit; stats entered per
 * unit). */
wm_order_result wm_game_enter(wm_game *g, int side, int character, uint64_t group, const wm_order_goal *goal,
                              const wm_game_env *env);

/* Moves character c (once per Command phase, in its side's Characters
 * sub-phase) straight toward to, halting where the rules stop it
 * (wm_character_clamp_move; then backed off along the line until its
 * stand overlaps no enemy stand by mu_orect_overlap, a few 1e-6 mm at
 * most). Returns why it halted (WM_CHAR_OK: it got there), or
 * WM_CHAR_NOT_CHARACTER (nothing moves) when c is not a character on
 * the table, it is not its side's Characters sub-phase, or c has moved. */
wm_char_move wm_game_character_move(wm_game *g, int c, mu_vec2 to, const wm_game_env *env);

/* Scores the game at its end into g (zones held, first charge, units at
 * the enemy's edge; winner by the scenario's margin, or the side whose
 * General left loses). Called by wm_game_turn; idempotent. */
void wm_game_finish(wm_game *g);

/* Returns the centre of unit u (the mean of its stand centres). */
mu_vec2 wm_unit_centre(const wm_unit *u);

/* Returns non-zero when unit u may be ordered or use initiative this
 * Command phase as far as its state goes: a unit (not a character) on the
 * table, not engaged, not charged this phase, not confused (with the
 * confusion_halts rule), not stampeding and not barred from moving this
 * turn. Whose turn it is and initiative already used are the callers'
 * business. */
int wm_game_unit_free(const wm_game *g, int u);

/* The invariant checker: returns 0 when the table after ev is sound, else
 * non-zero with a one-line reason in why: two stands of different units
 * (or of one unit) overlapping, except characters over their own side's
 * units and characters; a stand in terrain its unit cannot enter; a unit
 * off the table marked on it; a moved stand (or character) that went
 * farther than the rules allow, worked out afresh from ev->before
 * (wm_move_allowance_mm for ev->move_kind; a character's reach; a
 * forced retreat's full pace), not taken from ev->allowance_mm. */
int wm_game_check(const wm_game *g, const wm_move_event *ev, char *why, size_t why_len);

#endif

/* What an experiment of `ruleset: cca` holds once loaded (config/): the
 * scenario (battlefield, terrain, deployment, hands, turns, battle notes),
 * the deck, and the arms (policy pairings). */
#ifndef MUSTER_CCA_STUDY_H
#define MUSTER_CCA_STUDY_H

#include "cca/cca_cards.h"
#include "cca/cca_field.h"
#include "cca/policy/cca_policy.h"
#include "muster/experiment.h"

#define CCA_MAX_TURNS 60

typedef struct cca_arm {
    char label[MU_NAME_MAX];
    cca_policy_spec side[2];
} cca_arm;

typedef struct cca_study {
    cca_board board;
    cca_field start; /* the deployment */
    char side_names[2][MU_NAME_MAX];
    char unit_names[CCA_MAX_UNITS][MU_NAME_MAX];
    char leader_names[CCA_MAX_LEADERS][MU_NAME_MAX];
    int hand[2];
    int first; /* the side that plays first */
    int turns; /* game turns: each side plays one card a turn */
    cca_deck deck;
    int n_arms;
    cca_arm arms[MU_MAX_ARMS];
} cca_study;

#endif

/* The list of rule systems. Adding one is one line here. */
#include "battlesystem/bs_ruleset.h"
#include "cca/cca_ruleset.h"
#include "muster/ruleset.h"
#include "ninth_age/na_ruleset.h"
#include "warmaster/wm_battle.h"
#include "warmaster/wm_drill.h"

#include <stdarg.h>
#include <string.h>

static const mu_ruleset *const registry[] = {
    &wm_order_drill,
    &bs_ruleset,
    &wm_battle_ruleset,
    &na_ruleset,
    &cca_ruleset,
};

const mu_ruleset *mu_ruleset_at(int i)
{
    if (i < 0 || (size_t)i >= sizeof registry / sizeof registry[0])
        return NULL;
    return registry[i];
}

const mu_ruleset *mu_ruleset_find(const char *name)
{
    for (int i = 0; mu_ruleset_at(i); i++)
        if (strcmp(mu_ruleset_at(i)->name, name) == 0)
            return mu_ruleset_at(i);
    return NULL;
}

void mu_trace_line(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    fputc('\n', f);
}

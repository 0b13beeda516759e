/* Allocation that cannot fail: on exhaustion muster prints "muster: out of
 * memory" and aborts (there is nothing sensible to save at that point:
 * batch output is already checkpointed). Zero sizes allocate one byte, so a
 * NULL return never means "empty". */
#ifndef MUSTER_ALLOC_H
#define MUSTER_ALLOC_H

#include <stddef.h>

/* Prints "muster: out of memory" to stderr and aborts. */
_Noreturn void mu_out_of_memory(void);

/* malloc(n), never NULL. */
void *mu_xmalloc(size_t n);

/* calloc(n, size), never NULL. */
void *mu_xcalloc(size_t n, size_t size);

/* realloc(p, n), never NULL. */
void *mu_xrealloc(void *p, size_t n);

/* strdup(s), never NULL. */
char *mu_xstrdup(const char *s);

/* Memory kept for reuse, grown as needed: fresh memory costs a page fault
 * per 4 KiB as it is first written (on some machines 10 us or more), so
 * buffers filled again and again (a batch's messages) are kept.
 * Zero-initialised to start; mu_kept_free frees it. */
typedef struct mu_kept {
    unsigned char *bytes;
    size_t len;
} mu_kept;

/* Returns k's memory, at least n bytes (its old bytes not kept when it
 * grows). */
unsigned char *mu_kept_for(mu_kept *k, size_t n);
/* Frees k's memory and leaves it empty. */
void mu_kept_free(mu_kept *k);

#endif

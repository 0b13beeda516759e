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

#endif

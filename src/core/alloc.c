/* Allocation that cannot fail. See muster/alloc.h. */
#include "muster/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mu_out_of_memory(void)
{
    fputs("muster: out of memory\n", stderr);
    abort();
}

void *mu_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        mu_out_of_memory();
    return p;
}

void *mu_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        mu_out_of_memory();
    return p;
}

void *mu_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        mu_out_of_memory();
    return q;
}

char *mu_xstrdup(const char *s)
{
    char *p = strdup(s);
    if (!p)
        mu_out_of_memory();
    return p;
}

unsigned char *mu_kept_for(mu_kept *k, size_t n)
{
    if (n > k->len) {
        free(k->bytes);
        k->bytes = mu_xmalloc(n);
        k->len = n;
    }
    return k->bytes;
}

void mu_kept_free(mu_kept *k)
{
    free(k->bytes);
    *k = (mu_kept){0};
}

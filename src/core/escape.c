/* Escaping names for one-line messages (muster/escape.h). */
#include "muster/escape.h"

#include <string.h>

/* Writes the escape of control byte or backslash c into e; returns its length. */
static size_t escape_of(unsigned char c, char e[4])
{
    static const char hex[] = "0123456789abcdef";
    e[0] = '\\';
    switch (c) {
    case '\\': e[1] = '\\'; return 2;
    case '\n': e[1] = 'n'; return 2;
    case '\t': e[1] = 't'; return 2;
    case '\r': e[1] = 'r'; return 2;
    default:
        e[1] = 'x', e[2] = hex[c >> 4], e[3] = hex[c & 0xf];
        return 4;
    }
}

char *mu_escape_name(char *out, size_t out_len, const char *name)
{
    if (out_len == 0)
        return out;
    const unsigned char *s = (const unsigned char *)name;
    size_t used = 0;
    while (*s) {
        char e[4];
        const char *piece = (const char *)s;
        size_t n = 1, take = 1; /* bytes written, bytes of name consumed */
        if (*s < 0x20 || *s == 0x7f || *s == '\\') {
            n = escape_of(*s, e);
            piece = e;
        } else if (*s >= 0xc0) { /* a UTF-8 lead byte: its continuation bytes go with it */
            while (n < 4 && (s[n] & 0xc0) == 0x80)
                n++;
            take = n;
        }
        if (n >= out_len - used)
            break;
        memcpy(out + used, piece, n);
        used += n;
        s += take;
    }
    out[used] = '\0';
    return out;
}

/* The YAML pre-pass of muster's input files (private to src/io).
 *
 * libcyaml loads a file into C structs but says little about where a
 * problem is. So before it runs, this pre-pass parses the file with libyaml,
 * rejects what muster's formats do not allow (anchors, aliases, tags,
 * several documents, text that is not UTF-8) and checks the document tree
 * against a schema table: key names, kinds, required keys, duplicates,
 * number syntax, ranges, enum values, string lengths, sequence lengths. The
 * first problem becomes one line "FILE:LINE:COL: error: MESSAGE (path)".
 *
 * The same schema table generates the libcyaml schema (yp_cyaml_build), so
 * a format is described once: a table of yp_field per mapping, each naming
 * a member of a "raw" struct that libcyaml fills. Every member is a pointer
 * (NULL when the key is absent); a sequence member `T *x` has a count
 * member `unsigned x_count` beside it. */
#ifndef MUSTER_IO_YAML_PREPASS_H
#define MUSTER_IO_YAML_PREPASS_H

#include <cyaml/cyaml.h>
#include <yaml.h>

#include <stddef.h>
#include <stdint.h>

/* The kinds of value a schema table describes. */
typedef enum yp_kind {
    YP_INT,      /* signed integer (decimal, no leading zeros) in [int_min, int_max] */
    YP_UINT,     /* unsigned integer in [uint_min, uint_max] */
    YP_FLOAT,    /* finite decimal number in (or [) float_min, float_max] */
    YP_BOOL,     /* true or false */
    YP_STRING,   /* string of len_min..len_max bytes, no control characters */
    YP_ENUM,     /* one of names[] (stored as its value, an int) */
    YP_MAPPING,  /* fields[] */
    YP_SEQUENCE  /* count_min..count_max entries, each an `entry` */
} yp_kind;

typedef struct yp_field yp_field;

/* What one value may be. Only the members of its kind matter. */
typedef struct yp_value {
    yp_kind kind;
    unsigned size;               /* bytes of one C value (for a sequence: of one entry) */
    long long int_min, int_max;  /* YP_INT */
    uint64_t uint_min, uint_max; /* YP_UINT */
    double float_min, float_max; /* YP_FLOAT */
    int float_min_open;          /* YP_FLOAT: float_min itself is not allowed */
    unsigned len_min, len_max;   /* YP_STRING */
    const char *noun;            /* YP_ENUM: "policy" in "unknown policy 'x'" */
    const cyaml_strval_t *names; /* YP_ENUM */
    unsigned n_names;
    const yp_field *fields;      /* YP_MAPPING */
    unsigned n_fields;
    const struct yp_value *entry; /* YP_SEQUENCE */
    unsigned count_min, count_max;
} yp_value;

/* One key of a mapping and the raw-struct member that receives it. */
struct yp_field {
    const char *key;
    int required;
    unsigned offset;       /* of the (pointer) member in the raw struct */
    unsigned count_offset; /* YP_SEQUENCE: of its `unsigned` count member */
    yp_value value;
};

#define YP_COUNT(a) ((unsigned)(sizeof(a) / sizeof((a)[0])))
#define YP_POINTEE_SIZE(type, member) ((unsigned)sizeof(*((type *)0)->member))

/* Value descriptions for YP_FIELD's last argument. */
#define YP_INT_IN(lo, hi) .kind = YP_INT, .int_min = (lo), .int_max = (hi)
#define YP_UINT_IN(lo, hi) .kind = YP_UINT, .uint_min = (lo), .uint_max = (hi)
#define YP_FLOAT_IN(lo, hi) .kind = YP_FLOAT, .float_min = (lo), .float_max = (hi)
#define YP_FLOAT_ABOVE(lo, hi) YP_FLOAT_IN(lo, hi), .float_min_open = 1
#define YP_BOOLEAN .kind = YP_BOOL
#define YP_STRING_OF(lo, hi) .kind = YP_STRING, .len_min = (lo), .len_max = (hi)
#define YP_ENUM_OF(noun_, names_) \
    .kind = YP_ENUM, .noun = (noun_), .names = (names_), .n_names = YP_COUNT(names_)
#define YP_MAPPING_OF(fields_) .kind = YP_MAPPING, .fields = (fields_), .n_fields = YP_COUNT(fields_)

/* A scalar or mapping key stored in member `member` (a pointer) of `type`. */
#define YP_FIELD(type, key_, required_, member, ...)                                     \
    {.key = (key_), .required = (required_), .offset = (unsigned)offsetof(type, member), \
     .value = {.size = YP_POINTEE_SIZE(type, member), __VA_ARGS__}}

/* A sequence key: member `T *member` with `unsigned member_count` beside it. */
#define YP_SEQUENCE_FIELD(type, key_, required_, member, entry_, min_, max_)            \
    {.key = (key_), .required = (required_), .offset = (unsigned)offsetof(type, member), \
     .count_offset = (unsigned)offsetof(type, member##_count),                          \
     .value = {.kind = YP_SEQUENCE, .size = YP_POINTEE_SIZE(type, member),              \
               .entry = &(entry_), .count_min = (min_), .count_max = (max_)}}

/* A parsed file: its name (for messages) and its libyaml document tree. */
typedef struct yp_doc {
    const char *file;
    yaml_document_t doc;
    int loaded; /* doc holds a document to delete */
} yp_doc;

/* Parses text (len bytes, the contents of file) into *d. Rejects syntax
 * errors, text that is not UTF-8, anchors, aliases, tags, more than one
 * document and an empty document. Returns 0, or -1 with one error line in
 * err. Either way the caller calls yp_doc_free(d). text must outlive d. */
int yp_doc_load(yp_doc *d, const char *file, const unsigned char *text, size_t len,
                char *err, size_t err_len);

/* Releases what yp_doc_load allocated. Safe on a zeroed or failed d. */
void yp_doc_free(yp_doc *d);

/* Checks the whole document of d against schema (a YP_MAPPING). Returns 0,
 * or -1 with the first problem, in document order, as one line in err. */
int yp_check(const yp_doc *d, const yp_value *schema, char *err, size_t err_len);

/* Checks the node at path (e.g. "schema") against v alone. Returns 0 (also
 * when there is no such node), or -1 with one error line in err. */
int yp_check_node(const yp_doc *d, const char *path, const yp_value *v, char *err, size_t err_len);

/* Returns the node at path ("study.units[2].name"; "" is the root), or
 * NULL when there is none. The node belongs to d. */
const yaml_node_t *yp_node(const yp_doc *d, const char *path);

/* Returns the field of mapping schema m named key, or NULL. */
const yp_field *yp_field_named(const yp_value *m, const char *key);

/* Writes "FILE:LINE:COL: error: MESSAGE (path)" into err, at the node at
 * path or, when that is absent, at the nearest node above it. An empty
 * path prints no parenthesis. */
void yp_error(const yp_doc *d, const char *path, char *err, size_t err_len, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Room for a libcyaml schema generated from a schema table. */
#define YP_CYAML_MAX_FIELDS 128
#define YP_CYAML_MAX_ENTRIES 64
typedef struct yp_cyaml_schema {
    cyaml_schema_value_t root;
    cyaml_schema_field_t fields[YP_CYAML_MAX_FIELDS];
    cyaml_schema_value_t entries[YP_CYAML_MAX_ENTRIES];
    unsigned n_fields, n_entries;
} yp_cyaml_schema;

/* Builds in *s the libcyaml schema of the table schema (a YP_MAPPING: the
 * top-level raw struct, loaded through a pointer) and returns &s->root.
 * Aborts if the table outgrows the room in *s (a programming error). */
const cyaml_schema_value_t *yp_cyaml_build(yp_cyaml_schema *s, const yp_value *schema);

#endif

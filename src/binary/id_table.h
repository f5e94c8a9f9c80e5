/* What the reader remembers about each id, in a table whose size follows the input, not the
   header's bound: dense when the bound is plausible for the module's size, hashed otherwise. */
#ifndef SPVK_ID_TABLE_H
#define SPVK_ID_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "spvkit/common.h"

/* ext_set values beside a set index + 1. */
#define SPVK_ID_EXT_NONE 0
#define SPVK_ID_EXT_UNKNOWN 0xfe             /* an import the grammar does not describe */
#define SPVK_ID_EXT_UNKNOWN_NONSEMANTIC 0xff /* ...whose name starts with "NonSemantic." */

typedef struct spvk_id_info {
    uint32_t type_id;      /* result type of a value */
    uint16_t number_width; /* OpTypeInt/OpTypeFloat: width in bits */
    uint8_t number_kind;   /* spvk_number_kind of a scalar numeric type */
    uint8_t ext_set;       /* OpExtInstImport: set index + 1, or one of SPVK_ID_EXT_* */
} spvk_id_info;

typedef struct spvk_id_table {
    spvk_id_info *dense; /* indexed by id when the bound is plausible */
    uint32_t dense_count;
    uint32_t *keys;      /* open addressing otherwise; key 0 marks an empty slot */
    spvk_id_info *values;
    uint32_t capacity;
    uint32_t count;
    const spvk_allocator *allocator;
} spvk_id_table;

/* Whether a table indexed by id is affordable for this bound: every id is defined by an
   instruction of at least two words, so a bound beyond the word count (plus slack for small
   modules) cannot be dense, and a hostile one must not be allocated. */
static inline bool spvk_id_bound_is_dense(uint32_t bound, size_t module_words)
{
    return (size_t)bound <= module_words + 64;
}

bool spvk_id_table_init(spvk_id_table *t, uint32_t bound, size_t module_words, const spvk_allocator *a);
void spvk_id_table_free(spvk_id_table *t);
/* Makes dst (uninitialized) a copy of src; false when out of memory. */
bool spvk_id_table_copy(spvk_id_table *dst, const spvk_id_table *src);
spvk_id_info *spvk_id_table_at_hashed(spvk_id_table *t, uint32_t id);

/* Returns the entry for id, creating a zeroed one; NULL when out of memory. id must be nonzero.
   Inline for the dense case, which is every call on a normal module. */
static inline spvk_id_info *spvk_id_table_at(spvk_id_table *t, uint32_t id)
{
    if (t->dense)
        return id < t->dense_count ? &t->dense[id] : NULL;
    return spvk_id_table_at_hashed(t, id);
}
/* Returns the entry for id or NULL when none was created. */
const spvk_id_info *spvk_id_table_find(const spvk_id_table *t, uint32_t id);

#endif

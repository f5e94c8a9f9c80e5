/* The dictionaries a builder makes over and over: see dict_memo.h. */
#include <string.h>

#include "dict_memo.h"
#include "../support/support.h"

const spvk_ir_attr *ir_dict_memo_get(spvk_ir_context *ctx, ir_dict_memo *memo, const char *const *names,
                                     const spvk_ir_attr *const *values, uint32_t count, bool names_interned)
{
    ir_dict_memo_entry *m = NULL;
    if (count && count <= IR_DICT_MEMO_MAX) {
        uint32_t h = count;
        for (uint32_t i = 0; i < count; i++)
            h = spvk_hash_u32(h ^ (uint32_t)((uintptr_t)names[i] >> 3) ^
                              (uint32_t)((uintptr_t)values[i] >> 3) * 0x9e3779b9u);
        m = &memo->entries[h & (IR_DICT_MEMO_ENTRIES - 1)];
        if (m->dict && m->count == count && memcmp(m->names, names, count * sizeof *names) == 0 &&
            memcmp(m->values, values, count * sizeof *values) == 0)
            return m->dict;
    }
    const spvk_ir_attr *dict = names_interned ? spvk_ir_dictionary_attr_interned(ctx, names, values, count)
                                              : spvk_ir_dictionary_attr(ctx, names, values, count);
    if (m && dict) {
        m->dict = dict;
        m->count = count;
        memcpy(m->names, names, count * sizeof *names);
        memcpy(m->values, values, count * sizeof *values);
    }
    return dict;
}

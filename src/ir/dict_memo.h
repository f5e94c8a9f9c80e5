/* The dictionaries a builder makes over and over (dict_memo.c): each kind of op carries the same
   few attributes (`{storage_class = Function}`, a memory access), and sorting and uniquing them
   again costs far more than comparing pointers. The parser and the SPIR-V deserializer keep one
   per thread; its dictionaries are the context's, uniqued as ever. */
#ifndef SPVK_IR_DICT_MEMO_H
#define SPVK_IR_DICT_MEMO_H

#include <stdbool.h>
#include <stdint.h>

#include "spvkit/ir.h"

#define IR_DICT_MEMO_ENTRIES 64 /* direct-mapped by the names' and values' pointers */
#define IR_DICT_MEMO_MAX 4      /* dictionaries with more attributes are not kept */

typedef struct ir_dict_memo_entry {
    const spvk_ir_attr *dict;
    uint32_t count;
    const char *names[IR_DICT_MEMO_MAX];
    const spvk_ir_attr *values[IR_DICT_MEMO_MAX];
} ir_dict_memo_entry;

/* One thread's, for one context; zeroed before its first use. */
typedef struct ir_dict_memo {
    ir_dict_memo_entry entries[IR_DICT_MEMO_ENTRIES];
} ir_dict_memo;

/* spvk_ir_dictionary_attr (or _interned, when names are interned) of the count names and values,
   found in memo when it made the same before. A name is known by its pointer: every name must be
   interned or a string that outlives the memo and never changes. NULL when out of memory. */
const spvk_ir_attr *ir_dict_memo_get(spvk_ir_context *ctx, ir_dict_memo *memo, const char *const *names,
                                     const spvk_ir_attr *const *values, uint32_t count, bool names_interned);

#endif

/* Id table: dense array for normal modules, a hash map when the bound is out of proportion to
   the module (a hostile bound of 0xFFFFFFFF in a 40-byte file must not allocate gigabytes). */
#include <string.h>

#include "id_table.h"
#include "../support/support.h"

bool spvk_id_table_init(spvk_id_table *t, uint32_t bound, size_t module_words, const spvk_allocator *a)
{
    memset(t, 0, sizeof *t);
    t->allocator = a;
    if (spvk_id_bound_is_dense(bound, module_words)) {
        t->dense_count = bound;
        t->dense = spvk_alloc(a, (size_t)bound * sizeof *t->dense);
        if (!t->dense)
            return false;
        memset(t->dense, 0, (size_t)bound * sizeof *t->dense);
    }
    return true;
}

void spvk_id_table_free(spvk_id_table *t)
{
    spvk_free(t->allocator, t->dense, (size_t)t->dense_count * sizeof *t->dense);
    spvk_free(t->allocator, t->keys, (size_t)t->capacity * sizeof *t->keys);
    spvk_free(t->allocator, t->values, (size_t)t->capacity * sizeof *t->values);
    memset(t, 0, sizeof *t);
}

bool spvk_id_table_copy(spvk_id_table *dst, const spvk_id_table *src)
{
    *dst = *src;
    dst->dense = NULL;
    dst->keys = NULL;
    dst->values = NULL;
    const spvk_allocator *a = src->allocator;
    if (src->dense && !(dst->dense = spvk_alloc(a, (size_t)src->dense_count * sizeof *dst->dense)))
        goto fail;
    if (src->capacity && (!(dst->keys = spvk_alloc(a, (size_t)src->capacity * sizeof *dst->keys)) ||
                          !(dst->values = spvk_alloc(a, (size_t)src->capacity * sizeof *dst->values))))
        goto fail;
    if (src->dense)
        memcpy(dst->dense, src->dense, (size_t)src->dense_count * sizeof *dst->dense);
    if (src->capacity) {
        memcpy(dst->keys, src->keys, (size_t)src->capacity * sizeof *dst->keys);
        memcpy(dst->values, src->values, (size_t)src->capacity * sizeof *dst->values);
    }
    return true;
fail:
    spvk_id_table_free(dst);
    return false;
}

static bool grow(spvk_id_table *t)
{
    uint32_t cap = t->capacity ? t->capacity * 2 : 64;
    uint32_t *keys = spvk_alloc(t->allocator, (size_t)cap * sizeof *keys);
    spvk_id_info *values = spvk_alloc(t->allocator, (size_t)cap * sizeof *values);
    if (!keys || !values) {
        spvk_free(t->allocator, keys, (size_t)cap * sizeof *keys);
        spvk_free(t->allocator, values, (size_t)cap * sizeof *values);
        return false;
    }
    memset(keys, 0, (size_t)cap * sizeof *keys);
    for (uint32_t i = 0; i < t->capacity; i++) {
        if (!t->keys[i])
            continue;
        uint32_t j = spvk_hash_u32(t->keys[i]) & (cap - 1);
        while (keys[j])
            j = (j + 1) & (cap - 1);
        keys[j] = t->keys[i];
        values[j] = t->values[i];
    }
    spvk_free(t->allocator, t->keys, (size_t)t->capacity * sizeof *t->keys);
    spvk_free(t->allocator, t->values, (size_t)t->capacity * sizeof *t->values);
    t->keys = keys;
    t->values = values;
    t->capacity = cap;
    return true;
}

spvk_id_info *spvk_id_table_at_hashed(spvk_id_table *t, uint32_t id)
{
    if ((t->count + 1) * 2 > t->capacity && !grow(t))
        return NULL;
    uint32_t j = spvk_hash_u32(id) & (t->capacity - 1);
    while (t->keys[j] && t->keys[j] != id)
        j = (j + 1) & (t->capacity - 1);
    if (!t->keys[j]) {
        t->keys[j] = id;
        memset(&t->values[j], 0, sizeof t->values[j]);
        t->count++;
    }
    return &t->values[j];
}

const spvk_id_info *spvk_id_table_find(const spvk_id_table *t, uint32_t id)
{
    if (t->dense)
        return id < t->dense_count ? &t->dense[id] : NULL;
    if (!t->capacity)
        return NULL;
    uint32_t j = spvk_hash_u32(id) & (t->capacity - 1);
    while (t->keys[j]) {
        if (t->keys[j] == id)
            return &t->values[j];
        j = (j + 1) & (t->capacity - 1);
    }
    return NULL;
}

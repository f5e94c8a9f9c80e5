/* The source map: from an instruction's word offset back to its place in the assembly text. */
#include <string.h>

#include "spvkit/binary.h"
#include "../support/support.h"

void spvk_source_map_free(spvk_source_map *map)
{
    if (!map)
        return;
    spvk_free(map->allocator, map->locations, map->capacity * sizeof *map->locations);
    map->locations = NULL;
    map->count = map->capacity = 0;
    spvk_free(map->allocator, map->names, map->names_capacity * sizeof *map->names);
    map->names = NULL;
    map->num_names = map->names_capacity = 0;
}

const char *spvk_source_map_id_name(const spvk_source_map *map, uint32_t id, size_t *length)
{
    if (!map || !map->num_names)
        return NULL;
    size_t lo = 0, hi = map->num_names;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (map->names[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == map->num_names || map->names[lo].id != id)
        return NULL;
    const spvk_source_name *n = &map->names[lo];
    if (!n->length || n->text_offset > map->length || n->length > map->length - n->text_offset)
        return NULL;
    *length = n->length;
    return map->text + n->text_offset;
}

bool spvk_source_map_locate(const spvk_source_map *map, size_t word_offset, spvk_source_cursor *cursor,
                            uint32_t *line, uint32_t *column, const char **line_text, size_t *line_length)
{
    if (!map || !map->count || !cursor)
        return false;
    size_t lo = 0, hi = map->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (map->locations[mid].word_offset < word_offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == map->count || map->locations[lo].word_offset != word_offset)
        return false;
    size_t target = map->locations[lo].text_offset;
    if (target > map->length)
        return false;
    /* Count lines from the cursor, or from the start when asked about an earlier place. */
    if (cursor->line == 0 || cursor->text_offset > target) {
        cursor->text_offset = 0;
        cursor->line = 1;
    }
    const char *t = map->text;
    for (size_t i = cursor->text_offset; i < target; i++)
        cursor->line += t[i] == '\n';
    cursor->text_offset = target;
    size_t start = target;
    while (start > 0 && t[start - 1] != '\n')
        start--;
    size_t end = target;
    while (end < map->length && t[end] != '\n')
        end++;
    if (end > start && t[end - 1] == '\r')
        end--;
    *line = cursor->line;
    *column = (uint32_t)(target - start + 1);
    *line_text = t + start;
    *line_length = end - start;
    return true;
}

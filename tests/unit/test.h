/* A tiny test harness: CHECK records a failure with its location and goes on; each test file's
   main ends with TEST_SUMMARY(), which prints "N passed, N failed" and sets the exit status. */
#ifndef SPVK_TEST_H
#define SPVK_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int test_passed, test_failed;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (cond) {                                                                  \
            test_passed++;                                                           \
        } else {                                                                     \
            test_failed++;                                                           \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                            \
    } while (0)

#define CHECK_STR_CONTAINS(haystack, needle)                                                               \
    do {                                                                                                   \
        const char *h_ = (haystack);                                                                       \
        if (h_ && strstr(h_, (needle))) {                                                                  \
            test_passed++;                                                                                 \
        } else {                                                                                           \
            test_failed++;                                                                                 \
            fprintf(stderr, "%s:%d: expected \"%s\" in \"%s\"\n", __FILE__, __LINE__, (needle), h_ ? h_ : "(null)"); \
        }                                                                                                  \
    } while (0)

#define TEST_SUMMARY()                                                   \
    do {                                                                 \
        printf("%d passed, %d failed\n", test_passed, test_failed);      \
        return test_failed ? 1 : 0;                                      \
    } while (0)

/* An allocator that counts live bytes, records the most live at once, and can fail the Nth
   allocation (fail_at < 0: never). */
typedef struct test_allocator_state {
    long allocations;
    long fail_at;
    long long live_bytes;
    long long peak_bytes;
} test_allocator_state;

static inline void *test_realloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    test_allocator_state *s = user;
    if (new_size == 0) {
        s->live_bytes -= (long long)old_size;
        free(ptr);
        return NULL;
    }
    if (s->fail_at >= 0 && s->allocations++ == s->fail_at)
        return NULL;
    void *p = realloc(ptr, new_size);
    if (p) {
        s->live_bytes += (long long)new_size - (long long)(ptr ? old_size : 0);
        if (s->live_bytes > s->peak_bytes)
            s->peak_bytes = s->live_bytes;
    }
    return p;
}

#endif

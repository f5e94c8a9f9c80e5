/* bench_parse: the throughput of spvkit's binary reader alone.

     bench_parse [-n N] [--no-callback] FILE.spv

   Reads FILE.spv into memory, then parses it N times (default 10) with spvk_parse and a callback
   that reads each instruction's opcode and operand count (summed into a checksum that is printed,
   so the work cannot be optimized away). Prints one line:

     bench_parse: FILE BYTES bytes, N runs, median S s, median CPU P s, T MB/s, I instructions, checksum C

   where MB is 10^6 bytes, S is wall-clock time and P the process's CPU time per parse. Reading the file is not timed; each parse is timed on its own, and the
   median is reported. Exit status 1 if the module does not parse. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "spvkit/binary.h"

typedef struct counter {
    uint64_t instructions;
    uint64_t checksum;
} counter;

static spvk_result count_instruction(void *user, const spvk_header *header, const spvk_instruction *inst)
{
    (void)header;
    counter *c = user;
    c->instructions++;
    c->checksum += (uint64_t)inst->opcode * 31u + inst->num_operands;
    return SPVK_OK;
}

static double clock_seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(double), compare_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static unsigned char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "bench_parse: cannot open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1u << 20, n = 0;
    unsigned char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        unsigned char *p = realloc(buf, cap * 2);
        if (!p) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = p;
        cap *= 2;
    }
    int err = ferror(f);
    fclose(f);
    if (!buf || err) {
        free(buf);
        fprintf(stderr, "bench_parse: cannot read %s\n", path);
        return NULL;
    }
    *size = n;
    return buf;
}

int main(int argc, char **argv)
{
    int runs = 10;
    int use_callback = 1;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            runs = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--no-callback") == 0) {
            use_callback = 0;
        } else if (argv[i][0] != '-' && !path) {
            path = argv[i];
        } else {
            path = NULL;
            break;
        }
    }
    if (!path || runs < 1) {
        fprintf(stderr, "usage: bench_parse [-n N] [--no-callback] FILE.spv\n");
        return 2;
    }

    size_t size = 0;
    unsigned char *bytes = read_file(path, &size);
    if (!bytes)
        return 2;

    double *times = malloc(sizeof(double) * (size_t)runs);
    double *cpu_times = malloc(sizeof(double) * (size_t)runs);
    if (!times || !cpu_times) {
        free(times);
        free(cpu_times);
        free(bytes);
        return 2;
    }
    counter c = {0, 0};
    for (int r = 0; r < runs; r++) {
        spvk_diagnostics diags;
        spvk_diagnostics_init(&diags, NULL);
        c.instructions = 0;
        double t0 = clock_seconds(CLOCK_MONOTONIC), c0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
        spvk_result res = spvk_parse(bytes, size, NULL, use_callback ? count_instruction : NULL, &c, &diags);
        times[r] = clock_seconds(CLOCK_MONOTONIC) - t0;
        cpu_times[r] = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
        if (res != SPVK_OK) {
            for (size_t i = 0; i < diags.count; i++) {
                char *s = spvk_diagnostic_format(&diags.items[i], NULL);
                if (s) {
                    fprintf(stderr, "%s: %s\n", path, s);
                    spvk_free(NULL, s, strlen(s) + 1);
                }
            }
            fprintf(stderr, "bench_parse: %s does not parse (%s)\n", path, spvk_result_string(res));
            spvk_diagnostics_free(&diags);
            free(times);
            free(cpu_times);
            free(bytes);
            return 1;
        }
        spvk_diagnostics_free(&diags);
    }
    double median = median_of(times, runs), cpu_median = median_of(cpu_times, runs);
    printf("bench_parse: %s %zu bytes, %d runs, median %.6f s, median CPU %.6f s, %.1f MB/s, %llu instructions, "
           "checksum %llu\n",
           path, size, runs, median, cpu_median, median > 0 ? (double)size / median / 1e6 : 0.0,
           (unsigned long long)c.instructions, (unsigned long long)c.checksum);
    free(times);
    free(cpu_times);
    free(bytes);
    return 0;
}

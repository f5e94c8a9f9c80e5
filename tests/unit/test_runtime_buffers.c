/* Typed buffers: sources, 16-bit float conversions, printing and the numerics check. */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include <math.h>

#include "spvkit/runtime.h"
#include "test.h"

static spvk_result from(const char *source, spvk_typed_buffer *b, char *error, size_t error_size)
{
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_result r = spvk_typed_buffer_from_source(source, NULL, b, &d);
    if (error) {
        snprintf(error, error_size, "%s", d.count ? d.items[0].message : "");
    }
    spvk_diagnostics_free(&d);
    return r;
}

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bits_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static void test_conversions(void)
{
    /* bf16: round to nearest even, NaN stays NaN, overflow to infinity. */
    CHECK(spvk_float_to_bf16(1.5f) == 0x3fc0);
    CHECK(spvk_float_to_bf16(bits_f32(0x3f818000)) == 0x3f82); /* tie, to even */
    CHECK(spvk_float_to_bf16(bits_f32(0x3f828000)) == 0x3f82); /* tie, to even */
    CHECK(spvk_float_to_bf16(bits_f32(0x3f828001)) == 0x3f83);
    CHECK(spvk_float_to_bf16(bits_f32(0x7f7fffff)) == 0x7f80);
    CHECK(spvk_float_to_bf16(-0.0f) == 0x8000);
    CHECK((spvk_float_to_bf16(NAN) & 0x7fff) > 0x7f80);
    CHECK(spvk_float_to_bf16(bits_f32(0x00000001)) == 0x0000); /* f32 subnormal below bf16's */
    CHECK(spvk_float_to_bf16(bits_f32(0x00018000)) == 0x0002);
    /* f16 */
    CHECK(spvk_float_to_f16(0.3f) == 0x34cd);
    CHECK(spvk_float_to_f16(65504.0f) == 0x7bff);
    CHECK(spvk_float_to_f16(65519.0f) == 0x7bff);
    CHECK(spvk_float_to_f16(65520.0f) == 0x7c00);
    CHECK(spvk_float_to_f16(0x1p-24f) == 0x0001);
    CHECK(spvk_float_to_f16(0x1.8p-24f) == 0x0002); /* tie, to even */
    CHECK(spvk_float_to_f16(0x1.4p-23f) == 0x0002); /* 2.5 units, to even */
    CHECK(spvk_float_to_f16(-2.0f) == 0xc000);
    /* Every 16-bit pattern that is not a NaN converts to float and back unchanged. */
    int bad_bf16 = 0, bad_f16 = 0;
    for (uint32_t h = 0; h < 0x10000; h++) {
        float b = spvk_bf16_to_float((uint16_t)h);
        if (!isnan(b) && spvk_float_to_bf16(b) != h)
            bad_bf16++;
        if (isnan(b) && !isnan(spvk_bf16_to_float(spvk_float_to_bf16(b))))
            bad_bf16++;
        float f = spvk_f16_to_float((uint16_t)h);
        if (!isnan(f) && spvk_float_to_f16(f) != h)
            bad_f16++;
        if (isnan(f) && !isnan(spvk_f16_to_float(spvk_float_to_f16(f))))
            bad_f16++;
    }
    CHECK(bad_bf16 == 0);
    CHECK(bad_f16 == 0);
    CHECK(spvk_bf16_to_float(0x3fc0) == 1.5f);
    CHECK(spvk_f16_to_float(0x3c00) == 1.0f && spvk_f16_to_float(0x0001) == 0x1p-24f);
}

static void test_sources(void)
{
    spvk_typed_buffer b;
    char err[512];
    CHECK(from("f32:1,2.5,-3", &b, err, sizeof err) == SPVK_OK);
    CHECK(b.type == SPVK_ELEMENT_F32 && b.count == 3 && b.size == 12);
    CHECK(f32_bits(((float *)b.data)[1]) == f32_bits(2.5f) && ((float *)b.data)[2] == -3.0f);
    spvk_typed_buffer_free(&b, NULL);
    CHECK(from("bf16:1.5,-2,inf,nan", &b, err, sizeof err) == SPVK_OK);
    CHECK(((uint16_t *)b.data)[0] == 0x3fc0 && ((uint16_t *)b.data)[1] == 0xc000 && ((uint16_t *)b.data)[2] == 0x7f80);
    CHECK((((uint16_t *)b.data)[3] & 0x7fff) > 0x7f80);
    char *text = spvk_format_elements(b.data, b.count, b.type, NULL);
    CHECK(text && strcmp(text, "1.5 -2 inf nan") == 0);
    free(text);
    spvk_typed_buffer_free(&b, NULL);
    CHECK(from("u16:0x3f80,65535", &b, err, sizeof err) == SPVK_OK);
    CHECK(((uint16_t *)b.data)[0] == 0x3f80 && ((uint16_t *)b.data)[1] == 0xffff);
    spvk_typed_buffer_free(&b, NULL);
    CHECK(from("i8:-128,127,0xff", &b, err, sizeof err) == SPVK_OK);
    CHECK(((int8_t *)b.data)[0] == -128 && ((int8_t *)b.data)[2] == -1);
    spvk_typed_buffer_free(&b, NULL);
    CHECK(from("i64:-9223372036854775808,18446744073709551615", &b, err, sizeof err) == SPVK_OK);
    text = spvk_format_elements(b.data, b.count, b.type, NULL);
    CHECK(text && strcmp(text, "-9223372036854775808 -1") == 0);
    free(text);
    spvk_typed_buffer_free(&b, NULL);
    CHECK(from("zeros:4:f64", &b, err, sizeof err) == SPVK_OK && b.size == 32 && ((double *)b.data)[3] == 0);
    spvk_typed_buffer_free(&b, NULL);
    CHECK(from("iota:300:u8", &b, err, sizeof err) == SPVK_OK && ((uint8_t *)b.data)[299] == 43);
    spvk_typed_buffer_free(&b, NULL);
    CHECK(from("iota:5:bf16", &b, err, sizeof err) == SPVK_OK && ((uint16_t *)b.data)[4] == 0x4080);
    spvk_typed_buffer_free(&b, NULL);
    spvk_typed_buffer r1, r2;
    CHECK(from("random:1000:f32:42", &r1, err, sizeof err) == SPVK_OK);
    CHECK(from("random:1000:f32:42", &r2, err, sizeof err) == SPVK_OK);
    CHECK(memcmp(r1.data, r2.data, r1.size) == 0);
    int in_range = 1;
    for (size_t i = 0; i < 1000; i++)
        in_range &= ((float *)r1.data)[i] >= -1.0f && ((float *)r1.data)[i] < 1.0f;
    CHECK(in_range);
    spvk_typed_buffer_free(&r1, NULL);
    spvk_typed_buffer_free(&r2, NULL);

    CHECK(from("f33:1", &b, err, sizeof err) == SPVK_ERROR_INVALID);
    CHECK_STR_CONTAINS(err, "unknown element type");
    CHECK(from("f32:1,,2", &b, err, sizeof err) == SPVK_ERROR_INVALID);
    CHECK_STR_CONTAINS(err, "at column 7: empty value");
    CHECK(from("u8:256", &b, err, sizeof err) == SPVK_ERROR_INVALID);
    CHECK_STR_CONTAINS(err, "out of range");
    CHECK(from("u8:-1", &b, err, sizeof err) == SPVK_ERROR_INVALID);
    CHECK_STR_CONTAINS(err, "negative number for an unsigned type");
    CHECK(from("i8:-129", &b, err, sizeof err) == SPVK_ERROR_INVALID);
    CHECK(from("i32:1.5", &b, err, sizeof err) == SPVK_ERROR_INVALID);
    CHECK(from("f32:1x", &b, err, sizeof err) == SPVK_ERROR_INVALID);
    CHECK(from("zeros:x:f32", &b, err, sizeof err) == SPVK_ERROR_INVALID);
    CHECK(from("random:3:f32", &b, err, sizeof err) == SPVK_ERROR_INVALID);
    CHECK(from("zeros:999999999999:f32", &b, err, sizeof err) == SPVK_ERROR_INVALID);
    CHECK(from("@/nonexistent/file", &b, err, sizeof err) == SPVK_ERROR_INVALID);
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (f) {
        /* @FILE: the bytes as they are (through /dev/fd so the test needs no path of its own). */
        fputs("abc", f);
        fflush(f);
        char path[64];
        snprintf(path, sizeof path, "@/dev/fd/%d", fileno(f));
        CHECK(from(path, &b, err, sizeof err) == SPVK_OK);
        CHECK(b.type == SPVK_ELEMENT_BYTES && b.size == 3 && memcmp(b.data, "abc", 3) == 0);
        spvk_typed_buffer_free(&b, NULL);
        fclose(f);
    }
    CHECK(from("plain", &b, err, sizeof err) == SPVK_ERROR_INVALID);
}

static void test_compare(void)
{
    spvk_comparison r;
    uint16_t e[4] = {0x3f80, 0x7fc0, 0x0000, 0x4000}; /* 1, nan, +0, 2 */
    uint16_t g[4] = {0x3f80, 0x7fc1, 0x0000, 0x4000};
    spvk_compare_elements(e, g, 4, SPVK_ELEMENT_BF16, 0, &r);
    CHECK(r.mismatches == 0 && r.max_ulp == 0); /* any NaN matches any NaN */
    g[0] = 0x3f81; /* one ULP above 1.0 */
    g[3] = 0x3fff; /* below 2.0: the ULP of 2 is the gap below it */
    spvk_compare_elements(e, g, 4, SPVK_ELEMENT_BF16, 0, &r);
    CHECK(r.mismatches == 2 && r.max_ulp == 2.0 && r.num_first == 2 && r.first[0].index == 0);
    CHECK(r.first[0].expected == 1.0 && r.first[0].ulp == 2.0); /* 2^-7 over the gap below 1.0, 2^-8 */
    spvk_compare_elements(e, g, 4, SPVK_ELEMENT_BF16, 2, &r);
    CHECK(r.mismatches == 0);
    g[2] = 0x8000; /* -0 against +0 */
    spvk_compare_elements(e, g, 4, SPVK_ELEMENT_BF16, 0, &r);
    CHECK(r.mismatches == 3);
    float fe[2] = {1.0f, INFINITY}, fg[2] = {1.0f, 3.0e38f};
    spvk_compare_elements(fe, fg, 2, SPVK_ELEMENT_F32, 1000, &r);
    CHECK(r.mismatches == 1 && isinf(r.max_ulp));
    int32_t ie[2] = {5, -5}, ig[2] = {7, -5};
    spvk_compare_elements(ie, ig, 2, SPVK_ELEMENT_I32, 0, &r);
    CHECK(r.mismatches == 1 && r.max_ulp == 2.0 && r.max_ulp_index == 0);
}

int main(void)
{
    test_conversions();
    test_sources();
    test_compare();
    TEST_SUMMARY();
}

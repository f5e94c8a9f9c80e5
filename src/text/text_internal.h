/* Shared by the assembler and disassembler: number formatting and parsing as SPIRV-Tools does. */
#ifndef SPVK_TEXT_INTERNAL_H
#define SPVK_TEXT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spvkit/binary.h"
#include "../support/support.h"

/* Formats a floating-point literal as spirv-dis does: 32- and 64-bit zeros and normal numbers in
   decimal with 9 and 17 significant digits (%g style); everything else, and every 16-bit value
   (binary16 and bfloat16), as a normalized hex float ("0x1.8p+0", "-0x1p-149", inf "0x1p+128").
   Returns the length written into out (at least 40 bytes). */
size_t spvk_format_float(char *out, uint64_t bits, spvk_number_kind kind, unsigned width);
/* Formats bits with the given exponent and fraction widths as a normalized hex float. */
size_t spvk_format_hex_float(char *out, uint64_t bits, unsigned exponent_bits, unsigned fraction_bits);
/* Formats any literal number operand (integers signed or unsigned by kind). */
size_t spvk_format_number(char *out, const spvk_instruction *inst, const spvk_operand *operand);

#endif

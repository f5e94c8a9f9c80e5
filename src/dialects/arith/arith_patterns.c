/* The arith ops' canonicalization patterns (MLIR 19's ArithCanonicalization.td and the C++
   patterns of ArithOps.cpp). They are added through the pattern API of include/spvkit/rewrite.h;
   until that lands each hook adds nothing, so canonicalize applies the folders alone. */
#include "arith_internal.h"

#define ARITH_NO_PATTERNS(name)                                                                    \
    bool name(spvk_pattern_set *set, spvk_ir_context *ctx)                                         \
    {                                                                                              \
        (void)set;                                                                                 \
        (void)ctx;                                                                                 \
        return true;                                                                               \
    }

ARITH_NO_PATTERNS(arith_addi_patterns)
ARITH_NO_PATTERNS(arith_subi_patterns)
ARITH_NO_PATTERNS(arith_muli_patterns)
ARITH_NO_PATTERNS(arith_addui_extended_patterns)
ARITH_NO_PATTERNS(arith_mulsi_extended_patterns)
ARITH_NO_PATTERNS(arith_mului_extended_patterns)
ARITH_NO_PATTERNS(arith_andi_patterns)
ARITH_NO_PATTERNS(arith_ori_patterns)
ARITH_NO_PATTERNS(arith_xori_patterns)
ARITH_NO_PATTERNS(arith_mulf_patterns)
ARITH_NO_PATTERNS(arith_divf_patterns)
ARITH_NO_PATTERNS(arith_extsi_patterns)
ARITH_NO_PATTERNS(arith_trunci_patterns)
ARITH_NO_PATTERNS(arith_truncf_patterns)
ARITH_NO_PATTERNS(arith_index_cast_patterns)
ARITH_NO_PATTERNS(arith_index_castui_patterns)
ARITH_NO_PATTERNS(arith_bitcast_patterns)
ARITH_NO_PATTERNS(arith_cmpi_patterns)
ARITH_NO_PATTERNS(arith_cmpf_patterns)
ARITH_NO_PATTERNS(arith_select_patterns)

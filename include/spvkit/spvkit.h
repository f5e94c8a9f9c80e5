/* spvkit: the whole public API. */
#ifndef SPVKIT_SPVKIT_H
#define SPVKIT_SPVKIT_H

#include "spvkit/common.h"
#include "spvkit/grammar.h"
#include "spvkit/binary.h"
#include "spvkit/text.h"
#include "spvkit/target.h"
#include "spvkit/validate.h"
#include "spvkit/runtime.h"
#include "spvkit/ir.h"
#include "spvkit/ir_asm.h"
#include "spvkit/ir_ods.h"
#include "spvkit/ir_parallel.h"
#include "spvkit/spirv_dialect.h"
#include "spvkit/dialects.h"

#endif

// Small float types (SPIR-V's FPEncodings): f8E4M3FN and f8E5M2 print as MLIR 19 prints them
// (decimal when it reads back, the NaN and infinities in hex); f8E8M0FNU, f6E2M3FN, f6E3M2FN and
// f4E2M1FN as later MLIR spells them; mxint8 is spvkit's (OCP MX INT8, steps of 1/64).
"test.f8"() {a = 0.5 : f8E4M3FN, b = 448.0 : f8E4M3FN, c = 0x7F : f8E4M3FN, d = -0.001953125 : f8E4M3FN,
  e = 0.1 : f8E4M3FN, f = 0x01 : f8E4M3FN, g = 0xFF : f8E4M3FN, h = -0.0 : f8E4M3FN,
  i = 57344.0 : f8E5M2, j = 0x7C : f8E5M2, k = 0x7E : f8E5M2, l = 0x0B : f8E5M2, m = -0.0 : f8E5M2} : () -> ()
"test.mx"() {a = 0x7F : f8E8M0FNU, b = 0xFF : f8E8M0FNU, c = 0x00 : f8E8M0FNU, d = 0xFE : f8E8M0FNU, e = 0.25 : f8E8M0FNU,
  f = 6.0 : f4E2M1FN, g = 0.5 : f4E2M1FN, h = 0xF : f4E2M1FN, i = -0.0 : f4E2M1FN,
  j = 7.5 : f6E2M3FN, k = 0x21 : f6E2M3FN, l = 28.0 : f6E3M2FN, m = 0x3F : f6E3M2FN, n = 0.0625 : f6E3M2FN,
  o = 1.984375 : mxint8, p = -2.0 : mxint8, q = 0x01 : mxint8, r = 0.0 : mxint8} : () -> ()
%0:3 = "test.types"() : () -> (vector<4xf8E4M3FN>, f4E2M1FN, tensor<2xmxint8>)

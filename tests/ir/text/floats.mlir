// Floats print as MLIR 19 prints them: six digits when that reads back exactly, else the
// shortest default form with a '.', else the hex bit pattern.
"test.floats"() {
  f32_one = 1.0 : f32, f32_tenth = 0.1 : f32, f32_1e38 = 1.0e-38 : f32, f32_denorm = 1.0e-45 : f32,
  f32_max = 3.4028235e38 : f32, f32_overflow = 1.0e39 : f32, f32_inf = 0x7F800000 : f32, f32_ninf = 0xFF800000 : f32,
  f32_nan = 0x7FC00000 : f32, f32_payload = 0x7F800001 : f32, f32_2p24 = 16777216.0 : f32, f32_neg0 = -0.0 : f32,
  f64_tenth = 0.1 : f64, f64_long = 1.23456789 : f64, f64_int = 123456789.0 : f64, f64_tiny = 4.9e-324 : f64,
  f64_denorm = 1.0e-310 : f64, f64_default = 2.5, f64_e = 2.7182818284590452 : f64, f64_big = 1.0e300 : f64,
  f16_max = 65504.0 : f16, f16_overflow = 65520.0 : f16, f16_sub = 0x0001 : f16, f16_tenth = 0.1 : f16, f16_under = 1.0e-8 : f16,
  bf16_tenth = 0.1 : bf16, bf16_100 = 100.0 : bf16, bf16_nan = 0x7FC0 : bf16,
  tf32_half = 0.5 : tf32, tf32_third = 0.333333 : tf32
} : () -> ()

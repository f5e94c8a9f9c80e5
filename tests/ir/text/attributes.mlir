// Builtin attributes; dictionaries print sorted by name.
"test.attrs"() {
  z_unit, y_unit_explicit = unit,
  int = 42 : i32, int_default = -7, hex = 0x1F : i64, uint = 255 : ui8, sint = -128 : si8, idx = 3 : index,
  big_unsigned = 18446744073709551615 : ui64, big_signless = 18446744073709551615 : i64, min = -9223372036854775808 : i64,
  bool_t = true, bool_f = false, bool_int = 1 : i1, bool_neg = -1 : i1, hex_i8 = 0xFF : i8,
  str = "hello", str_escapes = "tab\tnew\nquote\"back\\slash\00\FF\7f", str_typed = "t" : i32, str_empty = "",
  arr = [1, 2.5, 3 : i8, 4.0 : f32, "s", [], [[true]]],
  dict = {b = 1, a = "x", "needs quotes" = unit, "1digit" = 2 : i8},
  sym = @main, sym_quoted = @"with space", sym_nested = @outer::@inner::@"leaf node",
  type = i32, type_fn = (i32) -> f32,
  darr_i32 = array<i32: 1, -2, 3>, darr_empty = array<i64>, darr_f32 = array<f32: 1.5, -0.0>, darr_bool = array<i1: true, false>,
  darr_u8 = array<ui8: 255>, "quoted key" = 1 : i16
} : () -> ()

// Alias definitions at top level (anywhere between operations) and their uses; printed inline.
#list = [1, 2, 3]
!vec = vector<4xf32>
#map = affine_map<(d0) -> (d0 * 2)>
%0 = "test.a"() {l = #list, m = memref<4xf32, #map>} : () -> !vec
#late = "defined after the first op"
"test.b"(%0) {s = #late, t = !vec} : (!vec) -> ()

#version 450
// Matrix operations: mat2/3/4, non-square matrices, transpose, inverse, determinant, outerProduct,
// matrixCompMult, row_major/column_major layouts and double matrices.

layout(local_size_x = 16) in;

layout(std430, binding = 0) readonly buffer Transforms {
    layout(row_major) mat4 model[4];
    mat4x3 affine;
    dmat2 accurate;
} xf;

layout(std140, binding = 1) uniform Camera {
    layout(column_major) mat4 view;
    mat4 proj;
    mat2x3 skew;
} cam;

layout(std430, binding = 2) writeonly buffer Out {
    mat4 mvpOut[];
};

void main()
{
    uint i = gl_GlobalInvocationID.x;
    mat4 m = xf.model[i & 3u];
    mat4 mvp = cam.proj * cam.view * m;
    mat4 inv = inverse(mvp);
    float det = determinant(mvp);
    mat4 t = transpose(inv);
    mat3 n = transpose(inverse(mat3(m)));
    mat4 op = outerProduct(vec4(n[0], 1.0), vec4(n[1], det));
    mat4 cm = matrixCompMult(t, op);
    vec4 v = mvp * vec4(1.0, 2.0, 3.0, 1.0);
    vec4 w = vec4(1.0) * m;
    vec3 a = xf.affine * vec4(v.xyz, 1.0);
    vec3 s = cam.skew * vec2(v.x, w.y);
    mat2x3 ns = cam.skew * 2.0;
    mat3x2 tns = transpose(ns);
    vec2 p = tns * a;
    dmat2 dp = inverse(xf.accurate) * xf.accurate;
    mat4 result = cm + mat4(mat3(v.x)) * float(dp[0][0]) + mat4(vec4(a, p.x), vec4(s, p.y), vec4(0.0), vec4(1.0));
    result[3][3] = -result[3][3];
    result = -result;
    ++result;
    mvpOut[i] = result / 2.0;
}

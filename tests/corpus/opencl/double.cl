// Double precision: Kahan summation, Horner polynomial evaluation and fp64 math builtins.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

static double horner(const global double *coeffs, int degree, double x)
{
    double r = coeffs[degree];
    for (int i = degree - 1; i >= 0; --i)
        r = fma(r, x, coeffs[i]);
    return r;
}

kernel void poly_eval(global const double *coeffs, const int degree,
                      global const double *xs, global double *ys)
{
    size_t i = get_global_id(0);
    ys[i] = horner(coeffs, degree, xs[i]);
}

kernel void kahan_rows(global const double *m, const uint cols, global double2 *out)
{
    size_t row = get_global_id(0);
    double sum = 0.0, c = 0.0;
    for (uint j = 0; j < cols; ++j) {
        double y = m[row * cols + j] - c;
        double t = sum + y;
        c = (t - sum) - y;
        sum = t;
    }
    double n = (double)cols;
    out[row] = (double2)(sum, sqrt(fabs(sum)) / n + exp(-n) + log1p(n) + pow(n, 0.5) + cbrt(sum));
    if (isnan(sum) || isinf(sum))
        out[row].y = -1.0;
}

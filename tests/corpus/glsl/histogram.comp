#version 450
// 256-bin histogram of 8-bit luminance: private bins in shared memory, merged with atomics.

layout(local_size_x = 16, local_size_y = 16) in;

layout(set = 0, binding = 0, rgba8) uniform readonly image2D srcImage;
layout(set = 0, binding = 1, std430) buffer Histogram { uint bins[256]; uint total; } hist;

shared uint localBins[256];

void main()
{
    uint lid = gl_LocalInvocationIndex;
    localBins[lid] = 0u;
    barrier();

    ivec2 size = imageSize(srcImage);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (all(lessThan(p, size))) {
        vec3 rgb = imageLoad(srcImage, p).rgb;
        float lum = dot(rgb, vec3(0.2126, 0.7152, 0.0722));
        uint bin = uint(clamp(lum * 255.0 + 0.5, 0.0, 255.0));
        atomicAdd(localBins[bin], 1u);
    }
    barrier();

    uint count = localBins[lid];
    if (count != 0u) {
        atomicAdd(hist.bins[lid], count);
        atomicAdd(hist.total, count);
    }
}

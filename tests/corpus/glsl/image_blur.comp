#version 450
// Separable-ish 5x5 box blur on an rgba32f storage image, writing another rgba32f image.

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0, rgba32f) uniform readonly image2D inputImage;
layout(set = 0, binding = 1, rgba32f) uniform writeonly image2D outputImage;

layout(constant_id = 0) const int RADIUS = 2;

void main()
{
    ivec2 size = imageSize(inputImage);
    ivec2 coord = ivec2(gl_GlobalInvocationID.xy);
    if (coord.x >= size.x || coord.y >= size.y)
        return;

    vec4 sum = vec4(0.0);
    float weight = 0.0;
    for (int dy = -RADIUS; dy <= RADIUS; ++dy) {
        for (int dx = -RADIUS; dx <= RADIUS; ++dx) {
            ivec2 q = clamp(coord + ivec2(dx, dy), ivec2(0), size - 1);
            float w = 1.0 / (1.0 + float(dx * dx + dy * dy));
            sum += w * imageLoad(inputImage, q);
            weight += w;
        }
    }
    imageStore(outputImage, coord, sum / weight);
}

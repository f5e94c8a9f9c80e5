#version 450
// Debug-name-heavy code: the same local names (acc, tmp, i, result) declared in many scopes and
// functions, shadowing, and long identifiers, so OpName carries many duplicate strings.

layout(local_size_x = 32) in;

layout(std430, binding = 0) buffer Data { float data[]; } buf;

float stage(float acc)
{
    float tmp = acc * 2.0;
    {
        float acc = tmp + 1.0;
        {
            float acc = acc * acc;
            tmp += acc;
        }
        tmp -= acc;
    }
    return tmp;
}

float stage(float acc, float tmp)
{
    float result = 0.0;
    for (int i = 0; i < 4; ++i) {
        float acc2 = acc + float(i);
        float tmp = tmp * acc2;
        result += tmp;
    }
    for (int i = 0; i < 2; ++i) {
        float result = float(i);
        acc += result;
    }
    return result + acc;
}

vec2 stage(vec2 acc)
{
    vec2 result = acc;
    for (int i = 0; i < 3; ++i) {
        vec2 tmp = result.yx;
        result = tmp + acc;
    }
    return result;
}

float a_rather_long_function_name_that_goes_on_and_on_for_quite_a_while_to_stress_string_tables(float acc)
{
    float a_rather_long_local_variable_name_that_is_also_quite_long_and_tedious = acc;
    return a_rather_long_local_variable_name_that_is_also_quite_long_and_tedious * 0.5;
}

void main()
{
    uint i = gl_GlobalInvocationID.x;
    float acc = buf.data[i];
    float tmp = stage(acc);
    float result = stage(acc, tmp);
    vec2 acc2 = stage(vec2(acc, tmp));
    {
        float acc = result;
        float tmp = acc2.x;
        for (int i = 0; i < 2; ++i) {
            float acc = tmp + float(i);
            tmp = acc;
        }
        result = acc + tmp;
    }
    buf.data[i] = a_rather_long_function_name_that_goes_on_and_on_for_quite_a_while_to_stress_string_tables(result + acc2.y);
}

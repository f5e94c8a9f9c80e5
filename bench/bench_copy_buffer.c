/* bench_copy_buffer: the bandwidth of vkCmdCopyBuffer between two device-local buffers, timed
   with GPU timestamps around the copy; the median of the repeats. A baseline for
   bench/run_kernels.sh (the shader copy of bench/kernels/copy_uvec4.comp is compared with it).

     bench_copy_buffer [--device N] [--family N] [--size BYTES] [--repeat N] [--list]

   It loads libvulkan.so.1 at run time (no link-time dependency) and needs only the Vulkan headers
   to build:  cc -O2 -std=c11 -o bench_copy_buffer bench/bench_copy_buffer.c -ldl
   The device is the N-th of vkEnumeratePhysicalDevices (the order `spvkit run --list-devices`
   shows). The copy runs on the first queue family with compute (or graphics) and timestamps, or
   on queue family N with --family (a transfer-only family too; --list prints the families).
   The source is filled with vkCmdFillBuffer (a different 32-bit pattern in each of 16 slices),
   then copied --repeat times (after 3 untimed copies); each copy is its own submission, waited
   for, with a timestamp before and after it. Afterwards the first and last 4 KiB of every slice
   of the destination are read back through a host-visible buffer and checked.
   Output, one line:
     copy_buffer: size S bytes_moved 2S repeat R device_ms_median X device_ms_min Y wall_ms_median Z
       wall_ms_min W gbps G check ok family F flags 0xQ device "NAME"
   (bytes_moved counts bytes read plus bytes written; gbps = bytes_moved / median device time, in
   10^9 bytes per second). Exit status 0 when the check passed, 1 when it failed, 2 usage, 3 device. */
#define _POSIX_C_SOURCE 200809L
#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include <dlfcn.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SLICES 16
#define CHECK_BYTES 4096

static PFN_vkGetInstanceProcAddr get_instance_proc;
#define VK_FUNCS(X)                                                                                                    \
    X(vkDestroyInstance) X(vkEnumeratePhysicalDevices) X(vkGetPhysicalDeviceProperties)                               \
    X(vkGetPhysicalDeviceQueueFamilyProperties) X(vkGetPhysicalDeviceMemoryProperties) X(vkCreateDevice)              \
    X(vkGetDeviceProcAddr)
#define VK_DEVICE_FUNCS(X)                                                                                             \
    X(vkDestroyDevice) X(vkGetDeviceQueue) X(vkCreateBuffer) X(vkDestroyBuffer) X(vkGetBufferMemoryRequirements)      \
    X(vkAllocateMemory) X(vkFreeMemory) X(vkBindBufferMemory) X(vkMapMemory) X(vkUnmapMemory)                          \
    X(vkCreateCommandPool) X(vkDestroyCommandPool) X(vkAllocateCommandBuffers) X(vkBeginCommandBuffer)                \
    X(vkEndCommandBuffer) X(vkCmdCopyBuffer) X(vkCmdFillBuffer) X(vkCmdPipelineBarrier) X(vkCmdWriteTimestamp)        \
    X(vkCmdResetQueryPool) X(vkCreateQueryPool) X(vkDestroyQueryPool) X(vkGetQueryPoolResults) X(vkQueueSubmit)       \
    X(vkCreateFence) X(vkDestroyFence) X(vkWaitForFences) X(vkResetFences) X(vkResetCommandBuffer)
#define DECLARE(name) static PFN_##name name;
VK_FUNCS(DECLARE)
VK_DEVICE_FUNCS(DECLARE)

static int fail(int code, const char *what, VkResult r)
{
    fprintf(stderr, "bench_copy_buffer: error: %s failed (VkResult %d)\n", what, (int)r);
    return code;
}
#define CHECK(call)                                                                                                    \
    do {                                                                                                               \
        VkResult r_ = (call);                                                                                          \
        if (r_ != VK_SUCCESS)                                                                                          \
            return fail(3, #call, r_);                                                                                 \
    } while (0)

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof(double), compare_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static uint32_t pattern(unsigned slice)
{
    return 0x3f80bf80u ^ (slice * 0x01010101u);
}

/* A memory type of bits with all of want (and, when avoid is not 0, none of avoid if possible). */
static int find_memory(const VkPhysicalDeviceMemoryProperties *mp, uint32_t bits, VkMemoryPropertyFlags want,
                       VkMemoryPropertyFlags avoid)
{
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 0; i < mp->memoryTypeCount; i++) {
            VkMemoryPropertyFlags f = mp->memoryTypes[i].propertyFlags;
            if ((bits & (1u << i)) && (f & want) == want && (pass == 1 || !(f & avoid)))
                return (int)i;
        }
    return -1;
}

typedef struct buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
} buffer;

static int make_buffer(VkDevice dev, const VkPhysicalDeviceMemoryProperties *mp, VkDeviceSize size,
                       VkMemoryPropertyFlags want, VkMemoryPropertyFlags avoid, buffer *b)
{
    VkBufferCreateInfo bi = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    bi.size = size;
    bi.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    bi.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    CHECK(vkCreateBuffer(dev, &bi, NULL, &b->buffer));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(dev, b->buffer, &req);
    int type = find_memory(mp, req.memoryTypeBits, want, avoid);
    if (type < 0) {
        fprintf(stderr, "bench_copy_buffer: error: no memory type with flags 0x%x\n", (unsigned)want);
        return 3;
    }
    VkMemoryAllocateInfo ai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    ai.allocationSize = req.size;
    ai.memoryTypeIndex = (uint32_t)type;
    CHECK(vkAllocateMemory(dev, &ai, NULL, &b->memory));
    CHECK(vkBindBufferMemory(dev, b->buffer, b->memory, 0));
    return 0;
}

static int submit_wait(VkDevice dev, VkQueue q, VkCommandBuffer cb, VkFence fence, double *wall_ms)
{
    VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
    si.commandBufferCount = 1;
    si.pCommandBuffers = &cb;
    double t0 = now_ms();
    CHECK(vkQueueSubmit(q, 1, &si, fence));
    CHECK(vkWaitForFences(dev, 1, &fence, VK_TRUE, UINT64_MAX));
    if (wall_ms)
        *wall_ms = now_ms() - t0;
    CHECK(vkResetFences(dev, 1, &fence));
    return 0;
}

static void barrier(VkCommandBuffer cb, VkAccessFlags src, VkAccessFlags dst)
{
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    mb.srcAccessMask = src;
    mb.dstAccessMask = dst;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_HOST_BIT,
                         0, 1, &mb, 0, NULL, 0, NULL);
}

int main(int argc, char **argv)
{
    unsigned device_index = 0, repeat = 20;
    int family_arg = -1;
    unsigned long long size = 256ull << 20;
    int list = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--list") == 0) {
            list = 1;
        } else if (i + 1 < argc && strcmp(argv[i], "--device") == 0) {
            device_index = (unsigned)strtoul(argv[++i], NULL, 10);
        } else if (i + 1 < argc && strcmp(argv[i], "--family") == 0) {
            family_arg = atoi(argv[++i]);
        } else if (i + 1 < argc && strcmp(argv[i], "--size") == 0) {
            size = strtoull(argv[++i], NULL, 0);
        } else if (i + 1 < argc && strcmp(argv[i], "--repeat") == 0) {
            repeat = (unsigned)strtoul(argv[++i], NULL, 10);
        } else {
            fprintf(stderr, "usage: bench_copy_buffer [--device N] [--family N] [--size BYTES] [--repeat N] [--list]\n");
            return 2;
        }
    }
    if (repeat < 1 || size < SLICES * CHECK_BYTES || size % (SLICES * 4)) {
        fprintf(stderr, "bench_copy_buffer: error: --size must be a multiple of %d and at least %d; --repeat at least 1\n",
                SLICES * 4, SLICES * CHECK_BYTES);
        return 2;
    }

    void *lib = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "bench_copy_buffer: error: cannot load libvulkan.so.1: %s\n", dlerror());
        return 3;
    }
    get_instance_proc = (PFN_vkGetInstanceProcAddr)dlsym(lib, "vkGetInstanceProcAddr");
    PFN_vkCreateInstance create_instance = (PFN_vkCreateInstance)get_instance_proc(NULL, "vkCreateInstance");
    if (!create_instance)
        return fail(3, "vkGetInstanceProcAddr(vkCreateInstance)", VK_ERROR_INITIALIZATION_FAILED);
    VkApplicationInfo app = {VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "bench_copy_buffer";
    app.apiVersion = VK_API_VERSION_1_1;
    VkInstanceCreateInfo ici = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    ici.pApplicationInfo = &app;
    VkInstance inst;
    CHECK(create_instance(&ici, NULL, &inst));
#define LOAD(name)                                                                                                     \
    if (!(name = (PFN_##name)get_instance_proc(inst, #name)))                                                          \
        return fail(3, "vkGetInstanceProcAddr(" #name ")", VK_ERROR_INITIALIZATION_FAILED);
    VK_FUNCS(LOAD)

    uint32_t ndev = 0;
    CHECK(vkEnumeratePhysicalDevices(inst, &ndev, NULL));
    VkPhysicalDevice *pds = calloc(ndev ? ndev : 1, sizeof *pds);
    CHECK(vkEnumeratePhysicalDevices(inst, &ndev, pds));
    if (list) {
        for (uint32_t i = 0; i < ndev; i++) {
            VkPhysicalDeviceProperties p;
            vkGetPhysicalDeviceProperties(pds[i], &p);
            printf("%u: %s\n", i, p.deviceName);
            uint32_t n = 0;
            vkGetPhysicalDeviceQueueFamilyProperties(pds[i], &n, NULL);
            VkQueueFamilyProperties *f = calloc(n ? n : 1, sizeof *f);
            vkGetPhysicalDeviceQueueFamilyProperties(pds[i], &n, f);
            for (uint32_t j = 0; j < n; j++)
                printf("  family %u: flags 0x%x (%s%s%s), %u queues, timestampValidBits %u\n", j,
                       (unsigned)f[j].queueFlags, f[j].queueFlags & VK_QUEUE_GRAPHICS_BIT ? "graphics " : "",
                       f[j].queueFlags & VK_QUEUE_COMPUTE_BIT ? "compute " : "",
                       f[j].queueFlags & VK_QUEUE_TRANSFER_BIT ? "transfer" : "", f[j].queueCount,
                       f[j].timestampValidBits);
            free(f);
        }
        return 0;
    }
    if (device_index >= ndev) {
        fprintf(stderr, "bench_copy_buffer: error: no device %u (%u found)\n", device_index, ndev);
        return 3;
    }
    VkPhysicalDevice pd = pds[device_index];
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(pd, &props);
    uint32_t nq = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(pd, &nq, NULL);
    VkQueueFamilyProperties *qf = calloc(nq ? nq : 1, sizeof *qf);
    vkGetPhysicalDeviceQueueFamilyProperties(pd, &nq, qf);
    uint32_t family = UINT32_MAX;
    if (family_arg >= 0) {
        if ((uint32_t)family_arg >= nq || !qf[family_arg].timestampValidBits) {
            fprintf(stderr, "bench_copy_buffer: error: %s has no queue family %d with timestamps\n", props.deviceName,
                    family_arg);
            return 3;
        }
        family = (uint32_t)family_arg;
    }
    for (uint32_t i = 0; i < nq && family == UINT32_MAX; i++)
        if ((qf[i].queueFlags & (VK_QUEUE_COMPUTE_BIT | VK_QUEUE_GRAPHICS_BIT)) && qf[i].timestampValidBits)
            family = i;
    if (family == UINT32_MAX) {
        fprintf(stderr, "bench_copy_buffer: error: %s has no compute queue with timestamps\n", props.deviceName);
        return 3;
    }
    uint32_t valid_bits = qf[family].timestampValidBits;
    uint64_t mask = valid_bits >= 64 ? UINT64_MAX : ((uint64_t)1 << valid_bits) - 1;
    double period_ns = props.limits.timestampPeriod;

    float priority = 1;
    VkDeviceQueueCreateInfo qci = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    qci.queueFamilyIndex = family;
    qci.queueCount = 1;
    qci.pQueuePriorities = &priority;
    VkDeviceCreateInfo dci = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    dci.queueCreateInfoCount = 1;
    dci.pQueueCreateInfos = &qci;
    VkDevice dev;
    CHECK(vkCreateDevice(pd, &dci, NULL, &dev));
#define LOAD_DEVICE(name)                                                                                              \
    if (!(name = (PFN_##name)vkGetDeviceProcAddr(dev, #name)))                                                         \
        return fail(3, "vkGetDeviceProcAddr(" #name ")", VK_ERROR_INITIALIZATION_FAILED);
    VK_DEVICE_FUNCS(LOAD_DEVICE)
    VkQueue queue;
    vkGetDeviceQueue(dev, family, 0, &queue);

    VkPhysicalDeviceMemoryProperties mp;
    vkGetPhysicalDeviceMemoryProperties(pd, &mp);
    buffer src, dst, host;
    VkDeviceSize check_size = (VkDeviceSize)SLICES * 2 * CHECK_BYTES;
    int rc;
    if ((rc = make_buffer(dev, &mp, size, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT, &src)) ||
        (rc = make_buffer(dev, &mp, size, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT, &dst)) ||
        (rc = make_buffer(dev, &mp, check_size,
                          VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0, &host)))
        return rc;

    VkCommandPoolCreateInfo pci = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    pci.queueFamilyIndex = family;
    VkCommandPool pool;
    CHECK(vkCreateCommandPool(dev, &pci, NULL, &pool));
    VkCommandBufferAllocateInfo cai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    cai.commandPool = pool;
    cai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    cai.commandBufferCount = 1;
    VkCommandBuffer cb;
    CHECK(vkAllocateCommandBuffers(dev, &cai, &cb));
    VkFenceCreateInfo fci = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence;
    CHECK(vkCreateFence(dev, &fci, NULL, &fence));
    VkQueryPoolCreateInfo qpi = {VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    qpi.queryType = VK_QUERY_TYPE_TIMESTAMP;
    qpi.queryCount = 2;
    VkQueryPool qp;
    CHECK(vkCreateQueryPool(dev, &qpi, NULL, &qp));
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};

    /* Fill: the source with a pattern per slice, the destination with zeros. */
    VkDeviceSize slice = size / SLICES;
    CHECK(vkBeginCommandBuffer(cb, &bi));
    for (unsigned s = 0; s < SLICES; s++)
        vkCmdFillBuffer(cb, src.buffer, s * slice, slice, pattern(s));
    vkCmdFillBuffer(cb, dst.buffer, 0, VK_WHOLE_SIZE, 0);
    barrier(cb, VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT);
    CHECK(vkEndCommandBuffer(cb));
    if ((rc = submit_wait(dev, queue, cb, fence, NULL)))
        return rc;

    /* The timed command buffer: reset the queries, timestamp, copy, timestamp. */
    CHECK(vkResetCommandBuffer(cb, 0));
    CHECK(vkBeginCommandBuffer(cb, &bi));
    vkCmdResetQueryPool(cb, qp, 0, 2);
    vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, qp, 0);
    VkBufferCopy region = {0, 0, size};
    vkCmdCopyBuffer(cb, src.buffer, dst.buffer, 1, &region);
    vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, qp, 1);
    CHECK(vkEndCommandBuffer(cb));

    const unsigned warmup = 3;
    double *dev_ms = calloc(repeat, sizeof(double)), *wall_ms = calloc(repeat, sizeof(double));
    for (unsigned r = 0; r < warmup + repeat; r++) {
        double wall;
        if ((rc = submit_wait(dev, queue, cb, fence, &wall)))
            return rc;
        uint64_t ts[2];
        CHECK(vkGetQueryPoolResults(dev, qp, 0, 2, sizeof ts, ts, sizeof ts[0],
                                    VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
        if (r >= warmup) {
            dev_ms[r - warmup] = (double)((ts[1] - ts[0]) & mask) * period_ns / 1e6;
            wall_ms[r - warmup] = wall;
        }
    }
    double dev_min = dev_ms[0], wall_min = wall_ms[0];
    for (unsigned r = 1; r < repeat; r++) {
        if (dev_ms[r] < dev_min)
            dev_min = dev_ms[r];
        if (wall_ms[r] < wall_min)
            wall_min = wall_ms[r];
    }
    double dev_med = median(dev_ms, repeat), wall_med = median(wall_ms, repeat);

    /* Check: the first and last CHECK_BYTES of every slice of the destination. */
    CHECK(vkResetCommandBuffer(cb, 0));
    CHECK(vkBeginCommandBuffer(cb, &bi));
    VkBufferCopy back[2 * SLICES];
    for (unsigned s = 0; s < SLICES; s++) {
        back[2 * s] = (VkBufferCopy){s * slice, 2 * s * CHECK_BYTES, CHECK_BYTES};
        back[2 * s + 1] = (VkBufferCopy){(s + 1) * slice - CHECK_BYTES, (2 * s + 1) * CHECK_BYTES, CHECK_BYTES};
    }
    vkCmdCopyBuffer(cb, dst.buffer, host.buffer, 2 * SLICES, back);
    barrier(cb, VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_HOST_READ_BIT);
    CHECK(vkEndCommandBuffer(cb));
    if ((rc = submit_wait(dev, queue, cb, fence, NULL)))
        return rc;
    void *mapped;
    CHECK(vkMapMemory(dev, host.memory, 0, check_size, 0, &mapped));
    size_t bad = 0;
    for (unsigned s = 0; s < SLICES; s++)
        for (size_t w = 0; w < 2 * CHECK_BYTES / 4; w++)
            if (((const uint32_t *)mapped)[2 * s * CHECK_BYTES / 4 + w] != pattern(s))
                bad++;
    vkUnmapMemory(dev, host.memory);

    double moved = 2.0 * (double)size;
    printf("copy_buffer: size %llu bytes_moved %.0f repeat %u device_ms_median %.4f device_ms_min %.4f "
           "wall_ms_median %.4f wall_ms_min %.4f gbps %.1f check %s family %u flags 0x%x device \"%s\"\n",
           size, moved, repeat, dev_med, dev_min, wall_med, wall_min, moved / (dev_med * 1e6),
           bad ? "FAILED" : "ok", family, (unsigned)qf[family].queueFlags, props.deviceName);
    if (bad)
        fprintf(stderr, "bench_copy_buffer: error: %zu words of the destination differ from the source\n", bad);

    vkDestroyQueryPool(dev, qp, NULL);
    vkDestroyFence(dev, fence, NULL);
    vkDestroyCommandPool(dev, pool, NULL);
    buffer *all[] = {&src, &dst, &host};
    for (int i = 0; i < 3; i++) {
        vkDestroyBuffer(dev, all[i]->buffer, NULL);
        vkFreeMemory(dev, all[i]->memory, NULL);
    }
    vkDestroyDevice(dev, NULL);
    vkDestroyInstance(inst, NULL);
    free(dev_ms);
    free(wall_ms);
    free(qf);
    free(pds);
    return bad ? 1 : 0;
}

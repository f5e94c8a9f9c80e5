/* The Vulkan backend of `spvkit run`: turns a checked plan (run_internal.h) into Vulkan objects,
   dispatches, times and reads back.

   libvulkan is opened with dlopen and every function comes from vkGetInstanceProcAddr or
   vkGetDeviceProcAddr, so spvkit builds and runs where Vulkan is absent and says so only when a
   run asks for it. The declarations are spvkit's own (vulkan_api.h).

   What the device is asked for is derived from the module, not guessed: each OpCapability maps to
   the feature (or property, or API version) that the Vulkan specification's SPIR-V environment
   appendix names for it, and each OpExtension to its device extension or the core version that
   absorbed it. Enabling everything the device offers would hide exactly the errors a kernel author
   wants to see before shipping to a device that lacks a feature, and enabling nothing would fail
   in the driver with VK_ERROR_FEATURE_NOT_PRESENT or, worse, silently. A capability the table does
   not know is an error naming it. Every requirement is checked before the device is created, and
   all the missing ones are reported together.

   Memory is device-local. Where the device-local memory type is also host-visible and coherent
   (lavapipe, integrated GPUs) it is mapped directly; elsewhere buffers go through staging copies,
   because host-visible memory on a discrete GPU is far slower for the kernel to read than its own
   memory, and memory bandwidth is what the benchmarks measure. Uploads and read-back are outside
   the timed part: the wall time is submit to fence, the device time between two timestamps around
   the dispatches.

   Every object lives in one vk_session; the one cleanup path (session_destroy, context_close)
   destroys whatever was created, whichever step failed, except after a submission outlived the
   timeout: then the device may still use everything, and nothing is destroyed (context_close). */
#define _GNU_SOURCE /* dl_iterate_phdr (keep_drivers_mapped); it implies POSIX 2008 */

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "spvkit/grammar.h"
#include "run_internal.h"
#include "vulkan_api.h"

/* ---- Loading libvulkan and its functions ---- */

/* Instance-level functions every run needs (core 1.0 and 1.1). */
#define VK_INSTANCE_FUNCTIONS(X)                 \
    X(vkDestroyInstance)                         \
    X(vkEnumeratePhysicalDevices)                \
    X(vkGetPhysicalDeviceProperties)             \
    X(vkGetPhysicalDeviceProperties2)            \
    X(vkGetPhysicalDeviceFeatures)               \
    X(vkGetPhysicalDeviceFeatures2)              \
    X(vkGetPhysicalDeviceQueueFamilyProperties)  \
    X(vkGetPhysicalDeviceMemoryProperties)       \
    X(vkEnumerateDeviceExtensionProperties)      \
    X(vkCreateDevice)                            \
    X(vkGetDeviceProcAddr)

/* Device-level functions (core 1.0). */
#define VK_DEVICE_FUNCTIONS(X)      \
    X(vkDestroyDevice)              \
    X(vkDeviceWaitIdle)             \
    X(vkGetDeviceQueue)             \
    X(vkCreateBuffer)               \
    X(vkDestroyBuffer)              \
    X(vkGetBufferMemoryRequirements) \
    X(vkAllocateMemory)             \
    X(vkFreeMemory)                 \
    X(vkBindBufferMemory)           \
    X(vkMapMemory)                  \
    X(vkUnmapMemory)                \
    X(vkCreateDescriptorSetLayout)  \
    X(vkDestroyDescriptorSetLayout) \
    X(vkCreateDescriptorPool)       \
    X(vkDestroyDescriptorPool)      \
    X(vkAllocateDescriptorSets)     \
    X(vkUpdateDescriptorSets)       \
    X(vkCreatePipelineLayout)       \
    X(vkDestroyPipelineLayout)      \
    X(vkCreateShaderModule)         \
    X(vkDestroyShaderModule)        \
    X(vkCreateComputePipelines)     \
    X(vkDestroyPipeline)            \
    X(vkCreateCommandPool)          \
    X(vkDestroyCommandPool)         \
    X(vkAllocateCommandBuffers)     \
    X(vkBeginCommandBuffer)         \
    X(vkEndCommandBuffer)           \
    X(vkCmdBindPipeline)            \
    X(vkCmdBindDescriptorSets)      \
    X(vkCmdPushConstants)           \
    X(vkCmdDispatch)                \
    X(vkCmdPipelineBarrier)         \
    X(vkCmdCopyBuffer)              \
    X(vkCmdResetQueryPool)          \
    X(vkCmdWriteTimestamp)          \
    X(vkCreateQueryPool)            \
    X(vkDestroyQueryPool)           \
    X(vkGetQueryPoolResults)        \
    X(vkCreateFence)                \
    X(vkDestroyFence)               \
    X(vkResetFences)                \
    X(vkWaitForFences)              \
    X(vkQueueSubmit)

typedef struct vk_functions {
    spvk_PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr;
    spvk_PFN_vkEnumerateInstanceVersion vkEnumerateInstanceVersion; /* NULL: a Vulkan 1.0 loader */
    spvk_PFN_vkEnumerateInstanceLayerProperties vkEnumerateInstanceLayerProperties;
    spvk_PFN_vkEnumerateInstanceExtensionProperties vkEnumerateInstanceExtensionProperties;
    spvk_PFN_vkCreateInstance vkCreateInstance;
#define DECLARE(name) spvk_PFN_##name name;
    VK_INSTANCE_FUNCTIONS(DECLARE)
    VK_DEVICE_FUNCTIONS(DECLARE)
#undef DECLARE
    /* Extension functions: NULL when the extension is absent. */
    spvk_PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR;
    spvk_PFN_vkCreateDebugUtilsMessengerEXT vkCreateDebugUtilsMessengerEXT;
    spvk_PFN_vkDestroyDebugUtilsMessengerEXT vkDestroyDebugUtilsMessengerEXT;
} vk_functions;

/* The loader, the instance and the validation messages: what a device listing and a run share. */
typedef struct vk_context {
    const spvk_allocator *allocator;
    spvk_diagnostics *diags;
    void *library;
    vk_functions fn;
    uint32_t instance_version; /* the API version the instance was created with */
    spvk_VkInstance instance;
    spvk_VkDebugUtilsMessengerEXT messenger;
    uint32_t validation_layer_version; /* its specVersion, when validating */
    size_t validation_errors, validation_warnings;
    bool busy; /* a submission outlived the timeout: the device may still run it (see context_close) */
} vk_context;

static const char *vk_result_name(spvk_VkResult r)
{
    switch (r) {
    case SPVK_VK_SUCCESS: return "VK_SUCCESS";
    case SPVK_VK_NOT_READY: return "VK_NOT_READY";
    case SPVK_VK_TIMEOUT: return "VK_TIMEOUT";
    case SPVK_VK_EVENT_SET: return "VK_EVENT_SET";
    case SPVK_VK_EVENT_RESET: return "VK_EVENT_RESET";
    case SPVK_VK_INCOMPLETE: return "VK_INCOMPLETE";
    case SPVK_VK_ERROR_OUT_OF_HOST_MEMORY: return "VK_ERROR_OUT_OF_HOST_MEMORY";
    case SPVK_VK_ERROR_OUT_OF_DEVICE_MEMORY: return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
    case SPVK_VK_ERROR_INITIALIZATION_FAILED: return "VK_ERROR_INITIALIZATION_FAILED";
    case SPVK_VK_ERROR_DEVICE_LOST: return "VK_ERROR_DEVICE_LOST";
    case SPVK_VK_ERROR_MEMORY_MAP_FAILED: return "VK_ERROR_MEMORY_MAP_FAILED";
    case SPVK_VK_ERROR_LAYER_NOT_PRESENT: return "VK_ERROR_LAYER_NOT_PRESENT";
    case SPVK_VK_ERROR_EXTENSION_NOT_PRESENT: return "VK_ERROR_EXTENSION_NOT_PRESENT";
    case SPVK_VK_ERROR_FEATURE_NOT_PRESENT: return "VK_ERROR_FEATURE_NOT_PRESENT";
    case SPVK_VK_ERROR_INCOMPATIBLE_DRIVER: return "VK_ERROR_INCOMPATIBLE_DRIVER";
    case SPVK_VK_ERROR_TOO_MANY_OBJECTS: return "VK_ERROR_TOO_MANY_OBJECTS";
    case SPVK_VK_ERROR_FORMAT_NOT_SUPPORTED: return "VK_ERROR_FORMAT_NOT_SUPPORTED";
    case SPVK_VK_ERROR_FRAGMENTED_POOL: return "VK_ERROR_FRAGMENTED_POOL";
    case SPVK_VK_ERROR_UNKNOWN: return "VK_ERROR_UNKNOWN";
    case SPVK_VK_ERROR_OUT_OF_POOL_MEMORY: return "VK_ERROR_OUT_OF_POOL_MEMORY";
    case SPVK_VK_ERROR_INVALID_EXTERNAL_HANDLE: return "VK_ERROR_INVALID_EXTERNAL_HANDLE";
    case SPVK_VK_ERROR_FRAGMENTATION: return "VK_ERROR_FRAGMENTATION";
    case SPVK_VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS: return "VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS";
    case SPVK_VK_PIPELINE_COMPILE_REQUIRED: return "VK_PIPELINE_COMPILE_REQUIRED";
    case SPVK_VK_ERROR_VALIDATION_FAILED_EXT: return "VK_ERROR_VALIDATION_FAILED_EXT";
    case SPVK_VK_ERROR_INVALID_SHADER_NV: return "VK_ERROR_INVALID_SHADER_NV";
    }
    return NULL;
}

/* Reports a failed Vulkan call: "vulkan: vkCreateBuffer failed: VK_ERROR_OUT_OF_DEVICE_MEMORY". */
static spvk_result vk_failed(vk_context *ctx, const char *call, spvk_VkResult r)
{
    const char *name = vk_result_name(r);
    if (name)
        spvk_run_error(ctx->diags, "vulkan: %s failed: %s", call, name);
    else
        spvk_run_error(ctx->diags, "vulkan: %s failed: VkResult %d", call, (int)r);
    return SPVK_ERROR_DEVICE;
}

static spvk_result vk_out_of_memory(vk_context *ctx)
{
    spvk_run_error(ctx->diags, "vulkan: out of memory");
    return SPVK_ERROR_OUT_OF_MEMORY;
}

/* Allocates count elements of size bytes, zeroed; count 0 gives NULL without an allocation (so
   every free can pass count * size back). */
static void *vk_alloc_array(vk_context *ctx, size_t count, size_t size)
{
    if (count == 0 || count > SIZE_MAX / size)
        return NULL;
    void *p = spvk_alloc(ctx->allocator, count * size);
    if (p)
        memset(p, 0, count * size);
    return p;
}

static void vk_free_array(vk_context *ctx, void *p, size_t count, size_t size)
{
    spvk_free(ctx->allocator, p, count * size);
}

static void *load_symbol(void *library, const char *name)
{
    return dlsym(library, name);
}

/* dlsym and vkGet*ProcAddr return a generic pointer; the bytes are copied into the typed
   function pointer (ISO C has no conversion between object and function pointers). */
#define SET_FUNCTION(dst, src)                                 \
    do {                                                       \
        spvk_PFN_vkVoidFunction src_ = (src);                  \
        memcpy(&(dst), &src_, sizeof(dst));                    \
    } while (0)

/* Under LeakSanitizer the drivers the loader opened stay mapped after it closes them: lavapipe
   keeps a cache it never frees behind a global, which is no leak while the driver is mapped and is
   reported as one (128 bytes "in <unknown module>") once vkDestroyInstance unmaps it. Marking every
   loaded object RTLD_NODELETE keeps those globals visible to the leak check, so that spvkit's own
   leaks are still reported. Other builds unload drivers as the loader decides. */
#if defined(__SANITIZE_ADDRESS__) && defined(RTLD_NODELETE) && defined(RTLD_NOLOAD)
static int pin_object(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size, (void)data;
    if (info->dlpi_name && info->dlpi_name[0]) {
        void *h = dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
        if (h)
            dlclose(h);
    }
    return 0;
}
static void keep_drivers_mapped(void) { dl_iterate_phdr(pin_object, NULL); }
#else
static void keep_drivers_mapped(void) {}
#endif

static spvk_result load_library(vk_context *ctx)
{
    const char *names[] = {"libvulkan.so.1", "libvulkan.so"};
    char first_error[512] = "";
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]) && !ctx->library; i++) {
        ctx->library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (!ctx->library && i == 0) {
            const char *e = dlerror();
            snprintf(first_error, sizeof(first_error), "%s", e ? e : "not found");
        }
    }
    if (!ctx->library) {
        spvk_run_error(ctx->diags,
                       "vulkan: cannot load libvulkan.so.1: %s; install libvulkan1 and a driver "
                       "(mesa-vulkan-drivers for lavapipe)",
                       first_error);
        return SPVK_ERROR_DEVICE;
    }
    void *symbol = load_symbol(ctx->library, "vkGetInstanceProcAddr");
    if (!symbol) {
        spvk_run_error(ctx->diags, "vulkan: the Vulkan loader has no vkGetInstanceProcAddr");
        return SPVK_ERROR_DEVICE;
    }
    memcpy(&ctx->fn.vkGetInstanceProcAddr, &symbol, sizeof(ctx->fn.vkGetInstanceProcAddr));

    vk_functions *fn = &ctx->fn;
    SET_FUNCTION(fn->vkEnumerateInstanceVersion, fn->vkGetInstanceProcAddr(NULL, "vkEnumerateInstanceVersion"));
    SET_FUNCTION(fn->vkEnumerateInstanceLayerProperties,
                 fn->vkGetInstanceProcAddr(NULL, "vkEnumerateInstanceLayerProperties"));
    SET_FUNCTION(fn->vkEnumerateInstanceExtensionProperties,
                 fn->vkGetInstanceProcAddr(NULL, "vkEnumerateInstanceExtensionProperties"));
    SET_FUNCTION(fn->vkCreateInstance, fn->vkGetInstanceProcAddr(NULL, "vkCreateInstance"));
    if (!fn->vkEnumerateInstanceLayerProperties || !fn->vkEnumerateInstanceExtensionProperties ||
        !fn->vkCreateInstance) {
        spvk_run_error(ctx->diags, "vulkan: the Vulkan loader lacks vkCreateInstance or the enumeration functions");
        return SPVK_ERROR_DEVICE;
    }
    return SPVK_OK;
}

static spvk_result load_instance_functions(vk_context *ctx)
{
    vk_functions *fn = &ctx->fn;
#define LOAD(name)                                                                     \
    SET_FUNCTION(fn->name, fn->vkGetInstanceProcAddr(ctx->instance, #name));           \
    if (!fn->name) {                                                                   \
        spvk_run_error(ctx->diags, "vulkan: the Vulkan loader does not provide " #name); \
        return SPVK_ERROR_DEVICE;                                                      \
    }
    VK_INSTANCE_FUNCTIONS(LOAD)
#undef LOAD
    SET_FUNCTION(fn->vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR,
                 fn->vkGetInstanceProcAddr(ctx->instance, "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR"));
    SET_FUNCTION(fn->vkCreateDebugUtilsMessengerEXT,
                 fn->vkGetInstanceProcAddr(ctx->instance, "vkCreateDebugUtilsMessengerEXT"));
    SET_FUNCTION(fn->vkDestroyDebugUtilsMessengerEXT,
                 fn->vkGetInstanceProcAddr(ctx->instance, "vkDestroyDebugUtilsMessengerEXT"));
    return SPVK_OK;
}

static spvk_result load_device_functions(vk_context *ctx, spvk_VkDevice device)
{
    vk_functions *fn = &ctx->fn;
#define LOAD(name)                                                                   \
    SET_FUNCTION(fn->name, fn->vkGetDeviceProcAddr(device, #name));                  \
    if (!fn->name) {                                                                 \
        spvk_run_error(ctx->diags, "vulkan: the driver does not provide " #name);    \
        return SPVK_ERROR_DEVICE;                                                    \
    }
    VK_DEVICE_FUNCTIONS(LOAD)
#undef LOAD
    return SPVK_OK;
}

/* ---- The instance and the validation layer ---- */

static const char validation_layer[] = "VK_LAYER_KHRONOS_validation";

/* Each message of the validation layer becomes a diagnostic: a warning or an error, on one line. */
static spvk_VkBool32 SPVK_VKAPI_PTR on_validation_message(spvk_VkFlags severity, spvk_VkFlags types,
                                                          const spvk_VkDebugUtilsMessengerCallbackDataEXT *data,
                                                          void *user)
{
    vk_context *ctx = user;
    (void)types;
    bool error = (severity & SPVK_VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) != 0;
    if (error)
        ctx->validation_errors++;
    else
        ctx->validation_warnings++;
    const char *text = data && data->pMessage ? data->pMessage : "(no message)";
    char *line = spvk_strdup(ctx->allocator, text, strlen(text));
    if (line)
        for (char *p = line; *p; p++)
            if (*p == '\n' || *p == '\r' || *p == '\t')
                *p = ' ';
    if (error)
        spvk_run_error(ctx->diags, "vulkan validation: %s", line ? line : text);
    else
        spvk_run_warning(ctx->diags, "vulkan validation: %s", line ? line : text);
    if (line)
        spvk_free(ctx->allocator, line, strlen(line) + 1);
    return SPVK_VK_FALSE; /* the call that triggered it goes on */
}

static bool list_has_extension(const spvk_VkExtensionProperties *extensions, uint32_t count, const char *name)
{
    for (uint32_t i = 0; i < count; i++)
        if (strcmp(extensions[i].extensionName, name) == 0)
            return true;
    return false;
}

/* The instance extensions offered by the loader and the drivers (layer NULL) or by a layer. */
static spvk_result instance_extensions(vk_context *ctx, const char *layer, spvk_VkExtensionProperties **list,
                                       uint32_t *count)
{
    *list = NULL;
    *count = 0;
    uint32_t n = 0;
    spvk_VkResult r = ctx->fn.vkEnumerateInstanceExtensionProperties(layer, &n, NULL);
    if (r != SPVK_VK_SUCCESS)
        return vk_failed(ctx, "vkEnumerateInstanceExtensionProperties", r);
    if (n == 0)
        return SPVK_OK;
    *list = vk_alloc_array(ctx, n, sizeof(**list));
    if (!*list)
        return vk_out_of_memory(ctx);
    *count = n; /* freed with this count; entries the second call leaves out stay empty */
    r = ctx->fn.vkEnumerateInstanceExtensionProperties(layer, &n, *list);
    if (r != SPVK_VK_SUCCESS && r != SPVK_VK_INCOMPLETE) {
        vk_free_array(ctx, *list, *count, sizeof(**list));
        *list = NULL;
        *count = 0;
        return vk_failed(ctx, "vkEnumerateInstanceExtensionProperties", r);
    }
    return SPVK_OK;
}

/* Whether the validation layer is installed; an error naming the package when it is not. */
static spvk_result check_validation_layer(vk_context *ctx)
{
    uint32_t n = 0;
    spvk_VkResult r = ctx->fn.vkEnumerateInstanceLayerProperties(&n, NULL);
    if (r != SPVK_VK_SUCCESS)
        return vk_failed(ctx, "vkEnumerateInstanceLayerProperties", r);
    spvk_VkLayerProperties *layers = n ? vk_alloc_array(ctx, n, sizeof(*layers)) : NULL;
    if (n && !layers)
        return vk_out_of_memory(ctx);
    uint32_t allocated = n;
    r = n ? ctx->fn.vkEnumerateInstanceLayerProperties(&n, layers) : SPVK_VK_SUCCESS;
    bool found = false;
    for (uint32_t i = 0; (r == SPVK_VK_SUCCESS || r == SPVK_VK_INCOMPLETE) && i < n; i++) {
        if (strcmp(layers[i].layerName, validation_layer) == 0) {
            found = true;
            ctx->validation_layer_version = layers[i].specVersion;
        }
    }
    vk_free_array(ctx, layers, allocated, sizeof(*layers));
    if (r != SPVK_VK_SUCCESS && r != SPVK_VK_INCOMPLETE)
        return vk_failed(ctx, "vkEnumerateInstanceLayerProperties", r);
    if (!found) {
        spvk_run_error(ctx->diags,
                       "vulkan: --validate needs the layer %s, which the Vulkan loader does not list; install "
                       "the Debian package vulkan-validationlayers",
                       validation_layer);
        return SPVK_ERROR_DEVICE;
    }
    return SPVK_OK;
}

/* Creates the instance at the highest API version up to 1.3 the loader offers (spvkit uses
   nothing newer), with portability enumeration where offered (so MoltenVK-style drivers are
   listed) and, for validate, the validation layer and a messenger that turns its messages into
   diagnostics. */
static spvk_result context_open(vk_context *ctx, bool validate)
{
    spvk_result result = load_library(ctx);
    if (result != SPVK_OK)
        return result;

    uint32_t loader_version = SPVK_VK_API_VERSION_1_0;
    if (ctx->fn.vkEnumerateInstanceVersion) {
        spvk_VkResult r = ctx->fn.vkEnumerateInstanceVersion(&loader_version);
        if (r != SPVK_VK_SUCCESS)
            return vk_failed(ctx, "vkEnumerateInstanceVersion", r);
    }
    if (loader_version < SPVK_VK_API_VERSION_1_1) {
        spvk_run_error(ctx->diags, "vulkan: the Vulkan loader supports Vulkan 1.0 only; spvkit needs 1.1 or newer");
        return SPVK_ERROR_DEVICE;
    }
    ctx->instance_version = loader_version < SPVK_VK_API_VERSION_1_3 ? loader_version : SPVK_VK_API_VERSION_1_3;

    if (validate && (result = check_validation_layer(ctx)) != SPVK_OK)
        return result;

    spvk_VkExtensionProperties *offered = NULL, *layer_offered = NULL;
    uint32_t num_offered = 0, num_layer_offered = 0;
    result = instance_extensions(ctx, NULL, &offered, &num_offered);
    if (result == SPVK_OK && validate)
        result = instance_extensions(ctx, validation_layer, &layer_offered, &num_layer_offered);
    const char *extensions[2];
    uint32_t num_extensions = 0;
    spvk_VkFlags flags = 0;
    if (result == SPVK_OK) {
        if (list_has_extension(offered, num_offered, "VK_KHR_portability_enumeration")) {
            extensions[num_extensions++] = "VK_KHR_portability_enumeration";
            flags |= SPVK_VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR;
        }
        if (validate) {
            if (list_has_extension(offered, num_offered, "VK_EXT_debug_utils") ||
                list_has_extension(layer_offered, num_layer_offered, "VK_EXT_debug_utils")) {
                extensions[num_extensions++] = "VK_EXT_debug_utils";
            } else {
                spvk_run_error(ctx->diags, "vulkan: --validate needs the instance extension VK_EXT_debug_utils, "
                                           "which neither the loader nor the validation layer offers");
                result = SPVK_ERROR_DEVICE;
            }
        }
    }
    vk_free_array(ctx, offered, num_offered, sizeof(*offered));
    vk_free_array(ctx, layer_offered, num_layer_offered, sizeof(*layer_offered));
    if (result != SPVK_OK)
        return result;

    spvk_VkDebugUtilsMessengerCreateInfoEXT messenger_info = {0};
    messenger_info.sType = SPVK_VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT;
    messenger_info.messageSeverity =
        SPVK_VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | SPVK_VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    messenger_info.messageType = SPVK_VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                                 SPVK_VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                                 SPVK_VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    messenger_info.pfnUserCallback = on_validation_message;
    messenger_info.pUserData = ctx;

    spvk_VkApplicationInfo app = {0};
    app.sType = SPVK_VK_STRUCTURE_TYPE_APPLICATION_INFO;
    app.pApplicationName = "spvkit";
    app.pEngineName = "spvkit";
    app.apiVersion = ctx->instance_version;
    spvk_VkInstanceCreateInfo info = {0};
    info.sType = SPVK_VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
    /* Chained here too, the messenger also hears vkCreateInstance and vkDestroyInstance. */
    info.pNext = validate ? &messenger_info : NULL;
    info.flags = flags;
    info.pApplicationInfo = &app;
    const char *layers[1] = {validation_layer};
    info.enabledLayerCount = validate ? 1 : 0;
    info.ppEnabledLayerNames = validate ? layers : NULL;
    info.enabledExtensionCount = num_extensions;
    info.ppEnabledExtensionNames = num_extensions ? extensions : NULL;
    spvk_VkResult r = ctx->fn.vkCreateInstance(&info, NULL, &ctx->instance);
    if (r != SPVK_VK_SUCCESS) {
        ctx->instance = NULL;
        if (r == SPVK_VK_ERROR_INCOMPATIBLE_DRIVER) {
            spvk_run_error(ctx->diags,
                           "vulkan: vkCreateInstance failed: VK_ERROR_INCOMPATIBLE_DRIVER (no usable Vulkan driver: "
                           "none is installed, or the installed one failed to load, which VK_LOADER_DEBUG=driver "
                           "explains; mesa-vulkan-drivers provides lavapipe)");
            return SPVK_ERROR_DEVICE;
        }
        return vk_failed(ctx, "vkCreateInstance", r);
    }
    keep_drivers_mapped();
    if ((result = load_instance_functions(ctx)) != SPVK_OK)
        return result;
    if (validate) {
        if (!ctx->fn.vkCreateDebugUtilsMessengerEXT || !ctx->fn.vkDestroyDebugUtilsMessengerEXT) {
            spvk_run_error(ctx->diags, "vulkan: the Vulkan loader does not provide vkCreateDebugUtilsMessengerEXT");
            return SPVK_ERROR_DEVICE;
        }
        r = ctx->fn.vkCreateDebugUtilsMessengerEXT(ctx->instance, &messenger_info, NULL, &ctx->messenger);
        if (r != SPVK_VK_SUCCESS) {
            ctx->messenger = SPVK_VK_NULL_HANDLE;
            return vk_failed(ctx, "vkCreateDebugUtilsMessengerEXT", r);
        }
    }
    return SPVK_OK;
}

static void context_close(vk_context *ctx)
{
    /* A kernel that outlived the timeout may still run, on the driver's threads (lavapipe) or the
       device: destroying what it uses is undefined, waiting for it may never end (lavapipe's
       vkDeviceWaitIdle had not returned after 20 s on tests/run/kernels/endless.comp), and
       unloading the driver would unmap code those threads run. Everything is left to the
       process's end, but the messenger, whose user data (ctx) ends with this call. */
    if (ctx->busy) {
        if (ctx->messenger)
            ctx->fn.vkDestroyDebugUtilsMessengerEXT(ctx->instance, ctx->messenger, NULL);
        return;
    }
    if (ctx->messenger)
        ctx->fn.vkDestroyDebugUtilsMessengerEXT(ctx->instance, ctx->messenger, NULL);
    if (ctx->instance && ctx->fn.vkDestroyInstance)
        ctx->fn.vkDestroyInstance(ctx->instance, NULL);
    if (ctx->library)
        dlclose(ctx->library);
    ctx->messenger = SPVK_VK_NULL_HANDLE;
    ctx->instance = NULL;
    ctx->library = NULL;
}

/* ---- What a physical device offers ---- */

/* The feature structures spvkit reads and enables, chained behind VkPhysicalDeviceFeatures2. */
typedef enum feature_struct_id {
    FS_CORE,
    FS_V11,
    FS_V12,
    FS_V13,
    FS_BF16,
    FS_COOP,
    FS_ATOMIC_FLOAT,
    FS_WORKGROUP_LAYOUT,
    FS_COUNT
} feature_struct_id;

typedef struct feature_set {
    spvk_VkPhysicalDeviceFeatures2 core;
    spvk_VkPhysicalDeviceVulkan11Features v11;
    spvk_VkPhysicalDeviceVulkan12Features v12;
    spvk_VkPhysicalDeviceVulkan13Features v13;
    spvk_VkPhysicalDeviceShaderBfloat16FeaturesKHR bf16;
    spvk_VkPhysicalDeviceCooperativeMatrixFeaturesKHR coop;
    spvk_VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomic_float;
    spvk_VkPhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR workgroup_layout;
} feature_set;

typedef struct feature_struct_desc {
    const char *name;
    size_t offset;        /* in feature_set */
    int32_t stype;
    uint32_t min_version; /* the API version that has it (0: only the extension) */
    const char *extension; /* the device extension that provides it (NULL: core only) */
} feature_struct_desc;

static const feature_struct_desc feature_structs[FS_COUNT] = {
    [FS_CORE] = {"VkPhysicalDeviceFeatures", offsetof(feature_set, core),
                 SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, SPVK_VK_API_VERSION_1_0, NULL},
    /* The Vulkan11/12/13 aggregates exist from 1.2 and 1.3; older devices would need the
       per-extension structures, which spvkit does not declare: their features read as absent. */
    [FS_V11] = {"VkPhysicalDeviceVulkan11Features", offsetof(feature_set, v11),
                SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, SPVK_VK_API_VERSION_1_2, NULL},
    [FS_V12] = {"VkPhysicalDeviceVulkan12Features", offsetof(feature_set, v12),
                SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, SPVK_VK_API_VERSION_1_2, NULL},
    [FS_V13] = {"VkPhysicalDeviceVulkan13Features", offsetof(feature_set, v13),
                SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES, SPVK_VK_API_VERSION_1_3, NULL},
    [FS_BF16] = {"VkPhysicalDeviceShaderBfloat16FeaturesKHR", offsetof(feature_set, bf16),
                 SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR, 0, "VK_KHR_shader_bfloat16"},
    [FS_COOP] = {"VkPhysicalDeviceCooperativeMatrixFeaturesKHR", offsetof(feature_set, coop),
                 SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR, 0,
                 "VK_KHR_cooperative_matrix"},
    [FS_ATOMIC_FLOAT] = {"VkPhysicalDeviceShaderAtomicFloatFeaturesEXT", offsetof(feature_set, atomic_float),
                         SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT, 0,
                         "VK_EXT_shader_atomic_float"},
    [FS_WORKGROUP_LAYOUT] = {"VkPhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR",
                             offsetof(feature_set, workgroup_layout),
                             SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_WORKGROUP_MEMORY_EXPLICIT_LAYOUT_FEATURES_KHR, 0,
                             "VK_KHR_workgroup_memory_explicit_layout"},
};

/* Member offsets within each structure (core features through VkPhysicalDeviceFeatures2, so that
   no offset is 0 and 0 can mean "none"). */
#define CORE_FEATURE(m) offsetof(spvk_VkPhysicalDeviceFeatures2, features.m)
#define V11_FEATURE(m) offsetof(spvk_VkPhysicalDeviceVulkan11Features, m)
#define V12_FEATURE(m) offsetof(spvk_VkPhysicalDeviceVulkan12Features, m)
#define V13_FEATURE(m) offsetof(spvk_VkPhysicalDeviceVulkan13Features, m)
#define BF16_FEATURE(m) offsetof(spvk_VkPhysicalDeviceShaderBfloat16FeaturesKHR, m)
#define COOP_FEATURE(m) offsetof(spvk_VkPhysicalDeviceCooperativeMatrixFeaturesKHR, m)
#define ATOMIC_FLOAT_FEATURE(m) offsetof(spvk_VkPhysicalDeviceShaderAtomicFloatFeaturesEXT, m)
#define WORKGROUP_LAYOUT_FEATURE(m) offsetof(spvk_VkPhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR, m)

/* Reads or sets one VkBool32 member through memcpy (no type punning of the structures). */
static bool feature_get(const feature_set *set, feature_struct_id s, size_t member)
{
    spvk_VkBool32 value;
    memcpy(&value, (const char *)set + feature_structs[s].offset + member, sizeof(value));
    return value != 0;
}

static void feature_enable(feature_set *set, feature_struct_id s, size_t member)
{
    spvk_VkBool32 value = SPVK_VK_TRUE;
    memcpy((char *)set + feature_structs[s].offset + member, &value, sizeof(value));
}

static void chain_link(void *structure, int32_t stype, void *next)
{
    spvk_VkStructureType type = stype;
    memcpy(structure, &type, sizeof(type));
    memcpy((char *)structure + offsetof(spvk_VkPhysicalDeviceFeatures2, pNext), &next, sizeof(next));
}

/* Links the included structures behind set->core (always first) and returns the chain's head. */
static spvk_VkPhysicalDeviceFeatures2 *feature_set_link(feature_set *set, const bool include[FS_COUNT])
{
    void *next = NULL;
    for (int i = FS_COUNT - 1; i >= 0; i--) {
        if (!include[i] && i != FS_CORE)
            continue;
        void *structure = (char *)set + feature_structs[i].offset;
        chain_link(structure, feature_structs[i].stype, next);
        next = structure;
    }
    return &set->core;
}

typedef struct vk_device_caps {
    spvk_VkPhysicalDevice handle;
    uint32_t api_version; /* the device's, capped at the instance's: what spvkit may use */
    spvk_VkPhysicalDeviceProperties props;
    spvk_VkPhysicalDeviceSubgroupProperties subgroup;
    spvk_VkPhysicalDeviceDriverProperties driver;
    spvk_VkPhysicalDeviceFloatControlsProperties float_controls;
    bool has_driver, has_float_controls;
    feature_set features;
    bool present[FS_COUNT]; /* the structures this device has (version or extension) */
    spvk_VkExtensionProperties *extensions;
    uint32_t num_extensions;
    spvk_VkQueueFamilyProperties *families;
    uint32_t num_families;
    spvk_VkPhysicalDeviceMemoryProperties memory;
} vk_device_caps;

static bool device_has_extension(const vk_device_caps *caps, const char *name)
{
    return list_has_extension(caps->extensions, caps->num_extensions, name);
}

static void caps_free(vk_context *ctx, vk_device_caps *caps)
{
    vk_free_array(ctx, caps->extensions, caps->num_extensions, sizeof(*caps->extensions));
    vk_free_array(ctx, caps->families, caps->num_families, sizeof(*caps->families));
    caps->extensions = NULL;
    caps->families = NULL;
}

static spvk_result query_device_lists(vk_context *ctx, vk_device_caps *caps)
{
    uint32_t n = 0;
    spvk_VkResult r = ctx->fn.vkEnumerateDeviceExtensionProperties(caps->handle, NULL, &n, NULL);
    if (r != SPVK_VK_SUCCESS)
        return vk_failed(ctx, "vkEnumerateDeviceExtensionProperties", r);
    if (n) {
        caps->extensions = vk_alloc_array(ctx, n, sizeof(*caps->extensions));
        if (!caps->extensions)
            return vk_out_of_memory(ctx);
        caps->num_extensions = n;
        r = ctx->fn.vkEnumerateDeviceExtensionProperties(caps->handle, NULL, &n, caps->extensions);
        if (r != SPVK_VK_SUCCESS && r != SPVK_VK_INCOMPLETE)
            return vk_failed(ctx, "vkEnumerateDeviceExtensionProperties", r);
        /* The list may have shrunk; the rest stays zeroed (empty names match nothing). */
    }
    n = 0;
    ctx->fn.vkGetPhysicalDeviceQueueFamilyProperties(caps->handle, &n, NULL);
    if (n) {
        caps->families = vk_alloc_array(ctx, n, sizeof(*caps->families));
        if (!caps->families)
            return vk_out_of_memory(ctx);
        caps->num_families = n;
        ctx->fn.vkGetPhysicalDeviceQueueFamilyProperties(caps->handle, &n, caps->families);
    }
    ctx->fn.vkGetPhysicalDeviceMemoryProperties(caps->handle, &caps->memory);
    return SPVK_OK;
}

/* Reads the properties, features, extensions, queue families and memory types of a device. */
static spvk_result query_device(vk_context *ctx, spvk_VkPhysicalDevice handle, vk_device_caps *caps)
{
    memset(caps, 0, sizeof(*caps));
    caps->handle = handle;
    ctx->fn.vkGetPhysicalDeviceProperties(handle, &caps->props);
    caps->api_version =
        caps->props.apiVersion < ctx->instance_version ? caps->props.apiVersion : ctx->instance_version;
    spvk_result result = query_device_lists(ctx, caps);
    if (result != SPVK_OK)
        return result;

    if (caps->api_version < SPVK_VK_API_VERSION_1_1) {
        /* A Vulkan 1.0 device: no Features2 or Properties2 chains. */
        ctx->fn.vkGetPhysicalDeviceFeatures(handle, &caps->features.core.features);
        caps->present[FS_CORE] = true;
        return SPVK_OK;
    }

    /* Properties: subgroups (1.1), driver and float controls (1.2 or their extensions). */
    caps->has_driver = caps->api_version >= SPVK_VK_API_VERSION_1_2 ||
                       device_has_extension(caps, "VK_KHR_driver_properties");
    caps->has_float_controls = caps->api_version >= SPVK_VK_API_VERSION_1_2 ||
                               device_has_extension(caps, "VK_KHR_shader_float_controls");
    spvk_VkPhysicalDeviceProperties2 props2 = {0};
    props2.sType = SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
    props2.pNext = &caps->subgroup;
    caps->subgroup.sType = SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES;
    void **tail = &caps->subgroup.pNext;
    if (caps->has_driver) {
        caps->driver.sType = SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES;
        *tail = &caps->driver;
        tail = &caps->driver.pNext;
    }
    if (caps->has_float_controls) {
        caps->float_controls.sType = SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES;
        *tail = &caps->float_controls;
    }
    ctx->fn.vkGetPhysicalDeviceProperties2(handle, &props2);
    caps->subgroup.pNext = caps->driver.pNext = caps->float_controls.pNext = NULL;

    for (int i = 0; i < FS_COUNT; i++) {
        const feature_struct_desc *d = &feature_structs[i];
        caps->present[i] = (d->min_version && caps->api_version >= d->min_version) ||
                           (d->extension && device_has_extension(caps, d->extension));
    }
    ctx->fn.vkGetPhysicalDeviceFeatures2(handle, feature_set_link(&caps->features, caps->present));
    return SPVK_OK;
}

static void format_api_version(char *out, size_t size, uint32_t version)
{
    snprintf(out, size, "%u.%u.%u", SPVK_VK_API_VERSION_MAJOR(version), SPVK_VK_API_VERSION_MINOR(version),
             SPVK_VK_API_VERSION_PATCH(version));
}

/* Appends at most max bytes of text (up to its nul) to out, truncating at size - 1. */
static void append_text(char *out, size_t size, const char *text, size_t max)
{
    size_t used = strlen(out), length = 0;
    while (length < max && text[length])
        length++;
    if (length > size - 1 - used)
        length = size - 1 - used;
    memcpy(out + used, text, length);
    out[used + length] = '\0';
}

/* "llvmpipe Mesa 22.3.6 (LLVM 15.0.6)": the driver's name and its own version text. */
static void format_driver(char *out, size_t size, const vk_device_caps *caps)
{
    out[0] = '\0';
    if (caps->has_driver) {
        append_text(out, size, caps->driver.driverName, sizeof(caps->driver.driverName));
        append_text(out, size, " ", 1);
        append_text(out, size, caps->driver.driverInfo, sizeof(caps->driver.driverInfo));
    } else {
        snprintf(out, size, "driver version 0x%08x", caps->props.driverVersion);
    }
}

/* The first queue family that can run compute work, or -1. */
static int compute_queue_family(const vk_device_caps *caps)
{
    for (uint32_t i = 0; i < caps->num_families; i++)
        if ((caps->families[i].queueFlags & SPVK_VK_QUEUE_COMPUTE_BIT) && caps->families[i].queueCount > 0)
            return (int)i;
    return -1;
}

/* ---- Listing devices ---- */

/* The physical devices, in the loader's order (the order --device counts in). */
typedef struct vk_physical_devices {
    spvk_VkPhysicalDevice *handles;
    uint32_t count;     /* the ones the loader returned */
    uint32_t allocated; /* what handles was allocated with (the first call's count) */
} vk_physical_devices;

static spvk_result enumerate_physical_devices(vk_context *ctx, vk_physical_devices *list)
{
    memset(list, 0, sizeof(*list));
    uint32_t n = 0;
    spvk_VkResult r = ctx->fn.vkEnumeratePhysicalDevices(ctx->instance, &n, NULL);
    if (r != SPVK_VK_SUCCESS)
        return vk_failed(ctx, "vkEnumeratePhysicalDevices", r);
    if (n == 0)
        return SPVK_OK;
    list->handles = vk_alloc_array(ctx, n, sizeof(*list->handles));
    if (!list->handles)
        return vk_out_of_memory(ctx);
    list->allocated = n;
    r = ctx->fn.vkEnumeratePhysicalDevices(ctx->instance, &n, list->handles);
    if (r != SPVK_VK_SUCCESS && r != SPVK_VK_INCOMPLETE)
        return vk_failed(ctx, "vkEnumeratePhysicalDevices", r);
    list->count = n < list->allocated ? n : list->allocated;
    return SPVK_OK;
}

static void free_physical_devices(vk_context *ctx, vk_physical_devices *list)
{
    vk_free_array(ctx, list->handles, list->allocated, sizeof(*list->handles));
    memset(list, 0, sizeof(*list));
}

static spvk_result query_coop_configs(vk_context *ctx, const vk_device_caps *caps, spvk_device_info *info)
{
    if (!device_has_extension(caps, "VK_KHR_cooperative_matrix") ||
        !ctx->fn.vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR)
        return SPVK_OK;
    uint32_t n = 0;
    spvk_VkResult r = ctx->fn.vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR(caps->handle, &n, NULL);
    if (r != SPVK_VK_SUCCESS)
        return vk_failed(ctx, "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR", r);
    if (n == 0)
        return SPVK_OK;
    uint32_t allocated = n;
    spvk_VkCooperativeMatrixPropertiesKHR *configs = vk_alloc_array(ctx, n, sizeof(*configs));
    if (!configs)
        return vk_out_of_memory(ctx);
    for (uint32_t i = 0; i < n; i++)
        configs[i].sType = SPVK_VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR;
    r = ctx->fn.vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR(caps->handle, &n, configs);
    if (r == SPVK_VK_SUCCESS || r == SPVK_VK_INCOMPLETE) {
        for (uint32_t i = 0; i < n && info->num_coop_configs < SPVK_MAX_COOP_CONFIGS; i++) {
            spvk_coop_matrix_config *c = &info->coop_configs[info->num_coop_configs++];
            c->m = configs[i].MSize;
            c->n = configs[i].NSize;
            c->k = configs[i].KSize;
            c->a_type = (uint32_t)configs[i].AType;
            c->b_type = (uint32_t)configs[i].BType;
            c->c_type = (uint32_t)configs[i].CType;
            c->result_type = (uint32_t)configs[i].ResultType;
            c->saturating = configs[i].saturatingAccumulation != 0;
            c->scope = (uint32_t)configs[i].scope;
        }
    }
    vk_free_array(ctx, configs, allocated, sizeof(*configs));
    if (r != SPVK_VK_SUCCESS && r != SPVK_VK_INCOMPLETE)
        return vk_failed(ctx, "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR", r);
    return SPVK_OK;
}

static spvk_result fill_device_info(vk_context *ctx, const vk_device_caps *caps, spvk_device_info *info)
{
    const feature_set *f = &caps->features;
    const spvk_VkPhysicalDeviceLimits *limits = &caps->props.limits;
    memset(info, 0, sizeof(*info));
    info->api = SPVK_API_VULKAN;
    append_text(info->name, sizeof(info->name), caps->props.deviceName, sizeof(caps->props.deviceName));
    format_driver(info->driver, sizeof(info->driver), caps);
    format_api_version(info->api_version, sizeof(info->api_version), caps->props.apiVersion);
    info->is_cpu = caps->props.deviceType == SPVK_VK_PHYSICAL_DEVICE_TYPE_CPU;

    info->float64 = f->core.features.shaderFloat64;
    info->int64 = f->core.features.shaderInt64;
    info->int16 = f->core.features.shaderInt16;
    if (caps->present[FS_V11]) {
        info->storage_buffer_16bit = f->v11.storageBuffer16BitAccess;
        info->uniform_and_storage_buffer_16bit = f->v11.uniformAndStorageBuffer16BitAccess;
        info->storage_push_constant_16bit = f->v11.storagePushConstant16;
    }
    if (caps->present[FS_V12]) {
        info->storage_buffer_8bit = f->v12.storageBuffer8BitAccess;
        info->uniform_and_storage_buffer_8bit = f->v12.uniformAndStorageBuffer8BitAccess;
        info->storage_push_constant_8bit = f->v12.storagePushConstant8;
        info->float16 = f->v12.shaderFloat16;
        info->int8 = f->v12.shaderInt8;
        info->vulkan_memory_model = f->v12.vulkanMemoryModel;
        info->vulkan_memory_model_device_scope = f->v12.vulkanMemoryModelDeviceScope;
    }
    if (caps->present[FS_BF16]) {
        info->bfloat16_type = f->bf16.shaderBFloat16Type;
        info->bfloat16_dot_product = f->bf16.shaderBFloat16DotProduct;
        info->bfloat16_cooperative_matrix = f->bf16.shaderBFloat16CooperativeMatrix;
    }
    if (caps->present[FS_COOP])
        info->cooperative_matrix = f->coop.cooperativeMatrix;

    info->subgroup_size = caps->subgroup.subgroupSize;
    for (int d = 0; d < 3; d++) {
        info->max_workgroup_count[d] = limits->maxComputeWorkGroupCount[d];
        info->max_workgroup_size[d] = limits->maxComputeWorkGroupSize[d];
    }
    info->max_workgroup_invocations = limits->maxComputeWorkGroupInvocations;
    info->max_buffer_size = limits->maxStorageBufferRange;
    int family = compute_queue_family(caps);
    info->timestamps = limits->timestampComputeAndGraphics ||
                       (family >= 0 && caps->families[family].timestampValidBits > 0);
    return query_coop_configs(ctx, caps, info);
}

spvk_result spvk_vulkan_list_devices(const spvk_allocator *allocator, spvk_device_info **devices, size_t *count,
                                     spvk_diagnostics *diags)
{
    *devices = NULL;
    *count = 0;
    vk_context ctx = {0};
    ctx.allocator = allocator;
    ctx.diags = diags;
    vk_physical_devices handles = {0};
    spvk_device_info *list = NULL;
    uint32_t num_devices = 0;

    spvk_result result = context_open(&ctx, false);
    if (result == SPVK_OK)
        result = enumerate_physical_devices(&ctx, &handles);
    if (result == SPVK_OK && handles.count) {
        list = vk_alloc_array(&ctx, handles.count, sizeof(*list));
        if (!list)
            result = vk_out_of_memory(&ctx);
        else
            num_devices = handles.count;
    }
    for (uint32_t i = 0; result == SPVK_OK && i < num_devices; i++) {
        vk_device_caps caps;
        result = query_device(&ctx, handles.handles[i], &caps);
        if (result == SPVK_OK)
            result = fill_device_info(&ctx, &caps, &list[i]);
        caps_free(&ctx, &caps);
    }
    free_physical_devices(&ctx, &handles);
    context_close(&ctx);
    if (result != SPVK_OK) {
        vk_free_array(&ctx, list, num_devices, sizeof(*list));
        return result;
    }
    *devices = list;
    *count = num_devices;
    return SPVK_OK;
}

/* ---- What the module needs ---- */

typedef enum need_kind {
    NEED_NOTHING,        /* core in Vulkan 1.0 with no feature */
    NEED_FEATURE,        /* a feature member (any one of members[]) */
    NEED_VERSION,        /* an API version, or a device extension before it */
    NEED_SUBGROUP,       /* a bit of subgroupSupportedOperations, for compute shaders */
    NEED_FLOAT_CONTROL   /* one of the three widths' float-controls properties */
} need_kind;

typedef struct capability_need {
    uint32_t capability;
    need_kind kind;
    feature_struct_id feature_struct; /* NEED_FEATURE */
    uint16_t members[3];              /* NEED_FEATURE: offsets, any one of which enables it (0: none) */
    uint16_t also;                    /* NEED_FEATURE: a member enabled with it when the device has it */
    const char *names;                /* NEED_FEATURE: the members as messages name them */
    uint32_t value;                   /* NEED_VERSION: API version; NEED_SUBGROUP: the bit;
                                         NEED_FLOAT_CONTROL: the property family */
    const char *extension;            /* NEED_VERSION: the extension that provides it earlier */
} capability_need;

/* The float-controls property families, in VkPhysicalDeviceFloatControlsProperties' order (three
   VkBool32 each, for 16-, 32- and 64-bit floats). */
enum { FC_SIGNED_ZERO, FC_DENORM_PRESERVE, FC_DENORM_FLUSH, FC_RTE, FC_RTZ, FC_COUNT };
static const char *const float_control_properties[FC_COUNT] = {
    "shaderSignedZeroInfNanPreserveFloat", "shaderDenormPreserveFloat", "shaderDenormFlushToZeroFloat",
    "shaderRoundingModeRTEFloat", "shaderRoundingModeRTZFloat"};

#define NOTHING(cap) {SPVK_CAPABILITY_##cap, NEED_NOTHING, FS_CORE, {0, 0, 0}, 0, NULL, 0, NULL}
#define FEATURE(cap, fs, offset, name) {SPVK_CAPABILITY_##cap, NEED_FEATURE, fs, {offset, 0, 0}, 0, name, 0, NULL}
#define FEATURE_ALSO(cap, fs, offset, also, name) \
    {SPVK_CAPABILITY_##cap, NEED_FEATURE, fs, {offset, 0, 0}, also, name, 0, NULL}
#define FEATURE_ANY(cap, fs, a, b, c, names) {SPVK_CAPABILITY_##cap, NEED_FEATURE, fs, {a, b, c}, 0, names, 0, NULL}
#define VERSION(cap, version, extension) \
    {SPVK_CAPABILITY_##cap, NEED_VERSION, FS_CORE, {0, 0, 0}, 0, NULL, version, extension}
#define SUBGROUP(cap, bit) {SPVK_CAPABILITY_##cap, NEED_SUBGROUP, FS_CORE, {0, 0, 0}, 0, NULL, bit, NULL}
#define FLOAT_CONTROL(cap, family) \
    {SPVK_CAPABILITY_##cap, NEED_FLOAT_CONTROL, FS_CORE, {0, 0, 0}, 0, NULL, family, NULL}

/* From the <spirvcapabilities> table of the Vulkan registry (vk.xml), for the capabilities a
   compute shader may declare. */
static const capability_need capability_needs[] = {
    NOTHING(Matrix),
    NOTHING(Shader),
    NOTHING(InputAttachment),
    NOTHING(Sampled1D),
    NOTHING(Image1D),
    NOTHING(SampledBuffer),
    NOTHING(ImageBuffer),
    NOTHING(ImageQuery),
    NOTHING(DerivativeControl),
    NOTHING(StorageImageExtendedFormats),
    FEATURE(Float64, FS_CORE, CORE_FEATURE(shaderFloat64), "shaderFloat64"),
    FEATURE(Int64, FS_CORE, CORE_FEATURE(shaderInt64), "shaderInt64"),
    FEATURE(Int16, FS_CORE, CORE_FEATURE(shaderInt16), "shaderInt16"),
    FEATURE(UniformBufferArrayDynamicIndexing, FS_CORE, CORE_FEATURE(shaderUniformBufferArrayDynamicIndexing),
            "shaderUniformBufferArrayDynamicIndexing"),
    FEATURE(StorageBufferArrayDynamicIndexing, FS_CORE, CORE_FEATURE(shaderStorageBufferArrayDynamicIndexing),
            "shaderStorageBufferArrayDynamicIndexing"),
    FEATURE(StorageBuffer16BitAccess, FS_V11, V11_FEATURE(storageBuffer16BitAccess), "storageBuffer16BitAccess"),
    FEATURE(UniformAndStorageBuffer16BitAccess, FS_V11, V11_FEATURE(uniformAndStorageBuffer16BitAccess),
            "uniformAndStorageBuffer16BitAccess"),
    FEATURE(StoragePushConstant16, FS_V11, V11_FEATURE(storagePushConstant16), "storagePushConstant16"),
    FEATURE(VariablePointersStorageBuffer, FS_V11, V11_FEATURE(variablePointersStorageBuffer),
            "variablePointersStorageBuffer"),
    /* variablePointers may only be enabled with variablePointersStorageBuffer. */
    FEATURE_ALSO(VariablePointers, FS_V11, V11_FEATURE(variablePointers), V11_FEATURE(variablePointersStorageBuffer),
                 "variablePointers"),
    FEATURE(StorageBuffer8BitAccess, FS_V12, V12_FEATURE(storageBuffer8BitAccess), "storageBuffer8BitAccess"),
    FEATURE(UniformAndStorageBuffer8BitAccess, FS_V12, V12_FEATURE(uniformAndStorageBuffer8BitAccess),
            "uniformAndStorageBuffer8BitAccess"),
    FEATURE(StoragePushConstant8, FS_V12, V12_FEATURE(storagePushConstant8), "storagePushConstant8"),
    FEATURE(Float16, FS_V12, V12_FEATURE(shaderFloat16), "shaderFloat16"),
    FEATURE(Int8, FS_V12, V12_FEATURE(shaderInt8), "shaderInt8"),
    FEATURE_ANY(Int64Atomics, FS_V12, V12_FEATURE(shaderBufferInt64Atomics), V12_FEATURE(shaderSharedInt64Atomics), 0,
                "shaderBufferInt64Atomics or shaderSharedInt64Atomics"),
    /* Device-scope memory semantics under the Vulkan memory model need the second feature; a
       module that declares only VulkanMemoryModel gets it where the device has it. */
    FEATURE_ALSO(VulkanMemoryModel, FS_V12, V12_FEATURE(vulkanMemoryModel), V12_FEATURE(vulkanMemoryModelDeviceScope),
                 "vulkanMemoryModel"),
    FEATURE(VulkanMemoryModelDeviceScope, FS_V12, V12_FEATURE(vulkanMemoryModelDeviceScope),
            "vulkanMemoryModelDeviceScope"),
    FEATURE(PhysicalStorageBufferAddresses, FS_V12, V12_FEATURE(bufferDeviceAddress), "bufferDeviceAddress"),
    FEATURE(RuntimeDescriptorArray, FS_V12, V12_FEATURE(runtimeDescriptorArray), "runtimeDescriptorArray"),
    FEATURE(UniformBufferArrayNonUniformIndexing, FS_V12, V12_FEATURE(shaderUniformBufferArrayNonUniformIndexing),
            "shaderUniformBufferArrayNonUniformIndexing"),
    FEATURE(StorageBufferArrayNonUniformIndexing, FS_V12, V12_FEATURE(shaderStorageBufferArrayNonUniformIndexing),
            "shaderStorageBufferArrayNonUniformIndexing"),
    FEATURE(DotProductInputAll, FS_V13, V13_FEATURE(shaderIntegerDotProduct), "shaderIntegerDotProduct"),
    FEATURE(DotProductInput4x8Bit, FS_V13, V13_FEATURE(shaderIntegerDotProduct), "shaderIntegerDotProduct"),
    FEATURE(DotProductInput4x8BitPacked, FS_V13, V13_FEATURE(shaderIntegerDotProduct), "shaderIntegerDotProduct"),
    FEATURE(DotProduct, FS_V13, V13_FEATURE(shaderIntegerDotProduct), "shaderIntegerDotProduct"),
    FEATURE(BFloat16TypeKHR, FS_BF16, BF16_FEATURE(shaderBFloat16Type), "shaderBFloat16Type"),
    FEATURE(BFloat16DotProductKHR, FS_BF16, BF16_FEATURE(shaderBFloat16DotProduct), "shaderBFloat16DotProduct"),
    FEATURE(BFloat16CooperativeMatrixKHR, FS_BF16, BF16_FEATURE(shaderBFloat16CooperativeMatrix),
            "shaderBFloat16CooperativeMatrix"),
    FEATURE(CooperativeMatrixKHR, FS_COOP, COOP_FEATURE(cooperativeMatrix), "cooperativeMatrix"),
    FEATURE_ANY(AtomicFloat32AddEXT, FS_ATOMIC_FLOAT, ATOMIC_FLOAT_FEATURE(shaderBufferFloat32AtomicAdd),
                ATOMIC_FLOAT_FEATURE(shaderSharedFloat32AtomicAdd), ATOMIC_FLOAT_FEATURE(shaderImageFloat32AtomicAdd),
                "shaderBufferFloat32AtomicAdd, shaderSharedFloat32AtomicAdd or shaderImageFloat32AtomicAdd"),
    FEATURE_ANY(AtomicFloat64AddEXT, FS_ATOMIC_FLOAT, ATOMIC_FLOAT_FEATURE(shaderBufferFloat64AtomicAdd),
                ATOMIC_FLOAT_FEATURE(shaderSharedFloat64AtomicAdd), 0,
                "shaderBufferFloat64AtomicAdd or shaderSharedFloat64AtomicAdd"),
    FEATURE(WorkgroupMemoryExplicitLayoutKHR, FS_WORKGROUP_LAYOUT,
            WORKGROUP_LAYOUT_FEATURE(workgroupMemoryExplicitLayout), "workgroupMemoryExplicitLayout"),
    FEATURE(WorkgroupMemoryExplicitLayout8BitAccessKHR, FS_WORKGROUP_LAYOUT,
            WORKGROUP_LAYOUT_FEATURE(workgroupMemoryExplicitLayout8BitAccess),
            "workgroupMemoryExplicitLayout8BitAccess"),
    FEATURE(WorkgroupMemoryExplicitLayout16BitAccessKHR, FS_WORKGROUP_LAYOUT,
            WORKGROUP_LAYOUT_FEATURE(workgroupMemoryExplicitLayout16BitAccess),
            "workgroupMemoryExplicitLayout16BitAccess"),
    VERSION(ShaderNonUniform, SPVK_VK_API_VERSION_1_2, "VK_EXT_descriptor_indexing"),
    VERSION(DeviceGroup, SPVK_VK_API_VERSION_1_1, "VK_KHR_device_group"),
    SUBGROUP(GroupNonUniform, SPVK_VK_SUBGROUP_FEATURE_BASIC_BIT),
    SUBGROUP(GroupNonUniformVote, SPVK_VK_SUBGROUP_FEATURE_VOTE_BIT),
    SUBGROUP(GroupNonUniformArithmetic, SPVK_VK_SUBGROUP_FEATURE_ARITHMETIC_BIT),
    SUBGROUP(GroupNonUniformBallot, SPVK_VK_SUBGROUP_FEATURE_BALLOT_BIT),
    SUBGROUP(GroupNonUniformShuffle, SPVK_VK_SUBGROUP_FEATURE_SHUFFLE_BIT),
    SUBGROUP(GroupNonUniformShuffleRelative, SPVK_VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT),
    SUBGROUP(GroupNonUniformClustered, SPVK_VK_SUBGROUP_FEATURE_CLUSTERED_BIT),
    SUBGROUP(GroupNonUniformQuad, SPVK_VK_SUBGROUP_FEATURE_QUAD_BIT),
    FLOAT_CONTROL(SignedZeroInfNanPreserve, FC_SIGNED_ZERO),
    FLOAT_CONTROL(DenormPreserve, FC_DENORM_PRESERVE),
    FLOAT_CONTROL(DenormFlushToZero, FC_DENORM_FLUSH),
    FLOAT_CONTROL(RoundingModeRTE, FC_RTE),
    FLOAT_CONTROL(RoundingModeRTZ, FC_RTZ),
};

/* From the <spirvextensions> table: the API version that made each SPIR-V extension core (0:
   none up to 1.3), and the device extension that provides it otherwise. */
typedef struct spirv_extension_need {
    const char *name;
    uint32_t version;
    const char *device_extension;
} spirv_extension_need;

static const spirv_extension_need spirv_extension_needs[] = {
    {"SPV_KHR_storage_buffer_storage_class", SPVK_VK_API_VERSION_1_1, "VK_KHR_storage_buffer_storage_class"},
    {"SPV_KHR_variable_pointers", SPVK_VK_API_VERSION_1_1, "VK_KHR_variable_pointers"},
    {"SPV_KHR_16bit_storage", SPVK_VK_API_VERSION_1_1, "VK_KHR_16bit_storage"},
    {"SPV_KHR_device_group", SPVK_VK_API_VERSION_1_1, "VK_KHR_device_group"},
    {"SPV_KHR_multiview", SPVK_VK_API_VERSION_1_1, "VK_KHR_multiview"},
    {"SPV_KHR_shader_draw_parameters", SPVK_VK_API_VERSION_1_1, "VK_KHR_shader_draw_parameters"},
    {"SPV_KHR_8bit_storage", SPVK_VK_API_VERSION_1_2, "VK_KHR_8bit_storage"},
    {"SPV_KHR_float_controls", SPVK_VK_API_VERSION_1_2, "VK_KHR_shader_float_controls"},
    {"SPV_EXT_descriptor_indexing", SPVK_VK_API_VERSION_1_2, "VK_EXT_descriptor_indexing"},
    {"SPV_KHR_vulkan_memory_model", SPVK_VK_API_VERSION_1_2, "VK_KHR_vulkan_memory_model"},
    {"SPV_KHR_physical_storage_buffer", SPVK_VK_API_VERSION_1_2, "VK_KHR_buffer_device_address"},
    {"SPV_KHR_non_semantic_info", SPVK_VK_API_VERSION_1_3, "VK_KHR_shader_non_semantic_info"},
    {"SPV_KHR_terminate_invocation", SPVK_VK_API_VERSION_1_3, "VK_KHR_shader_terminate_invocation"},
    {"SPV_KHR_integer_dot_product", SPVK_VK_API_VERSION_1_3, "VK_KHR_shader_integer_dot_product"},
    {"SPV_EXT_demote_to_helper_invocation", SPVK_VK_API_VERSION_1_3, "VK_EXT_shader_demote_to_helper_invocation"},
    {"SPV_KHR_bfloat16", 0, "VK_KHR_shader_bfloat16"},
    {"SPV_KHR_cooperative_matrix", 0, "VK_KHR_cooperative_matrix"},
    {"SPV_EXT_shader_atomic_float_add", 0, "VK_EXT_shader_atomic_float"},
    {"SPV_KHR_workgroup_memory_explicit_layout", 0, "VK_KHR_workgroup_memory_explicit_layout"},
    {"SPV_KHR_shader_ballot", 0, "VK_EXT_shader_subgroup_ballot"},
    {"SPV_KHR_subgroup_vote", 0, "VK_EXT_shader_subgroup_vote"},
    {"SPV_GOOGLE_decorate_string", 0, "VK_GOOGLE_decorate_string"},
    {"SPV_GOOGLE_hlsl_functionality1", 0, "VK_GOOGLE_hlsl_functionality1"},
    {"SPV_GOOGLE_user_type", 0, "VK_GOOGLE_user_type"},
};

#define MAX_DEVICE_EXTENSIONS 40

/* What the device will be created with. */
typedef struct device_request {
    feature_set enable;
    bool include[FS_COUNT];
    const char *extensions[MAX_DEVICE_EXTENSIONS];
    uint32_t num_extensions;
    const char *missing[MAX_DEVICE_EXTENSIONS]; /* device extensions already reported missing */
    uint32_t num_missing;
    bool failed;
} device_request;

/* Records a device extension reported missing; false when it was reported before (a capability
   and the OpExtension that goes with it need the same one: one message is enough). */
static bool note_missing_extension(device_request *req, const char *name)
{
    for (uint32_t i = 0; i < req->num_missing; i++)
        if (strcmp(req->missing[i], name) == 0)
            return false;
    if (req->num_missing < MAX_DEVICE_EXTENSIONS)
        req->missing[req->num_missing++] = name;
    return true;
}

static void request_extension(device_request *req, const char *name)
{
    for (uint32_t i = 0; i < req->num_extensions; i++)
        if (strcmp(req->extensions[i], name) == 0)
            return;
    if (req->num_extensions < MAX_DEVICE_EXTENSIONS)
        req->extensions[req->num_extensions++] = name;
}

static const char *capability_name(uint32_t capability, char *buffer, size_t size)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_Capability, capability);
    if (e)
        return e->name;
    snprintf(buffer, size, "%u", capability);
    return buffer;
}

static const char *device_name(const vk_device_caps *caps)
{
    return caps->props.deviceName;
}

static void version_text(char *out, size_t size, uint32_t version)
{
    snprintf(out, size, "%u.%u", SPVK_VK_API_VERSION_MAJOR(version), SPVK_VK_API_VERSION_MINOR(version));
}

/* Explains why a feature structure is absent: too old an API version or a missing extension. */
static void report_missing_struct(vk_context *ctx, const vk_device_caps *caps, device_request *req, const char *what,
                                  const char *member_names, feature_struct_id s)
{
    const feature_struct_desc *d = &feature_structs[s];
    char have[32], want[32];
    version_text(have, sizeof(have), caps->api_version);
    req->failed = true;
    if (d->extension) {
        note_missing_extension(req, d->extension);
        spvk_run_error(ctx->diags, "vulkan: %s, which needs %s (%s, extension %s); device '%s' does not support %s",
                       what, member_names, d->name, d->extension, device_name(caps), d->extension);
    } else {
        version_text(want, sizeof(want), d->min_version);
        spvk_run_error(ctx->diags, "vulkan: %s, which needs %s (%s, Vulkan %s); device '%s' supports Vulkan %s only",
                       what, member_names, d->name, want, device_name(caps), have);
    }
}

static void need_feature(vk_context *ctx, const vk_device_caps *caps, device_request *req, const capability_need *n,
                         const char *what)
{
    feature_struct_id s = n->feature_struct;
    if (!caps->present[s]) {
        report_missing_struct(ctx, caps, req, what, n->names, s);
        return;
    }
    bool any = false;
    for (int i = 0; i < 3 && n->members[i]; i++) {
        if (feature_get(&caps->features, s, n->members[i])) {
            feature_enable(&req->enable, s, n->members[i]);
            any = true;
        }
    }
    if (!any) {
        spvk_run_error(ctx->diags, "vulkan: %s, which needs %s (%s); device '%s' does not support it", what, n->names,
                       feature_structs[s].name, device_name(caps));
        req->failed = true;
        return;
    }
    if (n->also && feature_get(&caps->features, s, n->also))
        feature_enable(&req->enable, s, n->also);
    req->include[s] = true;
    const feature_struct_desc *d = &feature_structs[s];
    if (d->extension && !(d->min_version && caps->api_version >= d->min_version))
        request_extension(req, d->extension);
}

/* A core version, or the extension that provided it before. */
static void need_version(vk_context *ctx, const vk_device_caps *caps, device_request *req, uint32_t version,
                         const char *extension, const char *what)
{
    if (caps->api_version >= version)
        return;
    if (extension && device_has_extension(caps, extension)) {
        request_extension(req, extension);
        return;
    }
    char have[32], want[32];
    version_text(have, sizeof(have), caps->api_version);
    version_text(want, sizeof(want), version);
    if (extension)
        spvk_run_error(ctx->diags, "vulkan: %s, which needs Vulkan %s or %s; device '%s' (Vulkan %s) has neither", what,
                       want, extension, device_name(caps), have);
    else
        spvk_run_error(ctx->diags, "vulkan: %s, which needs Vulkan %s; device '%s' supports Vulkan %s only", what, want,
                       device_name(caps), have);
    req->failed = true;
}

static bool float_control_supported(const vk_device_caps *caps, int family, int width_index)
{
    spvk_VkBool32 value;
    size_t offset = offsetof(spvk_VkPhysicalDeviceFloatControlsProperties, shaderSignedZeroInfNanPreserveFloat16) +
                    sizeof(spvk_VkBool32) * (size_t)(family * 3 + width_index);
    memcpy(&value, (const char *)&caps->float_controls + offset, sizeof(value));
    return value != 0;
}

static bool need_float_controls_properties(vk_context *ctx, const vk_device_caps *caps, device_request *req,
                                           const char *what)
{
    if (caps->has_float_controls)
        return true;
    spvk_run_error(ctx->diags,
                   "vulkan: %s, which needs VkPhysicalDeviceFloatControlsProperties (Vulkan 1.2 or "
                   "VK_KHR_shader_float_controls); device '%s' has neither",
                   what, device_name(caps));
    req->failed = true;
    return false;
}

/* The float-controls execution modes (DenormPreserve 32, RoundingModeRTZ 16, ...) of the entry
   point: each needs its width's property. Marks the families seen, whose capability then needs
   no check of its own. */
static void check_float_control_modes(vk_context *ctx, const spvk_run_plan *plan, const vk_device_caps *caps,
                                      device_request *req, bool seen[FC_COUNT])
{
    static const struct { uint32_t mode; int family; const char *name; } modes[] = {
        {SPVK_EXECUTION_MODE_SignedZeroInfNanPreserve, FC_SIGNED_ZERO, "SignedZeroInfNanPreserve"},
        {SPVK_EXECUTION_MODE_DenormPreserve, FC_DENORM_PRESERVE, "DenormPreserve"},
        {SPVK_EXECUTION_MODE_DenormFlushToZero, FC_DENORM_FLUSH, "DenormFlushToZero"},
        {SPVK_EXECUTION_MODE_RoundingModeRTE, FC_RTE, "RoundingModeRTE"},
        {SPVK_EXECUTION_MODE_RoundingModeRTZ, FC_RTZ, "RoundingModeRTZ"},
    };
    const uint32_t *w = plan->words;
    for (size_t i = 5; i < plan->num_words;) {
        uint32_t count = w[i] >> 16, opcode = w[i] & 0xffffu;
        if (count == 0 || count > plan->num_words - i)
            break;
        if (opcode == SPVK_OP_ExecutionMode && count >= 4 && w[i + 1] == plan->entry->function_id) {
            for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
                if (w[i + 2] != modes[m].mode)
                    continue;
                uint32_t width = w[i + 3];
                int width_index = width == 16 ? 0 : width == 32 ? 1 : width == 64 ? 2 : -1;
                char what[128];
                snprintf(what, sizeof(what), "the entry point uses execution mode %s %u", modes[m].name, width);
                seen[modes[m].family] = true;
                if (!need_float_controls_properties(ctx, caps, req, what))
                    continue;
                if (width_index < 0 || !float_control_supported(caps, modes[m].family, width_index)) {
                    spvk_run_error(ctx->diags,
                                   "vulkan: %s, which needs %s%u (VkPhysicalDeviceFloatControlsProperties); "
                                   "device '%s' does not support it",
                                   what, float_control_properties[modes[m].family], width, device_name(caps));
                    req->failed = true;
                }
            }
        }
        i += count;
    }
}

static void need_capability(vk_context *ctx, const vk_device_caps *caps, device_request *req, uint32_t capability,
                            const bool float_modes_seen[FC_COUNT])
{
    char number[16], what[160];
    const char *name = capability_name(capability, number, sizeof(number));
    snprintf(what, sizeof(what), "the module declares capability %s", name);
    const capability_need *n = NULL;
    for (size_t i = 0; i < sizeof(capability_needs) / sizeof(capability_needs[0]); i++)
        if (capability_needs[i].capability == capability)
            n = &capability_needs[i];
    if (!n) {
        spvk_run_error(ctx->diags, "vulkan: %s, which spvkit does not know how to enable on a Vulkan device", what);
        req->failed = true;
        return;
    }
    switch (n->kind) {
    case NEED_NOTHING:
        return;
    case NEED_FEATURE:
        need_feature(ctx, caps, req, n, what);
        return;
    case NEED_VERSION:
        need_version(ctx, caps, req, n->value, n->extension, what);
        return;
    case NEED_SUBGROUP:
        if (!(caps->subgroup.supportedOperations & n->value) ||
            !(caps->subgroup.supportedStages & SPVK_VK_SHADER_STAGE_COMPUTE_BIT)) {
            spvk_run_error(ctx->diags,
                           "vulkan: %s, which needs subgroup operations 0x%x for compute shaders "
                           "(VkPhysicalDeviceSubgroupProperties: supportedOperations 0x%x, supportedStages 0x%x); "
                           "device '%s' does not support them",
                           what, n->value, caps->subgroup.supportedOperations, caps->subgroup.supportedStages,
                           device_name(caps));
            req->failed = true;
        }
        return;
    case NEED_FLOAT_CONTROL:
        if (float_modes_seen[n->value] || !need_float_controls_properties(ctx, caps, req, what))
            return;
        if (!float_control_supported(caps, (int)n->value, 0) && !float_control_supported(caps, (int)n->value, 1) &&
            !float_control_supported(caps, (int)n->value, 2)) {
            const char *p = float_control_properties[n->value];
            spvk_run_error(ctx->diags,
                           "vulkan: %s, which needs %s16, %s32 or %s64 (VkPhysicalDeviceFloatControlsProperties); "
                           "device '%s' supports none of them",
                           what, p, p, p, device_name(caps));
            req->failed = true;
        }
        return;
    }
}

static void need_spirv_extension(vk_context *ctx, const vk_device_caps *caps, device_request *req, const char *name)
{
    char what[192];
    snprintf(what, sizeof(what), "the module declares extension %s", name);
    for (size_t i = 0; i < sizeof(spirv_extension_needs) / sizeof(spirv_extension_needs[0]); i++) {
        const spirv_extension_need *e = &spirv_extension_needs[i];
        if (strcmp(e->name, name) != 0)
            continue;
        if (e->version) {
            need_version(ctx, caps, req, e->version, e->device_extension, what);
        } else if (device_has_extension(caps, e->device_extension)) {
            request_extension(req, e->device_extension);
        } else if (note_missing_extension(req, e->device_extension)) {
            spvk_run_error(ctx->diags,
                           "vulkan: %s, which needs the device extension %s; device '%s' does not support it", what,
                           e->device_extension, device_name(caps));
            req->failed = true;
        } else {
            req->failed = true;
        }
        return;
    }
    spvk_run_error(ctx->diags, "vulkan: %s, which spvkit does not know how to enable on a Vulkan device", what);
    req->failed = true;
}

/* Layout relaxations and similar features that no capability announces but a module may rely
   on: glslang emits scalar or std430 uniform layouts and 8/16-bit subgroup operations without a
   capability of their own, and the driver cannot tell. They change no results and only permit
   layouts or operands, so they are enabled wherever the device has them. */
static void request_relaxations(const vk_device_caps *caps, device_request *req)
{
    static const size_t v12_members[] = {V12_FEATURE(scalarBlockLayout), V12_FEATURE(uniformBufferStandardLayout),
                                         V12_FEATURE(shaderSubgroupExtendedTypes),
                                         V12_FEATURE(subgroupBroadcastDynamicId)};
    if (!caps->present[FS_V12])
        return;
    for (size_t i = 0; i < sizeof(v12_members) / sizeof(v12_members[0]); i++) {
        if (feature_get(&caps->features, FS_V12, v12_members[i])) {
            feature_enable(&req->enable, FS_V12, v12_members[i]);
            req->include[FS_V12] = true;
        }
    }
    if (req->include[FS_WORKGROUP_LAYOUT] &&
        feature_get(&caps->features, FS_WORKGROUP_LAYOUT,
                    WORKGROUP_LAYOUT_FEATURE(workgroupMemoryExplicitLayoutScalarBlockLayout)))
        feature_enable(&req->enable, FS_WORKGROUP_LAYOUT,
                       WORKGROUP_LAYOUT_FEATURE(workgroupMemoryExplicitLayoutScalarBlockLayout));
}

/* The highest SPIR-V version an API version accepts. */
static uint32_t max_spirv_version(uint32_t api_version)
{
    if (api_version >= SPVK_VK_API_VERSION_1_3)
        return SPVK_VERSION(1, 6);
    if (api_version >= SPVK_VK_API_VERSION_1_2)
        return SPVK_VERSION(1, 5);
    if (api_version >= SPVK_VK_API_VERSION_1_1)
        return SPVK_VERSION(1, 3);
    return SPVK_VERSION(1, 0);
}

static void check_module_version(vk_context *ctx, const spvk_run_plan *plan, const vk_device_caps *caps,
                                 device_request *req)
{
    uint32_t version = plan->entry->version, max = max_spirv_version(caps->api_version);
    if (version > max) {
        char have[32];
        version_text(have, sizeof(have), caps->api_version);
        spvk_run_error(ctx->diags,
                       "vulkan: the module is SPIR-V %u.%u, but device '%s' supports Vulkan %s, which takes SPIR-V up "
                       "to %u.%u (assemble with --target-env vulkan%s)",
                       version >> 16 & 0xff, version >> 8 & 0xff, device_name(caps), have, max >> 16 & 0xff,
                       max >> 8 & 0xff, have);
        req->failed = true;
    }
}

/* The dispatch commands a grid needs: one, or 0 when a dimension exceeds maxComputeWorkGroupCount
   (the reason reported). Such a grid cannot be split either: vkCmdDispatchBase requires base +
   count within the same limit in every dimension (VUID-vkCmdDispatchBase-groupCountX-00424 and
   its Y and Z twins), so no workgroup id past it can be reached; NVIDIA's driver indeed never
   runs the part past the limit. */
static uint64_t count_dispatches(vk_context *ctx, const spvk_run_plan *plan, const vk_device_caps *caps)
{
    const uint32_t *max = caps->props.limits.maxComputeWorkGroupCount;
    for (int d = 0; d < 3; d++) {
        if (plan->groups[d] > max[d]) {
            spvk_run_error(ctx->diags,
                           "vulkan: %u workgroups in dimension %c exceed maxComputeWorkGroupCount[%d] = %u of device "
                           "'%s'; Vulkan cannot reach workgroups past that limit, not even by splitting the grid "
                           "with a base workgroup (vkCmdDispatchBase keeps base + count within it): use fewer, "
                           "larger workgroups, or spread the grid over another dimension",
                           plan->groups[d], "xyz"[d], d, max[d], device_name(caps));
            return 0;
        }
    }
    return 1;
}

static uint64_t round_up4(uint64_t size)
{
    return size ? (size + 3) & ~(uint64_t)3 : 4;
}

/* The push-constant range: the module's block or the bytes given, whichever is larger, rounded up
   to 4 as Vulkan requires. */
static uint32_t push_range_size(const spvk_run_plan *plan)
{
    uint32_t size = plan->push_size > plan->entry->push_constant_size ? plan->push_size
                                                                     : plan->entry->push_constant_size;
    return (uint32_t)(size ? round_up4(size) : 0);
}

static void check_limits(vk_context *ctx, const spvk_run_plan *plan, const vk_device_caps *caps, device_request *req)
{
    const spvk_VkPhysicalDeviceLimits *limits = &caps->props.limits;
    const uint32_t *local = plan->local;
    uint64_t invocations = (uint64_t)local[0] * local[1] * local[2];
    if (local[0] > limits->maxComputeWorkGroupSize[0] || local[1] > limits->maxComputeWorkGroupSize[1] ||
        local[2] > limits->maxComputeWorkGroupSize[2] || invocations > limits->maxComputeWorkGroupInvocations) {
        spvk_run_error(ctx->diags,
                       "vulkan: the workgroup size %ux%ux%u (%llu invocations) exceeds device '%s''s "
                       "maxComputeWorkGroupSize %ux%ux%u or maxComputeWorkGroupInvocations %u",
                       local[0], local[1], local[2], (unsigned long long)invocations, device_name(caps),
                       limits->maxComputeWorkGroupSize[0], limits->maxComputeWorkGroupSize[1],
                       limits->maxComputeWorkGroupSize[2], limits->maxComputeWorkGroupInvocations);
        req->failed = true;
    }
    uint32_t push = push_range_size(plan);
    if (push > limits->maxPushConstantsSize) {
        spvk_run_error(ctx->diags, "vulkan: %u bytes of push constants exceed device '%s''s maxPushConstantsSize %u",
                       push, device_name(caps), limits->maxPushConstantsSize);
        req->failed = true;
    }
    const spvk_entry_interface *entry = plan->entry;
    uint32_t storage = 0, uniform = 0, sets = 0;
    for (size_t i = 0; i < entry->num_resources; i++) {
        const spvk_resource *res = &entry->resources[i];
        bool is_uniform = res->kind == SPVK_RESOURCE_UNIFORM_BUFFER;
        if (!is_uniform && res->kind != SPVK_RESOURCE_STORAGE_BUFFER) {
            spvk_run_error(ctx->diags, "vulkan: resource %u.%u is not a storage or uniform buffer", res->set,
                           res->binding);
            req->failed = true;
            continue;
        }
        uint64_t size = round_up4(plan->resource_buffers[i]->size);
        uint32_t range = is_uniform ? limits->maxUniformBufferRange : limits->maxStorageBufferRange;
        if (size > range) {
            spvk_run_error(ctx->diags,
                           "vulkan: the buffer for set %u binding %u has %llu bytes, more than device '%s''s %s %u",
                           res->set, res->binding, (unsigned long long)size, device_name(caps),
                           is_uniform ? "maxUniformBufferRange" : "maxStorageBufferRange", range);
            req->failed = true;
        }
        if (is_uniform)
            uniform++;
        else
            storage++;
        if (res->set + 1 > sets)
            sets = res->set + 1;
    }
    if (sets > limits->maxBoundDescriptorSets || storage > limits->maxPerStageDescriptorStorageBuffers ||
        uniform > limits->maxPerStageDescriptorUniformBuffers) {
        spvk_run_error(ctx->diags,
                       "vulkan: the module uses %u descriptor sets, %u storage and %u uniform buffers; device '%s' "
                       "allows %u, %u and %u",
                       sets, storage, uniform, device_name(caps), limits->maxBoundDescriptorSets,
                       limits->maxPerStageDescriptorStorageBuffers, limits->maxPerStageDescriptorUniformBuffers);
        req->failed = true;
    }
}

/* Everything the module needs from the device, checked before the device exists; fills the
   features and extensions to enable. All problems are reported, not only the first. */
static spvk_result check_module_needs(vk_context *ctx, const spvk_run_plan *plan, const vk_device_caps *caps,
                                      device_request *req, uint32_t *dispatches)
{
    const spvk_entry_interface *entry = plan->entry;
    memset(req, 0, sizeof(*req));
    check_module_version(ctx, plan, caps, req);
    bool float_modes_seen[FC_COUNT] = {false};
    check_float_control_modes(ctx, plan, caps, req, float_modes_seen);
    for (size_t i = 0; i < entry->num_capabilities; i++)
        need_capability(ctx, caps, req, entry->capabilities[i], float_modes_seen);
    for (size_t i = 0; i < entry->num_extensions; i++)
        need_spirv_extension(ctx, caps, req, entry->extensions[i]);
    /* LocalSizeId is only valid with maintenance4 (Vulkan 1.3). */
    if (entry->local_size_source == SPVK_LOCAL_SIZE_ID) {
        capability_need n = {0};
        n.kind = NEED_FEATURE;
        n.feature_struct = FS_V13;
        n.members[0] = V13_FEATURE(maintenance4);
        n.names = "maintenance4";
        need_feature(ctx, caps, req, &n, "the entry point uses execution mode LocalSizeId");
    }
    request_relaxations(caps, req);
    /* A portability (non-conformant subset) driver must have its extension enabled. */
    if (device_has_extension(caps, "VK_KHR_portability_subset"))
        request_extension(req, "VK_KHR_portability_subset");
    check_limits(ctx, plan, caps, req);
    uint64_t n = count_dispatches(ctx, plan, caps);
    if (n == 0)
        req->failed = true;
    *dispatches = (uint32_t)n;
    if (req->num_extensions >= MAX_DEVICE_EXTENSIONS) {
        spvk_run_error(ctx->diags, "vulkan: the module needs more than %d device extensions", MAX_DEVICE_EXTENSIONS);
        req->failed = true;
    }
    return req->failed ? SPVK_ERROR_DEVICE : SPVK_OK;
}

/* ---- A run ---- */

typedef struct vk_buffer {
    spvk_VkBuffer buffer;
    spvk_VkDeviceMemory memory;
    void *mapped;              /* the device buffer's mapping, when host-visible */
    spvk_VkBuffer staging;     /* otherwise a host-visible copy */
    spvk_VkDeviceMemory staging_memory;
    void *staging_mapped;
    spvk_VkDeviceSize size;    /* the host buffer's size rounded up to 4 */
} vk_buffer;

typedef struct vk_session {
    vk_context *ctx;
    const spvk_run_plan *plan;
    vk_device_caps caps;
    device_request request;
    uint32_t dispatches;
    uint32_t queue_family;
    spvk_VkDevice device;
    spvk_VkQueue queue;
    vk_buffer *buffers; /* one per resource */
    size_t num_buffers;
    bool staged;        /* some buffer goes through staging */
    spvk_VkDescriptorSetLayout *set_layouts;
    spvk_VkDescriptorSet *sets;
    uint32_t num_sets;
    spvk_VkDescriptorPool descriptor_pool;
    spvk_VkPipelineLayout pipeline_layout;
    spvk_VkShaderModule shader;
    spvk_VkPipeline pipeline;
    spvk_VkCommandPool command_pool;
    spvk_VkCommandBuffer commands[2]; /* the timed dispatch, the transfers */
    spvk_VkQueryPool query_pool;      /* two timestamps, when the queue has them */
    uint64_t timestamp_mask;
    spvk_VkFence fence;
    double *wall_ms, *device_ms;      /* one per run */
} vk_session;

enum { DISPATCH_COMMANDS, TRANSFER_COMMANDS };

static spvk_result select_device(vk_session *s)
{
    vk_context *ctx = s->ctx;
    vk_physical_devices handles;
    spvk_result result = enumerate_physical_devices(ctx, &handles);
    uint32_t count = handles.count;
    int index = s->plan->device < 0 ? 0 : s->plan->device;
    if (result != SPVK_OK) {
        /* reported */
    } else if (count == 0) {
        spvk_run_error(ctx->diags, "vulkan: no Vulkan device found (install a driver: mesa-vulkan-drivers provides "
                                   "lavapipe, a CPU implementation)");
        result = SPVK_ERROR_DEVICE;
    } else if ((uint32_t)index >= count) {
        spvk_run_error(ctx->diags,
                       "vulkan: there is no device %d: the Vulkan devices are 0..%u (spvkit run --list-devices "
                       "lists them)",
                       index, count - 1);
        result = SPVK_ERROR_DEVICE;
    } else {
        result = query_device(ctx, handles.handles[index], &s->caps);
    }
    free_physical_devices(ctx, &handles);
    if (result != SPVK_OK)
        return result;
    int family = compute_queue_family(&s->caps);
    if (family < 0) {
        spvk_run_error(ctx->diags, "vulkan: device '%s' has no queue family that supports compute",
                       device_name(&s->caps));
        return SPVK_ERROR_DEVICE;
    }
    s->queue_family = (uint32_t)family;
    uint32_t bits = s->caps.families[family].timestampValidBits;
    s->timestamp_mask = bits >= 64 ? ~(uint64_t)0 : bits ? (((uint64_t)1 << bits) - 1) : 0;
    return SPVK_OK;
}

static spvk_result create_device(vk_session *s)
{
    vk_context *ctx = s->ctx;
    device_request *req = &s->request;
    float priority = 1.0f;
    spvk_VkDeviceQueueCreateInfo queue = {0};
    queue.sType = SPVK_VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
    queue.queueFamilyIndex = s->queue_family;
    queue.queueCount = 1;
    queue.pQueuePriorities = &priority;
    spvk_VkDeviceCreateInfo info = {0};
    info.sType = SPVK_VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queue;
    info.enabledExtensionCount = req->num_extensions;
    info.ppEnabledExtensionNames = req->num_extensions ? req->extensions : NULL;
    if (s->caps.api_version >= SPVK_VK_API_VERSION_1_1)
        info.pNext = feature_set_link(&req->enable, req->include);
    else
        info.pEnabledFeatures = &req->enable.core.features;
    spvk_VkResult r = ctx->fn.vkCreateDevice(s->caps.handle, &info, NULL, &s->device);
    if (r != SPVK_VK_SUCCESS) {
        s->device = NULL;
        return vk_failed(ctx, "vkCreateDevice", r);
    }
    spvk_result result = load_device_functions(ctx, s->device);
    if (result != SPVK_OK)
        return result;
    ctx->fn.vkGetDeviceQueue(s->device, s->queue_family, 0, &s->queue);
    return SPVK_OK;
}

/* The first memory type allowed by type_bits with all of required (and preferred, if any has it). */
static int find_memory_type(const spvk_VkPhysicalDeviceMemoryProperties *memory, uint32_t type_bits,
                            spvk_VkFlags required, spvk_VkFlags preferred)
{
    int fallback = -1;
    for (uint32_t i = 0; i < memory->memoryTypeCount && i < 32; i++) {
        spvk_VkFlags flags = memory->memoryTypes[i].propertyFlags;
        if (!(type_bits & (1u << i)) || (flags & required) != required)
            continue;
        if ((flags & preferred) == preferred)
            return (int)i;
        if (fallback < 0)
            fallback = (int)i;
    }
    return fallback;
}

static spvk_result create_bound_buffer(vk_session *s, spvk_VkDeviceSize size, spvk_VkFlags usage, bool device_local,
                                       spvk_VkBuffer *buffer, spvk_VkDeviceMemory *memory, void **mapped)
{
    vk_context *ctx = s->ctx;
    const spvk_VkFlags host = SPVK_VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | SPVK_VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    spvk_VkBufferCreateInfo info = {0};
    info.sType = SPVK_VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
    info.size = size;
    info.usage = usage;
    info.sharingMode = SPVK_VK_SHARING_MODE_EXCLUSIVE;
    spvk_VkResult r = ctx->fn.vkCreateBuffer(s->device, &info, NULL, buffer);
    if (r != SPVK_VK_SUCCESS) {
        *buffer = SPVK_VK_NULL_HANDLE;
        return vk_failed(ctx, "vkCreateBuffer", r);
    }
    spvk_VkMemoryRequirements needs;
    ctx->fn.vkGetBufferMemoryRequirements(s->device, *buffer, &needs);
    int type = device_local ? find_memory_type(&s->caps.memory, needs.memoryTypeBits,
                                               SPVK_VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0)
                            : find_memory_type(&s->caps.memory, needs.memoryTypeBits, host,
                                               SPVK_VK_MEMORY_PROPERTY_HOST_CACHED_BIT);
    if (type < 0) /* no device-local type for this buffer: host memory the device can use */
        type = find_memory_type(&s->caps.memory, needs.memoryTypeBits, host, 0);
    if (type < 0) {
        spvk_run_error(ctx->diags, "vulkan: device '%s' has no memory type for a %s buffer", device_name(&s->caps),
                       device_local ? "storage" : "staging");
        return SPVK_ERROR_DEVICE;
    }
    spvk_VkMemoryAllocateInfo alloc = {0};
    alloc.sType = SPVK_VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
    alloc.allocationSize = needs.size;
    alloc.memoryTypeIndex = (uint32_t)type;
    r = ctx->fn.vkAllocateMemory(s->device, &alloc, NULL, memory);
    if (r != SPVK_VK_SUCCESS) {
        *memory = SPVK_VK_NULL_HANDLE;
        return vk_failed(ctx, "vkAllocateMemory", r);
    }
    r = ctx->fn.vkBindBufferMemory(s->device, *buffer, *memory, 0);
    if (r != SPVK_VK_SUCCESS)
        return vk_failed(ctx, "vkBindBufferMemory", r);
    *mapped = NULL;
    if ((s->caps.memory.memoryTypes[type].propertyFlags & host) == host) {
        r = ctx->fn.vkMapMemory(s->device, *memory, 0, SPVK_VK_WHOLE_SIZE, 0, mapped);
        if (r != SPVK_VK_SUCCESS) {
            *mapped = NULL;
            return vk_failed(ctx, "vkMapMemory", r);
        }
    }
    return SPVK_OK;
}

/* One device buffer per resource, and a staging buffer beside it where the device buffer cannot
   be mapped. */
static spvk_result create_buffers(vk_session *s)
{
    const spvk_entry_interface *entry = s->plan->entry;
    if (entry->num_resources == 0)
        return SPVK_OK;
    s->buffers = vk_alloc_array(s->ctx, entry->num_resources, sizeof(*s->buffers));
    if (!s->buffers)
        return vk_out_of_memory(s->ctx);
    s->num_buffers = entry->num_resources;
    for (size_t i = 0; i < s->num_buffers; i++) {
        vk_buffer *b = &s->buffers[i];
        const spvk_typed_buffer *host = s->plan->resource_buffers[i];
        b->size = round_up4(host->size);
        spvk_VkFlags usage = SPVK_VK_BUFFER_USAGE_TRANSFER_SRC_BIT | SPVK_VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                             (entry->resources[i].kind == SPVK_RESOURCE_UNIFORM_BUFFER
                                  ? SPVK_VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
                                  : SPVK_VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
        spvk_result result = create_bound_buffer(s, b->size, usage, true, &b->buffer, &b->memory, &b->mapped);
        if (result != SPVK_OK)
            return result;
        if (!b->mapped) {
            result = create_bound_buffer(s, b->size,
                                         SPVK_VK_BUFFER_USAGE_TRANSFER_SRC_BIT | SPVK_VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                         false, &b->staging, &b->staging_memory, &b->staging_mapped);
            if (result != SPVK_OK)
                return result;
            s->staged = true;
        }
    }
    return SPVK_OK;
}

/* The host buffer's bytes, zero-padded to the device buffer's size. */
static void fill_from_host(void *to, const vk_buffer *b, const spvk_typed_buffer *host)
{
    memset(to, 0, (size_t)b->size);
    if (host->size)
        memcpy(to, host->data, host->size);
}

/* A layout for every set number up to the highest used (empty ones fill gaps), a pool, the sets,
   and one descriptor per resource covering its whole buffer. */
static spvk_result create_descriptors(vk_session *s)
{
    vk_context *ctx = s->ctx;
    const spvk_entry_interface *entry = s->plan->entry;
    uint32_t num_sets = 0, storage = 0, uniform = 0;
    for (size_t i = 0; i < entry->num_resources; i++) {
        if (entry->resources[i].set + 1 > num_sets)
            num_sets = entry->resources[i].set + 1;
        if (entry->resources[i].kind == SPVK_RESOURCE_UNIFORM_BUFFER)
            uniform++;
        else
            storage++;
    }
    if (num_sets == 0)
        return SPVK_OK;
    s->set_layouts = vk_alloc_array(ctx, num_sets, sizeof(*s->set_layouts));
    s->sets = vk_alloc_array(ctx, num_sets, sizeof(*s->sets));
    spvk_VkDescriptorSetLayoutBinding *bindings = vk_alloc_array(ctx, entry->num_resources, sizeof(*bindings));
    spvk_VkWriteDescriptorSet *writes = vk_alloc_array(ctx, entry->num_resources, sizeof(*writes));
    spvk_VkDescriptorBufferInfo *infos = vk_alloc_array(ctx, entry->num_resources, sizeof(*infos));
    spvk_result result = SPVK_OK;
    spvk_VkResult r = SPVK_VK_SUCCESS;
    if (!s->set_layouts || !s->sets || !bindings || !writes || !infos) {
        result = vk_out_of_memory(ctx);
        goto done;
    }
    s->num_sets = num_sets;
    for (uint32_t set = 0; set < num_sets; set++) {
        uint32_t n = 0;
        for (size_t i = 0; i < entry->num_resources; i++) {
            const spvk_resource *res = &entry->resources[i];
            if (res->set != set)
                continue;
            bindings[n].binding = res->binding;
            bindings[n].descriptorType = res->kind == SPVK_RESOURCE_UNIFORM_BUFFER
                                             ? SPVK_VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                                             : SPVK_VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            bindings[n].descriptorCount = 1;
            bindings[n].stageFlags = SPVK_VK_SHADER_STAGE_COMPUTE_BIT;
            n++;
        }
        spvk_VkDescriptorSetLayoutCreateInfo info = {0};
        info.sType = SPVK_VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
        info.bindingCount = n;
        info.pBindings = n ? bindings : NULL;
        r = ctx->fn.vkCreateDescriptorSetLayout(s->device, &info, NULL, &s->set_layouts[set]);
        if (r != SPVK_VK_SUCCESS) {
            s->set_layouts[set] = SPVK_VK_NULL_HANDLE;
            result = vk_failed(ctx, "vkCreateDescriptorSetLayout", r);
            goto done;
        }
    }

    spvk_VkDescriptorPoolSize sizes[2];
    uint32_t num_sizes = 0;
    if (storage)
        sizes[num_sizes++] = (spvk_VkDescriptorPoolSize){SPVK_VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, storage};
    if (uniform)
        sizes[num_sizes++] = (spvk_VkDescriptorPoolSize){SPVK_VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, uniform};
    spvk_VkDescriptorPoolCreateInfo pool = {0};
    pool.sType = SPVK_VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
    pool.maxSets = num_sets;
    pool.poolSizeCount = num_sizes;
    pool.pPoolSizes = sizes;
    r = ctx->fn.vkCreateDescriptorPool(s->device, &pool, NULL, &s->descriptor_pool);
    if (r != SPVK_VK_SUCCESS) {
        s->descriptor_pool = SPVK_VK_NULL_HANDLE;
        result = vk_failed(ctx, "vkCreateDescriptorPool", r);
        goto done;
    }
    spvk_VkDescriptorSetAllocateInfo alloc = {0};
    alloc.sType = SPVK_VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
    alloc.descriptorPool = s->descriptor_pool;
    alloc.descriptorSetCount = num_sets;
    alloc.pSetLayouts = s->set_layouts;
    r = ctx->fn.vkAllocateDescriptorSets(s->device, &alloc, s->sets);
    if (r != SPVK_VK_SUCCESS) {
        result = vk_failed(ctx, "vkAllocateDescriptorSets", r);
        goto done;
    }
    for (size_t i = 0; i < entry->num_resources; i++) {
        const spvk_resource *res = &entry->resources[i];
        infos[i].buffer = s->buffers[i].buffer;
        infos[i].offset = 0;
        infos[i].range = s->buffers[i].size;
        writes[i].sType = SPVK_VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
        writes[i].dstSet = s->sets[res->set];
        writes[i].dstBinding = res->binding;
        writes[i].descriptorCount = 1;
        writes[i].descriptorType = res->kind == SPVK_RESOURCE_UNIFORM_BUFFER ? SPVK_VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                                                                             : SPVK_VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[i].pBufferInfo = &infos[i];
    }
    ctx->fn.vkUpdateDescriptorSets(s->device, (uint32_t)entry->num_resources, writes, 0, NULL);

done:
    vk_free_array(ctx, bindings, entry->num_resources, sizeof(*bindings));
    vk_free_array(ctx, writes, entry->num_resources, sizeof(*writes));
    vk_free_array(ctx, infos, entry->num_resources, sizeof(*infos));
    return result;
}

/* The pipeline layout, the shader module and the compute pipeline with the specialization
   values (each value's bytes little-endian, as the plan says the device reads them). */
static spvk_result create_pipeline(vk_session *s)
{
    vk_context *ctx = s->ctx;
    const spvk_run_plan *plan = s->plan;
    spvk_VkPushConstantRange push = {SPVK_VK_SHADER_STAGE_COMPUTE_BIT, 0, push_range_size(plan)};
    spvk_VkPipelineLayoutCreateInfo layout = {0};
    layout.sType = SPVK_VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
    layout.setLayoutCount = s->num_sets;
    layout.pSetLayouts = s->num_sets ? s->set_layouts : NULL;
    layout.pushConstantRangeCount = push.size ? 1 : 0;
    layout.pPushConstantRanges = push.size ? &push : NULL;
    spvk_VkResult r = ctx->fn.vkCreatePipelineLayout(s->device, &layout, NULL, &s->pipeline_layout);
    if (r != SPVK_VK_SUCCESS) {
        s->pipeline_layout = SPVK_VK_NULL_HANDLE;
        return vk_failed(ctx, "vkCreatePipelineLayout", r);
    }

    spvk_VkShaderModuleCreateInfo module = {0};
    module.sType = SPVK_VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
    module.codeSize = plan->num_words * sizeof(uint32_t);
    module.pCode = plan->words;
    r = ctx->fn.vkCreateShaderModule(s->device, &module, NULL, &s->shader);
    if (r != SPVK_VK_SUCCESS) {
        s->shader = SPVK_VK_NULL_HANDLE;
        return vk_failed(ctx, "vkCreateShaderModule", r);
    }

    size_t n = plan->num_spec_values, data_size = 0;
    for (size_t i = 0; i < n; i++)
        data_size += plan->spec_values[i].size;
    spvk_VkSpecializationMapEntry *entries = vk_alloc_array(ctx, n, sizeof(*entries));
    unsigned char *data = vk_alloc_array(ctx, data_size, 1);
    if (n && (!entries || !data)) {
        vk_free_array(ctx, entries, n, sizeof(*entries));
        vk_free_array(ctx, data, data_size, 1);
        return vk_out_of_memory(ctx);
    }
    uint32_t offset = 0;
    for (size_t i = 0; i < n; i++) {
        const spvk_plan_spec_value *v = &plan->spec_values[i];
        entries[i].constantID = v->spec_id;
        entries[i].offset = offset;
        entries[i].size = v->size;
        for (uint32_t b = 0; b < v->size; b++)
            data[offset + b] = (unsigned char)(v->bits >> (8 * b));
        offset += v->size;
    }
    spvk_VkSpecializationInfo specialization = {(uint32_t)n, entries, data_size, data};

    spvk_VkComputePipelineCreateInfo info = {0};
    info.sType = SPVK_VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
    info.stage.sType = SPVK_VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    info.stage.stage = SPVK_VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = s->shader;
    info.stage.pName = plan->entry->name;
    info.stage.pSpecializationInfo = n ? &specialization : NULL;
    info.layout = s->pipeline_layout;
    info.basePipelineIndex = -1;
    r = ctx->fn.vkCreateComputePipelines(s->device, SPVK_VK_NULL_HANDLE, 1, &info, NULL, &s->pipeline);
    vk_free_array(ctx, entries, n, sizeof(*entries));
    vk_free_array(ctx, data, data_size, 1);
    if (r != SPVK_VK_SUCCESS) {
        s->pipeline = SPVK_VK_NULL_HANDLE;
        return vk_failed(ctx, "vkCreateComputePipelines", r);
    }
    return SPVK_OK;
}

static spvk_result create_commands(vk_session *s)
{
    vk_context *ctx = s->ctx;
    spvk_VkCommandPoolCreateInfo pool = {0};
    pool.sType = SPVK_VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
    pool.flags = SPVK_VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT; /* the transfer buffer is recorded twice */
    pool.queueFamilyIndex = s->queue_family;
    spvk_VkResult r = ctx->fn.vkCreateCommandPool(s->device, &pool, NULL, &s->command_pool);
    if (r != SPVK_VK_SUCCESS) {
        s->command_pool = SPVK_VK_NULL_HANDLE;
        return vk_failed(ctx, "vkCreateCommandPool", r);
    }
    spvk_VkCommandBufferAllocateInfo alloc = {0};
    alloc.sType = SPVK_VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
    alloc.commandPool = s->command_pool;
    alloc.level = SPVK_VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 2;
    r = ctx->fn.vkAllocateCommandBuffers(s->device, &alloc, s->commands);
    if (r != SPVK_VK_SUCCESS)
        return vk_failed(ctx, "vkAllocateCommandBuffers", r);
    spvk_VkFenceCreateInfo fence = {0};
    fence.sType = SPVK_VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
    r = ctx->fn.vkCreateFence(s->device, &fence, NULL, &s->fence);
    if (r != SPVK_VK_SUCCESS) {
        s->fence = SPVK_VK_NULL_HANDLE;
        return vk_failed(ctx, "vkCreateFence", r);
    }
    if (s->timestamp_mask) {
        spvk_VkQueryPoolCreateInfo query = {0};
        query.sType = SPVK_VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO;
        query.queryType = SPVK_VK_QUERY_TYPE_TIMESTAMP;
        query.queryCount = 2;
        r = ctx->fn.vkCreateQueryPool(s->device, &query, NULL, &s->query_pool);
        if (r != SPVK_VK_SUCCESS) {
            s->query_pool = SPVK_VK_NULL_HANDLE;
            return vk_failed(ctx, "vkCreateQueryPool", r);
        }
    }
    return SPVK_OK;
}

static void memory_barrier(vk_session *s, spvk_VkCommandBuffer cmd, spvk_VkFlags src_stage, spvk_VkFlags src_access,
                           spvk_VkFlags dst_stage, spvk_VkFlags dst_access)
{
    spvk_VkMemoryBarrier barrier = {0};
    barrier.sType = SPVK_VK_STRUCTURE_TYPE_MEMORY_BARRIER;
    barrier.srcAccessMask = src_access;
    barrier.dstAccessMask = dst_access;
    s->ctx->fn.vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 1, &barrier, 0, NULL, 0, NULL);
}

static spvk_result begin_commands(vk_session *s, spvk_VkCommandBuffer cmd, spvk_VkFlags flags)
{
    spvk_VkCommandBufferBeginInfo begin = {0};
    begin.sType = SPVK_VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
    begin.flags = flags;
    spvk_VkResult r = s->ctx->fn.vkBeginCommandBuffer(cmd, &begin);
    return r == SPVK_VK_SUCCESS ? SPVK_OK : vk_failed(s->ctx, "vkBeginCommandBuffer", r);
}

static spvk_result end_commands(vk_session *s, spvk_VkCommandBuffer cmd)
{
    spvk_VkResult r = s->ctx->fn.vkEndCommandBuffer(cmd);
    return r == SPVK_VK_SUCCESS ? SPVK_OK : vk_failed(s->ctx, "vkEndCommandBuffer", r);
}

/* Submits one command buffer and waits for it; the time from submit to the fence in *wall_ms. */
static spvk_result submit_and_wait(vk_session *s, spvk_VkCommandBuffer cmd, double *wall_ms)
{
    vk_context *ctx = s->ctx;
    spvk_VkResult r = ctx->fn.vkResetFences(s->device, 1, &s->fence);
    if (r != SPVK_VK_SUCCESS)
        return vk_failed(ctx, "vkResetFences", r);
    spvk_VkSubmitInfo submit = {0};
    submit.sType = SPVK_VK_STRUCTURE_TYPE_SUBMIT_INFO;
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cmd;
    double start = spvk_run_clock_ms();
    r = ctx->fn.vkQueueSubmit(s->queue, 1, &submit, s->fence);
    if (r != SPVK_VK_SUCCESS)
        return vk_failed(ctx, "vkQueueSubmit", r);
    r = ctx->fn.vkWaitForFences(s->device, 1, &s->fence, SPVK_VK_TRUE, s->plan->timeout_ns);
    double end = spvk_run_clock_ms();
    if (r == SPVK_VK_TIMEOUT) {
        ctx->busy = true;
        spvk_run_error(ctx->diags, "vulkan: the %s did not finish within the timeout of %.9g s (--timeout SECONDS "
                       "sets another); it may still be running on the device",
                       cmd == s->commands[DISPATCH_COMMANDS] ? "kernel" : "buffer copy",
                       (double)s->plan->timeout_ns / 1e9);
        return SPVK_ERROR_DEVICE;
    }
    if (r != SPVK_VK_SUCCESS)
        return vk_failed(ctx, "vkWaitForFences", r);
    if (wall_ms)
        *wall_ms = end - start;
    return SPVK_OK;
}

/* Staging path: copies between the staging buffers and the device buffers, every buffer or only
   the ones the kernel may write. */
static spvk_result transfer(vk_session *s, bool upload, bool writable_only)
{
    if (!s->staged)
        return SPVK_OK;
    vk_context *ctx = s->ctx;
    spvk_VkCommandBuffer cmd = s->commands[TRANSFER_COMMANDS];
    spvk_result result = begin_commands(s, cmd, SPVK_VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT);
    if (result != SPVK_OK)
        return result;
    /* Before the copies: the dispatch's writes (read back), or its reads and writes (uploaded over). */
    memory_barrier(s, cmd, SPVK_VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                   upload ? SPVK_VK_ACCESS_SHADER_WRITE_BIT | SPVK_VK_ACCESS_SHADER_READ_BIT
                          : SPVK_VK_ACCESS_SHADER_WRITE_BIT,
                   SPVK_VK_PIPELINE_STAGE_TRANSFER_BIT,
                   upload ? SPVK_VK_ACCESS_TRANSFER_WRITE_BIT : SPVK_VK_ACCESS_TRANSFER_READ_BIT);
    for (size_t i = 0; i < s->num_buffers; i++) {
        const vk_buffer *b = &s->buffers[i];
        if (!b->staging || (writable_only && s->plan->entry->resources[i].read_only))
            continue;
        spvk_VkBufferCopy region = {0, 0, b->size};
        ctx->fn.vkCmdCopyBuffer(cmd, upload ? b->staging : b->buffer, upload ? b->buffer : b->staging, 1, &region);
    }
    if (!upload) /* the copies' writes, before the host reads them */
        memory_barrier(s, cmd, SPVK_VK_PIPELINE_STAGE_TRANSFER_BIT, SPVK_VK_ACCESS_TRANSFER_WRITE_BIT,
                       SPVK_VK_PIPELINE_STAGE_HOST_BIT, SPVK_VK_ACCESS_HOST_READ_BIT);
    if ((result = end_commands(s, cmd)) != SPVK_OK)
        return result;
    return submit_and_wait(s, cmd, NULL);
}

/* Puts the host buffers' contents where the kernel reads them. Before the first run every buffer;
   before each later one the writable buffers again, so that every run starts from the same
   inputs and the results are those of one run (a kernel that adds into its buffer does not
   accumulate across --repeat). The staging buffers still hold the inputs then (only the read-back
   overwrites them), so only the copies are repeated. Outside the timed part. */
static spvk_result upload(vk_session *s, bool first)
{
    for (size_t i = 0; i < s->num_buffers; i++) {
        const vk_buffer *b = &s->buffers[i];
        const spvk_typed_buffer *host = s->plan->resource_buffers[i];
        if (b->mapped && (first || !s->plan->entry->resources[i].read_only))
            fill_from_host(b->mapped, b, host);
        else if (b->staging_mapped && first)
            fill_from_host(b->staging_mapped, b, host);
    }
    return transfer(s, true, !first);
}

/* The timed command buffer: a barrier against the previous run (and the upload), the bindings,
   a timestamp, the dispatches, a timestamp. Submitted once per run. */
static spvk_result record_dispatch(vk_session *s)
{
    vk_context *ctx = s->ctx;
    const spvk_run_plan *plan = s->plan;
    spvk_VkCommandBuffer cmd = s->commands[DISPATCH_COMMANDS];
    spvk_result result = begin_commands(s, cmd, 0);
    if (result != SPVK_OK)
        return result;
    if (s->query_pool)
        ctx->fn.vkCmdResetQueryPool(cmd, s->query_pool, 0, 2);
    memory_barrier(s, cmd, SPVK_VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | SPVK_VK_PIPELINE_STAGE_TRANSFER_BIT,
                   SPVK_VK_ACCESS_SHADER_WRITE_BIT | SPVK_VK_ACCESS_TRANSFER_WRITE_BIT,
                   SPVK_VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                   SPVK_VK_ACCESS_SHADER_READ_BIT | SPVK_VK_ACCESS_SHADER_WRITE_BIT | SPVK_VK_ACCESS_UNIFORM_READ_BIT);
    ctx->fn.vkCmdBindPipeline(cmd, SPVK_VK_PIPELINE_BIND_POINT_COMPUTE, s->pipeline);
    if (s->num_sets)
        ctx->fn.vkCmdBindDescriptorSets(cmd, SPVK_VK_PIPELINE_BIND_POINT_COMPUTE, s->pipeline_layout, 0, s->num_sets,
                                        s->sets, 0, NULL);
    uint32_t push_size = push_range_size(plan);
    if (push_size) {
        /* The given bytes, zero-padded to the range (a multiple of 4 covering the module's block). */
        unsigned char *push = vk_alloc_array(ctx, push_size, 1);
        if (!push)
            return vk_out_of_memory(ctx);
        if (plan->push_size)
            memcpy(push, plan->push_data, plan->push_size);
        ctx->fn.vkCmdPushConstants(cmd, s->pipeline_layout, SPVK_VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size, push);
        vk_free_array(ctx, push, push_size, 1);
    }
    if (s->query_pool)
        ctx->fn.vkCmdWriteTimestamp(cmd, SPVK_VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, s->query_pool, 0);
    ctx->fn.vkCmdDispatch(cmd, plan->groups[0], plan->groups[1], plan->groups[2]);
    if (s->query_pool)
        ctx->fn.vkCmdWriteTimestamp(cmd, SPVK_VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, s->query_pool, 1);
    if (!s->staged) /* mapped buffers: the writes, before the host reads them */
        memory_barrier(s, cmd, SPVK_VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, SPVK_VK_ACCESS_SHADER_WRITE_BIT,
                       SPVK_VK_PIPELINE_STAGE_HOST_BIT, SPVK_VK_ACCESS_HOST_READ_BIT);
    return end_commands(s, cmd);
}

static spvk_result run_dispatches(vk_session *s, spvk_run_report *report)
{
    vk_context *ctx = s->ctx;
    unsigned repeat = s->plan->repeat ? s->plan->repeat : 1;
    s->wall_ms = vk_alloc_array(ctx, repeat, sizeof(double));
    s->device_ms = vk_alloc_array(ctx, repeat, sizeof(double));
    if (!s->wall_ms || !s->device_ms)
        return vk_out_of_memory(ctx);
    double period_ms = (double)s->caps.props.limits.timestampPeriod / 1e6;
    for (unsigned run = 0; run < repeat; run++) {
        spvk_result result = upload(s, run == 0);
        if (result == SPVK_OK)
            result = submit_and_wait(s, s->commands[DISPATCH_COMMANDS], &s->wall_ms[run]);
        if (result != SPVK_OK)
            return result;
        if (s->query_pool) {
            uint64_t stamps[2];
            const spvk_VkFlags flags = SPVK_VK_QUERY_RESULT_64_BIT | SPVK_VK_QUERY_RESULT_WAIT_BIT;
            spvk_VkResult r = ctx->fn.vkGetQueryPoolResults(s->device, s->query_pool, 0, 2, sizeof(stamps), stamps,
                                                            sizeof(stamps[0]), flags);
            if (r != SPVK_VK_SUCCESS)
                return vk_failed(ctx, "vkGetQueryPoolResults", r);
            /* The counter has timestampValidBits bits and may wrap between the two. */
            uint64_t ticks = (stamps[1] - stamps[0]) & s->timestamp_mask;
            s->device_ms[run] = (double)ticks * period_ms;
        }
    }
    report->runs = repeat;
    report->has_device_time = s->query_pool != SPVK_VK_NULL_HANDLE;
    spvk_run_timing_summary(s->wall_ms, repeat, &report->wall_ms_median, &report->wall_ms_min);
    if (report->has_device_time)
        spvk_run_timing_summary(s->device_ms, repeat, &report->device_ms_median, &report->device_ms_min);
    return SPVK_OK;
}

/* Copies every buffer the kernel may have written back into the plan's host buffers. */
static spvk_result read_back(vk_session *s)
{
    spvk_result result = transfer(s, false, true);
    if (result != SPVK_OK)
        return result;
    for (size_t i = 0; i < s->num_buffers; i++) {
        spvk_typed_buffer *host = s->plan->resource_buffers[i];
        const vk_buffer *b = &s->buffers[i];
        const void *from = b->mapped ? b->mapped : b->staging_mapped;
        if (!s->plan->entry->resources[i].read_only && host->size && from)
            memcpy(host->data, from, host->size);
    }
    return SPVK_OK;
}

/* A validation layer older than an extension the run enabled does not know it: its SPIR-V
   validator rejects the module's capabilities and it warns that the extension is unsupported
   (Debian bookworm's layer, 1.3.239, predates both bf16 and KHR cooperative matrices). */
static void note_layer_age(vk_context *ctx, const device_request *req)
{
    static const char *const newer[] = {"VK_KHR_shader_bfloat16", "VK_KHR_cooperative_matrix"};
    for (size_t i = 0; i < sizeof(newer) / sizeof(newer[0]); i++) {
        for (uint32_t j = 0; j < req->num_extensions; j++) {
            if (strcmp(req->extensions[j], newer[i]) != 0)
                continue;
            char version[32];
            format_api_version(version, sizeof(version), ctx->validation_layer_version);
            spvk_diag_add(ctx->diags, SPVK_SEVERITY_NOTE, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0,
                          "vulkan: this run enabled %s; a validation layer older than that extension (this one is "
                          "%s) reports modules that use it as invalid",
                          newer[i], version);
        }
    }
}

static void session_destroy(vk_session *s)
{
    vk_context *ctx = s->ctx;
    vk_functions *fn = &ctx->fn;
    /* vkDestroyDevice and vkDeviceWaitIdle load first: when a later function was missing, the
       objects it would have made do not exist. */
    if (s->device && fn->vkDestroyDevice && fn->vkDeviceWaitIdle && !ctx->busy) { /* busy: see context_close */
        /* After a failure work may still be queued; nothing is destroyed under it. */
        fn->vkDeviceWaitIdle(s->device);
        if (s->fence)
            fn->vkDestroyFence(s->device, s->fence, NULL);
        if (s->query_pool)
            fn->vkDestroyQueryPool(s->device, s->query_pool, NULL);
        if (s->command_pool) /* frees its command buffers */
            fn->vkDestroyCommandPool(s->device, s->command_pool, NULL);
        if (s->pipeline)
            fn->vkDestroyPipeline(s->device, s->pipeline, NULL);
        if (s->shader)
            fn->vkDestroyShaderModule(s->device, s->shader, NULL);
        if (s->pipeline_layout)
            fn->vkDestroyPipelineLayout(s->device, s->pipeline_layout, NULL);
        if (s->descriptor_pool) /* frees its sets */
            fn->vkDestroyDescriptorPool(s->device, s->descriptor_pool, NULL);
        for (uint32_t i = 0; s->set_layouts && i < s->num_sets; i++)
            if (s->set_layouts[i])
                fn->vkDestroyDescriptorSetLayout(s->device, s->set_layouts[i], NULL);
        for (size_t i = 0; i < s->num_buffers; i++) {
            vk_buffer *b = &s->buffers[i];
            if (b->staging)
                fn->vkDestroyBuffer(s->device, b->staging, NULL);
            if (b->staging_memory) /* unmapped implicitly */
                fn->vkFreeMemory(s->device, b->staging_memory, NULL);
            if (b->buffer)
                fn->vkDestroyBuffer(s->device, b->buffer, NULL);
            if (b->memory)
                fn->vkFreeMemory(s->device, b->memory, NULL);
        }
        fn->vkDestroyDevice(s->device, NULL);
    }
    unsigned repeat = s->plan->repeat ? s->plan->repeat : 1;
    vk_free_array(ctx, s->wall_ms, s->wall_ms ? repeat : 0, sizeof(double));
    vk_free_array(ctx, s->device_ms, s->device_ms ? repeat : 0, sizeof(double));
    vk_free_array(ctx, s->buffers, s->num_buffers, sizeof(*s->buffers));
    /* The set arrays were allocated for the highest set + 1 even when creation stopped early. */
    uint32_t num_sets = 0;
    for (size_t i = 0; i < s->plan->entry->num_resources; i++)
        if (s->plan->entry->resources[i].set + 1 > num_sets)
            num_sets = s->plan->entry->resources[i].set + 1;
    vk_free_array(ctx, s->set_layouts, s->set_layouts ? num_sets : 0, sizeof(*s->set_layouts));
    vk_free_array(ctx, s->sets, s->sets ? num_sets : 0, sizeof(*s->sets));
    caps_free(ctx, &s->caps);
}

spvk_result spvk_vulkan_run(const spvk_run_plan *plan, const spvk_allocator *allocator, spvk_run_report *report,
                            spvk_diagnostics *diags)
{
    vk_context ctx = {0};
    ctx.allocator = allocator;
    ctx.diags = diags;
    vk_session s;
    memset(&s, 0, sizeof(s));
    s.ctx = &ctx;
    s.plan = plan;

    spvk_result result = context_open(&ctx, plan->validate);
    if (result == SPVK_OK)
        result = select_device(&s);
    if (result == SPVK_OK)
        result = check_module_needs(&ctx, plan, &s.caps, &s.request, &s.dispatches);
    if (result == SPVK_OK) {
        report->device_name[0] = '\0';
        append_text(report->device_name, sizeof(report->device_name), s.caps.props.deviceName,
                    sizeof(s.caps.props.deviceName));
        format_driver(report->driver, sizeof(report->driver), &s.caps);
        memcpy(report->local, plan->local, sizeof(report->local));
        report->dispatches = s.dispatches;
        result = create_device(&s);
    }
    if (result == SPVK_OK)
        result = create_buffers(&s);
    if (result == SPVK_OK)
        result = create_descriptors(&s);
    if (result == SPVK_OK)
        result = create_pipeline(&s);
    if (result == SPVK_OK)
        result = create_commands(&s);
    if (result == SPVK_OK)
        result = record_dispatch(&s);
    if (result == SPVK_OK)
        result = run_dispatches(&s, report);
    if (result == SPVK_OK)
        result = read_back(&s);
    session_destroy(&s);
    context_close(&ctx);
    report->timed_out = ctx.busy;

    report->validation_messages = ctx.validation_errors + ctx.validation_warnings;
    if (result == SPVK_OK && ctx.validation_errors) {
        spvk_run_error(diags, "vulkan: the validation layer reported %zu error%s", ctx.validation_errors,
                       ctx.validation_errors == 1 ? "" : "s");
        note_layer_age(&ctx, &s.request);
        result = SPVK_ERROR_DEVICE;
    }
    return result;
}

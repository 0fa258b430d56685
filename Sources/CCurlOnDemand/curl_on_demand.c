// libcurl, loaded the first time it is used instead of at start-up.
//
// lexagg makes every HTTP request through AsyncHTTPClient. libcurl reaches the binary only because the MCP SDK
// imports FoundationNetworking, whose URLSession is built on it; lexagg never creates a URLSession. Linked
// normally, libcurl.so.4 and the ~30 libraries it needs (TLS, Kerberos, LDAP, SSH, HTTP/2, IDN, ...) are loaded and
// relocated before main on every run: about 13.5 million instructions, a third of an offline lookup (callgrind).
//
// The executable defines the 23 functions FoundationNetworking calls. Each one loads libcurl.so.4 with dlopen on its
// first call and forwards to the real function, so URLSession still works if something ever uses it, and a run
// that does not pays nothing. The release link finds an empty libcurl.a in link/ for FoundationNetworking's -lcurl,
// so libcurl is neither needed to build nor loaded at start-up (check: `readelf -d lexagg | grep NEEDED`).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include "CCurlOnDemand.h"

static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
}

static void *real(const char *name) {
    pthread_once(&once, load);
    void *function = library ? dlsym(library, name) : NULL;
    if (!function) {
        fprintf(stderr, "lexagg: libcurl.so.4 is needed for %s but cannot be loaded: %s\n", name, dlerror());
        abort();
    }
    return function;
}

// Each forwarder finds the real function once and keeps it.
#define FORWARD(result, name, params, args)                                   \
    result name params {                                                      \
        static result (*function) params;                                     \
        if (!function) function = (result (*) params)real(#name);             \
        return function args;                                                 \
    }

#define FORWARD_VOID(name, params, args)                                      \
    void name params {                                                        \
        static void (*function) params;                                       \
        if (!function) function = (void (*) params)real(#name);               \
        function args;                                                        \
    }

FORWARD(void *, curl_easy_init, (void), ())
FORWARD_VOID(curl_easy_cleanup, (void *handle), (handle))
FORWARD(int, curl_easy_pause, (void *handle, int mask), (handle, mask))
FORWARD(const char *, curl_easy_strerror, (int code), (code))
FORWARD_VOID(curl_free, (void *pointer), (pointer))
FORWARD(int, curl_global_init, (long flags), (flags))
FORWARD(int, curl_multi_add_handle, (void *multi, void *easy), (multi, easy))
FORWARD(int, curl_multi_assign, (void *multi, int socket, void *pointer), (multi, socket, pointer))
FORWARD(int, curl_multi_cleanup, (void *multi), (multi))
FORWARD(void *, curl_multi_info_read, (void *multi, int *left), (multi, left))
FORWARD(void *, curl_multi_init, (void), ())
FORWARD(int, curl_multi_remove_handle, (void *multi, void *easy), (multi, easy))
FORWARD(int, curl_multi_socket_action, (void *multi, int socket, int mask, int *running), (multi, socket, mask, running))
FORWARD(void *, curl_slist_append, (void *list, const char *text), (list, text))
FORWARD_VOID(curl_slist_free_all, (void *list), (list))
FORWARD(void *, curl_url, (void), ())
FORWARD(int, curl_url_get, (void *url, int part, char **text, unsigned int flags), (url, part, text, flags))
FORWARD(int, curl_url_set, (void *url, int part, const char *text, unsigned int flags), (url, part, text, flags))
FORWARD(char *, curl_version, (void), ())
FORWARD(void *, curl_version_info, (int age), (age))

// The three variadic functions take exactly one more argument, always of integer class on x86-64 and AArch64
// (a long, a curl_off_t, a data or function pointer): it is read as a pointer-sized integer and passed on.
#define FORWARD_VARIADIC(name, first)                                         \
    int name(void *handle, first option, ...) {                              \
        static int (*function)(void *, first, ...);                           \
        if (!function) function = (int (*)(void *, first, ...))real(#name);   \
        va_list arguments;                                                    \
        va_start(arguments, option);                                          \
        void *value = va_arg(arguments, void *);                              \
        va_end(arguments);                                                    \
        return function(handle, option, value);                               \
    }

FORWARD_VARIADIC(curl_easy_setopt, int)
FORWARD_VARIADIC(curl_easy_getinfo, int)
FORWARD_VARIADIC(curl_multi_setopt, int)

int lexagg_curl_on_demand_functions(void) { return 23; }
int lexagg_curl_on_demand_loaded(void) { return library != NULL; }
const char *lexagg_curl_on_demand_version(void) { return curl_version(); }

#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include "CSpawn.h"

int lexagg_spawn_close_from(void *actions, int from) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, from);
#else
    (void)actions;
    (void)from;
    return ENOSYS;
#endif
}

int lexagg_spawn_child_signals(void *attributes, int ownGroup) {
    posix_spawnattr_t *spawn = (posix_spawnattr_t *)attributes;
    sigset_t defaults, mask;
    sigemptyset(&defaults);
    const int signals[] = {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (unsigned index = 0; index < sizeof signals / sizeof signals[0]; index++) sigaddset(&defaults, signals[index]);
    sigemptyset(&mask);
    short flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK;
    int result = posix_spawnattr_setsigdefault(spawn, &defaults);
    if (result == 0) result = posix_spawnattr_setsigmask(spawn, &mask);
    if (result == 0 && ownGroup) {
        result = posix_spawnattr_setpgroup(spawn, 0);
        flags |= POSIX_SPAWN_SETPGROUP;
    }
    if (result == 0) result = posix_spawnattr_setflags(spawn, flags);
    return result;
}

#ifndef LEXAGG_CSPAWN_H
#define LEXAGG_CSPAWN_H

/// `posix_spawn_file_actions_addclosefrom_np(actions, from)`: the child closes every descriptor from `from` up, after
/// the actions added before (glibc 2.34 and later). Swift's Glibc module does not declare it (it is a GNU extension),
/// so it is called from C here. `actions` is a `posix_spawn_file_actions_t *`; returns 0 or an error number (ENOSYS
/// where the C library has no such action).
int lexagg_spawn_close_from(void *actions, int from);

/// Sets `attributes` (an initialised `posix_spawnattr_t *`) so that the child gets the default action back for the
/// signals lexagg ignores or handles itself (SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT: Ctrl-C or a closed pipe ends
/// it as it would end it run from a shell) and blocks none; in a process group of its own when `ownGroup` is not 0.
/// Returns 0 or an error number.
int lexagg_spawn_child_signals(void *attributes, int ownGroup);

#endif

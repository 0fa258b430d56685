#ifndef LEXAGG_CSPAWN_H
#define LEXAGG_CSPAWN_H

/// `posix_spawn_file_actions_addclosefrom_np(actions, from)`: the child closes every descriptor from `from` up, after
/// the actions added before (glibc 2.34 and later). Swift's Glibc module does not declare it (it is a GNU extension),
/// so it is called from C here. `actions` is a `posix_spawn_file_actions_t *`; returns 0 or an error number (ENOSYS
/// where the C library has no such action).
int lexagg_spawn_close_from(void *actions, int from);

#endif

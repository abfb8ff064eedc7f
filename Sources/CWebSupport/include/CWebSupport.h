#ifndef CWEBSUPPORT_H
#define CWEBSUPPORT_H

/// Caps glibc's malloc at `count` arenas (mallopt M_ARENA_MAX); returns 1 on success, 0 where
/// it cannot (another C library).
int cws_limit_malloc_arenas(int count);

/// An anonymous in-memory file (memfd_create, close-on-exec) named `name` for debugging; -1 with
/// errno set where there is none (not Linux).
int cws_memory_file(const char *name);

#endif

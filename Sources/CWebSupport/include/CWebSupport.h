#ifndef CWEBSUPPORT_H
#define CWEBSUPPORT_H

/// Caps glibc's malloc at `count` arenas (mallopt M_ARENA_MAX); returns 1 on success, 0 where
/// it cannot (another C library).
int cws_limit_malloc_arenas(int count);

#endif

#define _GNU_SOURCE
#include "CDocumentStore.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#if defined(__linux__)
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#endif

int cds_rename_noreplace2(int from_directory, const char *from, int to_directory, const char *to) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, from_directory, from, to_directory, to, RENAME_NOREPLACE);
#elif defined(__APPLE__)
    return renameatx_np(from_directory, from, to_directory, to, RENAME_EXCL);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int cds_rename_noreplace(int directory, const char *from, const char *to) {
    return cds_rename_noreplace2(directory, from, directory, to);
}

int cds_openat_no_symlinks(int directory, const char *path, int flags) {
#if defined(__linux__) && defined(SYS_openat2)
    struct { uint64_t flags, mode, resolve; } how;
    memset(&how, 0, sizeof how);
    how.flags = (uint64_t)(unsigned)(flags | O_CLOEXEC);
    how.resolve = 0x04; /* RESOLVE_NO_SYMLINKS */
    return (int)syscall(SYS_openat2, directory, path, &how, sizeof how);
#else
    (void)directory; (void)path; (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}

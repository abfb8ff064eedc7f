#ifndef C_DOCUMENT_STORE_H
#define C_DOCUMENT_STORE_H

/// Renames `from` to `to` (both relative to `directory`, a directory file descriptor) only if
/// `to` does not exist: renameat2(RENAME_NOREPLACE) on Linux, renameatx_np(RENAME_EXCL) on Apple
/// systems. Returns 0, or -1 with errno set (EEXIST when `to` exists; ENOSYS or EINVAL when the
/// system or file system cannot do it, so the caller can fall back).
int cds_rename_noreplace(int directory, const char *from, const char *to);

/// cds_rename_noreplace between two directories (descriptors).
int cds_rename_noreplace2(int from_directory, const char *from, int to_directory, const char *to);

/// Opens `path` (which may have several components) relative to `directory` without following
/// a symbolic link in any component: openat2(RESOLVE_NO_SYMLINKS) on Linux 5.6+. Returns the
/// descriptor, or -1 with errno (ELOOP for a link; ENOSYS where openat2 is missing).
int cds_openat_no_symlinks(int directory, const char *path, int flags);

#endif

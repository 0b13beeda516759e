#define _GNU_SOURCE /* memfd_create */
/* File-level mechanics of the HDF5 results writer: how the file is
 * created and opened, flushed (its disk space reserved first, its end
 * fenced after), detached from a failed run, fsynced and published. Why:
 * see the top of h5out.c. */
#include "h5attr.h"
#include "h5objects.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Turns off metadata cache evictions on fapl p: dirty metadata then
 * reaches the file only at a flush, never in the middle of a batch. */
static herr_t no_evictions(hid_t p)
{
    H5AC_cache_config_t c = {.version = H5AC__CURR_CACHE_CONFIG_VERSION};
    if (H5Pget_mdc_config(p, &c) < 0)
        return -1;
    c.evictions_enabled = 0;
    c.incr_mode = H5C_incr__off;
    c.flash_incr_mode = H5C_flash_incr__off;
    c.decr_mode = H5C_decr__off;
    return H5Pset_mdc_config(p, &c);
}

hid_t mu_h5_file_access(void)
{
    hid_t p = H5Pcreate(H5P_FILE_ACCESS);
    if (p >= 0 && (H5Pset_libver_bounds(p, H5F_LIBVER_V18, H5F_LIBVER_V110) < 0 ||
                   H5Pset_fclose_degree(p, H5F_CLOSE_STRONG) < 0 || no_evictions(p) < 0)) {
        H5Pclose(p);
        return H5I_INVALID_HID;
    }
    return p;
}

hid_t mu_h5_file_create(void)
{
    hid_t p = mu_h5_fcpl();
    if (p >= 0 && H5Pset_file_space_strategy(p, H5F_FSPACE_STRATEGY_NONE, 0, 1) < 0) {
        H5Pclose(p);
        return H5I_INVALID_HID;
    }
    return p;
}

/* The descriptor of h's file (the sec2 driver's), or -1. */
static int file_fd(const mu_h5out *h)
{
    void *handle = NULL;
    if (H5Fget_vfd_handle(h->file, H5P_DEFAULT, &handle) < 0 || !handle) {
        H5Eclear2(H5E_DEFAULT);
        return -1;
    }
    return *(int *)handle;
}

/* Makes the disk hold every byte up to the file's end of allocation, so
 * that the flush after it writes only into space the file already has:
 * on a full disk or past a file-size limit this fails, before the flush
 * rewrites a byte of the last checkpoint's metadata in place. Returns 0 or
 * an errno value. */
static int reserve(const mu_h5out *h)
{
    hsize_t size = 0;
    int fd = file_fd(h);
    if (fd < 0 || H5Fget_filesize(h->file, &size) < 0)
        return EIO;
    return posix_fallocate(fd, 0, (off_t)size);
}

int mu_h5_flush(mu_h5out *h, char *msg, size_t len)
{
    int e = reserve(h);
    if (e != 0)
        return snprintf(msg, len, "cannot write: %s", strerror(e)), -1;
    if (H5Fflush(h->file, H5F_SCOPE_GLOBAL) < 0 || H5Fincrement_filesize(h->file, 1) < 0)
        return mu_h5_fail(msg, len, "cannot flush");
    return 0;
}

void mu_h5_detach(mu_h5out *h)
{
    int fd = h->file >= 0 ? file_fd(h) : -1;
    if (fd < 0)
        return;
    int spare = memfd_create("muster-detached", MFD_CLOEXEC);
    if (spare < 0)
        spare = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (spare >= 0) {
        dup2(spare, fd);
        close(spare);
    }
}

void mu_h5_utc_now(char *buf, size_t len)
{
    const char *epoch = getenv("SOURCE_DATE_EPOCH");
    char *end = NULL;
    long long e = epoch ? strtoll(epoch, &end, 10) : 0;
    time_t t = epoch && *epoch && *end == '\0' && e >= 0 ? (time_t)e : time(NULL);
    struct tm tm;
    if (!gmtime_r(&t, &tm) || strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
        snprintf(buf, len, "unknown");
}

int mu_h5_sync(const char *path, int dir)
{
    int fd = open(path, O_RDONLY | (dir ? O_DIRECTORY : 0));
    if (fd < 0)
        return errno;
    int rc = fsync(fd) == 0 || (dir && errno == EINVAL) ? 0 : errno;
    close(fd);
    return rc;
}

int mu_h5_sync_parent(const char *path)
{
    char *dir = strdup(path), *slash = dir ? strrchr(dir, '/') : NULL;
    if (!dir)
        return ENOMEM;
    if (slash)
        slash[slash == dir] = '\0';
    int rc = mu_h5_sync(slash ? dir : ".", 1);
    free(dir);
    return rc;
}

int mu_h5_publish(const char *partial, const char *final, int overwrite)
{
    struct stat st;
    if (overwrite)
        return rename(partial, final) == 0 ? 0 : errno;
    if (link(partial, final) == 0)
        return unlink(partial) == 0 ? 0 : errno;
    if (errno == EEXIST || stat(final, &st) == 0)
        return EEXIST;
    return rename(partial, final) == 0 ? 0 : errno;
}

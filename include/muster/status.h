/* Process exit statuses, one per kind of outcome (after BSD sysexits). */
#ifndef MUSTER_STATUS_H
#define MUSTER_STATUS_H

enum mu_exit_status {
    MU_EXIT_OK = 0,           /* done */
    MU_EXIT_FAILURE = 1,      /* a check failed (e.g. a file is invalid) */
    MU_EXIT_USAGE = 64,       /* bad command line */
    MU_EXIT_DATAERR = 65,     /* bad input file content */
    MU_EXIT_NOINPUT = 66,     /* an input file cannot be opened */
    MU_EXIT_SOFTWARE = 70,    /* internal error */
    MU_EXIT_CANTCREAT = 73,   /* an output file cannot be created */
    MU_EXIT_IOERR = 74,       /* reading or writing failed */
    MU_EXIT_INTERRUPTED = 130 /* stopped by SIGINT/SIGTERM; output partial */
};

#endif

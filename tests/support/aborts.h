/* For tests of code that aborts on a programming error (a layout built
 * wrongly): runs a function in a child process and says whether it died
 * of SIGABRT. Include after cmocka.h. */
#ifndef MUSTER_TEST_ABORTS_H
#define MUSTER_TEST_ABORTS_H

#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

/* Runs f in a child process; returns non-zero if it died of SIGABRT. */
static inline int aborts(void (*f)(void))
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stderr))
            _exit(2);
        f();
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
}

#endif

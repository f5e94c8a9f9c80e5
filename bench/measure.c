/* measure: runs a command and writes its wall time and peak resident set size.

     measure RESULT_FILE COMMAND [ARGS...]

   Runs COMMAND (standard input from /dev/null, output as inherited), waits for it with wait4()
   and writes one line to RESULT_FILE:

     SECONDS MAXRSS_KIB EXIT_STATUS CPU_SECONDS

   SECONDS is wall-clock time from just before fork() to the end of wait4() (CLOCK_MONOTONIC);
   CPU_SECONDS is the child's user + system time (steadier than wall time on a loaded machine);
   MAXRSS_KIB is the child's ru_maxrss (the same figure as /usr/bin/time -f %M). The exit status
   of measure is the command's (128 + signal if it was killed). Used by bench/run.sh. */
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: measure RESULT_FILE COMMAND [ARGS...]\n");
        return 2;
    }
    double t0 = now_seconds();
    pid_t pid = fork();
    if (pid < 0) {
        perror("measure: fork");
        return 2;
    }
    if (pid == 0) {
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0) {
            dup2(null, STDIN_FILENO);
            close(null);
        }
        execvp(argv[2], argv + 2);
        fprintf(stderr, "measure: cannot run %s: %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(pid, &status, 0, &ru) < 0) {
        if (errno != EINTR) {
            perror("measure: wait4");
            return 2;
        }
    }
    double elapsed = now_seconds() - t0;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    FILE *f = fopen(argv[1], "w");
    if (!f) {
        fprintf(stderr, "measure: cannot write %s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec +
                 (double)ru.ru_stime.tv_usec * 1e-6;
    fprintf(f, "%.6f %ld %d %.6f\n", elapsed, (long)ru.ru_maxrss, code, cpu);
    fclose(f);
    return code;
}

/* asc-prof - run a program with profiling on, the habit of `msprof op simulator --output`.
 *
 *   asc-prof --output DIR -- python3 prog.py [ARGS...]
 *   asc-prof --output DIR -- asc-run kernel.mlir ...
 *
 * Sets ASC_PROFILE_DIR=DIR for the program (every launch of an @asc.jit kernel, or of
 * asc-run, then writes its own profile directory DIR/<kernel>_<n>: docs/profile.md) and
 * runs it; exits with the program's status, 2 on a usage error, 127 if it cannot be run.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static int usage(void) {
  fputs("usage: asc-prof --output DIR -- PROGRAM [ARGS...]\n"
        "  runs PROGRAM with ASC_PROFILE_DIR=DIR: each kernel launch writes DIR/<kernel>_<n>/\n"
        "  (OpBasicInfo.csv, PipeUtilization.csv, code_exe.csv, instr_exe.csv, trace.json, timeline.html)\n",
        stderr);
  return 2;
}

int main(int argc, char **argv) {
  const char *out = NULL;
  int i = 1;
  for (; i < argc; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    if ((!strcmp(argv[i], "--output") || !strcmp(argv[i], "-o")) && i + 1 < argc)
      out = argv[++i];
    else if (!strncmp(argv[i], "--output=", 9))
      out = argv[i] + 9;
    else
      return usage();
  }
  if (!out || !*out || i >= argc)
    return usage();
  if (mkdir(out, 0777) && errno != EEXIST) {
    fprintf(stderr, "asc-prof: cannot create %s: %s\n", out, strerror(errno));
    return 2;
  }
  if (setenv("ASC_PROFILE_DIR", out, 1)) {
    fprintf(stderr, "asc-prof: cannot set ASC_PROFILE_DIR: %s\n", strerror(errno));
    return 2;
  }
  pid_t pid = fork();
  if (pid < 0) {
    fprintf(stderr, "asc-prof: fork: %s\n", strerror(errno));
    return 2;
  }
  if (pid == 0) {
    execvp(argv[i], argv + i);
    fprintf(stderr, "asc-prof: cannot run %s: %s\n", argv[i], strerror(errno));
    _exit(127);
  }
  int st = 0;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) {
      fprintf(stderr, "asc-prof: waitpid: %s\n", strerror(errno));
      return 2;
    }
  if (WIFEXITED(st)) {
    if (!WEXITSTATUS(st))
      fprintf(stderr, "asc-prof: profiles in %s/\n", out);
    return WEXITSTATUS(st);
  }
  return 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

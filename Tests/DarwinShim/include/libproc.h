// libproc.h (libsyscall/wrappers/libproc/libproc.h), for the test-only Darwin shim (see Darwin.h):
// proc_listallpids returns a count of pids; proc_pid_rusage's times are in Mach absolute time units.
#ifndef COURSE_DARWIN_SHIM_LIBPROC_H
#define COURSE_DARWIN_SHIM_LIBPROC_H

#include "Darwin.h"

int proc_listallpids(void *buffer, int buffersize);
int proc_pid_rusage(int pid, int flavor, rusage_info_t *buffer);

#endif

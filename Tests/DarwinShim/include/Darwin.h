// A test-only stand-in for the part of Apple's C library that the course calls, so that the files
// written for Darwin type-check on Linux (`.ci/check-darwin`). Each declaration has the C types that
// Apple's published headers give it on 64-bit macOS (arm64 and x86_64, LP64), with the header it
// comes from; the nullability is theirs too, since it decides how Swift imports a pointer. Nothing
// links against this: it declares, it does not define. Add a declaration only after checking it
// against Apple's header, and name that header beside it.
#ifndef COURSE_DARWIN_SHIM_H
#define COURSE_DARWIN_SHIM_H

// sys/_types.h, arm/_types.h, i386/_types.h, stdint.h
typedef signed char __int8_t;
typedef unsigned char __uint8_t;
typedef short __int16_t;
typedef unsigned short __uint16_t;
typedef int __int32_t;
typedef unsigned int __uint32_t;
typedef long long __int64_t;
typedef unsigned long long __uint64_t;
typedef long __darwin_time_t;
typedef unsigned long __darwin_size_t;
typedef __uint16_t __darwin_mode_t;
typedef __int32_t __darwin_pid_t;
typedef __uint32_t __darwin_sigset_t;
typedef __int32_t __darwin_suseconds_t;
typedef __uint32_t __darwin_useconds_t;
typedef __uint8_t uint8_t;
typedef __uint32_t uint32_t;
typedef __uint64_t uint64_t;
typedef __darwin_size_t size_t;
typedef __darwin_mode_t mode_t;
typedef __darwin_pid_t pid_t;
typedef __darwin_sigset_t sigset_t;
typedef __darwin_useconds_t useconds_t;

// sys/cdefs.h: how Apple's headers mark a C function that Swift may not call at all, or not from
// an async context (Swift imports the second as `@_unavailableFromAsync`).
#define __swift_unavailable(_msg) __attribute__((__availability__(swift, unavailable, message = _msg)))
#define __swift_unavailable_from_async(_msg) \
  __attribute__((__swift_attr__("@_unavailableFromAsync(message: \"" _msg "\")")))

// stdlib.h (_stdlib.h), string.h, malloc/_malloc.h
char *getenv(const char *);
char *strdup(const char *__s1);
void free(void *);
void exit(int) __attribute__((__noreturn__));
__swift_unavailable("Use posix_spawn APIs or NSTask instead. (On iOS, process spawning is unavailable.)")
int system(const char *);

// stdio.h (_stdio.h): `__swift_unavailable_on(osx_msg, ios_msg)` is `__swift_unavailable(osx_msg)` on macOS.
typedef struct __sFILE FILE;
__swift_unavailable("Use posix_spawn APIs or NSTask instead.")
int pclose(FILE *);
__swift_unavailable("Use posix_spawn APIs or NSTask instead.")
FILE *popen(const char *, const char *);

// unistd.h
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
pid_t getpid(void);
pid_t getsid(pid_t);
int isatty(int);
int usleep(useconds_t);
int close(int);
void _exit(int) __attribute__((__noreturn__));

// sys/wait.h
#define WNOHANG 0x00000001
pid_t waitpid(pid_t, int *, int);

// fcntl.h (sys/fcntl.h)
#define O_RDONLY 0x0000
#define O_WRONLY 0x0001
#define O_RDWR 0x0002
#define O_CREAT 0x00000200
#define O_TRUNC 0x00000400
#define LOCK_EX 0x02
#define LOCK_UN 0x08
int flock(int, int);

// sys/signal.h, signal.h
#define SIGINT 2
#define SIGKILL 9
#define SIGALRM 14
#define SIGTERM 15
#define SIGSTOP 17
#define SIG_UNBLOCK 2
int kill(pid_t, int);
int sigaddset(sigset_t *, int);
int sigemptyset(sigset_t *);
void (*signal(int, void (*)(int)))(int);

// spawn.h (libsyscall/wrappers/spawn/spawn.h) and sys/spawn.h: no nullability annotations.
typedef void *posix_spawnattr_t;
typedef void *posix_spawn_file_actions_t;
#define POSIX_SPAWN_SETSIGDEF 0x0004
#define POSIX_SPAWN_SETSIGMASK 0x0008
#define POSIX_SPAWN_SETSID 0x0400
int posix_spawn(pid_t *__restrict, const char *__restrict, const posix_spawn_file_actions_t *,
                const posix_spawnattr_t *__restrict, char *const __argv[__restrict],
                char *const __envp[__restrict]);
int posix_spawn_file_actions_init(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_addopen(posix_spawn_file_actions_t *__restrict, int, const char *__restrict, int,
                                     mode_t);
int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *, int, int);
int posix_spawnattr_init(posix_spawnattr_t *);
int posix_spawnattr_destroy(posix_spawnattr_t *);
int posix_spawnattr_setflags(posix_spawnattr_t *, short);
int posix_spawnattr_setsigmask(posix_spawnattr_t *__restrict, const sigset_t *__restrict);
int posix_spawnattr_setsigdefault(posix_spawnattr_t *__restrict, const sigset_t *__restrict);

// time.h (_time.h) and sys/_types/_timespec.h: clockid_t is an anonymous enum, so Swift imports it
// as a struct, and each CLOCK_ macro as a constant of it.
struct timespec {
  __darwin_time_t tv_sec;
  long tv_nsec;
};
typedef enum {
  _CLOCK_REALTIME = 0,
#define CLOCK_REALTIME _CLOCK_REALTIME
  _CLOCK_MONOTONIC = 6,
#define CLOCK_MONOTONIC _CLOCK_MONOTONIC
  _CLOCK_MONOTONIC_RAW = 4,
#define CLOCK_MONOTONIC_RAW _CLOCK_MONOTONIC_RAW
  _CLOCK_MONOTONIC_RAW_APPROX = 5,
#define CLOCK_MONOTONIC_RAW_APPROX _CLOCK_MONOTONIC_RAW_APPROX
  _CLOCK_UPTIME_RAW = 8,
#define CLOCK_UPTIME_RAW _CLOCK_UPTIME_RAW
  _CLOCK_UPTIME_RAW_APPROX = 9,
#define CLOCK_UPTIME_RAW_APPROX _CLOCK_UPTIME_RAW_APPROX
  _CLOCK_PROCESS_CPUTIME_ID = 12,
#define CLOCK_PROCESS_CPUTIME_ID _CLOCK_PROCESS_CPUTIME_ID
  _CLOCK_THREAD_CPUTIME_ID = 16
#define CLOCK_THREAD_CPUTIME_ID _CLOCK_THREAD_CPUTIME_ID
} clockid_t;
int clock_gettime(clockid_t __clock_id, struct timespec *__tp);

// sys/_types/_timeval.h and sys/resource.h
struct timeval {
  __darwin_time_t tv_sec;
  __darwin_suseconds_t tv_usec;
};
#define RUSAGE_SELF 0
struct rusage {
  struct timeval ru_utime;
  struct timeval ru_stime;
  long ru_maxrss;
  long ru_ixrss;
  long ru_idrss;
  long ru_isrss;
  long ru_minflt;
  long ru_majflt;
  long ru_nswap;
  long ru_inblock;
  long ru_oublock;
  long ru_msgsnd;
  long ru_msgrcv;
  long ru_nsignals;
  long ru_nvcsw;
  long ru_nivcsw;
};
int getrusage(int, struct rusage *);
#define RUSAGE_INFO_V0 0
typedef void *rusage_info_t;
struct rusage_info_v0 {
  uint8_t ri_uuid[16];
  uint64_t ri_user_time;
  uint64_t ri_system_time;
  uint64_t ri_pkg_idle_wkups;
  uint64_t ri_interrupt_wkups;
  uint64_t ri_pageins;
  uint64_t ri_wired_size;
  uint64_t ri_resident_size;
  uint64_t ri_phys_footprint;
  uint64_t ri_proc_start_abstime;
  uint64_t ri_proc_exit_abstime;
};

// libproc.h is not declared here but in a header of its own (libproc.h beside this one, module
// CLibproc), as the course reaches it through a module of its own (Sources/CLibproc).

// mach/kern_return.h, mach/machine/kern_return.h, mach/mach_time.h
typedef int kern_return_t;
#define KERN_SUCCESS 0
struct mach_timebase_info {
  uint32_t numer;
  uint32_t denom;
};
typedef struct mach_timebase_info *mach_timebase_info_t;
typedef struct mach_timebase_info mach_timebase_info_data_t;
kern_return_t mach_timebase_info(mach_timebase_info_t info);

// sys/ttycom.h (TIOCGWINSZ is `_IOR('t', 104, struct winsize)`, which Swift cannot import; the
// overlay's own value is in Darwin.swift beside this header). ioctl itself is variadic, so Swift
// code calls the overlay's wrappers, also there.
struct winsize {
  unsigned short ws_row;
  unsigned short ws_col;
  unsigned short ws_xpixel;
  unsigned short ws_ypixel;
};

// dlfcn.h (dyld): RTLD_DEFAULT is `((void *) -2)`, which Swift cannot import.
#define RTLD_NOW 0x2
void *dlopen(const char *__path, int __mode);
void *dlsym(void *__handle, const char *__symbol);
typedef struct dl_info {
  const char *dli_fname;
  void *dli_fbase;
  const char *dli_sname;
  void *dli_saddr;
} Dl_info;
int dladdr(const void *, Dl_info *);

// pthread.h: in a header of its own, as its nullability is written for the whole file.
#include "pthread.h"

#endif

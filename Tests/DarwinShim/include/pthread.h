#ifndef COURSE_DARWIN_SHIM_PTHREAD_H
#define COURSE_DARWIN_SHIM_PTHREAD_H

// pthread.h and sys/_pthread/_pthread_types.h (libpthread), for the test-only Darwin shim (see
// Darwin.h), with the header's Swift markings: the lock and key calls are unavailable from async
// contexts (`__PTHREAD_SWIFT_UNAVAILABLE_FROM_ASYNC`, which is `__swift_unavailable_from_async`). The whole header is under `assume_nonnull`, as Apple's is: every pointer not marked
// `_Nullable` is non-null, which is why Swift sees the key destructor's argument as non-optional.
#pragma clang assume_nonnull begin

typedef unsigned long __darwin_pthread_key_t;
struct _opaque_pthread_mutex_t {
  long __sig;
  char __opaque[56];
};
struct _opaque_pthread_mutexattr_t {
  long __sig;
  char __opaque[8];
};
typedef struct _opaque_pthread_mutex_t pthread_mutex_t;
typedef struct _opaque_pthread_mutexattr_t pthread_mutexattr_t;
typedef __darwin_pthread_key_t pthread_key_t;
int pthread_mutex_init(pthread_mutex_t *__restrict, const pthread_mutexattr_t *_Nullable __restrict);
int pthread_mutex_destroy(pthread_mutex_t *);
__swift_unavailable_from_async("Use OSAllocatedUnfairLock's withLock or NSLock for async-safe scoped locking")
int pthread_mutex_lock(pthread_mutex_t *);
__swift_unavailable_from_async("Use OSAllocatedUnfairLock's withLock or NSLock for async-safe scoped locking")
int pthread_mutex_unlock(pthread_mutex_t *);
int pthread_key_create(pthread_key_t *, void (*_Nullable)(void *));
__swift_unavailable_from_async("Use Task Local Values instead")
void *_Nullable pthread_getspecific(pthread_key_t);
__swift_unavailable_from_async("Use Task Local Values instead")
int pthread_setspecific(pthread_key_t, const void *_Nullable);
int pthread_sigmask(int, const sigset_t *_Nullable, sigset_t *_Nullable);

#pragma clang assume_nonnull end

#endif

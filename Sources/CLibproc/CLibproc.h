// libproc.h, the macOS SDK's public header for listing processes and reading their resource use
// (usr/include/libproc.h), included by name; nothing on other platforms.
#ifndef COURSE_CLIBPROC_H
#define COURSE_CLIBPROC_H

#if defined(__APPLE__)
#include <libproc.h>
#endif

#endif

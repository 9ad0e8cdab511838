/* SPDX-License-Identifier: MIT */
/*
 * compat/export.h - what libkstruct.so exports: what its installed
 * headers declare, and nothing else.
 *
 * kstruct's own; the kernel marks each exported definition with
 * EXPORT_SYMBOL() instead.  The library is built with
 * -fvisibility=hidden, so that a function or variable it defines is
 * hidden unless a declaration says otherwise.  Every installed header
 * (docs/DESIGN.md, "The public surface") opens its declarations with
 * KSTRUCT_EXPORT_BEGIN, after its own #includes, and closes them with
 * KSTRUCT_EXPORT_END, before its include guard's #endif:
 *
 *	#include <kstruct/list/list.h>
 *
 *	KSTRUCT_EXPORT_BEGIN
 *	struct bus_type;
 *	int bus_register(struct bus_type *bus);
 *	KSTRUCT_EXPORT_END
 *
 * Between the two, GCC's visibility pragma (clang honours it too) gives
 * each declaration default visibility, and the definition in the .c file
 * inherits it: bus_register is exported.  A function declared only in a
 * private header, or only in its .c file, stays hidden from programs
 * linked with libkstruct.so, yet the tool and the tests, which link the
 * objects themselves, reach it as before.  For a C++ includer the pair is
 * also the extern "C" block.  Static inline functions and macros have no
 * symbol either way.
 */
#ifndef KSTRUCT_COMPAT_EXPORT_H
#define KSTRUCT_COMPAT_EXPORT_H

#ifdef __cplusplus
#define KSTRUCT_EXPORT_BEGIN \
	extern "C" {         \
	_Pragma("GCC visibility push(default)")
#define KSTRUCT_EXPORT_END            \
	_Pragma("GCC visibility pop") \
	}
#else
#define KSTRUCT_EXPORT_BEGIN _Pragma("GCC visibility push(default)")
#define KSTRUCT_EXPORT_END _Pragma("GCC visibility pop")
#endif

#endif /* KSTRUCT_COMPAT_EXPORT_H */

/* SPDX-License-Identifier: MIT */
/*
 * compat/escape.h - text from a user (a workload's keys and names, a file
 * name) made safe to print in a message: escape_message() is what every
 * error and warning of the library and the tool goes through, so that no
 * control character of the input reaches a terminal.
 *
 * Not a port: the kernel's lib/string_helpers.c escapes with
 * string_escape_mem(), whose flags choose what to escape; this one has a
 * single rule, the project's own.
 */
#ifndef KSTRUCT_COMPAT_ESCAPE_H
#define KSTRUCT_COMPAT_ESCAPE_H

#include <stdarg.h>
#include <stddef.h>

/**
 * escape_message() - @src made printable, into @dst
 * @dst: receives the result, always NUL-terminated when @size > 0
 * @size: the size of @dst
 * @src: the text, NUL-terminated
 *
 * Control characters become C escapes: \n, \t, \r, and \xNN for the
 * others (ESC is \x1b, DEL \x7f); so do the C1 controls U+0080..U+009F,
 * byte by byte (\xc2\x9b), which a UTF-8 terminal also obeys.  Valid
 * UTF-8 is kept; every byte of an invalid sequence (a stray continuation
 * byte, an overlong form, a surrogate, a code point past U+10FFFF, a
 * sequence cut short) is \xNN.  A backslash stays as it is, so escaping
 * twice changes nothing.  Text that does not fit is cut before an escape
 * or a character, never inside one.  @dst and @src may not overlap.
 *
 * Return: the length of the result (that written into @dst).
 */
size_t escape_message(char *dst, size_t size, const char *src);

/**
 * escape_message_at() - a reader's refusal, escaped: "line @line: " (when
 *	@line is not 0) and what @fmt and @ap format, into @dst
 * @dst: receives it, always NUL-terminated when @size > 0
 * @size: the size of @dst
 * @line: the line of the input the refusal is about (from 1), or 0
 * @fmt: the message's format
 * @ap: its arguments
 *
 * The formatted text (at most 1,023 bytes of it) goes through
 * escape_message(), so that the input's bytes a message quotes reach no
 * terminal as they are.
 * Return: the length of the result.
 */
size_t escape_message_at(char *dst, size_t size, unsigned long line,
			 const char *fmt, va_list ap)
	__attribute__((format(printf, 4, 0)));

#endif /* KSTRUCT_COMPAT_ESCAPE_H */

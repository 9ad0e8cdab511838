// SPDX-License-Identifier: MIT
/*
 * compat/escape.c - text made safe to print in a message (compat/escape.h).
 *
 * Not a port of a kernel file.
 */
#include <stdio.h>
#include <string.h>

#include "compat/escape.h"

/*
 * The length of the valid UTF-8 sequence at @s (2..4), or 0 when the
 * bytes there are not one (RFC 3629: no overlong form, no surrogate,
 * nothing past U+10FFFF).
 */
static size_t utf8_sequence(const unsigned char *s)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (c >= 0xc2 && c <= 0xdf)
		len = 2;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0; /* overlong */
	else if (c == 0xed)
		hi = 0x9f; /* surrogates */
	else if (c == 0xf0)
		lo = 0x90; /* overlong */
	else if (c == 0xf4)
		hi = 0x8f; /* past U+10FFFF */
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return len;
}

/* @c as the escape that shows it, into @buf (5 bytes at least) */
static size_t escape_byte(char *buf, unsigned char c)
{
	switch (c) {
	case '\n':
		return (size_t)sprintf(buf, "\\n");
	case '\t':
		return (size_t)sprintf(buf, "\\t");
	case '\r':
		return (size_t)sprintf(buf, "\\r");
	default:
		return (size_t)sprintf(buf, "\\x%02x", c);
	}
}

size_t escape_message(char *dst, size_t size, const char *src)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t out = 0, len, i;
	char piece[16];

	if (!size)
		return 0;
	while (*s) {
		if (*s >= 0x20 && *s < 0x7f) {
			piece[0] = (char)*s;
			len = 1;
			i = 1;
		} else if ((i = utf8_sequence(s)) &&
			   !(s[0] == 0xc2 && s[1] <= 0x9f)) {
			memcpy(piece, s, i);
			len = i;
		} else if (i) {
			/* a C1 control: both bytes escaped */
			len = escape_byte(piece, s[0]);
			len += escape_byte(piece + len, s[1]);
		} else {
			len = escape_byte(piece, s[0]);
			i = 1;
		}
		if (out + len >= size)
			break;
		memcpy(dst + out, piece, len);
		out += len;
		s += i;
	}
	dst[out] = '\0';
	return out;
}

size_t escape_message_at(char *dst, size_t size, unsigned long line,
			 const char *fmt, va_list ap)
{
	char raw[1024];
	int n = 0;

	if (line)
		n = snprintf(raw, sizeof(raw), "line %lu: ", line);
	if (n < 0)
		n = 0;
	vsnprintf(raw + n, sizeof(raw) - (size_t)n, fmt, ap);
	return escape_message(dst, size, raw);
}

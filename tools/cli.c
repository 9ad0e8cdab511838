// SPDX-License-Identifier: MIT
/*
 * tools/cli.c - option values on the kstruct command line (tools/cli.h).
 *
 * Not a port of a kernel file.  strtoull() alone would take "010" as
 * octal (base 0), skip leading blanks, take a minus sign and wrap the
 * value around: each of those is refused here before it is called.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/escape.h"
#include "tools/cli.h"

/* digits only, into @out; Return: the first byte after them, or NULL */
static const char *digits(const char *s, unsigned long long *out)
{
	unsigned long long v;
	char *end;

	if (*s < '0' || *s > '9')
		return NULL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return NULL;
	*out = v;
	return end;
}

int cli_parse(const char *arg, unsigned long long min, unsigned long long max,
	      unsigned long long *out)
{
	unsigned long long v;
	const char *end = digits(arg, &v);

	if (!end || *end || v < min || v > max)
		return -EINVAL;
	*out = v;
	return 0;
}

int cli_number(const char *who, const char *opt, const char *arg,
	       unsigned long long min, unsigned long long max,
	       unsigned long long *out)
{
	if (cli_parse(arg, min, max, out)) {
		cli_error("%s: %s: \"%s\" is not a whole number in %llu..%llu",
			  who, opt, arg, min, max);
		return -EINVAL;
	}
	return 0;
}

/* @v / 10^@places as a decimal, trailing zeros of the fraction dropped */
static void print_fixed(char *buf, size_t size, unsigned long long v,
			unsigned int places, unsigned long long scale)
{
	int n = snprintf(buf, size, "%llu", v / scale);
	unsigned long long frac = v % scale;

	if (!frac || n < 0 || (size_t)n >= size)
		return;
	snprintf(buf + n, size - n, ".%0*llu", (int)places, frac);
	n = (int)strlen(buf);
	while (buf[n - 1] == '0')
		buf[--n] = '\0';
}

int cli_fixed(const char *who, const char *opt, const char *arg,
	      unsigned int places, const char *unit, unsigned long long min,
	      unsigned long long max, unsigned long long *out)
{
	unsigned long long whole, frac = 0, scale = 1;
	const char *end = digits(arg, &whole);
	char lo[32], hi[32];
	unsigned int i, n = 0;

	for (i = 0; i < places; i++)
		scale *= 10;
	if (end && *end == '.') {
		for (end++; *end >= '0' && *end <= '9' && n < places;
		     end++, n++)
			frac = frac * 10 + (unsigned long long)(*end - '0');
		if (!n)
			end = NULL; /* "5." */
		for (; n < places; n++)
			frac *= 10;
	}
	if (end && !*end && frac <= max && whole <= (max - frac) / scale &&
	    whole * scale + frac >= min) {
		*out = whole * scale + frac;
		return 0;
	}
	print_fixed(lo, sizeof(lo), min, places, scale);
	print_fixed(hi, sizeof(hi), max, places, scale);
	cli_error("%s: %s: \"%s\" is not a number of %s in %s..%s "
		  "(at most %u decimals)",
		  who, opt, arg, unit, lo, hi, places);
	return -EINVAL;
}

const char *cli_strerror(int err)
{
	return err == -ENOMEM ? "out of memory" : strerror(-err);
}

void cli_error(const char *fmt, ...)
{
	char raw[1024], safe[4 * sizeof(raw)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	escape_message(safe, sizeof(safe), raw);
	fprintf(stderr, "%s\n", safe);
}

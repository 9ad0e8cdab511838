// SPDX-License-Identifier: MIT
/*
 * tests/fuzz/fuzz_callgrind.c - libFuzzer harness for the reader of
 * callgrind's output (bench/callgrind.c) behind "kstruct bench
 * sched-instr".
 *
 * Input: the file.  Its names go to three parts by their first byte.  A
 * file that is read must give parts that add up to its total; a file
 * that is refused leaves every part and the total 0 and says why.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench/callgrind.h"
#include "tests/fuzz/fuzz.h"

static unsigned int part_of(const char *file, const char *fn, void *data)
{
	(void)fn;
	(void)data;
	return (unsigned char)file[0] % 3;
}

FUZZ_INITIALIZE()

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned long long parts[3], total;
	char err[256];
	FILE *f;
	int ret;

	f = fmemopen((void *)data, size ? size : 1, "r");
	if (!f)
		return 0;
	if (!size)
		fgetc(f); /* fmemopen() wants a byte: read it, leave none */
	ret = callgrind_read(f, part_of, NULL, parts, 3, &total, err,
			     sizeof(err));
	fclose(f);
	CHECK(memchr(err, '\0', sizeof(err)));
	if (ret) {
		CHECK(ret == -EINVAL || ret == -ENOMEM);
		CHECK(!parts[0] && !parts[1] && !parts[2] && !total);
		CHECK(err[0]);
		return 0;
	}
	CHECK(parts[0] + parts[1] + parts[2] == total);
	CHECK(parts[0] <= total && parts[1] <= total && parts[2] <= total);
	CHECK(!err[0]);
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * bench/callgrind.h - a reader of callgrind's output file: each
 * instruction counted, charged to the source file and function it was
 * executed in, and summed into the parts a caller names.
 *
 * Not a port of a kernel file.  callgrind (valgrind's call-graph tool)
 * writes one line per source line that executed, under the function
 * ("fn=") and file ("fl=", or "fi="/"fe=" for code inlined from another
 * file) it belongs to; a "calls=" line is followed by the inclusive cost
 * of that call, which is the callee's and is skipped here.  So each
 * instruction is counted once, where it ran: a function's own cost, with
 * what the compiler inlined into it charged to the inlined code's file.
 * The file's "totals:" (or "summary:") line must equal the sum read, or
 * the file is refused.
 */
#ifndef KSTRUCT_BENCH_CALLGRIND_H
#define KSTRUCT_BENCH_CALLGRIND_H

#include <stddef.h>
#include <stdio.h>

/*
 * Which part @file's @fn belongs to, as an index below the reader's
 * @nr_parts (a value out of range is refused as a bug of the caller).
 */
typedef unsigned int (*callgrind_part_fn)(const char *file, const char *fn,
					  void *data);

/**
 * callgrind_read() - sum a callgrind output file's instructions by part
 * @f: the file (read to its end)
 * @part_of: the map from (source file, function) to a part
 * @data: passed to @part_of
 * @parts: @nr_parts sums, set here (0 where nothing ran)
 * @nr_parts: how many
 * @total: the file's total instructions
 * @err: where a refusal is explained, one line
 * @errsz: its size
 *
 * The file must name its events with Ir first (callgrind's default) and
 * its names uncompressed (--compress-strings=no --compress-pos=no).
 *
 * Return: 0; -EINVAL for a file that is not such a callgrind file, whose
 * counts do not add up to its totals, or a part index out of range;
 * -ENOMEM.
 */
int callgrind_read(FILE *f, callgrind_part_fn part_of, void *data,
		   unsigned long long *parts, unsigned int nr_parts,
		   unsigned long long *total, char *err, size_t errsz);

#endif /* KSTRUCT_BENCH_CALLGRIND_H */

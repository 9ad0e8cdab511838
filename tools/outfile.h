/* SPDX-License-Identifier: MIT */
/*
 * tools/outfile.h - the files the kstruct commands write, never left
 * half-written, and the check of stdout.
 *
 * A command writes each output file (a trace, a capture, a benchmark's
 * JSON, CSV, scripts and pictures) to a temporary file beside its target,
 * "DIR/.NAME.XXXXXX", and renames it onto the target only when the whole
 * file is written: the target is either the complete new file or what was
 * there before.  A failed run removes its temporary files: a write error,
 * a failed allocation, or a signal that ends the process (SIGHUP, SIGINT,
 * SIGQUIT, SIGPIPE, SIGTERM: a handler removes them, then the signal ends
 * the process as it would have).  A target that exists and is not a regular
 * file (/dev/null, a FIFO, /dev/stdout) is written directly.
 *
 * Every write error is kept with its errno and reported with the file's
 * name; outfile_check_stdout() does the same for stdout.
 */
#ifndef KSTRUCT_TOOLS_OUTFILE_H
#define KSTRUCT_TOOLS_OUTFILE_H

#include <stdio.h>

/**
 * struct outfile - an output file being written
 * @who: the message prefix ("kstruct sim")
 * @path: the target, as the user gave it
 * @target: where the file goes (@path with symbolic links resolved)
 * @temp: the temporary file, or NULL when @target is written directly
 * @f: the stream on it, or NULL once closed (outfile_close(), or an
 *	fclose() by whoever the stream was handed to)
 * @fd: its file descriptor, for a child process's output (the stream
 *	owns it: closing the stream closes it)
 * @err: the first error of a write, flush, sync or close (a negative
 *	errno), or 0
 * @reported: whether @err has been printed
 *
 * Zero-initialised, it is "not open": outfile_abort() may be called on it.
 */
struct outfile {
	const char *who;
	const char *path;
	char *target;
	char *temp;
	FILE *f;
	int fd;
	int err;
	int reported;
};

/**
 * outfile_open() - start writing the file @path
 * @of: the file (its previous contents are ignored)
 * @who: the message prefix; must outlive @of
 * @path: the target; must outlive @of
 *
 * Creates the temporary file beside the target (mode 0666 less the umask,
 * or the target's mode when it exists) and opens @of->f on it.  Installs
 * the signal handlers the first time.
 *
 * Return: 0, or a negative errno after printing "WHO: PATH: why".
 */
int outfile_open(struct outfile *of, const char *who, const char *path);

/**
 * outfile_close() - finish writing without renaming yet
 * @of: the file
 *
 * Flushes, syncs and closes @of->f unless it is closed already.  Use it
 * before reading the file back, or to finish several files before
 * renaming any.
 *
 * Return: 0, or the first error the file met (printed, naming the file).
 */
int outfile_close(struct outfile *of);

/**
 * outfile_commit() - finish the file and rename it onto its target
 * @of: the file
 *
 * Return: 0; or the first error the file met, printed, and the temporary
 * file removed: the target is left as it was.
 */
int outfile_commit(struct outfile *of);

/**
 * outfile_abort() - give the file up
 * @of: the file, open or not
 *
 * Closes the stream and removes the temporary file; the target is left as
 * it was.  Prints nothing.
 */
void outfile_abort(struct outfile *of);

/**
 * outfile_failed() - whether a write to the file has failed so far
 * @of: the file
 *
 * Return: the first error (a negative errno), or 0.
 */
int outfile_failed(const struct outfile *of);

/**
 * outfile_stdout_keep_errors() - make stdout remember why a write failed
 *
 * Replaces stdout, before anything is written to it, with a stream on the
 * same descriptor (file descriptor 1) that keeps the errno of the first
 * failed write, buffered as before (by lines on a terminal, else fully),
 * so that outfile_check_stdout() can name the cause however the failed
 * write came about: glibc forgets it once the data it could not write is
 * gone (an unbuffered stream, a caller's own fflush()).  main() calls it
 * first.  It also ignores SIGXFSZ (unless the caller already set it), so
 * that a write past RLIMIT_FSIZE fails with EFBIG and is named rather
 * than killing the process.
 *
 * Return: 0, or -ENOMEM (stdout is then left as it was).
 */
int outfile_stdout_keep_errors(void);

/**
 * outfile_check_stdout() - flush stdout and report whether writing failed
 * @who: the message prefix
 *
 * The errno reported is the one outfile_stdout_keep_errors() kept, else
 * the final flush's, else -EIO.
 *
 * Call it once where a command's output is complete (and, for a long
 * output, where stopping early saves work): each call that finds the
 * error prints it.
 *
 * Return: 0, or a negative errno after printing "WHO: stdout: why".
 */
int outfile_check_stdout(const char *who);

/**
 * struct outfile_held - a command's output, held until it is whole
 * @f: the stream the command writes (NULL when not open)
 * @buf: what was written, while it fits in memory
 * @len: its length
 * @cap: @buf's size
 * @spill: past OUTFILE_HELD_MEM bytes, an unlinked temporary file in
 *	$TMPDIR (else /tmp) that holds everything instead, or NULL
 * @err: the first error (-ENOMEM, or the temporary file's errno), or 0
 *
 * A command whose output to stdout could stop half-way (a later step
 * fails, memory runs out) writes it here, and hands it to
 * outfile_put_held() once everything went through: stdout then holds the
 * complete output or nothing.  Small outputs stay in memory (kmalloc(),
 * so fault injection reaches them), and a limit on files (RLIMIT_FSIZE)
 * is then met, as before, by stdout; a large one goes to a file, so that
 * the output may be larger than memory.
 */
struct outfile_held {
	FILE *f;
	char *buf;
	size_t len, cap;
	FILE *spill;
	int err;
};

/* what struct outfile_held keeps in memory before it uses a file */
#define OUTFILE_HELD_MEM (16ul << 20)

/**
 * outfile_hold() - start holding an output
 * @h: the held output (its previous contents are ignored)
 * Return: 0, or -ENOMEM.
 */
int outfile_hold(struct outfile_held *h);

/**
 * outfile_held_error() - why writing to @h failed
 * @h: the held output
 * Return: the first error (-ENOMEM, or the temporary file's), or 0.
 */
int outfile_held_error(const struct outfile_held *h);

/**
 * outfile_put_held() - copy what @h holds to stdout, and release it
 * @who: the message prefix
 * @h: the held output
 * Return: 0, or a negative errno after printing why (a failed write to the
 * held output: "WHO: the held output: why"; or to stdout, as
 * outfile_check_stdout() prints it).
 */
int outfile_put_held(const char *who, struct outfile_held *h);

/**
 * outfile_held_release() - give the held output up
 * @h: the held output, open or not (zero-initialised is "not open")
 */
void outfile_held_release(struct outfile_held *h);

#endif /* KSTRUCT_TOOLS_OUTFILE_H */

// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_outfile.c - output files written beside their target
 * and renamed onto it (tools/outfile.c), and the check of stdout.
 *
 * Each test works in a fresh folder and ends by listing it: after a
 * commit it holds exactly the target, after anything else exactly what
 * was there before (no target, no temporary ".NAME.XXXXXX").  The
 * failures are real ones: a full disk is RLIMIT_FSIZE in a child (the
 * write fails with EFBIG), a signal is raised in a child that has files
 * open, an allocation fails through compat/slab's fault injection.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compat/compiler.h"
#include "compat/slab.h"
#include "tests/child.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/tmpdir.h"
#include "tools/outfile.h"

static char dir[64];

static int make_dir(void)
{
	return tmpdir_make(dir, "outfile");
}

/* "DIR/NAME" into @buf */
static const char *in_dir(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", dir, name);
	return buf;
}

static void remove_dir(void)
{
	tmpdir_remove(dir);
}

static void assert_listing(const char *want)
{
	CU_ASSERT_STRING_EQUAL(tmpdir_list(dir), want);
}

static char *read_all(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n = 0;

	buf[0] = '\0';
	if (f) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return buf;
}

static void test_commit_renames(void)
{
	struct outfile of;
	char path[128], list[512];
	mode_t mask = umask(0);
	struct stat st;

	umask(mask);
	CU_ASSERT_FATAL(make_dir() == 0);
	in_dir(path, sizeof(path), "out.txt");
	CU_ASSERT_EQUAL_FATAL(outfile_open(&of, "test", path), 0);
	CU_ASSERT_PTR_NOT_NULL(of.temp);
	fputs("complete\n", of.f);
	/* until the commit, only the temporary file beside it exists */
	snprintf(list, sizeof(list), "%s", tmpdir_list(dir));
	CU_ASSERT_EQUAL(strncmp(list, ".out.txt.", 9), 0);
	CU_ASSERT_EQUAL(strlen(list), strlen(".out.txt.XXXXXX"));
	CU_ASSERT_EQUAL(outfile_commit(&of), 0);
	assert_listing("out.txt");
	CU_ASSERT_STRING_EQUAL(read_all(path), "complete\n");
	/* the umask's mode, not mkstemp()'s 0600 */
	CU_ASSERT_EQUAL(stat(path, &st), 0);
	CU_ASSERT_EQUAL(st.st_mode & 0777, 0666 & ~mask);
	remove_dir();
}

/* an existing file stays whole until the new one replaces it, mode kept */
static void test_existing_target(void)
{
	struct outfile of;
	char path[128];
	struct stat st;
	FILE *f;

	CU_ASSERT_FATAL(make_dir() == 0);
	in_dir(path, sizeof(path), "kept");
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("old\n", f);
	fclose(f);
	chmod(path, 0640);
	CU_ASSERT_EQUAL_FATAL(outfile_open(&of, "test", path), 0);
	fputs("new\n", of.f);
	CU_ASSERT_STRING_EQUAL(read_all(path), "old\n");
	outfile_abort(&of);
	assert_listing("kept");
	CU_ASSERT_STRING_EQUAL(read_all(path), "old\n");
	CU_ASSERT_EQUAL_FATAL(outfile_open(&of, "test", path), 0);
	fputs("new\n", of.f);
	CU_ASSERT_EQUAL(outfile_commit(&of), 0);
	CU_ASSERT_STRING_EQUAL(read_all(path), "new\n");
	CU_ASSERT_EQUAL(stat(path, &st), 0);
	CU_ASSERT_EQUAL(st.st_mode & 0777, 0640);
	assert_listing("kept");
	remove_dir();
}

/* a symbolic link stays one: the file it names is replaced */
static void test_symlink_target(void)
{
	char path[128], link_path[128];
	struct outfile of;
	struct stat st;
	FILE *f;

	CU_ASSERT_FATAL(make_dir() == 0);
	in_dir(path, sizeof(path), "real");
	in_dir(link_path, sizeof(link_path), "link");
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fclose(f);
	CU_ASSERT_EQUAL_FATAL(symlink("real", link_path), 0);
	CU_ASSERT_EQUAL_FATAL(outfile_open(&of, "test", link_path), 0);
	fputs("through\n", of.f);
	CU_ASSERT_EQUAL(outfile_commit(&of), 0);
	CU_ASSERT_EQUAL(lstat(link_path, &st), 0);
	CU_ASSERT(S_ISLNK(st.st_mode));
	CU_ASSERT_STRING_EQUAL(read_all(path), "through\n");
	assert_listing("link real");
	remove_dir();
}

/* /dev/null is written, never replaced by a regular file */
static void test_device_target(void)
{
	struct outfile of;
	struct stat st;

	CU_ASSERT_EQUAL_FATAL(outfile_open(&of, "test", "/dev/null"), 0);
	CU_ASSERT_PTR_NULL(of.temp);
	fputs("gone\n", of.f);
	CU_ASSERT_EQUAL(outfile_commit(&of), 0);
	CU_ASSERT_EQUAL(stat("/dev/null", &st), 0);
	CU_ASSERT(S_ISCHR(st.st_mode));
}

static void open_and_print(int which)
{
	static const char *const paths[] = {
		"/nonexistent-kstruct/x.json",
		"/tmp/",
		"/tmp",
		"",
	};
	struct outfile of;

	fprintf(stderr, "%d", outfile_open(&of, "kstruct test", paths[which]));
}

/* an unopenable target: the error, and a message that names it */
static void test_open_errors(void)
{
	char out[256];

	run_in_child(open_and_print, 0, out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out,
			       "kstruct test: /nonexistent-kstruct/x.json: "
			       "No such file or directory\n-2");
	run_in_child(open_and_print, 1, out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "kstruct test: /tmp/: Is a directory\n-21");
	run_in_child(open_and_print, 2, out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "kstruct test: /tmp: Is a directory\n-21");
	run_in_child(open_and_print, 3, out, sizeof(out));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "No such file or directory"));
}

/* in a child: 4 KiB at most per file, then write 64 KiB */
static void write_past_limit(int commit)
{
	struct rlimit lim = { 4096, 4096 };
	char path[128];
	struct outfile of;
	int i;

	setrlimit(RLIMIT_FSIZE, &lim);
	if (outfile_open(&of, "kstruct test",
			 in_dir(path, sizeof(path), "big.txt")))
		_exit(3);
	for (i = 0; i < 1024; i++)
		fputs("0123456789abcdef0123456789abcdef0123456789abcdef"
		      "0123456789abcde\n",
		      of.f);
	if (commit)
		_exit(outfile_commit(&of) == -EFBIG ? 0 : 4);
	_exit(outfile_close(&of) == -EFBIG && outfile_failed(&of) == -EFBIG ?
		      0 :
		      5);
}

/*
 * A full disk, as RLIMIT_FSIZE makes one: SIGXFSZ is ignored (outfile.c
 * sets that up), the write fails with EFBIG, the commit says so naming
 * the file, and nothing is left.
 */
static void test_write_error_leaves_nothing(void)
{
	char out[512];
	int status;

	CU_ASSERT_FATAL(make_dir() == 0);
	status = run_in_child(write_past_limit, 1, out, sizeof(out));
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "big.txt: File too large"));
	assert_listing("");
	/* outfile_close() reports it too, and outfile_failed() keeps it */
	status = run_in_child(write_past_limit, 0, out, sizeof(out));
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	remove_dir();
}

/* in a child: three files open and written, then the signal */
static void die_with_files_open(int sig)
{
	struct outfile of[3];
	char path[128];
	int i;

	for (i = 0; i < 3; i++) {
		char name[16];

		snprintf(name, sizeof(name), "f%d", i);
		if (outfile_open(&of[i], "kstruct test",
				 in_dir(path, sizeof(path), name)))
			_exit(3);
		fputs("partial\n", of[i].f);
		fflush(of[i].f);
	}
	outfile_close(&of[1]); /* complete, not yet renamed */
	raise(sig);
	_exit(4);
}

/*
 * A run ended by SIGINT, SIGTERM, SIGHUP or SIGPIPE removes its temporary
 * files and dies of that signal, as it would have without the handler.
 */
static void test_signal_leaves_nothing(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
	char out[256];
	unsigned int i;
	int status;

	CU_ASSERT_FATAL(make_dir() == 0);
	for (i = 0; i < ARRAY_SIZE(sigs); i++) {
		status = run_in_child(die_with_files_open, sigs[i], out,
				      sizeof(out));
		CU_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == sigs[i]);
		assert_listing("");
	}
	remove_dir();
}

/*
 * The handlers are installed once, in whichever process opens a file
 * first: a child forked after that has them too, and must remove its own
 * files (not its parent's) when a signal ends it.
 */
static void test_signal_in_forked_child(void)
{
	struct outfile parent;
	char path[128], out[256], list[512];
	int status;

	CU_ASSERT_FATAL(make_dir() == 0);
	CU_ASSERT_EQUAL_FATAL(outfile_open(&parent, "test",
					   in_dir(path, sizeof(path), "p")),
			      0);
	status = run_in_child(die_with_files_open, SIGTERM, out, sizeof(out));
	CU_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
	/* only the parent's temporary file is left, and it commits */
	snprintf(list, sizeof(list), "%s", tmpdir_list(dir));
	CU_ASSERT_EQUAL(strncmp(list, ".p.", 3), 0);
	CU_ASSERT_PTR_NULL(strchr(list, ' '));
	CU_ASSERT_EQUAL(outfile_commit(&parent), 0);
	assert_listing("p");
	remove_dir();
}

static void exit_normally(int unused)
{
	(void)unused;
	fflush(NULL);
	exit(0); /* runs atexit(): must not touch the parent's files */
}

static void test_child_exit_keeps_parent_files(void)
{
	struct outfile parent;
	char path[128], out[64];

	CU_ASSERT_FATAL(make_dir() == 0);
	CU_ASSERT_EQUAL_FATAL(outfile_open(&parent, "test",
					   in_dir(path, sizeof(path), "p")),
			      0);
	run_in_child(exit_normally, 0, out, sizeof(out));
	CU_ASSERT_EQUAL(outfile_commit(&parent), 0);
	assert_listing("p");
	remove_dir();
}

static void test_every_allocation_can_fail(void)
{
	long live = kmalloc_live();
	unsigned long n;
	struct outfile of;
	char path[128];
	int ret, failures = 0, saved_stderr = dup(STDERR_FILENO);
	FILE *null = fopen("/dev/null", "w");

	CU_ASSERT_FATAL(make_dir() == 0);
	in_dir(path, sizeof(path), "x");
	fflush(stderr);
	if (null)
		dup2(fileno(null), STDERR_FILENO);
	for_each_alloc_failure(n, ret = outfile_open(&of, "test", path)) {
		failures++;
		CU_ASSERT_EQUAL(ret, -ENOMEM);
		assert_listing("");
		CU_ASSERT_EQUAL(kmalloc_live(), live);
	}
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_EQUAL(outfile_commit(&of), 0);
	CU_ASSERT(n < 100);
	fflush(stderr);
	dup2(saved_stderr, STDERR_FILENO);
	close(saved_stderr);
	if (null)
		fclose(null);
	CU_ASSERT(failures >= 2);
	assert_listing("x");
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	remove_dir();
}

/* abort, commit and close are safe on a file never opened */
static void test_not_open(void)
{
	struct outfile of;

	memset(&of, 0, sizeof(of));
	outfile_abort(&of);
	CU_ASSERT_EQUAL(outfile_close(&of), 0);
	CU_ASSERT_EQUAL(outfile_commit(&of), 0);
	CU_ASSERT_EQUAL(outfile_failed(&of), 0);
}

static void print_to_full_stdout(int twice)
{
	FILE *full = fopen("/dev/full", "w");

	if (!full)
		_exit(3);
	/* a fresh stream: fully buffered, as on a file or a pipe */
	fflush(stdout);
	stdout = full;
	if (twice)
		setvbuf(stdout, NULL, _IONBF, 0);
	printf("lost\n");
	fprintf(stderr, "%d", outfile_check_stdout("kstruct test"));
	if (twice)
		fprintf(stderr, " %d", outfile_check_stdout("kstruct test"));
}

/*
 * stdout on a full device: the error, named by every check that finds
 * it.  The second child's stdout is unbuffered: the failed write is past
 * by the time of the check, and only EIO can be said.
 */
static void test_check_stdout(void)
{
	char out[256];

	run_in_child(print_to_full_stdout, 0, out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "kstruct test: stdout: No space left on "
				    "device\n-28");
	run_in_child(print_to_full_stdout, 1, out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out,
			       "kstruct test: stdout: Input/output "
			       "error\n-5kstruct test: stdout: Input/output "
			       "error\n -5");
	CU_ASSERT_EQUAL(outfile_check_stdout("kstruct test"), 0);
}

static void keep_errors_then_print(int buffering)
{
	int full = open("/dev/full", O_WRONLY);

	if (full < 0 || outfile_stdout_keep_errors())
		_exit(3);
	dup2(full, STDOUT_FILENO);
	setvbuf(stdout, NULL, buffering, BUFSIZ);
	printf("lost\n");
	fflush(stdout); /* as a writer that flushes on its own */
	fprintf(stderr, "%d", outfile_check_stdout("kstruct test"));
}

/*
 * With outfile_stdout_keep_errors(), the cause is named however the
 * failed write came about: unbuffered, line-buffered, or flushed by the
 * writer itself before the check (which left only EIO to say).
 */
static void test_stdout_keeps_its_errno(void)
{
	static const int modes[] = { _IONBF, _IOLBF, _IOFBF };
	char out[256];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		run_in_child(keep_errors_then_print, modes[i], out,
			     sizeof(out));
		CU_ASSERT_STRING_EQUAL(out, "kstruct test: stdout: No space "
					    "left on device\n-28");
	}
}

/*
 * A held output of @kib KiB (negative: with $TMPDIR missing), each byte
 * the low byte of its offset, put on stdout (a file in the folder); the
 * child prints outfile_put_held()'s answer on stderr.
 */
static void hold_and_put(int kib)
{
	struct outfile_held h;
	char path[128];
	size_t i, n = (size_t)(kib < 0 ? -kib : kib) << 10;
	int fd = open(in_dir(path, sizeof(path), "out"),
		      O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0)
		_exit(3);
	setenv("TMPDIR", kib < 0 ? "/nonexistent/kstruct" : dir, 1);
	if (outfile_hold(&h))
		_exit(4);
	for (i = 0; i < n; i++)
		fputc((int)(i & 0xff), h.f);
	fprintf(stderr, "%d", outfile_put_held("kstruct test", &h));
}

/* stdout holds the bytes hold_and_put() wrote, and nothing else is left */
static int holds_pattern(size_t n)
{
	char path[128];
	FILE *f = fopen(in_dir(path, sizeof(path), "out"), "r");
	size_t i = 0;
	int c, ok = !!f;

	while (ok && (c = fgetc(f)) != EOF)
		ok = c == (int)(i++ & 0xff);
	if (f)
		fclose(f);
	return ok && i == n;
}

/*
 * A held output reaches stdout whole: a small one from memory, one past
 * OUTFILE_HELD_MEM from an unlinked file in $TMPDIR (nothing left in the
 * folder); a $TMPDIR that cannot take it is named, and stdout gets
 * nothing.
 */
static void test_held_output(void)
{
	int kib = (int)(OUTFILE_HELD_MEM >> 10) + 64;
	char out[256];

	CU_ASSERT_FATAL(make_dir() == 0);
	run_in_child(hold_and_put, 100, out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "0");
	CU_ASSERT(holds_pattern(100 << 10));
	run_in_child(hold_and_put, kib, out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "0");
	CU_ASSERT(holds_pattern((size_t)kib << 10));
	assert_listing("out");
	run_in_child(hold_and_put, -kib, out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "kstruct test: the held output: No such "
				    "file or directory\n-2");
	CU_ASSERT(holds_pattern(0));
	remove_dir();
}

/* each allocation of a held output fails in turn: -ENOMEM, no leak */
static void test_held_every_allocation(void)
{
	struct outfile_held h;
	unsigned long n, fired;
	long live = kmalloc_live();
	size_t i;
	int err;

	for (n = 1; n < 100; n++) {
		CU_ASSERT_EQUAL_FATAL(outfile_hold(&h), 0);
		fired = kmalloc_fault_fired();
		kmalloc_fail_nth(n);
		for (i = 0; i < (100 << 10); i++)
			fputc('x', h.f);
		fflush(h.f);
		kmalloc_fault_reset();
		err = outfile_held_error(&h);
		if (kmalloc_fault_fired() == fired) {
			CU_ASSERT_EQUAL(err, 0);
			CU_ASSERT_EQUAL(h.len, 100 << 10);
			outfile_held_release(&h);
			break;
		}
		CU_ASSERT_EQUAL(err, -ENOMEM);
		CU_ASSERT(ferror(h.f));
		outfile_held_release(&h);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
	}
	CU_ASSERT(n > 2 && n < 100);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static CU_TestInfo outfile_cases[] = {
	{ "commit renames the complete file", test_commit_renames },
	{ "an existing target stays until the commit", test_existing_target },
	{ "a symbolic link stays a link", test_symlink_target },
	{ "a device is written, not replaced", test_device_target },
	{ "open errors name the file", test_open_errors },
	{ "a write error (RLIMIT_FSIZE) leaves nothing",
	  test_write_error_leaves_nothing },
	{ "SIGINT, SIGTERM, SIGHUP, SIGPIPE leave nothing",
	  test_signal_leaves_nothing },
	{ "a signalled child removes only its own files",
	  test_signal_in_forked_child },
	{ "a child's exit keeps the parent's files",
	  test_child_exit_keeps_parent_files },
	{ "every allocation can fail", test_every_allocation_can_fail },
	{ "a file never opened", test_not_open },
	{ "stdout on /dev/full", test_check_stdout },
	{ "a kept stdout names the errno, however buffered",
	  test_stdout_keeps_its_errno },
	{ "a held output reaches stdout whole, from memory or a file",
	  test_held_output },
	{ "a held output: every allocation fails in turn",
	  test_held_every_allocation },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/outfile", outfile_cases, NULL, NULL)

// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_kstruct.c - the real command, build/kstruct, run as a
 * user runs it: what every subcommand does when stdout cannot be written,
 * a fault-injection variable that is not a number, and the output files
 * of "kstruct sctp --pcap", "kstruct sim --trace" and "kstruct bench
 * --out" when the run succeeds, fails on an allocation, fills the disk
 * (RLIMIT_FSIZE) or is ended by SIGINT or SIGTERM: the file appears whole
 * or not at all, and no temporary file is left.
 *
 * The binary is the one beside this test's folder ($(BUILD)/kstruct; the
 * Makefile builds it before this test).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "compat/compiler.h"
#include "tests/ktest.h"
#include "tests/tmpdir.h"

static char tool[PATH_MAX];
static char dir[64];

/* $(BUILD)/kstruct, from $(BUILD)/tests/test-tools */
static int find_tool(void)
{
	const char *slash = strrchr(ktest_argv0, '/');
	int len = slash ? (int)(slash - ktest_argv0) : 1;

	snprintf(tool, sizeof(tool), "%.*s/../kstruct", len,
		 slash ? ktest_argv0 : ".");
	return access(tool, X_OK);
}

static void make_dir(void)
{
	CU_ASSERT_FATAL(tmpdir_make(dir, "tool") == 0);
}

static const char *in_dir(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", dir, name);
	return buf;
}

static const char *listing(void)
{
	return tmpdir_list(dir);
}

static void remove_dir(void)
{
	tmpdir_remove(dir);
}

/**
 * struct spawn - how to run the tool
 * @argv: its arguments after "kstruct", NULL-terminated
 * @out: where stdout goes ("/dev/full", ...), or NULL for /dev/null
 * @env: a "NAME=VALUE" to add to the environment, or NULL
 * @fsize: RLIMIT_FSIZE in bytes, or 0 for no limit
 */
struct spawn {
	const char *const *argv;
	const char *out;
	const char *env;
	rlim_t fsize;
};

/* start the tool; its stderr comes back on *@err_fd; Return: its pid */
static pid_t spawn(const struct spawn *sp, int *err_fd)
{
	char *argv[32];
	int pipefd[2], i;
	pid_t pid;

	argv[0] = tool;
	for (i = 0; sp->argv[i] && i < 30; i++)
		argv[i + 1] = (char *)sp->argv[i];
	argv[i + 1] = NULL;
	if (pipe(pipefd))
		return -1;
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		int out = open(sp->out ? sp->out : "/dev/null", O_WRONLY);
		struct rlimit lim = { sp->fsize, sp->fsize };
		sigset_t none;

		/* a signal the test runner was started with ignored */
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		if (sp->fsize)
			setrlimit(RLIMIT_FSIZE, &lim);
		if (sp->env)
			putenv((char *)sp->env);
		dup2(out, STDOUT_FILENO);
		dup2(pipefd[1], STDERR_FILENO);
		close(pipefd[0]);
		execv(tool, argv);
		_exit(127);
	}
	close(pipefd[1]);
	*err_fd = pipefd[0];
	return pid;
}

/* run the tool to its end; Return: its wait status, stderr in @err */
static int run_tool(const struct spawn *sp, char *err, size_t size)
{
	size_t len = 0;
	ssize_t got;
	int fd, status = -1;
	pid_t pid = spawn(sp, &fd);

	err[0] = '\0';
	if (pid < 0)
		return -1;
	while (len + 1 < size &&
	       (got = read(fd, err + len, size - 1 - len)) > 0)
		len += (size_t)got;
	err[len] = '\0';
	close(fd);
	waitpid(pid, &status, 0);
	return status;
}

static int exited(int status, int code)
{
	return WIFEXITED(status) && WEXITSTATUS(status) == code;
}

/*
 * Every command and option that prints, with stdout on /dev/full: exit
 * status 1 and a message that names stdout (they exited 0 before).
 */
static void test_stdout_full_every_command(void)
{
	static const char *const cmds[][6] = {
		{ "--help" },
		{ "--version" },
		{ "tour" },
		{ "tour", "list" },
		{ "tour", "--help" },
		{ "tour", "sctp", "--from", "2" },
		{ "exercise" },
		{ "exercise", "--help" },
		{ "exercise", "list-cut" },
		{ "draw", "list" },
		{ "draw", "runqueue" },
		{ "draw", "--help" },
		{ "sim", "-d", "0.1" },
		{ "sim", "--json", "-d", "0.1" },
		{ "sim", "--csv", "-d", "0.1" },
		{ "sim", "--list" },
		{ "sim", "--show", "fork" },
		{ "sim", "--help" },
		{ "sctp" },
		{ "sctp", "--help" },
		{ "tracestat", "--help" },
		{ "bench", "--list" },
		{ "bench", "--help" },
		{ "bench", "--quick", "--reps=1", "--min-time=0", "list" },
	};
	struct spawn sp = { .out = "/dev/full" };
	char err[4096], path[128];
	unsigned int i;
	int status, fd;

	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		sp.argv = cmds[i];
		status = run_tool(&sp, err, sizeof(err));
		CU_ASSERT(exited(status, 1));
		CU_ASSERT_PTR_NOT_NULL(strstr(err, ": stdout: No space left "
						   "on device\n"));
		if (!exited(status, 1) || !strstr(err, "stdout"))
			fprintf(stderr, "\nkstruct %s %s: status %#x, %s\n",
				cmds[i][0], cmds[i][1] ? cmds[i][1] : "",
				status, err);
	}
	/*
	 * stdout a file past RLIMIT_FSIZE: the write fails with EFBIG and is
	 * named, where the default SIGXFSZ would kill the tool silently
	 */
	make_dir();
	in_dir(path, sizeof(path), "stdout");
	sp.out = path;
	sp.fsize = 1;
	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		sp.argv = cmds[i];
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		CU_ASSERT_FATAL(fd >= 0);
		close(fd);
		status = run_tool(&sp, err, sizeof(err));
		CU_ASSERT(exited(status, 1));
		CU_ASSERT_PTR_NOT_NULL(
			strstr(err, ": stdout: File too large\n"));
		if (!exited(status, 1) || !strstr(err, "File too large"))
			fprintf(stderr, "\nkstruct %s %s: status %#x, %s\n",
				cmds[i][0], cmds[i][1] ? cmds[i][1] : "",
				status, err);
	}
	unlink(path);
	sp.fsize = 0;
	/* and they all succeed when stdout takes it */
	sp.out = NULL;
	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		sp.argv = cmds[i];
		CU_ASSERT(exited(run_tool(&sp, err, sizeof(err)), 0));
	}
}

/* a fault-injection variable that is not a number stops the tool at once */
static void test_fault_env_refused(void)
{
	static const char *const tour[] = { "tour", "list", NULL };
	static const char *const bogus[] = { "sim", "--bogus", NULL };
	struct spawn sp = { .argv = tour, .env = "KSTRUCT_FAIL_NTH=abc" };
	char err[512];

	CU_ASSERT(exited(run_tool(&sp, err, sizeof(err)), 2));
	CU_ASSERT_STRING_EQUAL(err,
			       "kstruct: KSTRUCT_FAIL_NTH=\"abc\" is not a "
			       "whole number from 0 to 18446744073709551615 "
			       "(decimal digits only)\n");
	sp.env = "KSTRUCT_FAIL_AFTER=-1";
	CU_ASSERT(exited(run_tool(&sp, err, sizeof(err)), 2));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "KSTRUCT_FAIL_AFTER=\"-1\" is not a "
					   "whole number from 0 to "
					   "9223372036854775807 "));
	/* out of range says the range */
	sp.env = "KSTRUCT_FAIL_NTH=99999999999999999999999";
	CU_ASSERT(exited(run_tool(&sp, err, sizeof(err)), 2));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "from 0 to 18446744073709551615"));
	sp.env = "KSTRUCT_FAIL_NTH=0";
	CU_ASSERT(exited(run_tool(&sp, err, sizeof(err)), 0));
	/* getopt's own messages name the command as the tool does */
	sp.env = NULL;
	sp.argv = bogus;
	CU_ASSERT(exited(run_tool(&sp, err, sizeof(err)), 2));
	CU_ASSERT_NSTRING_EQUAL(
		err, "kstruct sim: unrecognized option '--bogus'",
		strlen("kstruct sim: unrecognized option '--bogus'"));
}

/*
 * What the user typed comes back escaped: a control character in an
 * unknown command or in a fault-injection variable cannot reach the
 * terminal raw.
 */
static void test_messages_escaped(void)
{
	static const char *const cmd[] = { "si\033[2Jm\n", NULL };
	static const char *const tour[] = { "tour", "list", NULL };
	struct spawn sp = { .argv = cmd };
	char err[512];

	CU_ASSERT(exited(run_tool(&sp, err, sizeof(err)), 2));
	CU_ASSERT_STRING_EQUAL(err, "kstruct: unknown command "
				    "'si\\x1b[2Jm\\n' (try kstruct --help)\n");
	sp.argv = tour;
	sp.env = "KSTRUCT_FAIL_NTH=1\t2";
	CU_ASSERT(exited(run_tool(&sp, err, sizeof(err)), 2));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "KSTRUCT_FAIL_NTH=\"1\\t2\" is "));
	CU_ASSERT_PTR_NULL(strchr(err, '\t'));
}

/*
 * kstruct sctp --pcap: the capture appears when the run succeeds; an
 * allocation that fails (each in turn, through KSTRUCT_FAIL_NTH) or a
 * full disk leaves nothing at all.
 */
static void test_sctp_pcap_files(void)
{
	char path[128], env[64], err[2048];
	const char *argv[] = { "sctp", "--pcap", path, NULL };
	struct spawn sp = { .argv = argv };
	int n, failures = 0, status;

	make_dir();
	in_dir(path, sizeof(path), "s.pcap");
	CU_ASSERT(exited(run_tool(&sp, err, sizeof(err)), 0));
	CU_ASSERT_STRING_EQUAL(listing(), "s.pcap");
	unlink(path);
	for (n = 1; n < 500; n++) {
		snprintf(env, sizeof(env), "KSTRUCT_FAIL_NTH=%d", n);
		sp.env = env;
		status = run_tool(&sp, err, sizeof(err));
		if (exited(status, 0))
			break;
		failures++;
		CU_ASSERT(exited(status, 1));
		CU_ASSERT_STRING_EQUAL(listing(), "");
	}
	CU_ASSERT(failures >= 5);
	CU_ASSERT_STRING_EQUAL(listing(), "s.pcap");
	unlink(path);
	/* the disk fills after 200 bytes: some packets, never a file */
	sp.env = NULL;
	sp.fsize = 200;
	CU_ASSERT(exited(run_tool(&sp, err, sizeof(err)), 1));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "s.pcap: File too large\n"));
	CU_ASSERT_STRING_EQUAL(listing(), "");
	remove_dir();
}

/* wait, a bounded while, for a file whose name starts with @prefix */
static int wait_for(const char *prefix)
{
	struct timespec pause = { 0, 10 * 1000 * 1000 };
	int i;

	for (i = 0; i < 3000; i++) {
		if (!strncmp(listing(), prefix, strlen(prefix)))
			return 0;
		nanosleep(&pause, NULL);
	}
	return -1;
}

/*
 * kstruct sim --trace, signalled while it writes: the process dies of
 * the signal, and neither the trace nor its temporary file is left.  A
 * size limit keeps a run that was not stopped from filling the disk.
 */
static void test_sim_signalled(void)
{
	static const int sigs[] = { SIGINT, SIGTERM };
	char trace[128], chrome[128], err[512];
	const char *argv[] = { "sim", "-d",	  "100000", "--trace",
			       trace, "--chrome", chrome,   NULL };
	struct spawn sp = { .argv = argv, .fsize = 256 << 20 };
	unsigned int i;
	int fd, status;
	pid_t pid;

	make_dir();
	in_dir(trace, sizeof(trace), "t.txt");
	in_dir(chrome, sizeof(chrome), "c.json");
	for (i = 0; i < ARRAY_SIZE(sigs); i++) {
		pid = spawn(&sp, &fd);
		CU_ASSERT_FATAL(pid > 0);
		/* both temporary files exist: the run is under way */
		CU_ASSERT(wait_for(".c.json.") == 0);
		CU_ASSERT(strstr(listing(), " .t.txt.") != NULL);
		kill(pid, sigs[i]);
		waitpid(pid, &status, 0);
		while (read(fd, err, sizeof(err)) > 0)
			;
		close(fd);
		CU_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == sigs[i]);
		CU_ASSERT_STRING_EQUAL(listing(), "");
	}
	remove_dir();
}

/* kstruct sim --trace with a full disk: exit 1, the file named, nothing left */
static void test_sim_disk_full(void)
{
	char trace[128], err[1024];
	const char *argv[] = { "sim", "-d", "5", "--trace", trace, NULL };
	struct spawn sp = { .argv = argv, .fsize = 64 << 10 };

	make_dir();
	in_dir(trace, sizeof(trace), "t.txt");
	CU_ASSERT(exited(run_tool(&sp, err, sizeof(err)), 1));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.txt: File too large (the run "
					   "stopped after "));
	CU_ASSERT_STRING_EQUAL(listing(), "");
	remove_dir();
}

/* wait, a bounded while, until the file @path holds @text */
static int wait_for_text(const char *path, const char *text)
{
	struct timespec pause = { 0, 10 * 1000 * 1000 };
	char buf[8192];
	ssize_t n;
	int fd, i;

	for (i = 0; i < 3000; i++) {
		fd = open(path, O_RDONLY);
		n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;
		if (fd >= 0)
			close(fd);
		if (n > 0) {
			buf[n] = '\0';
			if (strstr(buf, text))
				return 0;
		}
		nanosleep(&pause, NULL);
	}
	return -1;
}

/*
 * kstruct bench --out: a folder that cannot be written is refused before
 * anything runs; a run writes its files (and no temporary one); a run
 * stopped by SIGTERM after its first table line leaves no file at all.
 */
static void test_bench_out(void)
{
	char out[] = "/tmp/kstruct-test-stdout-XXXXXX", err[1024];
	const char *noplace[] = { "bench", "--out", "/proc/kstruct-bench",
				  "sched", NULL };
	const char *whole[] = { "bench", "--quick", "--reps=1", "--min-time=0",
				"--out", dir,	    "list",	NULL };
	const char *argv[] = { "bench", "--quick", "--out", dir, "sched", NULL };
	struct spawn sp = { .argv = noplace, .out = "/dev/full" };
	int fd, status;
	pid_t pid;

	/* stdout on /dev/full: a subject that ran would have failed on it */
	CU_ASSERT(exited(run_tool(&sp, err, sizeof(err)), 2));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "--out /proc/kstruct-bench: "));
	CU_ASSERT_PTR_NULL(strstr(err, "stdout"));

	make_dir();
	sp.argv = whole;
	sp.out = NULL;
	CU_ASSERT(exited(run_tool(&sp, err, sizeof(err)), 0));
	CU_ASSERT_EQUAL(strncmp(listing(), "list-sort-", 10), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(listing(), " list.csv list.json"));
	CU_ASSERT_PTR_NULL(strstr(listing(), " ."));
	remove_dir();

	make_dir();
	fd = mkstemp(out);
	CU_ASSERT_FATAL(fd >= 0);
	close(fd);
	sp.argv = argv;
	sp.out = out;
	pid = spawn(&sp, &fd);
	CU_ASSERT_FATAL(pid > 0);
	CU_ASSERT(wait_for_text(out, "\n-- ") == 0);
	kill(pid, SIGTERM);
	waitpid(pid, &status, 0);
	while (read(fd, err, sizeof(err)) > 0)
		;
	close(fd);
	CU_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
	CU_ASSERT_STRING_EQUAL(listing(), "");
	unlink(out);
	remove_dir();
}

static int suite_init(void)
{
	return find_tool();
}

static CU_TestInfo tool_cases[] = {
	{ "stdout on /dev/full or past RLIMIT_FSIZE: every command fails, naming stdout",
	  test_stdout_full_every_command },
	{ "KSTRUCT_FAIL_NTH=abc is refused; getopt's messages",
	  test_fault_env_refused },
	{ "an unknown command and a bad variable come back escaped",
	  test_messages_escaped },
	{ "sctp --pcap: whole or nothing", test_sctp_pcap_files },
	{ "sim --trace: SIGINT, SIGTERM leave nothing", test_sim_signalled },
	{ "sim --trace: a full disk leaves nothing", test_sim_disk_full },
	{ "bench --out: checked first; SIGTERM leaves nothing",
	  test_bench_out },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/kstruct", tool_cases, suite_init, NULL)

// SPDX-License-Identifier: MIT
/*
 * tools/outfile.c - output files written beside their target and renamed
 * onto it when complete (tools/outfile.h).
 *
 * Not a port of a kernel file.
 *
 * The stream a command writes is a fopencookie() stream whose write
 * function keeps the errno of the first failed write, so that the error
 * can be reported with its cause and the file's name however much later
 * the command notices it.
 *
 * The temporary files of a run are listed in a fixed table of pointers
 * that a signal handler reads: on SIGHUP, SIGINT, SIGQUIT, SIGPIPE or
 * SIGTERM it unlinks each one (unlink() is async-signal-safe), and the
 * signal, re-raised, then ends the process as it would have.  The handler
 * may run on any thread while another thread removes an entry and frees
 * its name; so the handler counts itself in @in_handler before reading the
 * table, and removal clears the entry, then waits for that count to be 0
 * before freeing: with both sides sequentially consistent, a handler that
 * is not counted yet can no longer see the entry.  A forked child forgets
 * the table (the files are its parent's), and a normal exit removes what
 * is still listed.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compat/compiler.h"
#include "compat/slab.h"
#include "tools/cli.h"
#include "tools/outfile.h"

/* temporary files that can exist at once (a benchmark subject's outputs) */
#define OUTFILE_SLOTS 64
#define OUTFILE_BUFFER (64 * 1024)

static char *_Atomic slots[OUTFILE_SLOTS];
static atomic_int in_handler;
static atomic_int installed;

static const int cleanup_signals[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM,
};

static void remove_listed(void)
{
	unsigned int i;

	for (i = 0; i < OUTFILE_SLOTS; i++) {
		char *name = atomic_load(&slots[i]);

		if (name)
			unlink(name);
	}
}

static void on_signal(int sig)
{
	int saved = errno;

	atomic_fetch_add(&in_handler, 1);
	remove_listed();
	atomic_fetch_sub(&in_handler, 1);
	errno = saved;
	/* SA_RESETHAND restored the default action; it runs on return */
	raise(sig);
}

static void forget_in_child(void)
{
	unsigned int i;

	for (i = 0; i < OUTFILE_SLOTS; i++)
		atomic_store(&slots[i], NULL);
}

/*
 * A write past RLIMIT_FSIZE fails with EFBIG, reported like any other
 * write error, rather than killing the tool silently with SIGXFSZ; a
 * caller that chose its own disposition keeps it.
 */
static void ignore_sigxfsz(void)
{
	struct sigaction old;

	if (sigaction(SIGXFSZ, NULL, &old) == 0 && old.sa_handler == SIG_DFL)
		signal(SIGXFSZ, SIG_IGN);
}

static void install_handlers(void)
{
	struct sigaction sa, old;
	unsigned int i;

	if (atomic_exchange(&installed, 1))
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < ARRAY_SIZE(cleanup_signals); i++)
		sigaddset(&sa.sa_mask, cleanup_signals[i]);
	for (i = 0; i < ARRAY_SIZE(cleanup_signals); i++) {
		/* a signal the caller ignores (nohup) stays ignored */
		if (sigaction(cleanup_signals[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_DFL)
			sigaction(cleanup_signals[i], &sa, NULL);
	}
	ignore_sigxfsz();
	pthread_atfork(NULL, NULL, forget_in_child);
	atexit(remove_listed);
}

static int list_temp(char *name)
{
	unsigned int i;

	for (i = 0; i < OUTFILE_SLOTS; i++) {
		char *expected = NULL;

		if (atomic_compare_exchange_strong(&slots[i], &expected, name))
			return 0;
	}
	return -EMFILE;
}

static void unlist_temp(char *name)
{
	unsigned int i;

	for (i = 0; i < OUTFILE_SLOTS; i++) {
		if (atomic_load(&slots[i]) == name) {
			atomic_store(&slots[i], NULL);
			break;
		}
	}
	while (atomic_load(&in_handler))
		sched_yield();
}

static void report(struct outfile *of, int err)
{
	if (!of->err)
		of->err = err;
	if (of->reported)
		return;
	of->reported = 1;
	cli_error("%s: %s: %s", of->who, of->path, cli_strerror(of->err));
}

static ssize_t cookie_write(void *cookie, const char *buf, size_t size)
{
	struct outfile *of = cookie;
	size_t done = 0;
	ssize_t n;

	while (done < size) {
		n = write(of->fd, buf + done, size - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (!of->err)
				of->err = n < 0 ? -errno : -EIO;
			break;
		}
		done += (size_t)n;
	}
	return (ssize_t)done;
}

static int cookie_close(void *cookie)
{
	struct outfile *of = cookie;
	int err = 0;

	/*
	 * A file that failed or is given up is not worth syncing; EINVAL: a
	 * special file (written directly) that cannot be synced.
	 */
	if (!of->err && fsync(of->fd) && errno != EINVAL)
		err = -errno;
	if (close(of->fd) && !err)
		err = -errno;
	if (err && !of->err)
		of->err = err;
	of->fd = -1;
	of->f = NULL;
	return of->err ? -1 : 0;
}

/* "DIR/.BASE.XXXXXX" for the target "DIR/BASE" (or "BASE") */
static char *temp_template(const char *target)
{
	const char *slash = strrchr(target, '/');
	size_t dir = slash ? (size_t)(slash - target) + 1 : 0;
	size_t len = strlen(target);
	char *name = kmalloc(len + sizeof(".") + sizeof(".XXXXXX"), GFP_KERNEL);

	if (!name)
		return NULL;
	memcpy(name, target, dir);
	name[dir] = '.';
	memcpy(name + dir + 1, target + dir, len - dir);
	memcpy(name + len + 1, ".XXXXXX", sizeof(".XXXXXX"));
	return name;
}

/* create the temporary file and list it, with signals held off meanwhile */
static int create_temp(struct outfile *of)
{
	sigset_t all, old;
	int err = 0;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	of->fd = mkostemp(of->temp, O_CLOEXEC);
	if (of->fd < 0) {
		err = -errno;
	} else {
		err = list_temp(of->temp);
		if (err) {
			unlink(of->temp);
			close(of->fd);
			of->fd = -1;
		}
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return err;
}

static mode_t default_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

int outfile_open(struct outfile *of, const char *who, const char *path)
{
	static const cookie_io_functions_t io = {
		.write = cookie_write,
		.close = cookie_close,
	};
	char resolved[PATH_MAX];
	mode_t mode = default_mode();
	struct stat st;
	int err;

	memset(of, 0, sizeof(*of));
	of->who = who;
	of->path = path;
	of->fd = -1;
	install_handlers();
	if (!*path || path[strlen(path) - 1] == '/') {
		err = *path ? -EISDIR : -ENOENT;
		goto err_report;
	}
	if (stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			err = -EISDIR;
			goto err_report;
		}
		if (!S_ISREG(st.st_mode)) {
			/* a device or a pipe: no rename, nothing to keep */
			of->fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
			if (of->fd < 0) {
				err = -errno;
				goto err_report;
			}
			goto open_stream;
		}
		mode = st.st_mode & 07777;
		/* write beside the file a symbolic link names, keep the link */
		if (!realpath(path, resolved)) {
			err = -errno;
			goto err_report;
		}
		path = resolved;
	}
	err = -ENOMEM;
	of->target = kstrdup(path, GFP_KERNEL);
	if (!of->target)
		goto err_report;
	of->temp = temp_template(of->target);
	if (!of->temp)
		goto err_report;
	err = create_temp(of);
	if (err) {
		/* nothing was created under the template's name */
		kfree(of->temp);
		of->temp = NULL;
		goto err_report;
	}
	if (fchmod(of->fd, mode)) {
		err = -errno;
		goto err_report;
	}
open_stream:
	of->f = fopencookie(of, "w", io);
	if (!of->f) {
		err = -ENOMEM;
		goto err_report;
	}
	setvbuf(of->f, NULL, _IOFBF, OUTFILE_BUFFER);
	return 0;

err_report:
	report(of, err);
	if (!of->f && of->fd >= 0)
		close(of->fd);
	of->fd = -1;
	outfile_abort(of);
	return err;
}

int outfile_close(struct outfile *of)
{
	int err;

	/* the stream's close function closes the descriptor */
	if (of->f && fclose(of->f) && !of->err)
		of->err = errno ? -errno : -EIO;
	err = of->err;
	if (err)
		report(of, err);
	return err;
}

/* forget the temporary file: renamed, or removed */
static void release(struct outfile *of)
{
	if (of->temp) {
		unlist_temp(of->temp);
		kfree(of->temp);
		of->temp = NULL;
	}
	kfree(of->target);
	of->target = NULL;
}

int outfile_commit(struct outfile *of)
{
	int err = outfile_close(of);

	if (!err && of->temp && rename(of->temp, of->target)) {
		err = -errno;
		report(of, err);
	}
	if (err) {
		outfile_abort(of);
		return err;
	}
	release(of);
	return 0;
}

void outfile_abort(struct outfile *of)
{
	if (of->f) {
		if (!of->err)
			of->err = -ECANCELED; /* no sync on the way out */
		fclose(of->f);
	}
	if (of->temp)
		unlink(of->temp);
	release(of);
}

int outfile_failed(const struct outfile *of)
{
	return of->err;
}

/* the first failed write to stdout, when outfile_stdout_keep_errors() ran */
static int stdout_err;

static ssize_t stdout_write(void *cookie, const char *buf, size_t size)
{
	size_t done = 0;
	ssize_t n;

	(void)cookie;
	while (done < size) {
		n = write(STDOUT_FILENO, buf + done, size - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (!stdout_err)
				stdout_err = n < 0 ? -errno : -EIO;
			break;
		}
		done += (size_t)n;
	}
	return (ssize_t)done;
}

int outfile_stdout_keep_errors(void)
{
	static const cookie_io_functions_t io = { .write = stdout_write };
	FILE *f;

	ignore_sigxfsz();
	f = fopencookie(NULL, "w", io);
	if (!f)
		return -ENOMEM;
	setvbuf(f, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
	stdout = f;
	return 0;
}

int outfile_check_stdout(const char *who)
{
	int err = 0;

	errno = 0;
	if (fflush(stdout) == EOF)
		err = errno ? -errno : -EIO;
	else if (ferror(stdout))
		err = -EIO;
	if (err && stdout_err)
		err = stdout_err;
	if (err)
		cli_error("%s: stdout: %s", who, strerror(-err));
	return err;
}

/* ------------------------------------------------- held output */

/* an unlinked temporary file for @h, holding what @h->buf held */
static int held_spill(struct outfile_held *h)
{
	const char *dir = getenv("TMPDIR");
	char path[PATH_MAX];
	int fd = -1;

	if (!dir || !*dir)
		dir = "/tmp";
	errno = ENAMETOOLONG;
	if (snprintf(path, sizeof(path), "%s/.kstruct-output.XXXXXX", dir) <
	    (int)sizeof(path))
		fd = mkstemp(path);
	if (fd < 0)
		return -errno;
	unlink(path);
	h->spill = fdopen(fd, "w+");
	if (!h->spill) {
		close(fd);
		return -ENOMEM;
	}
	if (h->len && fwrite(h->buf, 1, h->len, h->spill) != h->len)
		return errno ? -errno : -EIO;
	kfree(h->buf);
	h->buf = NULL;
	h->len = h->cap = 0;
	return 0;
}

static ssize_t held_write(void *cookie, const char *buf, size_t size)
{
	struct outfile_held *h = cookie;
	char *bigger;
	size_t cap;

	if (h->err)
		return 0;
	if (!h->spill && h->len + size > OUTFILE_HELD_MEM)
		h->err = held_spill(h);
	if (!h->err && h->spill) {
		errno = 0;
		if (fwrite(buf, 1, size, h->spill) != size)
			h->err = errno ? -errno : -EIO;
	} else if (!h->err) {
		if (h->len + size > h->cap) {
			cap = h->cap ? 2 * h->cap : BUFSIZ;
			while (cap < h->len + size)
				cap *= 2;
			bigger = kmalloc(cap, GFP_KERNEL);
			if (!bigger) {
				h->err = -ENOMEM;
				return 0;
			}
			if (h->len)
				memcpy(bigger, h->buf, h->len);
			kfree(h->buf);
			h->buf = bigger;
			h->cap = cap;
		}
		memcpy(h->buf + h->len, buf, size);
		h->len += size;
	}
	return h->err ? 0 : (ssize_t)size;
}

int outfile_hold(struct outfile_held *h)
{
	static const cookie_io_functions_t io = { .write = held_write };

	memset(h, 0, sizeof(*h));
	h->f = fopencookie(h, "w", io);
	return h->f ? 0 : -ENOMEM;
}

int outfile_held_error(const struct outfile_held *h)
{
	return h->err;
}

void outfile_held_release(struct outfile_held *h)
{
	if (h->f)
		fclose(h->f);
	if (h->spill)
		fclose(h->spill);
	kfree(h->buf);
	memset(h, 0, sizeof(*h));
}

int outfile_put_held(const char *who, struct outfile_held *h)
{
	char buf[BUFSIZ];
	size_t n;
	int err = 0;

	if (fflush(h->f) == EOF || ferror(h->f))
		err = h->err ? h->err : -EIO;
	if (!err && h->spill) {
		errno = 0;
		if (fflush(h->spill) == EOF || fseek(h->spill, 0, SEEK_SET))
			err = errno ? -errno : -EIO;
		while (!err && (n = fread(buf, 1, sizeof(buf), h->spill)) > 0)
			if (fwrite(buf, 1, n, stdout) != n)
				break;
		if (!err && ferror(h->spill))
			err = -EIO;
	} else if (!err && h->len) {
		fwrite(h->buf, 1, h->len, stdout);
	}
	outfile_held_release(h);
	if (err) {
		cli_error("%s: the held output: %s", who, cli_strerror(err));
		return err;
	}
	return outfile_check_stdout(who);
}

// SPDX-License-Identifier: MIT
/*
 * bench/switch.c - the "switch" subject: what one context switch costs the
 * host's own kernel, beside what kstruct's scheduler does for one.
 *
 * The project's own; it mirrors no kernel file.  Under qemu the guest
 * kernels' timings are the emulator's, so the kernel measured is the one
 * this runs on (uname -r is printed).  Two threads of this process are
 * pinned to one CPU (sched_setaffinity()) and hand a token back and forth,
 * through a pipe (write, then read the answer, as perf bench sched pipe
 * does) or through a futex (raise the word and FUTEX_WAKE, then
 * FUTEX_WAIT until it is lowered).  Each hand-over is a wake-up of the
 * other thread and the switch to it when this one blocks: the kernel's
 * try_to_wake_up() (enqueue, wakeup preemption check), then schedule()
 * (dequeue, pick, put_prev/set_next, the switch of stacks: two threads of
 * one process share their address space, where perf bench sched pipe's
 * two processes do not), the path that one switch event of the
 * simulator stands for.
 * The figure includes the two system calls per switch and the real
 * switch; the same calls with no switch (a pipe this thread writes and
 * reads itself; a wake nobody waits for and a wait that fails at once)
 * are timed beside it.
 *
 * kstruct's figure is its data structures alone: a one-CPU machine of two
 * tasks under each class, wake_up_process() of the sleeping one, then the
 * running one sleeps and schedule() switches, the machine's clock moving
 * 2 us a switch (about the host's) with a tick at every tick's worth.
 *
 * It skips, with a note, a machine of one CPU or one where this thread
 * cannot be pinned.
 */
#include <errno.h>
#include <linux/futex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/switch.h"
#include "compat/compiler.h"
#include "compat/jiffies.h"
#include "compat/ktime.h"
#include "compat/slab.h"
#include "tools/kstruct.h"

/* the futex word's values */
#define WORD_IDLE 0
#define WORD_PING 1
#define WORD_STOP 2
/* the pipe's token that stops its partner (the others count 0..254) */
#define TOKEN_STOP 255

static long futex(int *uaddr, int op, int val)
{
	return syscall(SYS_futex, uaddr, op, val, NULL, NULL, 0);
}

/* this thread's context switches so far, as the kernel counts them */
static long thread_switches(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru))
		return -1;
	return ru.ru_nvcsw + ru.ru_nivcsw;
}

static int pin_to(pthread_t thread, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return -pthread_setaffinity_np(thread, sizeof(set), &set);
}

int switch_pick_cpu(void)
{
	cpu_set_t set;
	int cpu;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		return -ENODEV;
	if (pthread_getaffinity_np(pthread_self(), sizeof(set), &set))
		return -EINVAL;
	for (cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--)
		if (CPU_ISSET(cpu, &set))
			return cpu;
	return -EINVAL;
}

/* the partner's record of where it ran: first ping, last ping */
static void seen_on(struct switch_partner *sw)
{
	int cpu = sched_getcpu();

	if (sw->cpu_seen[0] < 0)
		sw->cpu_seen[0] = cpu;
	sw->cpu_seen[1] = cpu;
}

static void *pipe_partner(void *arg)
{
	struct switch_partner *sw = arg;
	struct switch_pair *sp = sw->pair;
	unsigned char token, want = 0;

	for (;;) {
		if (read(sp->to[0], &token, 1) != 1) {
			sw->err = -EIO;
			break;
		}
		if (token == TOKEN_STOP)
			break;
		seen_on(sw);
		if (token != want)
			sw->err = -EIO;
		want = (unsigned char)((want + 1) % TOKEN_STOP);
		sw->rounds++;
		sw->switches = thread_switches();
		if (write(sp->back[1], &token, 1) != 1) {
			sw->err = -EIO;
			break;
		}
	}
	return NULL;
}

static void *futex_partner(void *arg)
{
	struct switch_partner *sw = arg;
	struct switch_pair *sp = sw->pair;
	int v;

	for (;;) {
		while ((v = __atomic_load_n(&sp->word, __ATOMIC_ACQUIRE)) ==
		       WORD_IDLE)
			futex(&sp->word, FUTEX_WAIT_PRIVATE, WORD_IDLE);
		if (v == WORD_STOP)
			break;
		seen_on(sw);
		sw->rounds++;
		sw->switches = thread_switches();
		__atomic_store_n(&sp->word, WORD_IDLE, __ATOMIC_RELEASE);
		futex(&sp->word, FUTEX_WAKE_PRIVATE, 1);
	}
	return NULL;
}

static void close_pipe(int fd[2])
{
	if (fd[0] >= 0)
		close(fd[0]);
	if (fd[1] >= 0)
		close(fd[1]);
	fd[0] = fd[1] = -1;
}

static void close_pipes(struct switch_pair *sp)
{
	close_pipe(sp->to);
	close_pipe(sp->back);
	close_pipe(sp->same);
}

static int start_partner(struct switch_pair *sp, struct switch_partner *sw,
			 void *(*fn)(void *))
{
	pthread_attr_t attr;
	cpu_set_t set;
	int ret;

	sw->pair = sp;
	sw->cpu_seen[0] = sw->cpu_seen[1] = -1;
	if (pthread_attr_init(&attr))
		return -EAGAIN;
	CPU_ZERO(&set);
	CPU_SET(sp->cpu, &set);
	ret = -pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
	if (!ret)
		ret = -pthread_create(&sw->thread, &attr, fn, sw);
	pthread_attr_destroy(&attr);
	return ret;
}

int switch_pair_create(int cpu, struct switch_pair **out)
{
	struct switch_pair *sp;
	int ret;

	sp = kzalloc(sizeof(*sp), GFP_KERNEL);
	if (!sp)
		return -ENOMEM;
	sp->cpu = cpu;
	sp->to[0] = sp->to[1] = sp->back[0] = sp->back[1] = -1;
	sp->same[0] = sp->same[1] = -1;
	if (pthread_getaffinity_np(pthread_self(), sizeof(sp->old_mask),
				   &sp->old_mask)) {
		kfree(sp);
		return -EINVAL;
	}
	ret = pin_to(pthread_self(), cpu);
	if (ret) {
		kfree(sp);
		return ret;
	}
	if (pipe(sp->to) || pipe(sp->back) || pipe(sp->same)) {
		ret = -errno;
		goto fail;
	}
	ret = start_partner(sp, &sp->pipe, pipe_partner);
	if (ret)
		goto fail;
	ret = start_partner(sp, &sp->futex, futex_partner);
	if (ret) {
		unsigned char stop = TOKEN_STOP;

		if (write(sp->to[1], &stop, 1) != 1)
			close_pipe(sp->to); /* its read ends */
		pthread_join(sp->pipe.thread, NULL);
		goto fail;
	}
	sp->cpu_seen = sched_getcpu();
	sp->switches = thread_switches();
	*out = sp;
	return 0;
fail:
	close_pipes(sp);
	pthread_setaffinity_np(pthread_self(), sizeof(sp->old_mask),
			       &sp->old_mask);
	kfree(sp);
	return ret;
}

int switch_pair_destroy(struct switch_pair *sp)
{
	unsigned char stop = TOKEN_STOP;
	int ret = 0;

	if (!sp)
		return 0;
	if (write(sp->to[1], &stop, 1) != 1)
		close_pipe(sp->to);
	__atomic_store_n(&sp->word, WORD_STOP, __ATOMIC_RELEASE);
	futex(&sp->word, FUTEX_WAKE_PRIVATE, 1);
	pthread_join(sp->pipe.thread, NULL);
	pthread_join(sp->futex.thread, NULL);
	ret = sp->pipe.err ? sp->pipe.err : sp->futex.err;
	if (!ret && (sp->pipe.rounds != sp->pipe_rounds ||
		     sp->futex.rounds != sp->futex_rounds))
		ret = -EIO;
	close_pipes(sp);
	pthread_setaffinity_np(pthread_self(), sizeof(sp->old_mask),
			       &sp->old_mask);
	kfree(sp);
	return ret;
}

void switch_pipe_pingpong(struct switch_pair *sp, unsigned long rounds)
{
	unsigned char token, answer;
	unsigned long k;

	for (k = 0; k < rounds; k++) {
		token = (unsigned char)(sp->pipe_rounds % TOKEN_STOP);
		if (write(sp->to[1], &token, 1) != 1 ||
		    read(sp->back[0], &answer, 1) != 1 || answer != token) {
			sp->wrong++;
			return;
		}
		sp->pipe_rounds++;
	}
}

void switch_futex_pingpong(struct switch_pair *sp, unsigned long rounds)
{
	unsigned long k;

	for (k = 0; k < rounds; k++) {
		__atomic_store_n(&sp->word, WORD_PING, __ATOMIC_RELEASE);
		futex(&sp->word, FUTEX_WAKE_PRIVATE, 1);
		while (__atomic_load_n(&sp->word, __ATOMIC_ACQUIRE) ==
		       WORD_PING)
			futex(&sp->word, FUTEX_WAIT_PRIVATE, WORD_PING);
		sp->futex_rounds++;
	}
}

void switch_pipe_alone(struct switch_pair *sp, unsigned long rounds)
{
	unsigned char token = 1, back;
	unsigned long k;

	for (k = 0; k < rounds; k++)
		if (write(sp->same[1], &token, 1) != 1 ||
		    read(sp->same[0], &back, 1) != 1 || back != token)
			sp->wrong++;
}

void switch_futex_alone(struct switch_pair *sp, unsigned long rounds)
{
	unsigned long k;

	for (k = 0; k < rounds; k++) {
		if (futex(&sp->spare, FUTEX_WAKE_PRIVATE, 1) != 0)
			sp->wrong++;
		/* the word is 0, not 1: EAGAIN at once */
		if (futex(&sp->spare, FUTEX_WAIT_PRIVATE, 1) != -1 ||
		    errno != EAGAIN)
			sp->wrong++;
	}
}

static bool partner_check(const struct switch_pair *sp,
			  const struct switch_partner *sw, const char *name,
			  unsigned long sent)
{
	if (sw->err)
		return check_fail("the %s partner failed (%d)", name, sw->err);
	if (__atomic_load_n(&sw->rounds, __ATOMIC_RELAXED) != sent)
		return check_fail("the %s partner answered %lu of %lu pings",
				  name, sw->rounds, sent);
	if (sent && (sw->cpu_seen[0] != sp->cpu || sw->cpu_seen[1] != sp->cpu))
		return check_fail("the %s partner ran on CPU %d and %d, not %d",
				  name, sw->cpu_seen[0], sw->cpu_seen[1],
				  sp->cpu);
	/*
	 * between two pings this thread ran, so the partner was switched
	 * out (the first ping may find it not yet blocked)
	 */
	if (sw->switches < 0 ||
	    (sent && (unsigned long)sw->switches < sent - 1))
		return check_fail(
			"the %s partner switched %ld times in %lu pings", name,
			sw->switches, sent);
	return true;
}

bool (switch_pair_check)(struct switch_pair *sp)
{
	long mine;

	if (!sp)
		return check_fail("no pair (NULL)");
	if (sp->wrong)
		return check_fail("%lu wrong answers or failed calls",
				  sp->wrong);
	if (!partner_check(sp, &sp->pipe, "pipe", sp->pipe_rounds) ||
	    !partner_check(sp, &sp->futex, "futex", sp->futex_rounds))
		return false;
	if (sp->cpu_seen != sp->cpu || sched_getcpu() != sp->cpu)
		return check_fail("this thread ran on CPU %d and %d, not %d",
				  sp->cpu_seen, sched_getcpu(), sp->cpu);
	mine = thread_switches();
	if (mine < 0 || sp->switches < 0)
		return check_fail("getrusage(RUSAGE_THREAD) failed");
	mine -= sp->switches;
	if (mine < 0 ||
	    (unsigned long)mine < sp->pipe_rounds + sp->futex_rounds)
		return check_fail("this thread switched %ld times in %lu pings",
				  mine, sp->pipe_rounds + sp->futex_rounds);
	return true;
}

/* ------------------------------------------------------ kstruct's switch */

int kswitch_create(struct kswitch *ks, const struct sched_class *class,
		   unsigned long step_ns)
{
	int i, ret;

	*ks = (struct kswitch){ .class = class, .step_ns = step_ns };
	kstruct_hz = class->hz ? class->hz : DEFAULT_HZ;
	jiffies = 1000000;
	kstruct_subtick_ns = 0;
	ret = sched_init_class(1, class);
	if (ret)
		return ret;
	/*
	 * pong starts alone and goes to sleep as a task blocked on a read;
	 * then ping starts and runs
	 */
	for (i = 1; i >= 0; i--) {
		ks->task[i] =
			sched_new_task(i ? "pong" : "ping", 0, SCHED_OTHER, 0);
		if (!ks->task[i]) {
			ret = -ENOMEM;
			goto fail;
		}
		ret = wake_up_forked_process(ks->task[i], 0);
		if (ret)
			goto fail;
		if (schedule(0) != ks->task[i]) {
			ret = -EIO;
			goto fail;
		}
		if (i)
			set_task_state(ks->task[i], TASK_INTERRUPTIBLE);
	}
	return 0;
fail:
	kswitch_destroy(ks);
	return ret;
}

/* the machine's clock moves @step_ns; a tick when it crosses one */
static void kswitch_clock(struct kswitch *ks)
{
	unsigned long tick_ns = NSEC_PER_SEC / HZ;

	ks->ns += ks->step_ns;
	if (ks->ns >= tick_ns) {
		ks->ns -= tick_ns;
		kstruct_subtick_ns = 0;
		jiffies++;
		scheduler_tick(0, 1);
		if (test_tsk_need_resched(cpu_curr(0)))
			schedule(0);
	}
	/* only a class with hrtimers reads the ns past the tick */
	if (ks->class->hrtimers)
		kstruct_subtick_ns = ks->ns;
}

void kswitch_run(struct kswitch *ks, unsigned long n)
{
	struct task_struct *curr, *next;
	unsigned long k;

	for (k = 0; k < n; k++) {
		kswitch_clock(ks);
		curr = cpu_curr(0);
		next = curr == ks->task[0] ? ks->task[1] : ks->task[0];
		wake_up_process(next);
		set_task_state(curr, TASK_INTERRUPTIBLE);
		if (schedule(0) != next)
			ks->wrong++;
		ks->switches++;
	}
}

bool (kswitch_check)(const struct kswitch *ks)
{
	struct task_struct *curr, *other;

	if (!ks)
		return check_fail("no machine (NULL)");
	if (!sched_check())
		return false;
	if (ks->wrong)
		return check_fail("%lu of %lu switches picked another task",
				  ks->wrong, ks->switches);
	curr = cpu_curr(0);
	if (curr != ks->task[0] && curr != ks->task[1])
		return check_fail("neither task runs");
	other = curr == ks->task[0] ? ks->task[1] : ks->task[0];
	if (task_queued(other) || other->state == TASK_RUNNING)
		return check_fail("the task not running is not asleep");
	if (sched_nr_running_total() != 1)
		return check_fail("%lu tasks runnable, not 1",
				  sched_nr_running_total());
	return true;
}

void kswitch_destroy(struct kswitch *ks)
{
	sched_teardown();
	kstruct_subtick_ns = 0;
	kstruct_hz = DEFAULT_HZ;
	ks->task[0] = ks->task[1] = NULL;
}

/* ------------------------------------------------------------ the subject */

#define G_SWITCH "a context switch: the host kernel and kstruct"
#define HOST_CASES 4
/* kstruct's clock a switch: about the host's own figure */
#define KSWITCH_STEP_NS 2000

struct host_ctx {
	struct switch_pair *sp;
	unsigned long rounds;
	void (*loop)(struct switch_pair *sp, unsigned long rounds);
};

static void host_fn(void *arg)
{
	struct host_ctx *c = arg;

	c->loop(c->sp, c->rounds);
}

struct kswitch_ctx {
	struct kswitch ks;
	unsigned long n;
};

static void kswitch_fn(void *arg)
{
	struct kswitch_ctx *c = arg;

	kswitch_run(&c->ks, c->n);
}

/* the host's four cases side by side; Return: 0, 1 skipped, or -errno */
static int bench_host(struct bench *b, const struct bench_stat **st)
{
	static const char *const series[HOST_CASES] = {
		"host pipe ping-pong, per switch",
		"host futex ping-pong, per switch",
		"host pipe write + read alone, per pair",
		"host futex wake + wait alone, per pair",
	};
	void (*const loops[HOST_CASES])(struct switch_pair *, unsigned long) = {
		switch_pipe_pingpong, switch_futex_pingpong, switch_pipe_alone,
		switch_futex_alone
	};
	struct host_ctx ctx[HOST_CASES];
	struct bench_spec spec[HOST_CASES];
	unsigned long rounds = bench_quick(b) ? 200 : 2000;
	struct switch_pair *sp;
	struct utsname u;
	int cpu, ret, i;

	cpu = switch_pick_cpu();
	if (cpu == -ENODEV) {
		bench_note(b, "host: skipped: a machine of one CPU");
		return 1;
	}
	ret = cpu < 0 ? cpu : switch_pair_create(cpu, &sp);
	if (ret == -EINVAL || ret == -EPERM) {
		bench_note(
			b,
			"host: skipped: this thread cannot be pinned to one CPU (%s)",
			strerror(-ret));
		return 1;
	}
	if (ret)
		return ret;
	if (uname(&u))
		snprintf(u.release, sizeof(u.release), "unknown");
	bench_note(
		b,
		"host: Linux %s, two threads pinned to CPU %d of %ld online; a ping-pong round is two switches, and ns per switch is its time halved",
		u.release, cpu, sysconf(_SC_NPROCESSORS_ONLN));
	for (i = 0; i < HOST_CASES; i++) {
		ctx[i] = (struct host_ctx){ .sp = sp,
					    .rounds = rounds,
					    .loop = loops[i] };
		spec[i] = (struct bench_spec){
			.group = G_SWITCH,
			.series = series[i],
			.x = 2,
			/* a ping-pong round is two switches */
			.ops = i < 2 ? 2 * rounds : rounds,
			.fn = host_fn,
			.arg = &ctx[i],
		};
	}
	ret = bench_measure_set(b, spec, HOST_CASES, st);
	if (!ret && !switch_pair_check(sp))
		ret = -EIO;
	i = switch_pair_destroy(sp);
	if (!ret)
		ret = i;
	if (ret == -EIO)
		bench_note(b, "BROKEN: host: the ping-pong went wrong");
	return ret;
}

static int bench_switch(struct bench *b)
{
	const struct bench_stat *host[HOST_CASES], *ks[8] = { NULL };
	struct kswitch_ctx c;
	char series[96], what[96];
	unsigned int k, nr = 0;
	int skipped, ret;

	bench_axes(b, G_SWITCH, "threads or tasks ping-ponging on one CPU",
		   "context switch", BENCH_X_LINEAR);
	skipped = bench_host(b, host);
	if (skipped < 0)
		return skipped;
	for (k = 0; sched_classes[k] && k < ARRAY_SIZE(ks); k++, nr++) {
		struct bench_spec spec = {
			.group = G_SWITCH,
			.series = series,
			.x = 2,
			.fn = kswitch_fn,
			.arg = &c,
		};

		snprintf(series, sizeof(series),
			 "kstruct %s: wake-up + schedule(), per switch",
			 sched_classes[k]->name);
		c.n = bench_quick(b) ? 1000 : 10000;
		spec.ops = c.n;
		ret = kswitch_create(&c.ks, sched_classes[k], KSWITCH_STEP_NS);
		if (ret)
			return ret;
		ks[k] = bench_measure(b, &spec);
		ret = kswitch_check(&c.ks) ? 0 : -EIO;
		kswitch_destroy(&c.ks);
		if (ret) {
			bench_note(b, "BROKEN: kstruct %s: a switch went wrong",
				   sched_classes[k]->name);
			return ret;
		}
	}
	if (skipped)
		return 0;
	bench_ratio(b, G_SWITCH, "host pipe switch / its two calls alone", 2,
		    host[0], host[2]);
	bench_ratio(b, G_SWITCH, "host futex switch / its two calls alone", 2,
		    host[1], host[3]);
	for (k = 0; k < nr; k++) {
		if (strcmp(sched_classes[k]->name, "cfs") &&
		    strcmp(sched_classes[k]->name, "eevdf"))
			continue;
		snprintf(what, sizeof(what), "host pipe switch / kstruct %s",
			 sched_classes[k]->name);
		bench_ratio(b, G_SWITCH, what, 2, host[0], ks[k]);
		snprintf(what, sizeof(what), "host futex switch / kstruct %s",
			 sched_classes[k]->name);
		bench_ratio(b, G_SWITCH, what, 2, host[1], ks[k]);
	}
	bench_note(
		b,
		"How to read it: a host figure is the kernel's whole path for one switch, measured on the running kernel: the two system calls (write and read, or FUTEX_WAKE and FUTEX_WAIT), the wake-up (try_to_wake_up(): enqueue, wakeup preemption) and schedule() (dequeue, pick, the switch of stacks; the two threads share one address space); the 'alone' cases are those calls with no switch. A kstruct figure is the scheduler's data structures alone, on a one-CPU machine of two tasks: wake_up_process() of the sleeping task, then the running one sleeps and schedule() picks it, the machine's clock moving 2 us a switch.");
	return 0;
}

KSTRUCT_BENCH("switch", 22,
	      "one context switch: the host kernel's (two threads pinned to "
	      "one CPU, pipe and futex ping-pong) beside kstruct's path "
	      "under each class",
	      bench_switch)

/* SPDX-License-Identifier: MIT */
/*
 * compat/completion.h - struct completion on a mutex and a condition
 * variable.
 *
 * Mirrors include/linux/completion.h and kernel/sched.c's complete(),
 * complete_all() and wait_for_completion().  The property the migration
 * code relies on: once wait_for_completion() has returned, complete() has
 * finished touching the structure, so a completion may live on the
 * waiter's stack.  complete() does all its work, wake-up included, under
 * the completion's own lock, and the waiter leaves only after taking that
 * lock once more.
 */
#ifndef KSTRUCT_COMPAT_COMPLETION_H
#define KSTRUCT_COMPAT_COMPLETION_H

#include <pthread.h>

#include <kstruct/compat/export.h>

KSTRUCT_EXPORT_BEGIN

struct completion {
	unsigned int done;
	pthread_mutex_t lock;
	pthread_cond_t wait;
};

#define COMPLETION_INITIALIZER(work)                                   \
	{                                                              \
		0, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER \
	}
#define DECLARE_COMPLETION(work) \
	struct completion work = COMPLETION_INITIALIZER(work)

/* "complete_all" leaves done at this value: every later waiter passes */
#define COMPLETION_DONE_ALL (~0u / 2)

void init_completion(struct completion *x);
/* free the pthread objects; the completion must have no waiters */
void destroy_completion(struct completion *x);
void complete(struct completion *x);
void complete_all(struct completion *x);
void wait_for_completion(struct completion *x);
/* non-blocking: consumes one completion if there is one, returns 1 then */
int try_wait_for_completion(struct completion *x);
/* 1 when a wait_for_completion() now would not block */
int completion_done(struct completion *x);

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_COMPAT_COMPLETION_H */

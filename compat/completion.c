// SPDX-License-Identifier: MIT
/*
 * compat/completion.c - completions on pthreads (see completion.h).
 */
#include "compat/bug.h"
#include "compat/completion.h"

/**
 * init_completion() - make @x a fresh completion with nothing completed
 * @x: the completion
 *
 * Context: nobody may be waiting on @x.
 */
void init_completion(struct completion *x)
{
	x->done = 0;
	BUG_ON(pthread_mutex_init(&x->lock, NULL) != 0);
	BUG_ON(pthread_cond_init(&x->wait, NULL) != 0);
}

/**
 * destroy_completion() - free the pthread objects of @x
 * @x: a completion with no waiters (a completion on the waiter's stack
 *     may be destroyed as soon as wait_for_completion() returns)
 */
void destroy_completion(struct completion *x)
{
	pthread_cond_destroy(&x->wait);
	pthread_mutex_destroy(&x->lock);
}

/**
 * complete() - record one completion and wake one waiter
 * @x: the completion
 *
 * All of it, wake-up included, happens under @x's lock, so once the
 * woken waiter has returned, complete() no longer touches @x.
 *
 * Context: takes @x's lock; never sleeps for long.
 */
void complete(struct completion *x)
{
	pthread_mutex_lock(&x->lock);
	if (x->done < COMPLETION_DONE_ALL)
		x->done++;
	/* signal while holding the lock: the waiter cannot return before */
	pthread_cond_signal(&x->wait);
	pthread_mutex_unlock(&x->lock);
}

/**
 * complete_all() - wake every waiter, now and later
 * @x: the completion; it stays done until init_completion()
 *
 * Context: takes @x's lock.
 */
void complete_all(struct completion *x)
{
	pthread_mutex_lock(&x->lock);
	x->done = COMPLETION_DONE_ALL;
	pthread_cond_broadcast(&x->wait);
	pthread_mutex_unlock(&x->lock);
}

/**
 * wait_for_completion() - wait until @x is completed, and consume it
 * @x: the completion
 *
 * Context: sleeps.  On return complete() has finished with @x, so @x may
 * live on the caller's stack and be destroyed right away.
 */
void wait_for_completion(struct completion *x)
{
	pthread_mutex_lock(&x->lock);
	while (!x->done)
		pthread_cond_wait(&x->wait, &x->lock);
	if (x->done != COMPLETION_DONE_ALL)
		x->done--;
	pthread_mutex_unlock(&x->lock);
}

/**
 * try_wait_for_completion() - consume a completion if there is one
 * @x: the completion
 *
 * Context: takes @x's lock; never sleeps for long.
 * Return: 1 when one was consumed (or @x was completed for all), else 0.
 */
int try_wait_for_completion(struct completion *x)
{
	int ret = 0;

	pthread_mutex_lock(&x->lock);
	if (x->done) {
		if (x->done != COMPLETION_DONE_ALL)
			x->done--;
		ret = 1;
	}
	pthread_mutex_unlock(&x->lock);
	return ret;
}

/**
 * completion_done() - whether a wait on @x would return at once
 * @x: the completion
 *
 * Context: takes @x's lock.
 * Return: 1 when a wait_for_completion() now would not block, else 0.
 */
int completion_done(struct completion *x)
{
	int ret;

	pthread_mutex_lock(&x->lock);
	ret = x->done != 0;
	pthread_mutex_unlock(&x->lock);
	return ret;
}

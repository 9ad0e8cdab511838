// SPDX-License-Identifier: MIT
/*
 * compat/completion.c - completions on pthreads (see completion.h).
 */
#include "compat/bug.h"
#include "compat/completion.h"

void init_completion(struct completion *x)
{
	x->done = 0;
	BUG_ON(pthread_mutex_init(&x->lock, NULL) != 0);
	BUG_ON(pthread_cond_init(&x->wait, NULL) != 0);
}

void destroy_completion(struct completion *x)
{
	pthread_cond_destroy(&x->wait);
	pthread_mutex_destroy(&x->lock);
}

void complete(struct completion *x)
{
	pthread_mutex_lock(&x->lock);
	if (x->done < COMPLETION_DONE_ALL)
		x->done++;
	/* signal while holding the lock: the waiter cannot return before */
	pthread_cond_signal(&x->wait);
	pthread_mutex_unlock(&x->lock);
}

void complete_all(struct completion *x)
{
	pthread_mutex_lock(&x->lock);
	x->done = COMPLETION_DONE_ALL;
	pthread_cond_broadcast(&x->wait);
	pthread_mutex_unlock(&x->lock);
}

void wait_for_completion(struct completion *x)
{
	pthread_mutex_lock(&x->lock);
	while (!x->done)
		pthread_cond_wait(&x->wait, &x->lock);
	if (x->done != COMPLETION_DONE_ALL)
		x->done--;
	pthread_mutex_unlock(&x->lock);
}

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

int completion_done(struct completion *x)
{
	int ret;

	pthread_mutex_lock(&x->lock);
	ret = x->done != 0;
	pthread_mutex_unlock(&x->lock);
	return ret;
}

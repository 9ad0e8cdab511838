/* SPDX-License-Identifier: MIT */
/*
 * compat/spinlock.h - struct spinlock and struct rwlock on pthreads.
 *
 * Mirrors include/linux/spinlock.h's API; 2.5.33 named the two types
 * spinlock_t and rwlock_t, typedefs of structs, which this project spells
 * as the structs themselves (one name for each thing).  A spinlock is a
 * pthread mutex rather than a spinning lock: on a 2-core machine running
 * more threads than cores (the threaded simulator, sanitizers) a sleeping
 * lock is the honest choice, and ThreadSanitizer understands it.  An
 * rwlock is a mutex, a condition variable and the count of holders rather
 * than a pthread_rwlock_t, which <pthread.h> declares only to programs
 * that ask for POSIX with a feature macro: this header compiles under
 * plain -std=c11 (docs/DESIGN.md, "The public surface").  Both are
 * reached only through the functions below.
 *
 * Interrupts do not exist here: the _irq/_irqsave forms take the lock and
 * keep the kernel's signatures so ported code reads the same.
 */
#ifndef KSTRUCT_COMPAT_SPINLOCK_H
#define KSTRUCT_COMPAT_SPINLOCK_H

#include <pthread.h>

#include <kstruct/compat/bug.h>
#include <kstruct/compat/export.h>

KSTRUCT_EXPORT_BEGIN

/* the mutex is the lock; a struct of its own so that it has one name */
struct spinlock {
	pthread_mutex_t mutex;
};

/*
 * As 2.5.33's rwlock_t, the lock prefers readers: a reader waits only
 * while a writer holds it, never for a writer that is waiting, so a
 * reader may take it again while it holds it (the kernel's nested
 * read_lock) and a stream of readers can keep a writer out.
 */
struct rwlock {
	pthread_mutex_t lock; /* guards the two counts */
	pthread_cond_t released; /* the writer left, or readers hit 0 */
	unsigned int readers; /* read holds */
	unsigned int writer; /* 1 while write-held */
};

#define __SPIN_LOCK_UNLOCKED(name)        \
	{                                 \
		PTHREAD_MUTEX_INITIALIZER \
	}
#define DEFINE_SPINLOCK(name) struct spinlock name = __SPIN_LOCK_UNLOCKED(name)
#define __RW_LOCK_UNLOCKED(name)                                          \
	{                                                                 \
		PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0 \
	}
#define DEFINE_RWLOCK(name) struct rwlock name = __RW_LOCK_UNLOCKED(name)

/**
 * spin_lock_init() - initialise a lock at run time
 * @lock: the lock
 */
static inline void spin_lock_init(struct spinlock *lock)
{
	BUG_ON(pthread_mutex_init(&lock->mutex, NULL) != 0);
}

/**
 * spin_lock() - take @lock, sleeping until it is free
 * @lock: the lock
 *
 * Context: may sleep (a pthread mutex); not recursive.
 */
static inline void spin_lock(struct spinlock *lock)
{
	BUG_ON(pthread_mutex_lock(&lock->mutex) != 0);
}

/**
 * spin_trylock() - take @lock if it is free
 * @lock: the lock
 *
 * Return: 1 when taken, 0 when someone else holds it.
 */
static inline int spin_trylock(struct spinlock *lock)
{
	return pthread_mutex_trylock(&lock->mutex) == 0;
}

/**
 * spin_unlock() - release @lock
 * @lock: a lock the caller holds
 */
static inline void spin_unlock(struct spinlock *lock)
{
	BUG_ON(pthread_mutex_unlock(&lock->mutex) != 0);
}

/**
 * spin_lock_destroy() - free a lock's pthread resources
 * @lock: an unlocked lock nobody will use again
 */
static inline void spin_lock_destroy(struct spinlock *lock)
{
	pthread_mutex_destroy(&lock->mutex);
}

#define spin_lock_irq(lock) spin_lock(lock)
#define spin_unlock_irq(lock) spin_unlock(lock)
#define spin_lock_irqsave(lock, flags) \
	do {                           \
		(flags) = 0;           \
		spin_lock(lock);       \
	} while (0)
#define spin_unlock_irqrestore(lock, flags) \
	do {                                \
		(void)(flags);              \
		spin_unlock(lock);          \
	} while (0)

/**
 * rwlock_init() - initialise a reader/writer lock at run time
 * @lock: the lock
 */
static inline void rwlock_init(struct rwlock *lock)
{
	BUG_ON(pthread_mutex_init(&lock->lock, NULL) != 0);
	BUG_ON(pthread_cond_init(&lock->released, NULL) != 0);
	lock->readers = 0;
	lock->writer = 0;
}

/**
 * read_lock() - take @lock for reading, shared with other readers
 * @lock: the lock
 *
 * Context: may sleep, while a writer holds @lock; nests.
 */
static inline void read_lock(struct rwlock *lock)
{
	BUG_ON(pthread_mutex_lock(&lock->lock) != 0);
	while (lock->writer)
		BUG_ON(pthread_cond_wait(&lock->released, &lock->lock) != 0);
	lock->readers++;
	BUG_ON(pthread_mutex_unlock(&lock->lock) != 0);
}

/**
 * read_unlock() - drop a read hold of @lock
 * @lock: the lock, read-held by the caller
 */
static inline void read_unlock(struct rwlock *lock)
{
	BUG_ON(pthread_mutex_lock(&lock->lock) != 0);
	BUG_ON(lock->readers == 0);
	if (--lock->readers == 0)
		BUG_ON(pthread_cond_broadcast(&lock->released) != 0);
	BUG_ON(pthread_mutex_unlock(&lock->lock) != 0);
}

/**
 * write_lock() - take @lock for writing, alone
 * @lock: the lock
 *
 * Context: may sleep, while anyone holds @lock; not recursive.
 */
static inline void write_lock(struct rwlock *lock)
{
	BUG_ON(pthread_mutex_lock(&lock->lock) != 0);
	while (lock->writer || lock->readers)
		BUG_ON(pthread_cond_wait(&lock->released, &lock->lock) != 0);
	lock->writer = 1;
	BUG_ON(pthread_mutex_unlock(&lock->lock) != 0);
}

/**
 * write_trylock() - take @lock for writing if nobody holds it
 * @lock: the lock
 *
 * Return: 1 when taken, 0 when a reader or a writer holds it.
 */
static inline int write_trylock(struct rwlock *lock)
{
	int taken;

	BUG_ON(pthread_mutex_lock(&lock->lock) != 0);
	taken = !lock->writer && !lock->readers;
	if (taken)
		lock->writer = 1;
	BUG_ON(pthread_mutex_unlock(&lock->lock) != 0);
	return taken;
}

/**
 * write_unlock() - release a write hold of @lock
 * @lock: the lock, write-held by the caller
 */
static inline void write_unlock(struct rwlock *lock)
{
	BUG_ON(pthread_mutex_lock(&lock->lock) != 0);
	BUG_ON(!lock->writer);
	lock->writer = 0;
	BUG_ON(pthread_cond_broadcast(&lock->released) != 0);
	BUG_ON(pthread_mutex_unlock(&lock->lock) != 0);
}

/**
 * rwlock_destroy() - free a reader/writer lock's pthread resources
 * @lock: an unlocked lock nobody will use again
 */
static inline void rwlock_destroy(struct rwlock *lock)
{
	pthread_cond_destroy(&lock->released);
	pthread_mutex_destroy(&lock->lock);
}

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_COMPAT_SPINLOCK_H */

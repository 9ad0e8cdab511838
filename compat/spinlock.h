/* SPDX-License-Identifier: MIT */
/*
 * compat/spinlock.h - struct spinlock and struct rwlock on pthreads.
 *
 * Mirrors include/linux/spinlock.h's API; 2.5.33 named the two types
 * spinlock_t and rwlock_t, typedefs of structs, which this project spells
 * as the structs themselves (one name for each thing).  A spinlock is
 * what the kernel's is: a word taken with an atomic exchange, and while
 * someone else holds it, a wait that reads it with a pause in between
 * (x86's "pause", Arm's "yield") until it looks free.  Uncontended, that
 * is one atomic instruction each way, where a pthread mutex costs a call
 * and more.  Unlike the kernel, a holder here can be preempted (nothing
 * turns preemption off in userspace, and a 2-core machine runs more
 * threads than cores: the threaded simulator, sanitizers), so a waiter
 * that has spun SPIN_YIELD_AFTER pauses gives its CPU away with
 * sched_yield() before it tries again.  ThreadSanitizer understands the
 * __atomic builtins' acquire and release, so it sees the lock as it sees
 * a mutex.  Nothing can sleep on a spinlock: a thread that must wait for
 * a condition with the lock dropped sleeps on a mutex and condition
 * variable of its own (the migration thread does: sched/sched.c).
 *
 * An rwlock is a mutex, a condition variable and the count of holders
 * rather than a pthread_rwlock_t, which <pthread.h> declares only to
 * programs that ask for POSIX with a feature macro: this header compiles
 * under plain -std=c11 (docs/DESIGN.md, "The public surface").  Both are
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

/* 1 while held; only the functions below touch it */
struct spinlock {
	int locked;
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

#define __SPIN_LOCK_UNLOCKED(name) \
	{                          \
		0                  \
	}
#define DEFINE_SPINLOCK(name) struct spinlock name = __SPIN_LOCK_UNLOCKED(name)
#define __RW_LOCK_UNLOCKED(name)                                          \
	{                                                                 \
		PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0 \
	}
#define DEFINE_RWLOCK(name) struct rwlock name = __RW_LOCK_UNLOCKED(name)

/* pauses a waiter spins before it yields its CPU */
#define SPIN_YIELD_AFTER 128

/* cpu_relax() - tell the CPU this is a spin-wait loop */
static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__asm__ __volatile__("pause" ::: "memory");
#elif defined(__aarch64__) || defined(__arm__)
	__asm__ __volatile__("yield" ::: "memory");
#else
	__asm__ __volatile__("" ::: "memory");
#endif
}

/**
 * spin_lock_init() - initialise a lock at run time
 * @lock: the lock
 */
static inline void spin_lock_init(struct spinlock *lock)
{
	__atomic_store_n(&lock->locked, 0, __ATOMIC_RELAXED);
}

/**
 * spin_trylock() - take @lock if it is free
 * @lock: the lock
 *
 * Return: 1 when taken, 0 when someone else holds it.
 */
static inline int spin_trylock(struct spinlock *lock)
{
	return !__atomic_load_n(&lock->locked, __ATOMIC_RELAXED) &&
	       !__atomic_exchange_n(&lock->locked, 1, __ATOMIC_ACQUIRE);
}

/* the contended path: wait until @lock looks free, then try again */
void __spin_lock_wait(struct spinlock *lock);

/**
 * spin_lock() - take @lock, spinning until it is free
 * @lock: the lock
 *
 * Context: spins (yielding the CPU now and then while it waits); not
 * recursive: taking a lock the caller holds never returns.
 */
static inline void spin_lock(struct spinlock *lock)
{
	if (__builtin_expect(
		    __atomic_exchange_n(&lock->locked, 1, __ATOMIC_ACQUIRE), 0))
		__spin_lock_wait(lock);
}

/**
 * spin_unlock() - release @lock
 * @lock: a lock the caller holds
 */
static inline void spin_unlock(struct spinlock *lock)
{
	__atomic_store_n(&lock->locked, 0, __ATOMIC_RELEASE);
}

/**
 * spin_is_locked() - whether someone holds @lock (for assertions)
 * @lock: the lock
 */
static inline int spin_is_locked(struct spinlock *lock)
{
	return __atomic_load_n(&lock->locked, __ATOMIC_RELAXED);
}

/**
 * spin_lock_destroy() - the end of a lock's life
 * @lock: an unlocked lock nobody will use again
 *
 * Nothing to free; a lock still held is a BUG.
 */
static inline void spin_lock_destroy(struct spinlock *lock)
{
	BUG_ON(spin_is_locked(lock));
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

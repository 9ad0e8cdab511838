/* SPDX-License-Identifier: MIT */
/*
 * list/rculist.h - lists that readers walk without a lock, under RCU.
 *
 * Mirrors include/linux/rculist.h of later kernels (2.5.33 had no RCU;
 * the first RCU list functions arrived in list.h in 2.5.44): the add,
 * delete and replace primitives that publish an entry only once it is
 * fully built, and the read-side iterators, on this project's own
 * struct list_head and struct hlist_node.  The RCU machinery itself is
 * liburcu's, memb flavour (pkg-config liburcu): rcu_read_lock(),
 * rcu_read_unlock(), synchronize_rcu(), call_rcu(), rcu_barrier(),
 * rcu_register_thread(), rcu_dereference() and rcu_assign_pointer() are
 * liburcu's names and are never redefined here.
 *
 * Rules, as in the kernel: writers serialise among themselves with a lock
 * of their own and use only the _rcu primitives on a list that readers
 * may be walking; a reader walks between rcu_read_lock() and
 * rcu_read_unlock() in a thread that called rcu_register_thread(); a
 * deleted or replaced entry may be freed only after a grace period
 * (synchronize_rcu(), or a call_rcu() callback).
 *
 * Deliberate differences from the kernel:
 * - list_for_each_entry_rcu() takes no lockdep condition argument.
 * - Under ThreadSanitizer (which cannot see liburcu's grace periods, nor
 *   its barriers, which are asm or live in an uninstrumented library),
 *   pointers are published with a release store and read with an acquire
 *   load that TSan understands, and the grace period gets an explicit
 *   happens-before edge: every kstruct_rcu_read_unlock() and
 *   kstruct_call_rcu() releases a shared sync object, and
 *   kstruct_synchronize_rcu() and kstruct_rcu_callback_begin() (the first
 *   call of every RCU callback) acquire it; kstruct_rcu_barrier() replaces
 *   rcu_barrier().  The edge only says what the
 *   grace period really guarantees: a reader's critical section that
 *   could have seen an entry ends before the entry is freed.  It joins
 *   every earlier reader, so it can hide a race on data that is not
 *   RCU-protected; use it for RCU-protected data only.  Without TSan the
 *   wrappers are liburcu's functions and nothing more.
 * - With LIST_DEBUG, list_add_rcu(), list_add_tail_rcu(), list_del_rcu()
 *   and list_replace_rcu() run the same checks as their list.h relatives
 *   and name the caller's file:line.
 */
#ifndef KSTRUCT_LIST_RCULIST_H
#define KSTRUCT_LIST_RCULIST_H

#include <urcu.h>

#include <kstruct/compat/export.h>
#include <kstruct/list/list.h>

#if defined(__SANITIZE_THREAD__)
#define KSTRUCT_RCU_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define KSTRUCT_RCU_TSAN 1
#endif
#endif

KSTRUCT_EXPORT_BEGIN

/*
 * The sync object of the grace-period edge (list/rculist.c), declared
 * and exported in every build, so that a program built with TSan links
 * with a library built without it.
 */
extern char kstruct_rcu_tsan_sync;

#ifdef KSTRUCT_RCU_TSAN
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
#define __rcu_tsan_release() __tsan_release(&kstruct_rcu_tsan_sync)
#define __rcu_tsan_acquire() __tsan_acquire(&kstruct_rcu_tsan_sync)
/* publish: release store; read: acquire load (stronger than consume) */
#define list_rcu_assign(p, v) __atomic_store_n(&(p), (v), __ATOMIC_RELEASE)
#define list_rcu_deref(p) __atomic_load_n(&(p), __ATOMIC_ACQUIRE)
#else
#define __rcu_tsan_release() \
	do {                 \
	} while (0)
#define __rcu_tsan_acquire() \
	do {                 \
	} while (0)
#define list_rcu_assign(p, v) rcu_assign_pointer(p, v)
#define list_rcu_deref(p) rcu_dereference(p)
#endif

/**
 * kstruct_rcu_read_lock() - rcu_read_lock(), for symmetry with the unlock
 *
 * Context: the thread must have called rcu_register_thread().
 */
static inline void kstruct_rcu_read_lock(void)
{
	rcu_read_lock();
}

/**
 * kstruct_rcu_read_unlock() - rcu_read_unlock(), telling TSan about it
 *
 * Readers of the project's RCU lists end their critical sections with
 * this rather than with rcu_read_unlock(), so that ThreadSanitizer sees
 * the end of the read before a grace period frees what was read.
 *
 * Context: inside a read-side critical section.
 */
static inline void kstruct_rcu_read_unlock(void)
{
	__rcu_tsan_release();
	rcu_read_unlock();
}

/**
 * kstruct_synchronize_rcu() - synchronize_rcu(), telling TSan about it
 *
 * Context: may sleep; never inside a read-side critical section.
 */
static inline void kstruct_synchronize_rcu(void)
{
	synchronize_rcu();
	__rcu_tsan_acquire();
}

/**
 * kstruct_call_rcu() - call_rcu(), telling TSan about it
 * @head: the rcu_head inside the object to reclaim
 * @func: the callback; its first statement must be
 *        kstruct_rcu_callback_begin()
 *
 * Context: a registered thread (liburcu's rule for call_rcu()).
 */
static inline void kstruct_call_rcu(struct rcu_head *head,
				    void (*func)(struct rcu_head *head))
{
	__rcu_tsan_release();
	call_rcu(head, func);
}

/**
 * kstruct_rcu_callback_begin() - the first call of an RCU callback
 *
 * Gives ThreadSanitizer the edge from every finished reader (and from
 * the kstruct_call_rcu() caller) to the callback.  No-op without TSan.
 */
static inline void kstruct_rcu_callback_begin(void)
{
	__rcu_tsan_acquire();
}

/**
 * kstruct_rcu_barrier() - rcu_barrier(): wait for every queued callback
 *
 * Without TSan this is liburcu's rcu_barrier().  Under TSan it queues a
 * marker callback with kstruct_call_rcu() and waits for it to run:
 * liburcu's own rcu_barrier() allocates in the caller and frees in the
 * call_rcu thread with no synchronisation TSan can see.  The marker
 * works because every callback of this project goes to liburcu's default
 * call_rcu thread, which runs callbacks in the order they were queued
 * (the project never creates per-CPU or per-thread call_rcu data).
 *
 * Context: may sleep; a registered thread, outside any read-side
 * critical section.
 */
void kstruct_rcu_barrier(void);

/* ------------------------------------------------------------------ */
/* list_head                                                           */

/**
 * INIT_LIST_HEAD_RCU() - make @list an empty ring while readers may look
 * @list: the head
 */
static inline void INIT_LIST_HEAD_RCU(struct list_head *list)
{
	list_rcu_assign(list->next, list);
	WRITE_ONCE(list->prev, list);
}

static inline void __list_add_rcu(struct list_head *entry,
				  struct list_head *prev,
				  struct list_head *next)
{
	if (!__list_add_valid(entry, prev, next))
		return;
	entry->next = next;
	entry->prev = prev;
	list_rcu_assign(prev->next, entry);
	next->prev = entry;
}

/**
 * list_add_rcu() - publish @entry right after @head
 * @entry: a fully initialised entry, not on any list
 * @head: the list head, or an entry to insert after
 *
 * Readers see either the list without @entry or the list with all of it.
 *
 * Context: the caller holds the writers' lock of the list.
 */
static inline void list_add_rcu(struct list_head *entry, struct list_head *head)
{
	__list_add_rcu(entry, head, head->next);
}

/**
 * list_add_tail_rcu() - publish @entry right before @head
 * @entry: a fully initialised entry, not on any list
 * @head: the list head, or an entry to insert before
 *
 * Context: the caller holds the writers' lock of the list.
 */
static inline void list_add_tail_rcu(struct list_head *entry,
				     struct list_head *head)
{
	__list_add_rcu(entry, head->prev, head);
}

/**
 * list_del_rcu() - unlink @entry; readers on it can still walk on
 * @entry: the entry to unlink
 *
 * @entry->next is kept so that a reader standing on @entry finds its way
 * back to the list; only ->prev is poisoned.  Free @entry only after a
 * grace period.
 *
 * Context: the caller holds the writers' lock of the list.
 */
static inline void list_del_rcu(struct list_head *entry)
{
	struct list_head *prev, *next;

	if (!__list_del_entry_valid(entry))
		return;
	prev = entry->prev;
	next = entry->next;
	next->prev = prev;
	list_rcu_assign(prev->next, next);
	entry->prev = LIST_POISON2;
}

/**
 * list_replace_rcu() - put @repl where @old is, atomically for readers
 * @old: the entry to take out; free it only after a grace period
 * @repl: a fully initialised entry, not on any list
 *
 * Context: the caller holds the writers' lock of the list.
 */
static inline void list_replace_rcu(struct list_head *old,
				    struct list_head *repl)
{
	if (!__list_del_entry_valid(old))
		return;
	repl->next = old->next;
	repl->prev = old->prev;
	list_rcu_assign(repl->prev->next, repl);
	repl->next->prev = repl;
	old->prev = LIST_POISON2;
}

/**
 * list_splice_init_rcu() - move @list's entries to the front of @head
 * @list: an RCU list, which readers may still be walking; it is emptied
 *        first, so new readers find it empty
 * @head: the RCU list that receives the entries
 * @sync: a grace-period wait, normally kstruct_synchronize_rcu
 *
 * @sync is called after @list is emptied and before the entries are
 * linked into @head, so readers still walking @list's entries have
 * finished before those entries' last ->next is changed.
 *
 * Context: may sleep (in @sync); the caller holds the writers' lock of
 * @head.
 */
static inline void list_splice_init_rcu(struct list_head *list,
					struct list_head *head,
					void (*sync)(void))
{
	struct list_head *first = list->next;
	struct list_head *last = list->prev;
	struct list_head *at = head->next;

	if (list_empty(list))
		return;
	INIT_LIST_HEAD_RCU(list);
	sync();
	last->next = at;
	first->prev = head;
	list_rcu_assign(head->next, first);
	at->prev = last;
}

/**
 * list_entry_rcu() - list_entry() of a pointer read under RCU
 * @ptr: the &struct list_head pointer to read (an lvalue)
 * @type: the type of the embedding structure
 * @member: the name of the list_head within it
 */
#define list_entry_rcu(ptr, type, member) \
	container_of(list_rcu_deref(ptr), type, member)

/**
 * list_first_or_null_rcu() - the first entry of an RCU list, or NULL
 * @ptr: the list head
 * @type: the type of the embedding structure
 * @member: the name of the list_head within it
 */
#define list_first_or_null_rcu(ptr, type, member)                        \
	__extension__({                                                  \
		struct list_head *head__ = (ptr);                        \
		struct list_head *next__ = list_rcu_deref(head__->next); \
		next__ != head__ ? list_entry(next__, type, member) :    \
				   (type *)NULL;                         \
	})

/**
 * list_for_each_entry_rcu() - walk the entries of an RCU list
 * @pos: the entry cursor
 * @head: the list head (evaluated once)
 * @member: the name of the list_head within the entry
 *
 * Context: inside rcu_read_lock()/kstruct_rcu_read_unlock(), or with the
 * writers' lock held.
 */
#define list_for_each_entry_rcu(pos, head, member) \
	__list_for_each_entry_rcu(pos, head, member, __LIST_UNIQ(__lh))
#define __list_for_each_entry_rcu(pos, head, member, h)                      \
	__list_once(h, head) for ((pos) = list_entry_rcu(h->next,            \
							 __typeof__(*(pos)), \
							 member);            \
				  !list_entry_is_head(pos, h, member);       \
				  (pos) = list_entry_rcu((pos)->member.next, \
							 __typeof__(*(pos)), \
							 member))

/* ------------------------------------------------------------------ */
/* hlist                                                               */

/**
 * hlist_add_head_rcu() - publish @n at the front of chain @h
 * @n: a fully initialised node, not on any chain
 * @h: the chain
 *
 * Context: the caller holds the writers' lock of the chain.
 */
static inline void hlist_add_head_rcu(struct hlist_node *n,
				      struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	n->next = first;
	n->pprev = &h->first;
	list_rcu_assign(h->first, n);
	if (first)
		first->pprev = &n->next;
}

/**
 * hlist_add_before_rcu() - publish @n just before @next
 * @n: a fully initialised node, not on any chain
 * @next: a hashed node
 *
 * Context: the caller holds the writers' lock of the chain.
 */
static inline void hlist_add_before_rcu(struct hlist_node *n,
					struct hlist_node *next)
{
	n->pprev = next->pprev;
	n->next = next;
	list_rcu_assign(*n->pprev, n);
	next->pprev = &n->next;
}

/**
 * hlist_add_behind_rcu() - publish @n just after @prev
 * @n: a fully initialised node, not on any chain
 * @prev: a hashed node
 *
 * Context: the caller holds the writers' lock of the chain.
 */
static inline void hlist_add_behind_rcu(struct hlist_node *n,
					struct hlist_node *prev)
{
	n->next = prev->next;
	n->pprev = &prev->next;
	list_rcu_assign(prev->next, n);
	if (n->next)
		n->next->pprev = &n->next;
}

static inline void __hlist_del_rcu(struct hlist_node *n)
{
	struct hlist_node *next = n->next;
	struct hlist_node **pprev = n->pprev;

	list_rcu_assign(*pprev, next);
	if (next)
		next->pprev = pprev;
}

/**
 * hlist_del_rcu() - unlink @n; readers on it can still walk on
 * @n: a hashed node; free it only after a grace period
 *
 * ->next is kept for readers standing on @n; ->pprev is poisoned.
 *
 * Context: the caller holds the writers' lock of the chain.
 */
static inline void hlist_del_rcu(struct hlist_node *n)
{
	__hlist_del_rcu(n);
	n->pprev = HLIST_POISON2;
}

/**
 * hlist_del_init_rcu() - unlink @n if hashed, and make it unhashed
 * @n: the node; ->next is kept for readers standing on it
 *
 * Context: the caller holds the writers' lock of the chain.
 */
static inline void hlist_del_init_rcu(struct hlist_node *n)
{
	if (!hlist_unhashed(n)) {
		__hlist_del_rcu(n);
		WRITE_ONCE(n->pprev, NULL);
	}
}

/**
 * hlist_for_each_entry_rcu() - walk the entries of an RCU hash chain
 * @pos: the entry cursor
 * @head: the chain (evaluated once)
 * @member: the name of the hlist_node within the entry
 *
 * Context: inside rcu_read_lock()/kstruct_rcu_read_unlock(), or with the
 * writers' lock held.
 */
#define hlist_for_each_entry_rcu(pos, head, member)                            \
	for ((pos) = hlist_entry_safe(list_rcu_deref((head)->first),           \
				      __typeof__(*(pos)), member);             \
	     pos; (pos) = hlist_entry_safe(list_rcu_deref((pos)->member.next), \
					   __typeof__(*(pos)), member))

#ifdef LIST_DEBUG
#define list_add_rcu(e, h) __LIST_DEBUG_CALL(list_add_rcu, e, h)
#define list_add_tail_rcu(e, h) __LIST_DEBUG_CALL(list_add_tail_rcu, e, h)
#define list_del_rcu(e) __LIST_DEBUG_CALL(list_del_rcu, e)
#define list_replace_rcu(o, r) __LIST_DEBUG_CALL(list_replace_rcu, o, r)
#endif

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_LIST_RCULIST_H */

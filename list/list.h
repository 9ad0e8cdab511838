/* SPDX-License-Identifier: MIT */
/*
 * list/list.h - circular doubly linked lists with an embedded head, and
 * hlists (a head of one pointer, for hash tables).
 *
 * Mirrors include/linux/list.h: 2.5.33's seventeen names, and every name
 * the modern kernel's list.h adds (about eighty in all), with the kernel's
 * names, argument order and semantics, so code written against the
 * kernel's header compiles against this one unchanged.  There is one name
 * for a list: struct list_head.  2.5.33 also gave it a second name through
 * a typedef; the patch this project is named after removed that, because a
 * second name is a second thing to read and a typedef, unlike
 * "struct list_head;", cannot be declared ahead of its definition
 * (docs/list.md tells the story).
 *
 * Deliberate differences from the kernel, all additive:
 * - No parameter is called "new", and the header builds as C11 with
 *   -pedantic and as C++17 (__typeof__, __extension__).
 * - The poison values of list_del() fault in 64-bit userspace: they are
 *   non-canonical x86-64 addresses (on 32-bit, addresses below the lowest
 *   page Linux lets a process map).  A deleted entry is neither empty nor
 *   on a list: list_empty() of it is false, as in the kernel.
 * - With LIST_DEBUG defined, every add and delete checks its neighbours
 *   first, as the kernel's CONFIG_DEBUG_LIST does (and an add also
 *   refuses poisoned neighbours), names the caller's file:line when a
 *   check fails, and skips the operation (list_debug.c).
 *   Without it the checks compile away to nothing.
 * - Entry iterators evaluate their head argument once, and test for the
 *   end of the list by address arithmetic instead of forming a member
 *   access through the head's fake entry, so UBSan has nothing to flag.
 * - list_check()/hlist_check() verify a whole ring (list_debug.c), and
 *   report as every kstruct checker does (compat/check.h): the first
 *   fault, with the caller's file:line, through the one check handler.
 * - Iterators, list_first_entry_or_null(), list_last_entry_or_null(),
 *   list_count_nodes() and hlist_count_nodes() accept a pointer to a
 *   const head; list_next_entry_circular() and list_prev_entry_circular()
 *   evaluate each argument once.
 * - list_swap() of an entry with itself does nothing (the kernel's adds
 *   the entry a second time and, without debug checks, leaves a loop).
 * - Under LIST_DEBUG, list_swap() checks both entries before touching
 *   either, and list_move()/list_move_tail() put the entry back when the
 *   add's check fails after the unlink, so a failed check leaves every
 *   list as it was.
 */
#ifndef KSTRUCT_LIST_LIST_H
#define KSTRUCT_LIST_LIST_H

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#include <kstruct/compat/check.h>
#include <kstruct/compat/compiler.h>
#include <kstruct/compat/export.h>

KSTRUCT_EXPORT_BEGIN

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_head {
	struct hlist_node *first;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

/*
 * Values stored in a deleted entry's pointers.  Dereferencing either
 * faults: on 64-bit they are non-canonical (bits 47..63 not all equal),
 * on 32-bit they lie in the first page, which Linux never maps for a
 * process (vm.mmap_min_addr is at least 4096).
 */
#if UINTPTR_MAX > 0xffffffffu
#define POISON_POINTER_DELTA ((uintptr_t)0xdead000000000000ull)
#else
#define POISON_POINTER_DELTA ((uintptr_t)0)
#endif
#define LIST_POISON1 ((struct list_head *)(0x100 + POISON_POINTER_DELTA))
#define LIST_POISON2 ((struct list_head *)(0x122 + POISON_POINTER_DELTA))
#define HLIST_POISON1 ((struct hlist_node *)(0x100 + POISON_POINTER_DELTA))
#define HLIST_POISON2 ((struct hlist_node **)(0x122 + POISON_POINTER_DELTA))

/*
 * Debug checks.  __list_add_valid() and __list_del_entry_valid() return
 * false, after reporting through check_corruption() (compat/check.h),
 * when an operation would corrupt a list; the operation is then skipped.
 * The check handler decides what a report does: by default it goes to
 * stderr and the add or delete aborts; tests install a handler that
 * records the line.
 */
#ifdef LIST_DEBUG
bool __list_add_valid(struct list_head *entry, struct list_head *prev,
		      struct list_head *next);
bool __list_del_entry_valid(struct list_head *entry);
#else
static inline bool __list_add_valid(struct list_head *entry,
				    struct list_head *prev,
				    struct list_head *next)
{
	(void)entry;
	(void)prev;
	(void)next;
	return true;
}

static inline bool __list_del_entry_valid(struct list_head *entry)
{
	(void)entry;
	return true;
}
#endif

/**
 * list_check() - verify a whole ring
 * @head: the list head
 *
 * Walks the ring from @head checking that no pointer is NULL or poison
 * and that every node's next->prev points back at it.  Those back links
 * also guarantee the walk comes back to @head, so a corrupt list cannot
 * make it loop.  Reports the first fault through the check handler
 * (check_set_handler()) with the caller's file:line; never aborts.  A
 * NULL @head is reported as such.
 *
 * Context: any thread; reads the ring without a lock (the caller keeps
 * writers out).
 * Return: true when the ring is sound.  O(n).
 */
bool list_check(const struct list_head *head);
#define list_check(head) CHECK_CALLER(list_check, (head))

/**
 * hlist_check() - verify a whole hash chain
 * @h: the hlist head
 *
 * Checks first->pprev == &h->first and node->next->pprev == &node->next
 * along the chain, with no NULL or poison pprev and no poison next.
 * Reports as list_check() does (never aborts); a NULL @h is reported
 * as such.
 *
 * Context: as list_check().
 * Return: true when the chain is sound.  O(n).
 */
bool hlist_check(const struct hlist_head *h);
#define hlist_check(h) CHECK_CALLER(hlist_check, (h))

/* ------------------------------------------------------------------ */
/* initialisation                                                      */

/**
 * LIST_HEAD_INIT() - the initialiser of an empty list head
 * @name: the variable being initialised
 */
#define LIST_HEAD_INIT(name)     \
	{                        \
		&(name), &(name) \
	}

/**
 * LIST_HEAD() - define an empty list head
 * @name: the name of the &struct list_head variable
 */
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

/**
 * INIT_LIST_HEAD() - make @list an empty ring
 * @list: the head; its previous contents are ignored
 */
static inline void INIT_LIST_HEAD(struct list_head *list)
{
	WRITE_ONCE(list->next, list);
	WRITE_ONCE(list->prev, list);
}

/* ------------------------------------------------------------------ */
/* add                                                                 */

/*
 * __list_link() - the stores of an add, unchecked: link @entry between
 * two neighbours known to be adjacent.  They are ordered so that a
 * lockless reader following ->next sees either the old link or the fully
 * built new one.
 */
static inline void __list_link(struct list_head *entry, struct list_head *prev,
			       struct list_head *next)
{
	next->prev = entry;
	entry->next = next;
	entry->prev = prev;
	WRITE_ONCE(prev->next, entry);
}

/*
 * __list_add() - link @entry between two neighbours known to be adjacent,
 * after the debug check (none without LIST_DEBUG).
 */
static inline void __list_add(struct list_head *entry, struct list_head *prev,
			      struct list_head *next)
{
	if (!__list_add_valid(entry, prev, next))
		return;
	__list_link(entry, prev, next);
}

/**
 * list_add() - insert @entry right after @head (a stack push)
 * @entry: the entry to add
 * @head: the list head, or any entry to insert after
 */
static inline void list_add(struct list_head *entry, struct list_head *head)
{
	__list_add(entry, head, head->next);
}

/**
 * list_add_tail() - insert @entry right before @head (a queue append)
 * @entry: the entry to add
 * @head: the list head, or any entry to insert before
 */
static inline void list_add_tail(struct list_head *entry,
				 struct list_head *head)
{
	__list_add(entry, head->prev, head);
}

/* ------------------------------------------------------------------ */
/* delete                                                              */

/* __list_del() - join two entries by taking out whatever lies between */
static inline void __list_del(struct list_head *prev, struct list_head *next)
{
	next->prev = prev;
	WRITE_ONCE(prev->next, next);
}

/* unlink; the entry keeps stale pointers (returns false if skipped) */
static inline bool __list_del_entry_checked(struct list_head *entry)
{
	if (!__list_del_entry_valid(entry))
		return false;
	__list_del(entry->prev, entry->next);
	return true;
}

/**
 * __list_del_entry() - unlink @entry, leaving its pointers stale
 * @entry: the entry to unlink
 */
static inline void __list_del_entry(struct list_head *entry)
{
	(void)__list_del_entry_checked(entry);
}

/**
 * __list_del_clearprev() - unlink @entry and clear its prev pointer
 * @entry: the entry to unlink
 *
 * For users that test ->prev to know whether an entry is linked.
 */
static inline void __list_del_clearprev(struct list_head *entry)
{
	if (!__list_del_entry_checked(entry))
		return;
	entry->prev = NULL;
}

/**
 * list_del() - unlink @entry and poison its pointers
 * @entry: the entry to unlink
 *
 * Afterwards @entry is on no list and any use of its pointers faults;
 * list_empty(@entry) is false.
 */
static inline void list_del(struct list_head *entry)
{
	if (!__list_del_entry_checked(entry))
		return;
	entry->next = LIST_POISON1;
	entry->prev = LIST_POISON2;
}

/**
 * list_del_init() - unlink @entry and make it an empty ring of its own
 * @entry: the entry to unlink
 */
static inline void list_del_init(struct list_head *entry)
{
	if (!__list_del_entry_checked(entry))
		return;
	INIT_LIST_HEAD(entry);
}

/**
 * list_del_init_careful() - list_del_init() for lockless list_empty_careful()
 * @entry: the entry to unlink
 *
 * The store of ->next is a release, so a reader that sees the entry empty
 * through list_empty_careful() also sees every store made before it.
 */
static inline void list_del_init_careful(struct list_head *entry)
{
	if (!__list_del_entry_checked(entry))
		return;
	WRITE_ONCE(entry->prev, entry);
	__atomic_store_n(&entry->next, entry, __ATOMIC_RELEASE);
}

/* ------------------------------------------------------------------ */
/* replace and swap                                                    */

/**
 * list_replace() - put @repl where @old is
 * @old: the entry to take out; its pointers are left stale
 * @repl: the entry to put in its place
 *
 * If @old is an empty head, @repl ends up an empty ring of its own and
 * @old is left stale (next still @old, prev now @repl): reinitialise it,
 * or use list_replace_init().
 */
static inline void list_replace(struct list_head *old, struct list_head *repl)
{
	repl->next = old->next;
	repl->next->prev = repl;
	repl->prev = old->prev;
	repl->prev->next = repl;
}

/**
 * list_replace_init() - list_replace(), then make @old an empty ring
 * @old: the entry to take out
 * @repl: the entry to put in its place
 */
static inline void list_replace_init(struct list_head *old,
				     struct list_head *repl)
{
	list_replace(old, repl);
	INIT_LIST_HEAD(old);
}

/**
 * list_swap() - exchange the places of two entries
 * @entry1: one entry
 * @entry2: another, on the same list or another list; may be adjacent;
 *          when it is @entry1 itself, nothing changes
 */
static inline void list_swap(struct list_head *entry1, struct list_head *entry2)
{
	struct list_head *pos = entry2->prev;

	/* else the entry would be added after its own predecessor twice */
	if (entry1 == entry2)
		return;
	/* in debug builds, check both before touching either */
	if (!__list_del_entry_valid(entry1) ||
	    !__list_del_entry_checked(entry2))
		return;
	list_replace(entry1, entry2);
	if (pos == entry1)
		pos = entry2;
	list_add(entry1, pos);
}

/* ------------------------------------------------------------------ */
/* move                                                                */

/*
 * __list_move() - unlink @list, then add it after (or, with @tail, before)
 * @head.  In debug builds, when the add's check fails after the unlink
 * was done, @list is linked back where it was (its own pointers still
 * name its old neighbours), so a failed check never leaves it off both
 * lists.  Without LIST_DEBUG both checks are constant true.
 */
static inline void __list_move(struct list_head *list, struct list_head *head,
			       bool tail)
{
	struct list_head *prev, *next;

	if (!__list_del_entry_checked(list))
		return;
	prev = tail ? head->prev : head;
	next = tail ? head : head->next;
	if (!__list_add_valid(list, prev, next)) {
		list->next->prev = list;
		list->prev->next = list;
		return;
	}
	__list_link(list, prev, next);
}

/**
 * list_move() - unlink @list and add it after @head
 * @list: the entry to move
 * @head: where it goes (list_add() semantics)
 */
static inline void list_move(struct list_head *list, struct list_head *head)
{
	__list_move(list, head, false);
}

/**
 * list_move_tail() - unlink @list and add it before @head
 * @list: the entry to move
 * @head: where it goes (list_add_tail() semantics)
 */
static inline void list_move_tail(struct list_head *list,
				  struct list_head *head)
{
	__list_move(list, head, true);
}

/**
 * list_bulk_move_tail() - move the run @first..@last to the tail of @head
 * @head: the list to append to
 * @first: the first entry of the run
 * @last: the last entry of the run (may be @first)
 *
 * The run must be contiguous on one list, and @head must not lie in it.
 */
static inline void list_bulk_move_tail(struct list_head *head,
				       struct list_head *first,
				       struct list_head *last)
{
	first->prev->next = last->next;
	last->next->prev = first->prev;

	head->prev->next = first;
	first->prev = head->prev;

	last->next = head;
	head->prev = last;
}

/* ------------------------------------------------------------------ */
/* predicates                                                          */

/**
 * list_is_first() - whether @list is the first entry of @head
 * @list: the entry to test
 * @head: the list head
 *
 * Return: nonzero when @list is the first entry.
 */
static inline int list_is_first(const struct list_head *list,
				const struct list_head *head)
{
	return list->prev == head;
}

/**
 * list_is_last() - whether @list is the last entry of @head
 * @list: the entry to test
 * @head: the list head
 *
 * Return: nonzero when @list is the last entry.
 */
static inline int list_is_last(const struct list_head *list,
			       const struct list_head *head)
{
	return list->next == head;
}

/**
 * list_is_head() - whether @list is the head @head itself
 * @list: the list_head to test
 * @head: the list head
 *
 * Return: nonzero when @list is @head.
 */
static inline int list_is_head(const struct list_head *list,
			       const struct list_head *head)
{
	return list == head;
}

/**
 * list_empty() - whether @head has no entries
 * @head: the list head
 *
 * Return: nonzero when the list has no entries.  Not for an entry deleted
 *         with list_del(): its poisoned ->next makes this false.
 */
static inline int list_empty(const struct list_head *head)
{
	return READ_ONCE(head->next) == head;
}

/**
 * list_empty_careful() - list_empty() that also checks ->prev
 * @head: the list head
 *
 * Safe without the list's lock only against a concurrent
 * list_del_init_careful(); any other concurrent change needs the lock.
 */
static inline int list_empty_careful(const struct list_head *head)
{
	struct list_head *next = __atomic_load_n(&head->next, __ATOMIC_ACQUIRE);

	return next == head && next == READ_ONCE(head->prev);
}

/**
 * list_is_singular() - whether @head has exactly one entry
 * @head: the list head
 *
 * Return: nonzero when the list has exactly one entry.
 */
static inline int list_is_singular(const struct list_head *head)
{
	return !list_empty(head) && head->next == head->prev;
}

/* ------------------------------------------------------------------ */
/* rotate                                                              */

/**
 * list_rotate_left() - move the first entry of @head to its tail
 * @head: the list head; an empty or singular list is left as it is
 */
static inline void list_rotate_left(struct list_head *head)
{
	if (!list_empty(head))
		list_move_tail(head->next, head);
}

/**
 * list_rotate_to_front() - rotate @head so that @list becomes first
 * @list: the entry to bring to the front
 * @head: the list head
 *
 * Done by moving the head to just before @list: entries keep their order.
 */
static inline void list_rotate_to_front(struct list_head *list,
					struct list_head *head)
{
	list_move_tail(head, list);
}

/* ------------------------------------------------------------------ */
/* cut                                                                 */

static inline void __list_cut_position(struct list_head *list,
				       struct list_head *head,
				       struct list_head *entry)
{
	struct list_head *new_first = entry->next;

	list->next = head->next;
	list->next->prev = list;
	list->prev = entry;
	entry->next = list;
	head->next = new_first;
	new_first->prev = head;
}

/**
 * list_cut_position() - move the front of @head, up to @entry, to @list
 * @list: receives the entries; its old contents are overwritten, so it
 *        should be empty or an entry whose contents may be lost
 * @head: the list to cut
 * @entry: the last entry to move; when it is @head, nothing moves and
 *         @list is made empty
 *
 * An empty @head moves nothing; a singular @head moves its entry only when
 * @entry is that entry.
 */
static inline void list_cut_position(struct list_head *list,
				     struct list_head *head,
				     struct list_head *entry)
{
	if (list_empty(head))
		return;
	if (list_is_singular(head) && !list_is_head(entry, head) &&
	    entry != head->next)
		return;
	if (list_is_head(entry, head))
		INIT_LIST_HEAD(list);
	else
		__list_cut_position(list, head, entry);
}

/**
 * list_cut_before() - move the front of @head, up to but not @entry, to @list
 * @list: receives the entries; its old contents are overwritten
 * @head: the list to cut
 * @entry: the first entry to stay; when it is the first entry of @head,
 *         nothing moves and @list is made empty
 */
static inline void list_cut_before(struct list_head *list,
				   struct list_head *head,
				   struct list_head *entry)
{
	if (head->next == entry) {
		INIT_LIST_HEAD(list);
		return;
	}
	list->next = head->next;
	list->next->prev = list;
	list->prev = entry->prev;
	list->prev->next = list;
	head->next = entry;
	entry->prev = head;
}

/* ------------------------------------------------------------------ */
/* splice                                                              */

static inline void __list_splice(const struct list_head *list,
				 struct list_head *prev, struct list_head *next)
{
	struct list_head *first = list->next;
	struct list_head *last = list->prev;

	first->prev = prev;
	prev->next = first;

	last->next = next;
	next->prev = last;
}

/**
 * list_splice() - join @list to the front of @head
 * @list: the list whose entries move; its head is left stale
 * @head: the list that receives them
 */
static inline void list_splice(const struct list_head *list,
			       struct list_head *head)
{
	if (!list_empty(list))
		__list_splice(list, head, head->next);
}

/**
 * list_splice_tail() - join @list to the tail of @head
 * @list: the list whose entries move; its head is left stale
 * @head: the list that receives them
 */
static inline void list_splice_tail(struct list_head *list,
				    struct list_head *head)
{
	if (!list_empty(list))
		__list_splice(list, head->prev, head);
}

/**
 * list_splice_init() - list_splice(), then make @list empty
 * @list: the list whose entries move
 * @head: the list that receives them
 */
static inline void list_splice_init(struct list_head *list,
				    struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head, head->next);
		INIT_LIST_HEAD(list);
	}
}

/**
 * list_splice_tail_init() - list_splice_tail(), then make @list empty
 * @list: the list whose entries move
 * @head: the list that receives them
 */
static inline void list_splice_tail_init(struct list_head *list,
					 struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head->prev, head);
		INIT_LIST_HEAD(list);
	}
}

/* ------------------------------------------------------------------ */
/* counting                                                            */

/**
 * list_count_nodes() - number of entries on @head, in O(n)
 * @head: the list head
 *
 * Return: the number of entries, counted in O(n).
 */
static inline size_t list_count_nodes(const struct list_head *head)
{
	const struct list_head *pos;
	size_t count = 0;

	for (pos = head->next; pos != head; pos = pos->next)
		count++;
	return count;
}

/* ------------------------------------------------------------------ */
/* entries                                                             */

/**
 * list_entry() - the structure that embeds a list_head
 * @ptr: the &struct list_head pointer
 * @type: the type of the embedding structure
 * @member: the name of the list_head within it
 */
#define list_entry(ptr, type, member) container_of(ptr, type, member)

/**
 * list_first_entry() - first entry of a list that must not be empty
 * @ptr: the list head; the list must not be empty
 * @type: the type of the embedding structure
 * @member: the name of the list_head within it
 */
#define list_first_entry(ptr, type, member) \
	list_entry((ptr)->next, type, member)

/**
 * list_last_entry() - last entry of a list that must not be empty
 * @ptr: the list head; the list must not be empty
 * @type: the type of the embedding structure
 * @member: the name of the list_head within it
 */
#define list_last_entry(ptr, type, member) list_entry((ptr)->prev, type, member)

/**
 * list_first_entry_or_null() - first entry, or NULL when empty
 * @ptr: the list head (evaluated once)
 * @type: the type of the embedding structure
 * @member: the name of the list_head within it
 */
#define list_first_entry_or_null(ptr, type, member)                 \
	__extension__({                                             \
		const struct list_head *head__ = (ptr);             \
		struct list_head *pos__ = READ_ONCE(head__->next);  \
		pos__ != head__ ? list_entry(pos__, type, member) : \
				  (type *)NULL;                     \
	})

/**
 * list_last_entry_or_null() - last entry, or NULL when empty
 * @ptr: the list head (evaluated once)
 * @type: the type of the embedding structure
 * @member: the name of the list_head within it
 */
#define list_last_entry_or_null(ptr, type, member)                  \
	__extension__({                                             \
		const struct list_head *head__ = (ptr);             \
		struct list_head *pos__ = READ_ONCE(head__->prev);  \
		pos__ != head__ ? list_entry(pos__, type, member) : \
				  (type *)NULL;                     \
	})

/*
 * __list_member() - &(pos)->member, by address arithmetic: @pos may be the
 * fake entry around a head (list_prepare_entry(), the end of a walk), and
 * a member access through it is what UBSan rightly flags.
 */
#define __list_member(pos, member)                          \
	((__typeof__(&(pos)->member))((const char *)(pos) + \
				      offsetof(__typeof__(*(pos)), member)))

/**
 * list_next_entry() - the entry after @pos (may be the head's fake one)
 * @pos: an entry, or the fake entry around a head
 * @member: the name of the list_head within the entry
 */
#define list_next_entry(pos, member) \
	list_entry(__list_member(pos, member)->next, __typeof__(*(pos)), member)

/**
 * list_prev_entry() - the entry before @pos (may be the head's fake one)
 * @pos: an entry, or the fake entry around a head
 * @member: the name of the list_head within the entry
 */
#define list_prev_entry(pos, member) \
	list_entry(__list_member(pos, member)->prev, __typeof__(*(pos)), member)

/**
 * list_entry_is_head() - whether @pos is the fake entry around @head
 * @pos: an entry pointer produced by the iterators
 * @head: the list head
 * @member: the name of the list_head within the entry
 *
 * Compares addresses only: @pos is never dereferenced.
 */
#define list_entry_is_head(pos, head, member)                          \
	((const char *)(pos) + offsetof(__typeof__(*(pos)), member) == \
	 (const char *)(head))

/**
 * list_next_entry_circular() - the entry after @pos, skipping the head
 * @pos: an entry (evaluated once)
 * @head: the list head (evaluated once)
 * @member: the name of the list_head within the entry
 */
#define list_next_entry_circular(pos, head, member)                            \
	__extension__({                                                        \
		__typeof__(&*(pos)) pos__ = (pos);                             \
		const struct list_head *head__ = (head);                       \
		list_is_last(&pos__->member, head__) ?                         \
			list_first_entry(head__, __typeof__(*pos__), member) : \
			list_next_entry(pos__, member);                        \
	})

/**
 * list_prev_entry_circular() - the entry before @pos, skipping the head
 * @pos: an entry (evaluated once)
 * @head: the list head (evaluated once)
 * @member: the name of the list_head within the entry
 */
#define list_prev_entry_circular(pos, head, member)                           \
	__extension__({                                                       \
		__typeof__(&*(pos)) pos__ = (pos);                            \
		const struct list_head *head__ = (head);                      \
		list_is_first(&pos__->member, head__) ?                       \
			list_last_entry(head__, __typeof__(*pos__), member) : \
			list_prev_entry(pos__, member);                       \
	})

/**
 * list_prepare_entry() - a start point for list_for_each_entry_continue()
 * @pos: an entry, or NULL to start from the beginning of @head
 * @head: the list head
 * @member: the name of the list_head within the entry
 */
#define list_prepare_entry(pos, head, member) \
	__extension__((pos) ?: list_entry(head, __typeof__(*(pos)), member))

/**
 * list_safe_reset_next() - reload the lookahead of a _safe iteration
 * @pos: the current entry
 * @n: the lookahead cursor to reset
 * @member: the name of the list_head within the entry
 */
#define list_safe_reset_next(pos, n, member) \
	((n) = list_next_entry(pos, member))

/* ------------------------------------------------------------------ */
/* iterators over raw list_heads                                       */

/*
 * Every iterator evaluates @head once: an outer one-pass loop holds it in
 * a local (break and continue still act on the inner loop, and leaving
 * the inner loop ends the outer one).  The local's name is made unique
 * per use so that nested iterators do not shadow each other.
 */
#define __LIST_CAT2(a, b) a##b
#define __LIST_CAT(a, b) __LIST_CAT2(a, b)
#define __LIST_UNIQ(prefix) __LIST_CAT(prefix, __COUNTER__)

#define __list_once(h, head) for (__typeof__(&*(head)) h = (head); h; h = NULL)

/**
 * list_for_each() - iterate @pos over the list_heads of @head
 * @pos: the &struct list_head cursor
 * @head: the list head (evaluated once)
 */
#define list_for_each(pos, head) __list_for_each(pos, head, __LIST_UNIQ(__lh))
#define __list_for_each(pos, head, h)                                     \
	__list_once(h, head) for ((pos) = h->next; !list_is_head(pos, h); \
				  (pos) = (pos)->next)

/**
 * list_for_each_continue() - carry on from the one after @pos
 * @pos: the &struct list_head cursor
 * @head: the list head (evaluated once)
 */
#define list_for_each_continue(pos, head) \
	__list_for_each_continue(pos, head, __LIST_UNIQ(__lh))
#define __list_for_each_continue(pos, head, h)                                \
	__list_once(h, head) for ((pos) = (pos)->next; !list_is_head(pos, h); \
				  (pos) = (pos)->next)

/**
 * list_for_each_prev() - iterate @pos backwards over @head
 * @pos: the &struct list_head cursor
 * @head: the list head (evaluated once)
 */
#define list_for_each_prev(pos, head) \
	__list_for_each_prev(pos, head, __LIST_UNIQ(__lh))
#define __list_for_each_prev(pos, head, h)                                \
	__list_once(h, head) for ((pos) = h->prev; !list_is_head(pos, h); \
				  (pos) = (pos)->prev)

/**
 * list_for_each_safe() - iterate, @pos may be removed (lookahead @n)
 * @pos: the &struct list_head cursor
 * @n: another &struct list_head, the lookahead that lets @pos be removed
 * @head: the list head (evaluated once)
 */
#define list_for_each_safe(pos, n, head) \
	__list_for_each_safe(pos, n, head, __LIST_UNIQ(__lh))
#define __list_for_each_safe(pos, n, head, h)                         \
	__list_once(h, head) for ((pos) = h->next, (n) = (pos)->next; \
				  !list_is_head(pos, h);              \
				  (pos) = (n), (n) = (pos)->next)

/**
 * list_for_each_prev_safe() - backwards, @pos may be removed
 * @pos: the &struct list_head cursor
 * @n: another &struct list_head, the lookahead that lets @pos be removed
 * @head: the list head (evaluated once)
 */
#define list_for_each_prev_safe(pos, n, head) \
	__list_for_each_prev_safe(pos, n, head, __LIST_UNIQ(__lh))
#define __list_for_each_prev_safe(pos, n, head, h)                    \
	__list_once(h, head) for ((pos) = h->prev, (n) = (pos)->prev; \
				  !list_is_head(pos, h);              \
				  (pos) = (n), (n) = (pos)->prev)

/* ------------------------------------------------------------------ */
/* iterators over entries                                              */

/**
 * list_for_each_entry() - iterate @pos over the entries of @head
 * @pos: the entry cursor, a pointer to the embedding structure
 * @head: the list head (evaluated once)
 * @member: the name of the list_head within the entry
 */
#define list_for_each_entry(pos, head, member) \
	__list_for_each_entry(pos, head, member, __LIST_UNIQ(__lh))
#define __list_for_each_entry(pos, head, member, h)                       \
	__list_once(h, head) for ((pos) = list_first_entry(               \
					  h, __typeof__(*(pos)), member); \
				  !list_entry_is_head(pos, h, member);    \
				  (pos) = list_next_entry(pos, member))

/**
 * list_for_each_entry_reverse() - backwards over the entries
 * @pos: the entry cursor, a pointer to the embedding structure
 * @head: the list head (evaluated once)
 * @member: the name of the list_head within the entry
 */
#define list_for_each_entry_reverse(pos, head, member) \
	__list_for_each_entry_reverse(pos, head, member, __LIST_UNIQ(__lh))
#define __list_for_each_entry_reverse(pos, head, member, h)               \
	__list_once(h, head) for ((pos) = list_last_entry(                \
					  h, __typeof__(*(pos)), member); \
				  !list_entry_is_head(pos, h, member);    \
				  (pos) = list_prev_entry(pos, member))

/**
 * list_for_each_entry_continue() - from the entry after @pos onwards
 * @pos: the entry cursor, a pointer to the embedding structure
 * @head: the list head (evaluated once)
 * @member: the name of the list_head within the entry
 */
#define list_for_each_entry_continue(pos, head, member) \
	__list_for_each_entry_continue(pos, head, member, __LIST_UNIQ(__lh))
#define __list_for_each_entry_continue(pos, head, member, h)            \
	__list_once(h, head) for ((pos) = list_next_entry(pos, member); \
				  !list_entry_is_head(pos, h, member);  \
				  (pos) = list_next_entry(pos, member))

/**
 * list_for_each_entry_continue_reverse() - from the entry before @pos back
 * @pos: the entry cursor, a pointer to the embedding structure
 * @head: the list head (evaluated once)
 * @member: the name of the list_head within the entry
 */
#define list_for_each_entry_continue_reverse(pos, head, member)   \
	__list_for_each_entry_continue_reverse(pos, head, member, \
					       __LIST_UNIQ(__lh))
#define __list_for_each_entry_continue_reverse(pos, head, member, h)    \
	__list_once(h, head) for ((pos) = list_prev_entry(pos, member); \
				  !list_entry_is_head(pos, h, member);  \
				  (pos) = list_prev_entry(pos, member))

/**
 * list_for_each_entry_from() - from @pos itself onwards
 * @pos: the entry cursor, a pointer to the embedding structure
 * @head: the list head (evaluated once)
 * @member: the name of the list_head within the entry
 */
#define list_for_each_entry_from(pos, head, member) \
	__list_for_each_entry_from(pos, head, member, __LIST_UNIQ(__lh))
#define __list_for_each_entry_from(pos, head, member, h)                 \
	__list_once(h, head) for (; !list_entry_is_head(pos, h, member); \
				  (pos) = list_next_entry(pos, member))

/**
 * list_for_each_entry_from_reverse() - from @pos itself backwards
 * @pos: the entry cursor, a pointer to the embedding structure
 * @head: the list head (evaluated once)
 * @member: the name of the list_head within the entry
 */
#define list_for_each_entry_from_reverse(pos, head, member) \
	__list_for_each_entry_from_reverse(pos, head, member, __LIST_UNIQ(__lh))
#define __list_for_each_entry_from_reverse(pos, head, member, h)         \
	__list_once(h, head) for (; !list_entry_is_head(pos, h, member); \
				  (pos) = list_prev_entry(pos, member))

/**
 * list_for_each_entry_safe() - iterate, @pos may be removed (lookahead @n)
 * @pos: the entry cursor, a pointer to the embedding structure
 * @n: another entry cursor, the lookahead that lets @pos be removed
 * @head: the list head (evaluated once)
 * @member: the name of the list_head within the entry
 */
#define list_for_each_entry_safe(pos, n, head, member) \
	__list_for_each_entry_safe(pos, n, head, member, __LIST_UNIQ(__lh))
#define __list_for_each_entry_safe(pos, n, head, member, h)                    \
	__list_once(h,                                                         \
		    head) for ((pos) = list_first_entry(h, __typeof__(*(pos)), \
							member),               \
			       (n) = list_next_entry(pos, member);             \
			       !list_entry_is_head(pos, h, member);            \
			       (pos) = (n), (n) = list_next_entry(n, member))

/**
 * list_for_each_entry_safe_continue() - safe, from the entry after @pos
 * @pos: the entry cursor, a pointer to the embedding structure
 * @n: another entry cursor, the lookahead that lets @pos be removed
 * @head: the list head (evaluated once)
 * @member: the name of the list_head within the entry
 */
#define list_for_each_entry_safe_continue(pos, n, head, member)   \
	__list_for_each_entry_safe_continue(pos, n, head, member, \
					    __LIST_UNIQ(__lh))
#define __list_for_each_entry_safe_continue(pos, n, head, member, h)    \
	__list_once(h, head) for ((pos) = list_next_entry(pos, member), \
				  (n) = list_next_entry(pos, member);   \
				  !list_entry_is_head(pos, h, member);  \
				  (pos) = (n),                          \
				  (n) = list_next_entry(n, member))

/**
 * list_for_each_entry_safe_from() - safe, from @pos itself
 * @pos: the entry cursor, a pointer to the embedding structure
 * @n: another entry cursor, the lookahead that lets @pos be removed
 * @head: the list head (evaluated once)
 * @member: the name of the list_head within the entry
 */
#define list_for_each_entry_safe_from(pos, n, head, member) \
	__list_for_each_entry_safe_from(pos, n, head, member, __LIST_UNIQ(__lh))
#define __list_for_each_entry_safe_from(pos, n, head, member, h)       \
	__list_once(h, head) for ((n) = list_next_entry(pos, member);  \
				  !list_entry_is_head(pos, h, member); \
				  (pos) = (n),                         \
				  (n) = list_next_entry(n, member))

/**
 * list_for_each_entry_safe_reverse() - safe, backwards
 * @pos: the entry cursor, a pointer to the embedding structure
 * @n: another entry cursor, the lookahead that lets @pos be removed
 * @head: the list head (evaluated once)
 * @member: the name of the list_head within the entry
 */
#define list_for_each_entry_safe_reverse(pos, n, head, member)   \
	__list_for_each_entry_safe_reverse(pos, n, head, member, \
					   __LIST_UNIQ(__lh))
#define __list_for_each_entry_safe_reverse(pos, n, head, member, h)           \
	__list_once(h,                                                        \
		    head) for ((pos) = list_last_entry(h, __typeof__(*(pos)), \
						       member),               \
			       (n) = list_prev_entry(pos, member);            \
			       !list_entry_is_head(pos, h, member);           \
			       (pos) = (n), (n) = list_prev_entry(n, member))

/* ------------------------------------------------------------------ */
/* hlist: a head of one pointer, nodes that point back at the pointer  */
/* that points at them (pprev), so a node can unlink itself            */

/* HLIST_HEAD_INIT - the initialiser of an empty hlist head */
#define HLIST_HEAD_INIT \
	{               \
		NULL    \
	}

/**
 * HLIST_HEAD() - define an empty hlist head
 * @name: the name of the &struct hlist_head variable
 */
#define HLIST_HEAD(name) struct hlist_head name = { NULL }

/**
 * INIT_HLIST_HEAD() - make an hlist head empty
 * @ptr: the &struct hlist_head (evaluated once)
 */
#define INIT_HLIST_HEAD(ptr) ((ptr)->first = NULL)

/**
 * INIT_HLIST_NODE() - make @h an unhashed node
 * @h: the node; its previous contents are ignored
 */
static inline void INIT_HLIST_NODE(struct hlist_node *h)
{
	h->next = NULL;
	h->pprev = NULL;
}

/**
 * hlist_unhashed() - whether @h is on no chain (never added or _init'ed)
 * @h: the node
 *
 * Return: nonzero when @h is on no chain.
 */
static inline int hlist_unhashed(const struct hlist_node *h)
{
	return !h->pprev;
}

/**
 * hlist_unhashed_lockless() - hlist_unhashed() for lockless readers
 * @h: the node, which a writer may be adding or removing
 *
 * Return: nonzero when @h is on no chain.
 */
static inline int hlist_unhashed_lockless(const struct hlist_node *h)
{
	return !READ_ONCE(h->pprev);
}

/**
 * hlist_empty() - whether the chain @h has no nodes
 * @h: the hlist head
 *
 * Return: nonzero when the chain has no nodes.
 */
static inline int hlist_empty(const struct hlist_head *h)
{
	return !READ_ONCE(h->first);
}

static inline void __hlist_del(struct hlist_node *n)
{
	struct hlist_node *next = n->next;
	struct hlist_node **pprev = n->pprev;

	WRITE_ONCE(*pprev, next);
	if (next)
		WRITE_ONCE(next->pprev, pprev);
}

/**
 * hlist_del() - unlink @n and poison its pointers
 * @n: a hashed node; it must not be used again before it is
 *     re-initialised or re-added
 */
static inline void hlist_del(struct hlist_node *n)
{
	__hlist_del(n);
	n->next = HLIST_POISON1;
	n->pprev = HLIST_POISON2;
}

/**
 * hlist_del_init() - unlink @n if hashed and make it unhashed
 * @n: the node; an unhashed one is left alone
 */
static inline void hlist_del_init(struct hlist_node *n)
{
	if (!hlist_unhashed(n)) {
		__hlist_del(n);
		INIT_HLIST_NODE(n);
	}
}

/**
 * hlist_add_head() - add @n at the front of the chain @h
 * @n: the node to add, not on any chain
 * @h: the hlist head
 */
static inline void hlist_add_head(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	WRITE_ONCE(n->next, first);
	if (first)
		WRITE_ONCE(first->pprev, &n->next);
	WRITE_ONCE(h->first, n);
	WRITE_ONCE(n->pprev, &h->first);
}

/**
 * hlist_add_before() - add @n just before @next, which is hashed
 * @n: the node to add, not on any chain
 * @next: a hashed node
 */
static inline void hlist_add_before(struct hlist_node *n,
				    struct hlist_node *next)
{
	WRITE_ONCE(n->pprev, next->pprev);
	WRITE_ONCE(n->next, next);
	WRITE_ONCE(next->pprev, &n->next);
	WRITE_ONCE(*(n->pprev), n);
}

/**
 * hlist_add_behind() - add @n just after @prev, which is hashed
 * @n: the node to add, not on any chain
 * @prev: a hashed node
 */
static inline void hlist_add_behind(struct hlist_node *n,
				    struct hlist_node *prev)
{
	WRITE_ONCE(n->next, prev->next);
	WRITE_ONCE(prev->next, n);
	WRITE_ONCE(n->pprev, &prev->next);
	if (n->next)
		WRITE_ONCE(n->next->pprev, &n->next);
}

/**
 * hlist_add_fake() - make @n look hashed while on no chain
 * @n: the node; its pprev points at its own next, so hlist_del() works
 */
static inline void hlist_add_fake(struct hlist_node *n)
{
	n->pprev = &n->next;
}

/**
 * hlist_fake() - whether @h was made hashed by hlist_add_fake()
 * @h: the node
 *
 * Return: true when @h points back at itself, as hlist_add_fake() leaves it.
 */
static inline bool hlist_fake(struct hlist_node *h)
{
	return h->pprev == &h->next;
}

/**
 * hlist_is_singular_node() - whether @n is the only node of chain @h
 * @n: the node
 * @h: the hlist head
 *
 * Return: true when @n is on @h and is its only node.
 */
static inline bool hlist_is_singular_node(struct hlist_node *n,
					  struct hlist_head *h)
{
	return !n->next && n->pprev == &h->first;
}

/**
 * hlist_move_list() - move the whole chain of @old to @repl
 * @old: the chain to empty
 * @repl: the head that receives it; its old chain is forgotten
 */
static inline void hlist_move_list(struct hlist_head *old,
				   struct hlist_head *repl)
{
	repl->first = old->first;
	if (repl->first)
		repl->first->pprev = &repl->first;
	old->first = NULL;
}

/**
 * hlist_splice_init() - move the chain of @from in front of @to's
 * @from: the chain to empty
 * @last: the last node of @from's chain
 * @to: the chain that receives it
 */
static inline void hlist_splice_init(struct hlist_head *from,
				     struct hlist_node *last,
				     struct hlist_head *to)
{
	if (to->first)
		to->first->pprev = &last->next;
	last->next = to->first;
	to->first = from->first;
	from->first->pprev = &to->first;
	from->first = NULL;
}

/**
 * hlist_count_nodes() - number of nodes on @head, in O(n)
 * @head: the hlist head
 *
 * Return: the number of nodes, counted in O(n).
 */
static inline size_t hlist_count_nodes(const struct hlist_head *head)
{
	const struct hlist_node *pos;
	size_t count = 0;

	for (pos = head->first; pos; pos = pos->next)
		count++;
	return count;
}

/**
 * hlist_entry() - the structure that embeds an hlist_node
 * @ptr: the &struct hlist_node pointer
 * @type: the type of the embedding structure
 * @member: the name of the hlist_node within it
 */
#define hlist_entry(ptr, type, member) container_of(ptr, type, member)

/**
 * hlist_entry_safe() - hlist_entry() that maps NULL to NULL
 * @ptr: a &struct hlist_node pointer or NULL (evaluated once)
 * @type: the type of the embedding structure
 * @member: the name of the hlist_node within it
 */
#define hlist_entry_safe(ptr, type, member)                                  \
	__extension__({                                                      \
		__typeof__(ptr) ____ptr = (ptr);                             \
		____ptr ? hlist_entry(____ptr, type, member) : (type *)NULL; \
	})

/**
 * hlist_for_each() - iterate @pos over the nodes of a chain
 * @pos: the &struct hlist_node cursor; NULL when the walk ends
 * @head: the hlist head (evaluated once)
 */
#define hlist_for_each(pos, head) \
	for ((pos) = (head)->first; pos; (pos) = (pos)->next)

/**
 * hlist_for_each_safe() - iterate over a chain; @pos may be removed
 * @pos: the &struct hlist_node cursor
 * @n: another &struct hlist_node, the lookahead
 * @head: the hlist head (evaluated once)
 */
#define hlist_for_each_safe(pos, n, head)                            \
	for ((pos) = (head)->first; (pos) && ((n) = (pos)->next, 1); \
	     (pos) = (n))

/**
 * hlist_for_each_entry() - iterate @pos over the entries of chain @head
 * @pos: the entry cursor, a pointer to the embedding structure
 * @head: the hlist head (evaluated once)
 * @member: the name of the hlist_node within the entry
 */
#define hlist_for_each_entry(pos, head, member)                          \
	for ((pos) = hlist_entry_safe((head)->first, __typeof__(*(pos)), \
				      member);                           \
	     pos; (pos) = hlist_entry_safe((pos)->member.next,           \
					   __typeof__(*(pos)), member))

/**
 * hlist_for_each_entry_continue() - from the entry after @pos
 * @pos: the entry cursor, a pointer to the embedding structure
 * @member: the name of the hlist_node within the entry
 */
#define hlist_for_each_entry_continue(pos, member)                            \
	for ((pos) = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), \
				      member);                                \
	     pos; (pos) = hlist_entry_safe((pos)->member.next,                \
					   __typeof__(*(pos)), member))

/**
 * hlist_for_each_entry_from() - from @pos itself
 * @pos: the entry cursor, a pointer to the embedding structure
 * @member: the name of the hlist_node within the entry
 */
#define hlist_for_each_entry_from(pos, member)                   \
	for (; pos; (pos) = hlist_entry_safe((pos)->member.next, \
					     __typeof__(*(pos)), member))

/**
 * hlist_for_each_entry_safe() - @pos may be removed; @n is a node cursor
 * @pos: the entry cursor, a pointer to the embedding structure
 * @n: a &struct hlist_node cursor, the lookahead that lets @pos be removed
 * @head: the hlist head (evaluated once)
 * @member: the name of the hlist_node within the entry
 */
#define hlist_for_each_entry_safe(pos, n, head, member)                  \
	for ((pos) = hlist_entry_safe((head)->first, __typeof__(*(pos)), \
				      member);                           \
	     (pos) && ((n) = (pos)->member.next, 1);                     \
	     (pos) = hlist_entry_safe(n, __typeof__(*(pos)), member))

/*
 * In debug builds the mutating operations become macros that first record
 * the caller's file:line for the report, then call the function of the
 * same name (a macro is not expanded again inside its own expansion).
 * Each argument is still evaluated exactly once.
 */
#ifdef LIST_DEBUG
#define __LIST_DEBUG_CALL(fn, ...)                                \
	(__check_enter(#fn, __FILE__, __LINE__), fn(__VA_ARGS__), \
	 (void)__check_leave(true))
#define __list_add(e, p, n) __LIST_DEBUG_CALL(__list_add, e, p, n)
#define list_add(e, h) __LIST_DEBUG_CALL(list_add, e, h)
#define list_add_tail(e, h) __LIST_DEBUG_CALL(list_add_tail, e, h)
#define __list_del_entry(e) __LIST_DEBUG_CALL(__list_del_entry, e)
#define __list_del_clearprev(e) __LIST_DEBUG_CALL(__list_del_clearprev, e)
#define list_del(e) __LIST_DEBUG_CALL(list_del, e)
#define list_del_init(e) __LIST_DEBUG_CALL(list_del_init, e)
#define list_del_init_careful(e) __LIST_DEBUG_CALL(list_del_init_careful, e)
#define list_move(e, h) __LIST_DEBUG_CALL(list_move, e, h)
#define list_move_tail(e, h) __LIST_DEBUG_CALL(list_move_tail, e, h)
#define list_swap(a, b) __LIST_DEBUG_CALL(list_swap, a, b)
#define list_rotate_left(h) __LIST_DEBUG_CALL(list_rotate_left, h)
#define list_rotate_to_front(e, h) __LIST_DEBUG_CALL(list_rotate_to_front, e, h)
#endif

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_LIST_LIST_H */

/* SPDX-License-Identifier: MIT */
/*
 * list/rbtree.h - red-black trees with the node embedded in the entry, the
 * way struct list_head is: the Linux kernel's rbtree API.
 *
 * Mirrors the modern kernel's include/linux/rbtree.h (and rbtree_types.h)
 * with its names, argument order and semantics; written for kstruct from
 * the kernel's documentation of that API, not from its code.  2.5.33 had
 * an rbtree too (lib/rbtree.c, used by mm/mmap.c for the vm areas of a
 * process), with only rb_insert_color(), rb_erase() and rb_link_node(),
 * and two typedefs, rb_node_t and rb_root_t, which David Woodhouse
 * removed in 2.5.36 for the reason this project is named after
 * (docs/rbtree.md).
 *
 * The caller writes the search loop and links a new node with
 * rb_link_node(), then rb_insert_color() recolours and rotates; or it
 * hands a less() function to rb_add() (the modern helpers).  The
 * rebalancing lives in rbtree.c; the augmented interface (a value kept
 * per subtree, such as EEVDF's min_deadline) is in rbtree_augmented.h.
 *
 * Deliberate differences from the kernel, all additive:
 * - No parameter is called "new"; the header builds as C11 with -pedantic
 *   and as C++17 (RB_ROOT and RB_ROOT_CACHED are C++ temporaries there,
 *   not compound literals).
 * - RB_EMPTY_NODE(), RB_CLEAR_NODE() and rb_for_each() evaluate each
 *   argument once (the kernel's evaluate some twice, or once per step).
 * - rb_check(), rb_check_cached() and rb_check_augmented() verify a whole
 *   tree (rbtree.c) and report the first fault as every kstruct checker
 *   does (compat/check.h): a bool result, one line through the check
 *   handler naming the caller's file:line, never an abort.
 * - Not provided: the RCU variants (rb_link_node_rcu, rb_replace_node_rcu,
 *   the latched trees): nothing here reads a tree without its lock.
 */
#ifndef KSTRUCT_LIST_RBTREE_H
#define KSTRUCT_LIST_RBTREE_H

#include <stddef.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#include <kstruct/compat/compiler.h>
#include <kstruct/compat/export.h>
#include <kstruct/list/list.h>

KSTRUCT_EXPORT_BEGIN

/**
 * struct rb_node - a node of a red-black tree, embedded in its entry
 * @__rb_parent_color: the parent's address with the colour in bit 0
 *	(RB_RED 0, RB_BLACK 1); a node's alignment keeps the low bits free.
 *	Read it through rb_parent() and rb_color().
 * @rb_right: the right child (later in the order), or NULL
 * @rb_left: the left child (earlier in the order), or NULL
 */
struct rb_node {
	unsigned long __rb_parent_color;
	struct rb_node *rb_right;
	struct rb_node *rb_left;
} __attribute__((aligned(sizeof(long))));

/**
 * struct rb_root - a red-black tree
 * @rb_node: the root node, NULL when the tree is empty
 */
struct rb_root {
	struct rb_node *rb_node;
};

/**
 * struct rb_root_cached - a red-black tree that keeps its leftmost node
 * @rb_root: the tree
 * @rb_leftmost: the first node in order, NULL when the tree is empty
 *
 * The leftmost node is what a scheduler picks; keeping it makes the pick
 * O(1).  Only the _cached operations keep @rb_leftmost up to date.
 */
struct rb_root_cached {
	struct rb_root rb_root;
	struct rb_node *rb_leftmost;
};

/* the parent pointer of @r, without the colour bit */
#define rb_parent(r) ((struct rb_node *)((r)->__rb_parent_color & ~3ul))

#ifdef __cplusplus
#define RB_ROOT (rb_root{ NULL })
#define RB_ROOT_CACHED (rb_root_cached{ { NULL }, NULL })
#else
/* an empty tree, to initialise or assign: struct rb_root t = RB_ROOT; */
#define RB_ROOT ((struct rb_root){ NULL })
#define RB_ROOT_CACHED ((struct rb_root_cached){ { NULL }, NULL })
#endif

/**
 * rb_entry() - the entry that embeds a node
 * @ptr: the &struct rb_node pointer (evaluated once)
 * @type: the type of the entry
 * @member: the name of the rb_node within it
 */
#define rb_entry(ptr, type, member) container_of(ptr, type, member)

/**
 * rb_entry_safe() - rb_entry() that maps NULL to NULL
 * @ptr: a &struct rb_node pointer or NULL (evaluated once)
 * @type: the type of the entry
 * @member: the name of the rb_node within it
 */
#define rb_entry_safe(ptr, type, member)                                  \
	__extension__({                                                   \
		__typeof__(ptr) ____ptr = (ptr);                          \
		____ptr ? rb_entry(____ptr, type, member) : (type *)NULL; \
	})

/* RB_EMPTY_ROOT() - is the tree empty?  @root evaluated once */
#define RB_EMPTY_ROOT(root) (READ_ONCE((root)->rb_node) == NULL)

/*
 * A node that is on no tree can be marked so by pointing its parent at
 * itself (no node in a tree is its own parent): RB_CLEAR_NODE() marks it,
 * RB_EMPTY_NODE() tests the mark.  rb_erase() does not mark the node it
 * removes; the caller does, if it wants to test it later.
 */
static inline bool __rb_empty_node(const struct rb_node *node)
{
	return node->__rb_parent_color == (unsigned long)node;
}

static inline void __rb_clear_node(struct rb_node *node)
{
	node->__rb_parent_color = (unsigned long)node;
}

#define RB_EMPTY_NODE(node) __rb_empty_node(node)
#define RB_CLEAR_NODE(node) __rb_clear_node(node)

/**
 * rb_insert_color() - rebalance after linking @node
 * @node: a node rb_link_node() has just linked in as a leaf
 * @root: the tree
 *
 * Colours @node red, then recolours and rotates on the way up until no
 * red node has a red child and the root is black.  O(log n), at most two
 * rotations.
 *
 * Context: the caller serialises every change to @root.
 */
void rb_insert_color(struct rb_node *node, struct rb_root *root);

/**
 * rb_erase() - take @node out of the tree and rebalance
 * @node: a node of @root
 * @root: the tree
 *
 * @node's own fields are left as they were (stale); RB_CLEAR_NODE() it if
 * RB_EMPTY_NODE() will be asked of it.  O(log n), at most three rotations.
 *
 * Context: the caller serialises every change to @root.
 */
void rb_erase(struct rb_node *node, struct rb_root *root);

/**
 * rb_next() - the node after @node in order
 * @node: a node of a tree
 *
 * Return: the next node, or NULL after the last one and for a node marked
 * with RB_CLEAR_NODE().  Amortised O(1) over a whole walk.
 */
struct rb_node *rb_next(const struct rb_node *node);

/**
 * rb_prev() - the node before @node in order
 * @node: a node of a tree
 *
 * Return: the previous node, or NULL before the first one and for a node
 * marked with RB_CLEAR_NODE().
 */
struct rb_node *rb_prev(const struct rb_node *node);

/**
 * rb_first() - the first node in order
 * @root: the tree
 *
 * Return: the leftmost node, or NULL when the tree is empty.  O(log n).
 */
struct rb_node *rb_first(const struct rb_root *root);

/**
 * rb_last() - the last node in order
 * @root: the tree
 *
 * Return: the rightmost node, or NULL when the tree is empty.  O(log n).
 */
struct rb_node *rb_last(const struct rb_root *root);

/**
 * rb_first_postorder() - the first node of a post-order walk
 * @root: the tree
 *
 * A post-order walk visits both children before their parent, so each
 * node may be freed as soon as it is visited (the tree is then no longer
 * valid, and must not be rebalanced).
 *
 * Return: the deepest node of the leftmost path, or NULL for an empty tree.
 */
struct rb_node *rb_first_postorder(const struct rb_root *root);

/**
 * rb_next_postorder() - the next node of a post-order walk
 * @node: the node just visited, or NULL
 *
 * Reads @node's parent pointer, then only the parent and the nodes below
 * its right child, all still unvisited: so take the next node before
 * freeing @node, as rbtree_postorder_for_each_entry_safe() does, and every
 * visited node may be freed.
 *
 * Return: the next node, or NULL after the root.
 */
struct rb_node *rb_next_postorder(const struct rb_node *node);

/**
 * rb_replace_node() - put @replacement where @victim is, in one step
 * @victim: a node of @root
 * @replacement: a node on no tree, that sorts where @victim does
 * @root: the tree
 *
 * Copies @victim's colour, parent and children into @replacement and
 * points them at it; no rebalancing.  The caller guarantees the order.
 */
void rb_replace_node(struct rb_node *victim, struct rb_node *replacement,
		     struct rb_root *root);

/**
 * rb_link_node() - link @node in as a leaf, before rebalancing
 * @node: the node to insert
 * @parent: the node found by the search, NULL for an empty tree
 * @rb_link: the child pointer of @parent (or the root pointer) the search
 *	ended on, which must be NULL
 *
 * Follow with rb_insert_color() (or an augmented variant).
 */
static inline void rb_link_node(struct rb_node *node, struct rb_node *parent,
				struct rb_node **rb_link)
{
	node->__rb_parent_color = (unsigned long)parent; /* red */
	node->rb_left = NULL;
	node->rb_right = NULL;
	*rb_link = node;
}

/**
 * rbtree_postorder_for_each_entry_safe() - visit every entry, children
 * before parents, so that each may be freed on its visit
 * @pos: the entry cursor, a pointer to the embedding structure
 * @n: another entry pointer, the lookahead taken before @pos is visited
 * @root: the &struct rb_root (evaluated once)
 * @field: the name of the rb_node within the entry
 *
 * The walk does not rebalance: freeing entries as they are visited is
 * fine, rb_erase() of them is not.
 */
#define rbtree_postorder_for_each_entry_safe(pos, n, root, field)            \
	for ((pos) = rb_entry_safe(rb_first_postorder(root),                 \
				   __typeof__(*(pos)), field);               \
	     (pos) && ((n) = rb_entry_safe(rb_next_postorder(&(pos)->field), \
					   __typeof__(*(pos)), field),       \
		      1);                                                    \
	     (pos) = (n))

/* ------------------------------------------------------------------ */
/* trees that keep their leftmost node                                 */

/* rb_first_cached() - the leftmost node, O(1); @root evaluated once */
#define rb_first_cached(root) ((root)->rb_leftmost)

/**
 * rb_insert_color_cached() - rb_insert_color(), keeping the leftmost
 * @node: a node rb_link_node() has just linked in
 * @root: the tree
 * @leftmost: true when the search only ever went left (@node is first)
 */
static inline void rb_insert_color_cached(struct rb_node *node,
					  struct rb_root_cached *root,
					  bool leftmost)
{
	if (leftmost)
		root->rb_leftmost = node;
	rb_insert_color(node, &root->rb_root);
}

/**
 * rb_erase_cached() - rb_erase(), keeping the leftmost
 * @node: a node of @root
 * @root: the tree
 *
 * Return: the new leftmost node when @node was the leftmost (NULL when
 * the tree is now empty), otherwise NULL.
 */
static inline struct rb_node *rb_erase_cached(struct rb_node *node,
					      struct rb_root_cached *root)
{
	struct rb_node *leftmost = NULL;

	if (root->rb_leftmost == node)
		leftmost = root->rb_leftmost = rb_next(node);
	rb_erase(node, &root->rb_root);
	return leftmost;
}

/**
 * rb_replace_node_cached() - rb_replace_node(), keeping the leftmost
 * @victim: a node of @root
 * @replacement: a node on no tree, that sorts where @victim does
 * @root: the tree
 */
static inline void rb_replace_node_cached(struct rb_node *victim,
					  struct rb_node *replacement,
					  struct rb_root_cached *root)
{
	if (root->rb_leftmost == victim)
		root->rb_leftmost = replacement;
	rb_replace_node(victim, replacement, &root->rb_root);
}

/* ------------------------------------------------------------------ */
/* the modern helpers: the search loop written once, around less()/cmp() */

/*
 * __rb_link_less() - the search of the rb_add() family: link @node as a
 * leaf below *@link, after every node equal to it by @less.
 * Return: true when the search only went left (@node is now the first).
 */
static __always_inline bool
__rb_link_less(struct rb_node *node, struct rb_node **link,
	       bool (*less)(struct rb_node *, const struct rb_node *))
{
	struct rb_node *parent = NULL;
	bool leftmost = true;

	while (*link) {
		parent = *link;
		if (less(node, parent)) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			leftmost = false;
		}
	}
	rb_link_node(node, parent, link);
	return leftmost;
}

/**
 * rb_add() - insert @node where @less puts it
 * @node: the node to insert
 * @tree: the tree
 * @less: less(a, b) is true when a sorts before b
 *
 * A node equal to others goes after them (right of every equal node), so
 * equal keys keep their order of insertion.
 */
static __always_inline void rb_add(struct rb_node *node, struct rb_root *tree,
				   bool (*less)(struct rb_node *,
						const struct rb_node *))
{
	__rb_link_less(node, &tree->rb_node, less);
	rb_insert_color(node, tree);
}

/**
 * rb_add_cached() - rb_add(), keeping the leftmost
 * @node: the node to insert
 * @tree: the tree
 * @less: less(a, b) is true when a sorts before b
 *
 * Return: @node when it became the leftmost node, otherwise NULL.
 */
static __always_inline struct rb_node *
rb_add_cached(struct rb_node *node, struct rb_root_cached *tree,
	      bool (*less)(struct rb_node *, const struct rb_node *))
{
	bool leftmost = __rb_link_less(node, &tree->rb_root.rb_node, less);

	rb_insert_color_cached(node, tree, leftmost);
	return leftmost ? node : NULL;
}

/**
 * rb_find_add() - find a node equal to @node, or insert @node
 * @node: the node to insert
 * @tree: the tree
 * @cmp: cmp(a, b) is <0, 0 or >0 as a sorts before, with or after b
 *
 * Return: the node equal to @node already in @tree (and @node is not
 * inserted), or NULL when @node was inserted.
 */
static __always_inline struct rb_node *
rb_find_add(struct rb_node *node, struct rb_root *tree,
	    int (*cmp)(struct rb_node *, const struct rb_node *))
{
	struct rb_node **link = &tree->rb_node;
	struct rb_node *parent = NULL;
	int c;

	while (*link) {
		parent = *link;
		c = cmp(node, parent);
		if (c == 0)
			return parent;
		link = c < 0 ? &parent->rb_left : &parent->rb_right;
	}
	rb_link_node(node, parent, link);
	rb_insert_color(node, tree);
	return NULL;
}

/**
 * rb_find() - a node that matches @key
 * @key: what to look for, passed to @cmp as it is
 * @tree: the tree
 * @cmp: cmp(key, node) is <0, 0 or >0 as @key sorts before, with or after
 *	node
 *
 * Return: a matching node (any one of several equal ones), or NULL.
 */
static __always_inline struct rb_node *
rb_find(const void *key, const struct rb_root *tree,
	int (*cmp)(const void *key, const struct rb_node *))
{
	struct rb_node *node = tree->rb_node;

	while (node) {
		int c = cmp(key, node);

		if (c == 0)
			return node;
		node = c < 0 ? node->rb_left : node->rb_right;
	}
	return NULL;
}

/**
 * rb_find_first() - the first node in order that matches @key
 * @key: what to look for, passed to @cmp as it is
 * @tree: the tree
 * @cmp: cmp(key, node) as for rb_find()
 *
 * Return: the leftmost matching node, or NULL.
 */
static __always_inline struct rb_node *
rb_find_first(const void *key, const struct rb_root *tree,
	      int (*cmp)(const void *key, const struct rb_node *))
{
	struct rb_node *node = tree->rb_node;
	struct rb_node *match = NULL;

	while (node) {
		int c = cmp(key, node);

		if (c > 0) {
			node = node->rb_right;
		} else {
			/* a match: keep it, and look further left */
			if (c == 0)
				match = node;
			node = node->rb_left;
		}
	}
	return match;
}

/**
 * rb_next_match() - the node after @node, if it matches @key too
 * @key: what to look for, passed to @cmp as it is
 * @node: a matching node
 * @cmp: cmp(key, node) as for rb_find()
 *
 * Return: the next node when it matches @key, otherwise NULL.
 */
static __always_inline struct rb_node *
rb_next_match(const void *key, struct rb_node *node,
	      int (*cmp)(const void *key, const struct rb_node *))
{
	node = rb_next(node);
	if (node && cmp(key, node) != 0)
		node = NULL;
	return node;
}

/**
 * rb_for_each() - iterate @node over every node that matches @key, in order
 * @node: the &struct rb_node cursor; NULL when the walk ends
 * @key: what to look for (evaluated once)
 * @tree: the tree (evaluated once)
 * @cmp: cmp(key, node) as for rb_find() (evaluated once)
 */
#define rb_for_each(node, key, tree, cmp)                       \
	__rb_for_each(node, key, tree, cmp, __LIST_UNIQ(__rbk), \
		      __LIST_UNIQ(__rbo), __LIST_UNIQ(__rbc))
/* @k and @c hold the key and cmp; @o, never NULL, makes each outer loop
 * run once */
#define __rb_for_each(node, key, tree, cmp, k, o, c)                         \
	for (const void *k = (key), *const *o = &k; o; o = NULL)             \
		for (int (*c)(const void *, const struct rb_node *) = (cmp); \
		     o; o = NULL)                                            \
			for ((node) = rb_find_first(k, tree, c); (node);     \
			     (node) = rb_next_match(k, node, c))

/* ------------------------------------------------------------------ */
/* invariant checkers                                                  */

/**
 * rb_check() - verify a whole tree
 * @root: the tree
 * @less: less(a, b) true when a sorts before b; NULL skips the order check
 *
 * Checks that the root is black and has no parent; that no red node has
 * a red child; that every path from the root to a leaf passes the same
 * number of black nodes; that every child's parent pointer points back at
 * its parent; that no node has the same child on both sides; and, with
 * @less, that the in-order sequence never goes down (less(next, prev)
 * false).  A walk deeper than any red-black tree in memory can be is
 * reported as such, so a loop cannot make it run on.  Reports the first
 * fault through the check handler (compat/check.h) with the caller's
 * file:line, as list_check() does; never aborts.  A NULL @root is
 * reported as such.
 *
 * Context: any thread; the caller keeps writers out.
 * Return: true when the tree is sound.  O(n), no allocation.
 */
bool rb_check(const struct rb_root *root,
	      bool (*less)(const struct rb_node *, const struct rb_node *));
#define rb_check(root, less) CHECK_CALLER(rb_check, (root, less))

/**
 * rb_check_cached() - rb_check(), and the cached leftmost is the first node
 * @root: the tree
 * @less: as for rb_check()
 *
 * Reports as rb_check() does.
 *
 * Return: true when the tree is sound and @root->rb_leftmost is rb_first().
 */
bool rb_check_cached(const struct rb_root_cached *root,
		     bool (*less)(const struct rb_node *,
				  const struct rb_node *));
#define rb_check_cached(root, less) CHECK_CALLER(rb_check_cached, (root, less))

/**
 * rb_check_augmented() - rb_check(), and every node's augmented value
 * @root: the tree
 * @less: as for rb_check()
 * @augmented_ok: called for every node, children before parents, once
 *	both subtrees are known sound; true when the node's augmented value
 *	is what its own value and its children's augmented values make it
 *
 * Reports as rb_check() does.
 *
 * Return: true when the tree is sound and @augmented_ok accepted every
 * node.
 */
bool rb_check_augmented(const struct rb_root *root,
			bool (*less)(const struct rb_node *,
				     const struct rb_node *),
			bool (*augmented_ok)(const struct rb_node *node));
#define rb_check_augmented(root, less, augmented_ok) \
	CHECK_CALLER(rb_check_augmented, (root, less, augmented_ok))

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_LIST_RBTREE_H */

/* SPDX-License-Identifier: MIT */
/*
 * list/rbtree_augmented.h - red-black trees that keep a value per subtree
 * (the largest end of an interval tree, the earliest deadline of EEVDF's
 * runqueue), kept right through every rotation and erase.
 *
 * Mirrors the modern kernel's include/linux/rbtree_augmented.h with its
 * names, argument order and semantics (6.6's: propagate, copy, rotate;
 * later kernels add a merge callback to rb_add_augmented_cached()).  As in
 * the kernel, struct rb_augment_callbacks, RB_DECLARE_CALLBACKS*(), the
 * insert and erase functions are the interface; the colour helpers below
 * them are the implementation's, shared with rbtree.c.
 *
 * How it works: the caller keeps each node's augmented value equal to a
 * function of the node and its children's values.  Linking a node as a
 * leaf changes the values on its path (the caller updates them on the way
 * down, or calls propagate afterwards); a rotation changes exactly the two
 * nodes it turns (rotate); erasing moves the successor into the erased
 * node's place (copy) and shortens two paths (propagate).
 *
 * Deliberate differences from the kernel: no parameter is called "new";
 * RB_DECLARE_CALLBACKS()'s callbacks table is initialised by position, so
 * that it builds as C++17.
 */
#ifndef KSTRUCT_LIST_RBTREE_AUGMENTED_H
#define KSTRUCT_LIST_RBTREE_AUGMENTED_H

#include <kstruct/compat/export.h>
#include <kstruct/list/rbtree.h>

KSTRUCT_EXPORT_BEGIN

/**
 * struct rb_augment_callbacks - how the tree keeps augmented values right
 * @propagate: recompute the value of @node, then of its parent, and so
 *	on up to (not including) @stop, which may be NULL for the root;
 *	may stop early once a value comes out unchanged
 * @copy: @new_node takes @old's place in the tree: give it @old's value
 * @rotate: a rotation turned @old's place over to @new_node (its child
 *	until then): @new_node takes @old's value, which covers the same
 *	nodes, and @old's value is recomputed from its new children
 */
struct rb_augment_callbacks {
	void (*propagate)(struct rb_node *node, struct rb_node *stop);
	void (*copy)(struct rb_node *old, struct rb_node *new_node);
	void (*rotate)(struct rb_node *old, struct rb_node *new_node);
};

/* rb_insert_color() that calls @augment_rotate after each rotation */
void __rb_insert_augmented(struct rb_node *node, struct rb_root *root,
			   void (*augment_rotate)(struct rb_node *old,
						  struct rb_node *new_node));

/**
 * rb_insert_augmented() - rb_insert_color() for an augmented tree
 * @node: a node rb_link_node() has just linked in
 * @root: the tree
 * @augment: the tree's callbacks
 *
 * Before the call, the augmented values of @node (as a leaf) and of every
 * node on its path must already count @node: update them during the
 * search, or call @augment->propagate(parent, NULL) after linking.
 */
static inline void
rb_insert_augmented(struct rb_node *node, struct rb_root *root,
		    const struct rb_augment_callbacks *augment)
{
	__rb_insert_augmented(node, root, augment->rotate);
}

/**
 * rb_insert_augmented_cached() - rb_insert_augmented(), keeping the
 * leftmost
 * @node: a node rb_link_node() has just linked in
 * @root: the tree
 * @newleft: true when @node is now the first node in order
 * @augment: the tree's callbacks
 */
static inline void
rb_insert_augmented_cached(struct rb_node *node, struct rb_root_cached *root,
			   bool newleft,
			   const struct rb_augment_callbacks *augment)
{
	if (newleft)
		root->rb_leftmost = node;
	rb_insert_augmented(node, &root->rb_root, augment);
}

/**
 * rb_add_augmented_cached() - rb_add_cached() for an augmented tree
 * @node: the node to insert; its augmented value must describe it alone
 * @tree: the tree
 * @less: less(a, b) is true when a sorts before b
 * @augment: the tree's callbacks
 *
 * Equal nodes go right of each other, as in rb_add().  The values on the
 * path are refreshed with @augment->propagate from the new leaf's parent
 * (as 6.6 does; EEVDF inserts its entities so).
 *
 * Return: @node when it became the leftmost node, otherwise NULL.
 */
static __always_inline struct rb_node *
rb_add_augmented_cached(struct rb_node *node, struct rb_root_cached *tree,
			bool (*less)(struct rb_node *, const struct rb_node *),
			const struct rb_augment_callbacks *augment)
{
	bool leftmost = __rb_link_less(node, &tree->rb_root.rb_node, less);

	augment->propagate(rb_parent(node), NULL);
	rb_insert_augmented_cached(node, tree, leftmost, augment);
	return leftmost ? node : NULL;
}

/**
 * RB_DECLARE_CALLBACKS() - define the callbacks of an augmented tree
 * @RBSTATIC: "static" or empty: the linkage of the callbacks table
 * @RBNAME: the name of the table (a const &struct rb_augment_callbacks),
 *	and the prefix of its functions RBNAME_propagate, _copy, _rotate
 * @RBSTRUCT: the entry type, e.g. struct sched_entity
 * @RBFIELD: the name of the rb_node within the entry
 * @RBAUGMENTED: the name of the augmented value within the entry
 * @RBCOMPUTE: bool RBCOMPUTE(RBSTRUCT *node, bool exit): compute node's
 *	value from the node and its children's values; when @exit is true
 *	and the value is the one stored, return true (propagation may stop
 *	there); otherwise store it and return false
 *
 * The expansion ends with its own semicolon, as the kernel's does: a
 * second one after the call is an empty declaration, which -pedantic
 * warns about.
 */
#define RB_DECLARE_CALLBACKS(RBSTATIC, RBNAME, RBSTRUCT, RBFIELD, RBAUGMENTED, \
			     RBCOMPUTE)                                        \
	static inline void RBNAME##_propagate(struct rb_node *rb,              \
					      struct rb_node *stop)            \
	{                                                                      \
		for (; rb != stop; rb = rb_parent(rb)) {                       \
			if (RBCOMPUTE(rb_entry(rb, RBSTRUCT, RBFIELD), true))  \
				break;                                         \
		}                                                              \
	}                                                                      \
	static inline void RBNAME##_copy(struct rb_node *rb_old,               \
					 struct rb_node *rb_new)               \
	{                                                                      \
		rb_entry(rb_new, RBSTRUCT, RBFIELD)->RBAUGMENTED =             \
			rb_entry(rb_old, RBSTRUCT, RBFIELD)->RBAUGMENTED;      \
	}                                                                      \
	static void RBNAME##_rotate(struct rb_node *rb_old,                    \
				    struct rb_node *rb_new)                    \
	{                                                                      \
		RBSTRUCT *old = rb_entry(rb_old, RBSTRUCT, RBFIELD);           \
                                                                               \
		rb_entry(rb_new, RBSTRUCT, RBFIELD)->RBAUGMENTED =             \
			old->RBAUGMENTED;                                      \
		RBCOMPUTE(old, false);                                         \
	}                                                                      \
	RBSTATIC const struct rb_augment_callbacks RBNAME = {                  \
		RBNAME##_propagate, RBNAME##_copy, RBNAME##_rotate             \
	};

/**
 * RB_DECLARE_CALLBACKS_MAX() - the callbacks of a tree augmented with the
 * largest value of its subtree (an interval tree's largest end)
 * @RBSTATIC: "static" or empty, as for RB_DECLARE_CALLBACKS()
 * @RBNAME: as for RB_DECLARE_CALLBACKS(); also defines RBNAME_compute_max
 * @RBSTRUCT: the entry type
 * @RBFIELD: the name of the rb_node within the entry
 * @RBTYPE: the type of the values (compared with >)
 * @RBAUGMENTED: the name of the subtree's largest value within the entry
 * @RBCOMPUTE: RBTYPE RBCOMPUTE(RBSTRUCT *node): the node's own value
 */
#define RB_DECLARE_CALLBACKS_MAX(RBSTATIC, RBNAME, RBSTRUCT, RBFIELD, RBTYPE,  \
				 RBAUGMENTED, RBCOMPUTE)                       \
	static inline bool RBNAME##_compute_max(RBSTRUCT *node, bool exit)     \
	{                                                                      \
		struct rb_node *child;                                         \
		RBTYPE max = RBCOMPUTE(node);                                  \
                                                                               \
		child = node->RBFIELD.rb_left;                                 \
		if (child &&                                                   \
		    rb_entry(child, RBSTRUCT, RBFIELD)->RBAUGMENTED > max)     \
			max = rb_entry(child, RBSTRUCT, RBFIELD)->RBAUGMENTED; \
		child = node->RBFIELD.rb_right;                                \
		if (child &&                                                   \
		    rb_entry(child, RBSTRUCT, RBFIELD)->RBAUGMENTED > max)     \
			max = rb_entry(child, RBSTRUCT, RBFIELD)->RBAUGMENTED; \
		if (exit && node->RBAUGMENTED == max)                          \
			return true;                                           \
		node->RBAUGMENTED = max;                                       \
		return false;                                                  \
	}                                                                      \
	RB_DECLARE_CALLBACKS(RBSTATIC, RBNAME, RBSTRUCT, RBFIELD, RBAUGMENTED, \
			     RBNAME##_compute_max)

/* ------------------------------------------------------------------ */
/* the implementation's helpers, shared with rbtree.c                  */

#define RB_RED 0
#define RB_BLACK 1

#define __rb_parent(pc) ((struct rb_node *)((pc) & ~3ul))
#define __rb_color(pc) ((pc)&1)
#define __rb_is_black(pc) __rb_color(pc)
#define __rb_is_red(pc) (!__rb_color(pc))
#define rb_color(rb) __rb_color((rb)->__rb_parent_color)
#define rb_is_red(rb) __rb_is_red((rb)->__rb_parent_color)
#define rb_is_black(rb) __rb_is_black((rb)->__rb_parent_color)

/* set @rb's parent, keeping its colour */
static inline void rb_set_parent(struct rb_node *rb, struct rb_node *p)
{
	rb->__rb_parent_color = rb_color(rb) | (unsigned long)p;
}

static inline void rb_set_parent_color(struct rb_node *rb, struct rb_node *p,
				       int color)
{
	rb->__rb_parent_color = (unsigned long)p | (unsigned long)color;
}

/* point the link that led to @old (in @parent, or the root) at @new_node */
static inline void __rb_change_child(struct rb_node *old,
				     struct rb_node *new_node,
				     struct rb_node *parent,
				     struct rb_root *root)
{
	if (!parent)
		root->rb_node = new_node;
	else if (parent->rb_left == old)
		parent->rb_left = new_node;
	else
		parent->rb_right = new_node;
}

/*
 * __rb_erase_color() - rebalance after an erase left one side of @parent
 * a black node short (the side whose child is black or NULL, as
 * __rb_erase_augmented() left it), calling @augment_rotate after each
 * rotation
 */
void __rb_erase_color(struct rb_node *parent, struct rb_root *root,
		      void (*augment_rotate)(struct rb_node *old,
					     struct rb_node *new_node));

/*
 * __rb_erase_augmented() - unlink @node, keeping the augmented values
 * right, and say where the tree is now short of a black node.
 *
 * With at most one child, @node's child (or nothing) takes its place.  With
 * two, @node's successor (the leftmost node of its right subtree, which
 * has no left child) is unlinked from its own place, where its right
 * child takes over, and then takes @node's place, children and colour.
 * Either way one place lost a node: when that node was red, or a red
 * child took its place and turns black, the black heights still hold.
 *
 * Return: the parent of the place that is now a black node short, for
 * __rb_erase_color(); NULL when nothing needs rebalancing.
 */
static __always_inline struct rb_node *
__rb_erase_augmented(struct rb_node *node, struct rb_root *root,
		     const struct rb_augment_callbacks *augment)
{
	struct rb_node *right = node->rb_right, *left = node->rb_left;
	struct rb_node *parent, *successor, *gap, *child, *rebalance = NULL;
	unsigned long pc;

	/*
	 * Each word is read where it is first needed, not up front: fewer
	 * values live at once, so rb_erase() keeps them all in registers.
	 */
	if (!left) {
		pc = node->__rb_parent_color;
		parent = __rb_parent(pc);
		__rb_change_child(node, right, parent, root);
		if (right) /* a lone child is red, @node black */
			right->__rb_parent_color = pc;
		else if (__rb_is_black(pc))
			rebalance = parent;
		augment->propagate(parent, NULL);
		return rebalance;
	}
	if (!right) {
		pc = node->__rb_parent_color;
		left->__rb_parent_color = pc;
		parent = __rb_parent(pc);
		__rb_change_child(node, left, parent, root);
		augment->propagate(parent, NULL);
		return NULL;
	}

	/* @gap: the parent of the successor's old place */
	successor = right;
	gap = right->rb_left;
	if (!gap) {
		gap = successor;
		child = successor->rb_right;
		augment->copy(node, successor);
	} else {
		do {
			successor = gap;
			gap = gap->rb_left;
		} while (gap);
		gap = rb_parent(successor);
		child = successor->rb_right;
		gap->rb_left = child;
		successor->rb_right = right;
		rb_set_parent(right, successor);
		augment->copy(node, successor);
		augment->propagate(gap, successor);
	}
	left = node->rb_left;
	successor->rb_left = left;
	rb_set_parent(left, successor);
	pc = node->__rb_parent_color;
	__rb_change_child(node, successor, __rb_parent(pc), root);
	if (child) /* red, below a black successor */
		rb_set_parent_color(child, gap, RB_BLACK);
	else if (rb_is_black(successor))
		rebalance = gap;
	successor->__rb_parent_color = pc;
	augment->propagate(successor, NULL);
	return rebalance;
}

/**
 * rb_erase_augmented() - rb_erase() for an augmented tree
 * @node: a node of @root
 * @root: the tree
 * @augment: the tree's callbacks
 */
static __always_inline void
rb_erase_augmented(struct rb_node *node, struct rb_root *root,
		   const struct rb_augment_callbacks *augment)
{
	struct rb_node *rebalance = __rb_erase_augmented(node, root, augment);

	if (rebalance)
		__rb_erase_color(rebalance, root, augment->rotate);
}

/**
 * rb_erase_augmented_cached() - rb_erase_augmented(), keeping the leftmost
 * @node: a node of @root
 * @root: the tree
 * @augment: the tree's callbacks
 */
static __always_inline void
rb_erase_augmented_cached(struct rb_node *node, struct rb_root_cached *root,
			  const struct rb_augment_callbacks *augment)
{
	if (root->rb_leftmost == node)
		root->rb_leftmost = rb_next(node);
	rb_erase_augmented(node, &root->rb_root, augment);
}

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_LIST_RBTREE_AUGMENTED_H */

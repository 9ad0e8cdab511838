// SPDX-License-Identifier: MIT
/*
 * list/rbtree.c - rebalancing after insert and erase, the in-order and
 * post-order walks, and the invariant checkers of red-black trees.
 *
 * Mirrors lib/rbtree.c of the modern kernel (2.5.33's lib/rbtree.c had
 * rb_insert_color() and rb_erase() only): the same functions with the same
 * semantics, written for kstruct from the red-black tree rules below and
 * the kernel's documentation, not from its code.  rb_check() and its two
 * variants are this project's, in the manner of list_check(); the kernel
 * keeps such checks in its test module (lib/rbtree_test.c).
 *
 * The rules every tree keeps between operations:
 *   1. every node is red or black, and the root is black;
 *   2. a red node has no red child;
 *   3. every path from a node down to a NULL child passes the same number
 *      of black nodes (its black height).
 * So the longest path is at most twice the shortest, and a tree of n nodes
 * is at most 2 log2(n + 1) deep.
 *
 * The checkers report through check_fail() (compat/check.h), as every
 * kstruct checker does; they are defined in parentheses because rbtree.h
 * makes their names caller-recording macros.
 */
#include "list/rbtree.h"
#include "list/rbtree_augmented.h"

/* ------------------------------------------------------------------ */
/* rotation                                                            */

/*
 * A rotation turns @top down to one side and brings up its child @up from
 * the other; the child's inner subtree (the one between them in order)
 * moves across to @top.  The order is unchanged; only @top's and @up's
 * subtrees change, which is what augment_rotate(top, up) is told.
 *
 *        top              up                 top             up
 *       /   \            /  \               /   \           /  \
 *      a     up   ->   top   c             up    c   ->    a   top
 *           /  \      /   \               /  \                /   \
 *       inner   c    a   inner           a   inner        inner    c
 *         (to the left)                     (to the right)
 *
 * The rebalancing below writes each rotation out where it happens, the
 * left and the right case separately: which child links move is then
 * known when the code is compiled, and each case touches only the links
 * and colours it must (the inner subtree's colour is often known too).
 * replace_top() does the part common to all of them: @up takes @top's
 * place, parent and colour, and @top hangs under @up with @top_color.
 */
static __always_inline void replace_top(struct rb_node *top, struct rb_node *up,
					struct rb_root *root, int top_color)
{
	unsigned long pc = top->__rb_parent_color;

	up->__rb_parent_color = pc;
	rb_set_parent_color(top, up, top_color);
	__rb_change_child(top, up, __rb_parent(pc), root);
}

/* ------------------------------------------------------------------ */
/* insert                                                              */

/*
 * A new node is linked as a red leaf: no black height changes, but its
 * parent may be red (rule 2).  Walking up from @node while it and its
 * parent are red:
 *   - the parent's sibling (the uncle) is red too: paint parent and
 *     uncle black and the grandparent red, which moves the problem two
 *     levels up;
 *   - the uncle is black (or NULL): one or two rotations bring the middle
 *     one of node, parent and grandparent to the top, painted black, with
 *     the other two as its red children; done.
 * When the walk reaches the root it paints it black (rule 1).
 *
 * A red node's parent word holds no colour bit to clear (RB_RED is 0),
 * and the subtree a rotation moves across hangs below a red node, so it
 * is black.
 */
static __always_inline void
insert_color(struct rb_node *node, struct rb_root *root,
	     void (*augment_rotate)(struct rb_node *, struct rb_node *))
{
	struct rb_node *parent = (struct rb_node *)node->__rb_parent_color;
	struct rb_node *gparent, *uncle, *inner;

	for (;;) {
		if (!parent) {
			rb_set_parent_color(node, NULL, RB_BLACK);
			return;
		}
		if (rb_is_black(parent))
			return;
		gparent = (struct rb_node *)parent->__rb_parent_color;
		uncle = gparent->rb_right;
		if (parent != uncle) {
			/* parent is the left child */
			if (uncle && rb_is_red(uncle)) {
				rb_set_parent_color(uncle, gparent, RB_BLACK);
				goto recolour;
			}
			if (node == parent->rb_right) {
				/* to the left at parent: node comes up */
				inner = node->rb_left;
				parent->rb_right = inner;
				node->rb_left = parent;
				if (inner)
					rb_set_parent_color(inner, parent,
							    RB_BLACK);
				rb_set_parent_color(parent, node, RB_RED);
				augment_rotate(parent, node);
				parent = node;
			}
			/* to the right at gparent: parent comes up, black */
			inner = parent->rb_right;
			gparent->rb_left = inner;
			parent->rb_right = gparent;
		} else {
			/* the mirror image: parent is the right child */
			uncle = gparent->rb_left;
			if (uncle && rb_is_red(uncle)) {
				rb_set_parent_color(uncle, gparent, RB_BLACK);
				goto recolour;
			}
			if (node == parent->rb_left) {
				inner = node->rb_right;
				parent->rb_left = inner;
				node->rb_right = parent;
				if (inner)
					rb_set_parent_color(inner, parent,
							    RB_BLACK);
				rb_set_parent_color(parent, node, RB_RED);
				augment_rotate(parent, node);
				parent = node;
			}
			inner = parent->rb_left;
			gparent->rb_right = inner;
			parent->rb_left = gparent;
		}
		if (inner)
			rb_set_parent_color(inner, gparent, RB_BLACK);
		replace_top(gparent, parent, root, RB_RED);
		augment_rotate(gparent, parent);
		return;

recolour:
		/* the uncle is black now; gparent turns red */
		rb_set_parent_color(parent, gparent, RB_BLACK);
		node = gparent;
		parent = rb_parent(node);
		node->__rb_parent_color = (unsigned long)parent;
	}
}

/* ------------------------------------------------------------------ */
/* erase                                                               */

/*
 * One side of @parent is a black node short: the subtree there (@node,
 * black or NULL) has a black height one less than its sibling's.  Walking
 * up:
 *   - a red sibling is rotated up over parent (painted black, parent red),
 *     which leaves node a black sibling: the red one's inner child;
 *   - a black sibling with two black children is painted red, evening the
 *     two sides; the shortfall moves up to parent, unless parent is red
 *     and can be painted black to pay it;
 *   - a black sibling with a red child: rotations bring a black node over
 *     node's side and keep the sibling's side as it was; done.
 *
 * The sibling exists (its side has a black height of at least one), so a
 * NULL @node is on the left exactly when the right child is not NULL.  A
 * red sibling's children exist and are black, for the same reason.
 */
static __always_inline void
erase_color(struct rb_node *parent, struct rb_root *root,
	    void (*augment_rotate)(struct rb_node *, struct rb_node *))
{
	struct rb_node *node = NULL, *sibling, *near, *far, *inner;

	for (;;) {
		sibling = parent->rb_right;
		if (node != sibling) {
			/* node is the left child: the sibling is right */
			if (rb_is_red(sibling)) {
				/* to the left at parent */
				inner = sibling->rb_left;
				parent->rb_right = inner;
				sibling->rb_left = parent;
				rb_set_parent_color(inner, parent, RB_BLACK);
				replace_top(parent, sibling, root, RB_RED);
				augment_rotate(parent, sibling);
				sibling = inner;
			}
			far = sibling->rb_right;
			if (!far || rb_is_black(far)) {
				near = sibling->rb_left;
				if (!near || rb_is_black(near))
					goto paint_sibling;
				/* to the right at sibling: near comes up */
				inner = near->rb_right;
				sibling->rb_left = inner;
				near->rb_right = sibling;
				parent->rb_right = near;
				if (inner)
					rb_set_parent_color(inner, sibling,
							    RB_BLACK);
				augment_rotate(sibling, near);
				far = sibling;
				sibling = near;
			}
			/* to the left at parent: sibling comes up */
			inner = sibling->rb_left;
			parent->rb_right = inner;
			sibling->rb_left = parent;
		} else {
			/* the mirror image: node is the right child */
			sibling = parent->rb_left;
			if (rb_is_red(sibling)) {
				inner = sibling->rb_right;
				parent->rb_left = inner;
				sibling->rb_right = parent;
				rb_set_parent_color(inner, parent, RB_BLACK);
				replace_top(parent, sibling, root, RB_RED);
				augment_rotate(parent, sibling);
				sibling = inner;
			}
			far = sibling->rb_left;
			if (!far || rb_is_black(far)) {
				near = sibling->rb_right;
				if (!near || rb_is_black(near))
					goto paint_sibling;
				inner = near->rb_left;
				sibling->rb_right = inner;
				near->rb_left = sibling;
				parent->rb_left = near;
				if (inner)
					rb_set_parent_color(inner, sibling,
							    RB_BLACK);
				augment_rotate(sibling, near);
				far = sibling;
				sibling = near;
			}
			inner = sibling->rb_right;
			parent->rb_left = inner;
			sibling->rb_right = parent;
		}
		/* sibling takes parent's colour; parent and far turn black */
		rb_set_parent_color(far, sibling, RB_BLACK);
		if (inner)
			rb_set_parent(inner, parent);
		replace_top(parent, sibling, root, RB_BLACK);
		augment_rotate(parent, sibling);
		return;

paint_sibling:
		/* both of the sibling's children are black: it turns red */
		rb_set_parent_color(sibling, parent, RB_RED);
		if (rb_is_red(parent)) {
			parent->__rb_parent_color |= RB_BLACK;
			return;
		}
		node = parent;
		parent = rb_parent(node);
		if (!parent)
			return;
	}
}

/* the callbacks of a tree with nothing to keep up to date */
static void dummy_propagate(struct rb_node *node, struct rb_node *stop)
{
	(void)node;
	(void)stop;
}

static void dummy_copy(struct rb_node *old, struct rb_node *new_node)
{
	(void)old;
	(void)new_node;
}

static void dummy_rotate(struct rb_node *old, struct rb_node *new_node)
{
	(void)old;
	(void)new_node;
}

static const struct rb_augment_callbacks dummy_callbacks = { dummy_propagate,
							     dummy_copy,
							     dummy_rotate };

void rb_insert_color(struct rb_node *node, struct rb_root *root)
{
	insert_color(node, root, dummy_rotate);
}

void rb_erase(struct rb_node *node, struct rb_root *root)
{
	struct rb_node *rebalance;

	rebalance = __rb_erase_augmented(node, root, &dummy_callbacks);
	if (rebalance)
		erase_color(rebalance, root, dummy_rotate);
}

void __rb_insert_augmented(struct rb_node *node, struct rb_root *root,
			   void (*augment_rotate)(struct rb_node *old,
						  struct rb_node *new_node))
{
	insert_color(node, root, augment_rotate);
}

void __rb_erase_color(struct rb_node *parent, struct rb_root *root,
		      void (*augment_rotate)(struct rb_node *old,
					     struct rb_node *new_node))
{
	erase_color(parent, root, augment_rotate);
}

void rb_replace_node(struct rb_node *victim, struct rb_node *replacement,
		     struct rb_root *root)
{
	struct rb_node *parent = rb_parent(victim);

	*replacement = *victim;
	if (victim->rb_left)
		rb_set_parent(victim->rb_left, replacement);
	if (victim->rb_right)
		rb_set_parent(victim->rb_right, replacement);
	__rb_change_child(victim, replacement, parent, root);
}

/* ------------------------------------------------------------------ */
/* walks                                                               */

struct rb_node *rb_first(const struct rb_root *root)
{
	struct rb_node *node = root->rb_node;

	if (node)
		while (node->rb_left)
			node = node->rb_left;
	return node;
}

struct rb_node *rb_last(const struct rb_root *root)
{
	struct rb_node *node = root->rb_node;

	if (node)
		while (node->rb_right)
			node = node->rb_right;
	return node;
}

/*
 * The next node is the leftmost of the right subtree when there is one;
 * otherwise the first ancestor reached from its left side.
 */
struct rb_node *rb_next(const struct rb_node *node)
{
	struct rb_node *parent, *next;

	if (RB_EMPTY_NODE(node))
		return NULL;
	next = node->rb_right;
	if (next) {
		while (next->rb_left)
			next = next->rb_left;
		return next;
	}
	while ((parent = rb_parent(node)) && node == parent->rb_right)
		node = parent;
	return parent;
}

struct rb_node *rb_prev(const struct rb_node *node)
{
	struct rb_node *parent, *prev;

	if (RB_EMPTY_NODE(node))
		return NULL;
	prev = node->rb_left;
	if (prev) {
		while (prev->rb_right)
			prev = prev->rb_right;
		return prev;
	}
	while ((parent = rb_parent(node)) && node == parent->rb_left)
		node = parent;
	return parent;
}

/* the first node of @node's subtree in post-order: down, left if possible */
static struct rb_node *deepest_leftmost(const struct rb_node *node)
{
	for (;;) {
		if (node->rb_left)
			node = node->rb_left;
		else if (node->rb_right)
			node = node->rb_right;
		else
			return (struct rb_node *)node;
	}
}

struct rb_node *rb_first_postorder(const struct rb_root *root)
{
	return root->rb_node ? deepest_leftmost(root->rb_node) : NULL;
}

/*
 * After a left child comes its parent's right subtree, when there is one;
 * after anything else, its parent.
 */
struct rb_node *rb_next_postorder(const struct rb_node *node)
{
	struct rb_node *parent;

	if (!node)
		return NULL;
	parent = rb_parent(node);
	if (parent && node == parent->rb_left && parent->rb_right)
		return deepest_leftmost(parent->rb_right);
	return parent;
}

/* ------------------------------------------------------------------ */
/* invariant checkers                                                  */

/*
 * No red-black tree that fits in memory is deeper than this: fewer than
 * 2^(bits of a pointer) nodes fit, and a tree of n nodes is at most
 * 2 log2(n + 1) deep.  A walk that goes deeper has met a loop or a chain.
 */
#define RB_CHECK_MAX_DEPTH (2 * 8 * sizeof(void *))

/* a node on the checker's path from the root */
struct check_frame {
	const struct rb_node *node;
	unsigned int blacks; /* black nodes from the root to it, inclusive */
	unsigned int stage; /* next: 0 left child, 1 right child, 2 leave */
};

/*
 * check_link() - @child, just read from @parent, is fit to descend into:
 * it points back at @parent, and is not red under a red parent.
 */
static bool check_link(const struct rb_node *parent,
		       const struct rb_node *child)
{
	if (rb_parent(child) != parent)
		return check_fail(
			"node %p: its child %p's parent should be %p, but was %p",
			(const void *)parent, (const void *)child,
			(const void *)parent, (const void *)rb_parent(child));
	if (rb_is_red(parent) && rb_is_red(child))
		return check_fail("red node %p has a red child %p",
				  (const void *)parent, (const void *)child);
	return true;
}

/*
 * check_tree() - the walk behind the three checkers: depth first with an
 * explicit stack (no recursion, so a corrupt tree cannot overflow the C
 * stack), descending into a child only once check_link() accepts it.
 * Those back links mean no path can meet a node twice; a node with the
 * same child on both sides is refused; so the walk visits each node once.
 * Sets *@first to the first node in order (NULL for an empty tree).
 */
static bool check_tree(const struct rb_root *root,
		       bool (*less)(const struct rb_node *,
				    const struct rb_node *),
		       bool (*augmented_ok)(const struct rb_node *),
		       const struct rb_node **first)
{
	struct check_frame stack[RB_CHECK_MAX_DEPTH];
	const struct rb_node *node = root->rb_node, *prev = NULL, *child;
	unsigned int depth = 0, height = 0; /* 0: no leaf reached yet */
	unsigned long index = 0;

	*first = NULL;
	if (!node)
		return true;
	if (rb_parent(node) || rb_is_red(node))
		return check_fail(
			"root %p should be black with no parent, but is %s with parent %p",
			(const void *)node, rb_is_red(node) ? "red" : "black",
			(const void *)rb_parent(node));
	stack[depth++] = (struct check_frame){ node, 1, 0 };
	while (depth) {
		struct check_frame *f = &stack[depth - 1];

		node = f->node;
		switch (f->stage++) {
		case 0:
			child = node->rb_left;
			if (child && child == node->rb_right)
				return check_fail(
					"node %p has %p as both children",
					(const void *)node,
					(const void *)child);
			break;
		case 1:
			if (!index)
				*first = node;
			else if (less && less(node, prev))
				return check_fail(
					"node %lu in order (%p) sorts before the one before it (%p)",
					index, (const void *)node,
					(const void *)prev);
			prev = node;
			index++;
			child = node->rb_right;
			break;
		default:
			if (augmented_ok && !augmented_ok(node))
				return check_fail(
					"node %p: augmented value wrong for its subtree",
					(const void *)node);
			depth--;
			continue;
		}
		if (!child) {
			if (!height) {
				height = f->blacks;
			} else if (f->blacks != height) {
				return check_fail(
					"a path down to a NULL child of %p passes %u black nodes, an earlier path %u",
					(const void *)node, f->blacks, height);
			}
			continue;
		}
		if (!check_link(node, child))
			return false;
		if (depth == RB_CHECK_MAX_DEPTH)
			return check_fail(
				"deeper than %u levels at %p: a loop, or not a red-black tree",
				(unsigned int)RB_CHECK_MAX_DEPTH,
				(const void *)child);
		stack[depth++] = (struct check_frame){
			child, f->blacks + (rb_is_black(child) ? 1 : 0), 0
		};
	}
	return true;
}

bool (rb_check)(const struct rb_root *root,
	       bool (*less)(const struct rb_node *, const struct rb_node *))
{
	const struct rb_node *first;

	if (!root)
		return check_fail("no tree (NULL)");
	return check_tree(root, less, NULL, &first);
}

bool (rb_check_cached)(const struct rb_root_cached *root,
		      bool (*less)(const struct rb_node *,
				   const struct rb_node *))
{
	const struct rb_node *first;

	if (!root)
		return check_fail("no tree (NULL)");
	if (!check_tree(&root->rb_root, less, NULL, &first))
		return false;
	if (root->rb_leftmost != first)
		return check_fail("rb_leftmost is %p, but the first node is %p",
				  (const void *)root->rb_leftmost,
				  (const void *)first);
	return true;
}

bool (rb_check_augmented)(const struct rb_root *root,
			 bool (*less)(const struct rb_node *,
				      const struct rb_node *),
			 bool (*augmented_ok)(const struct rb_node *node))
{
	const struct rb_node *first;

	if (!root)
		return check_fail("no tree (NULL)");
	return check_tree(root, less, augmented_ok, &first);
}

// SPDX-License-Identifier: MIT
/*
 * tools/registry.c - the list of what subsystems register with the
 * kstruct command line (tools/kstruct.h): commands, tour sections,
 * benchmark subjects and drawings, kept sorted by kind, order and name so
 * every listing comes out the same.  Tests that exercise tool code
 * include this file rather than carry a copy of it.
 */
#include <string.h>

#include "tools/kstruct.h"

static struct kstruct_entry *registry;

void kstruct_register(struct kstruct_entry *entry)
{
	struct kstruct_entry **p = &registry;

	while (*p && ((*p)->kind < entry->kind ||
		      ((*p)->kind == entry->kind &&
		       ((*p)->order < entry->order ||
			((*p)->order == entry->order &&
			 strcmp((*p)->name, entry->name) < 0)))))
		p = &(*p)->next;
	entry->next = *p;
	*p = entry;
}

struct kstruct_entry *kstruct_entries(enum kstruct_kind kind)
{
	struct kstruct_entry *e;

	for (e = registry; e; e = e->next)
		if (e->kind == kind)
			return e;
	return NULL;
}

struct kstruct_entry *kstruct_find(enum kstruct_kind kind, const char *name)
{
	struct kstruct_entry *e;

	for (e = kstruct_entries(kind); e && e->kind == kind; e = e->next)
		if (!strcmp(e->name, name))
			return e;
	return NULL;
}

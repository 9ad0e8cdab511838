// SPDX-License-Identifier: MIT
/*
 * tools/exercise_sctp.c - the exercises of docs/sctp.md.
 *
 * Mirrors no kernel function: each takes the tour's scene
 * (tools/sctp_scene.h), changes it with sctp/ as its instance says, and
 * answers with the paths or lookups that follow.  The code between "exercise NAME setup
 * {" and "}" is what the page shows (tests/tools/test_exercise.c holds
 * them equal).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "compat/slab.h"
#include "list/rculist.h"
#include "sctp/structs.h"
#include "tools/exercise.h"
#include "tools/kstruct.h"
#include "tools/sctp_scene.h"

/* each transport of @asoc, in list order, and the paths that are it */
static void print_paths(FILE *out, const struct sctp_association *asoc)
{
	const struct sctp_transport *t;
	char addr[64];

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports)
		fprintf(out, "%-17s %s%s%s%s\n",
			sctp_scene_addr(&t->ipaddr, addr, sizeof(addr)),
			t->state == SCTP_ACTIVE ? "ACTIVE" : "INACTIVE",
			t == asoc->peer.primary_path ? " primary" : "",
			t == asoc->peer.active_path ? " active" : "",
			t == asoc->peer.retran_path ? " retran" : "");
}

/* "t1", "t2" or "t3": @t's place in @t3s, or "none" */
static const char *tname(struct sctp_transport *const *ts,
			 const struct sctp_transport *t)
{
	static const char *const names[3] = { "t1", "t2", "t3" };
	int i;

	for (i = 0; i < 3; i++)
		if (ts[i] == t)
			return names[i];
	return "none";
}

/* the three transports of @asoc in list order */
static void transports(struct sctp_association *asoc,
		       struct sctp_transport **ts)
{
	ts[0] = list_first_entry(&asoc->peer.transport_addr_list,
				 struct sctp_transport, transports);
	ts[1] = list_next_entry(ts[0], transports);
	ts[2] = list_next_entry(ts[1], transports);
}

/* the addresses t1, t2 and t3 stand for, for the question */
static void print_names(FILE *out, struct sctp_transport **ts)
{
	char addr[64];
	int i;

	for (i = 0; i < 3; i++)
		fprintf(out, "\tt%d  %s%s\n", i + 1,
			sctp_scene_addr(&ts[i]->ipaddr, addr, sizeof(addr)),
			i ? "" : "  (the primary path)");
}

/* send one DATA chunk on @t (made the active path for the flush) */
static int send_on(struct sctp_association *asoc, struct sctp_transport *t)
{
	struct sctp_transport *saved = asoc->peer.active_path;
	struct sctp_chunk *chunk =
		sctp_chunk_new(SCTP_CID_DATA, 100, GFP_KERNEL);
	int sent;

	if (!chunk)
		return -ENOMEM;
	spin_lock(&asoc->base.lock);
	sctp_outq_tail(&asoc->outqueue, chunk);
	asoc->peer.active_path = t;
	sent = sctp_outq_flush(&asoc->outqueue);
	asoc->peer.active_path = saved;
	spin_unlock(&asoc->base.lock);
	return sent == 1 ? 0 : -EIO;
}

/*
 * Build the tour's scene, run @fn on its second association (three
 * transports, peer port 6000), check it and free everything.
 */
static int in_scene(FILE *out,
		    int (*fn)(FILE *out, struct sctp_association *asoc))
{
	struct sctp_scene s;
	int err;

	rcu_register_thread();
	err = sctp_scene_build(&s);
	if (err)
		goto out;
	err = fn(out, s.asoc[1]);
	if (!err && !sctp_assoc_check(s.asoc[1]))
		err = -EIO;
	sctp_scene_free(&s);
out:
	rcu_unregister_thread();
	return err;
}

static struct exercise *sctp_ex; /* the instance in_scene() runs */

static int sctp_paths(FILE *out, struct sctp_association *asoc)
{
	struct exercise *ex = sctp_ex;
	static const int orders[6][3] = {
		{ 300, 100, 200 }, { 300, 200, 100 }, { 100, 300, 200 },
		{ 200, 300, 100 }, { 100, 200, 300 }, { 200, 100, 300 },
	};
	const int *heard = orders[exercise_pick(ex, 0, 0, 5)];
	int down = (int)exercise_pick(ex, 1, 0, 2), i;
	struct sctp_transport *ts[3];
	/* exercise sctp-paths setup { */
	struct sctp_transport *t1, *t2, *t3; /* in list order */

	t1 = list_first_entry(&asoc->peer.transport_addr_list,
			      struct sctp_transport, transports);
	t2 = list_next_entry(t1, transports);
	t3 = list_next_entry(t2, transports);
	t1->last_time_heard = heard[0]; /* the page: 300, heard last */
	t2->last_time_heard = heard[1]; /* 100 */
	t3->last_time_heard = heard[2]; /* 200 */
	spin_lock(&asoc->base.lock);
	sctp_assoc_control_transport(asoc,
				     down == 0 ? t1 :
				     down == 1 ? t2 :
						 t3,
				     SCTP_TRANSPORT_DOWN); /* the page: t2 */
	spin_unlock(&asoc->base.lock);
	/* } */
	transports(asoc, ts);
	fprintf(ex->question,
		"The second association of 'kstruct tour sctp' has three "
		"transports, all\nactive, in list order:\n\n");
	print_names(ex->question, ts);
	fprintf(ex->question, "\nThey were last heard at");
	for (i = 0; i < 3; i++)
		fprintf(ex->question, "%s t%d %d", i ? "," : "", i + 1,
			heard[i]);
	fprintf(ex->question,
		"; then t%d goes down\n(sctp_assoc_control_transport(..., "
		"SCTP_TRANSPORT_DOWN)).  Which transports\nare the active "
		"path and the retransmit path now?\n",
		down + 1);
	exercise_answer(ex, "active: %s; retran: %s",
			tname(ts, asoc->peer.active_path),
			tname(ts, asoc->peer.retran_path));
	/* the likely slip: the two the other way round */
	exercise_wrong(ex, "active: %s; retran: %s",
		       tname(ts, asoc->peer.retran_path),
		       tname(ts, asoc->peer.active_path));
	if (asoc->peer.active_path == asoc->peer.retran_path)
		snprintf(ex->wrong, sizeof(ex->wrong), "active: %s; retran: %s",
			 tname(ts, asoc->peer.active_path),
			 tname(ts, asoc->peer.active_path == ts[0] ? ts[1] :
								     ts[0]));
	print_paths(out, asoc);
	ex->form = "active: tN; retran: tN";
	ex->pattern = "^active:t[123];retran:t[123]$";
	ex->hint = "the active path is the primary while it is up, else the "
		   "active transport\n  heard last; and the retransmit path, "
		   "in 2.5.33?";
	return 0;
}

static int exercise_sctp_paths(struct exercise *ex)
{
	sctp_ex = ex;
	return in_scene(ex->why, sctp_paths);
}

static int sctp_tsn(FILE *out, struct sctp_association *asoc)
{
	struct exercise *ex = sctp_ex;
	static const int orders[6][3] = {
		{ 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
		{ 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 },
	};
	const int *on = orders[exercise_pick(ex, 0, 0, 5)];
	int active = (int)exercise_pick(ex, 1, 0, 2), i;
	struct sctp_transport *ts[3];
	uint32_t tsn;
	/* exercise sctp-tsn setup { */
	int err;

	transports(asoc, ts); /* t1, t2, t3 in list order */
	err = send_on(asoc, ts[on[0]]); /* one DATA chunk on each */
	if (!err) /* the page: t1, t2, t3 in that order */
		err = send_on(asoc, ts[on[1]]);
	if (!err)
		err = send_on(asoc, ts[on[2]]);
	asoc->peer.active_path = ts[active]; /* the page: t2 */
	/* } */
	if (err)
		return err;
	fprintf(ex->question,
		"The second association of 'kstruct tour sctp' has three "
		"transports, in\nlist order:\n\n");
	print_names(ex->question, ts);
	fprintf(ex->question,
		"\nOne DATA chunk is sent on each, t%d first, then t%d, then "
		"t%d (TSNs\n%u, %u, %u); then the active path becomes t%d.  "
		"On which transport does\nsctp_assoc_lookup_tsn() find each "
		"TSN, in that order (none: NULL)?\n",
		on[0] + 1, on[1] + 1, on[2] + 1, asoc->next_tsn - 3,
		asoc->next_tsn - 2, asoc->next_tsn - 1, active + 1);
	exercise_answer(ex, "found on:");
	for (i = 0, tsn = asoc->next_tsn - 3; i < 3; i++, tsn++) {
		struct sctp_transport *t;

		spin_lock(&asoc->base.lock);
		t = sctp_assoc_lookup_tsn(asoc, tsn);
		spin_unlock(&asoc->base.lock);
		fprintf(out, "TSN %u, sent on t%d: found on %s\n", tsn,
			on[i] + 1, t ? tname(ts, t) : "nothing (NULL)");
		exercise_answer(ex, " %s", tname(ts, t));
	}
	/* the likely slip: where each was sent */
	exercise_wrong(ex, "found on: t%d t%d t%d", on[0] + 1, on[1] + 1,
		       on[2] + 1);
	if (!strcmp(ex->wrong, ex->answer))
		snprintf(ex->wrong, sizeof(ex->wrong),
			 "found on: none none none");
	ex->form = "found on: tN tN tN (none for NULL), one per TSN in order";
	ex->pattern = "^found on:(t[123]|none)( (t[123]|none)){2}$";
	ex->hint = "which transports' queues does the lookup search, and in "
		   "which order?";
	return 0;
}

static int exercise_sctp_tsn(struct exercise *ex)
{
	sctp_ex = ex;
	return in_scene(ex->why, sctp_tsn);
}

KSTRUCT_EXERCISE("sctp-paths", 50,
		 "docs/sctp.md: active and retran paths "
		 "after a path fails",
		 exercise_sctp_paths)
KSTRUCT_EXERCISE("sctp-tsn", 51,
		 "docs/sctp.md: on which transport "
		 "sctp_assoc_lookup_tsn() finds a TSN",
		 exercise_sctp_tsn)

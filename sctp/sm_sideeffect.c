// SPDX-License-Identifier: MIT
/*
 * sctp/sm_sideeffect.c - the two state-machine side effects that walk the
 * association's lists.
 *
 * Mirrors net/sctp/sm_sideeffect.c of Linux 2.5.33:
 * sctp_cmd_hb_timers_start() and sctp_cmd_set_bind_addrs() (and, for
 * symmetry, a later kernel's sctp_cmd_hb_timers_stop()).
 *
 * Deliberate differences from 2.5.33 (docs/fidelity.md):
 * - A heartbeat timer is a deadline (hb_deadline, in jiffies) and a flag
 *   (hb_pending); an armed timer holds one reference on its transport,
 *   taken only when the timer was not already armed, as mod_timer()'s
 *   return value decided in 2.5.33.  The deadline is jiffies + rto +
 *   SCTP_HB_INTERVAL, as 2.5.33's (hb_interval from the socket, 30 s by
 *   default; no random jitter, which later kernels add); there is no
 *   socket option to change the interval.
 * - sctp_cmd_set_bind_addrs() publishes each moved entry to RCU readers
 *   of the association's list with list_add_tail_rcu().
 * - The functions take no command sequence (there is no state machine).
 */
#include "compat/jiffies.h"
#include "list/rculist.h"
#include "sctp/structs.h"

/* the heartbeat interval of RFC 9260 (30 s), in jiffies */
#define SCTP_HB_INTERVAL (30ul * HZ)

/**
 * sctp_cmd_hb_timers_start() - arm every transport's heartbeat timer
 * @asoc: the association
 *
 * Each transport's deadline becomes jiffies + rto + the heartbeat
 * interval; a timer that was not armed takes a reference.
 *
 * Context: the caller holds @asoc->base.lock.
 */
void sctp_cmd_hb_timers_start(struct sctp_association *asoc)
{
	struct sctp_transport *t;

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports) {
		t->hb_deadline = jiffies + t->rto + SCTP_HB_INTERVAL;
		if (!t->hb_pending) {
			t->hb_pending = true;
			sctp_transport_hold(t);
		}
	}
}

/**
 * sctp_cmd_hb_timers_stop() - disarm every transport's heartbeat timer
 * @asoc: the association
 *
 * Each armed timer drops its reference.
 *
 * Context: the caller holds @asoc->base.lock.
 */
void sctp_cmd_hb_timers_stop(struct sctp_association *asoc)
{
	struct sctp_transport *t;

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports) {
		if (t->hb_pending) {
			t->hb_pending = false;
			sctp_transport_put(t);
		}
	}
}

/**
 * sctp_cmd_set_bind_addrs() - give an association a list of addresses
 * @asoc: the association
 * @bp: a private list (e.g. from sctp_raw_to_bind_addrs()); its entries
 *	move, in order, to the end of @asoc's bind address list, and @bp is
 *	freed if it was allocated (left empty otherwise)
 *
 * Context: the caller holds the socket lock (writers of @asoc's bind
 * list); no reader can see @bp.
 */
void sctp_cmd_set_bind_addrs(struct sctp_association *asoc,
			     struct sctp_bind_addr *bp)
{
	struct sctp_sockaddr_entry *entry, *temp;

	list_for_each_entry_safe(entry, temp, &bp->address_list, list) {
		list_del_init(&entry->list);
		list_add_tail_rcu(&entry->list,
				  &asoc->base.bind_addr.address_list);
	}
	sctp_bind_addr_free(bp);
}

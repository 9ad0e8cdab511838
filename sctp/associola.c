// SPDX-License-Identifier: MIT
/*
 * sctp/associola.c - an association and its list of peer transports.
 *
 * Mirrors net/sctp/associola.c of Linux 2.5.33: sctp_association_new(),
 * sctp_association_free(), sctp_association_hold()/_put(),
 * sctp_assoc_add_peer(), sctp_assoc_lookup_paddr(),
 * sctp_assoc_control_transport(), sctp_assoc_lookup_tsn(),
 * sctp_assoc_choose_shutdown_transport(), sctp_assoc_update(); and the
 * transport lifetime of net/sctp/transport.c (sctp_transport_new(),
 * sctp_transport_hold()/_put()).  sctp_assoc_set_primary() (2.5.66) and
 * sctp_assoc_rm_peer() are later kernels' functions.
 *
 * Walk-order quirks of 2.5.33 kept on purpose (docs/sctp.md):
 * - sctp_assoc_control_transport() has no "else" between promoting a
 *   transport to first choice and considering it for second choice, so
 *   the active and retransmit paths often end up the same transport.
 * - sctp_assoc_lookup_tsn() searches the active path first, then walks
 *   the transport list only up to the active path (its second loop stops
 *   there instead of skipping it): transports after the active path are
 *   never searched.
 * - sctp_assoc_add_peer() makes a new transport the retransmit path
 *   whenever the active and retransmit paths coincide.
 *
 * Deliberate differences from 2.5.33 (docs/fidelity.md):
 * - The transport list is an RCU list (as in later kernels):
 *   sctp_assoc_lookup_paddr() reads it under rcu_read_lock(); add_peer
 *   publishes with list_add_tail_rcu(); sctp_assoc_rm_peer() unlinks with
 *   list_del_rcu() and frees the transport with call_rcu() when its last
 *   reference goes.
 * - sctp_association_new() takes no struct sock; the initial TSN is 1 and
 *   the verification tag 1 (deterministic; 2.5.33 drew random ones).
 * - sctp_association_free() returns -EBUSY, changing nothing, when one of
 *   its transports is still referenced by someone other than the
 *   association and its own heartbeat timer (a path still somebody's
 *   target); 2.5.33 unlinked and released every transport regardless,
 *   leaving a held one dead behind its holder's back.  It tears the
 *   outqueue down before freeing the transports, because the teardown
 *   walks them.
 * - Path selection compares last_time_heard with time_after() (2.5.33:
 *   a plain ">", wrong across a jiffies wrap, as its comment admits).
 * - There is no upper layer: sctp_assoc_control_transport() queues no
 *   SCTP_PEER_ADDR_CHANGE notification, and sctp_assoc_update() has no
 *   stream sequence numbers or tsnmap to reset (the receive side counts
 *   from peer.i.initial_tsn, which it copies).
 * - A transport's path MTU is always SCTP_DEFAULT_MAXSEGMENT (there are
 *   no routes), so its first cwnd is 3000 bytes.
 */
#include <errno.h>
#include <string.h>

#include "compat/jiffies.h"
#include "compat/slab.h"
#include "list/rculist.h"
#include "sctp/structs.h"

/*
 * 2.5.33's path MTU when no route answers (sctp_v4_get_dst_mtu()): there
 * are no routes here.  A new transport's cwnd is twice the path MTU.
 */
#define SCTP_DEFAULT_MAXSEGMENT 1500u
#define SCTP_RTO_INITIAL_MS 3000u

/**
 * sctp_transport_new() - allocate a transport to a peer address
 * @addr: the peer address (copied)
 * @gfp: allocation flags
 *
 * The transport starts active, with one reference (its creator's).
 *
 * Return: the transport, or NULL when out of memory.
 */
struct sctp_transport *sctp_transport_new(const union sctp_addr *addr,
					  unsigned int gfp)
{
	struct sctp_transport *transport = kzalloc(sizeof(*transport), gfp);

	if (!transport)
		return NULL;
	INIT_LIST_HEAD(&transport->transports);
	INIT_LIST_HEAD(&transport->transmitted);
	transport->ipaddr = *addr;
	atomic_set(&transport->refcnt, 1);
	transport->state = SCTP_ACTIVE;
	transport->last_time_heard = jiffies;
	transport->cwnd = 2 * SCTP_DEFAULT_MAXSEGMENT;
	transport->ssthresh = SCTP_DEFAULT_MAXWINDOW;
	transport->rto = msecs_to_jiffies(SCTP_RTO_INITIAL_MS);
	return transport;
}

/* Free a transport no RCU reader can reach any more. */
static void sctp_transport_destroy(struct sctp_transport *transport)
{
	BUG_ON(!list_empty(&transport->transmitted));
	kfree(transport);
}

static void sctp_transport_destroy_rcu(struct rcu_head *head)
{
	struct sctp_transport *transport;

	kstruct_rcu_callback_begin();
	transport = container_of(head, struct sctp_transport, rcu);
	sctp_transport_destroy(transport);
}

/**
 * sctp_transport_hold() - take a reference on a transport
 * @transport: the transport
 */
void sctp_transport_hold(struct sctp_transport *transport)
{
	atomic_inc(&transport->refcnt);
}

/**
 * sctp_transport_put() - drop a reference on a transport
 * @transport: the transport
 *
 * The last reference frees it after an RCU grace period (readers may
 * still be standing on it).
 *
 * Context: a registered RCU thread when this may be the last reference.
 */
void sctp_transport_put(struct sctp_transport *transport)
{
	if (atomic_dec_and_test(&transport->refcnt)) {
		BUG_ON(!transport->dead);
		kstruct_call_rcu(&transport->rcu, sctp_transport_destroy_rcu);
	}
}

/**
 * sctp_association_new() - allocate an association
 * @ep: the endpoint it will belong to (a reference is taken), or NULL
 * @scope: the scope of the peer address it is made for
 * @gfp: allocation flags
 *
 * The association has an empty bind address list with @ep's port, no
 * transports, an empty outqueue, state CLOSED, next_tsn 1.  It is not
 * yet on @ep's list: see sctp_endpoint_add_asoc().
 *
 * Return: the association, or NULL when out of memory.
 */
struct sctp_association *sctp_association_new(struct sctp_endpoint *ep,
					      enum sctp_scope scope,
					      unsigned int gfp)
{
	struct sctp_association *asoc = kzalloc(sizeof(*asoc), gfp);

	if (!asoc)
		return NULL;
	sctp_bind_addr_init(&asoc->base.bind_addr,
			    ep ? ep->base.bind_addr.port : 0);
	atomic_set(&asoc->base.refcnt, 1);
	spin_lock_init(&asoc->base.lock);
	INIT_LIST_HEAD(&asoc->asocs);
	asoc->ep = ep;
	if (ep)
		sctp_endpoint_hold(ep);
	asoc->scope = scope;
	asoc->state = SCTP_STATE_CLOSED;
	INIT_LIST_HEAD(&asoc->peer.transport_addr_list);
	asoc->peer.rwnd = SCTP_DEFAULT_MAXWINDOW;
	asoc->peer.ipv4_address = true;
	asoc->peer.ipv6_address = true;
	asoc->c.my_vtag = 1;
	asoc->next_tsn = 1;
	asoc->ctsn_ack_point = asoc->next_tsn - 1;
	sctp_outqueue_init(asoc, &asoc->outqueue);
	return asoc;
}

/**
 * sctp_association_hold() - take a reference on an association
 * @asoc: the association
 */
void sctp_association_hold(struct sctp_association *asoc)
{
	atomic_inc(&asoc->base.refcnt);
}

/**
 * sctp_association_put() - drop a reference on an association
 * @asoc: the association; the last reference frees the structure (its
 *	lists were emptied by sctp_association_free())
 */
void sctp_association_put(struct sctp_association *asoc)
{
	if (atomic_dec_and_test(&asoc->base.refcnt)) {
		BUG_ON(!asoc->base.dead);
		kfree(asoc);
	}
}

/* references on @t other than the association's and its heartbeat's */
static int sctp_transport_foreign_refs(const struct sctp_transport *t)
{
	return atomic_read(&t->refcnt) - 1 - (t->hb_pending ? 1 : 0);
}

/**
 * sctp_association_free() - take an association apart
 * @asoc: the association
 *
 * Unlinks it from its endpoint, tears down its outqueue (which walks the
 * transports, so first), frees its bind address list and every
 * transport (stopping their heartbeat timers), drops its endpoint
 * reference and its creator's reference on itself.
 *
 * Context: no RCU reader may still walk @asoc's lists; the caller holds
 * the socket lock when @asoc is on an endpoint.
 * Return: 0; -EBUSY, with nothing changed, when a transport is still
 * referenced by someone else (sctp_transport_hold() without a put).
 */
int sctp_association_free(struct sctp_association *asoc)
{
	struct sctp_transport *transport, *temp;
	struct sctp_endpoint *ep = asoc->ep;

	list_for_each_entry(transport, &asoc->peer.transport_addr_list,
			    transports) {
		if (sctp_transport_foreign_refs(transport) > 0)
			return -EBUSY;
	}

	if (!list_empty(&asoc->asocs))
		list_del_init(&asoc->asocs);
	asoc->base.dead = 1;

	sctp_outqueue_teardown(&asoc->outqueue);
	sctp_bind_addr_free(&asoc->base.bind_addr);

	list_for_each_entry_safe(transport, temp,
				 &asoc->peer.transport_addr_list, transports) {
		list_del(&transport->transports);
		transport->dead = 1;
		transport->hb_pending = false;
		sctp_transport_destroy(transport);
	}
	asoc->peer.transport_count = 0;
	asoc->peer.primary_path = NULL;
	asoc->peer.active_path = NULL;
	asoc->peer.retran_path = NULL;
	asoc->shutdown_last_sent_to = NULL;

	asoc->ep = NULL;
	if (ep)
		sctp_endpoint_put(ep);
	sctp_association_put(asoc);
	return 0;
}

/**
 * sctp_assoc_set_primary() - make @transport the primary path
 * @asoc: the association
 * @transport: one of its transports
 *
 * The primary also becomes the active path when it is active.  2.5.33
 * had no such function (sctp_assoc_add_peer() set the first peer
 * primary); this is the one 2.5.66 added for SCTP_SET_PEER_PRIMARY_ADDR,
 * with an error for a transport of another association.
 *
 * Return: 0, or -EINVAL when @transport is not @asoc's.
 */
int sctp_assoc_set_primary(struct sctp_association *asoc,
			   struct sctp_transport *transport)
{
	if (!transport || transport->asoc != asoc || transport->dead)
		return -EINVAL;
	asoc->peer.primary_path = transport;
	if (transport->state == SCTP_ACTIVE)
		asoc->peer.active_path = transport;
	return 0;
}

/**
 * sctp_assoc_add_peer() - add a transport to a peer address
 * @asoc: the association
 * @addr: the peer address, AF_INET or AF_INET6, port in network order
 * @gfp: allocation flags
 *
 * The first peer fixes the association's peer port; later ones must use
 * the same port.  A duplicate returns the transport already there.  The
 * first transport becomes primary, active and retransmit path; a new
 * transport becomes the retransmit path when active and retransmit
 * coincide (so the second one does, and later ones normally change no
 * path).  The transport is appended to the list, fully built, for RCU
 * readers.
 *
 * Context: the caller holds @asoc->base.lock (writers of the transport
 * list serialise on it).
 * Return: the transport, or NULL for another family, a different port,
 * or no memory; on NULL nothing changed.
 */
struct sctp_transport *sctp_assoc_add_peer(struct sctp_association *asoc,
					   const union sctp_addr *addr,
					   unsigned int gfp)
{
	struct sctp_transport *peer;
	uint16_t port;

	if (addr->sa.sa_family != AF_INET && addr->sa.sa_family != AF_INET6)
		return NULL;
	port = sctp_addr_port(addr);
	if (asoc->peer.transport_count && asoc->peer.port != port)
		return NULL;

	peer = sctp_assoc_lookup_paddr(asoc, addr);
	if (peer)
		return peer;

	peer = sctp_transport_new(addr, gfp);
	if (!peer)
		return NULL;
	peer->asoc = asoc;

	asoc->peer.port = port;
	if (!asoc->peer.primary_path) {
		asoc->peer.primary_path = peer;
		asoc->peer.active_path = peer;
		asoc->peer.retran_path = peer;
	}
	if (asoc->peer.active_path == asoc->peer.retran_path)
		asoc->peer.retran_path = peer;

	list_add_tail_rcu(&peer->transports, &asoc->peer.transport_addr_list);
	asoc->peer.transport_count++;
	return peer;
}

/* the first transport other than @skip, or NULL */
static struct sctp_transport *
sctp_assoc_other_transport(struct sctp_association *asoc,
			   struct sctp_transport *skip)
{
	struct sctp_transport *t;

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports) {
		if (t != skip)
			return t;
	}
	return NULL;
}

/**
 * sctp_assoc_rm_peer() - remove a transport from an association
 * @asoc: the association
 * @peer: one of its transports
 *
 * Paths that pointed at @peer move to the first other transport (none:
 * NULL); chunks in flight on @peer move to the retransmit queue; its
 * heartbeat timer is stopped; it is unlinked for RCU readers and freed
 * after a grace period once its last reference goes.  From later kernels
 * (2.5.33 never removed a peer).
 *
 * Context: the caller holds @asoc->base.lock and is a registered RCU
 * thread.
 * Return: 0, or -EINVAL when @peer is not on @asoc's list.
 */
int sctp_assoc_rm_peer(struct sctp_association *asoc,
		       struct sctp_transport *peer)
{
	struct sctp_transport *t, *other;
	struct sctp_chunk *chunk, *temp;
	bool found = false;

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports) {
		if (t == peer) {
			found = true;
			break;
		}
	}
	if (!found)
		return -EINVAL;

	other = sctp_assoc_other_transport(asoc, peer);
	if (asoc->peer.primary_path == peer)
		asoc->peer.primary_path = other;
	if (asoc->peer.active_path == peer)
		asoc->peer.active_path = other;
	if (asoc->peer.retran_path == peer)
		asoc->peer.retran_path = other;
	if (asoc->shutdown_last_sent_to == peer)
		asoc->shutdown_last_sent_to = NULL;

	list_for_each_entry_safe(chunk, temp, &peer->transmitted, list) {
		if (!chunk->tsn_gap_acked)
			asoc->outqueue.outstanding_bytes -= chunk->data_len;
		chunk->transport = NULL;
		list_move_tail(&chunk->list, &asoc->outqueue.retransmit);
	}
	peer->flight_size = 0;

	list_del_rcu(&peer->transports);
	asoc->peer.transport_count--;
	peer->dead = 1;
	if (peer->hb_pending) {
		peer->hb_pending = false;
		sctp_transport_put(peer);
	}
	sctp_transport_put(peer);
	return 0;
}

/**
 * sctp_assoc_lookup_paddr() - the transport to a peer address
 * @asoc: the association
 * @address: the address, compared exactly (family, port, address)
 *
 * Context: walks the list under rcu_read_lock(); the result stays valid
 * while the caller holds @asoc->base.lock or an enclosing RCU read-side
 * critical section, or a reference it took.
 * Return: the first matching transport, or NULL.
 */
struct sctp_transport *
sctp_assoc_lookup_paddr(const struct sctp_association *asoc,
			const union sctp_addr *address)
{
	struct sctp_transport *t, *found = NULL;

	kstruct_rcu_read_lock();
	list_for_each_entry_rcu(t, &asoc->peer.transport_addr_list,
				transports) {
		if (sctp_cmp_addr_exact(&t->ipaddr, address)) {
			found = t;
			break;
		}
	}
	kstruct_rcu_read_unlock();
	return found;
}

/**
 * sctp_assoc_control_transport() - a path went up or down
 * @asoc: the association
 * @transport: the path
 * @command: SCTP_TRANSPORT_UP or SCTP_TRANSPORT_DOWN
 *
 * Sets the path's state, then picks the active and retransmit paths again
 * among the active transports by most recent last_time_heard, the
 * primary path winning first place whenever it is active.  With no
 * active transport both become the primary path.  The 2.5.33 selection
 * is kept: a transport that takes first place is then also compared for
 * second place, so with one active transport (or a newest one seen
 * first) both paths are the same.
 *
 * Context: the caller holds @asoc->base.lock.
 */
void sctp_assoc_control_transport(struct sctp_association *asoc,
				  struct sctp_transport *transport,
				  enum sctp_transport_cmd command)
{
	struct sctp_transport *t, *first = NULL, *second = NULL;
	struct sctp_transport *primary = asoc->peer.primary_path;

	transport->state = command == SCTP_TRANSPORT_UP ? SCTP_ACTIVE :
							  SCTP_INACTIVE;

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports) {
		if (t->state != SCTP_ACTIVE)
			continue;
		/* the newest so far pushes the old first down to second */
		if (!first ||
		    time_after(t->last_time_heard, first->last_time_heard)) {
			second = first;
			first = t;
		}
		/* no "else": t may be taken as second as well (2.5.33) */
		if (!second ||
		    time_after(t->last_time_heard, second->last_time_heard))
			second = t;
	}

	if (primary && primary->state == SCTP_ACTIVE && first != primary) {
		second = first;
		first = primary;
	}
	if (!first) {
		first = primary;
		second = primary;
	}
	asoc->peer.active_path = first;
	asoc->peer.retran_path = second;
}

/**
 * sctp_assoc_update() - take in the state of a restarted peer
 * @asoc: the existing association
 * @new: the association built from the restarted peer's cookie
 *
 * Copies what 2.5.33's sctp_assoc_update() copied: the verification tags
 * (@asoc->c), the peer's INIT fields (peer.i, which also restarts the
 * TSNs expected from the peer: sctp_make_sack() counts from
 * peer.i.initial_tsn, as the re-initialised tsnmap did) and its window.
 * In ESTABLISHED (restart, RFC 9260 5.2.4 case A) @asoc also takes
 * @new's next_tsn and ack point; in any other state it keeps next_tsn
 * and moves the ack point to next_tsn - 1.  The transports, their
 * ssthresh, the families the peer takes and its ECN flag are left as
 * they were (2.5.33 copied none of them).  The caller purges the
 * outqueue first (SCTP_CMD_PURGE_OUTQUEUE), so no chunk in flight is
 * left below the new ack point.
 *
 * Context: the caller holds @asoc->base.lock.
 */
void sctp_assoc_update(struct sctp_association *asoc,
		       const struct sctp_association *new)
{
	asoc->c = new->c;
	asoc->peer.rwnd = new->peer.rwnd;
	asoc->peer.i = new->peer.i;

	if (asoc->state == SCTP_STATE_ESTABLISHED) {
		asoc->next_tsn = new->next_tsn;
		asoc->ctsn_ack_point = new->ctsn_ack_point;
	} else {
		asoc->ctsn_ack_point = asoc->next_tsn - 1;
	}
}

/* whether @t has a chunk with @tsn in flight */
static bool sctp_transport_has_tsn(const struct sctp_transport *t, uint32_t tsn)
{
	const struct sctp_chunk *chunk;

	list_for_each_entry(chunk, &t->transmitted, list) {
		if (chunk->tsn == tsn)
			return true;
	}
	return false;
}

/**
 * sctp_assoc_lookup_tsn() - the transport a TSN was sent on
 * @asoc: the association
 * @tsn: the TSN
 *
 * Searches the active path's transmitted list first (the likeliest),
 * then the transport list in order, stopping at the active path (the
 * 2.5.33 quirk: later transports are not searched).
 *
 * Context: the caller holds @asoc->base.lock.
 * Return: the transport, or NULL when not found.
 */
struct sctp_transport *sctp_assoc_lookup_tsn(struct sctp_association *asoc,
					     uint32_t tsn)
{
	struct sctp_transport *active = asoc->peer.active_path;
	struct sctp_transport *t;

	if (active && sctp_transport_has_tsn(active, tsn))
		return active;
	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports) {
		if (t == active)
			break;
		if (sctp_transport_has_tsn(t, tsn))
			return t;
	}
	return NULL;
}

/**
 * sctp_assoc_choose_shutdown_transport() - where the next SHUTDOWN goes
 * @asoc: the association
 *
 * A single transport is always chosen.  Before any SHUTDOWN was sent the
 * active path is.  Otherwise the list is walked round-robin from the
 * transport the last SHUTDOWN went to, skipping the list head, and the
 * first active transport wins; coming back round to the last one, it is
 * chosen again if active, else the first inactive transport after it.
 *
 * Context: the caller holds @asoc->base.lock.
 * Return: the transport, or NULL when there is none.
 */
struct sctp_transport *
sctp_assoc_choose_shutdown_transport(struct sctp_association *asoc)
{
	struct sctp_transport *last = asoc->shutdown_last_sent_to;
	struct sctp_transport *first_inactive = NULL, *t;
	struct list_head *head = &asoc->peer.transport_addr_list;
	struct list_head *pos;

	if (asoc->peer.transport_count == 1)
		return list_first_entry(head, struct sctp_transport,
					transports);
	if (!last)
		return asoc->peer.active_path;

	for (pos = last->transports.next; pos != &last->transports;
	     pos = pos->next) {
		if (pos == head)
			continue;
		t = list_entry(pos, struct sctp_transport, transports);
		if (t->state == SCTP_ACTIVE)
			return t;
		if (!first_inactive)
			first_inactive = t;
	}
	if (last->state == SCTP_ACTIVE || !first_inactive)
		return last;
	return first_inactive;
}

/* whether @t is on @asoc's transport list */
static bool sctp_assoc_has_transport(const struct sctp_association *asoc,
				     const struct sctp_transport *t)
{
	const struct sctp_transport *pos;

	list_for_each_entry(pos, &asoc->peer.transport_addr_list, transports) {
		if (pos == t)
			return true;
	}
	return false;
}

/**
 * sctp_assoc_check() - verify an association completely
 * @asoc: the association
 *
 * Rings sound (transports, each transmitted list, bind addresses, the
 * outqueue); transport_count right; every transport owned by @asoc,
 * alive, referenced, of the peer's port, AF_INET/AF_INET6, unique; the
 * primary, active and retransmit paths NULL exactly when there is no
 * transport and otherwise on the list; shutdown_last_sent_to NULL or on
 * the list; the outqueue's accounting right (sctp_outq_check()).
 * Reports the first violation through the check handler with the
 * caller's file:line (compat/check.h); never aborts.  A NULL @asoc is
 * reported as such.
 *
 * Context: no writer runs concurrently.
 * Return: true when sound.
 */
bool (sctp_assoc_check)(const struct sctp_association *asoc)
{
	const struct sctp_transport *t, *u;
	unsigned int count = 0;

	if (!asoc)
		return check_fail("no association (NULL)");
	if (atomic_read(&asoc->base.refcnt) < 1 || asoc->base.dead)
		return check_fail("association %p: refcnt %d, %s",
				  (const void *)asoc,
				  atomic_read(&asoc->base.refcnt),
				  asoc->base.dead ? "dead" : "alive");
	if (!list_check(&asoc->peer.transport_addr_list))
		return false;
	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports) {
		count++;
		if (t->asoc != asoc || t->dead ||
		    atomic_read(&t->refcnt) < 1 + (t->hb_pending ? 1 : 0))
			return check_fail(
				"transport %u: asoc %p, %s, refcnt %d", count,
				(const void *)t->asoc,
				t->dead ? "dead" : "alive",
				atomic_read(&t->refcnt));
		if (t->ipaddr.sa.sa_family != AF_INET &&
		    t->ipaddr.sa.sa_family != AF_INET6)
			return check_fail("transport %u: address family %d",
					  count, (int)t->ipaddr.sa.sa_family);
		if (sctp_addr_port(&t->ipaddr) != asoc->peer.port)
			return check_fail(
				"transport %u: port %u, the peer's %u", count,
				(unsigned int)sctp_addr_port(&t->ipaddr),
				(unsigned int)asoc->peer.port);
		if (t->state != SCTP_ACTIVE && t->state != SCTP_INACTIVE)
			return check_fail("transport %u: state %d", count,
					  t->state);
		if (!list_check(&t->transmitted))
			return false;
		for (u = list_next_entry(t, transports);
		     &u->transports != &asoc->peer.transport_addr_list;
		     u = list_next_entry(u, transports)) {
			if (sctp_cmp_addr_exact(&t->ipaddr, &u->ipaddr))
				return check_fail(
					"transport %u: its address is on the list twice",
					count);
		}
	}
	if (count != asoc->peer.transport_count)
		return check_fail("transport_count %u, %u on the list",
				  asoc->peer.transport_count, count);
	if (!count) {
		if (asoc->peer.primary_path || asoc->peer.active_path ||
		    asoc->peer.retran_path)
			return check_fail(
				"no transport, but a primary, active or retransmit path");
	} else if (!sctp_assoc_has_transport(asoc, asoc->peer.primary_path) ||
		   !sctp_assoc_has_transport(asoc, asoc->peer.active_path) ||
		   !sctp_assoc_has_transport(asoc, asoc->peer.retran_path)) {
		return check_fail(
			"the primary, active or retransmit path is not on the transport list");
	}
	if (asoc->shutdown_last_sent_to &&
	    !sctp_assoc_has_transport(asoc, asoc->shutdown_last_sent_to))
		return check_fail(
			"shutdown_last_sent_to is not on the transport list");
	return sctp_bind_addr_check(&asoc->base.bind_addr) &&
	       sctp_outq_check(&asoc->outqueue);
}

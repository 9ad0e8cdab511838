// SPDX-License-Identifier: MIT
/*
 * sctp/endpointola.c - an endpoint and its list of associations.
 *
 * Mirrors net/sctp/endpointola.c of Linux 2.5.33: sctp_endpoint_new(),
 * sctp_endpoint_free(), sctp_endpoint_hold()/_put() and the destroy
 * behind them, sctp_endpoint_add_asoc(), __sctp_endpoint_lookup_assoc().
 *
 * As in 2.5.33, each association holds a reference on its endpoint
 * (taken by sctp_association_new()), so the endpoint outlives
 * sctp_endpoint_free() until its last association is freed.
 *
 * Deliberate differences from 2.5.33 (docs/fidelity.md):
 * - sctp_endpoint_new() takes the bound port (2.5.33 took it later from
 *   bind()) and no protocol; there is no hash table of endpoints, no
 *   inqueue, no cookie secret.
 * - sctp_endpoint_add_asoc() also adopts an association made without an
 *   endpoint (tests and the tour make them), taking the reference then.
 */
#include <errno.h>

#include "compat/slab.h"
#include "sctp/structs.h"

/**
 * sctp_endpoint_new() - allocate an endpoint
 * @sk: its socket, or NULL
 * @port: the bound port, host order
 * @gfp: allocation flags
 *
 * Return: the endpoint with one reference (the socket's) and empty
 * lists, or NULL when out of memory.
 */
struct sctp_endpoint *sctp_endpoint_new(struct sock *sk, uint16_t port,
					unsigned int gfp)
{
	struct sctp_endpoint *ep = kzalloc(sizeof(*ep), gfp);

	if (!ep)
		return NULL;
	sctp_bind_addr_init(&ep->base.bind_addr, port);
	atomic_set(&ep->base.refcnt, 1);
	spin_lock_init(&ep->base.lock);
	INIT_LIST_HEAD(&ep->asocs);
	ep->sk = sk;
	return ep;
}

static void sctp_endpoint_destroy(struct sctp_endpoint *ep)
{
	BUG_ON(!ep->base.dead);
	BUG_ON(!list_empty(&ep->asocs)); /* each held a reference */
	sctp_bind_addr_free(&ep->base.bind_addr);
	spin_lock_destroy(&ep->base.lock);
	kfree(ep);
}

/**
 * sctp_endpoint_hold() - take a reference on an endpoint
 * @ep: the endpoint
 */
void sctp_endpoint_hold(struct sctp_endpoint *ep)
{
	atomic_inc(&ep->base.refcnt);
}

/**
 * sctp_endpoint_put() - drop a reference on an endpoint
 * @ep: the endpoint; the last reference after sctp_endpoint_free()
 *	destroys it
 */
void sctp_endpoint_put(struct sctp_endpoint *ep)
{
	if (atomic_dec_and_test(&ep->base.refcnt))
		sctp_endpoint_destroy(ep);
}

/**
 * sctp_endpoint_free() - the socket lets go of its endpoint
 * @ep: the endpoint
 *
 * Marks it dead and drops the socket's reference; it is destroyed when
 * its last association has been freed.
 */
void sctp_endpoint_free(struct sctp_endpoint *ep)
{
	ep->base.dead = 1;
	ep->sk = NULL;
	sctp_endpoint_put(ep);
}

/**
 * sctp_endpoint_add_asoc() - put an association on an endpoint's list
 * @ep: the endpoint
 * @asoc: an association made for @ep (or for no endpoint) and on no list
 *
 * Appends @asoc to @ep->asocs.  An association made without an endpoint
 * takes one here, with a reference, and @ep's port.
 *
 * Context: the caller holds the socket lock.
 */
void sctp_endpoint_add_asoc(struct sctp_endpoint *ep,
			    struct sctp_association *asoc)
{
	BUG_ON(asoc->ep && asoc->ep != ep);
	BUG_ON(!list_empty(&asoc->asocs));
	if (!asoc->ep) {
		asoc->ep = ep;
		sctp_endpoint_hold(ep);
		asoc->base.bind_addr.port = ep->base.bind_addr.port;
	}
	list_add_tail(&asoc->asocs, &ep->asocs);
}

/**
 * __sctp_endpoint_lookup_assoc() - the association with a peer address
 * @ep: the endpoint
 * @paddr: the peer address, port included
 * @transport: set to the matching transport, or NULL
 *
 * Walks @ep->asocs in order: the first association whose peer port is
 * @paddr's and whose transport list holds @paddr.
 *
 * Context: the caller holds the socket lock.
 * Return: the association, or NULL.
 */
struct sctp_association *
__sctp_endpoint_lookup_assoc(const struct sctp_endpoint *ep,
			     const union sctp_addr *paddr,
			     struct sctp_transport **transport)
{
	struct sctp_association *asoc;
	struct sctp_transport *t;
	uint16_t port = sctp_addr_port(paddr);

	*transport = NULL;
	list_for_each_entry(asoc, &ep->asocs, asocs) {
		if (asoc->peer.port != port)
			continue;
		t = sctp_assoc_lookup_paddr(asoc, paddr);
		if (t) {
			*transport = t;
			return asoc;
		}
	}
	return NULL;
}

/**
 * sctp_endpoint_check() - verify an endpoint and its associations
 * @ep: the endpoint
 *
 * The asocs ring is sound; every association on it belongs to @ep and
 * passes sctp_assoc_check(); the bind address list is sound; the
 * endpoint holds at least one reference per association (plus the
 * socket's while not freed).  Reports the first violation through the
 * check handler with the caller's file:line (compat/check.h); never
 * aborts.  A NULL @ep is reported as such.
 *
 * Context: no writer runs concurrently.
 * Return: true when sound.
 */
bool (sctp_endpoint_check)(const struct sctp_endpoint *ep)
{
	const struct sctp_association *asoc;
	int count = 0;

	if (!ep)
		return check_fail("no endpoint (NULL)");
	if (!list_check(&ep->asocs))
		return false;
	list_for_each_entry(asoc, &ep->asocs, asocs) {
		count++;
		if (asoc->ep != ep)
			return check_fail(
				"association %d belongs to endpoint %p", count,
				(const void *)asoc->ep);
		if (!sctp_assoc_check(asoc))
			return false;
	}
	if (atomic_read(&ep->base.refcnt) < count + (ep->base.dead ? 0 : 1))
		return check_fail("refcnt %d for %d associations (%s)",
				  atomic_read(&ep->base.refcnt), count,
				  ep->base.dead ? "freed" : "with its socket");
	return sctp_bind_addr_check(&ep->base.bind_addr);
}

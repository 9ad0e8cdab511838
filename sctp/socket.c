// SPDX-License-Identifier: MIT
/*
 * sctp/socket.c - the socket-level walks: bindx, close, setsockopt and
 * getsockopt, write space.
 *
 * Mirrors net/sctp/socket.c of Linux 2.5.33: sctp_bindx_add(),
 * sctp_bindx_rem(), sctp_setsockopt_bindx(), sctp_close(),
 * sctp_setsockopt(), sctp_getsockopt(), sctp_write_space() and
 * __sctp_write_space(); sctp_sock_init() stands for sctp_init_sock().
 *
 * Walk-order quirk of 2.5.33 kept on purpose (docs/sctp.md): for a level
 * other than SOL_SCTP, sctp_setsockopt() and sctp_getsockopt() walk
 * sctp_proto.address_families, IPv4 first, whatever the socket's family,
 * handing the call to each family in turn; the first error is returned,
 * and when every family succeeded the call falls through to the SCTP
 * options with the same option number.  With IPv4 taking only
 * IPPROTO_IP and IPv6 only IPPROTO_IPV6, every IP-level call fails
 * (-ENOPROTOOPT), an IPPROTO_IP one after IPv4 has acted on it.
 *
 * Deliberate differences from 2.5.33 (docs/fidelity.md):
 * - struct sock is reduced to a family, a lock (lock_sock() is
 *   spin_lock(&sk->lock)), a send buffer size, its endpoint and two small
 *   option tables (see sctp/protocol.c).
 * - bindx changes every association's bind list as well as the
 *   endpoint's.  2.5.33's sctp_bindx_add()/sctp_bindx_rem() bound each
 *   address on the endpoint (sctp_do_bind(), sctp_del_bind_addr()); their
 *   walk over ep->asocs (calling sctp_addip_addr_config(), declared but
 *   never defined) sat under "#if CONFIG_IP_SCTP_ADDIP", an option its
 *   Config.in did not offer, so it was never compiled.  That walk is a
 *   list traversal the founding patch touched, and it runs here.
 * - bindx checks every address before changing anything: a count of 0,
 *   an unknown family (or IPv6 on an IPv4 socket), a port other than 0
 *   or the bound one, a duplicate, an address already bound
 *   (-EADDRINUSE), and for removal an address not bound, an empty list,
 *   or the removal of every address (-EBUSY) are refused with nothing
 *   changed.  2.5.33 changed the list address by address and undid the
 *   ones done when one failed (add undoing with remove and back); it
 *   wanted exactly the bound port, answered -EINVAL for an address this
 *   endpoint already had (-EADDRINUSE for another socket's), refused a
 *   non-local address (-EADDRNOTAVAIL; there are no devices here), and
 *   refused a removal only once the list was already empty, so the last
 *   address could go.  An add that runs out of memory half way rolls
 *   back exactly: the entries it appended to the endpoint and to each
 *   association (always the last ones of each list, writers being
 *   serialised) are removed, newest first, so every list is as before.
 *   On a closed socket (no endpoint) bindx returns -EBADF.
 * - sctp_setsockopt_bindx() takes an array of union sctp_addr (2.5.33:
 *   of struct sockaddr_storage, 128 bytes each) and refuses a size of 0
 *   or not a multiple of its size with -EINVAL.
 * - The option numbers are later kernels': SCTP_SOCKOPT_BINDX_ADD 100 and
 *   _REM 101 (2.5.33: 43 and 44), and SCTP_GET_ASSOC_NUMBER (28) is a
 *   later kernel's option, the one getsockopt here answers.
 * - sctp_close() runs the primitive SHUTDOWN of 2.5.33's state table on
 *   each association, reduced: one still in the handshake (COOKIE-WAIT,
 *   COOKIE-ECHOED) is freed (2.5.33: SCTP_CMD_DELETE_TCB), an established
 *   one shut down - SHUTDOWN-PENDING while data is queued or in flight,
 *   else SHUTDOWN-SENT with the SHUTDOWN sent to
 *   sctp_assoc_choose_shutdown_transport() - and one already shutting
 *   down left alone.  A CLOSED association is freed too, where 2.5.33's
 *   table answered sctp_sf_error_closed(): -EINVAL reported, the
 *   association kept on the endpoint, which nothing would free once the
 *   socket was gone (a leak).  An association whose transports someone
 *   still holds stays on the list (the endpoint with it) until freed
 *   later.  @timeout (linger) is ignored.
 * - write space wakes nobody: __sctp_write_space() counts a wake-up in
 *   asoc->write_space_wakeups when the association has send buffer room.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "compat/slab.h"
#include "list/rculist.h"
#include "sctp/structs.h"

/**
 * sctp_sock_init() - make an SCTP socket with its endpoint
 * @sk: the socket to initialise
 * @family: AF_INET or AF_INET6
 * @port: the bound port, host order
 * @gfp: allocation flags
 *
 * Return: 0, -EINVAL for another family, or -ENOMEM (then @sk has no
 * endpoint).
 */
int sctp_sock_init(struct sock *sk, sa_family_t family, uint16_t port,
		   unsigned int gfp)
{
	if (family != AF_INET && family != AF_INET6)
		return -EINVAL;
	memset(sk, 0, sizeof(*sk));
	sk->family = family;
	spin_lock_init(&sk->lock);
	sk->sndbuf = SCTP_DEFAULT_SNDBUF;
	sk->ep = sctp_endpoint_new(sk, port, gfp);
	return sk->ep ? 0 : -ENOMEM;
}

/*
 * Check one bindx address against the socket and return it normalised
 * (port filled in) through @out.
 */
static int sctp_bindx_verify_addr(const struct sock *sk,
				  const union sctp_addr *addr,
				  union sctp_addr *out)
{
	uint16_t port, bound = sk->ep->base.bind_addr.port;

	switch (addr->sa.sa_family) {
	case AF_INET:
		break;
	case AF_INET6:
		if (sk->family == AF_INET6)
			break;
		return -EINVAL;
	default:
		return -EINVAL;
	}
	port = sctp_addr_port(addr);
	if (port && port != bound)
		return -EINVAL;
	*out = *addr;
	sctp_addr_set_port(out, bound);
	return 0;
}

/* whether @bp holds exactly @addr */
static bool sctp_bind_addr_has_exact(const struct sctp_bind_addr *bp,
				     const union sctp_addr *addr)
{
	const struct sctp_sockaddr_entry *entry;

	list_for_each_entry(entry, &bp->address_list, list) {
		if (sctp_cmp_addr_exact(&entry->a, addr))
			return true;
	}
	return false;
}

/* Check the whole bindx array; @must_be_bound selects add or remove. */
static int sctp_bindx_verify(const struct sock *sk,
			     const union sctp_addr *addrs, int addrcnt,
			     bool must_be_bound)
{
	const struct sctp_bind_addr *bp = &sk->ep->base.bind_addr;
	union sctp_addr a, b;
	int i, j, error;

	if (addrcnt <= 0)
		return -EINVAL;
	for (i = 0; i < addrcnt; i++) {
		error = sctp_bindx_verify_addr(sk, &addrs[i], &a);
		if (error)
			return error;
		for (j = 0; j < i; j++) {
			sctp_bindx_verify_addr(sk, &addrs[j], &b);
			if (sctp_cmp_addr_exact(&a, &b))
				return -EINVAL;
		}
		if (sctp_bind_addr_has_exact(bp, &a) != must_be_bound)
			return must_be_bound ? -EINVAL : -EADDRINUSE;
	}
	return 0;
}

/**
 * sctp_bindx_add() - bind more addresses, on the endpoint and every
 * association
 * @sk: the socket
 * @addrs: the addresses; port 0 or the bound port
 * @addrcnt: how many
 *
 * Each address, in order, is appended to the endpoint's bind list and
 * then to each association's, walking ep->asocs.  When an allocation
 * fails every entry added so far is removed again.
 *
 * Context: takes the socket lock; a registered RCU thread.
 * Return: 0; -EBADF when @sk was closed (it has no endpoint); -EINVAL
 * for a bad count, family, port or a duplicate in @addrs; -EADDRINUSE
 * for an address already bound; -ENOMEM.  On error nothing changed.
 */
int sctp_bindx_add(struct sock *sk, const union sctp_addr *addrs, int addrcnt)
{
	struct sctp_endpoint *ep;
	struct sctp_association *asoc, *failed;
	union sctp_addr a;
	int cnt, error;

	spin_lock(&sk->lock);
	ep = sk->ep;
	error = -EBADF;
	if (!ep)
		goto out_unlock; /* closed */
	error = sctp_bindx_verify(sk, addrs, addrcnt, false);
	if (error)
		goto out_unlock;

	for (cnt = 0; cnt < addrcnt; cnt++) {
		sctp_bindx_verify_addr(sk, &addrs[cnt], &a);
		error = sctp_add_bind_addr(&ep->base.bind_addr, &a, GFP_ATOMIC);
		if (error)
			goto err_rollback;
		failed = NULL;
		list_for_each_entry(asoc, &ep->asocs, asocs) {
			error = sctp_add_bind_addr(&asoc->base.bind_addr, &a,
						   GFP_ATOMIC);
			if (error) {
				failed = asoc;
				break;
			}
		}
		if (failed)
			goto err_rollback_partial;
	}
	goto out_unlock;

err_rollback_partial:
	/* address cnt reached the endpoint and the asocs before "failed" */
	sctp_bind_addr_drop_tail(&ep->base.bind_addr, 1);
	list_for_each_entry(asoc, &ep->asocs, asocs) {
		if (asoc == failed)
			break;
		sctp_bind_addr_drop_tail(&asoc->base.bind_addr, 1);
	}
err_rollback:
	sctp_bind_addr_drop_tail(&ep->base.bind_addr, cnt);
	list_for_each_entry(asoc, &ep->asocs, asocs)
		sctp_bind_addr_drop_tail(&asoc->base.bind_addr, cnt);
out_unlock:
	spin_unlock(&sk->lock);
	return error;
}

/**
 * sctp_bindx_rem() - unbind addresses, on the endpoint and every
 * association
 * @sk: the socket
 * @addrs: the addresses; port 0 or the bound port
 * @addrcnt: how many
 *
 * Each address is removed from the endpoint's bind list and from each
 * association's that holds it (entries freed after a grace period).
 *
 * Context: takes the socket lock; a registered RCU thread.
 * Return: 0; -EBADF when @sk was closed; -EINVAL for a bad count, family
 * or port, a duplicate in @addrs, an address not bound, or an empty bind
 * list; -EBUSY when no address would be left.  On error nothing changed.
 */
int sctp_bindx_rem(struct sock *sk, const union sctp_addr *addrs, int addrcnt)
{
	struct sctp_endpoint *ep;
	struct sctp_association *asoc;
	union sctp_addr a;
	size_t bound;
	int cnt, error;

	spin_lock(&sk->lock);
	ep = sk->ep;
	error = -EBADF;
	if (!ep)
		goto out_unlock; /* closed */
	/* an empty list fails here too: no address is bound */
	error = sctp_bindx_verify(sk, addrs, addrcnt, true);
	if (error)
		goto out_unlock;
	error = -EBUSY;
	bound = list_count_nodes(&ep->base.bind_addr.address_list);
	if ((size_t)addrcnt >= bound)
		goto out_unlock;

	for (cnt = 0; cnt < addrcnt; cnt++) {
		sctp_bindx_verify_addr(sk, &addrs[cnt], &a);
		error = sctp_del_bind_addr(&ep->base.bind_addr, &a);
		BUG_ON(error); /* checked above, under the lock */
		list_for_each_entry(asoc, &ep->asocs, asocs)
			sctp_del_bind_addr(&asoc->base.bind_addr, &a);
	}
	error = 0;
out_unlock:
	spin_unlock(&sk->lock);
	return error;
}

/**
 * sctp_setsockopt_bindx() - the bindx socket option
 * @sk: the socket
 * @addrs: an array of union sctp_addr, as the user passed it
 * @addrs_size: its size in bytes
 * @op: SCTP_BINDX_ADD_ADDR or SCTP_BINDX_REM_ADDR
 *
 * Copies the array (as 2.5.33 copied it from user space) and hands it to
 * sctp_bindx_add() or sctp_bindx_rem().
 *
 * Context: takes the socket lock; a registered RCU thread.
 * Return: 0, -EINVAL for a size of 0 or not a multiple of the address
 * size or a bad @op, -ENOMEM, or the error of the walk.
 */
int sctp_setsockopt_bindx(struct sock *sk, const void *addrs, int addrs_size,
			  int op)
{
	union sctp_addr *kaddrs;
	int error;

	if (addrs_size <= 0 || addrs_size % sizeof(union sctp_addr) || !addrs)
		return -EINVAL;
	if (op != SCTP_BINDX_ADD_ADDR && op != SCTP_BINDX_REM_ADDR)
		return -EINVAL;
	kaddrs = kmalloc(addrs_size, GFP_KERNEL);
	if (!kaddrs)
		return -ENOMEM;
	memcpy(kaddrs, addrs, addrs_size);
	if (op == SCTP_BINDX_ADD_ADDR)
		error = sctp_bindx_add(sk, kaddrs,
				       addrs_size / sizeof(union sctp_addr));
	else
		error = sctp_bindx_rem(sk, kaddrs,
				       addrs_size / sizeof(union sctp_addr));
	kfree(kaddrs);
	return error;
}

/* The primitive SHUTDOWN, reduced to what close needs. */
static void sctp_primitive_shutdown(struct sctp_association *asoc)
{
	switch (asoc->state) {
	case SCTP_STATE_ESTABLISHED:
		if (!asoc->outqueue.empty) {
			asoc->state = SCTP_STATE_SHUTDOWN_PENDING;
			break;
		}
		asoc->shutdown_last_sent_to =
			sctp_assoc_choose_shutdown_transport(asoc);
		asoc->state = SCTP_STATE_SHUTDOWN_SENT;
		break;
	default:
		break; /* already shutting down */
	}
}

/**
 * sctp_close() - close a socket: shut down or free every association
 * @sk: the socket
 * @timeout: linger time (ignored)
 *
 * Walks the endpoint's associations with the _safe iterator (an
 * association may be freed under the cursor): ones still in the
 * handshake are freed, as are CLOSED ones (2.5.33 kept those, with
 * -EINVAL, and leaked them), established ones shut down.  Then the
 * socket lets go of its endpoint, which lives on while associations
 * remain.
 *
 * Context: takes the socket lock.
 */
void sctp_close(struct sock *sk, long timeout)
{
	struct sctp_association *asoc, *temp;
	struct sctp_endpoint *ep;

	(void)timeout;
	spin_lock(&sk->lock);
	ep = sk->ep;
	if (!ep)
		goto out_unlock;
	list_for_each_entry_safe(asoc, temp, &ep->asocs, asocs) {
		switch (asoc->state) {
		case SCTP_STATE_CLOSED: /* 2.5.33: -EINVAL, kept */
		case SCTP_STATE_COOKIE_WAIT:
		case SCTP_STATE_COOKIE_ECHOED:
			/* -EBUSY: still held; it stays for its holder */
			sctp_association_free(asoc);
			break;
		default:
			sctp_primitive_shutdown(asoc);
			break;
		}
	}
	sk->ep = NULL;
	sctp_endpoint_free(ep);
out_unlock:
	spin_unlock(&sk->lock);
}

/**
 * sctp_setsockopt() - set a socket option
 * @sk: the socket
 * @level: SOL_SCTP, or an IP level handed to an address family
 * @optname: the option
 * @optval: its value
 * @optlen: its length in bytes
 *
 * For a level other than SOL_SCTP every family on
 * sctp_proto.address_families is handed the call in turn, and the first
 * error is returned; when all of them succeed, the call goes on to the
 * SCTP options with the same @optname (2.5.33's walk, see the top of
 * this file).
 *
 * Context: takes the socket lock for bindx.
 * Return: 0 or a negative errno (-ENOPROTOOPT for an unknown option).
 */
int sctp_setsockopt(struct sock *sk, int level, int optname, const void *optval,
		    unsigned int optlen)
{
	struct sctp_af *af;
	int error;

	if (level != SOL_SCTP) {
		list_for_each_entry(af, &sctp_proto.address_families, list) {
			error = af->setsockopt(sk, level, optname, optval,
					       optlen);
			if (error < 0)
				return error;
		}
	}
	if (optlen > INT_MAX)
		return -EINVAL;
	switch (optname) {
	case SCTP_SOCKOPT_BINDX_ADD:
		return sctp_setsockopt_bindx(sk, optval, optlen,
					     SCTP_BINDX_ADD_ADDR);
	case SCTP_SOCKOPT_BINDX_REM:
		return sctp_setsockopt_bindx(sk, optval, optlen,
					     SCTP_BINDX_REM_ADDR);
	default:
		return -ENOPROTOOPT;
	}
}

/**
 * sctp_getsockopt() - read a socket option
 * @sk: the socket
 * @level: SOL_SCTP, or an IP level handed to an address family
 * @optname: the option (SOL_SCTP: SCTP_GET_ASSOC_NUMBER)
 * @optval: where the value goes
 * @optlen: in: room at @optval; out: bytes written
 *
 * Levels other than SOL_SCTP walk sctp_proto.address_families first,
 * as sctp_setsockopt() does.
 *
 * Context: takes the socket lock for SOL_SCTP options.
 * Return: 0 or a negative errno (-ENOPROTOOPT for an unknown option,
 * -EINVAL for too little room).
 */
int sctp_getsockopt(struct sock *sk, int level, int optname, void *optval,
		    unsigned int *optlen)
{
	struct sctp_association *asoc;
	struct sctp_af *af;
	int count = 0, error;

	if (level != SOL_SCTP) {
		list_for_each_entry(af, &sctp_proto.address_families, list) {
			error = af->getsockopt(sk, level, optname, optval,
					       optlen);
			if (error < 0)
				return error;
		}
	}
	if (optname != SCTP_GET_ASSOC_NUMBER)
		return -ENOPROTOOPT;
	if (!optval || !optlen || *optlen < sizeof(int))
		return -EINVAL;
	spin_lock(&sk->lock);
	if (sk->ep)
		list_for_each_entry(asoc, &sk->ep->asocs, asocs)
			count++;
	spin_unlock(&sk->lock);
	memcpy(optval, &count, sizeof(count));
	*optlen = sizeof(count);
	return 0;
}

/* room left in the send buffer for @asoc, in bytes (may be negative) */
static long sctp_wspace(const struct sctp_association *asoc)
{
	const struct sock *sk = asoc->ep ? asoc->ep->sk : NULL;

	if (!sk)
		return 0;
	return (long)sk->sndbuf - (long)asoc->sndbuf_used;
}

/* Wake the writers of one association if it has room. */
static void __sctp_write_space(struct sctp_association *asoc)
{
	if (sctp_wspace(asoc) <= 0)
		return;
	asoc->write_space_wakeups++;
}

/**
 * sctp_write_space() - send buffer space was freed: wake the writers
 * @sk: the socket
 *
 * Walks the endpoint's associations and wakes each one's writers when it
 * has send buffer room.
 *
 * Context: the caller holds the socket lock.
 */
void sctp_write_space(struct sock *sk)
{
	struct sctp_association *asoc;

	if (!sk->ep)
		return;
	list_for_each_entry(asoc, &sk->ep->asocs, asocs)
		__sctp_write_space(asoc);
}

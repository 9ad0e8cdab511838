// SPDX-License-Identifier: MIT
/*
 * sctp/bind_addr.c - the list of addresses an endpoint is bound to.
 *
 * Mirrors net/sctp/bind_addr.c of Linux 2.5.33: sctp_bind_addr_init(),
 * sctp_bind_addr_new(), sctp_bind_addr_free(), sctp_bind_addr_clean(),
 * sctp_add_bind_addr(), sctp_del_bind_addr(), sctp_bind_addr_copy(),
 * sctp_bind_addr_has_addr(), sctp_bind_addrs_to_raw(),
 * sctp_raw_to_bind_addrs(), and the address helpers of that era
 * (sctp_cmp_addr(), sctp_cmp_addr_exact(), sctp_is_any(), sctp_scope(),
 * sctp_in_scope()).
 *
 * Deliberate differences from 2.5.33 (docs/fidelity.md):
 * - Ports inside union sctp_addr are network order (2.5.33: host order).
 * - The address list is an RCU list: sctp_add_bind_addr() publishes with
 *   list_add_tail_rcu(), sctp_del_bind_addr() unlinks with list_del_rcu()
 *   and frees after a grace period (call_rcu), sctp_bind_addr_has_addr()
 *   reads under rcu_read_lock().  sctp_bind_addr_clean()/_free() free at
 *   once: they are for lists no reader can reach any more.
 *   sctp_bind_addr_clean() is public (2.5.33: static).
 * - sctp_raw_to_bind_addrs() checks every length (2.5.33 looped forever
 *   on a parameter of length 0 and read past the buffer on one too
 *   long); like 2.5.33 it refuses parameter types other than 5 and 6.
 * - sctp_bind_addrs_to_raw() returns the length and hands the buffer back
 *   through @raw (2.5.33 returned the buffer as an sctpParam_t and the
 *   length through a pointer); an empty list gives length 0 and no
 *   buffer.
 * - sctp_add_bind_addr() rejects an unknown family with -EINVAL.
 * - The scope of an IPv6 address: 2.5.33 took ipv6_addr_scope()
 *   (loopback, link-local, site-local; everything else global, :: and
 *   IPv4-mapped included, multicast by its scope field); here :: and
 *   multicast are unusable, unique local addresses (fc00::/7, 2005)
 *   private, an IPv4-mapped address has its IPv4 address's scope.
 * - sctp_bind_addr_drop_tail() is new: it removes the newest entries, for
 *   bindx's rollback (sctp/socket.c).
 * sctp_bind_addr_copy() leaves @dest empty on error, as 2.5.33's did.
 */
#include <errno.h>
#include <string.h>
#include <arpa/inet.h>

#include "compat/slab.h"
#include "list/rculist.h"
#include "sctp/structs.h"

/**
 * sctp_addr_port() - the port of an address, host order
 * @addr: an AF_INET or AF_INET6 address
 *
 * Return: the port, or 0 for another family.
 */
uint16_t sctp_addr_port(const union sctp_addr *addr)
{
	switch (addr->sa.sa_family) {
	case AF_INET:
		return ntohs(addr->v4.sin_port);
	case AF_INET6:
		return ntohs(addr->v6.sin6_port);
	default:
		return 0;
	}
}

/**
 * sctp_addr_set_port() - set the port of an address
 * @addr: an AF_INET or AF_INET6 address; other families are left alone
 * @port: the port, host order
 */
void sctp_addr_set_port(union sctp_addr *addr, uint16_t port)
{
	switch (addr->sa.sa_family) {
	case AF_INET:
		addr->v4.sin_port = htons(port);
		break;
	case AF_INET6:
		addr->v6.sin6_port = htons(port);
		break;
	default:
		break;
	}
}

/**
 * sctp_cmp_addr_exact() - whether two addresses are the same
 * @a: an address
 * @b: another
 *
 * Family, port and address bytes must all be equal; a wildcard matches
 * only a wildcard.
 *
 * Return: 1 when equal, 0 otherwise (also for unknown families).
 */
int sctp_cmp_addr_exact(const union sctp_addr *a, const union sctp_addr *b)
{
	struct sctp_af *af;

	if (a->sa.sa_family != b->sa.sa_family)
		return 0;
	af = sctp_get_af_specific(a->sa.sa_family);
	if (!af)
		return 0;
	return af->cmp_addr(a, b);
}

/**
 * sctp_is_any() - whether an address is its family's wildcard
 * @addr: the address
 *
 * Return: true for INADDR_ANY and in6addr_any, false otherwise.
 */
bool sctp_is_any(const union sctp_addr *addr)
{
	struct sctp_af *af = sctp_get_af_specific(addr->sa.sa_family);

	return af && af->is_any(addr);
}

/**
 * sctp_cmp_addr() - wildcard-aware comparison, for bind-list membership
 * @a: an address
 * @b: another
 *
 * The families and ports must be equal; then a wildcard on either side
 * matches any address, and otherwise the address bytes must be equal.
 *
 * Return: 1 when they match, 0 otherwise.
 */
int sctp_cmp_addr(const union sctp_addr *a, const union sctp_addr *b)
{
	if (a->sa.sa_family != b->sa.sa_family)
		return 0;
	if (sctp_addr_port(a) != sctp_addr_port(b))
		return 0;
	if (sctp_is_any(a) || sctp_is_any(b))
		return 1;
	return sctp_cmp_addr_exact(a, b);
}

/**
 * sctp_scope() - the scope of an address
 * @addr: the address
 *
 * Return: its enum sctp_scope; SCTP_SCOPE_UNUSABLE for unknown families.
 */
enum sctp_scope sctp_scope(const union sctp_addr *addr)
{
	struct sctp_af *af = sctp_get_af_specific(addr->sa.sa_family);

	return af ? af->scope(addr) : SCTP_SCOPE_UNUSABLE;
}

/**
 * sctp_in_scope() - whether an address may be used towards a peer
 * @addr: a local address
 * @scope: the scope of the peer address
 *
 * A local address is usable when it is not unusable and reaches at least
 * as far as the peer does: towards a global peer only global addresses,
 * towards a private one also private addresses, and so on down to a
 * loopback peer, which may use every usable address.
 *
 * Return: 1 when in scope, 0 otherwise.
 */
int sctp_in_scope(const union sctp_addr *addr, enum sctp_scope scope)
{
	enum sctp_scope addr_scope = sctp_scope(addr);

	if (addr_scope == SCTP_SCOPE_UNUSABLE)
		return 0;
	return addr_scope <= scope;
}

/**
 * sctp_addr_allowed() - whether the copy flags let an address through
 * @addr: a local address
 * @flags: SCTP_ADDR6_ALLOWED, SCTP_ADDR4_PEERSUPP, SCTP_ADDR6_PEERSUPP
 *
 * The test 2.5.33 made in sctp_copy_one_addr() and
 * sctp_copy_local_addr_list().
 *
 * Return: true for IPv4 with SCTP_ADDR4_PEERSUPP, IPv6 with both
 * SCTP_ADDR6_ALLOWED and SCTP_ADDR6_PEERSUPP; false otherwise.
 */
bool sctp_addr_allowed(const union sctp_addr *addr, int flags)
{
	switch (addr->sa.sa_family) {
	case AF_INET:
		return flags & SCTP_ADDR4_PEERSUPP;
	case AF_INET6:
		return (flags & SCTP_ADDR6_ALLOWED) &&
		       (flags & SCTP_ADDR6_PEERSUPP);
	default:
		return false;
	}
}

/**
 * sctp_bind_addr_init() - make an empty bind address list
 * @bp: the structure to initialise
 * @port: the bound port, host order
 *
 * Context: @bp is not yet visible to anyone.
 */
void sctp_bind_addr_init(struct sctp_bind_addr *bp, uint16_t port)
{
	INIT_LIST_HEAD(&bp->address_list);
	bp->port = port;
	bp->malloced = 0;
}

/**
 * sctp_bind_addr_new() - allocate an empty bind address list
 * @gfp: allocation flags
 *
 * Return: the list with port 0, or NULL when out of memory.
 */
struct sctp_bind_addr *sctp_bind_addr_new(unsigned int gfp)
{
	struct sctp_bind_addr *bp = kmalloc(sizeof(*bp), gfp);

	if (!bp)
		return NULL;
	sctp_bind_addr_init(bp, 0);
	bp->malloced = 1;
	return bp;
}

/**
 * sctp_bind_addr_clean() - free every address of a list
 * @bp: the list; it is left empty and reusable
 *
 * Context: no RCU reader can still reach @bp's entries (its owner is
 * being destroyed, or the list was never published).
 */
void sctp_bind_addr_clean(struct sctp_bind_addr *bp)
{
	struct sctp_sockaddr_entry *addr, *temp;

	list_for_each_entry_safe(addr, temp, &bp->address_list, list) {
		list_del(&addr->list);
		kfree(addr);
	}
}

/**
 * sctp_bind_addr_free() - free every address, and @bp if it was allocated
 * @bp: the list
 *
 * Context: as sctp_bind_addr_clean().
 */
void sctp_bind_addr_free(struct sctp_bind_addr *bp)
{
	sctp_bind_addr_clean(bp);
	if (bp->malloced)
		kfree(bp);
}

/**
 * sctp_add_bind_addr() - append an address to a bind address list
 * @bp: the list
 * @addr: the address; port 0 means @bp's port
 * @gfp: allocation flags
 *
 * There is no duplicate check (as in 2.5.33): callers that care use
 * sctp_bind_addr_has_addr() first.  The entry is published to RCU readers
 * fully built.
 *
 * Context: the caller serialises writers of @bp (the owner's base.lock or
 * the socket lock).
 * Return: 0, -EINVAL for a family other than AF_INET/AF_INET6, or -ENOMEM.
 */
int sctp_add_bind_addr(struct sctp_bind_addr *bp, const union sctp_addr *addr,
		       unsigned int gfp)
{
	struct sctp_sockaddr_entry *entry;

	if (!sctp_get_af_specific(addr->sa.sa_family))
		return -EINVAL;
	entry = kzalloc(sizeof(*entry), gfp);
	if (!entry)
		return -ENOMEM;
	entry->a = *addr;
	if (!sctp_addr_port(&entry->a))
		sctp_addr_set_port(&entry->a, bp->port);
	INIT_LIST_HEAD(&entry->list);
	list_add_tail_rcu(&entry->list, &bp->address_list);
	return 0;
}

static void sctp_sockaddr_entry_free_rcu(struct rcu_head *head)
{
	struct sctp_sockaddr_entry *entry;

	kstruct_rcu_callback_begin();
	entry = container_of(head, struct sctp_sockaddr_entry, rcu);
	kfree(entry);
}

/**
 * sctp_del_bind_addr() - remove the first exact match from a list
 * @bp: the list
 * @del_addr: the address, port included
 *
 * The entry is unlinked for RCU readers at once and freed after a grace
 * period.
 *
 * Context: the caller serialises writers of @bp and is a registered RCU
 * thread (call_rcu()).
 * Return: 0, or -EINVAL when no entry matches (the list is unchanged).
 */
int sctp_del_bind_addr(struct sctp_bind_addr *bp,
		       const union sctp_addr *del_addr)
{
	struct sctp_sockaddr_entry *entry;

	list_for_each_entry(entry, &bp->address_list, list) {
		if (sctp_cmp_addr_exact(&entry->a, del_addr)) {
			list_del_rcu(&entry->list);
			kstruct_call_rcu(&entry->rcu,
					 sctp_sockaddr_entry_free_rcu);
			return 0;
		}
	}
	return -EINVAL;
}

/**
 * sctp_bind_addr_drop_tail() - remove the last entries of a list
 * @bp: the list
 * @n: how many; @bp holds at least that many
 *
 * Removes them newest first, each unlinked for RCU readers at once and
 * freed after a grace period: the undo of @n sctp_add_bind_addr() calls
 * (bindx's rollback), exact even when the list holds an address twice.
 *
 * Context: the caller serialises writers of @bp and is a registered RCU
 * thread (call_rcu()).
 */
void sctp_bind_addr_drop_tail(struct sctp_bind_addr *bp, unsigned int n)
{
	struct sctp_sockaddr_entry *entry;

	while (n-- > 0) {
		BUG_ON(list_empty(&bp->address_list));
		entry = list_last_entry(&bp->address_list,
					struct sctp_sockaddr_entry, list);
		list_del_rcu(&entry->list);
		kstruct_call_rcu(&entry->rcu, sctp_sockaddr_entry_free_rcu);
	}
}

/* Copy one address of @src's list into @dest (2.5.33 sctp_copy_one_addr). */
static int sctp_copy_one_addr(struct sctp_bind_addr *dest,
			      const union sctp_addr *addr,
			      enum sctp_scope scope, unsigned int gfp,
			      int flags)
{
	if (sctp_is_any(addr))
		return sctp_copy_local_addr_list(dest, scope, gfp, flags);
	if (!sctp_in_scope(addr, scope) || !sctp_addr_allowed(addr, flags))
		return 0;
	return sctp_add_bind_addr(dest, addr, gfp);
}

/**
 * sctp_bind_addr_copy() - the addresses of @src usable towards a peer
 * @dest: an empty list to fill; its port becomes @src's
 * @src: the endpoint's bind address list
 * @scope: the scope of the peer address
 * @gfp: allocation flags
 * @flags: SCTP_ADDR6_ALLOWED, SCTP_ADDR4_PEERSUPP, SCTP_ADDR6_PEERSUPP
 *	(sctp_addr_allowed())
 *
 * Walks @src in order; a wildcard entry expands to this host's addresses
 * (sctp_copy_local_addr_list()), other entries are copied when in scope
 * and of an allowed family.
 *
 * Context: @dest is not yet visible to readers; the caller serialises
 * writers of @src (the socket lock: @src is walked without RCU).
 * Return: 0 or -ENOMEM; on error @dest is left empty.
 */
int sctp_bind_addr_copy(struct sctp_bind_addr *dest,
			const struct sctp_bind_addr *src, enum sctp_scope scope,
			unsigned int gfp, int flags)
{
	struct sctp_sockaddr_entry *addr;
	int error = 0;

	dest->port = src->port;
	list_for_each_entry(addr, &src->address_list, list) {
		error = sctp_copy_one_addr(dest, &addr->a, scope, gfp, flags);
		if (error < 0)
			goto out_clean;
	}
	return 0;

out_clean:
	sctp_bind_addr_clean(dest);
	return error;
}

/**
 * sctp_bind_addr_has_addr() - whether a list holds an address
 * @bp: the list
 * @addr: the address; a wildcard on either side matches, ports must match
 *
 * Context: any; walks the list under rcu_read_lock() (a thread reading
 * concurrently with writers must be registered with liburcu).
 * Return: 1 when present, 0 otherwise.
 */
int sctp_bind_addr_has_addr(struct sctp_bind_addr *bp,
			    const union sctp_addr *addr)
{
	struct sctp_sockaddr_entry *entry;
	int found = 0;

	kstruct_rcu_read_lock();
	list_for_each_entry_rcu(entry, &bp->address_list, list) {
		if (sctp_cmp_addr(&entry->a, addr)) {
			found = 1;
			break;
		}
	}
	kstruct_rcu_read_unlock();
	return found;
}

/**
 * sctp_bind_addrs_to_raw() - encode a list as address parameters
 * @bp: the list
 * @raw: where the allocated buffer is returned (NULL for an empty list)
 * @gfp: allocation flags
 *
 * Every entry, in list order, becomes an IPv4 (type 5, length 8) or IPv6
 * (type 6, length 20) address parameter; ports are not encoded.
 *
 * Context: the caller serialises writers of @bp (it is walked twice,
 * without RCU, and both walks must see the same list).
 * Return: the buffer's length in bytes, or -ENOMEM (then *@raw is NULL).
 */
int sctp_bind_addrs_to_raw(const struct sctp_bind_addr *bp, uint8_t **raw,
			   unsigned int gfp)
{
	struct sctp_sockaddr_entry *addr;
	struct sctp_af *af;
	uint8_t *buf;
	int len = 0, pos = 0;

	*raw = NULL;
	list_for_each_entry(addr, &bp->address_list, list) {
		af = sctp_get_af_specific(addr->a.sa.sa_family);
		BUG_ON(!af); /* sctp_add_bind_addr() let no other in */
		len += af->param_len;
	}
	if (!len)
		return 0;
	buf = kmalloc(len, gfp);
	if (!buf)
		return -ENOMEM;
	list_for_each_entry(addr, &bp->address_list, list) {
		af = sctp_get_af_specific(addr->a.sa.sa_family);
		pos += af->to_addr_param(&addr->a, buf + pos);
	}
	BUG_ON(pos != len);
	*raw = buf;
	return len;
}

/**
 * sctp_raw_to_bind_addrs() - decode address parameters into a list
 * @bp: the list to append to
 * @raw: address parameters, each IPv4 (5, length 8) or IPv6 (6, length 20)
 * @addrs_len: bytes at @raw
 * @port: the port to give every address, host order
 * @gfp: allocation flags
 *
 * Context: @bp is not yet visible to readers.
 * Return: 0; -EINVAL for a malformed list (fewer than 4 bytes left for a
 * header, a length below 4 or longer than what remains, an IPv4 length
 * other than 8, an IPv6 length other than 20, any other parameter type);
 * -ENOMEM.  On any error @bp is left empty.
 */
int sctp_raw_to_bind_addrs(struct sctp_bind_addr *bp, const uint8_t *raw,
			   int addrs_len, uint16_t port, unsigned int gfp)
{
	struct sctp_paramhdr hdr;
	union sctp_addr addr;
	struct sctp_af *af;
	unsigned int plen;
	int error = -EINVAL;

	if (addrs_len < 0)
		goto out_err;
	while (addrs_len > 0) {
		if (addrs_len < (int)sizeof(hdr))
			goto out_err;
		memcpy(&hdr, raw, sizeof(hdr));
		plen = ntohs(hdr.length);
		if (plen < sizeof(hdr) || plen > (unsigned int)addrs_len)
			goto out_err;
		af = sctp_param_type2af(ntohs(hdr.type));
		if (!af || plen != af->param_len) {
			error = -EINVAL;
			goto out_err;
		}
		memset(&addr, 0, sizeof(addr));
		af->from_addr_param(&addr, raw, port);
		error = sctp_add_bind_addr(bp, &addr, gfp);
		if (error)
			goto out_err;
		error = -EINVAL;
		/* address parameters are multiples of 4: no padding */
		raw += plen;
		addrs_len -= plen;
	}
	return 0;

out_err:
	sctp_bind_addr_clean(bp);
	return error;
}

/**
 * sctp_bind_addr_check() - verify a bind address list completely
 * @bp: the list
 *
 * The ring is sound, and every entry is AF_INET or AF_INET6.  Reports
 * the first violation through the check handler with the caller's
 * file:line (compat/check.h); never aborts.  A NULL @bp is reported as
 * such.
 *
 * Context: no writer runs concurrently.
 * Return: true when sound.
 */
bool (sctp_bind_addr_check)(const struct sctp_bind_addr *bp)
{
	const struct sctp_sockaddr_entry *entry;
	unsigned int n = 0;

	if (!bp)
		return check_fail("no bind address list (NULL)");
	if (!list_check(&bp->address_list))
		return false;
	list_for_each_entry(entry, &bp->address_list, list) {
		n++;
		if (!sctp_get_af_specific(entry->a.sa.sa_family))
			return check_fail("address %u: family %d", n,
					  (int)entry->a.sa.sa_family);
	}
	return true;
}
